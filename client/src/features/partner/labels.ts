import type { Badge, ProfileOptions } from './types'
import { ACTIVITY_WORDS } from '../../entities/member'

/** "never_married" → "Never married": a readable fallback while the labels load. */
export function humanize(code: string): string {
  const s = code.replace(/[_-]+/g, ' ').trim()
  return s ? s[0].toUpperCase() + s.slice(1) : ''
}

/** The label of a coded value from GET profile/options, else a readable form of the code; "" for no value. */
export function labelOf(options: ProfileOptions | undefined, list: string, value: string | null | undefined): string {
  if (!value) return ''
  return options?.enums[list]?.find((o) => o.value === value)?.label ?? humanize(value)
}

/** The coarse last-active values of the partner view, in words (the member entity's). */
export const LAST_ACTIVE: Record<string, string> = ACTIVITY_WORDS

/** What each badge means: what was checked, and how (product.md "Badges"). */
export const BADGE_MEANING: Record<Badge['kind'], string> = {
  mobile: 'Mobile number confirmed with a one-time password (OTP)',
  email: 'E-mail address confirmed through an activation link',
  id: 'Our team reviewed an identity document',
  parish: 'Our team reviewed a letter from the parish',
}

/** He/she, his/her and himself/herself for a gender code (10 groom, 20 bride). */
export function pronouns(gender: number): { they: string; their: string; self: string } {
  return gender === 10 ? { they: 'he', their: 'his', self: 'himself' } : { they: 'she', their: 'her', self: 'herself' }
}
