import { useState } from 'react'

/** Gender code 10 is a groom, 20 a bride (spec §3). */
export function defaultAvatar(gender: number | undefined): string {
  return gender === 10 ? '/images/avatar-male.svg' : '/images/avatar-female.svg'
}

interface MemberPhotoProps {
  src?: string | null
  gender: number | undefined
  alt: string
  size?: number
  className?: string
}

/**
 * A member's picture that falls back to the gender default avatar on error or when absent (spec §8). The fallback
 * holds for the URL that failed only: a new URL (a fresh grant, another photo) is tried again.
 */
export default function MemberPhoto({ src, gender, alt, size = 125, className }: MemberPhotoProps) {
  const fallback = defaultAvatar(gender)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = !!src && failedSrc === src
  const url = !src || failed ? fallback : src
  return (
    <img
      className={className}
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (src && !failed) setFailedSrc(src)
      }}
    />
  )
}
