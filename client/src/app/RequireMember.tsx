import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useAppSelector } from './hooks'
import { selectIsLoggedIn } from '../features/account/accountSlice'

/** Where a visitor is sent, keeping the page they asked for. */
export function loginRedirect(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(pathname + search)}`
}

/** Member-only routes: a visitor is redirected to /login?next=<original path+query>. */
export default function RequireMember({ children }: { children?: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const location = useLocation()
  if (!isLoggedIn) return <Navigate to={loginRedirect(location.pathname, location.search)} replace />
  return children ?? <Outlet />
}
