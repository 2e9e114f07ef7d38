import type { FieldErrors } from '../../lib/useForm'
import { PASSWORD_MSG, validatePassword } from '../../lib/passwordRule'

// The password rule lives in lib (the admin back office's initial passwords follow it too).
export { validatePassword }

/** The messages of spec §5 (spelling as the spec has it) and the server's own wording for the rest. */
export const MSG = {
  ...PASSWORD_MSG,
  passwordMismatch: 'Passwords does not match',
  confirmRequired: 'Please confirm your password',
  oldPasswordRequired: 'Current password is required',
  phoneNotValid: 'Phone number is not valid',
  phoneInvalid: 'Invalid Phone number',
  phoneRequired: 'Phone number is required',
  phoneCodeRequired: 'Phone code is required',
  phoneCodeInvalid: 'Phone code is not valid',
  nameRequired: 'Name is required',
  nameLetters: 'Name can only contain letters',
  nameMin: 'Minimum 3 characters required',
  nameMax: 'Maximum 25 character allowed',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  genderRequired: 'Gender is required',
  dobRequired: 'Date of birth is required',
  dobInvalid: 'Please enter a valid date of birth',
  brideTooYoung: 'The bride must be at least 18 years old',
  groomTooYoung: 'The groom must be at least 21 years old',
  createdByRequired: 'Profile created by is required',
  religionRequired: 'Religion is required',
  communityRequired: 'Community is required',
  languageRequired: 'Language is required',
  otpRequired: 'Please enter the 6-digit OTP',
  otpInvalid: 'Invalid OTP',
} as const

/** Gender codes (spec §3): 10 groom, 20 bride. */
export const GROOM = 10
export const BRIDE = 20

/** Minimum ages as Indian law sets them (product.md). */
export const MIN_AGE_BRIDE = 18
export const MIN_AGE_GROOM = 21

// Letters plus the combining signs of Indian scripts (a Malayalam or Tamil name has vowel signs and viramas).
const NAME_RE = /^\p{L}[\p{L}\p{M} .'-]*$/u
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INDIAN_MOBILE_RE = /^[6-9]\d{9}$/
const OTHER_PHONE_RE = /^\d{6,14}$/
const PHONE_CODE_RE = /^\+[1-9]\d{0,3}$/

/** The confirmation must equal the password ("Passwords does not match"). */
export function validateConfirm(password: string, confirm: string): string | undefined {
  if (!confirm) return MSG.confirmRequired
  if (confirm !== password) return MSG.passwordMismatch
  return undefined
}

/** A person's name: letters and spaces, 3–25 characters (spec §5). */
export function validatePersonName(value: string): string | undefined {
  const v = value.trim().replace(/\s+/g, ' ')
  if (!v) return MSG.nameRequired
  if (!NAME_RE.test(v)) return MSG.nameLetters
  const n = [...v].length
  if (n < 3) return MSG.nameMin
  if (n > 25) return MSG.nameMax
  return undefined
}

/** E-mail: required and well formed. */
export function validateEmailAddress(value: string): string | undefined {
  const v = value.trim()
  if (!v) return MSG.emailRequired
  if (!EMAIL_RE.test(v) || v.length > 191) return MSG.emailInvalid
  return undefined
}

/** A country calling code such as +91. */
export function validatePhoneCode(code: string): string | undefined {
  if (!code) return MSG.phoneCodeRequired
  if (!PHONE_CODE_RE.test(code)) return MSG.phoneCodeInvalid
  return undefined
}

/** A mobile number: for +91, 10 digits starting 6–9 ("Phone number is not valid"); one digit repeated is "Invalid Phone number". */
export function validateMobile(phone: string, code = '+91'): string | undefined {
  const v = phone.trim()
  if (!v) return MSG.phoneRequired
  const ok = code === '+91' ? INDIAN_MOBILE_RE.test(v) : OTHER_PHONE_RE.test(v)
  if (!ok) return MSG.phoneNotValid
  if (v.split('').every((c) => c === v[0])) return MSG.phoneInvalid
  return undefined
}

/** Whole years between a YYYY-MM-DD date and today. */
export function ageOn(dob: string, today = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number)
  let age = today.getFullYear() - y
  const month = today.getMonth() + 1
  if (month < m || (month === m && today.getDate() < d)) age--
  return age
}

/** The latest date of birth allowed for a gender, as YYYY-MM-DD (for the date picker's max). */
export function latestBirthDate(gender: number, today = new Date()): string {
  const years = gender === GROOM ? MIN_AGE_GROOM : MIN_AGE_BRIDE
  const d = new Date(today.getFullYear() - years, today.getMonth(), today.getDate())
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
}

/** Date of birth: a real past date, at most 100 years ago; a bride at least 18 and a groom at least 21. */
export function validateDob(dob: string, gender: number, today = new Date()): string | undefined {
  if (!dob) return MSG.dobRequired
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob)
  if (!m) return MSG.dobInvalid
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (date.getMonth() !== Number(m[2]) - 1 || date > today) return MSG.dobInvalid
  const age = ageOn(dob, today)
  if (age > 100) return MSG.dobInvalid
  if (gender === BRIDE && age < MIN_AGE_BRIDE) return MSG.brideTooYoung
  if (gender === GROOM && age < MIN_AGE_GROOM) return MSG.groomTooYoung
  return undefined
}

/** A 6-digit OTP. */
export function validateOtp(otp: string): string | undefined {
  if (!otp) return MSG.otpRequired
  if (!/^\d{6}$/.test(otp)) return MSG.otpInvalid
  return undefined
}

/** The registration form as the inputs hold it (all strings). */
export interface RegisterValues {
  profileCreatedBy: string
  name: string
  gender: string
  dateOfBirth: string
  email: string
  phoneCode: string
  phone: string
  password: string
  confirmPassword: string
  religionId: string
  communityId: string
  motherTongueId: string
}

/** The fields of each registration step, in form order (the server's steps 1, 2 and 3). */
export const REGISTER_STEP_FIELDS: Record<1 | 2 | 3, (keyof RegisterValues)[]> = {
  1: ['profileCreatedBy', 'name', 'gender', 'dateOfBirth'],
  2: ['email', 'phoneCode', 'phone', 'password', 'confirmPassword'],
  3: ['religionId', 'communityId', 'motherTongueId'],
}

/** The client-side checks of one registration step (the server repeats them). */
export function validateRegisterStep(step: 1 | 2 | 3, v: RegisterValues, today = new Date()): FieldErrors<RegisterValues> {
  const e: FieldErrors<RegisterValues> = {}
  if (step === 1) {
    if (!v.profileCreatedBy) e.profileCreatedBy = MSG.createdByRequired
    e.name = validatePersonName(v.name)
    if (!v.gender) e.gender = MSG.genderRequired
    e.dateOfBirth = validateDob(v.dateOfBirth, Number(v.gender), today)
  } else if (step === 2) {
    e.email = validateEmailAddress(v.email)
    e.phoneCode = validatePhoneCode(v.phoneCode)
    if (!e.phoneCode) e.phone = validateMobile(v.phone, v.phoneCode)
    e.password = validatePassword(v.password)
    e.confirmPassword = validateConfirm(v.password, v.confirmPassword)
  } else {
    if (!v.religionId) e.religionId = MSG.religionRequired
    if (!v.communityId) e.communityId = MSG.communityRequired
    if (!v.motherTongueId) e.motherTongueId = MSG.languageRequired
  }
  return prune(e)
}

/** Drops the keys whose check passed. */
export function prune<T>(e: FieldErrors<T>): FieldErrors<T> {
  for (const k of Object.keys(e) as (keyof T)[]) if (!e[k]) delete e[k]
  return e
}
