import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { vi } from 'vitest'
import { Provider } from 'react-redux'
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { makeStore } from '../app/store'
import type { RootState } from '../app/store'

/** Renders a tree with a fresh store and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/', preloadedState }: { path?: string; preloadedState?: Partial<RootState> } = {}) {
  const store = makeStore(preloadedState)
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  )
  return { store, ...result }
}

/**
 * Renders screens at their paths in a memory router opened at `entry`, with a fresh store (preloadedState, e.g. a
 * signed-in account, when given); any other path shows "elsewhere", so a test can see a screen navigate away.
 * Returns the store and the router (its location, navigate).
 */
export function renderRoutes(routes: RouteObject[], entry: string, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState)
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [entry] })
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router }
}

/** A JSON Response as fetch would return it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A 200 envelope around data. */
export const ok = (data: unknown) => jsonResponse({ meta: { code: 200, message: 'OK' }, data })

/** An error envelope with the HTTP status as meta.code, and field errors for a 422. */
export const fail = (status: number, message: string, errors?: Record<string, string>) =>
  jsonResponse({ meta: { code: status, message }, data: errors ? { errors } : null }, status)

/** A deferred promise, to hold an answer back while the test looks at the screen. */
export function deferred() {
  let release!: () => void
  const promise = new Promise<void>((r) => (release = r))
  return { promise, release }
}

export { Route, Routes }

/** A fake JWT whose payload carries the given claims (the client only reads them; the server checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`
}

/** The headers and URL of a fetch call, whichever form fetchBaseQuery or plain fetch used. */
export function describeFetch(input: RequestInfo | URL, init?: RequestInit): { url: string; method: string; auth: string | null; body: () => Promise<unknown> } {
  if (input instanceof Request) {
    return { url: input.url, method: input.method, auth: input.headers.get('Authorization'), body: () => input.clone().json() }
  }
  const headers = new Headers(init?.headers)
  return { url: String(input), method: init?.method ?? 'GET', auth: headers.get('Authorization'), body: async () => JSON.parse(String(init?.body ?? 'null')) }
}

/** Lets pending promises and timers of 0 ms run. */
export async function settle(rounds = 10) {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0))
}

/**
 * Replaces fetch with answer (by default a 200 envelope) and records the URL and method of every call, and in
 * `bodies` the JSON body of each call that had one; undo with vi.unstubAllGlobals().
 */
export function recordFetch(answer: (url: string, method: string) => Response = () => jsonResponse({ meta: { code: 200, message: 'OK' }, data: null })) {
  // bodies is not enumerable, so toEqual on the calls compares only URLs and methods.
  const calls = Object.defineProperty([] as { url: string; method: string }[], 'bodies', { value: [], enumerable: false }) as {
    url: string
    method: string
  }[] & { bodies: unknown[] }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const d = describeFetch(input, init)
      calls.push({ url: d.url, method: d.method })
      if (d.method !== 'GET') calls.bodies.push(await d.body().catch(() => null))
      return answer(d.url, d.method)
    }),
  )
  return calls
}
