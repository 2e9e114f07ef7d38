import type { ReactNode } from 'react'
import { Navigate, Outlet, useSearchParams } from 'react-router'
import { useAppSelector } from './hooks'
import { selectIsLoggedIn } from '../entities/account'
import { ROUTES } from './routes'

/** Only same-site paths are accepted as a destination (no //host, no schemes). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  return next
}

/** Visitor-only routes (/login, /register): a signed-in member goes to ?next= when given, else to /my-matrimony. */
export default function RequireVisitor({ children }: { children?: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const [params] = useSearchParams()
  if (isLoggedIn) return <Navigate to={safeNext(params.get('next')) ?? ROUTES.myMatrimony} replace />
  return children ?? <Outlet />
}
