import type { PickOption, PrefField, Preference, PreferenceOptions } from './types'

/** The server's preference messages (server/internal/profile/prefs.go), so both sides read the same. */
export const PREF_MSG = {
  ageRange: (minAge: number, maxAge: number) => `Please choose an age range between ${minAge} and ${maxAge}`,
  ageOrder: 'The minimum age cannot be more than the maximum age',
  heightOrder: 'The minimum height cannot be more than the maximum height',
  incomeOrder: 'The minimum income cannot be more than the maximum income',
  tooMany: (max: number) => `Please choose at most ${max} values`,
}

/** Field errors of the preference form, keyed like the server's 422 errors. */
export type PrefErrors = Partial<Record<PrefField, string>>

/** The position of an income code among the bands (lowest first), or -1 when open or unknown. */
function incomeRank(bands: PickOption<string>[], code: string): number {
  return code ? bands.findIndex((b) => b.value === code) : -1
}

/** Checks the ranges (min ≤ max, legal ages) and list sizes; returns only the fields in error. */
export function validatePreference(p: Preference, o: Pick<PreferenceOptions, 'minAge' | 'maxAge' | 'maxValues' | 'income'>): PrefErrors {
  const errs: PrefErrors = {}
  if (p.age.min < o.minAge || p.age.max > o.maxAge || p.age.max < o.minAge) errs.age = PREF_MSG.ageRange(o.minAge, o.maxAge)
  else if (p.age.min > p.age.max) errs.age = PREF_MSG.ageOrder
  if (p.height.min && p.height.max && p.height.min > p.height.max) errs.height = PREF_MSG.heightOrder
  const lo = incomeRank(o.income, p.income.min)
  const hi = incomeRank(o.income, p.income.max)
  if (lo >= 0 && hi >= 0 && lo > hi) errs.income = PREF_MSG.incomeOrder
  for (const f of LIST_FIELDS) {
    if (p[f].values.length > o.maxValues) errs[f] = PREF_MSG.tooMany(o.maxValues)
  }
  return errs
}

/** The list fields of a preference, in form order. */
export const LIST_FIELDS = ['maritalStatus', 'community', 'motherTongue', 'education', 'profession', 'country', 'state', 'city', 'diet', 'smoking', 'drinking'] as const

/** The body POST preference takes: names and labels are answers only, and an open field cannot be a must. */
export function toPayload(p: Preference): Preference {
  const out: Preference = {
    ...p,
    age: { ...p.age },
    height: { ...p.height, strict: (p.height.min > 0 || p.height.max > 0) && p.height.strict },
    income: { min: p.income.min, max: p.income.max, strict: (p.income.min !== '' || p.income.max !== '') && p.income.strict },
  }
  for (const f of LIST_FIELDS) {
    const l = p[f]
    ;(out as unknown as Record<string, unknown>)[f] = { values: [...l.values], strict: l.values.length > 0 && l.strict }
  }
  return out
}

