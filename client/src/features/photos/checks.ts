import { ACCEPTED_TYPES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_PHOTOS, MAX_UPLOAD_BYTES, MIN_IMAGE_SIDE } from './types'

/** The server's own words for refused images (server/internal/media/image.go, profile/photos.go), shown early here. */
export const IMAGE_MESSAGES = {
  notAnImage: 'Please upload a JPEG, PNG or WebP image',
  tooBig: 'The image must be 10 MB or smaller',
  tooFewPixels: 'The image is too small; it must be at least 100 pixels on each side',
  tooManyPixels: 'The image is too large; it may be at most 8000 pixels on a side and 40 megapixels in all',
  broken: 'The image could not be read; please upload another one',
  tooMany: 'You can upload up to 10 photos; please delete one first',
  empty: 'This file is empty; please choose another one',
} as const

const EXTENSIONS: Record<string, (typeof ACCEPTED_TYPES)[number]> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/** The image type of a chosen file: its declared type, else its extension (some phones declare none); null when neither fits. */
export function imageType(file: Pick<File, 'name' | 'type'>): (typeof ACCEPTED_TYPES)[number] | null {
  const declared = file.type.toLowerCase()
  if ((ACCEPTED_TYPES as readonly string[]).includes(declared)) return declared as (typeof ACCEPTED_TYPES)[number]
  if (declared && declared !== 'application/octet-stream') return null
  const ext = file.name.toLowerCase().split('.').pop() ?? ''
  return EXTENSIONS[ext] ?? null
}

/** A friendly early refusal of a chosen file (type and size); null when it may go to the server, which checks for real. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!imageType(file)) return IMAGE_MESSAGES.notAnImage
  if (file.size === 0) return IMAGE_MESSAGES.empty
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_MESSAGES.tooBig
  return null
}

/** A refusal of an image by its pixel size, as the server would refuse it; null when it fits. */
export function dimensionProblem(width: number, height: number): string | null {
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) return IMAGE_MESSAGES.tooFewPixels
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) return IMAGE_MESSAGES.tooManyPixels
  return null
}

/** How many more photos the member may add. */
export function slotsLeft(current: number): number {
  return Math.max(0, MAX_PHOTOS - current)
}

/** "2.4 MB" / "830 KB": a file size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
