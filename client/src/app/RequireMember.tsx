import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useAppSelector } from './hooks'
import { selectIsLoggedIn, selectSignedOut } from '../entities/account'
import { ROUTES } from './routes'

/** Where a visitor is sent, keeping the page they asked for. */
export function loginRedirect(pathname: string, search: string): string {
  return `${ROUTES.login}?next=${encodeURIComponent(pathname + search)}`
}

/**
 * Member-only routes: a visitor is redirected to /login?next=<original path+query>, and comes back after login.
 * Right after the member logs out (or deletes the account) nothing renders: whoever logged out navigates on.
 */
export default function RequireMember({ children }: { children?: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const signedOut = useAppSelector(selectSignedOut)
  const location = useLocation()
  if (!isLoggedIn) return signedOut ? null : <Navigate to={loginRedirect(location.pathname, location.search)} replace />
  return children ?? <Outlet />
}
