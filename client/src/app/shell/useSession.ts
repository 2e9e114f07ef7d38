import { useEffect } from 'react'
import { useStore } from 'react-redux'
import { REFRESH_TOKEN_KEY, TOKEN_KEY, sessionEnded, tokenStore, tokensRefreshed } from '../../api/session'
import { useAppDispatch, useAppSelector } from '../hooks'
import type { RootState } from '../store'
import { selectIsLoggedIn, selectReloadProfile, sessionStarted, setReloadProfile, useGetProfileQuery } from '../../entities/account'

/**
 * Keeps the member session alive in the shell: loads GET profile once logged in (also for a session restored
 * from the stored token, spec §4), reloads it when reloadProfile is set, and follows logins, logouts and token
 * refreshes made in other tabs of the same browser.
 */
export function useSession() {
  const dispatch = useAppDispatch()
  const store = useStore<RootState>()
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const reloadProfile = useAppSelector(selectReloadProfile)
  const { refetch, isFetching } = useGetProfileQuery(undefined, { skip: !isLoggedIn, refetchOnMountOrArgChange: true })

  useEffect(() => {
    // RTK Query drops a refetch while the same query is in flight, and the
    // request in flight may predate the change (the profile load of a page
    // opened from an activation link races the activation): wait for it to
    // end, then load again.
    if (!reloadProfile || (isLoggedIn && isFetching)) return
    dispatch(setReloadProfile(false))
    if (isLoggedIn) void refetch()
  }, [reloadProfile, isLoggedIn, isFetching, refetch, dispatch])

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.key !== TOKEN_KEY && e.key !== REFRESH_TOKEN_KEY) return
      const token = tokenStore.token()
      const { account } = store.getState()
      if (!token) {
        if (account.isLoggedIn) dispatch(sessionEnded())
      } else if (!account.isLoggedIn) {
        dispatch(sessionStarted({ token }))
      } else if (token !== account.token) {
        dispatch(tokensRefreshed({ token, refreshToken: tokenStore.refreshToken() ?? '' }))
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [dispatch, store])
}
