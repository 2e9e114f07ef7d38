import { vi } from 'vitest'
import type { MatchCard, MatchPage } from '../../entities/member'
import { describeFetch, jsonResponse } from '../../test/utils'

/** A match card for tests: a bride from Kochi unless `over` says otherwise. */
export function matchCard(n: number, over: Partial<MatchCard> = {}): MatchCard {
  const id = `TM20000${String(n).padStart(2, '0')}`
  return {
    profileID: id,
    userName: `Member ${n}`,
    gender: 20,
    age: 27,
    heightCm: 160,
    height: '5 ft 3 in (160 cm)',
    maritalStatus: 'never_married',
    community: 'Syro-Malabar Catholic',
    motherTongue: 'Malayalam',
    degree: 'B.Sc. Nursing',
    profession: 'Nurse',
    city: 'Kochi',
    state: 'Kerala',
    photos: [{ imagePath: '/media/photos/aa/', images: { small: `${id}_small.jpg?g=sig`, large: `${id}_large.jpg?g=sig` }, isDefault: true }],
    photosProtected: false,
    badges: [],
    why: { mine: [], theirs: [] },
    isNew: false,
    activeWithin: 'earlier',
    ...over,
  }
}

/** A 200 envelope. */
export const ok = (data: unknown) => jsonResponse({ meta: { code: 200, message: 'OK' }, data })

/** An error envelope with the HTTP status as meta.code, and field errors for a 422. */
export const fail = (status: number, message: string, errors?: Record<string, string>) =>
  jsonResponse({ meta: { code: status, message }, data: errors ? { errors } : null }, status)

/** One request the fake server saw. */
export interface SeenCall {
  method: string
  path: string
  body: Record<string, unknown> | null
}

type Handler = (call: SeenCall) => Response | undefined | Promise<Response | undefined>

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

/**
 * A paged list at `path` (POST): pages of `size` cards, the cursor being the index of the next card as text; a
 * card the member hides (POST profile/dont-show/{id}) leaves it. `capped` reports the total as capped.
 */
export function pagedList(
  path: string,
  cards: MatchCard[],
  { size = 10, capped = false, notice = undefined as MatchPage['notice'] } = {},
): Handler & { cards: MatchCard[] } {
  const state = Object.assign(
    (call: SeenCall) => {
      if (call.method === 'POST' && call.path.startsWith('profile/dont-show/')) {
        const id = decodeURIComponent(call.path.slice('profile/dont-show/'.length))
        state.cards = state.cards.filter((c) => c.profileID !== id)
        return ok(null)
      }
      if (call.method !== 'POST' || call.path !== path) return undefined
      const start = Number(call.body?.cursor ?? 0)
      const items = state.cards.slice(start, start + size)
      const next = start + size < state.cards.length ? String(start + size) : null
      const page: MatchPage = { items, total: capped ? 1000 : state.cards.length, totalCapped: capped, cursor: next, notice }
      return ok(page)
    },
    { cards: [...cards] },
  )
  return state
}

/** A deferred promise, to hold an answer back while the test looks at the screen. */
export function deferred() {
  let release!: () => void
  const promise = new Promise<void>((r) => (release = r))
  return { promise, release }
}
