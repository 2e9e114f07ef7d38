import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { E2E_DIR } from './state'
import { baseURL, expect, test } from './fixtures'
import { newPerson, register } from './members'

// Issue 17, as a new member lives it: she registers, sets her partner preferences, finds a groom in My Matches and
// again by Search, opens his profile and invites him; a groom she blocks disappears from both. Once at 1280 px and
// once on a 360-px phone. The demo members (seeded grooms) are who she finds.

const SHOTS = path.join(E2E_DIR, '..', 'test-results', 'screenshots')
mkdirSync(SHOTS, { recursive: true })

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250)
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false })
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

/** A card of the match or search results, by the member's name. */
const card = (page: Page, name: string) => page.getByTestId('match-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

/** The profile ID a card shows ("ID TM1234567"). */
async function idOf(page: Page, name: string): Promise<string> {
  const text = await card(page, name).getByText(/^ID [A-Z0-9]+$/).innerText()
  return text.replace(/^ID /, '')
}

async function findById(page: Page, id: string) {
  await page.goto('/search/advance')
  await page.getByLabel('Know the profile ID?').fill(id)
  await page.getByRole('search', { name: 'Find a profile by ID' }).getByRole('button', { name: 'Find' }).click()
}

for (const width of [1280, 360]) {
  test(`a new bride finds a groom in My Matches and by Search, invites him, and one she blocks disappears from both (${width} px)`, async ({ browser }) => {
    test.setTimeout(180_000)
    const ctx = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: width === 360 ? 780 : 800 } })
    const page = await ctx.newPage()
    const born = new Date()
    born.setFullYear(born.getFullYear() - 27)
    const bride = newPerson('Reena', born.toISOString().slice(0, 10))

    await test.step('she registers', async () => {
      await register(page, bride, 'Start@8264')
    })

    await test.step('she sets her partner preferences: grooms of 26 to 36', async () => {
      await page.goto('/my-matrimony/partner-preferences')
      await page.getByLabel('Youngest').selectOption('26')
      await page.getByLabel('Oldest').selectOption('36')
      await page.getByRole('button', { name: 'Save preferences' }).click()
      await expect(page.getByText(/Record (added|updated) Successfully/)).toBeVisible()
    })

    let first = ''
    let second = ''
    let firstID = ''
    let secondID = ''
    await test.step('My Matches shows grooms who fit, each saying why', async () => {
      await page.goto('/matches/my-matches')
      await expect(page.getByRole('heading', { name: 'My Matches', level: 1 })).toBeVisible()
      const cards = page.getByTestId('match-card')
      await expect(cards.first()).toBeVisible()
      expect(await cards.count()).toBeGreaterThanOrEqual(2)
      first = await cards.nth(0).getByRole('heading').innerText()
      second = await cards.nth(1).getByRole('heading').innerText()
      firstID = await idOf(page, first)
      secondID = await idOf(page, second)
      await expect(card(page, first).getByText('Why this match', { exact: false })).toBeVisible()
      await expect(card(page, first)).toContainText('You want:')
      await expect(card(page, first)).toContainText('age')
      await noOverflow(page)
      await shot(page, `discovery-my-matches-${width}`)
    })

    await test.step('Search finds him too, by his age and by his profile ID', async () => {
      await findById(page, firstID)
      await expect(card(page, first)).toBeVisible()
      await expect(page.getByTestId('match-card')).toHaveCount(1)
      await page.goto('/search/basic?ageMin=26&ageMax=36&sort=newest')
      await expect(page.getByTestId('match-card').first()).toBeVisible()
      await noOverflow(page)
      await shot(page, `discovery-search-${width}`)
    })

    await test.step('she opens his profile and invites him; the card then says so', async () => {
      await page.goto('/matches/my-matches')
      await card(page, first).getByRole('link', { name: `View profile of ${first}` }).click()
      await expect(page).toHaveURL(new RegExp(`profileId=${firstID}`))
      const bar = page.locator('.action-bar')
      await bar.getByRole('button', { name: 'Invite', exact: true }).click()
      await expect(bar.getByRole('button', { name: 'Cancel invitation', exact: true })).toBeVisible()
      await findById(page, firstID)
      await expect(card(page, first).getByRole('button', { name: `Invitation sent to ${first}` })).toBeDisabled()
    })

    await test.step('she blocks another groom from his profile: he leaves My Matches and Search', async () => {
      await page.goto(`/profile?profileId=${secondID}`)
      await page.locator('.action-bar').getByRole('button', { name: 'Block', exact: true }).click()
      const dialog = page.getByRole('alertdialog', { name: `Block ${second}?` })
      await dialog.getByRole('button', { name: 'Block', exact: true }).click()
      await expect(dialog).toHaveCount(0)
      await page.goto('/matches/my-matches')
      await expect(page.getByTestId('match-card').first()).toBeVisible()
      await expect(card(page, second)).toHaveCount(0)
      await expect(card(page, first)).toBeVisible()
      await findById(page, secondID)
      await expect(page.getByText(`No member found with the ID ${secondID}`)).toBeVisible()
      await expect(page.getByTestId('match-card')).toHaveCount(0)
    })

    await test.step("Don't show on a card hides him at once", async () => {
      await page.goto('/matches/my-matches')
      const third = await page.getByTestId('match-card').nth(1).getByRole('heading').innerText()
      await card(page, third).getByRole('button', { name: `Don't show ${third}` }).click()
      await expect(card(page, third)).toHaveCount(0)
    })
    await ctx.close()
  })
}
