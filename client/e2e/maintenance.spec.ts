import { expect, test } from '@playwright/test'
import { maintenanceURL } from './fixtures'

test('maintenance instance shows only the maintenance screen', async ({ page }) => {
  for (const p of ['/', '/faq']) {
    await page.goto(maintenanceURL() + p)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'll be back soon!")
    await expect(page.getByText(/Sorry for the inconvenience/)).toBeVisible()
    await expect(page.getByText(/Thank you for your patience/)).toBeVisible()
    await expect(page.locator('header, footer, nav')).toHaveCount(0)
  }
})
