import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import ConfirmDialog from '../../components/ConfirmDialog'
import Icon from '../../components/Icon'
import MemberPhoto from '../../components/MemberPhoto'
import { EmptyState, ErrorState } from '../../components/States'
import { photoUrl } from '../../lib/photos'
import { useDeletePhotoMutation, useGetMyPhotosQuery, useMakeDefaultPhotoMutation } from './api'
import { slotsLeft } from './checks'
import type { OwnPhoto } from './types'
import { MAX_PHOTOS } from './types'

interface PhotoGridProps {
  /** The member's gender code, for the default avatar when a photo cannot load. */
  gender: number | undefined
  /** Where the "Add photos" button goes. */
  uploadPath: string
  /** Called after the default changed or a photo was deleted (the shell's avatar may change). */
  onChanged: () => void
}

/** "3 of 10 photos" with a small meter. */
export function PhotoCount({ count }: { count: number }) {
  return (
    <div className="photo-count">
      <span>
        <strong>{count}</strong> of {MAX_PHOTOS} photos
      </span>
      <span className="photo-count__meter" aria-hidden="true">
        <span style={{ width: `${(Math.min(count, MAX_PHOTOS) / MAX_PHOTOS) * 100}%` }} />
      </span>
    </div>
  )
}

/** The member's photos (GET profile/images): the default marked, make another the default, delete with a confirmation. */
export default function PhotoGrid({ gender, uploadPath, onChanged }: PhotoGridProps) {
  const { data, isLoading, isError, error, refetch } = useGetMyPhotosQuery()
  const [makeDefault, { isLoading: settingDefault, originalArgs: defaultArg }] = useMakeDefaultPhotoMutation()
  const [remove, { isLoading: deleting }] = useDeletePhotoMutation()
  const [confirm, setConfirm] = useState<{ photo: OwnPhoto; n: number } | null>(null)
  const cancel = useCallback(() => setConfirm(null), [])

  const onMakeDefault = async (photo: OwnPhoto) => {
    try {
      const res = await makeDefault(photo.photoId).unwrap()
      notifySuccess(res.message || 'Your default photo is changed')
      onChanged()
    } catch {
      // Toasted by the store middleware.
    }
  }

  const onDelete = async () => {
    if (!confirm) return
    try {
      const res = await remove(confirm.photo.photoId).unwrap()
      notifySuccess(res.message || 'The photo is deleted')
      onChanged()
    } catch {
      // Toasted by the store middleware.
    }
    setConfirm(null)
  }

  const photos = data?.photos ?? []
  const full = slotsLeft(photos.length) === 0

  return (
    <section className="panel" aria-labelledby="my-photos-title" aria-busy={isLoading || undefined}>
      <div className="panel-head">
        <div>
          <h2 id="my-photos-title" className="panel__title">
            Your photos
          </h2>
          {data && <PhotoCount count={photos.length} />}
        </div>
        {data && photos.length > 0 && (
          full ? (
            <p className="small muted panel-head__note">You have {MAX_PHOTOS} photos, the most a profile can keep. Delete one to add another.</p>
          ) : (
            <Link to={uploadPath} className="btn btn--primary btn--sm">
              Add photos
            </Link>
          )
        )}
      </div>

      {isLoading && (
        <ul className="photo-grid" aria-label="Loading photos">
          {[0, 1, 2].map((i) => (
            <li key={i} className="photo-card photo-card--loading">
              <span className="skeleton__block photo-card__frame" />
            </li>
          ))}
        </ul>
      )}
      {isError && <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />}
      {data && photos.length === 0 && (
        <EmptyState title="No photos yet" icon="users">
          <p>Profiles with a clear, recent photo get far more replies. Add up to {MAX_PHOTOS} photos; you choose who may see them below.</p>
          <Link to={uploadPath} className="btn btn--primary">
            Upload photos
          </Link>
        </EmptyState>
      )}
      {photos.length > 0 && (
        <ul className="photo-grid">
          {photos.map((p, i) => {
            const n = i + 1
            const busy = settingDefault && defaultArg === p.photoId
            return (
              <li key={p.photoId} className={'photo-card' + (p.isDefault ? ' is-default' : '')} aria-label={`Photo ${n} of ${photos.length}${p.isDefault ? ', default photo' : ''}`}>
                <div className="photo-card__frame">
                  <MemberPhoto src={photoUrl(p, 'large')} gender={gender} alt={`Your photo ${n}`} size={240} className="photo-card__img" />
                  {p.isDefault && (
                    <span className="photo-card__flag">
                      <Icon name="star" size={14} /> Default photo
                    </span>
                  )}
                </div>
                <div className="photo-card__actions">
                  {p.isDefault ? (
                    <span className="small muted">Shown first on your profile</span>
                  ) : (
                    <button type="button" className="btn btn--outline btn--sm" disabled={settingDefault || deleting} onClick={() => void onMakeDefault(p)}>
                      {busy ? 'Saving…' : 'Make default'}
                      <span className="sr-only"> (photo {n})</span>
                    </button>
                  )}
                  <button type="button" className="btn btn--ghost btn--sm photo-card__delete" disabled={deleting} onClick={() => setConfirm({ photo: p, n })}>
                    Delete<span className="sr-only"> photo {n}</span>
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <ConfirmDialog
        open={confirm !== null}
        title="Delete this photo?"
        confirmLabel={deleting ? 'Deleting…' : 'Delete photo'}
        danger
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={cancel}
      >
        <p>
          Photo {confirm?.n} is removed from your profile at once and cannot be brought back.
          {confirm?.photo.isDefault && photos.length > 1 ? ' Your next photo becomes the default.' : ''}
        </p>
      </ConfirmDialog>
    </section>
  )
}
