/** The server's messages for the contact person (server/internal/profile/settings.go and update.go). */
export const CONTACT_MSG = {
  nameLetters: 'Name can only contain letters',
  nameMin: 'Minimum 3 characters required',
  max50: 'Maximum 50 characters allowed',
  plainText: 'Please use plain text only',
  noContact: 'Please do not share phone numbers or e-mail addresses here',
}

/** The contact person form. */
export interface ContactPersonValues {
  contactPerson: string
  contactRelation: string
  callTime: string
}

/** Letters in any script (with their combining marks, as Malayalam and Tamil need), spaces, dots, apostrophes, hyphens. */
const NAME = /^\p{L}[\p{L}\p{M} .'-]*$/u
/** Phone numbers (ten or more digits, however spaced) and e-mail addresses, as the server finds them in free text. */
const CONTACT_IN_TEXT = /(?:\d[\s\-().+]{0,3}){10,}|[A-Za-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/

/** Trims and collapses spaces, as the server stores a one-line text. */
export const oneLine = (s: string) => s.trim().split(/\s+/).filter(Boolean).join(' ')

/** Checks the contact person form; every field may be empty. */
export function validateContactPerson(v: ContactPersonValues): Partial<Record<keyof ContactPersonValues, string>> {
  const out: Partial<Record<keyof ContactPersonValues, string>> = {}
  const name = oneLine(v.contactPerson)
  if (name) {
    if (!NAME.test(name)) out.contactPerson = CONTACT_MSG.nameLetters
    else if ([...name].length < 3) out.contactPerson = CONTACT_MSG.nameMin
    else if ([...name].length > 50) out.contactPerson = CONTACT_MSG.max50
  }
  const time = oneLine(v.callTime)
  if (/[<>]/.test(time)) out.callTime = CONTACT_MSG.plainText
  else if ([...time].length > 50) out.callTime = CONTACT_MSG.max50
  else if (CONTACT_IN_TEXT.test(time)) out.callTime = CONTACT_MSG.noContact
  return out
}

/** How other members see a number before a contact view, as the server masks it: the first 4 digits (spec §9). */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? 'X'.repeat(phone.length) : phone.slice(0, 4) + 'X'.repeat(phone.length - 4)
}

/** How other members see an e-mail before a contact view, as the server masks it: a fixed mask for the local part. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 0 ? 'XXXXXX' : 'XXXXXX' + email.slice(at)
}
