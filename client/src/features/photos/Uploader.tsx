import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { Link } from 'react-router'
import { notifyError, notifySuccess } from '../../app/notify'
import Icon from '../../components/Icon'
import { Skeleton } from '../../components/States'
import { useGetMyPhotosQuery } from './api'
import { IMAGE_MESSAGES, dimensionProblem, fileProblem, formatBytes, slotsLeft } from './checks'
import { isEdited } from './crop'
import { useUploadPhoto } from './hooks'
import PhotoEditor, { freshEdit } from './PhotoEditor'
import type { PhotoEdit } from './PhotoEditor'
import { loadImage, renderEditedFile } from './render'
import { UPLOAD_CANCELLED } from './transport'
import type { PhotoList } from './types'
import { ACCEPT_ATTR, MAX_PHOTOS } from './types'
import UploadProgressBar from './UploadProgressBar'

/** Where a chosen picture stands. */
type ItemStatus = 'checking' | 'ready' | 'refused' | 'uploading' | 'processing' | 'done' | 'failed'

/** A chosen picture in the upload list. */
interface Item {
  id: string
  file: File
  url: string
  status: ItemStatus
  img: HTMLImageElement | null
  edit: PhotoEdit | null
  progress: number
  error: string | null
}

type Action =
  | { type: 'add'; items: Item[] }
  | { type: 'update'; id: string; patch: Partial<Item> }
  | { type: 'remove'; id: string }

function reducer(items: Item[], a: Action): Item[] {
  switch (a.type) {
    case 'add':
      return [...items, ...a.items]
    case 'update':
      return items.map((it) => (it.id === a.id ? { ...it, ...a.patch } : it))
    case 'remove':
      return items.filter((it) => it.id !== a.id)
  }
}

/** Items that still count against the 10-photo limit before they are uploaded. */
const PENDING: ItemStatus[] = ['checking', 'ready', 'uploading', 'processing', 'failed']

let seq = 0

const STATUS_TEXT: Partial<Record<ItemStatus, string>> = {
  checking: 'Checking…',
  ready: 'Ready to upload',
  done: 'Uploaded',
}

/**
 * Choose or drop JPEG, PNG or WebP pictures, turn and crop each one, and upload them one after another with a real
 * progress bar. Type, size, pixel size and the 10-photo limit are checked here first for a friendly early message;
 * the server checks everything again and its messages are shown under the picture.
 */
export default function Uploader({ onUploaded, myPhotosPath }: { onUploaded: (list: PhotoList) => void; myPhotosPath: string }) {
  const { data, isLoading } = useGetMyPhotosQuery()
  const upload = useUploadPhoto()
  const [items, dispatch] = useReducer(reducer, [])
  const [selected, setSelected] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [running, setRunning] = useState(false)
  const [summary, setSummary] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)
  const urls = useRef(new Set<string>())
  // The handlers read the latest items through this (an upload loop outlives many renders).
  const itemsRef = useRef(items)
  useLayoutEffect(() => {
    itemsRef.current = items
  }, [items])

  const current = data?.photos.length ?? 0
  const pending = items.filter((it) => PENDING.includes(it.status)).length
  const free = slotsLeft(current) - pending
  const ready = items.filter((it) => it.status === 'ready' || it.status === 'failed')
  const active = items.find((it) => it.id === selected) ?? null

  // Free the object URLs and stop an upload when the page closes.
  useEffect(() => {
    const all = urls.current
    return () => {
      abort.current?.abort()
      all.forEach((u) => URL.revokeObjectURL(u))
    }
  }, [])

  const addFiles = (list: FileList | File[]) => {
    const files = Array.from(list)
    if (!files.length) return
    setSummary(null)
    let room = free
    const added: Item[] = files.map((file) => {
      const url = URL.createObjectURL(file)
      urls.current.add(url)
      let error = fileProblem(file)
      if (!error && room <= 0) error = IMAGE_MESSAGES.tooMany
      if (!error) room--
      return { id: `p${++seq}`, file, url, status: error ? 'refused' : 'checking', img: null, edit: null, progress: 0, error }
    })
    dispatch({ type: 'add', items: added })
    const first = added.find((it) => it.status === 'checking')
    if (first && (!active || active.status === 'done' || active.status === 'refused')) setSelected(first.id)
    for (const it of added) {
      if (it.status !== 'checking') continue
      loadImage(it.url).then(
        (img) => {
          const problem = dimensionProblem(img.naturalWidth, img.naturalHeight)
          const size = { width: img.naturalWidth, height: img.naturalHeight }
          dispatch({ type: 'update', id: it.id, patch: problem ? { status: 'refused', error: problem } : { status: 'ready', img, edit: freshEdit(size) } })
        },
        () => dispatch({ type: 'update', id: it.id, patch: { status: 'refused', error: IMAGE_MESSAGES.broken } }),
      )
    }
  }

  const removeItem = (it: Item) => {
    URL.revokeObjectURL(it.url)
    urls.current.delete(it.url)
    dispatch({ type: 'remove', id: it.id })
    if (selected === it.id) setSelected(itemsRef.current.find((x) => x.id !== it.id && x.img && x.status !== 'done')?.id ?? null)
  }

  const uploadAll = async () => {
    setRunning(true)
    setSummary(null)
    let ok = 0
    let lastMessage = ''
    for (const it of ready) {
      if (!it.img || !it.edit) continue
      const ctl = new AbortController()
      abort.current = ctl
      dispatch({ type: 'update', id: it.id, patch: { status: 'uploading', progress: 0, error: null } })
      let file = it.file
      try {
        const size = { width: it.img.naturalWidth, height: it.img.naturalHeight }
        if (isEdited(size, it.edit.rotation, it.edit.crop)) file = await renderEditedFile(it.img, it.file.name, it.edit.rotation, it.edit.crop)
      } catch {
        dispatch({ type: 'update', id: it.id, patch: { status: 'failed', error: 'This phone could not prepare the edited photo. Try Whole photo without turning it.' } })
        continue
      }
      const res = await upload(file, {
        signal: ctl.signal,
        onProgress: (p) => {
          const fraction = p.total ? p.loaded / p.total : 0
          dispatch({ type: 'update', id: it.id, patch: { progress: fraction, status: p.total && p.loaded >= p.total ? 'processing' : 'uploading' } })
        },
      })
      if (res.error) {
        const cancelled = res.error.message === UPLOAD_CANCELLED
        const msg = cancelled ? 'Upload cancelled. You can try again.' : (res.error.fieldErrors?.image ?? res.error.message)
        dispatch({ type: 'update', id: it.id, patch: { status: 'failed', error: msg, progress: 0 } })
        if (cancelled) break
        notifyError(msg)
        continue
      }
      ok++
      lastMessage = res.message
      dispatch({ type: 'update', id: it.id, patch: { status: 'done', progress: 1 } })
      onUploaded(res.data)
    }
    abort.current = null
    setRunning(false)
    if (ok > 0) {
      notifySuccess(lastMessage || 'profile image update successfully')
      setSummary(ok === 1 ? '1 photo was added to your profile.' : `${ok} photos were added to your profile.`)
      const next = itemsRef.current.find((x) => x.status === 'ready' || x.status === 'failed')
      setSelected(next?.id ?? null)
    }
  }

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault()
    setDragging(false)
    if (!running) addFiles(e.dataTransfer.files)
  }

  if (isLoading) {
    return (
      <div className="panel" aria-busy="true">
        <Skeleton lines={4} />
      </div>
    )
  }

  const full = slotsLeft(current) === 0
  const editing = active?.img && active.edit && active.status !== 'done' ? active : null

  return (
    <div className="uploader">
      <section className="panel" aria-labelledby="choose-title">
        <h2 id="choose-title" className="panel__title">
          Choose photos
        </h2>
        <div
          className={'dropzone' + (dragging ? ' is-dragging' : '') + (full ? ' is-full' : '')}
          onDragOver={(e) => {
            e.preventDefault()
            if (!full && !running) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Icon name="users" size={34} className="dropzone__icon" />
          {full ? (
            <p className="dropzone__title">You have {MAX_PHOTOS} of {MAX_PHOTOS} photos</p>
          ) : (
            <p className="dropzone__title">
              Drop photos here or{' '}
              <input id="photo-files" type="file" accept={ACCEPT_ATTR} multiple className="sr-only file-input" disabled={running} onChange={(e) => {
                if (e.target.files) addFiles(e.target.files)
                e.target.value = ''
              }} />
              <label htmlFor="photo-files" className="btn btn--primary btn--sm">
                Choose photos
              </label>
            </p>
          )}
          <p className="small muted">
            {full ? (
              <>
                Delete a photo in <Link to={myPhotosPath}>My Photos</Link> to add another.
              </>
            ) : (
              <>
                JPEG, PNG or WebP, up to 10 MB each. You have {current} of {MAX_PHOTOS} photos
                {pending > 0 ? ` and ${pending} selected` : ''}; {Math.max(0, free)} more can be added.
              </>
            )}
          </p>
        </div>
        <ul className="tips small">
          <li>A recent photo of you alone, face clearly visible, works best.</li>
          <li>Location and camera details are removed from every photo before anyone sees it.</li>
        </ul>
      </section>

      {items.length > 0 && (
        <div className="uploader__work">
          {editing && editing.img && editing.edit && (
            <section className="panel uploader__editor" aria-labelledby="edit-title">
              <h2 id="edit-title" className="panel__title">
                Adjust <span className="uploader__name">{editing.file.name}</span>
              </h2>
              <PhotoEditor
                img={editing.img}
                name={editing.file.name}
                edit={editing.edit}
                disabled={running}
                onChange={(edit) => dispatch({ type: 'update', id: editing.id, patch: { edit } })}
              />
            </section>
          )}
          <section className="panel uploader__list" aria-labelledby="queue-title">
            <h2 id="queue-title" className="panel__title">
              Your selection
            </h2>
            <ul className="queue">
              {items.map((it) => (
                <li key={it.id} className={'queue__item is-' + it.status + (it.id === editing?.id ? ' is-selected' : '')}>
                  <span className="queue__thumb">
                    {it.status !== 'refused' && <img src={it.url} alt="" style={it.edit?.rotation ? { transform: `rotate(${it.edit.rotation}deg)` } : undefined} />}
                  </span>
                  <div className="queue__body">
                    <p className="queue__name">{it.file.name}</p>
                    <p className="small muted">
                      {formatBytes(it.file.size)}
                      {it.edit && it.edit.rotation ? ` · turned ${it.edit.rotation}°` : ''}
                      {it.edit && it.edit.shape !== 'full' ? ` · ${it.edit.shape} crop` : ''}
                      {STATUS_TEXT[it.status] ? ` · ${STATUS_TEXT[it.status]}` : ''}
                    </p>
                    {(it.status === 'uploading' || it.status === 'processing') && (
                      <UploadProgressBar fraction={it.progress} processing={it.status === 'processing'} label={`Uploading ${it.file.name}`} />
                    )}
                    {it.error && (
                      <p className="field__error" role="alert">
                        {it.error}
                      </p>
                    )}
                  </div>
                  <div className="queue__actions">
                    {it.img && it.status !== 'done' && it.id !== editing?.id && (
                      <button type="button" className="btn btn--ghost btn--sm" disabled={running} onClick={() => setSelected(it.id)}>
                        Edit<span className="sr-only"> {it.file.name}</span>
                      </button>
                    )}
                    {it.status === 'done' ? (
                      <Icon name="check" size={22} className="queue__done" title="Uploaded" />
                    ) : (
                      <button type="button" className="icon-btn queue__remove" disabled={running} aria-label={`Remove ${it.file.name}`} onClick={() => removeItem(it)}>
                        <Icon name="close" size={18} />
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <div className="btn-row uploader__actions">
              <button type="button" className="btn btn--primary" disabled={running || ready.length === 0} onClick={() => void uploadAll()}>
                {running ? 'Uploading…' : ready.length > 1 ? `Upload ${ready.length} photos` : 'Upload photo'}
              </button>
              {running ? (
                <button type="button" className="btn btn--ghost" onClick={() => abort.current?.abort()}>
                  Cancel
                </button>
              ) : (
                items.some((it) => it.status === 'done' || it.status === 'refused') && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => {
                      for (const it of itemsRef.current) if (it.status === 'done' || it.status === 'refused') removeItem(it)
                    }}
                  >
                    Clear finished
                  </button>
                )
              )}
            </div>
            {summary && (
              <p className="form__notice uploader__summary" role="status">
                {summary} <Link to={myPhotosPath}>See My Photos</Link> to choose your default photo or who can see them.
              </p>
            )}
          </section>
        </div>
      )}
    </div>
  )
}
