import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { E2E_DIR } from './state'
import { api, baseURL, expect, test } from './fixtures'
import { carriesMetadata, withGpsExif } from './files/exif'
import { renderImage } from './files/images'
import { activateEmail, call, DEMO_PASSWORD, login, openAs, verifyMobile } from './files/members'
import { loadedSize, toast } from './files/page'

// The member's own profile: a new member completes every section through /profile-completion, is sent back when
// completedSteps reaches 30, finds it all on My Profile, and edits one section (a validation error first).

const SHOTS = path.resolve(E2E_DIR, '../test-results/screenshots')
mkdirSync(SHOTS, { recursive: true })

const PASSWORD = 'Profile@1234'

async function shot(page: Page, name: string) {
  // Let fonts and images settle; screenshots are looked at by people.
  await page.evaluate(async () => {
    await document.fonts.ready
    window.scrollTo(0, 0)
  })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

/** A phone at 360 px must not scroll sideways. */
async function expectNoOverflow(page: Page) {
  const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  expect(iw).toBe(360)
  // On failure, name the elements that stick out.
  const wide =
    sw > 360
      ? await page.evaluate(() => {
          const clipped = (el: Element) => {
            for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true
            return false
          }
          return Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > 361 && !clipped(el))
            .slice(0, 8)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
        })
      : []
  expect(sw, wide.join(' ')).toBeLessThanOrEqual(360)
}

/** Screenshots of the current page at 1280 and 360 px, with the overflow check at 360. */
async function shotsAtBothWidths(page: Page, name: string) {
  await shot(page, `${name}-1280`)
  await page.setViewportSize({ width: 360, height: 740 })
  await expectNoOverflow(page)
  await shot(page, `${name}-360`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

function letters(n: number): string {
  const a = 'abcdefghijklmnopqrstuvwxyz'
  let s = ''
  for (let i = 0; i < n; i++) s += a[Math.floor(Math.random() * a.length)]
  return s
}

/** Registers a bride through the API (as the registration form would) and returns her e-mail and name. */
async function registerBride(request: APIRequestContext, worker: number) {
  const find = async (kind: string, name: string) => {
    const list = await api<{ id: number; name: string }[]>(request, 'GET', `/api/v1/master/${kind}`)
    const item = list.find((i) => i.name === name)
    expect(item, `${kind} ${name}`).toBeTruthy()
    return item!.id
  }
  const [religionId, communityId, motherTongueId] = await Promise.all([find('religion', 'Christian'), find('community', 'Marthoma'), find('language', 'Malayalam')])
  const stamp = `${Date.now()}${worker}`
  const name = 'Ancy ' + letters(7).replace(/^./, (c) => c.toUpperCase())
  const email = `e2e.profile.${stamp}.${letters(4)}@example.in`
  const phone = '8' + stamp.slice(-9)
  const res = await request.post(baseURL() + '/api/v1/auth/register', {
    data: { name, gender: 20, dateOfBirth: '1995-08-21', profileCreatedBy: 'self', email, phoneCode: '+91', phone, password: PASSWORD, confirmPassword: PASSWORD, religionId, communityId, motherTongueId },
  })
  expect(res.status(), await res.text()).toBe(200)
  const d = ((await res.json()) as { data: { token: string; refreshToken: string; profile: { profileID: string } } }).data
  return { name, email, phone, password: PASSWORD, gender: 20 as const, token: d.token, refreshToken: d.refreshToken, profileID: d.profile.profileID }
}

/** A real JPEG drawn in the browser (the server re-encodes it, so it must decode). */
async function jpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = 480
    c.height = 600
    const g = c.getContext('2d')!
    const grad = g.createLinearGradient(0, 0, 480, 600)
    grad.addColorStop(0, '#f6e6eb')
    grad.addColorStop(1, '#84203f')
    g.fillStyle = grad
    g.fillRect(0, 0, 480, 600)
    g.fillStyle = '#e9c46a'
    g.beginPath()
    g.arc(240, 230, 120, 0, Math.PI * 2)
    g.fill()
    return c.toDataURL('image/jpeg', 0.9)
  })
  return Buffer.from(dataUrl.split(',')[1], 'base64')
}

async function stepHeading(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d+ of \\d+.*${title}$`) })).toBeVisible()
}

test('a new member completes the profile step by step, is sent back at 30, sees it on My Profile, edits a section, adds three photos and preferences, and a groom sees her profile', async ({ page, request, browser }, info) => {
  test.setTimeout(240_000)
  const me = await registerBride(request, info.workerIndex)

  await test.step('log in and see the dashboard asking to complete the profile', async () => {
    await page.goto('/login')
    await page.getByLabel(/^Email/).fill(me.email)
    await page.locator('#pwd').fill(PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page).toHaveURL(/\/my-matrimony$/)
    await expect(page.getByRole('heading', { name: `Welcome, ${me.name}` })).toBeVisible()
    const completion = page.locator('.dash-completion')
    await expect(completion.getByRole('heading', { name: 'Complete your profile' })).toBeVisible()
    // Registration completes basic, contact and faith: 9 of 30 steps.
    await expect(completion.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30')
    await expect(completion.getByRole('link', { name: 'Education and work' })).toHaveAttribute('href', '/edit-profile?section=education')
    await expect(page.getByRole('link', { name: /New matches/ })).toHaveAttribute('href', '/matches/new-matches')
    await expect(page.getByRole('link', { name: /Invitations received/ })).toHaveAttribute('href', '/inbox/received')
    await expect(page.getByRole('link', { name: /Recent visitors/ })).toHaveAttribute('href', '/matches/recent-visitors')
    await expect(completion.getByRole('link', { name: 'My Photos', exact: true })).toBeVisible()
    await expect(completion.getByRole('link', { name: 'Partner Preferences', exact: true })).toBeVisible()
    await shotsAtBothWidths(page, 'profile-dashboard-incomplete')
    // Into the wizard from My Profile, so that going back at the end is seen to return there.
    await page.getByRole('link', { name: 'View my profile' }).click()
    await expect(page).toHaveURL(/\/my-matrimony\/my-profile$/)
    await expect(page.locator('.profile-section .badge--todo', { hasText: 'Incomplete' })).toHaveCount(5)
    await page.getByRole('link', { name: 'Complete my profile' }).click()
    await expect(page).toHaveURL(/\/profile-completion$/)
  })

  await test.step('education and work', async () => {
    await stepHeading(page, 'Education and work')
    const wizard = page.locator('.wizard')
    await expect(wizard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30')
    // Nothing chosen: the required fields say so and nothing is sent.
    await page.getByRole('button', { name: 'Save & continue' }).click()
    await expect(page.getByText('Please select a valid degree')).toBeVisible()
    await page.getByLabel(/Highest degree/).selectOption({ label: 'B.Sc Nursing' })
    await page.getByLabel(/^College/).selectOption({ label: 'Christian Medical College, Vellore' })
    await page.getByLabel(/Profession/).selectOption({ label: 'Staff Nurse' })
    await page.getByLabel(/Annual income/).selectOption({ label: '₹5 – 7 Lakh' })
    await shotsAtBothWidths(page, 'profile-completion-step')
    await page.getByRole('button', { name: 'Save & continue' }).click()
    await toast(page, 'profile updated successfully')
  })

  await test.step('location: country, then state, then city', async () => {
    await stepHeading(page, 'Location')
    await expect(page.locator('.wizard').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40')
    await expect(page.getByLabel(/^State/)).toBeDisabled()
    await page.getByLabel(/^Country/).selectOption({ label: 'India' })
    await page.getByLabel(/^State/).selectOption({ label: 'Kerala' })
    await page.getByLabel(/^City/).selectOption({ label: 'Kochi' })
    await page.getByRole('button', { name: 'Save & continue' }).click()
  })

  await test.step('family, with Back and Skip on the way', async () => {
    await stepHeading(page, 'Family')
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await stepHeading(page, 'Location')
    await expect(page.getByLabel(/^City/)).toHaveValue(/\d+/)
    await page.getByRole('button', { name: 'Skip' }).click()
    await stepHeading(page, 'Family')
    await page.getByLabel(/Family type/).selectOption({ label: 'Nuclear family' })
    await page.getByLabel(/Family values/).selectOption({ label: 'Moderate' })
    await page.getByRole('button', { name: 'Save & continue' }).click()
    await expect(page.getByText("Please tell us the father's or mother's occupation")).toBeVisible()
    await page.getByLabel(/Father's occupation/).fill('Retired headmaster')
    await page.getByLabel(/Mother's occupation/).fill('Homemaker')
    await page.getByLabel(/Brothers and sisters/).fill('One elder brother, married')
    await page.getByRole('button', { name: 'Save & continue' }).click()
  })

  await test.step('about me', async () => {
    await stepHeading(page, 'About me')
    const about = page.getByRole('textbox', { name: /^About me/ })
    await about.fill('Call me on 98470 12345')
    await page.getByRole('button', { name: 'Save & continue' }).click()
    await expect(page.getByText('Please do not share phone numbers or e-mail addresses here')).toBeVisible()
    await about.fill('I am a staff nurse in Kochi. I sing in the Marthoma parish choir and love long walks by the backwaters.')
    await page.getByRole('textbox', { name: /About my family/ }).fill('A close family from Thiruvalla; my parents now live with us in Kochi.')
    await page.getByRole('button', { name: 'Save & continue' }).click()
  })

  await test.step('height and lifestyle', async () => {
    await stepHeading(page, 'Height and lifestyle')
    await page.locator('#heightCm').selectOption({ label: '5 ft 3 in (160 cm)' })
    await page.getByLabel(/^Diet/).selectOption({ label: 'Non-vegetarian' })
    await page.getByLabel(/^Smoking/).selectOption({ label: 'No' })
    await page.getByLabel(/^Drinking/).selectOption({ label: 'No' })
    await page.getByRole('button', { name: 'Save & continue' }).click()
  })

  await test.step('a photo', async () => {
    await stepHeading(page, 'Photos')
    await expect(page.locator('.wizard').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80')
    await page.getByRole('button', { name: 'Upload & continue' }).click()
    await expect(page.getByText('Image is required')).toBeVisible()
    await page.getByLabel(/Your photo/).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg(page) })
    await expect(page.getByRole('img', { name: 'The photo you chose' })).toBeVisible()
    await page.getByRole('button', { name: 'Upload & continue' }).click()
    await toast(page, 'profile image update successfully')
  })

  await test.step('partner preferences: the suggestions are saved and the page goes back at 30', async () => {
    await stepHeading(page, 'Partner preferences')
    await expect(page.locator('.pref-step')).toContainText('Marthoma')
    await expect(page.locator('.pref-step')).toContainText('Malayalam')
    await page.getByRole('button', { name: 'Save & continue' }).click()
    // Spec §2: it goes back when completedSteps is 30 — here to My Profile, where the member came from.
    await expect(page).toHaveURL(/\/my-matrimony\/my-profile$/)
    await expect(page.locator('.own-head').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    await page.locator('.member-side').getByRole('link', { name: 'Dashboard', exact: true }).click()
    await expect(page).toHaveURL(/\/my-matrimony$/)
    const completion = page.locator('.dash-completion')
    await expect(completion.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible()
    await expect(completion.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    await shotsAtBothWidths(page, 'profile-dashboard')
  })

  await test.step('opening the completion page again goes straight back', async () => {
    // A fresh page load has no earlier entry of this app to go back to: it goes to the dashboard.
    await page.goto('/profile-completion')
    await expect(page).toHaveURL(/\/my-matrimony$/)
  })

  await test.step('My Profile shows what was entered', async () => {
    await page.goto('/my-matrimony/my-profile')
    const section = (name: string) => page.locator('.profile-section').filter({ has: page.getByRole('heading', { name, exact: true }) })
    await expect(section('Education and work')).toContainText('B.Sc Nursing')
    await expect(section('Education and work')).toContainText('Christian Medical College, Vellore')
    await expect(section('Education and work')).toContainText('Staff Nurse')
    await expect(section('Education and work')).toContainText('₹5 – 7 Lakh')
    await expect(section('Location')).toContainText('Kochi, Kerala, India')
    await expect(section('Family')).toContainText('Nuclear family')
    await expect(section('Family')).toContainText('Retired headmaster')
    await expect(section('About me')).toContainText('backwaters')
    await expect(section('Height and lifestyle')).toContainText('5 ft 3 in (160 cm)')
    await expect(section('Height and lifestyle')).toContainText('Non-vegetarian')
    await expect(section('Faith')).toContainText('Marthoma')
    await expect(section('Basic details')).toContainText('21 August 1995')
    await expect(page.locator('.profile-section .badge--todo', { hasText: 'Incomplete' })).toHaveCount(0)
    await expect(page.locator('.photo-strip img')).toHaveCount(1)
    await expect(page.locator('.photo-strip img')).toHaveJSProperty('complete', true)
    expect(await page.locator('.photo-strip img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(section('Family').getByRole('link', { name: 'Edit family' })).toHaveAttribute('href', '/edit-profile?section=family')
    await shotsAtBothWidths(page, 'profile-my-profile')
  })

  await test.step('edit the basic details: a name with digits first, then a valid save', async () => {
    await page.locator('.profile-section').filter({ has: page.getByRole('heading', { name: 'Basic details', exact: true }) }).getByRole('link', { name: 'Edit basic details' }).click()
    await expect(page).toHaveURL(/\/edit-profile\?section=basic$/)
    const name = page.getByLabel(/Full name/)
    await expect(name).toHaveValue(me.name)
    await name.fill('Ancy 2nd')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.locator('#name-error')).toHaveText('Name can only contain letters')
    await expect(name).toBeFocused()
    await shotsAtBothWidths(page, 'profile-edit-profile')

    // Unsaved changes: leaving asks first.
    await page.getByRole('link', { name: 'Faith', exact: true }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Stay here' }).click()
    await expect(page).toHaveURL(/section=basic$/)

    const newName = me.name + ' Thomas'
    await name.fill(newName)
    await page.getByLabel(/Marital status/).selectOption({ label: 'Never married' })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await toast(page, 'profile updated successfully')
    await expect(page.locator('#name-error')).toHaveCount(0)
    // Saved: moving on does not ask.
    await page.getByRole('link', { name: 'Back to my profile' }).click()
    await expect(page).toHaveURL(/\/my-matrimony\/my-profile$/)
    await expect(page.locator('.profile-section').first()).toContainText(newName)
    // The header's summary profile follows the new name.
    await expect(page.getByRole('button', { name: `Profile menu of ${newName}` })).toBeVisible()
  })

  const photoPaths: string[] = []
  await test.step('three more photos from a phone: a JPEG with EXIF GPS, a PNG and a WebP; the JPEG becomes the default', async () => {
    const gpsJpeg = withGpsExif(await renderImage(page, { type: 'image/jpeg', width: 800, height: 600, label: 'KOCHI', hue: 20 }))
    expect(carriesMetadata(gpsJpeg).gps).toBe(true)
    const png = await renderImage(page, { type: 'image/png', width: 640, height: 480, label: 'CHOIR', hue: 200 })
    const webp = await renderImage(page, { type: 'image/webp', width: 600, height: 600, label: 'PARISH', hue: 300 })
    await page.goto('/upload-photos')
    await page.locator('#photo-files').setInputFiles([
      { name: 'kochi.jpg', mimeType: 'image/jpeg', buffer: gpsJpeg },
      { name: 'choir.png', mimeType: 'image/png', buffer: png },
      { name: 'parish.webp', mimeType: 'image/webp', buffer: webp },
    ])
    await page.getByRole('button', { name: 'Upload 3 photos' }).click()
    await expect(page.locator('.queue__item', { hasText: 'Uploaded' })).toHaveCount(3)
    await page.getByRole('link', { name: 'See My Photos' }).click()
    const cards = page.locator('.photo-grid > .photo-card')
    await expect(cards).toHaveCount(4)
    await cards.nth(1).getByRole('button', { name: /Make default/ }).click()
    await toast(page, 'Record updated Successfully')
    await expect(cards.nth(0)).toContainText('Default photo')
    expect(await loadedSize(cards.nth(0).locator('img'))).toEqual({ width: 800, height: 600 })
    const own = (await call<{ photos: { imagePath: string; images: { large: string } }[] }>(request, me.token, 'GET', 'profile/images')).data.photos
    expect(own).toHaveLength(4)
    // The served default (the phone JPEG) carries no EXIF or GPS.
    const served = await request.get(baseURL() + own[0].imagePath + own[0].images.large)
    expect(carriesMetadata(await served.body())).toEqual({ exif: false, gps: false, marker: false })
    photoPaths.push(...own.map((p) => p.imagePath + p.images.large.split('_')[0]))
  })

  await test.step('partner preferences: a narrower age range, kept after a reload', async () => {
    await page.goto('/my-matrimony/partner-preferences')
    const from = page.getByLabel('Youngest')
    await expect(from).toBeVisible()
    await from.selectOption('27')
    await page.getByLabel('Oldest').selectOption('33')
    await page.getByRole('button', { name: 'Save preferences' }).click()
    await toast(page, /successfully/i)
    await page.reload()
    await expect(page.getByLabel('Youngest')).toHaveValue('27')
    await expect(page.getByLabel('Oldest')).toHaveValue('33')
  })

  await test.step('a groom opens her profile: her four photos, the masked phone and e-mail, and her badges', async () => {
    await activateEmail(request, me)
    await verifyMobile(request, me)
    const groom = await login(request, 'demo.groom.033@demo.tfmmatrimony.in', DEMO_PASSWORD)
    const context = await browser.newContext({ baseURL: baseURL(), locale: 'en-IN' })
    const other = await context.newPage()
    await openAs(other, groom, `/profile?profileId=${me.profileID}`)
    await expect(other.getByRole('heading', { name: me.name + ' Thomas', level: 1 })).toBeVisible()
    await expect(other.getByText('Photo 1 of 4')).toBeVisible()
    expect(await loadedSize(other.locator('.gallery__main img'))).toEqual({ width: 800, height: 600 })
    // His copies of her photos carry his own grants, not hers.
    const srcs = await other.locator('.gallery img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''))
    expect(srcs.filter((s) => photoPaths.some((p) => s.startsWith(p))).length).toBeGreaterThan(0)
    await expect(other.getByTestId('contact-phone')).toHaveText(`+91 ${me.phone.slice(0, 4)}XXXXXX`)
    await expect(other.getByTestId('contact-email')).toHaveText('XXXXXX@example.in')
    await expect(other.getByText(me.phone)).toHaveCount(0)
    await expect(other.getByText(me.email)).toHaveCount(0)
    const badges = other.locator('.badge-list')
    await expect(badges.getByText('Mobile verified')).toBeVisible()
    await expect(badges.getByText('Email verified')).toBeVisible()
    await context.close()
  })
})
