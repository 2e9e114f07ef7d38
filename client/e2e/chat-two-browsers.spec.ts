import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { E2E_DIR } from './state'
import { baseURL, expect, test } from './fixtures'

// Private real-time chat between a bride and a groom, each in their own browser context, against the real binary.
// Demo members 070–099 are this spec's: the desktop journey uses 070–084, the phone journey 085–099, so the two
// can run side by side. product.md "Chat": a member on a paid plan may start a chat, and the other may reply.

const SHOTS = path.resolve(E2E_DIR, '../test-results/screenshots')
mkdirSync(SHOTS, { recursive: true })
const PASSWORD = 'Demo@1234'

interface Member {
  email: string
  name: string
  profileID: string
  paid: boolean
  /** The session of the API login, so a browser can start signed in without a second password check. */
  token: string
  refreshToken: string
}

function email(kind: 'bride' | 'groom', n: number) {
  return `demo.${kind}.${String(n).padStart(3, '0')}@demo.tfmmatrimony.in`
}

async function whoIs(request: APIRequestContext, address: string): Promise<Member> {
  const res = await request.post(baseURL() + '/api/v1/auth/login', { data: { email: address, pwd: PASSWORD, loginType: 'password', otp: '' } })
  expect(res.status(), `login ${address}`).toBe(200)
  const { data } = (await res.json()) as { data: { token: string; refreshToken: string; profile: { profileID: string; userName: string; subscription: unknown } } }
  const p = data.profile
  return { email: address, name: p.userName, profileID: p.profileID, paid: !!p.subscription, token: data.token, refreshToken: data.refreshToken }
}

/**
 * A starter on a paid plan (either gender) and a member of the other gender, from demo numbers from..to. Logging in
 * costs a bcrypt check, so the number that the deterministic demo seed puts on a paid plan is tried first; the
 * rest of the range is the fallback should the seed change.
 */
async function findPair(request: APIRequestContext, from: number, to: number, hint: number): Promise<{ starter: Member; partner: Member }> {
  const order = [hint, ...Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((n) => n !== hint)]
  // A retry runs against the same server: a partner without history keeps the journey's expectations true.
  const shift = 1 + test.info().retry
  for (const n of order) {
    for (const kind of ['groom', 'bride'] as const) {
      const m = await whoIs(request, email(kind, n))
      if (!m.paid) continue
      const other = kind === 'groom' ? 'bride' : 'groom'
      return { starter: m, partner: await whoIs(request, email(other, from + ((n - from + shift) % (to - from + 1)))) }
    }
  }
  throw new Error(`no demo member on a paid plan among ${from}–${to}`)
}

/** Whether viewer may see a photo of m: the partner view lists photos only then (protected ones need an accepted request). */
async function seesPhotoOf(request: APIRequestContext, viewer: Member, m: Member): Promise<boolean> {
  const res = await request.get(baseURL() + '/api/v1/profile/partner/' + m.profileID, { headers: { Authorization: 'Bearer ' + viewer.token } })
  expect(res.status(), `partner view of ${m.profileID}`).toBe(200)
  const { data } = (await res.json()) as { data: { photos?: unknown[] } }
  return (data.photos?.length ?? 0) > 0
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false })
}

/**
 * A browser context for a member: `form` logs in through the login page; otherwise the session of the API login
 * is put where the app keeps it (spec §3: local storage), as a returning member's browser has it.
 */
async function login(browser: Browser, m: Member, phone: boolean, form: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    phone ? { baseURL: baseURL(), viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-IN' } : { baseURL: baseURL(), locale: 'en-IN' },
  )
  const page = await context.newPage()
  if (form) {
    await page.goto('/login')
    await page.getByLabel(/^Email/).fill(m.email)
    await page.locator('#pwd').fill(PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
  } else {
    await context.addInitScript(
      ([token, refreshToken]) => {
        // Once per tab: a later logout must stay a logout.
        if (sessionStorage.getItem('e2e-signed-in')) return
        sessionStorage.setItem('e2e-signed-in', '1')
        localStorage.setItem('token', token)
        localStorage.setItem('refreshToken', refreshToken)
      },
      [m.token, m.refreshToken],
    )
    await page.goto('/my-matrimony')
  }
  await expect(page).toHaveURL(/\/my-matrimony$/)
  await expect(page.getByRole('button', { name: `Profile menu of ${m.name}` })).toBeVisible()
  return { context, page }
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The desktop chat panel, opened. */
async function openPanel(page: Page): Promise<Locator> {
  const bar = page.locator('.chat-panel__bar')
  await expect(bar).toBeVisible()
  if ((await bar.getAttribute('aria-expanded')) !== 'true') await bar.click()
  return page.locator('.chat-panel__body')
}

function chatWindow(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `Chat with ${name}` })
}

async function send(win: Locator, text: string) {
  const box = win.getByLabel('Type your message')
  await box.fill(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
  await expect(win.getByRole('log').locator('.chat-msg--own').filter({ hasText: text }).last()).toBeVisible()
}

async function noOverflow(page: Page) {
  const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  expect(iw).toBe(360)
  expect(sw).toBeLessThanOrEqual(360)
}

test('a groom and a bride chat both ways in real time at 1280 px', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const { starter, partner } = await findPair(request, 70, 84, 75)
  const [a, b] = await Promise.all([login(browser, starter, false, true), login(browser, partner, false, false)])

  await test.step('each sees the other online in the chat list', async () => {
    const listA = await openPanel(a.page)
    await expect(listA.getByRole('list', { name: 'Online members' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} \\(online`) })).toBeVisible()
    const listB = await openPanel(b.page)
    await expect(listB.getByRole('list', { name: 'Online members' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(starter.name)} \\(online`) })).toBeVisible()
    await shot(a.page, 'chat-dock-1280')
  })

  if (!partner.paid) {
    await test.step('a free member cannot start a chat: the refusal shows, and no window opens', async () => {
      await b.page.locator('.chat-panel__body').getByRole('button', { name: new RegExp(`^Chat with ${esc(starter.name)} `) }).click()
      const refusal = b.page.locator('.chat-panel__body').getByRole('alert')
      await expect(refusal).toContainText('Upgrade your plan to start a chat')
      await expect(refusal.getByRole('link', { name: 'See plans' })).toBeVisible()
      await expect(chatWindow(b.page, starter.name)).toHaveCount(0)
      await refusal.getByRole('button', { name: 'Dismiss' }).click()
    })
  }

  const winA = chatWindow(a.page, partner.name)
  await test.step('the paid member starts the chat; the window has the spec header and input row', async () => {
    await a.page.locator('.chat-panel__body').getByRole('list', { name: 'Online members' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} `) }).click()
    await expect(winA).toBeVisible()
    const link = winA.getByRole('link', { name: partner.name })
    await expect(link).toHaveAttribute('href', `/profile?profileId=${partner.profileID}`)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(winA.getByRole('img', { name: 'Online' })).toBeVisible()
    if (await seesPhotoOf(request, starter, partner)) {
      // Chat users come without photo grants (presence is shared); the avatar appends the member's own viewer grant,
      // so the photo itself loads rather than the gender default.
      const avatar = winA.locator('.chat-avatar img')
      await expect
        .poll(() => avatar.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && /\/media\/photos\/.+_small\.jpg\?g=/.test(i.src)))
        .toBe(true)
    }
    await expect(winA.getByLabel('Type your message')).toHaveAttribute('placeholder', 'Write a message...')
    await winA.getByLabel('Type your message').press('Enter') // empty: nothing is sent
    await expect(winA.locator('.chat-msg')).toHaveCount(0)
    await send(winA, `Hello ${partner.name.split(' ')[0]}, praise the Lord!`)
    await expect(winA.getByText('Sent').last()).toBeVisible()
  })

  const winB = chatWindow(b.page, starter.name)
  await test.step('the other receives it at once and replies in Malayalam, Tamil and with an emoji', async () => {
    await expect(winB).toBeVisible()
    // It arrives minimised, with an unread badge; opening it reads it.
    await expect(winB.getByLabel('1 unread')).toBeVisible()
    await winB.getByRole('button', { name: `Open chat with ${starter.name}` }).click()
    await expect(winB.getByRole('log')).toContainText('praise the Lord!')
    await expect(winB.getByLabel('1 unread')).toHaveCount(0)
    await send(winB, 'സുഖമാണോ?')
    await send(winB, 'வணக்கம் 🙏😊')
    await expect(winA.getByRole('log').locator('.chat-msg--partner')).toHaveText([/സുഖമാണോ\?/, /வணக்கம் 🙏😊/])
    await send(winA, 'Sugamanu, nanni! 🙂')
    await expect(winB.getByRole('log').locator('.chat-msg--partner').last()).toContainText('Sugamanu, nanni! 🙂')
    await shot(a.page, 'chat-window-1280')
  })

  await test.step('minimise, close, reopen: the history is there', async () => {
    await winA.getByRole('button', { name: `Minimise chat with ${partner.name}` }).click()
    await expect(winA.getByLabel('Type your message')).toHaveCount(0)
    await winA.getByRole('button', { name: `Open chat with ${partner.name}` }).click()
    await expect(winA.getByLabel('Type your message')).toBeVisible()
    await winA.getByRole('button', { name: `Close chat with ${partner.name}` }).click()
    await expect(winA).toHaveCount(0)
    // Closed and read, the conversation stays in "Your chats" with its last message.
    const row = a.page.locator('.chat-panel__body').getByRole('list', { name: 'Your chats' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} `) })
    await expect(row).toContainText('You: Sugamanu, nanni! 🙂')
    await row.click()
    await expect(winA.getByRole('log').locator('.chat-msg')).toHaveCount(4)
    await expect(winA.getByRole('log')).toContainText('സുഖമാണോ?')
    await expect(winA.getByRole('log')).toContainText('வணக்கம் 🙏😊')
    await expect(winA.getByRole('log').getByRole('separator')).toHaveText(['Today'])
  })

  await test.step('the chat page has the exact title and shows the conversation', async () => {
    await a.page.goto('/chat')
    await expect(a.page).toHaveTitle('Chat | TFM Matrimony | Christian Matrimony Private Chat')
    await expect(a.page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200')
    await expect(a.page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_IN')
    await expect(a.page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/chat$/)
    await expect(a.page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible()
    await expect(a.page.getByRole('list', { name: 'Your chats' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} `) })).toBeVisible()
    await expect(a.page.locator('.chat-panel')).toHaveCount(0) // the page is the list here
    await shot(a.page, 'chat-page-1280')
  })

  await test.step('one sees the other go offline when the other logs out', async () => {
    await b.page.getByRole('button', { name: `Profile menu of ${partner.name}` }).click()
    await b.page.getByRole('button', { name: 'Logout' }).click()
    await expect(b.page).toHaveURL(/\/login$/)
    await expect(b.page.locator('.chat-dock')).toHaveCount(0)
    await expect(a.page.getByRole('list', { name: 'Your chats' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} \\(offline`) })).toBeVisible()
    await expect(winA.getByRole('img', { name: 'Offline' })).toBeVisible()
  })

  await a.context.close()
  await b.context.close()
})

test('chat on a 360 px phone: floating button, full-screen list and window', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const { starter, partner } = await findPair(request, 85, 99, 87)
  const [a, b] = await Promise.all([login(browser, starter, true, true), login(browser, partner, true, false)])

  const fabA = a.page.getByRole('button', { name: /^Open chat/ })
  await test.step('the floating button opens the full-screen list', async () => {
    await expect(fabA).toBeVisible()
    await noOverflow(a.page)
    await shot(a.page, 'chat-dock-360')
    await fabA.click()
    const sheet = a.page.getByRole('dialog', { name: 'Chat' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('list', { name: 'Online members' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} `) })).toBeVisible()
    await expect(sheet.getByRole('button', { name: 'Close chat list' })).toBeFocused()
    await shot(a.page, 'chat-list-360')
    await sheet.getByRole('list', { name: 'Online members' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} `) }).click()
    await expect(sheet).toHaveCount(0)
  })

  const winA = chatWindow(a.page, partner.name)
  const winB = chatWindow(b.page, starter.name)
  await test.step('a full-screen window; messages go both ways', async () => {
    await expect(winA).toBeVisible()
    const box = await winA.boundingBox()
    expect(box?.width).toBe(360)
    await send(winA, 'Hi! 👋 Shall we talk here?')
    const fabB = b.page.getByRole('button', { name: /^Open chat.*1 unread/ })
    await expect(fabB).toBeVisible()
    await fabB.click()
    const sheetB = b.page.getByRole('dialog', { name: 'Chat' })
    await sheetB.getByRole('list', { name: 'Your chats' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(starter.name)} `) }).click()
    await expect(winB.getByRole('log')).toContainText('Shall we talk here?')
    await send(winB, 'സുഖമാണോ? வணக்கம் 🙏')
    await expect(winA.getByRole('log').locator('.chat-msg--partner').last()).toContainText('സുഖമാണോ? வணக்கம் 🙏')
    await noOverflow(a.page)
    await shot(a.page, 'chat-window-360')
  })

  await test.step('the chat page fits the phone', async () => {
    await winA.getByRole('button', { name: `Minimise chat with ${partner.name}` }).click()
    await a.page.goto('/chat')
    await expect(a.page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible()
    await expect(a.page.getByRole('list', { name: 'Your chats' })).toBeVisible()
    await expect(a.page.getByText('Connecting to chat…')).toHaveCount(0)
    await noOverflow(a.page)
    await shot(a.page, 'chat-page-360')
  })

  await test.step('closing the other browser takes them offline', async () => {
    await expect(a.page.getByRole('list', { name: 'Your chats' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} \\(online`) })).toBeVisible()
    await b.context.close()
    await expect(a.page.getByRole('list', { name: 'Your chats' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(partner.name)} \\(offline`) })).toBeVisible()
  })

  await a.context.close()
})

/** Lifts a's block on b and a's don't-show mark, whatever the journey left behind. */
async function clearMarks(request: APIRequestContext, a: Member, b: Member) {
  for (const path of ['block', 'dont-show']) {
    await request.delete(`${baseURL()}/api/v1/profile/${path}/${b.profileID}`, { headers: { Authorization: 'Bearer ' + a.token } })
  }
}

test('blocking from the chat window ends the chat (for the blocked member once they write, as for a vanished profile); Blocked Profiles and Don’t Show lift the marks; reporting hides at once', async ({ browser, request }) => {
  test.setTimeout(150_000)
  // Demo members 060–069 are this journey's.
  const { starter, partner } = await findPair(request, 60, 69, 60)
  await clearMarks(request, starter, partner)
  const [a, b] = await Promise.all([login(browser, starter, false, false), login(browser, partner, false, false)])
  const onlineIn = (page: Page, name: string) =>
    page.locator('.chat-panel__body').getByRole('list', { name: 'Online members' }).getByRole('button', { name: new RegExp(`^Chat with ${esc(name)} `) })
  // Shown online anywhere in the chat list: among online members, or in "Your chats" once they have talked.
  const shownOnlineIn = (page: Page, name: string) => page.locator('.chat-panel__body').getByRole('button', { name: new RegExp(`^Chat with ${esc(name)} \\(online`) })
  try {
    const winA = chatWindow(a.page, partner.name)
    const winB = chatWindow(b.page, starter.name)
    await test.step('they chat', async () => {
      await openPanel(a.page)
      await openPanel(b.page)
      await expect(onlineIn(b.page, starter.name)).toBeVisible()
      await onlineIn(a.page, partner.name).click()
      await send(winA, 'Hello, may I ask about your family?')
      await expect(winB).toBeVisible()
    })

    await test.step('the starter blocks from the window, after a confirmation; the chat ends for both at once', async () => {
      await winA.getByRole('button', { name: `Report or block ${partner.name}` }).click()
      await shot(a.page, 'chat-window-menu-1280')
      await winA.getByRole('button', { name: `Block ${partner.name}`, exact: true }).click()
      const dialog = a.page.getByRole('alertdialog', { name: `Block ${partner.name}?` })
      await expect(dialog).toContainText('Any chat between you ends now.')
      await shot(a.page, 'chat-block-confirm-1280')
      await dialog.getByRole('button', { name: 'Block', exact: true }).click()
      await expect(dialog).toHaveCount(0)
      await expect(winA).toContainText('This chat has ended')
      await expect(winA.getByLabel('Type your message')).toHaveCount(0)
      // The blocked member is not told (a block is never announced): the window stays, the starter merely goes
      // offline; the next message is refused as for a profile that no longer exists, and then the chat ends.
      await winB.getByRole('button', { name: `Open chat with ${starter.name}` }).click()
      await expect(winB).not.toContainText('This chat has ended')
      const box = winB.getByLabel('Type your message')
      await box.fill('Are you still there?')
      await box.press('Enter')
      await expect(winB).toContainText('This chat has ended')
      await expect(winB.locator('.chat-window__presence')).toHaveText('Chat ended')
      await expect(winB.getByLabel('Type your message')).toHaveCount(0)
      // Neither is online for the other any more, in any list.
      await expect(shownOnlineIn(a.page, partner.name)).toHaveCount(0)
      await expect(shownOnlineIn(b.page, starter.name)).toHaveCount(0)
      // Nor can the blocked member open the profile.
      const res = await request.get(`${baseURL()}/api/v1/profile/partner/${starter.profileID}`, { headers: { Authorization: 'Bearer ' + partner.token } })
      expect(res.status()).toBe(404)
    })

    await test.step('Blocked Profiles lists the member; Unblock (confirmed) lifts it, and presence comes back', async () => {
      await a.page.goto('/matches/discovery/blocked-profile')
      await expect(a.page).toHaveTitle(/Blocked Profiles/)
      const card = a.page.locator('.member-card').filter({ hasText: partner.name })
      await expect(card).toBeVisible()
      await expect(card.getByRole('link', { name: /View profile/ })).toHaveCount(0)
      await noOverflow1280(a.page)
      await shot(a.page, 'blocked-profiles-1280')
      await card.getByRole('button', { name: `Unblock ${partner.name}` }).click()
      await a.page.getByRole('alertdialog', { name: `Unblock ${partner.name}?` }).getByRole('button', { name: 'Unblock', exact: true }).click()
      await expect(a.page.getByText('Sorry, You Have not blocked any profiles')).toBeVisible()
      await expect(shownOnlineIn(b.page, starter.name)).toBeVisible()
      // The ended window of the member who was blocked comes back by itself, and the chat goes on.
      await expect(winB.locator('.chat-window__presence')).not.toHaveText('Chat ended')
      await send(winB, 'Thank you. Yes, happy to tell you about my family.')
      // The starter's page was reloaded meanwhile: their window came back minimised, and opens on the reply.
      await winA.getByRole('button', { name: `Open chat with ${partner.name}` }).click()
      await expect(winA).toContainText('happy to tell you about my family')
      await winA.getByRole('button', { name: `Close chat with ${partner.name}` }).click()
    })

    await test.step("at 360 px: Don't show from the profile, then Show again from the list", async () => {
      await a.page.setViewportSize({ width: 360, height: 740 })
      await a.page.goto(`/profile?profileId=${partner.profileID}`)
      const bar = a.page.locator('.action-bar')
      await bar.getByRole('button', { name: "Don't show", exact: true }).click()
      await expect(bar.getByRole('button', { name: 'Show again', exact: true })).toBeVisible()
      // Out of the chat too, until shown again.
      await expect(bar.getByRole('button', { name: 'Chat', exact: true })).toBeDisabled()
      await a.page.goto('/dont-show-profiles')
      const card = a.page.locator('.member-card').filter({ hasText: partner.name })
      await expect(card).toBeVisible()
      await noOverflow(a.page)
      await shot(a.page, 'dont-show-profiles-360')
      await card.getByRole('button', { name: `Show again ${partner.name}` }).click()
      await expect(a.page.locator('.member-card').filter({ hasText: partner.name })).toHaveCount(0)
    })

    await test.step('at 360 px: report the profile; it drops out of view at once, the report form fits the phone', async () => {
      await a.page.goto(`/profile?profileId=${partner.profileID}`)
      await a.page.locator('.action-bar').getByRole('button', { name: 'Report', exact: true }).click()
      const dialog = a.page.getByRole('alertdialog', { name: `Report ${partner.name}` })
      await dialog.getByRole('radio', { name: 'Fake profile or false details' }).check()
      await dialog.getByLabel(/What happened/).fill('The photos are of a film actress.')
      await noOverflow(a.page)
      await shot(a.page, 'report-profile-360')
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(a.page.getByRole('heading', { name: `You reported and blocked ${partner.name}` })).toBeVisible()
      await a.page.getByRole('link', { name: 'Blocked Profiles' }).click()
      await expect(a.page.locator('.member-card').filter({ hasText: partner.name })).toBeVisible()
      // A report blocks: the reported member no longer finds the reporter either.
      const res = await request.get(`${baseURL()}/api/v1/profile/partner/${starter.profileID}`, { headers: { Authorization: 'Bearer ' + partner.token } })
      expect(res.status()).toBe(404)
    })
  } finally {
    await clearMarks(request, starter, partner)
    await a.context.close()
    await b.context.close()
  }
})

async function noOverflow1280(page: Page) {
  const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  expect(sw).toBeLessThanOrEqual(iw)
}

/** A free groom and a free bride among demo numbers from..to, with no invitation between them yet. */
async function findFreePair(request: APIRequestContext, from: number, to: number): Promise<{ groom: Member; bride: Member }> {
  let groom: Member | null = null
  let bride: Member | null = null
  for (let n = from; n <= to && (!groom || !bride); n++) {
    if (!groom) {
      const m = await whoIs(request, email('groom', n))
      if (!m.paid) groom = m
    }
    if (!bride) {
      const m = await whoIs(request, email('bride', n + test.info().retry))
      if (!m.paid) bride = m
    }
  }
  if (!groom || !bride) throw new Error(`no free groom and bride among ${from}–${to}`)
  return { groom, bride }
}

test('free members: an invitation accepted in the inbox opens the chat between them', async ({ browser, request }) => {
  test.setTimeout(150_000)
  // Demo members 020–029 are this journey's.
  const { groom, bride } = await findFreePair(request, 20, 29)
  const auth = (m: Member) => ({ Authorization: 'Bearer ' + m.token })
  // Start clean: no live invitation between them.
  await request.post(`${baseURL()}/api/v1/profile/cancel-invitation/${bride.profileID}`, { headers: auth(groom) })
  const [g, b] = await Promise.all([login(browser, groom, false, false), login(browser, bride, false, false)])
  try {
    await test.step('before: the free groom cannot start a chat with her', async () => {
      const res = await request.get(`${baseURL()}/api/v1/profile/partner/${bride.profileID}`, { headers: auth(groom) })
      const inv = ((await res.json()) as { data: { invitation: { status: string } | null } }).data.invitation
      test.skip(inv?.status === 'accepted', 'an earlier run left them with an accepted invitation')
    })

    await test.step('he invites her from her profile', async () => {
      await g.page.goto(`/profile?profileId=${bride.profileID}`)
      const bar = g.page.locator('.action-bar')
      await bar.getByRole('button', { name: 'Invite', exact: true }).click()
      await expect(bar.getByRole('button', { name: 'Cancel invitation', exact: true })).toBeVisible()
      await expect(bar).toContainText('Invitation sent; waiting for an answer.')
    })

    await test.step('she finds it in her inbox and accepts', async () => {
      await b.page.goto('/inbox/received')
      const card = b.page.locator('.member-card').filter({ hasText: groom.name })
      await expect(card).toBeVisible()
      await shot(b.page, 'inbox-received-1280')
      await card.getByRole('button', { name: new RegExp(`^Accept`) }).click()
      await expect(b.page.locator('.member-card').filter({ hasText: groom.name })).toHaveCount(0)
      await b.page.goto('/inbox/accepted')
      await expect(b.page.locator('.member-card').filter({ hasText: groom.name })).toBeVisible()
    })

    await test.step('now the free groom starts a chat and she receives it', async () => {
      await g.page.goto('/my-matrimony')
      const list = await openPanel(g.page)
      await list.getByRole('button', { name: new RegExp(`^Chat with ${esc(bride.name)} `) }).first().click()
      const win = chatWindow(g.page, bride.name)
      await send(win, 'Thank you for accepting! 🙏')
      await openPanel(b.page)
      await expect(chatWindow(b.page, groom.name)).toBeVisible()
    })
  } finally {
    await g.context.close()
    await b.context.close()
  }
})
