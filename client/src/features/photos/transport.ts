import type { Dispatch } from '@reduxjs/toolkit'
import { isEnvelope, toApiError, withSessionRules } from '../../api/api'
import type { ApiError } from '../../api/api'
import { tokenStore } from '../../api/session'

// Two calls RTK Query's fetch cannot make: a multipart upload that reports its progress (fetch has no upload
// progress), and an image that needs the bearer token (an <img> cannot send it). Both go through the API slice's
// own session rules (withSessionRules): one shared refresh on an expired token, then one retry.

/** How far an upload has got; total is 0 when the browser cannot tell. */
export interface UploadProgress {
  loaded: number
  total: number
}

/** The outcome of an upload: the envelope's data and message, or an ApiError. */
export type UploadResult<T> = { data: T; message: string; error?: undefined } | { error: ApiError; data?: undefined }

/** What an upload sends. */
export interface UploadRequest {
  /** Path under /api/v1/, e.g. "profile/images". */
  path: string
  /** Builds the body; called again for the retry after a refresh. */
  body: () => FormData
  onProgress?: (p: UploadProgress) => void
  signal?: AbortSignal
}

/** The text of an upload the member stopped. */
export const UPLOAD_CANCELLED = 'The upload was cancelled.'

function apiUrl(path: string): string {
  return window.location.origin + '/api/v1/' + path.replace(/^\//, '')
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** One multipart POST over XMLHttpRequest with the current token, answering like the envelope base query. */
function sendOnce<T>(req: UploadRequest): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    if (req.signal?.aborted) {
      resolve({ error: { status: 'FETCH_ERROR', message: UPLOAD_CANCELLED } })
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(req.path))
    const token = tokenStore.token()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => req.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 })
    const onAbort = () => xhr.abort()
    req.signal?.addEventListener('abort', onAbort, { once: true })
    const done = (r: UploadResult<T>) => {
      req.signal?.removeEventListener('abort', onAbort)
      resolve(r)
    }
    xhr.onload = () => {
      const body = parse(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && isEnvelope(body) && body.meta.code === 200) {
        done({ data: body.data as T, message: body.meta.message })
        return
      }
      done({ error: toApiError(isEnvelope(body) || xhr.status >= 400 ? xhr.status : 'ENVELOPE_ERROR', body) })
    }
    xhr.onerror = () => done({ error: toApiError('FETCH_ERROR', null) })
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => done({ error: { status: 'FETCH_ERROR', message: UPLOAD_CANCELLED } })
    xhr.send(req.body())
  })
}

/** Uploads a multipart body with progress, under the session rules of spec §8 (refresh once, retry once). */
export async function uploadWithProgress<T>(req: UploadRequest, dispatch: Dispatch): Promise<UploadResult<T>> {
  return withSessionRules(() => sendOnce<T>(req), dispatch)
}

/** The outcome of an authorised image download. */
export type BlobResult = { data: Blob; error?: undefined } | { error: ApiError; data?: undefined }

async function blobOnce(path: string): Promise<BlobResult> {
  const token = tokenStore.token()
  let res: Response
  try {
    res = await fetch(apiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, cache: 'no-store' })
  } catch {
    return { error: toApiError('FETCH_ERROR', null) }
  }
  if (res.ok) return { data: await res.blob() }
  return { error: toApiError(res.status, await res.json().catch(() => null)) }
}

/** GETs a member-only image (a proof) as a Blob, under the same session rules. */
export async function fetchPrivateImage(path: string, dispatch: Dispatch): Promise<BlobResult> {
  return withSessionRules(() => blobOnce(path), dispatch)
}
