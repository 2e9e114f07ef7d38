import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { E2E_DIR } from './state'
import { baseURL, expect, test } from './fixtures'
import { letters, loginWithPassword, mobile, register as registerMember } from './members'
import type { Person } from './members'

// Accounts journeys against the real binary. Mail and SMS go to the dev outbox (GET /dev/outbox, newest first),
// where the tests read activation links, reset links and OTPs.

const SHOTS = path.resolve(E2E_DIR, '../test-results/screenshots')
mkdirSync(SHOTS, { recursive: true })

const DEMO_BRIDE = 'demo.bride.001@demo.tfmmatrimony.in'
const DEMO_GROOM = 'demo.groom.001@demo.tfmmatrimony.in'
const DEMO_PASSWORD = 'Demo@1234'

interface Outbox {
  mail: { to: string; subject: string; text: string; html: string; at: string }[]
  sms: { to: string; text: string; at: string }[]
}

async function outbox(request: APIRequestContext): Promise<Outbox> {
  const res = await request.get(baseURL() + '/dev/outbox')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: Outbox }).data
}

/** Waits for a new mail to `to` whose subject matches, and returns the site path of its link (e.g. /activate?token=…). */
async function linkFromMail(request: APIRequestContext, to: string, subject: RegExp, linkPath: string, seen = 0): Promise<string> {
  let text = ''
  await expect
    .poll(
      async () => {
        const mails = (await outbox(request)).mail.filter((m) => m.to === to && subject.test(m.subject))
        text = mails.length > seen ? mails[0].text : ''
        return text
      },
      { timeout: 15_000 },
    )
    .not.toBe('')
  const m = new RegExp(`https?://[^\\s]+?(${linkPath.replace('/', '\\/')}\\?token=[A-Za-z0-9_\\-]+)`).exec(text)
  expect(m, `link ${linkPath} in: ${text}`).not.toBeNull()
  return m![1]
}

async function mailCount(request: APIRequestContext, to: string, subject: RegExp): Promise<number> {
  return (await outbox(request)).mail.filter((m) => m.to === to && subject.test(m.subject)).length
}

async function smsCount(request: APIRequestContext, to: string): Promise<number> {
  return (await outbox(request)).sms.filter((s) => s.to === to).length
}

/** Waits for an SMS beyond the `seen` ones already sent to `to`, and returns its 6-digit OTP. */
async function otpFromSms(request: APIRequestContext, to: string, seen: number): Promise<string> {
  let otp = ''
  await expect
    .poll(
      async () => {
        const sms = (await outbox(request)).sms.filter((s) => s.to === to)
        otp = sms.length > seen ? (/\b(\d{6})\b/.exec(sms[0].text)?.[1] ?? '') : ''
        return otp
      },
      { timeout: 15_000 },
    )
    .not.toBe('')
  return otp
}

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('.Toastify').getByText(text).first()).toBeVisible()
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false })
}

async function logoutFromHeader(page: Page, name: string) {
  await page.getByRole('button', { name: `Profile menu of ${name}` }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await toast(page, 'Logged Out Successfully')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
}

/** Goes through the three registration steps and lands on /my-matrimony. */
async function register(page: Page, p: Person, password: string, screenshots = false) {
  await registerMember(page, p, password, screenshots ? (name) => shot(page, name) : undefined)
}

test('the account journey: register, activate, verify mobile, logout, login, change and reset password, hide, export, delete, register again', async ({ page, request }) => {
  test.setTimeout(240_000)
  const p: Person = { name: 'Asha ' + letters(8), email: `e2e.${Date.now()}.${letters(4)}@example.in`, phone: mobile(), dob: '1996-04-12' }
  const first = 'Start@8264'
  const second = 'Change@5678'
  const third = 'Reset@9012'

  await test.step('register through the three steps', async () => {
    await register(page, p, first, true)
    await expect(page.locator('.member-card-lg').getByText('Email not verified')).toBeVisible()
    await expect(page.locator('.member-card-lg').getByText('Mobile not verified')).toBeVisible()
    await shot(page, 'dashboard-1280')
  })

  await test.step('the client-side rules and the server duplicate checks show under the fields', async () => {
    // A second visitor context, so the registered session stays as it is.
    const ctx = await page.context().browser()!.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } })
    const other = await ctx.newPage()
    await other.goto('/register')
    await other.getByRole('button', { name: 'Continue' }).click()
    await expect(other.getByText('Profile created by is required')).toBeVisible()
    await expect(other.getByText('Name is required')).toBeVisible()
    await other.getByLabel(/This profile is for/).selectOption('parent')
    await other.getByLabel(/name/).first().fill('Ravi Kumar')
    await other.getByLabel('Groom', { exact: true }).check()
    await other.getByLabel(/Date of birth/).fill('2010-01-01')
    await other.getByRole('button', { name: 'Continue' }).click()
    await expect(other.getByText('The groom must be at least 21 years old')).toBeVisible()
    await other.getByLabel(/Date of birth/).fill('1990-01-01')
    await other.getByRole('button', { name: 'Continue' }).click()
    await expect(other.getByRole('heading', { name: /Step 2 of 3/ })).toBeVisible()
    await other.getByLabel(/^Email/).fill(p.email)
    await other.getByLabel(/Mobile number/).fill(p.phone)
    await other.locator('#password').fill('weak')
    await other.locator('#confirmPassword').fill('weaker')
    await other.getByRole('button', { name: 'Continue' }).click()
    await expect(other.getByText('Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Case Character')).toBeVisible()
    await expect(other.locator('.field__error', { hasText: 'This email is already registered' })).toBeVisible()
    await expect(other.locator('.field__error', { hasText: 'This phone number is already registered' })).toBeVisible()
    await ctx.close()
  })

  await test.step('activate the e-mail with the link from the outbox (minimal layout)', async () => {
    const link = await linkFromMail(request, p.email, /Activate/, '/activate')
    await page.goto(link)
    await expect(page.locator('.app--minimal')).toBeVisible()
    await expect(page.getByText('Your e-mail address is verified')).toBeVisible()
    await shot(page, 'activate-1280')
    await page.getByRole('link', { name: 'Go to My Matrimony' }).click()
    await expect(page.locator('.member-card-lg').getByText('Email verified')).toBeVisible()
  })

  await test.step('verify the mobile with the OTP from the outbox', async () => {
    await page.goto('/my-matrimony/my-account')
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible()
    await expect(page.locator('.verify-item').first().getByText('Email verified')).toBeVisible()
    const seen = await smsCount(request, '+91' + p.phone)
    await page.getByRole('button', { name: 'Send OTP' }).click()
    const otp = await otpFromSms(request, '+91' + p.phone, seen)
    await page.locator('#mobileOtp').fill(otp)
    await shot(page, 'my-account-1280')
    await page.getByRole('button', { name: 'Verify mobile' }).click()
    await toast(page, 'Your mobile number is verified')
    await expect(page.locator('.verify-list').getByText('Mobile verified')).toBeVisible()
  })

  await test.step('log out and log in again', async () => {
    await logoutFromHeader(page, p.name)
    await loginWithPassword(page, p.email, first)
    await toast(page, 'logged in successfully')
    await expect(page).toHaveURL(/\/my-matrimony$/)
    await expect(page.getByRole('heading', { name: `Welcome, ${p.name}` })).toBeVisible()
  })

  await test.step('change the password; the new tokens keep the session after a reload', async () => {
    await page.goto('/my-matrimony/my-account')
    await page.locator('#oldPassword').fill(first)
    await page.locator('#password').fill(second)
    await page.locator('#confirmPassword').fill(second)
    await page.getByRole('button', { name: 'Change password' }).click()
    await toast(page, 'Password changed successfully')
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])
    expect(stored[0]).toBeTruthy()
    expect(stored[1]).toBeTruthy()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible()
    await expect(page.locator('.verify-list').getByText('Mobile verified')).toBeVisible()
  })

  await test.step('forgot password, then reset it with the link from the outbox', async () => {
    await logoutFromHeader(page, p.name)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    const seen = await mailCount(request, p.email, /Reset/)
    await page.getByLabel(/Registered email/).fill(p.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(/a link to reset the password has been sent/)).toBeVisible()
    const link = await linkFromMail(request, p.email, /Reset/, '/reset-password', seen)
    await page.goto(link)
    await expect(page.locator('.app--minimal')).toBeVisible()
    await page.locator('#password').fill(third)
    await page.locator('#confirmPassword').fill('Reset@9013')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByText('Passwords does not match')).toBeVisible()
    await page.locator('#confirmPassword').fill(third)
    await shot(page, 'reset-password-1280')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await toast(page, 'password reset successfully')
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // The old password no longer works; the new one does.
    await loginWithPassword(page, p.email, second)
    await expect(page.locator('.form__error', { hasText: 'Invalid email or password' })).toBeVisible()
    await page.locator('#pwd').fill(third)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page).toHaveURL(/\/my-matrimony$/)
  })

  await test.step('hide the profile and download my data', async () => {
    await page.goto('/hide-delete-account')
    const sw = page.getByRole('switch', { name: 'Hide my profile' })
    await expect(sw).toHaveAttribute('aria-checked', 'false')
    await sw.click()
    await toast(page, 'Your profile is hidden')
    await expect(sw).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByText('Your profile is hidden from other members.')).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()])
    expect(download.suggestedFilename()).toMatch(/^my-matrimony-data-TM\d+\.json$/)
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { user: { email: string; phone: string }; profile: Record<string, unknown> }
    expect(data.user.email).toBe(p.email)
    expect(data.user.phone).toBe(p.phone)
    await shot(page, 'hide-delete-1280')
    // The privacy page shows the same switch.
    await page.goto('/my-matrimony/my-account/privacy')
    await expect(page.getByRole('switch', { name: 'Hide my profile' })).toHaveAttribute('aria-checked', 'true')
  })

  await test.step('delete the account after the password and a confirmation', async () => {
    await page.goto('/hide-delete-account')
    await page.locator('#deletePassword').fill('Wrong@0000')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account for good?' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Yes, delete everything' }).click()
    await expect(page.locator('.field__error', { hasText: 'Current password is incorrect' })).toBeVisible()
    await page.locator('#deletePassword').fill(third)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await shot(page, 'delete-dialog-1280')
    await dialog.getByRole('button', { name: 'Yes, delete everything' }).click()
    await toast(page, 'Your account and all its data have been deleted')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })

  await test.step('the same e-mail and phone can register again', async () => {
    await register(page, p, first)
  })
})

test('a demo member logs in, sees the logged-in header and plan summary, and is kept away from /login', async ({ page }) => {
  await page.goto('/login?next=' + encodeURIComponent('/inbox/received'))
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible()
  await shot(page, 'login-1280')
  await loginWithPassword(page, DEMO_GROOM, DEMO_PASSWORD)
  await toast(page, 'logged in successfully')
  // Back to the page that was asked for.
  await expect(page).toHaveURL(/\/inbox\/received$/)

  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const g of ['My Matrimony', 'Matches', 'Search', 'Inbox']) await expect(nav.getByRole('button', { name: g })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)
  const plan = page.locator('.site-header [data-testid="plan-summary"]')
  await expect(plan).toBeVisible()
  await expect(plan.getByRole('link', { name: /^(Upgrade|Update Plan|Renew Plan)$/ })).toBeVisible()
  await expect(page.locator('.site-footer').getByRole('link', { name: 'Search Profile' })).toHaveAttribute('href', '/search/basic')

  await nav.getByRole('button', { name: 'Matches' }).click()
  await expect(page.getByRole('link', { name: 'Today Matches' })).toBeVisible()
  await shot(page, 'header-member-menu-1280')
  await page.getByRole('link', { name: 'Today Matches' }).click()
  await expect(page).toHaveURL(/\/matches\/daily-recommendations$/)

  await page.goto('/my-matrimony')
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
  await expect(page.locator('.member-card-lg').getByText(/^Profile ID/)).toContainText(/TM\d{7}/)
  await shot(page, 'header-logged-in-1280')

  // A signed-in member opening /login or /register goes to /my-matrimony.
  await page.goto('/login')
  await expect(page).toHaveURL(/\/my-matrimony$/)
  await page.goto('/register')
  await expect(page).toHaveURL(/\/my-matrimony$/)

  // The session survives a reload (the stored token is put back into state, then GET profile).
  await page.reload()
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()

  // An expired access token (400, meta.code 1005 — faked once here) is renewed with the real auth/exchange-token,
  // the rotated refresh token is stored, and GET profile is retried.
  const before = await page.evaluate(() => localStorage.getItem('refreshToken'))
  let faked = 0
  let exchanges = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/auth/exchange-token')) exchanges++
  })
  await page.route('**/api/v1/profile', (route) =>
    faked++ === 0
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ meta: { code: 1005, message: 'Your session has expired' }, data: null }) })
      : route.continue(),
  )
  const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/exchange-token'))
  await page.reload()
  expect((await exchanged).status()).toBe(200)
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
  expect(faked).toBe(2)
  expect(exchanges).toBe(1)
  const after = await page.evaluate(() => localStorage.getItem('refreshToken'))
  expect(after).toBeTruthy()
  expect(after).not.toBe(before)
})

test('a demo member logs in with a mobile OTP from the outbox', async ({ page, request }) => {
  // The demo member's number, read through the API (the profile summary does not carry it).
  const login = await request.post(baseURL() + '/api/v1/auth/login', { data: { email: DEMO_BRIDE, pwd: DEMO_PASSWORD, loginType: 'password' } })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const exp = await request.get(baseURL() + '/api/v1/user/export', { headers: { Authorization: `Bearer ${token}` } })
  const user = ((await exp.json()) as { data: { user: { phoneCode: string; phone: string } } }).data.user

  await page.goto('/login')
  await page.getByRole('button', { name: 'Mobile OTP' }).click()
  await page.getByLabel(/Mobile number/).fill(user.phone)
  const seen = await smsCount(request, user.phoneCode + user.phone)
  await page.getByRole('button', { name: 'Send OTP' }).click()
  const otp = await otpFromSms(request, user.phoneCode + user.phone, seen)
  await page.getByLabel(/6-digit OTP/).fill(otp)
  await shot(page, 'login-otp-1280')
  await page.getByRole('button', { name: 'Verify & Login' }).click()
  await toast(page, 'logged in successfully')
  await expect(page).toHaveURL(/\/my-matrimony$/)
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

  test('login, register and member pages fit, and the member menu opens and closes', async ({ page }) => {
    await page.goto('/register')
    await expect(page.getByRole('heading', { name: 'Join us free' })).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await shot(page, 'register-step1-360')
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await shot(page, 'login-360')
    // A phone browser widens its layout viewport to fit overflowing content, so compare with 360 itself.
    const fits = () => page.evaluate(() => window.innerWidth === 360 && document.documentElement.scrollWidth <= 360)
    expect(await fits()).toBe(true)

    await page.getByLabel(/^Email/).fill('demo.bride.002@demo.tfmmatrimony.in')
    await page.locator('#pwd').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page).toHaveURL(/\/my-matrimony$/)
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await fits()).toBe(true)
    await shot(page, 'header-logged-in-360')

    const burger = page.getByRole('button', { name: 'Open menu' })
    await burger.click()
    const dialog = page.getByRole('dialog', { name: /TFM Matrimony/ })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('plan-summary')).toBeVisible()
    await dialog.getByText('Matches', { exact: true }).click()
    await expect(dialog.getByRole('link', { name: 'Near Me' })).toBeVisible()
    await shot(page, 'menu-member-360')
    await dialog.getByRole('button', { name: 'Close menu' }).click()
    await expect(dialog).toBeHidden()
    await burger.click()
    await dialog.getByRole('link', { name: 'Near Me' }).click()
    await expect(page).toHaveURL(/\/matches\/nearby-matches$/)
    await expect(dialog).toBeHidden()

    await page.goto('/my-matrimony/my-account')
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await fits()).toBe(true)
    await shot(page, 'my-account-360')
    await page.goto('/hide-delete-account')
    await expect(page.getByRole('switch', { name: 'Hide my profile' })).toBeVisible()
    expect(await fits()).toBe(true)
    await shot(page, 'hide-delete-360')

    await burger.click()
    await dialog.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await toast(page, 'Logged Out Successfully')
  })
})
