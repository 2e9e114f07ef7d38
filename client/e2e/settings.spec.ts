import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { E2E_DIR } from './state'
import { baseURL, expect, test } from './fixtures'

// Partner preferences and member settings against the real binary. Each test signs in its own demo member
// (numbers 040–060 are kept for this spec), so the tests run in parallel without touching each other's data.

const SHOTS = path.resolve(E2E_DIR, '../test-results/screenshots')
mkdirSync(SHOTS, { recursive: true })

const PASSWORD = 'Demo@1234'

interface Tokens {
  token: string
  refreshToken: string
}

/** Logs in through the API and starts the page with the stored session, as a returning member's browser would. */
async function signIn(page: Page, request: APIRequestContext, email: string): Promise<Tokens> {
  const res = await request.post(baseURL() + '/api/v1/auth/login', { data: { email, pwd: PASSWORD, loginType: 'password' } })
  expect(res.status(), `login ${email}`).toBe(200)
  const { data } = (await res.json()) as { data: Tokens }
  await page.addInitScript(([token, refreshToken]) => {
    localStorage.setItem('token', token)
    localStorage.setItem('refreshToken', refreshToken)
  }, [data.token, data.refreshToken])
  return data
}

async function apiGet<T>(request: APIRequestContext, tokens: Tokens, p: string): Promise<T> {
  const res = await request.get(baseURL() + '/api/v1/' + p, { headers: { Authorization: `Bearer ${tokens.token}` } })
  expect(res.status(), p).toBe(200)
  return ((await res.json()) as { data: T }).data
}

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('.Toastify').getByText(text).first()).toBeVisible()
}

/** A viewport screenshot once the toasts are gone, plus the 360-px overflow check. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 })
  const width = page.viewportSize()?.width ?? 0
  if (width <= 360) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scrolling`).toBeLessThanOrEqual(360)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false })
}

/** The row of one preference, by its field name (its title reads "Denomination · must match" once strict). */
const row = (page: Page, field: string) => page.locator(`#pref-${field}`)

/** Waits for the answer to a settings call the page makes on its own (switches and choices save as they change). */
const saved = (page: Page, method: string, urlPart: string) =>
  page.waitForResponse((r) => r.url().includes('/api/v1/' + urlPart) && r.request().method() === method && r.status() === 200)

interface SavedPreference {
  age: { min: number; max: number; strict: boolean }
  community: { names: string[]; strict: boolean }
  state: { names: string[]; strict: boolean }
}

test('partner preferences: an age range, two denominations that must match and a state are kept after a reload', async ({ page, request }) => {
  const tokens = await signIn(page, request, 'demo.groom.050@demo.tfmmatrimony.in')
  await page.goto('/my-matrimony/partner-preferences')
  await expect(page.getByRole('heading', { name: 'Partner Preferences', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'How your preferences work' })).toBeVisible()

  await page.getByLabel('Youngest').selectOption('23')
  await page.getByLabel('Oldest').selectOption('29')

  const denomination = row(page, 'community')
  // Start from "any": drop what the seed chose.
  const removes = denomination.getByRole('button', { name: /^Remove / })
  while ((await removes.count()) > 0) await removes.first().click()
  await expect(denomination.getByText('Any denomination')).toBeVisible()
  await expect(denomination.getByLabel('Must match')).toBeDisabled()
  const search = denomination.getByRole('combobox')
  await search.fill('CSI')
  await expect(page.getByRole('option', { name: 'CSI', exact: true })).toBeVisible()
  await search.press('Enter')
  await search.fill('Marth')
  await search.press('ArrowDown')
  await search.press('ArrowUp')
  await search.press('Enter')
  await search.press('Escape')
  await expect(denomination.getByRole('button', { name: 'Remove CSI' })).toBeVisible()
  await expect(denomination.getByRole('button', { name: 'Remove Marthoma' })).toBeVisible()
  await denomination.getByText('Must match').click()
  await expect(denomination.getByLabel('Must match')).toBeChecked()

  const state = row(page, 'state')
  await state.getByRole('combobox').fill('Kera')
  await state.getByRole('combobox').press('Enter')
  await state.getByRole('combobox').press('Escape')
  await expect(state.getByRole('button', { name: 'Remove Kerala' })).toBeVisible()
  // The city list narrows to the chosen state.
  await row(page, 'city').getByRole('combobox').click()
  await expect(page.getByRole('option', { name: /Kochi/ })).toBeVisible()
  await expect(page.getByRole('option', { name: /Chennai/ })).toHaveCount(0)
  await row(page, 'city').getByRole('combobox').press('Escape')

  // An upside-down range is caught before anything is sent.
  await page.getByLabel('Youngest').selectOption('35')
  await expect(row(page, 'age').getByText('The minimum age cannot be more than the maximum age')).toBeVisible()
  await page.getByLabel('Youngest').selectOption('23')
  await expect(page.getByText('You have unsaved changes.')).toBeVisible()
  await shot(page, 'settings-preferences-editing-1280')

  await page.getByRole('button', { name: 'Save preferences' }).click()
  await toast(page, /Record (added|updated) Successfully/)
  await expect(page.getByText('All changes saved.')).toBeVisible()

  const stored = await apiGet<SavedPreference>(request, tokens, 'preference')
  expect(stored.age).toEqual({ min: 23, max: 29, strict: true })
  expect(stored.community).toMatchObject({ names: ['CSI', 'Marthoma'], strict: true })
  expect(stored.state).toMatchObject({ names: ['Kerala'], strict: false })

  await page.reload()
  await expect(page.getByLabel('Youngest')).toHaveValue('23')
  await expect(page.getByLabel('Oldest')).toHaveValue('29')
  await expect(row(page, 'community').getByRole('button', { name: 'Remove CSI' })).toBeVisible()
  await expect(row(page, 'community').getByRole('button', { name: 'Remove Marthoma' })).toBeVisible()
  await expect(row(page, 'community').getByLabel('Must match')).toBeChecked()
  await expect(row(page, 'state').getByRole('button', { name: 'Remove Kerala' })).toBeVisible()
  await expect(row(page, 'state').getByLabel('Nice to have')).toBeChecked()
  await shot(page, 'settings-preferences-1280')
})

test('contact person, contact filter, chat and photo visibility are kept after a reload', async ({ page, request }) => {
  const tokens = await signIn(page, request, 'demo.bride.051@demo.tfmmatrimony.in')
  const before = await apiGet<{ photoVisibility: string }>(request, tokens, 'profile/settings')

  await page.goto('/contact-detail')
  await expect(page.getByRole('heading', { name: 'Your contact details' })).toBeVisible()
  await expect(page.getByText('demo.bride.051@demo.tfmmatrimony.in')).toBeVisible()
  await expect(page.getByText('XXXXXX@demo.tfmmatrimony.in')).toBeVisible()
  await page.getByLabel(/Person to ask for/).fill('T2')
  await page.getByRole('button', { name: 'Save contact person' }).click()
  await expect(page.getByText('Name can only contain letters')).toBeVisible()
  await page.getByLabel(/Person to ask for/).fill('Thomas Varghese')
  await page.getByLabel(/^Relation/).selectOption({ label: 'Father' })
  await page.getByLabel(/Best time to call/).fill('Weekdays after 7 pm')
  await expect(page.getByLabel('What members see').getByText('Thomas Varghese (Father)')).toBeVisible()
  await page.getByRole('button', { name: 'Save contact person' }).click()
  await toast(page, 'Record updated Successfully')
  await shot(page, 'settings-contact-detail-1280')
  await page.reload()
  await expect(page.getByLabel(/Person to ask for/)).toHaveValue('Thomas Varghese')
  await expect(page.getByLabel(/^Relation/)).toHaveValue('father')
  await expect(page.getByLabel(/Best time to call/)).toHaveValue('Weekdays after 7 pm')

  await page.goto('/my-matrimony/my-account/privacy')
  await expect(page.getByRole('switch', { name: 'Hide my profile' })).toBeVisible()
  const photoChoice = before.photoVisibility === 'protected' ? 'All members' : 'Only members whose photo request I accept'
  for (const [name, body] of [
    ['Members I accepted', 'chatSetting'],
    [photoChoice, 'photoVisibility'],
    ['Paid members with a verified mobile number', 'contactFilter'],
  ] as const) {
    const answer = saved(page, 'PATCH', 'profile/settings')
    await page.getByRole('radio', { name }).check()
    expect((await answer).request().postDataJSON()).toHaveProperty(body)
  }
  await toast(page, 'Record updated Successfully')
  await shot(page, 'settings-privacy-1280')

  await page.reload()
  await expect(page.getByRole('radio', { name: 'Members I accepted' })).toBeChecked()
  await expect(page.getByRole('radio', { name: photoChoice })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Paid members with a verified mobile number' })).toBeChecked()
  // Hiding the profile still works next to the new settings.
  await expect(page.getByRole('switch', { name: 'Hide my profile' })).toHaveAttribute('aria-checked', 'false')

  await page.goto('/contact-filter')
  await expect(page.getByRole('radio', { name: 'Paid members with a verified mobile number' })).toBeChecked()
  const back = saved(page, 'PATCH', 'profile/settings')
  await page.getByRole('radio', { name: 'Any member on a paid plan' }).check()
  expect((await back).request().postDataJSON()).toEqual({ contactFilter: 'paid' })
  await shot(page, 'settings-contact-filter-1280')
  expect(await apiGet<{ contactFilter: string; chatSetting: string; contactPerson: string }>(request, tokens, 'profile/settings')).toMatchObject({
    contactFilter: 'paid',
    chatSetting: 'accepted',
    contactPerson: 'Thomas Varghese',
  })
})

test('an e-mail alert turns off and on again, and SMS is explained as OTP only', async ({ page, request }) => {
  await signIn(page, request, 'demo.groom.052@demo.tfmmatrimony.in')
  await page.goto('/email-alerts')
  await expect(page.getByText(/only for one-time passwords \(OTPs\)/)).toBeVisible()
  const views = page.getByRole('switch', { name: 'Profile views' })
  await expect(views).toHaveAttribute('aria-checked', 'true')

  let answer = saved(page, 'POST', 'profile/email-alerts')
  await views.click()
  expect((await answer).request().postDataJSON()).toEqual({ profileViews: false })
  await toast(page, 'Record updated Successfully')
  await page.reload()
  await expect(views).toHaveAttribute('aria-checked', 'false')

  answer = saved(page, 'POST', 'profile/email-alerts')
  await views.click()
  expect((await answer).request().postDataJSON()).toEqual({ profileViews: true })
  await page.reload()
  await expect(views).toHaveAttribute('aria-checked', 'true')
  await shot(page, 'settings-email-alerts-1280')
})

test.describe('on a 360-px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

  test('every settings page fits the screen, and the chip picker works by touch', async ({ page, request }) => {
    await signIn(page, request, 'demo.bride.045@demo.tfmmatrimony.in')
    for (const [url, heading, name] of [
      ['/contact-detail', 'Your contact details', 'settings-contact-detail-360'],
      ['/contact-filter', 'How a contact view works', 'settings-contact-filter-360'],
      ['/email-alerts', 'E-mail alerts', 'settings-email-alerts-360'],
      ['/my-matrimony/my-account/privacy', 'Public lists', 'settings-privacy-360'],
      ['/my-matrimony/partner-preferences', 'How your preferences work', 'settings-preferences-360'],
    ] as const) {
      await page.goto(url)
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      await shot(page, name)
    }

    const denomination = row(page, 'community')
    await denomination.getByRole('combobox').tap()
    await denomination.getByRole('combobox').fill('Ca')
    await expect(page.getByRole('option', { name: 'Latin Catholic' })).toBeVisible()
    await page.getByRole('option', { name: 'Latin Catholic' }).tap()
    await expect(denomination.getByRole('button', { name: 'Remove Latin Catholic' })).toBeVisible()
    await denomination.getByRole('combobox').scrollIntoViewIfNeeded()
    await shot(page, 'settings-preferences-picker-360')
    // With unsaved changes the save bar stays at the bottom of the screen (it steps aside while the member types).
    await denomination.getByRole('combobox').blur()
    const bar = page.locator('.pref-actions')
    await expect(bar).toHaveClass(/is-dirty/)
    const box = await bar.boundingBox()
    expect(box && box.y + box.height).toBeLessThanOrEqual(740)
    expect(box && box.y + box.height).toBeGreaterThan(600)
  })
})
