import type { ReactNode } from 'react'
import { Navigate, Outlet, useSearchParams } from 'react-router'
import { useAppSelector } from './hooks'
import { selectIsLoggedIn } from '../entities/account'
import { planUpgradePath, plainPlanName } from '../lib/planLinks'
import { ROUTES } from './routes'

/** Only same-site paths are accepted as a destination (no //host, no schemes). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  return next
}

/**
 * Where a member who has just signed in or registered goes: ?next= (a same-site path), else the checkout of
 * ?plan= (a plain plan name, chosen on /plans before registering), else /my-matrimony.
 */
export function afterSignIn(params: URLSearchParams): string {
  const next = safeNext(params.get('next'))
  if (next) return next
  const plan = plainPlanName(params.get('plan'))
  return plan ? planUpgradePath(plan) : ROUTES.myMatrimony
}

/** Visitor-only routes (/login, /register): a signed-in member goes to ?next=, or the checkout of ?plan=, else to /my-matrimony. */
export default function RequireVisitor({ children }: { children?: ReactNode }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const [params] = useSearchParams()
  if (isLoggedIn) return <Navigate to={afterSignIn(params)} replace />
  return children ?? <Outlet />
}
