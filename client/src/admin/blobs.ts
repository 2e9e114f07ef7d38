import { useCallback, useEffect, useState } from 'react'
import { ADMIN_API_BASE, isEnvelope, toAdminError } from './api'
import type { AdminError } from './api'
import { adminToken, endAdminSession, SESSION_ENDED_MESSAGE } from './session'

/** A file the admin API sent: its bytes and the Content-Disposition header. */
export interface AdminFile {
  blob: Blob
  disposition: string | null
}

/** An /api/admin/… path (as the server hands it out) or one relative to /api/admin/, as a full URL. */
export function adminUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path
  if (path.startsWith('/')) return window.location.origin + path
  return ADMIN_API_BASE + path
}

/**
 * GET a file (a photo, a proof image, an invoice) with the admin's bearer token: images cannot be plain <img src>
 * links, which would carry no token. A 401 ends the session as every other admin call does.
 */
export async function fetchAdminFile(path: string): Promise<{ data: AdminFile } | { error: AdminError }> {
  const token = adminToken()
  let res: Response
  try {
    res = await fetch(adminUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    return { error: toAdminError('FETCH_ERROR', null) }
  }
  const type = res.headers.get('Content-Type') ?? ''
  if (res.ok && !type.includes('json')) return { data: { blob: await res.blob(), disposition: res.headers.get('Content-Disposition') } }
  const body: unknown = await res.json().catch(() => null)
  if (res.status === 401) {
    endAdminSession('expired')
    return { error: { status: 401, message: SESSION_ENDED_MESSAGE } }
  }
  return { error: isEnvelope(body) ? toAdminError(res.ok ? 'ENVELOPE_ERROR' : res.status, body) : toAdminError(res.ok ? 'ENVELOPE_ERROR' : res.status, null) }
}

interface BlobState {
  key: string
  url?: string
  error?: string
}

/**
 * An image fetched with the bearer token, as a blob: URL for <img src>; null path fetches nothing. The URL is revoked
 * when the path changes and when the component unmounts. retry asks again after an error.
 */
export function useBlobUrl(path: string | null): { url?: string; error?: string; loading: boolean; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<BlobState>({ key: '' })
  const key = path ? `${attempt}:${path}` : ''

  useEffect(() => {
    if (!path) return
    let cancelled = false
    let created: string | undefined
    void fetchAdminFile(path).then((r) => {
      if (cancelled) return
      if ('error' in r) {
        setState({ key, error: r.error.message })
        return
      }
      created = URL.createObjectURL(r.data.blob)
      setState({ key, url: created })
    })
    return () => {
      cancelled = true
      if (created) URL.revokeObjectURL(created)
    }
  }, [path, key])

  const retry = useCallback(() => setAttempt((a) => a + 1), [])
  const current = state.key === key && key ? state : undefined
  return { url: current?.url, error: current?.error, loading: !!path && !current, retry }
}
