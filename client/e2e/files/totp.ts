import { createHmac } from 'node:crypto'

// A small RFC 6238 TOTP (HMAC-SHA1, 30-second steps), so the admin journeys can answer the back office's second
// factor from the secret the enrollment screen shows, as an authenticator app would.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Decodes RFC 4648 base32 (upper or lower case; spaces, hyphens and padding ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const ch of clean) {
    const i = BASE32.indexOf(ch)
    if (i < 0) throw new Error(`not base32: ${ch}`)
    value = (value << 5) | i
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8)
  msg.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(msg).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3]
  return String(bin % 10 ** digits).padStart(digits, '0')
}

/** The 30-second step a moment falls in. */
export function totpStep(atMs: number, stepSeconds = 30): number {
  return Math.floor(atMs / 1000 / stepSeconds)
}

/** RFC 6238 TOTP of a key (raw bytes, or a base32 secret as enrollment shows it) at a moment. */
export function totp(secret: string | Buffer, atMs = Date.now(), { digits = 6, stepSeconds = 30 } = {}): string {
  const key = typeof secret === 'string' ? base32Decode(secret) : secret
  return hotp(key, totpStep(atMs, stepSeconds), digits)
}
