import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react'
import type { Dispatch } from '@reduxjs/toolkit'
import { SESSION_EXPIRED_MESSAGE, sessionEnded, tokenStore, tokensRefreshed } from './session'
import { announceMaintenance } from './maintenance'

/** The response envelope every /api/v1 call uses. */
export interface Envelope<T> {
  meta: { code: number; message: string }
  data: T
}

/** What every failed call becomes, whatever went wrong. */
export interface ApiError {
  /** HTTP status, or a string for network/parse failures. */
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR' | 'ENVELOPE_ERROR'
  /** meta.code from the envelope when there was one. */
  code?: number
  /** User-facing text: meta.message, else a generic message. */
  message: string
  /** Field errors of a 422 answer. */
  fieldErrors?: Record<string, string>
}

/** Same origin; absolute so that it also works where fetch needs a full URL (tests). */
const BASE_URL = (typeof window !== 'undefined' ? window.location.origin : '') + '/api/v1/'

const rawBaseQuery = fetchBaseQuery({
  baseUrl: BASE_URL,
  prepareHeaders: (headers) => {
    const token = tokenStore.token()
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
    return headers
  },
})

/** Whether a parsed body is the /api/v1 envelope. */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'meta' in value && typeof (value as Envelope<unknown>).meta?.code === 'number'
}

const GENERIC = 'Something went wrong. Please try again.'

/** Turns an HTTP/envelope failure into an ApiError. */
export function toApiError(status: ApiError['status'], body: unknown): ApiError {
  if (status === 'FETCH_ERROR') return { status, message: 'We could not reach the server. Please check your connection.' }
  if (status === 429) {
    const msg = isEnvelope(body) && body.meta.message ? body.meta.message : 'Too many requests. Please wait a minute and try again.'
    return { status, code: isEnvelope(body) ? body.meta.code : undefined, message: msg }
  }
  if (isEnvelope(body)) {
    const data = body.data as { errors?: Record<string, string> } | null
    return {
      status,
      code: body.meta.code,
      message: body.meta.message || GENERIC,
      fieldErrors: data && typeof data === 'object' && data.errors ? data.errors : undefined,
    }
  }
  return { status, message: GENERIC }
}

/** Fetch meta plus the envelope's meta, so mutations can show meta.message. */
export type EnvelopeMeta = FetchBaseQueryMeta & { envelope?: Envelope<unknown>['meta'] }

/** Unwraps the envelope: only meta.code 200 is a success; anything else is an ApiError. */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, EnvelopeMeta> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra)
  if (result.error) {
    const e = result.error
    const status = typeof e.status === 'number' ? e.status : e.status === 'FETCH_ERROR' ? 'FETCH_ERROR' : 'PARSE_ERROR'
    const body = 'data' in e ? e.data : undefined
    const error = toApiError(status, body)
    announceMaintenance(error.status, error.message)
    return { error, meta: result.meta }
  }
  const body = result.data
  if (!isEnvelope(body)) return { error: { status: 'ENVELOPE_ERROR', message: GENERIC }, meta: result.meta }
  // Some answers are an envelope with a non-200 meta.code on HTTP 200: still an error.
  if (body.meta.code !== 200) return { error: toApiError(result.meta?.response?.status ?? 'ENVELOPE_ERROR', body), meta: result.meta }
  return { data: body.data, meta: result.meta ? { ...result.meta, envelope: body.meta } : undefined }
}

/** meta.code of a genuine but expired access token (HTTP 400), spec §8. */
export const TOKEN_EXPIRED_CODE = 1005

/** auth/* calls never refresh or end a session: there a 401 means wrong credentials. */
function isAuthCall(args: string | FetchArgs): boolean {
  const url = typeof args === 'string' ? args : args.url
  return url.replace(/^\//, '').startsWith('auth/')
}

/** How a refresh ended: new tokens, the session is over, or a passing failure (network, 429, 5xx). */
export type RefreshOutcome = 'ok' | 'ended' | 'failed'

/** The one refresh in flight; every request that needs it waits on this promise. */
let refreshing: Promise<RefreshOutcome> | null = null

/** Runs fn under a cross-tab lock when the browser has Web Locks, so two tabs never rotate the same refresh token. */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined
  return locks ? (locks.request('tfm-token-refresh', fn) as unknown as Promise<T>) : fn()
}

/** The viewer grant the latest refresh brought (see tokensRefreshed). */
let freshPhotoGrant: string | undefined

/** POST auth/exchange-token with the stored refresh token; stores the rotated pair. */
async function exchangeToken(usedToken: string): Promise<RefreshOutcome> {
  // An earlier refresh (or another tab) already replaced the token this request used: just retry.
  const current = tokenStore.token()
  if (current && current !== usedToken) return 'ok'
  const refreshToken = tokenStore.refreshToken()
  if (!refreshToken) return 'ended'
  let res: Response
  try {
    // Plain fetch: the refresh must not be aborted with whichever request happened to start it.
    res = await fetch(BASE_URL + 'auth/exchange-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    })
  } catch {
    return 'failed'
  }
  const body: unknown = await res.json().catch(() => null)
  if (res.ok && isEnvelope(body) && body.meta.code === 200) {
    const d = body.data as { token?: string; refreshToken?: string; photoGrant?: string } | null
    // Refresh tokens rotate: the new one replaces the old, which is now spent.
    if (d?.token && d.refreshToken) {
      tokenStore.save({ token: d.token, refreshToken: d.refreshToken })
      freshPhotoGrant = d.photoGrant
      return 'ok'
    }
  }
  return res.status === 401 || res.status === 403 ? 'ended' : 'failed'
}

/** Forgets the tokens and tells the store the session is over. */
function endSession(dispatch: Dispatch) {
  tokenStore.clear()
  dispatch(sessionEnded())
}

/** Starts the single refresh, or joins the one in flight. */
function refreshOnce(usedToken: string, dispatch: Dispatch): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = withRefreshLock(() => exchangeToken(usedToken))
      .then((outcome) => {
        if (outcome === 'ok') {
          const token = tokenStore.token()
          const refreshToken = tokenStore.refreshToken()
          if (token && refreshToken) dispatch(tokensRefreshed({ token, refreshToken, photoGrant: freshPhotoGrant }))
        } else if (outcome === 'ended') {
          endSession(dispatch)
        }
        return outcome
      })
      .finally(() => {
        refreshing = null
      })
  }
  return refreshing
}

/**
 * Renews the access token through the same single refresh the base query uses (joining one in flight), for callers
 * outside RTK Query: the chat socket calls it when the server refuses its token as expired. usedToken is the refused
 * token; when another refresh already replaced it, nothing is exchanged again.
 */
export function refreshAccessToken(dispatch: Dispatch, usedToken: string | null = tokenStore.token()): Promise<RefreshOutcome> {
  if (!usedToken) return Promise.resolve('ended')
  return refreshOnce(usedToken, dispatch)
}

/** Whether this browser's fetch can keep a request alive past the page (Request.keepalive). */
function fetchKeepsAlive(): boolean {
  return typeof fetch === 'function' && typeof Request !== 'undefined' && 'keepalive' in Request.prototype
}

/** Queues a POST through navigator.sendBeacon (no headers of our own); false when the browser has none or refused it. */
function beacon(url: string, body: string): boolean {
  try {
    return typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))
  } catch {
    return false
  }
}

/** How the logout went out: a keepalive fetch (with its HTTP status), a beacon, or not at all. */
export type LogoutDelivery = { via: 'fetch'; status: number } | { via: 'beacon' } | { via: 'none' }

/**
 * Ends a session on the server: POST auth/logout with the refresh token in the body and the access token as
 * Authorization. It is plain fetch with keepalive, outside RTK Query, so neither the reset of the API state that
 * follows a logout nor a closing page aborts it. Where fetch cannot keep a request alive, navigator.sendBeacon
 * carries it instead (it cannot send Authorization; the refresh token in the body is enough for the server).
 * Call it before the tokens are cleared; it never rejects.
 */
export function sendLogout({ token, refreshToken }: { token: string | null; refreshToken: string | null }): Promise<LogoutDelivery> {
  const url = BASE_URL + 'auth/logout'
  const body = JSON.stringify(refreshToken ? { refreshToken } : {})
  if (!fetchKeepsAlive() && beacon(url, body)) return Promise.resolve({ via: 'beacon' })
  if (typeof fetch !== 'function') return Promise.resolve({ via: 'none' })
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const fallback = (): LogoutDelivery => (beacon(url, body) ? { via: 'beacon' } : { via: 'none' })
  try {
    return fetch(url, { method: 'POST', keepalive: true, headers, body }).then(
      (res): LogoutDelivery => ({ via: 'fetch', status: res.status }),
      // Logging out again is harmless: a beacon has one more go at it.
      fallback,
    )
  } catch {
    return Promise.resolve(fallback())
  }
}

const expiredError: ApiError = { status: 401, message: SESSION_EXPIRED_MESSAGE }

/**
 * The session rules of spec §8 around any transport that answers like envelopeBaseQuery (fetch here, the
 * XMLHttpRequest of photo uploads elsewhere): a 400 with meta.code 1005 triggers exactly one auth/exchange-token
 * for all callers; requests arriving meanwhile wait for it; each is then sent again once, with the new token.
 * A refused refresh, or a 401 on a member call, ends the session. send must read the token when it is called.
 */
export async function withSessionRules<R extends { error?: ApiError }>(send: () => Promise<R>, dispatch: Dispatch): Promise<R | { error: ApiError }> {
  if (refreshing) {
    const hadToken = tokenStore.token() !== null
    const outcome = await refreshing
    if (outcome === 'ended' && hadToken) return { error: expiredError }
  }
  const usedToken = tokenStore.token()
  const result = await send()
  if (!result.error || !usedToken) return result
  if (result.error.status === 400 && result.error.code === TOKEN_EXPIRED_CODE) {
    const outcome = await refreshOnce(usedToken, dispatch)
    if (outcome === 'ended') return { error: expiredError }
    if (outcome === 'failed') return { error: { status: result.error.status, code: result.error.code, message: 'We could not renew your session just now. Please try again.' } }
    const retry = await send()
    if (retry.error?.status === 401) endSession(dispatch)
    return retry
  }
  // A revoked session (password changed elsewhere, logged out elsewhere, account deleted).
  if (result.error.status === 401) endSession(dispatch)
  return result
}

/** The envelope base query plus the session rules (withSessionRules); auth/* calls go straight through. */
export const sessionBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, EnvelopeMeta> = async (args, api, extra) => {
  if (isAuthCall(args)) return envelopeBaseQuery(args, api, extra)
  return withSessionRules(async () => envelopeBaseQuery(args, api, extra), api.dispatch)
}

/** The single RTK Query API slice. Features inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionBaseQuery,
  tagTypes: ['Common', 'Master', 'Blog', 'Story', 'Faq', 'Page', 'Plan', 'PremiumMember', 'Profile', 'OwnProfile', 'DashView', 'Photos', 'Proofs', 'Partner', 'Preference', 'Settings', 'EmailAlerts', 'MemberList', 'Match', 'SavedSearch', 'Notification', 'Order'],
  endpoints: () => ({}),
})

/** Narrows the error of a query/mutation hook to an ApiError. */
export function asApiError(error: unknown): ApiError | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && 'status' in error) return error as ApiError
  return { status: 'PARSE_ERROR', message: GENERIC }
}

/** Whether a failed lookup means "there is no such item" (404, or 400 for an id that cannot exist), not "try again". */
export function isMissing(error: unknown): boolean {
  const status = asApiError(error)?.status
  return status === 404 || status === 400
}

/** A mutation result: the data plus the envelope's user-facing message. */
export interface Acknowledged<T = unknown> {
  data: T
  message: string
}

/** transformResponse for mutations: keeps meta.message for the success toast. */
export function acknowledge<T>(data: T, meta: EnvelopeMeta | undefined): Acknowledged<T> {
  return { data, message: meta?.envelope?.message ?? '' }
}
