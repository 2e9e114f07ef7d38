import type { ActiveWithin, DistanceBand, PreferenceKey } from './types'

/** Each preference key in the words a member reads ("community" is a denomination to our members). */
export const PREFERENCE_WORDS: Record<PreferenceKey, string> = {
  age: 'age',
  height: 'height',
  maritalStatus: 'marital status',
  community: 'denomination',
  motherTongue: 'mother tongue',
  education: 'education',
  profession: 'profession',
  income: 'income',
  country: 'country',
  state: 'state',
  city: 'city',
  diet: 'diet',
  smoking: 'smoking',
  drinking: 'drinking',
}

/** "age, denomination, city": the keys in plain words, in the order given; unknown keys are left out. */
export function preferenceWords(keys: readonly string[] | undefined): string {
  return (keys ?? [])
    .map((k) => PREFERENCE_WORDS[k as PreferenceKey])
    .filter(Boolean)
    .join(', ')
}

/** A nearby member's distance band as the card says it. */
export const DISTANCE_WORDS: Record<DistanceBand, string> = {
  under10: 'Under 10 km',
  under25: 'Under 25 km',
  under50: 'Under 50 km',
}

/** When a member was last active, in the coarse bands the server gives (profile.LastActive), as cards and profiles say it. */
export const ACTIVITY_WORDS: Record<ActiveWithin, string> = {
  today: 'Active today',
  this_week: 'Active this week',
  this_month: 'Active this month',
  earlier: 'Active more than a month ago',
}

/** The verification badges of a card (kinds mobile, email, id, parish). */
export const BADGE_WORDS: Record<string, string> = {
  mobile: 'Mobile verified',
  email: 'Email verified',
  id: 'ID verified',
  parish: 'Parish letter verified',
}

const count = new Intl.NumberFormat('en-IN')

/** "1 profile", "24 profiles", "1,000+ profiles" (a capped total). */
export function profilesTotal(total: number, capped: boolean): string {
  if (capped) return `${count.format(total)}+ profiles`
  return total === 1 ? '1 profile' : `${count.format(total)} profiles`
}

/** The pronoun for a member of gender 10 (groom) or 20 (bride). */
export function pronoun(gender: number | undefined): { they: string; them: string } {
  if (gender === 10) return { they: 'he', them: 'him' }
  if (gender === 20) return { they: 'she', them: 'her' }
  return { they: 'they', them: 'them' }
}

// The reasons live in lib/ so that the admin back office names them the same way.
export { REPORT_REASONS, reportReasonWords } from '../../lib/reportReasons'
export type { ReportReason } from '../../lib/reportReasons'

/** The longest report text the server takes, in characters. */
export const MAX_REPORT_DETAILS = 1000
