import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import { baseURL, expect } from '../fixtures'

// Members for the photo and profile-view journeys, made through the API (the registration screens have their own
// spec), with unique e-mails and phone numbers per run and worker.

/** A demo member's password (db seed). */
export const DEMO_PASSWORD = 'Demo@1234'

/** A signed-in member as the tests know them. */
export interface Member {
  name: string
  email: string
  phone: string
  password: string
  gender: 10 | 20
  token: string
  refreshToken: string
  profileID: string
}

interface Envelope<T> {
  meta: { code: number; message: string }
  data: T
}

let seq = 0

/** Letters only (names may contain letters only), different on every call. */
function letters(n: number): string {
  const a = 'abcdefghijklmnopqrstuvwxyz'
  let out = ''
  let x = Date.now() * 1000 + process.pid * 10 + seq++
  for (let i = 0; i < n; i++) {
    out += a[(x + Math.floor(Math.random() * 26)) % 26]
    x = Math.floor(x / 7)
  }
  return out
}

/** A valid Indian mobile number unlikely to repeat across runs and workers. */
function mobile(): string {
  const tail = String((Date.now() + process.pid * 7919 + seq++ * 104729) % 1_000_000_000).padStart(9, '0')
  return '9' + tail
}

/** Calls /api/v1 with an optional bearer token and returns the status and envelope. */
export async function call<T>(request: APIRequestContext, token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  const res = await request.fetch(baseURL() + '/api/v1/' + path, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: body,
  })
  const env = (await res.json()) as Envelope<T>
  return { status: res.status(), meta: env.meta, data: env.data }
}

async function firstId(request: APIRequestContext, kind: string): Promise<number> {
  const r = await call<{ id: number }[]>(request, null, 'GET', `master/${kind}`)
  expect(r.status).toBe(200)
  return r.data[0].id
}

/** Registers a new member (bride 20, groom 10) through POST auth/register. */
export async function registerMember(request: APIRequestContext, gender: 10 | 20, first: string): Promise<Member> {
  const [religionId, communityId, motherTongueId] = await Promise.all([firstId(request, 'religion'), firstId(request, 'community'), firstId(request, 'language')])
  const name = `${first} ${letters(7)}`
  const email = `e2e.photo.${Date.now()}.${process.pid}.${seq++}.${letters(4)}@example.in`
  const phone = mobile()
  const password = 'Photo@1234'
  const r = await call<{ token: string; refreshToken: string; profile: { profileID: string } }>(request, null, 'POST', 'auth/register', {
    name,
    gender,
    dateOfBirth: gender === 20 ? '1996-04-12' : '1992-08-30',
    profileCreatedBy: 'self',
    email,
    phoneCode: '+91',
    phone,
    password,
    confirmPassword: password,
    religionId,
    communityId,
    motherTongueId,
  })
  expect(r.status, r.meta.message).toBe(200)
  return { name, email, phone, password, gender, token: r.data.token, refreshToken: r.data.refreshToken, profileID: r.data.profile.profileID }
}

/** Logs a member in with a password (POST auth/login) and returns the tokens. */
export async function login(request: APIRequestContext, email: string, password: string) {
  const r = await call<{ token: string; refreshToken: string; profile: { profileID: string; userName: string } }>(request, null, 'POST', 'auth/login', {
    email,
    pwd: password,
    loginType: 'password',
    otp: '',
  })
  expect(r.status, r.meta.message).toBe(200)
  return r.data
}

/** Puts a session into the page's storage, as a login does, then opens path (the app restores the session from it). */
export async function openAs(page: Page, session: { token: string; refreshToken: string }, path: string) {
  await page.goto('/about-us')
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token)
    localStorage.setItem('refreshToken', s.refreshToken)
  }, session)
  await page.goto(path)
}

interface Outbox {
  mail: { to: string; subject: string; text: string }[]
  sms: { to: string; text: string }[]
}

async function outbox(request: APIRequestContext): Promise<Outbox> {
  const res = await request.get(baseURL() + '/dev/outbox')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: Outbox }).data
}

/** Activates the member's e-mail with the token of the activation mail in the dev outbox. */
export async function activateEmail(request: APIRequestContext, m: Member) {
  let token = ''
  await expect
    .poll(async () => {
      const mail = (await outbox(request)).mail.find((x) => x.to === m.email && /activate/i.test(x.subject))
      token = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? ''
      return token
    })
    .not.toBe('')
  const r = await call(request, null, 'POST', 'auth/activate', { token })
  expect(r.status, r.meta.message).toBe(200)
}

/** Verifies the member's mobile with the OTP the dev outbox received. */
export async function verifyMobile(request: APIRequestContext, m: Member) {
  const sent = await call(request, m.token, 'GET', 'user/mobile-otp')
  expect(sent.status, sent.meta.message).toBe(200)
  let otp = ''
  await expect
    .poll(async () => {
      const sms = (await outbox(request)).sms.find((s) => s.to === '+91' + m.phone)
      otp = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? ''
      return otp
    })
    .not.toBe('')
  const r = await call(request, m.token, 'PATCH', 'user/mobile-verify', { otp })
  expect(r.status, r.meta.message).toBe(200)
}

/** Uploads a photo through the API (multipart field "image"). */
export async function uploadPhoto(request: APIRequestContext, token: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const res = await request.post(baseURL() + '/api/v1/profile/images', { headers: { Authorization: `Bearer ${token}` }, multipart: { image: file } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as Envelope<{ photos: { photoId: string; imagePath: string; images: { small: string; large: string }; isDefault: boolean }[] }>).data.photos
}

/** A demo member signed in through the API. */
export interface DemoMember {
  email: string
  name: string
  profileID: string
  token: string
  refreshToken: string
}

/** Signs in demo bride or groom number n (demo.bride.057@…) through the API. */
export async function demo(request: APIRequestContext, kind: 'bride' | 'groom', n: number): Promise<DemoMember> {
  const email = `demo.${kind}.${String(n).padStart(3, '0')}@demo.tfmmatrimony.in`
  const s = await login(request, email, DEMO_PASSWORD)
  return { email, name: s.profile.userName, profileID: s.profile.profileID, token: s.token, refreshToken: s.refreshToken }
}

/** A browser context of its own for a member (the session put where the app keeps it; none for a visitor), at 1280 or 360 px. */
export async function browse(browser: Browser, m: DemoMember | null, path: string, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    phone ? { baseURL: baseURL(), viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-IN' } : { baseURL: baseURL(), locale: 'en-IN' },
  )
  const page = await context.newPage()
  if (m) await openAs(page, m, path)
  else await page.goto(path)
  return { context, page }
}
