import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react'

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

const TOKEN_KEY = 'token'

/** Same origin; absolute so that it also works where fetch needs a full URL (tests). */
const BASE_URL = (typeof window !== 'undefined' ? window.location.origin : '') + '/api/v1/'

const rawBaseQuery = fetchBaseQuery({
  baseUrl: BASE_URL,
  prepareHeaders: (headers) => {
    const token = typeof localStorage !== 'undefined' ? localStorage.getItem(TOKEN_KEY) : null
    if (token) headers.set('Authorization', `Bearer ${token}`)
    return headers
  },
})

function isEnvelope(value: unknown): value is Envelope<unknown> {
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
    return { error: toApiError(status, body), meta: result.meta }
  }
  const body = result.data
  if (!isEnvelope(body)) return { error: { status: 'ENVELOPE_ERROR', message: GENERIC }, meta: result.meta }
  // Some answers are an envelope with a non-200 meta.code on HTTP 200: still an error.
  if (body.meta.code !== 200) return { error: toApiError(result.meta?.response?.status ?? 'ENVELOPE_ERROR', body), meta: result.meta }
  return { data: body.data, meta: result.meta ? { ...result.meta, envelope: body.meta } : undefined }
}

/** The single RTK Query API slice. Features inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: ['Common', 'Master', 'Blog', 'Story', 'Faq', 'Page', 'Plan', 'PremiumMember'],
  endpoints: () => ({}),
})

/** Narrows the error of a query/mutation hook to an ApiError. */
export function asApiError(error: unknown): ApiError | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && 'status' in error) return error as ApiError
  return { status: 'PARSE_ERROR', message: GENERIC }
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
