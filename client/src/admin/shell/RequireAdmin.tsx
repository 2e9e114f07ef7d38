import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { ErrorState } from '../../components/States'
import { asAdminError, useGetMeQuery } from '../api'
import { ADMIN, hasAny } from '../permissions'
import { useAdminSession } from '../session'
import type { Permission } from '../types'
import { AccessDenied } from '../ui'
import AdminLayout from './AdminLayout'
import { AdminBoot } from './AdminBoot'

/** What the login page is told by the guard that sent the admin there. */
export interface LoginState {
  /** Where to go after logging in. */
  from?: string
  /** Why the admin is here: the server ended the session, or they logged out. */
  ended?: 'expired' | 'logout' | null
}

/**
 * The signed-in part of the back office: without a session token, the login page (remembering where the admin was
 * going); with one, GET me (roles and permissions), then the layout. A token the server refuses ends the session in
 * the base query, which brings the admin back here and so to the login page with "Your admin session ended".
 */
export default function RequireAdmin() {
  const { token, ended } = useAdminSession()
  const location = useLocation()
  const me = useGetMeQuery(undefined, { skip: !token })
  if (!token) {
    const state: LoginState = { ended, from: ended === 'logout' ? undefined : location.pathname + location.search }
    return <Navigate to={ADMIN.login} replace state={state} />
  }
  if (!me.data && (me.isLoading || me.isFetching || me.isUninitialized)) return <AdminBoot />
  if (!me.data) {
    return (
      <div className="admin-boot">
        <ErrorState message={asAdminError(me.error)?.message} onRetry={() => void me.refetch()} />
      </div>
    )
  }
  return <AdminLayout me={me.data} />
}

/** A screen only some roles may use: others see "You do not have access to this page" (the server refuses them anyway). */
export function Guard({ anyOf, children }: { anyOf: readonly Permission[]; children: ReactNode }) {
  const { data: me } = useGetMeQuery()
  return hasAny(me, anyOf) ? <>{children}</> : <AccessDenied />
}
