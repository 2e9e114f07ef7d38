import { expect, test } from './fixtures'
import { baseURL } from './fixtures'

test('footer blog grid is filled with the seeded titles', async ({ page, request }) => {
  const res = await request.get(baseURL() + '/api/blogs')
  expect(res.status()).toBe(200)
  const { response } = (await res.json()) as { response: { title: string; slug: string }[] }
  expect(response.length).toBeGreaterThan(0)
  await page.goto('/')
  const grid = page.getByTestId('footer-blog-grid')
  await expect(grid).toBeVisible()
  for (const b of response.slice(0, 3)) {
    await expect(grid.getByRole('link', { name: b.title })).toHaveAttribute('href', `/blogs/${b.slug}`)
  }
  // Three columns on a desktop.
  const cols = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
  expect(cols).toBe(3)
})

test('footer has the four plan links; CLASSIC and PREMIUM share one target', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  const href = (name: string) => footer.getByRole('link', { name, exact: true }).getAttribute('href')
  expect(await href('TFM-EXECUTIVE')).toBe('/plans#executive')
  expect(await href('TFM-CLASSIC')).toBe('/plans#classic-premium')
  expect(await href('TFM-PREMIUM')).toBe('/plans#classic-premium')
  expect(await href('TFM-SUPREME')).toBe('/plans#supreme')
  for (const name of ['Success Stories', 'Help', 'FAQs', 'Our Blogs', 'About us', 'Terms and Use', 'Privacy Policy', 'Return & Cancellation']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(footer.getByRole('link', { name: 'Search Profile' })).toHaveCount(0)
  await expect(footer.getByRole('link', { name: 'Join us today' })).toHaveAttribute('href', '/register')

  await footer.getByRole('link', { name: 'TFM-SUPREME', exact: true }).click()
  await expect(page).toHaveURL(/\/plans#supreme$/)
  await expect(page.locator('#supreme')).toBeInViewport()
})
