import { vi } from 'vitest'
import { describeFetch } from './utils'

/** One request the fake server saw: its method, its path under /api/v1/ and its JSON body (null for GET). */
export interface SeenCall {
  method: string
  path: string
  body: Record<string, unknown> | null
}

/** Answers a call, or passes it on with undefined. */
export type Handler = (call: SeenCall) => Response | undefined | Promise<Response | undefined>

/**
 * Replaces fetch with a fake /api/v1: each handler may answer a call (by method and path, with its JSON body) or
 * pass it on; an unanswered call fails the test. Returns every call seen. Undo with vi.restoreAllMocks().
 */
export function fakeServer(...handlers: Handler[]) {
  const calls: SeenCall[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const url = new URL(req.url)
    const path = url.pathname.replace(/^\/api\/v1\//, '')
    const body = req.method === 'GET' ? null : ((await req.body().catch(() => null)) as Record<string, unknown> | null)
    const call = { method: req.method, path, body }
    calls.push(call)
    for (const h of handlers) {
      const res = await h(call)
      if (res) return res
    }
    throw new Error(`unexpected call ${req.method} ${path}`)
  })
  return calls
}
