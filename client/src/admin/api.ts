import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react'
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { useDispatch } from 'react-redux'
import { adminToken, endAdminSession, SESSION_ENDED_MESSAGE } from './session'
import type { AdminSession, LoginStage, Me } from './types'

/** The admin API, same origin; absolute so that it also works where fetch needs a full URL (tests). */
export const ADMIN_API_BASE = (typeof window !== 'undefined' ? window.location.origin : '') + '/api/admin/'

/** What every failed admin call becomes. */
export interface AdminError {
  /** HTTP status, or a string for network/parse failures. */
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR' | 'ENVELOPE_ERROR'
  /** meta.code from the envelope when there was one. */
  code?: number
  /** User-facing text: meta.message, else a generic message. */
  message: string
  /** Field errors of a 422 answer (data.errors). */
  fieldErrors?: Record<string, string>
  /** Seconds to wait, from Retry-After (a 429 lockout). */
  retryAfter?: number
}

interface Envelope {
  meta: { code: number; message: string }
  data: unknown
}

/** The words when the server said nothing useful. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.'

/** Whether a parsed body is the {meta,data} envelope. */
export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'meta' in value && typeof (value as Envelope).meta?.code === 'number'
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined
  const n = Number(header.trim())
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n))
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** Turns an HTTP/envelope failure into an AdminError (the way src/api/api.ts does for the member API). */
export function toAdminError(status: AdminError['status'], body: unknown, retryAfter?: number): AdminError {
  if (status === 'FETCH_ERROR') return { status, message: 'We could not reach the server. Please check your connection.' }
  if (isEnvelope(body)) {
    const data = body.data as { errors?: Record<string, string> } | null
    return {
      status,
      code: body.meta.code,
      message: body.meta.message || (status === 429 ? 'Too many tries. Please wait and try again.' : GENERIC_ERROR),
      fieldErrors: data && typeof data === 'object' && data.errors ? data.errors : undefined,
      retryAfter,
    }
  }
  if (status === 429) return { status, message: 'Too many tries. Please wait and try again.', retryAfter }
  return { status, message: GENERIC_ERROR, retryAfter }
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: ADMIN_API_BASE,
  prepareHeaders: (headers) => {
    const token = adminToken()
    // auth/totp brings its own stage token.
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
    return headers
  },
})

/** auth/* calls never end a session: there a 401 means a wrong password or code. */
function isAuthCall(args: string | FetchArgs): boolean {
  const url = typeof args === 'string' ? args : args.url
  return url.replace(/^\//, '').startsWith('auth/')
}

/**
 * The admin base query: Authorization from sessionStorage, the envelope unwrapped (only meta.code 200 is a success;
 * 422 field errors kept), Retry-After read on a 429, and a 401 outside auth/* ends the session (the token is cleared
 * and the guard sends the admin to /admin/login with SESSION_ENDED_MESSAGE).
 */
export const adminBaseQuery: BaseQueryFn<string | FetchArgs, unknown, AdminError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra)
  const retryAfter = parseRetryAfter(result.meta?.response?.headers.get('Retry-After'))
  let error: AdminError | undefined
  if (result.error) {
    const e = result.error
    const status = typeof e.status === 'number' ? e.status : e.status === 'FETCH_ERROR' ? 'FETCH_ERROR' : 'PARSE_ERROR'
    error = toAdminError(status, 'data' in e ? e.data : undefined, retryAfter)
  } else if (!isEnvelope(result.data)) {
    error = { status: 'ENVELOPE_ERROR', message: GENERIC_ERROR }
  } else if (result.data.meta.code !== 200) {
    // An envelope with a non-200 meta.code on HTTP 200 is still an error; its code says which.
    const http = result.meta?.response?.status ?? 200
    error = toAdminError(http === 200 ? result.data.meta.code : http, result.data, retryAfter)
  }
  if (!error) return { data: (result.data as Envelope).data, meta: result.meta }
  if (error.status === 401 && !isAuthCall(args)) {
    endAdminSession('expired')
    error = { ...error, message: SESSION_ENDED_MESSAGE }
  }
  return { error, meta: result.meta }
}

/** The admin back office's own RTK Query API slice; the areas inject their endpoints into it. */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  tagTypes: ['Me', 'Member', 'Proof', 'Report', 'Blog', 'Story', 'Faq', 'Page', 'Plan', 'Coupon', 'Order', 'Settings', 'Maintenance', 'Contact', 'Admin', 'Role', 'Audit'],
  // The back office shows what is true now: a screen opened again asks again.
  refetchOnMountOrArgChange: 30,
  endpoints: (build) => ({
    adminLogin: build.mutation<LoginStage, { email: string; password: string }>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    adminTotp: build.mutation<AdminSession, { code: string; stageToken: string }>({
      query: ({ code, stageToken }) => ({ url: 'auth/totp', method: 'POST', body: { code }, headers: { Authorization: `Bearer ${stageToken}` } }),
    }),
    adminLogout: build.mutation<null, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    getMe: build.query<Me, void>({
      query: () => 'me',
      providesTags: ['Me'],
    }),
  }),
})

export const { useAdminLoginMutation, useAdminTotpMutation, useAdminLogoutMutation, useGetMeQuery } = adminApi

/** Narrows the error of an admin hook to an AdminError. */
export function asAdminError(error: unknown): AdminError | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && 'status' in error) return error as AdminError
  return { status: 'PARSE_ERROR', message: GENERIC_ERROR }
}

/** A list call's skip and limit from a 1-based page. */
export function pageArgs(page: number, limit: number): { skip: number; limit: number } {
  return { skip: (Math.max(1, page) - 1) * limit, limit }
}

/** Drops empty values, so a query string carries only the filters in use. */
export function compact<T extends object>(params: T): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || v === false) continue
    out[k] = typeof v === 'boolean' ? 1 : (v as string | number)
  }
  return out
}

/** The store as the admin app sees it once its slice is mounted. */
export type AdminState = { [K in typeof adminApi.reducerPath]: ReturnType<typeof adminApi.reducer> }

/** A dispatch that takes the admin API's thunks (the member app's RootState does not declare the lazily added slice). */
export type AdminDispatch = ThunkDispatch<AdminState, unknown, UnknownAction>

/** The dispatch of the admin app. */
export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>()
