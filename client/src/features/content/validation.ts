import type { FieldErrors } from '../../lib/useForm'
import type { ContactMessage, StorySubmission } from './types'

/** Field errors keyed by field name (from the shared form helper). */
export type { FieldErrors }

const NAME_RE = /^[A-Za-z][A-Za-z .']*$/
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const PHONE_RE = /^[6-9]\d{9}$/

/** Name: letters and spaces, 3–50 characters. */
export function validateName(value: string, label = 'Name'): string | undefined {
  const v = value.trim()
  if (!v) return `${label} is required`
  if (!NAME_RE.test(v)) return 'Name can only contain letters'
  if (v.length < 3) return 'Minimum 3 characters required'
  if (v.length > 50) return 'Maximum 50 characters allowed'
  return undefined
}

/** Email: required and well-formed. */
export function validateEmail(value: string): string | undefined {
  const v = value.trim()
  if (!v) return 'Email is required'
  if (!EMAIL_RE.test(v) || v.length > 254) return 'Please enter a valid email address'
  return undefined
}

/** Indian mobile: 10 digits starting 6–9 (spec §5); empty is allowed when optional. */
export function validatePhone(value: string, required = false): string | undefined {
  const v = value.replace(/[\s-]/g, '')
  if (!v) return required ? 'Phone number is required' : undefined
  if (!PHONE_RE.test(v)) return 'Phone number is not valid'
  return undefined
}

/** The contact-us form rules, mirroring the server. */
export function validateContact(m: ContactMessage): FieldErrors<ContactMessage> {
  const e: FieldErrors<ContactMessage> = {}
  e.name = validateName(m.name)
  e.email = validateEmail(m.email)
  e.phone = validatePhone(m.phone)
  const subject = m.subject.trim()
  if (!subject) e.subject = 'Subject is required'
  else if (subject.length > 120) e.subject = 'Maximum 120 characters allowed'
  const msg = m.message.trim()
  if (!msg) e.message = 'Message is required'
  else if (msg.length < 10) e.message = 'Minimum 10 characters required'
  else if (msg.length > 2000) e.message = 'Maximum 2000 characters allowed'
  return prune(e)
}

/** The success-story submission rules. */
export function validateStory(s: StorySubmission): FieldErrors<StorySubmission> {
  const e: FieldErrors<StorySubmission> = {}
  e.brideName = validateName(s.brideName, "Bride's name")
  e.groomName = validateName(s.groomName, "Groom's name")
  e.email = validateEmail(s.email)
  e.phone = validatePhone(s.phone)
  if (!s.weddingDate) e.weddingDate = 'Wedding date is required'
  else if (new Date(s.weddingDate).getTime() > Date.now() + 366 * 864e5) e.weddingDate = 'Please enter a valid wedding date'
  const story = s.story.trim()
  if (!story) e.story = 'Please share your story'
  else if (story.length < 50) e.story = 'Minimum 50 characters required'
  else if (story.length > 5000) e.story = 'Maximum 5000 characters allowed'
  return prune(e)
}

function prune<T>(e: FieldErrors<T>): FieldErrors<T> {
  for (const k of Object.keys(e) as (keyof T)[]) if (!e[k]) delete e[k]
  return e
}
