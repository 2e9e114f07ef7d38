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
