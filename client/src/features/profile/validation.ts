// Client-side checks that mirror PUT profile's server rules (server/internal/profile/update.go), so most mistakes
// are caught before a round trip on a slow connection. The server stays the judge: its 422 messages show too.

/** The messages, word for word as the server (and spec §5) gives them. */
export const MSG = {
  nameRequired: 'Name is required',
  nameLetters: 'Name can only contain letters',
  nameMin: 'Minimum 3 characters required',
  nameMax: 'Maximum 25 character allowed',
  profileNameMax: 'Maximum 30 character allowed',
  noContact: 'Please do not share phone numbers or e-mail addresses here',
  plainText: 'Please use plain text only',
  aboutMeMin: 'Please write at least 30 characters about yourself',
  aboutMeRequired: 'Please write a few lines about yourself',
  languageRequired: 'Language is required',
  religionRequired: 'Religion is required',
  communityRequired: 'Community is required',
  heightRequired: 'Please select a valid height',
  incomeRequired: 'Please select a valid income',
  maritalRequired: 'Please select a valid marital status',
  createdByRequired: 'Please select who is creating this profile',
  physicalRequired: 'Please select a valid physical status',
  degreeRequired: 'Please select a valid degree',
  professionRequired: 'Please select a valid profession',
  countryRequired: 'Please select a valid country',
  stateRequired: 'Please select a valid state',
  cityRequired: 'Please select a valid city',
  familyTypeRequired: 'Please select a valid family type',
  familyValuesRequired: 'Please select valid family values',
  parentOccupation: "Please tell us the father's or mother's occupation",
  dietRequired: 'Please select a valid diet',
  smokingRequired: 'Please select a valid smoking habit',
  drinkingRequired: 'Please select a valid drinking habit',
} as const

/** Text limits in characters, as the server has them. */
export const LIMITS = {
  nameMin: 3,
  nameMax: 25,
  profileNameMax: 30,
  shortText: 100,
  parish: 150,
  siblings: 200,
  aboutMin: 30,
  about: 2000,
  maxNewlines: 40,
} as const

/**
 * Letters, with the vowel signs and viramas (combining marks) that Malayalam, Tamil and other Indian scripts need
 * for almost every name, plus space, dot, apostrophe and hyphen.
 */
const NAME_RE = /^\p{L}[\p{L}\p{M} .'-]*$/u
/** Control characters other than tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
/** Phone numbers (ten or more digits, however spaced) and e-mail addresses in free text, as the server finds them. */
const CONTACT_RE = /(?:\d[\s\-().+]{0,3}){10,}|[A-Za-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/

/** Characters, not UTF-16 units: a Malayalam or Tamil name counts as the server counts it. */
export function charCount(s: string): number {
  return Array.from(s).length
}

/** Trims and collapses the spaces of a one-line text, as the server stores it. */
export function normalizeLine(s: string): string {
  return s.trim().split(/\s+/).filter(Boolean).join(' ')
}

/** Trims a multi-line text and each of its lines, as the server stores it. */
export function normalizeBlock(s: string): string {
  return s
    .replace(/\r/g, '')
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
}

/** The member's name: letters only, 3 to 25 characters (spec §5). */
export function validateName(value: string): string | undefined {
  const v = normalizeLine(value)
  if (!v) return MSG.nameRequired
  if (!NAME_RE.test(v)) return MSG.nameLetters
  const n = charCount(v)
  if (n < LIMITS.nameMin) return MSG.nameMin
  if (n > LIMITS.nameMax) return MSG.nameMax
  return undefined
}

/** The optional profile name: letters only, 3 to 30 characters (spec §5: profile name up to 30). */
export function validateProfileName(value: string): string | undefined {
  const v = normalizeLine(value)
  if (!v) return undefined
  if (!NAME_RE.test(v)) return MSG.nameLetters
  const n = charCount(v)
  if (n < LIMITS.nameMin) return MSG.nameMin
  if (n > LIMITS.profileNameMax) return MSG.profileNameMax
  return undefined
}

/**
 * Free text: no markup brackets or control characters, line breaks only in a multi-line text (at most 40), at most
 * `max` characters, and no phone number or e-mail address (those are shared only through contact views).
 */
export function validateText(value: string, max: number, multiline = false): string | undefined {
  const v = multiline ? normalizeBlock(value) : normalizeLine(value)
  if (/[<>]/.test(v) || CONTROL_RE.test(v)) return MSG.plainText
  const lines = v.split('\n').length - 1
  if (lines > 0 && (!multiline || lines > LIMITS.maxNewlines)) return MSG.plainText
  if (charCount(v) > max) return `Maximum ${max} characters allowed`
  if (CONTACT_RE.test(v)) return MSG.noContact
  return undefined
}

/** "About me": required here (the profile is not complete without it), 30 to 2000 characters, plain text. */
export function validateAboutMe(value: string): string | undefined {
  const v = normalizeBlock(value)
  if (!v) return MSG.aboutMeRequired
  const t = validateText(v, LIMITS.about, true)
  if (t) return t
  if (charCount(v) < LIMITS.aboutMin) return MSG.aboutMeMin
  return undefined
}

/** A required choice: the message when nothing is chosen. */
export function required(value: string, message: string): string | undefined {
  return value ? undefined : message
}

/** Drops the fields without an error, so `Object.keys` lists only real errors. */
export function prune<T extends Record<string, string | undefined>>(errors: T): Partial<Record<keyof T, string>> {
  const out: Partial<Record<keyof T, string>> = {}
  for (const [k, v] of Object.entries(errors)) if (v) out[k as keyof T] = v
  return out
}
