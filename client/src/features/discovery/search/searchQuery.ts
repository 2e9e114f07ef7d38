import { ROUTES } from '../../../app/routes'
import { compactFilter } from '../../../entities/member'
import type { SearchFilter, SearchKind, SearchSort } from '../../../entities/member'

/** The fields of each form, in the order of the query string. */
const NUMBER_FIELDS = ['ageMin', 'ageMax', 'heightMin', 'heightMax'] as const
const ID_LIST_FIELDS = ['community', 'motherTongue', 'state', 'city'] as const
const TEXT_LIST_FIELDS = ['maritalStatus'] as const
const FLAG_FIELDS = ['withPhoto'] as const
const ADVANCE_ID_LISTS = ['education', 'profession'] as const
const ADVANCE_TEXT_LISTS = ['diet', 'smoking', 'drinking'] as const
const ADVANCE_TEXTS = ['incomeMin', 'incomeMax', 'diocese', 'profileId'] as const
const ADVANCE_FLAGS = ['verifiedOnly', 'activeWithin30'] as const

/** The orders a search offers, with their words. */
export const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'lastActive', label: 'Last active' },
]

/** The page of each search form. */
export const SEARCH_PATH: Record<SearchKind, string> = { basic: ROUTES.searchBasic, advance: ROUTES.searchAdvance }

/** Older links (the home page's first search box) named the ages ageFrom and ageTo. */
const ALIASES: Record<string, string> = { ageFrom: 'ageMin', ageTo: 'ageMax' }

const positive = (raw: string | null): number | undefined => {
  const n = Number(raw)
  return raw && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined
}

const ids = (raw: string | null): number[] =>
  (raw ?? '')
    .split(',')
    .map((v) => Number(v))
    // 0 is the "All" of the states list (spec §3): no choice.
    .filter((n) => Number.isInteger(n) && n > 0)

const texts = (raw: string | null): string[] =>
  (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

const flag = (raw: string | null) => raw === '1' || raw === 'true'

/**
 * Reads a search from a query string, so a link (the home page's box, a saved search, a reload) opens real results.
 * Only the fields of `kind` are read; unknown and empty parameters are ignored, and the sort defaults to relevance.
 */
export function parseSearch(params: URLSearchParams, kind: SearchKind): SearchFilter {
  const get = (key: string) => {
    const v = params.get(key)
    if (v !== null) return v
    const alias = Object.keys(ALIASES).find((a) => ALIASES[a] === key)
    return alias ? params.get(alias) : null
  }
  const f: Record<string, unknown> = {}
  for (const k of NUMBER_FIELDS) f[k] = positive(get(k))
  for (const k of ID_LIST_FIELDS) f[k] = ids(get(k))
  for (const k of TEXT_LIST_FIELDS) f[k] = texts(get(k))
  for (const k of FLAG_FIELDS) f[k] = flag(get(k))
  const sort = get('sort')
  f.sort = SORTS.some((s) => s.value === sort) ? sort : 'relevance'
  if (kind === 'advance') {
    for (const k of ADVANCE_ID_LISTS) f[k] = ids(get(k))
    for (const k of ADVANCE_TEXT_LISTS) f[k] = texts(get(k))
    for (const k of ADVANCE_TEXTS) f[k] = (get(k) ?? '').trim() || undefined
    for (const k of ADVANCE_FLAGS) f[k] = flag(get(k))
  }
  return { ...compactFilter(f as SearchFilter), sort: f.sort as SearchSort }
}

/** Writes a search as query parameters: lists comma-separated, flags as 1, empty fields left out; the sort always. */
export function searchParams(filter: SearchFilter, extra: Record<string, string> = {}): URLSearchParams {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(compactFilter(filter))) {
    if (Array.isArray(v)) q.set(k, v.join(','))
    else if (v === true) q.set(k, '1')
    else q.set(k, String(v))
  }
  // Always there, so that a search with no filters is still a search in the address bar.
  if (!q.has('sort')) q.set('sort', 'relevance')
  for (const [k, v] of Object.entries(extra)) q.set(k, v)
  return q
}

/** The address of a search's results, e.g. "/search/basic?ageMin=25&ageMax=30&community=3&sort=relevance". */
export function searchHref(kind: SearchKind, filter: SearchFilter, extra?: Record<string, string>): string {
  return `${SEARCH_PATH[kind]}?${searchParams(filter, extra).toString()}`
}

/** The saved search the address runs (?saved=ID), if any. */
export function savedSearchId(params: URLSearchParams): number | undefined {
  return positive(params.get('saved'))
}
