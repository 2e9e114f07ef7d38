import { useEffect } from 'react'
import { ScrollRestoration } from 'react-router'
import { ToastContainer } from 'react-toastify'
import Preloader from '../../components/Preloader'
import { useAppDispatch, useAppSelector } from '../hooks'
import { loadCommonDataOnce } from '../../features/common/loader'
import { selectTokenAction } from '../../features/account/accountSlice'
import { useContextMenuBlock } from '../shell/useContextMenuBlock'
import { usePreloader } from '../shell/usePreloader'
import { usePageViews } from '../shell/usePageViews'
import { useHashScroll } from '../shell/useHashScroll'
import { TOAST_OPTIONS } from '../notify'
import MainLayout from './MainLayout'
import MinimalLayout from './MinimalLayout'

/** The root route: shell behaviours, then one of two layouts chosen by the tokenAction flag (spec §2). */
export default function RootLayout() {
  const dispatch = useAppDispatch()
  const tokenAction = useAppSelector(selectTokenAction)
  const { visible, busy } = usePreloader()
  useContextMenuBlock()
  usePageViews()
  useHashScroll()

  useEffect(() => {
    dispatch(loadCommonDataOnce())
  }, [dispatch])

  return (
    <>
      <Preloader visible={visible} busy={busy} />
      {tokenAction ? <MinimalLayout /> : <MainLayout />}
      <ToastContainer position="top-center" autoClose={TOAST_OPTIONS.autoClose} theme={TOAST_OPTIONS.theme} draggable={TOAST_OPTIONS.draggable} newestOnTop limit={3} />
      <ScrollRestoration getKey={(loc) => loc.pathname + loc.search} />
    </>
  )
}
