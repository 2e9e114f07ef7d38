import { expect, test } from './fixtures'

test('a visitor opening /my-matrimony lands on /login?next=%2Fmy-matrimony', async ({ page }) => {
  await page.goto('/my-matrimony')
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-matrimony$/)
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible()
  await expect(page.locator('.next-path')).toHaveText('/my-matrimony')
})

test('member routes keep their query in next', async ({ page }) => {
  await page.goto('/profile?profileId=TM1234567')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%3FprofileId%3DTM1234567$/)
  await page.goto('/inbox/received')
  await expect(page).toHaveURL(/\/login\?next=%2Finbox%2Freceived$/)
})

test('the home search teaser leads to sign-in with the search kept', async ({ page }) => {
  await page.goto('/')
  await page.getByText('Groom', { exact: true }).click()
  await page.getByRole('button', { name: 'Search profiles' }).click()
  // The whole search travels in next (the age range the box shows, its sort, and the groom chosen), so the
  // results open after sign-in.
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch%2Fbasic%3FageMin%3D\d+%26ageMax%3D\d+%26sort%3Drelevance%26gender%3D10$/)
})
