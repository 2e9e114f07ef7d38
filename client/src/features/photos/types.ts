import type { PhotoRef } from '../../lib/photos'

/** One of the member's own photos (GET profile/images): the URL parts plus the handle for make-default and delete. */
export interface OwnPhoto extends PhotoRef {
  photoId: string
  isDefault: boolean
}

/** GET/PATCH/DELETE profile/images answer the member's whole list, default first. */
export interface PhotoList {
  photos: OwnPhoto[]
}

/** Who may see the member's photos (profile settings field photoVisibility). */
export type PhotoVisibility = 'all' | 'protected'

/** The part of GET profile/settings this feature uses. */
export interface PhotoSettings {
  photoVisibility: PhotoVisibility
}

/** The two kinds of proof a member can upload. */
export type ProofKind = 'id' | 'parish'

/** Where a proof stands: never uploaded, waiting for review, or reviewed. */
export type ProofStatus = 'none' | 'pending' | 'verified' | 'rejected'

/** One kind of proof as its owner sees it (GET profile/proof). */
export interface Proof {
  kind: ProofKind
  label: string
  status: ProofStatus
  /** The reviewer's reason when rejected. */
  note: string
  uploadedAt: string | null
  reviewedAt: string | null
  /** False once the image was deleted, 30 days after the verdict. */
  hasImage: boolean
}

/** GET/POST/DELETE profile/proof answer every kind. */
export interface ProofList {
  proofs: Proof[]
}

/** The most photos a member may keep (product.md "Photos and proofs"; server profile.MaxPhotos). */
export const MAX_PHOTOS = 10
/** The largest file the server accepts (server media.MaxUploadBytes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The shortest side the server accepts, in pixels (media.MinSide). */
export const MIN_IMAGE_SIDE = 100
/** The longest side the server accepts, in pixels (media.MaxSide). */
export const MAX_IMAGE_SIDE = 8000
/** The largest area the server accepts (media.MaxPixels). */
export const MAX_IMAGE_PIXELS = 40_000_000
/** The image types the server takes; it sniffs the content, the client only checks early. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** The accept attribute of the file inputs. */
export const ACCEPT_ATTR = ACCEPTED_TYPES.join(',')
