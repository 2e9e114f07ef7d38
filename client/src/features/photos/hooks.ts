import { useCallback, useEffect, useState } from 'react'
import { api } from '../../api/api'
import type { ApiError } from '../../api/api'
import { useAppDispatch } from '../../app/hooks'
import { photosApi } from './api'
import { fetchPrivateImage, uploadWithProgress } from './transport'
import type { UploadProgress, UploadResult } from './transport'
import type { PhotoList, ProofKind, ProofList } from './types'

/** Options of one upload: progress callback and a signal to cancel it. */
export interface UploadCallbacks {
  onProgress?: (p: UploadProgress) => void
  signal?: AbortSignal
}

function imageForm(file: File, extra: Record<string, string> = {}): () => FormData {
  return () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(extra)) form.append(k, v)
    form.append('image', file, file.name)
    return form
  }
}

/** POST profile/images with progress; on success the photo list in the cache is the server's answer. */
export function useUploadPhoto(): (file: File, cb?: UploadCallbacks) => Promise<UploadResult<PhotoList>> {
  const dispatch = useAppDispatch()
  return useCallback(
    async (file, cb = {}) => {
      const res = await uploadWithProgress<PhotoList>({ path: 'profile/images', body: imageForm(file), ...cb }, dispatch)
      if (!res.error) {
        dispatch(photosApi.util.upsertQueryData('getMyPhotos', undefined, res.data))
        dispatch(api.util.invalidateTags(['OwnProfile', 'DashView', 'Partner']))
      }
      return res
    },
    [dispatch],
  )
}

/** POST profile/proof (multipart image and kind) with progress; on success the proof list in the cache is updated. */
export function useUploadProof(): (kind: ProofKind, file: File, cb?: UploadCallbacks) => Promise<UploadResult<ProofList>> {
  const dispatch = useAppDispatch()
  return useCallback(
    async (kind, file, cb = {}) => {
      const res = await uploadWithProgress<ProofList>({ path: 'profile/proof', body: imageForm(file, { kind }), ...cb }, dispatch)
      if (!res.error) dispatch(photosApi.util.upsertQueryData('getProofs', undefined, res.data))
      return res
    },
    [dispatch],
  )
}

/** The member's own proof image of kind as an object URL while enabled (GET profile/proof/{kind}/image); version reloads it. */
export function useProofImage(kind: ProofKind, enabled: boolean, version: string | null): { url: string | null; error: ApiError | null; loading: boolean } {
  const dispatch = useAppDispatch()
  // The answer for one kind and version; another kind or version is loading until its own answer comes.
  const wanted = `${kind}@${version ?? ''}`
  const [got, setGot] = useState<{ of: string; url: string | null; error: ApiError | null } | null>(null)
  useEffect(() => {
    if (!enabled) return
    let url: string | null = null
    let live = true
    void fetchPrivateImage(`profile/proof/${kind}/image`, dispatch).then((res) => {
      if (!live) return
      if (res.error) {
        setGot({ of: wanted, url: null, error: res.error })
        return
      }
      url = URL.createObjectURL(res.data)
      setGot({ of: wanted, url, error: null })
    })
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
      setGot(null)
    }
  }, [kind, enabled, wanted, dispatch])
  const current = enabled && got?.of === wanted ? got : null
  return { url: current?.url ?? null, error: current?.error ?? null, loading: enabled && !current }
}
