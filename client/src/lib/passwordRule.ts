/** The password rule's messages (spec §5, spelling as the spec has it). */
export const PASSWORD_MSG = {
  passwordRule: 'Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Case Character',
  passwordMax: 'Maximun 20 Characters are allowed',
  passwordRequired: 'Password is required',
} as const

/** The special characters a password needs one of. */
const SPECIALS = '!@#$%^&*'

/**
 * Spec §5 password rule: 8–20 printable ASCII characters with a lowercase, an uppercase, a digit and one of !@#$%^&*.
 * Members' passwords and the initial passwords of admins follow it.
 */
export function validatePassword(p: string): string | undefined {
  if (!p) return PASSWORD_MSG.passwordRequired
  if ([...p].length > 20) return PASSWORD_MSG.passwordMax
  let lower = false
  let upper = false
  let digit = false
  let special = false
  for (const ch of p) {
    const c = ch.codePointAt(0) ?? 0
    if (c < 0x20 || c > 0x7e) return PASSWORD_MSG.passwordRule
    if (ch >= 'a' && ch <= 'z') lower = true
    else if (ch >= 'A' && ch <= 'Z') upper = true
    else if (ch >= '0' && ch <= '9') digit = true
    else if (SPECIALS.includes(ch)) special = true
  }
  if (p.length < 8 || !lower || !upper || !digit || !special) return PASSWORD_MSG.passwordRule
  return undefined
}
