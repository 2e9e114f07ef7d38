import { useEffect, useLayoutEffect } from 'react'
import { ScrollRestoration, useLocation } from 'react-router'
import { ToastContainer } from 'react-toastify'
import Preloader from '../../components/Preloader'
import { useAppDispatch, useAppSelector } from '../hooks'
import { loadCommonDataOnce } from '../../features/common/loader'
import { selectTokenAction, setTokenAction } from '../../entities/account'
import { useContextMenuBlock } from '../shell/useContextMenuBlock'
import { usePreloader } from '../shell/usePreloader'
import { usePageViews } from '../shell/usePageViews'
import { useHashScroll } from '../shell/useHashScroll'
import { useSession } from '../shell/useSession'
import { TOKEN_ACTION_ROUTES } from '../routes'
import { TOAST_OPTIONS } from '../notify'
import MainLayout from './MainLayout'
import MinimalLayout from './MinimalLayout'

/** The root route: shell behaviours, then one of two layouts chosen by the tokenAction flag (spec §2). */
export default function RootLayout() {
  const dispatch = useAppDispatch()
  const { pathname } = useLocation()
  const onTokenActionPage = TOKEN_ACTION_ROUTES.includes(pathname)
  // The flag follows the e-mailed-link pages; reading the path too avoids one frame of the wrong layout.
  const tokenAction = useAppSelector(selectTokenAction) || onTokenActionPage
  const { visible, busy } = usePreloader()
  useContextMenuBlock()
  usePageViews()
  useHashScroll()
  useSession()

  useLayoutEffect(() => {
    dispatch(setTokenAction(onTokenActionPage))
  }, [dispatch, onTokenActionPage])

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
