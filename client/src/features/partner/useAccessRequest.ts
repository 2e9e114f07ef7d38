import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import type { IconName } from '../../components/Icon'
import { useSendRequestMutation, useWithdrawRequestMutation } from '../../entities/member'
import type { RequestKind } from '../../entities/member'
import { pronouns } from './labels'
import type { PartnerProfile } from './types'

/** How the viewer's request stands as the partner view tells it; "ignored" reads as pending (the owner's soft no). */
export type ViewerRequestStatus = 'none' | 'pending' | 'accepted' | 'declined'

/** The viewer's request of one kind to this member, as the buttons show it. */
export interface AccessRequest {
  kind: RequestKind
  status: ViewerRequestStatus
  /** The words on the button. */
  label: string
  icon: IconName
  /** What the button does, why it does nothing, or what the answer was. */
  reason: string
  /** Asks (or asks again); absent when there is nothing to ask. */
  run?: () => void
  /** Withdraws the pending request. */
  withdraw?: () => void
  /** A call of this request runs: every button of it rests. */
  busy: boolean
  /** The server refused to take a new request after a decline (it says from when the member may ask again). */
  refused: boolean
}

/** The partner view's status of a request ("" or absent: none). */
export function viewerStatus(profile: PartnerProfile, kind: RequestKind): ViewerRequestStatus {
  const s = profile.requests?.[kind] ?? ''
  if (s === 'pending' || s === 'ignored') return 'pending'
  if (s === 'accepted' || s === 'declined') return s
  return 'none'
}

/**
 * The viewer's photo or phone request to this member (POST profile/{kind}-request/{id} to ask,
 * profile/{kind}-request-cancel/{id} to withdraw): none → ask; pending → "Photo requested" with Withdraw; accepted →
 * shared (the partner view now carries the photos or the contact); declined → ask again, and when the server refuses
 * (within 30 days of the decline), "Request declined" with its message. The gallery's placeholder and the action bar
 * share one call through a fixed cache key per member, kind and status: both rest while it runs, and both show the
 * refusal; once the partner view reloads with a new status, the state starts afresh. Errors are toasted by the store.
 */
export function useAccessRequest(profile: PartnerProfile, kind: RequestKind): AccessRequest {
  const status = viewerStatus(profile, kind)
  const id = profile.profileID
  const cacheKey = `${kind}-request:${id.toUpperCase()}:${status}`
  const [send, sendState] = useSendRequestMutation({ fixedCacheKey: cacheKey })
  const [withdraw, withdrawState] = useWithdrawRequestMutation({ fixedCacheKey: `${cacheKey}:withdraw` })
  const busy = sendState.isLoading || withdrawState.isLoading
  const name = profile.userName
  const { they, their } = pronouns(profile.gender)
  const photo = kind === 'photo'

  const ask = () => {
    if (busy) return
    send({ kind, profileId: id })
      .unwrap()
      .then(() => notifySuccess(photo ? `Photo request sent to ${name}.` : `Phone request sent to ${name}.`))
      .catch(() => {}) // the store toasts the server's reason (already asked, daily limit, declined lately)
  }
  const takeBack = () => {
    if (busy) return
    withdraw({ kind, profileId: id })
      .unwrap()
      .then(() => notifySuccess(photo ? `Your photo request to ${name} was withdrawn.` : `Your phone request to ${name} was withdrawn.`))
      .catch(() => {})
  }

  const base = { kind, status, busy, refused: false }
  switch (status) {
    case 'pending':
      return {
        ...base,
        label: photo ? 'Photo requested' : 'Phone requested',
        icon: 'clock',
        reason: `Waiting for ${their} answer.`,
        withdraw: takeBack,
      }
    case 'accepted':
      return {
        ...base,
        label: photo ? 'Photos shared' : 'Phone shared',
        icon: 'check',
        reason: photo ? `${name} accepted your photo request.` : `${name} accepted your phone request: see Contact details.`,
      }
    case 'declined': {
      // Asking again within 30 days of the decline is refused with the date it becomes possible: say so, and rest.
      const refusal = asApiError(sendState.error)
      if (sendState.isError && refusal?.status === 409) {
        return { ...base, label: 'Request declined', icon: 'block', reason: refusal.message, refused: true }
      }
      return {
        ...base,
        label: 'Ask again',
        icon: photo ? 'lock' : 'phone',
        reason: `${name} declined your ${photo ? 'photo' : 'phone'} request. You may ask again 30 days after the answer.`,
        run: ask,
      }
    }
    default:
      if (photo && !profile.photosProtected) {
        return {
          ...base,
          label: 'Request photos',
          icon: 'lock',
          reason: profile.photos.length ? 'Photos are visible to you; no request is needed.' : `${name} has not added a photo yet.`,
        }
      }
      if (!photo && !profile.contact.masked) {
        return { ...base, label: 'Request phone number', icon: 'phone', reason: 'The number is shown under Contact details.' }
      }
      return {
        ...base,
        label: photo ? 'Request photos' : 'Request phone number',
        icon: photo ? 'lock' : 'phone',
        reason: photo ? `Ask ${name} to show you ${their} photos.` : `Ask ${name} to share ${their} number; ${they} decides.`,
        run: ask,
      }
  }
}
