import { useState } from 'react'
import Icon from '../../components/Icon'
import MemberPhoto, { defaultAvatar } from '../../components/MemberPhoto'
import { photoUrl } from '../../lib/photos'
import { pronouns } from './labels'
import type { PartnerProfile } from './types'
import { useAccessRequest } from './useAccessRequest'
import type { AccessRequest } from './useAccessRequest'

/** The photo request on the locked placeholder: the button (or its state) with its reason, and Withdraw while it waits. */
function GalleryRequest({ request, their }: { request: AccessRequest; their: string }) {
  if (request.status === 'pending') {
    return (
      <>
        <p className="small" aria-live="polite">
          <strong>Your photo request is waiting for {their} answer.</strong>
        </p>
        <button type="button" className="btn btn--light btn--sm" onClick={request.withdraw} disabled={request.busy} aria-busy={request.busy || undefined}>
          Withdraw request
        </button>
      </>
    )
  }
  return (
    <>
      <button
        type="button"
        className="btn btn--light btn--sm"
        onClick={request.run}
        disabled={!request.run || request.busy}
        aria-busy={request.busy || undefined}
        aria-describedby="gallery-request-why"
      >
        {request.label}
      </button>
      <p id="gallery-request-why" className="small gallery__why" aria-live="polite">
        {request.reason}
      </p>
    </>
  )
}

/**
 * The photos the viewer may see: a large photo with thumbnails to switch; protected photos show a locked
 * placeholder with the photo request (ask, waiting with Withdraw, declined); no photos shows the gender's default
 * avatar. An accepted photo request brings the photos into the partner view, so they show here as any others.
 */
export default function PartnerGallery({ profile }: { profile: PartnerProfile }) {
  const [index, setIndex] = useState(0)
  const request = useAccessRequest(profile, 'photo')
  const { they, their } = pronouns(profile.gender)
  const photos = profile.photos

  if (profile.photosProtected) {
    return (
      <div className="gallery gallery--locked">
        <div className="gallery__main gallery__lock">
          <img src={defaultAvatar(profile.gender)} alt="" className="gallery__lock-avatar" width={160} height={160} />
          <Icon name="lock" size={30} className="gallery__lock-icon" />
          <p className="gallery__lock-title">Photos are protected</p>
          <p className="small">
            {profile.userName} shows {their} photos only to members whose photo request {they} accepts.
          </p>
          <GalleryRequest request={request} their={their} />
        </div>
      </div>
    )
  }

  if (photos.length === 0) {
    return (
      <div className="gallery">
        <div className="gallery__main">
          <MemberPhoto src={null} gender={profile.gender} alt="" size={480} className="gallery__img" />
        </div>
        <p className="small muted gallery__caption">{profile.userName} has not added a photo yet.</p>
      </div>
    )
  }

  const current = Math.min(index, photos.length - 1)
  const main = photos[current]
  return (
    <div className="gallery">
      <div className="gallery__main">
        <MemberPhoto key={photoUrl(main)} src={photoUrl(main, 'large')} gender={profile.gender} alt={`Photo ${current + 1} of ${profile.userName}`} size={480} className="gallery__img" />
      </div>
      {photos.length > 1 && (
        <>
          <p className="small muted gallery__caption" aria-live="polite">
            Photo {current + 1} of {photos.length}
          </p>
          <ul className="gallery__thumbs" aria-label={`Photos of ${profile.userName}`}>
            {photos.map((p, i) => (
              <li key={photoUrl(p, 'small') ?? i}>
                <button type="button" className="gallery__thumb" aria-pressed={i === current} aria-label={`Show photo ${i + 1}`} onClick={() => setIndex(i)}>
                  <MemberPhoto src={photoUrl(p, 'small')} gender={profile.gender} alt="" size={72} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
