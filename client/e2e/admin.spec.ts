import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { baseURL, expect, test } from './fixtures'
import { renderImage } from './files/images'
import { browse, demo, openAs, registerMember } from './files/members'
import { noHorizontalOverflow, shot, toast } from './files/page'
import { totp, totpStep } from './files/totp'
import { E2E_DIR, readState } from './state'

// Issue 21, "the people who run the service can run it", against the real binary. Admins are made with the binary's
// test-only `tfm admin create` on the main server's data dir; each signs in through /admin/login and answers the
// second factor with a TOTP computed here from the secret the enrollment screen shows (files/totp.ts).
// (a) A moderator enrolls, logs out and in again, and verifies a new member's ID proof; the member sees the badge.
// (b) A content admin publishes a blog; it is on /blogs and in the footer at once.
// (c) A finance admin creates a coupon; a member applies it on /plan-upgrade.
// (d) A support admin opens a member (one member.view row in the audit log, read by a superadmin through the API),
//     has no Plans in the navigation, and GET /api/admin/plans answers 403 with their token.
// Screenshots of the main screens at 1280 and 768 px go to test-results/screenshots/admin-*.
//
// Registration is limited per address and hour: this spec registers one member; the others are demo bride 100
// (coupon) and demo groom 099 (support's lookup).

const clientDir = path.resolve(E2E_DIR, '..')
const ADMIN_PASSWORD = 'Back-Office@2026'

/** An admin made for a journey; secret is known once they enrolled. */
interface Admin {
  email: string
  password: string
  role: string
  secret?: string
}

let seq = 0

/** Makes an admin with the binary (`tfm admin create`) on the main server's data dir. */
function makeAdmin(role: string): Admin {
  const bin = path.resolve(clientDir, process.env.TFM_BIN || '../bin/tfm')
  if (!existsSync(bin)) throw new Error(`tfm binary not found at ${bin}`)
  const dataDir = readState()?.main.dataDir
  if (!dataDir) throw new Error('no main server recorded: global setup did not run')
  const email = `e2e.${role}.${Date.now()}.${process.pid}.${seq++}@admin.tfm.test`
  execFileSync(bin, ['admin', 'create', '--email', email, '--role', role, '--name', `E2E ${role.charAt(0).toUpperCase()}${role.slice(1)} ${seq}`], {
    cwd: dataDir,
    env: { ...process.env, DATA_DIR: dataDir, APP_ENV: 'test', BCRYPT_COST: '4', TFM_ADMIN_PASSWORD: ADMIN_PASSWORD },
    stdio: 'pipe',
    timeout: 60_000,
  })
  return { email, password: ADMIN_PASSWORD, role }
}

/** The last 30-second step each secret answered (the server takes a step's code once). */
const usedStep = new Map<string, number>()

/** A code of a step not used yet, with at least 3 s of it left (waits up to one step). */
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now()
    const left = 30_000 - (now % 30_000)
    const step = totpStep(now)
    if (step > (usedStep.get(secret) ?? -1) && left > 3_000) {
      usedStep.set(secret, step)
      return totp(secret, now)
    }
    await new Promise((r) => setTimeout(r, left + 200))
  }
}

/**
 * Logs in at /admin/login: e-mail and password, then on the first login the enrollment (the secret read from the
 * screen, in groups of four) or the code of an enrolled admin. Ends on the dashboard.
 */
async function uiLogin(page: Page, admin: Admin, name?: string) {
  await page.goto('/admin/login')
  await page.locator('#email').fill(admin.email)
  await page.locator('#password').fill(admin.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  const enroll = page.getByRole('heading', { name: 'Set up your authenticator app' })
  const ask = page.getByRole('heading', { name: 'Enter your code' })
  await expect(enroll.or(ask)).toBeVisible()
  if (await enroll.isVisible()) {
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
    const shown = await page.getByTestId('totp-secret').innerText()
    expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
    admin.secret = shown.replace(/\s+/g, '')
    if (name) await shots(page, `${name}-enroll`)
  }
  expect(admin.secret, 'the admin has enrolled').toBeTruthy()
  await page.locator('#code').fill(await freshCode(admin.secret!))
  await page.getByRole('button', { name: /^(Confirm and log in|Log in)$/ }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  // The session is the tab's: sessionStorage, never localStorage or the member's token key.
  const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('tfmAdminToken'), local: JSON.stringify(localStorage) }))
  expect(stored.session).toBeTruthy()
  expect(stored.local).not.toContain(stored.session!)
}

/** Logs in through the API (POST auth/login, then auth/totp with the stage token) and returns the session token. */
async function apiLogin(request: APIRequestContext, admin: Admin): Promise<string> {
  const r1 = await request.post(baseURL() + '/api/admin/auth/login', { data: { email: admin.email, password: admin.password } })
  expect(r1.status()).toBe(200)
  const stage = ((await r1.json()) as { data: { stage: string; token: string; enroll?: { secret: string } } }).data
  if (stage.enroll) admin.secret = stage.enroll.secret.replace(/\s+/g, '')
  const r2 = await request.post(baseURL() + '/api/admin/auth/totp', { headers: { Authorization: `Bearer ${stage.token}` }, data: { code: await freshCode(admin.secret!) } })
  expect(r2.status()).toBe(200)
  return ((await r2.json()) as { data: { token: string } }).data.token
}

/** GET /api/admin/{path} with an admin token: the status and the envelope's data. */
async function adminGet<T>(request: APIRequestContext, token: string, p: string) {
  const res = await request.get(baseURL() + '/api/admin/' + p, { headers: { Authorization: `Bearer ${token}` } })
  const body = (await res.json().catch(() => null)) as { data: T } | null
  return { status: res.status(), data: body?.data as T }
}

/** Screenshots of the screen at 768 px (checked for sideways overflow) and 1280 px; back at 1280. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 768, height: 1000 })
  await noHorizontalOverflow(page, '.admin-root')
  await shot(page, `admin-${name}-768`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await shot(page, `admin-${name}-1280`)
}

/** The back office's navigation (the left column at 1280 px). */
const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' })

/** A fresh browser context for an admin, at 1280 px. */
async function adminPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 }, locale: 'en-IN', acceptDownloads: true })
  return { context, page: await context.newPage() }
}

/** Today in India, YYYY-MM-DD, and n days on. */
function indiaDay(plusDays = 0): string {
  return new Date(Date.now() + 330 * 60_000 + plusDays * 86_400_000).toISOString().slice(0, 10)
}

test('totp: the RFC 6238 test vectors (SHA-1, 8 digits)', () => {
  const key = Buffer.from('12345678901234567890')
  expect(totp(key, 59_000, { digits: 8 })).toBe('94287082')
  expect(totp(key, 1_111_111_109_000, { digits: 8 })).toBe('07081804')
  expect(totp(key, 20_000_000_000_000, { digits: 8 })).toBe('65353130')
  // The same key in base32, as an enrollment screen shows a secret.
  expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000, { digits: 8 })).toBe('94287082')
})

test('(a) a moderator enrolls, logs in again and verifies a member’s ID proof; the member sees “ID verified”', async ({ browser, page, request }) => {
  test.setTimeout(180_000)
  const member = await registerMember(request, 20, 'Verify')
  await test.step('the member uploads an ID proof through the API', async () => {
    await page.goto('about:blank')
    const image = await renderImage(page, { type: 'image/png', width: 900, height: 560, label: 'ID CARD', hue: 90 })
    const res = await request.post(baseURL() + '/api/v1/profile/proof', {
      headers: { Authorization: `Bearer ${member.token}` },
      multipart: { kind: 'id', image: { name: 'aadhaar.png', mimeType: 'image/png', buffer: image } },
    })
    expect(res.status()).toBe(200)
  })

  const moderator = makeAdmin('moderator')
  const { context, page: admin } = await adminPage(browser)
  await test.step('the moderator enrolls the authenticator at the first login, logs out, and logs in with a code', async () => {
    await admin.goto('/admin/login')
    await shots(admin, 'login')
    await uiLogin(admin, moderator, 'login')
    await expect(nav(admin).getByRole('link', { name: 'Proofs' })).toBeVisible()
    await expect(nav(admin).getByRole('link', { name: 'Plans' })).toHaveCount(0)
    await shots(admin, 'dashboard')
    await admin.getByRole('button', { name: 'Logout' }).click()
    await expect(admin.getByText('You have logged out.')).toBeVisible()
    expect(await admin.evaluate(() => sessionStorage.getItem('tfmAdminToken'))).toBeNull()
    await uiLogin(admin, moderator)
  })

  await test.step('the proof waits in the queue; its image opens (audited); Verify after the confirmation', async () => {
    await nav(admin).getByRole('link', { name: 'Proofs' }).click()
    const row = admin.getByRole('row', { name: new RegExp(member.name) })
    await expect(row).toBeVisible()
    await expect(admin.getByText('Opening a proof image is recorded in the audit log.')).toBeVisible()
    await row.getByRole('button', { name: /^Open image of/ }).click()
    const img = admin.getByRole('img', { name: `ID proof of ${member.name}` })
    await expect(img).toBeVisible()
    expect(await img.getAttribute('src')).toMatch(/^blob:/)
    await shots(admin, 'proofs')
    await row.getByRole('button', { name: 'Verify', exact: true }).click()
    const dialog = admin.getByRole('alertdialog')
    await expect(dialog).toContainText('"ID verified" badge')
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await toast(admin, 'Proof verified')
    await expect(admin.getByRole('row', { name: new RegExp(member.name) })).toHaveCount(0)
  })

  await test.step('the moderator opens the member: the proof is verified', async () => {
    await admin.goto(`/admin/members/${member.profileID}`)
    await expect(admin.getByText('Opening a member is recorded in the audit log.')).toBeVisible()
    await expect(admin.getByRole('row', { name: /ID proof/ })).toContainText('Verified')
    await shots(admin, 'member')
  })
  await context.close()

  await test.step('the member sees the “ID verified” badge on her profile', async () => {
    await openAs(page, member, '/my-matrimony/my-profile')
    await expect(async () => {
      await page.reload()
      await expect(page.locator('.own-head .badges')).toContainText('ID verified', { timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
  })
})

test('(b) a content admin publishes a blog; it is on /blogs and in the footer at once', async ({ browser, page }) => {
  test.setTimeout(150_000)
  const content = makeAdmin('content')
  const title = `Church wedding checklist ${Date.now().toString(36)}`
  const { context, page: admin } = await adminPage(browser)
  await uiLogin(admin, content)
  await expect(nav(admin).getByRole('link', { name: 'Blogs' })).toBeVisible()
  await expect(nav(admin).getByRole('link', { name: 'Members' })).toHaveCount(0)

  await test.step('write the blog with the live preview, published', async () => {
    await nav(admin).getByRole('link', { name: 'Blogs' }).click()
    await shots(admin, 'blogs')
    await admin.getByRole('link', { name: 'New blog' }).click()
    await admin.locator('#title').fill(title)
    await admin.locator('#summary').fill('Banns, marriage preparation and the papers the parish asks for.')
    await admin.locator('#author').fill('TFM Team')
    await admin.locator('#tags').fill('wedding, church')
    await admin.locator('#body').fill('## The banns\n\nRead out on **three Sundays** in both parishes.\n\n- Baptism certificate\n- Marriage preparation course')
    const preview = admin.getByRole('region', { name: 'Preview' })
    await expect(preview.getByRole('heading', { name: 'The banns' })).toBeVisible()
    await expect(preview.locator('strong', { hasText: 'three Sundays' })).toBeVisible()
    await admin.getByText('Published', { exact: true }).click()
    await shots(admin, 'blog-editor')
    await admin.getByRole('button', { name: 'Create blog' }).click()
    const dialog = admin.getByRole('alertdialog', { name: 'Publish this blog?' })
    await dialog.getByRole('button', { name: 'Publish' }).click()
    await toast(admin, 'Blog created')
    await expect(admin).toHaveURL(/\/admin\/content\/blogs\/\d+$/)
  })
  await context.close()

  await test.step('a visitor finds it on /blogs and in the footer', async () => {
    await page.goto('/blogs')
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible()
    await expect(page.getByTestId('footer-blog-grid').getByRole('link', { name: title })).toBeVisible()
  })
})

test('(c) a finance admin creates a coupon that a member applies on /plan-upgrade', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const finance = makeAdmin('finance')
  const code = `E2E${Date.now().toString(36).toUpperCase()}`
  const { context, page: admin } = await adminPage(browser)
  await uiLogin(admin, finance)
  await expect(nav(admin).getByRole('link', { name: 'Members' })).toHaveCount(0)

  await test.step('plans and orders are there to see', async () => {
    await nav(admin).getByRole('link', { name: 'Plans' }).click()
    await expect(admin.getByRole('rowheader', { name: 'TFM-CLASSIC' })).toBeVisible()
    await shots(admin, 'plans')
    await nav(admin).getByRole('link', { name: 'Orders' }).click()
    await expect(admin.getByRole('region', { name: 'Orders' }).or(admin.getByText('No orders match'))).toBeVisible()
    await shots(admin, 'orders')
  })

  await test.step('the coupon form checks percent 1–100 and the dates, then creates the coupon', async () => {
    await nav(admin).getByRole('link', { name: 'Coupons' }).click()
    await admin.getByRole('button', { name: 'New coupon' }).click()
    const form = admin.getByRole('form', { name: 'New coupon' })
    await form.locator('#code').fill(code.toLowerCase())
    await form.locator('#description').fill('E2E journey')
    await form.locator('#value').fill('150')
    await form.locator('#validFrom').fill(indiaDay(0))
    await form.locator('#validUntil').fill(indiaDay(-1))
    await form.getByRole('button', { name: 'Create coupon' }).click()
    await expect(form.getByText('A percent discount is from 1 to 100')).toBeVisible()
    await expect(form.getByText('The last day must be on or after the first day')).toBeVisible()
    await form.locator('#value').fill('15')
    await form.locator('#validUntil').fill(indiaDay(30))
    await form.locator('#maxUses').fill('10')
    await shots(admin, 'coupon-form')
    await form.getByRole('button', { name: 'Create coupon' }).click()
    await toast(admin, 'Coupon created')
    const row = admin.getByRole('row', { name: new RegExp(code) })
    await expect(row).toContainText('15% off')
    await expect(row).toContainText('0 of 10')
    await shots(admin, 'coupons')
  })
  await context.close()

  await test.step('a member applies it at checkout', async () => {
    const bride = await demo(request, 'bride', 100)
    const { context: memberCtx, page } = await browse(browser, bride, '/plan-upgrade?plan=TFM-CLASSIC')
    await page.getByLabel(/Coupon code/).fill(code.toLowerCase())
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await expect(page.getByTestId('coupon-applied')).toContainText(code)
    await memberCtx.close()
  })
})

test('(d) a support admin opens a member (one audit row), has no Plans, and is refused plans by the API', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const support = makeAdmin('support')
  const superadmin = makeAdmin('superadmin')
  const groom = await demo(request, 'groom', 99)
  const { context, page: admin } = await adminPage(browser)
  await uiLogin(admin, support)

  await test.step('the navigation has members and the inbox, and no Plans; the plans address says no access', async () => {
    await expect(nav(admin).getByRole('link', { name: 'Members' })).toBeVisible()
    await expect(nav(admin).getByRole('link', { name: 'Contact inbox' })).toBeVisible()
    await expect(nav(admin).getByRole('link', { name: 'Plans' })).toHaveCount(0)
    await admin.goto('/admin/finance/plans')
    await expect(admin.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible()
  })

  await test.step('search the member and open them (audited)', async () => {
    await nav(admin).getByRole('link', { name: 'Members' }).click()
    await admin.getByLabel('Profile ID, name, e-mail or phone').fill(groom.profileID)
    await admin.getByRole('button', { name: 'Search' }).click()
    await expect(admin.getByRole('link', { name: groom.profileID })).toBeVisible()
    await shots(admin, 'members')
    await admin.getByRole('link', { name: groom.profileID }).click()
    await expect(admin.getByText('Opening a member is recorded in the audit log.')).toBeVisible()
    await expect(admin.getByText(groom.email)).toBeVisible()
    await expect(admin.getByRole('group', { name: 'Member actions' })).toHaveCount(0)
    await nav(admin).getByRole('link', { name: 'Contact inbox' }).click()
    await expect(admin.getByRole('heading', { name: 'Contact inbox' })).toBeVisible()
    await shots(admin, 'contact-inbox')
  })

  const supportToken = (await admin.evaluate(() => sessionStorage.getItem('tfmAdminToken')))!
  await test.step('GET /api/admin/plans with the support token answers 403', async () => {
    const plans = await adminGet(request, supportToken, 'plans')
    expect(plans.status).toBe(403)
  })
  await context.close()

  await test.step('a superadmin reads exactly one member.view row for it in the audit log', async () => {
    const token = await apiLogin(request, superadmin)
    const me = await adminGet<{ id: number }>(request, supportToken, 'me')
    expect(me.status).toBe(200)
    const audit = await adminGet<{ items: { action: string; objectId: string; admin: { id: number; email: string } }[]; total: number }>(
      request,
      token,
      `audit?action=member.view&objectId=${encodeURIComponent(groom.profileID)}&adminId=${me.data.id}&skip=0&limit=50`,
    )
    expect(audit.status).toBe(200)
    expect(audit.data.items.filter((r) => r.action === 'member.view' && r.objectId === groom.profileID && r.admin.email === support.email)).toHaveLength(1)
    expect(audit.data.total).toBe(1)

    // The superadmin's own screens, for the screenshots: the session put where a login puts it.
    const { context: superCtx, page } = await adminPage(browser)
    await page.goto('/admin/login')
    await page.evaluate((t) => sessionStorage.setItem('tfmAdminToken', t), token)
    await page.goto(`/admin/audit?action=member.view&objectId=${encodeURIComponent(groom.profileID)}`)
    await expect(page.getByRole('cell', { name: 'member.view', exact: true })).toBeVisible()
    await page.getByRole('button', { name: /^Details of member\.view/ }).first().click()
    await shots(page, 'audit')
    await page.goto('/admin/site')
    await expect(page.getByRole('switch', { name: 'Maintenance mode' })).toBeVisible()
    await shots(page, 'site')
    await page.goto('/admin/admins')
    await expect(page.getByRole('cell', { name: support.email, exact: true })).toBeVisible()
    await shots(page, 'admins')
    await superCtx.close()
  })
})
