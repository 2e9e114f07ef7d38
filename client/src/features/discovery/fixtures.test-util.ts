import type { MatchCard, MatchPage, SavedSearch } from '../../entities/member'
import type { Handler, SeenCall } from '../../test/fakeServer'
import { matchCard } from '../../test/members'
import { ok } from '../../test/utils'

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

/** Saved searches held by the fake server: GET lists them, save adds one, delete removes one. */
export function savedSearches(initial: SavedSearch[] = []): Handler {
  let items = [...initial]
  return (c: SeenCall) => {
    if (c.method === 'GET' && c.path === 'profile/search/saved') return ok({ items })
    if (c.method === 'POST' && c.path === 'profile/search/save') {
      const s = { id: 50 + items.length, createdAt: new Date().toISOString(), ...(c.body as Omit<SavedSearch, 'id' | 'createdAt'>) }
      items = [s, ...items]
      return ok(s)
    }
    const del = c.method === 'PATCH' && /^profile\/search\/delete\/(\d+)$/.exec(c.path)
    if (del) {
      items = items.filter((s) => s.id !== Number(del[1]))
      return ok(null)
    }
    return undefined
  }
}

/** Search answers (basic, advance and saved searches): two cards unless `answer` says otherwise. */
export function searches(answer: (c: SeenCall) => Response = () => ok({ items: [matchCard(1), matchCard(2)], total: 2, totalCapped: false, cursor: null })): Handler {
  return (c: SeenCall) => (c.method === 'POST' && (c.path === 'profile/search' || c.path === 'profile/advance-search' || c.path.startsWith('profile/search-matchs/')) ? answer(c) : undefined)
}
