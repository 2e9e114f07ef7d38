import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { vi } from 'vitest'
import { makeStore } from '../app/store'
import { describeFetch, jsonResponse } from '../test/utils'
import AdminApp from './AdminApp'
import { ADMIN_TOKEN_KEY, resetAdminSessionForTests } from './session'
import type { Me, Permission } from './types'

/** One request the fake admin API saw. */
export interface AdminCall {
  method: string
  /** The path under /api/admin/ ("members/TFM1/suspend"). */
  path: string
  /** The query string's parameters. */
  query: Record<string, string>
  body: Record<string, unknown> | null
  auth: string | null
}

/** Answers a call, or passes it on with undefined. */
export type AdminHandler = (call: AdminCall) => Response | undefined | Promise<Response | undefined>

/** A 200 envelope around data. */
export const okData = (data: unknown) => jsonResponse({ meta: { code: 200, message: 'OK' }, data })

/** An error envelope (status as meta.code), with 422 field errors and extra headers (Retry-After). */
export function failWith(status: number, message: string, errors?: Record<string, string>, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ meta: { code: status, message }, data: errors ? { errors } : null }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** A handler for one method and path (a string for exactly that path, or a pattern). */
export function on(method: string, path: string | RegExp, answer: (call: AdminCall) => Response | Promise<Response>): AdminHandler {
  return (call) => {
    if (call.method !== method) return undefined
    const hit = typeof path === 'string' ? call.path === path : path.test(call.path)
    return hit ? answer(call) : undefined
  }
}

/**
 * Replaces fetch with a fake /api/admin made of handlers (an unanswered call fails the test) and records every call.
 * Undo with vi.restoreAllMocks().
 */
export function fakeAdminServer(...handlers: AdminHandler[]) {
  const calls: AdminCall[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const url = new URL(req.url)
    const path = url.pathname.replace(/^\/api\/admin\//, '')
    const body = req.method === 'GET' ? null : ((await req.body().catch(() => null)) as Record<string, unknown> | null)
    const call: AdminCall = { method: req.method, path, query: Object.fromEntries(url.searchParams), body, auth: req.auth }
    calls.push(call)
    for (const h of handlers) {
      const res = await h(call)
      if (res) return res
    }
    throw new Error(`unexpected call ${req.method} ${url.pathname}${url.search}`)
  })
  return calls
}

/** The default roles' permissions (contract: least privilege). */
export const ROLE_PERMISSIONS: Record<string, Permission[]> = {
  moderator: ['members:read', 'members:view', 'members:suspend', 'members:ban', 'members:hide', 'photos:delete', 'proofs:read', 'proofs:view', 'proofs:verify', 'reports:read', 'reports:view', 'reports:act'],
  content: ['blogs:write', 'stories:write', 'faq:write', 'pages:write'],
  finance: ['plans:write', 'coupons:write', 'payments:read', 'invoices:read'],
  support: ['members:read', 'members:view', 'contact:read', 'contact:write'],
}
ROLE_PERMISSIONS.superadmin = [
  ...new Set([...Object.values(ROLE_PERMISSIONS).flat(), 'settings:write', 'maintenance:write', 'admins:manage', 'audit:read'] as Permission[]),
]

/** An admin with one role. */
export function adminWith(role: string, id = 7): Me {
  return { id, email: `${role}@tfm.test`, name: `Asha ${role}`, roles: [role], permissions: ROLE_PERMISSIONS[role] }
}

/** GET me answering as this admin. */
export const meHandler = (me: Me) => on('GET', 'me', () => okData(me))

/**
 * Renders the back office at entry (an /admin/… path) with a fresh store; signedIn puts a session token in
 * sessionStorage first, as a login in this tab would have. Any path outside /admin shows "elsewhere".
 */
export function renderAdmin(entry: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) sessionStorage.setItem(ADMIN_TOKEN_KEY, 'session-token')
  resetAdminSessionForTests()
  const store = makeStore()
  const router = createMemoryRouter(
    [
      { path: '/admin/*', Component: AdminApp },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  )
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router, ...view }
}

/** Leaves no admin session for the next test (renderAdmin reads sessionStorage again). */
export function clearAdminSession() {
  sessionStorage.clear()
}
