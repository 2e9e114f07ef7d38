import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { baseURL, expect, test } from './fixtures'
import { browse, call, demo } from './files/members'
import { fabClearOf, loadedSize, noHorizontalOverflow, overlaps, shot, toast } from './files/page'

// Notifications between a bride and a groom, each in their own browser, against the real binary: she invites him
// and his bell rises without a reload; he accepts from Inbox → Received and hers rises, saying so; the e-mail of the
// acceptance (the dev outbox) carries a List-Unsubscribe header, and its unsubscribe link opens the page that asks
// before it stops anything; then he asks for her protected photos, she accepts in Inbox → Requests, and after a
// reload he sees them. Screenshots of /inbox/notification and of the open bell at 1280 and 360 px.
//
// Demo members 057 are this spec's (bride and groom 057; a retry, against the same server where the first try's
// invitation stands, uses 058, then 059). No other spec uses 057–059.



const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The header's bell; its name carries the unread count ("Notifications, 3 unread"). */
function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
}

/** The unread count the bell says now. */
async function unread(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? ''
  const m = /, (\d+) unread$/.exec(label)
  return m ? Number(m[1]) : Number.NaN
}

/** Opens the bell's dropdown (if closed) and returns it. */
async function openBell(page: Page): Promise<Locator> {
  const b = bell(page)
  if ((await b.getAttribute('aria-expanded')) !== 'true') await b.click()
  const panel = page.getByRole('region', { name: 'Notifications', exact: true })
  await expect(panel).toBeVisible()
  return panel
}

async function closeBell(page: Page) {
  if ((await bell(page).getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape')
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'false')
}

/** The count once the latest five have loaded (before that the bell says 0), with the dropdown closed again. */
async function settledCount(page: Page): Promise<number> {
  const panel = await openBell(page)
  await expect(panel.locator('.notification-list, .bell__empty').first()).toBeVisible()
  const n = await unread(page)
  await closeBell(page)
  return n
}

/** Waits until the page's socket is connected (the chat panel counts who is online then). */
async function socketUp(page: Page) {
  await expect(page.locator('.chat-panel__count')).toBeVisible({ timeout: 30_000 })
}

/** Marks the page, so that a later check can tell it was not reloaded meanwhile. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eNoReload?: number }).__e2eNoReload = 1))
}
async function notReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eNoReload?: number }).__e2eNoReload), 'the page was not reloaded').toBe(1)
}

/** A message of the dev outbox; `headers` as the server lists them. */
interface Mail {
  to: string
  subject: string
  text: string
  html: string
  at: string
  headers?: Record<string, string | string[]> | { name: string; value: string }[]
}

async function outbox(request: APIRequestContext): Promise<Mail[]> {
  const res = await request.get(baseURL() + '/dev/outbox')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { mail: Mail[] } }).data.mail
}

/** A header of a mail, by name in any case; '' when absent. */
function header(mail: Mail, name: string): string {
  const h = mail.headers
  if (!h) return ''
  const want = name.toLowerCase()
  if (Array.isArray(h)) return h.find((x) => x.name.toLowerCase() === want)?.value ?? ''
  const key = Object.keys(h).find((k) => k.toLowerCase() === want)
  const v = key ? h[key] : ''
  return Array.isArray(v) ? v.join(', ') : (v ?? '')
}

/** A card of the received invitations, or of a request list, by the member's name. */
function card(page: Page, name: string): Locator {
  return page.getByTestId('member-list-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

test('an invitation, its acceptance and a photo request notify both members live; the acceptance is e-mailed with an unsubscribe link', async ({ browser, request }) => {
  test.setTimeout(240_000)
  const n = 57 + test.info().retry
  const [bride, groom] = await Promise.all([demo(request, 'bride', n), demo(request, 'groom', n)])

  // She protects her photos and gets e-mails about invitations; where her default photo's file lives.
  const protect = await call(request, bride.token, 'PATCH', 'profile/settings', { photoVisibility: 'protected' })
  expect(protect.status, protect.meta.message).toBe(200)
  const alerts = await call(request, bride.token, 'POST', 'profile/email-alerts', { invitations: true, requests: true })
  expect(alerts.status, alerts.meta.message).toBe(200)
  const own = await call<{ photos: { imagePath: string; images: { large: string } }[] }>(request, bride.token, 'GET', 'profile/images')
  expect(own.status, own.meta.message).toBe(200)
  const p = own.data.photos[0]
  expect(p, 'a demo bride has a photo').toBeTruthy()
  const photoPath = p.imagePath + p.images.large.split('_')[0]

  const groomProfile = `/profile?profileId=${groom.profileID}`
  const brideProfile = `/profile?profileId=${bride.profileID}`
  const [b, g] = await Promise.all([browse(browser, bride, groomProfile), browse(browser, groom, '/my-matrimony')])
  try {
    let groomBefore = 0
    let brideBefore = 0

    await test.step('both are connected, and their bells know their counts', async () => {
      await expect(b.page.getByRole('heading', { name: groom.name, level: 1 })).toBeVisible()
      await expect(g.page.getByRole('heading', { name: `Welcome, ${groom.name}` })).toBeVisible()
      await Promise.all([socketUp(b.page), socketUp(g.page)])
      groomBefore = await settledCount(g.page)
      // The dashboard's panel shows the same latest five.
      await expect(g.page.getByRole('region', { name: 'Latest notifications', exact: true })).toBeVisible()
      await markPage(g.page)
    })

    await test.step('she invites him: his bell rises without a reload, with a toast, and lists the invitation first', async () => {
      await b.page.locator('.action-bar').getByRole('button', { name: 'Invite', exact: true }).click()
      await toast(b.page, `Invitation sent to ${groom.name}.`)
      await expect.poll(() => unread(g.page), { timeout: 20_000 }).toBeGreaterThan(groomBefore)
      await toast(g.page, new RegExp(`${esc(bride.name)}.*invitation`, 'i'))
      const panel = await openBell(g.page)
      const item = panel.getByRole('link', { name: new RegExp(`^Unread: ${esc(bride.name)}.*invitation`, 'i') }).first()
      await expect(item).toBeVisible()
      await notReloaded(g.page)
      await shot(g.page, 'notifications-bell-open-1280')
    })

    await test.step('at 360 px his Accept and Decline are clear of the floating chat button', async () => {
      const phone = await browse(browser, groom, '/inbox/received', true)
      try {
        const c = card(phone.page, bride.name)
        const buttons = [c.getByRole('button', { name: `Accept ${bride.name}` }), c.getByRole('button', { name: `Decline ${bride.name}` })]
        await expect(buttons[0]).toBeVisible()
        await noHorizontalOverflow(phone.page)
        await fabClearOf(phone.page, buttons)
      } finally {
        await phone.context.close()
      }
    })

    await test.step('he opens the notification: it is marked read and Inbox → Received opens, where he accepts', async () => {
      brideBefore = await settledCount(b.page)
      await markPage(b.page)
      const countWithIt = await unread(g.page)
      const panel = await openBell(g.page)
      await panel.getByRole('link', { name: new RegExp(`^Unread: ${esc(bride.name)}.*invitation`, 'i') }).first().click()
      await expect(g.page).toHaveURL(/\/inbox\/received$/)
      await expect(panel).toBeHidden()
      await expect.poll(() => unread(g.page)).toBeLessThan(countWithIt)
      const c = card(g.page, bride.name)
      await c.getByRole('button', { name: `Accept ${bride.name}` }).click()
      await toast(g.page, `You accepted ${bride.name}'s invitation. You can now chat when you are both online.`)
    })

    await test.step('her bell rises without a reload, and says he accepted her invitation', async () => {
      await expect.poll(() => unread(b.page), { timeout: 20_000 }).toBeGreaterThan(brideBefore)
      const panel = await openBell(b.page)
      await expect(panel.getByRole('link', { name: new RegExp(`^Unread: ${esc(groom.name)}.*accepted`, 'i') }).first()).toBeVisible()
      await notReloaded(b.page)
      await closeBell(b.page)
    })

    await test.step('the e-mail of the acceptance has a List-Unsubscribe header, and its link opens the unsubscribe page', async () => {
      let mail: Mail | undefined
      await expect
        .poll(
          async () => {
            mail = (await outbox(request)).find((m) => m.to === bride.email && /accept/i.test(m.subject + ' ' + m.text) && m.text.includes(groom.name))
            return !!mail
          },
          { timeout: 20_000, message: 'the acceptance e-mail reaches the outbox' },
        )
        .toBe(true)
      expect(mail!.text).toMatch(/accept/i)
      // RFC 2369: one or more <URI>s, here a web one that turns the category off (RFC 8058 one-click).
      const unsubscribe = header(mail!, 'List-Unsubscribe')
      expect(unsubscribe, 'List-Unsubscribe header').toMatch(/<https?:\/\/[^>]+unsubscribe\?t=[^>]+>/)
      // The body links the page that asks first; it is opened on this server (the mail names the configured site).
      const page = /https?:\/\/\S+?(\/unsubscribe\?t=[^\s"<>]+)/.exec(mail!.text)
      expect(page, `the unsubscribe page's link in: ${mail!.text}`).not.toBeNull()
      // Opened without a session, as from a mail program: it asks before it stops anything.
      const visitor = await browse(browser, null, page![1])
      try {
        await expect(visitor.page.getByText(/^Stop e-mails about .+\?$/)).toBeVisible()
        await expect(visitor.page.getByRole('button', { name: 'Stop these e-mails' })).toBeEnabled()
        await shot(visitor.page, 'unsubscribe-1280')
      } finally {
        await visitor.context.close()
      }
    })

    await test.step('her notifications page at 1280 and 360 px, with the open bell', async () => {
      await b.page.goto('/inbox/notification')
      await expect(b.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
      await expect(b.page.getByRole('navigation', { name: 'Inbox' }).getByRole('link', { name: 'Notifications' })).toHaveClass(/active/)
      const list = b.page.getByRole('list', { name: 'Notifications', exact: true })
      await expect(list.getByRole('link', { name: new RegExp(`${esc(groom.name)}.*accepted`, 'i') }).first()).toBeVisible()
      await noHorizontalOverflow(b.page)
      await shot(b.page, 'notifications-1280')
      const phone = await browse(browser, bride, '/inbox/notification', true)
      try {
        await expect(phone.page.getByRole('list', { name: 'Notifications', exact: true })).toBeVisible()
        await expect(bell(phone.page)).toBeVisible()
        await noHorizontalOverflow(phone.page)
        await shot(phone.page, 'notifications-360')
        const panel = await openBell(phone.page)
        const box = (await panel.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(360)
        await noHorizontalOverflow(phone.page)
        await shot(phone.page, 'notifications-bell-open-360')
      } finally {
        await phone.context.close()
      }
      // Mark all as read: the bell says none.
      await b.page.getByRole('button', { name: 'Mark all as read' }).click()
      await expect(bell(b.page)).toHaveAccessibleName('Notifications, 0 unread')
      await expect(b.page.getByText('All read')).toBeVisible()
    })

    let groomBeforeAnswer = 0
    await test.step('he asks for her photos; the request shows on her notifications page as it comes', async () => {
      await markPage(b.page)
      await g.page.goto(brideProfile)
      await socketUp(g.page)
      const gallery = g.page.locator('.gallery')
      await expect(gallery.getByText('Photos are protected')).toBeVisible()
      groomBeforeAnswer = await settledCount(g.page)
      await gallery.getByRole('button', { name: 'Request photos' }).click()
      await toast(g.page, `Photo request sent to ${bride.name}.`)
      await expect.poll(() => unread(b.page), { timeout: 20_000 }).toBeGreaterThan(0)
      await expect(b.page.getByRole('list', { name: 'Notifications', exact: true }).getByRole('link', { name: new RegExp(`^Unread: ${esc(groom.name)}.*photo`, 'i') }).first()).toBeVisible()
      await notReloaded(b.page)
    })

    await test.step('she accepts it in Inbox → Requests', async () => {
      await b.page.getByRole('navigation', { name: 'Inbox' }).getByRole('link', { name: 'Requests' }).click()
      await expect(b.page).toHaveURL(/\/inbox\/requests$/)
      const c = card(b.page, groom.name).filter({ hasText: /photos/ })
      await c.getByRole('button', { name: `Accept photo request from ${groom.name}` }).click()
      await toast(b.page, `${groom.name} can now see your photos.`)
      await expect(c.getByText('Accepted')).toBeVisible()
    })

    await test.step('his bell says so; after a reload he sees her photos', async () => {
      await expect.poll(() => unread(g.page), { timeout: 20_000 }).toBeGreaterThan(groomBeforeAnswer)
      await g.page.reload()
      const img = g.page.locator('.gallery__main img')
      expect((await loadedSize(img)).width).toBeGreaterThan(0)
      expect(await img.getAttribute('src')).toContain(photoPath)
      await expect(g.page.getByText('Photos are protected')).toHaveCount(0)
    })

    await test.step('at 1280 px the docked chat bar covers no part of the end of her profile or of the dashboard', async () => {
      for (const [page, path] of [
        [g.page, brideProfile],
        [b.page, '/my-matrimony'],
      ] as const) {
        if (!page.url().endsWith(path)) await page.goto(path)
        const bar = page.locator('.chat-panel')
        await expect(bar).toBeVisible()
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        const barBox = (await bar.boundingBox())!
        for (const last of await page.locator('.footer-bottom__inner > *').all()) {
          const box = (await last.boundingBox())!
          expect(overlaps(barBox, box), `the chat bar covers "${await last.textContent()}" on ${path}`).toBe(false)
        }
      }
    })
  } finally {
    await Promise.all([g.context.close(), b.context.close()])
  }
})
