import { expect, test } from './fixtures'

test('contact form shows validation messages, then a valid message is sent', async ({ page }) => {
  await page.goto('/contact-us')
  await expect(page.getByRole('main').locator('address')).toContainText('Chennai')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Subject is required')).toBeVisible()
  await expect(page.getByText('Message is required')).toBeVisible()

  await page.getByLabel(/Your name/).fill('Mary 123')
  await page.getByLabel(/^Email/).fill('not-an-email')
  await page.getByLabel(/Mobile number/).fill('12345')
  await page.getByRole('textbox', { name: 'Message' }).fill('short')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Name can only contain letters')).toBeVisible()
  await expect(page.getByText('Phone number is not valid')).toBeVisible()
  await expect(page.getByText('Minimum 10 characters required')).toBeVisible()

  await page.getByLabel(/Your name/).fill('Mary Thomas')
  await page.getByLabel(/^Email/).fill('mary.thomas@example.in')
  await page.getByLabel(/Mobile number/).fill('9876543210')
  await page.getByLabel(/Subject/).fill('Help registering my daughter')
  await page.getByRole('textbox', { name: 'Message' }).fill('We are a CSI family in Chennai. Could someone call us about registering our daughter?')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Thank you, we have received your message' })).toBeVisible()
  await expect(page.getByLabel(/Your name/)).toHaveValue('')
})
