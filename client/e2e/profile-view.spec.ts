import type { Page } from '@playwright/test'
import { baseURL, expect, test } from './fixtures'
import { renderImage } from './files/images'
import { activateEmail, call, DEMO_PASSWORD, login, openAs, registerMember, uploadPhoto, verifyMobile } from './files/members'
import { loadedSize, noHorizontalOverflow, shot } from './files/page'

// A demo groom opens a new bride's /profile?profileId=: her photos (then the locked placeholder once she protects
// them), her masked phone and e-mail, her badges with dates, her age and not her date of birth, and the action bar
// with Invite, Block, Don't show, Report and the photo and phone requests (e2e/requests.spec.ts follows those through)
// working. Unknown ids show the friendly not-found state; the own id a note.

const GROOM = 'demo.groom.037@demo.tfmmatrimony.in'

async function expectNoPhotoOf(page: Page, photoPaths: string[]) {
  const srcs = await page.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''))
  for (const p of photoPaths) expect(srcs.some((s) => s.startsWith(p))).toBe(false)
}

test('profile view: photos, masked contact, badges, protected photos, not found and own profile', async ({ page, request }) => {
  test.setTimeout(90_000)
  const bride = await registerMember(request, 20, 'Viewed')
  await activateEmail(request, bride)
  await verifyMobile(request, bride)
  await page.goto('/about-us')
  const photos = await Promise.all([
    renderImage(page, { type: 'image/jpeg', width: 600, height: 750, label: 'ONE', hue: 340 }),
    renderImage(page, { type: 'image/png', width: 700, height: 500, label: 'TWO', hue: 40 }),
  ])
  await uploadPhoto(request, bride.token, { name: 'one.jpg', mimeType: 'image/jpeg', buffer: photos[0] })
  const own = await uploadPhoto(request, bride.token, { name: 'two.png', mimeType: 'image/png', buffer: photos[1] })
  const photoPaths = own.map((p) => p.imagePath + p.images.large.split('_')[0])

  const groom = await login(request, GROOM, DEMO_PASSWORD)
  const url = `/profile?profileId=${bride.profileID}`

  await test.step('the groom sees her two photos, her details and age (never the date of birth)', async () => {
    await openAs(page, groom, url)
    await expect(page.getByRole('heading', { name: bride.name, level: 1 })).toBeVisible()
    await expect(page.locator('.partner-summary__id')).toHaveText(`Profile ID ${bride.profileID}`)
    const main = page.locator('.gallery__main img')
    expect(await loadedSize(main)).toEqual({ width: 600, height: 750 })
    await expect(page.getByText('Photo 1 of 2')).toBeVisible()
    await page.getByRole('button', { name: 'Show photo 2' }).click()
    await expect(page.getByText('Photo 2 of 2')).toBeVisible()
    expect(await loadedSize(page.locator('.gallery__main img'))).toEqual({ width: 700, height: 500 })
    const age = new Date().getFullYear() - 1996 - (new Date() < new Date(new Date().getFullYear(), 3, 12) ? 1 : 0)
    await expect(page.locator('.detail-rows').getByText(`${age} years`)).toBeVisible()
    await expect(page.locator('.partner-summary__facts')).toContainText(`${age} years`)
    await expect(page.getByText('1996')).toHaveCount(0)
    await expect(page.locator('.detail-card', { hasText: 'Faith' }).getByText('Christian')).toBeVisible()
    await expect(page.getByText('Profile created by')).toBeVisible()
  })

  await test.step('her phone and e-mail are masked, with the View contact call to action', async () => {
    const phone = page.getByTestId('contact-phone')
    await expect(phone).toHaveText(`+91 ${bride.phone.slice(0, 4)}XXXXXX`)
    await expect(page.getByTestId('contact-email')).toHaveText('XXXXXX@example.in')
    await expect(page.getByText(bride.phone)).toHaveCount(0)
    await expect(page.getByText(bride.email)).toHaveCount(0)
    // Demo members are on a paid plan or not; the call to action says what applies to this viewer (the billing
    // spec spends a contact view; this one only reads the offer).
    const cta = page.locator('.contact-cta')
    const summary = await call<{ entitlements: { paid: boolean; contactViewsLeft: number } }>(request, groom.token, 'GET', 'profile?onlyInfo=true')
    if (summary.data.entitlements.paid) {
      await expect(cta.getByRole('button', { name: `View contact (uses 1 of ${summary.data.entitlements.contactViewsLeft} left)` })).toBeEnabled()
      await expect(cta).toContainText('Viewing this member again during your plan costs nothing')
    } else {
      await expect(cta).toContainText('Buy a plan to view contact details')
      await expect(cta.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans')
    }
  })

  await test.step('badges say what was checked and when', async () => {
    const list = page.locator('.badge-list')
    await expect(list.getByText('Mobile verified')).toBeVisible()
    await expect(list.getByText('Email verified')).toBeVisible()
    await expect(list).toContainText('one-time password (OTP), on ')
    await expect(list).toContainText('activation link, on ')
    await expect(list.getByText('ID verified')).toHaveCount(0)
  })

  await test.step('chat opens or says why not; her photos need no request, her number may be asked for', async () => {
    for (const name of ['Invite', 'Block', "Don't show", 'Report', 'Request phone number']) await expect(page.locator('.action-bar').getByRole('button', { name, exact: true })).toBeEnabled()
    const photos = page.locator('.action-bar').getByRole('button', { name: 'Request photos', exact: true })
    await expect(photos).toBeDisabled()
    await expect(photos).toHaveAccessibleDescription('Photos are visible to you; no request is needed.')
    const chat = page.locator('.action-bar').getByRole('button', { name: 'Chat', exact: true })
    await expect(chat).toBeEnabled()
    const before = await chat.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent ?? '')
    await chat.click()
    // A paid viewer gets the window; a free one the server's reason (a mutually accepted invitation or a plan).
    await expect(chat).not.toHaveAccessibleDescription(before)
    await noHorizontalOverflow(page)
    await shot(page, 'profile-view-1280', page.locator('.profile-view'))
    await shot(page, 'profile-view-1280-top')
  })

  await test.step('at 360 px the profile fits the phone', async () => {
    await page.setViewportSize({ width: 360, height: 760 })
    await page.reload()
    await loadedSize(page.locator('.gallery__main img'))
    await noHorizontalOverflow(page)
    await shot(page, 'profile-view-360', page.locator('.profile-view'))
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  await test.step('once she protects her photos he sees a locked placeholder, and the old photo URLs stop working', async () => {
    const oldSrc = await page.locator('.gallery__main img').getAttribute('src')
    const r = await call(request, bride.token, 'PATCH', 'profile/settings', { photoVisibility: 'protected' })
    expect(r.status).toBe(200)
    await page.reload()
    await expect(page.getByText('Photos are protected')).toBeVisible()
    const request_ = page.locator('.gallery').getByRole('button', { name: 'Request photos' })
    await expect(request_).toBeEnabled()
    await expect(request_).toHaveAccessibleDescription(`Ask ${bride.name} to show you her photos.`)
    await expectNoPhotoOf(page, photoPaths)
    const res = await request.get(baseURL() + oldSrc!)
    expect(res.status()).toBe(403)
    await shot(page, 'profile-view-protected-1280', page.locator('.profile-view__top'))
  })

  await test.step('an unknown or malformed id shows the friendly not-found state', async () => {
    for (const id of ['TM0000001', 'not-a-code!']) {
      await page.goto(`/profile?profileId=${encodeURIComponent(id)}`)
      await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go to My Matrimony' })).toBeVisible()
    }
    await page.goto('/profile')
    await expect(page.getByText('No profile was chosen.')).toBeVisible()
    await shot(page, 'profile-not-found-1280')
  })

  await test.step('the bride opening her own id sees her profile with a note', async () => {
    await page.evaluate(() => localStorage.clear())
    await openAs(page, bride, url)
    await expect(page.getByText('This is your own profile, as other members see it.')).toBeVisible()
    await expect(page.locator('.action-bar')).toHaveCount(0)
    // Her own photos stay visible to her even though they are protected.
    expect((await loadedSize(page.locator('.gallery__main img'))).width).toBe(600)
    await expect(page.getByTestId('contact-email')).toHaveText(bride.email)
  })
})
