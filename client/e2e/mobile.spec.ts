import { expect, test } from './fixtures'

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

for (const p of ['/', '/plans', '/blogs', '/contact-us', '/faq']) {
  test(`no horizontal overflow on ${p} at 360 px`, async ({ page }) => {
    await page.goto(p)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // A phone browser widens its layout viewport to fit overflowing content, so compare with 360 itself.
    const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(iw).toBe(360)
    expect(sw).toBeLessThanOrEqual(360)
  })
}

test('hamburger opens and closes the menu', async ({ page }) => {
  await page.goto('/')
  const burger = page.getByRole('button', { name: 'Open menu' })
  await expect(burger).toBeVisible()
  await burger.click()
  const dialog = page.getByRole('dialog', { name: /TFM Matrimony/ })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Chennai')
  await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused()
  // Escape closes and gives focus back.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(burger).toBeFocused()
  // The close button closes it.
  await burger.click()
  await dialog.getByRole('button', { name: 'Close menu' }).click()
  await expect(dialog).toBeHidden()
  // A route change closes it.
  await burger.click()
  await dialog.getByRole('link', { name: 'Pricing Plans' }).click()
  await expect(page).toHaveURL(/\/plans$/)
  await expect(dialog).toBeHidden()
})
