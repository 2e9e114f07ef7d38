/** A photo as profiles carry it: a folder path and the small and large file names. */
export interface PhotoRef {
  imagePath: string
  images: { small: string; large: string }
  isDefault?: boolean
}

/** The member's default photo (or the first), or null when there is none. */
export function defaultPhoto<T extends PhotoRef>(photos: T[] | null | undefined): T | null {
  if (!photos?.length) return null
  return photos.find((p) => p.isDefault) ?? photos[0]
}

/** The URL of a photo: the API host (this origin) + imagePath + the large (or small) file, spec §7. */
export function photoUrl(photo: PhotoRef | null | undefined, size: 'large' | 'small' = 'large'): string | null {
  if (!photo?.imagePath) return null
  const file = photo.images?.[size] || photo.images?.large
  if (!file) return null
  return photo.imagePath.replace(/\/?$/, '/') + file
}

/**
 * A photo URL the media route will serve to this member: URLs that already carry a grant (`?g=`, as profiles and
 * lists sign them) stay as they are; names shared with many members (the chat's presence events) get the member's
 * own viewer grant. Without a grant the URL is returned as it is, and the image falls back to the default.
 */
export function grantedUrl(url: string | null, grant: string | undefined): string | null {
  if (!url || !grant || /[?&]g=/.test(url)) return url
  return url + (url.includes('?') ? '&' : '?') + 'g=' + encodeURIComponent(grant)
}
