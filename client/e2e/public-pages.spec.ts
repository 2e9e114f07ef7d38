import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { E2E_DIR } from './state'
import { api, expect, test } from './fixtures'
import type { SeedBlog, SeedStory } from './fixtures'

const shots = path.resolve(E2E_DIR, '../test-results/screenshots')

test.describe('public pages', () => {
  test('home renders the hero and seeded stories and blogs', async ({ page, request }) => {
    const stories = await api<{ items: SeedStory[] }>(request, 'GET', '/api/v1/common/success-story?skip=0&limit=3')
    const blogs = await api<{ items: SeedBlog[] }>(request, 'POST', '/api/v1/common/blog/filter', { skip: 0, limit: 3 })
    await page.goto('/')
    await expect(page).toHaveTitle(/TFM Matrimony \| Christian Matrimony/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('A life partner who shares')
    await expect(page.getByRole('button', { name: 'Search profiles' })).toBeVisible()
    await expect(page.getByTestId('home-stories')).toContainText(stories.items[0].title)
    await expect(page.getByTestId('home-blogs')).toContainText(blogs.items[0].title)
    await expect(page.locator('[data-testid="plan-card"]')).toHaveCount(4)
  })

  test('home screenshots at 1280 and 360 px', async ({ page }) => {
    test.setTimeout(60_000)
    mkdirSync(shots, { recursive: true })
    await page.goto('/')
    await expect(page.getByTestId('home-blogs')).toBeVisible()
    await expect(page.getByTestId('footer-blog-grid')).toBeVisible()
    await page.waitForTimeout(2300) // let the preloader bar finish
    await page.screenshot({ path: path.join(shots, 'home-1280.png'), fullPage: true })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: path.join(shots, 'home-360.png'), fullPage: true })
    await page.screenshot({ path: path.join(shots, 'home-360-fold.png') })
  })

  for (const [route, key] of [
    ['/about-us', 'about-us'],
    ['/privacy', 'privacy'],
    ['/terms-and-use', 'terms-and-use'],
    ['/return-and-cancellation', 'return-and-cancellation'],
  ] as const) {
    test(`${route} renders its seeded page`, async ({ page, request }) => {
      const p = await api<{ title: string; body: string }>(request, 'GET', `/api/v1/common/page/${key}`)
      await page.goto(route)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title)
      const firstLine = p.body.split('\n').find((l) => l.trim() && !l.startsWith('## ') && !l.startsWith('- '))!
      await expect(page.locator('.prose')).toContainText(firstLine.replace(/\*\*/g, '').slice(0, 60))
      await expect(page).toHaveTitle(new RegExp(`\\| TFM Matrimony \\| Christian Matrimony$`))
    })
  }

  test('faq lists questions and expands one', async ({ page, request }) => {
    const faq = await api<{ items: { question: string; answer: string; category: string }[] }>(request, 'POST', '/api/v1/common/faq/filter', {})
    await page.goto('/faq')
    const first = page.getByRole('button', { name: faq.items[0].question })
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    const region = page.getByRole('region', { name: faq.items[0].question })
    await expect(region).toBeVisible()
    await expect(region).toContainText(faq.items[0].answer.split('\n')[0].replace(/\*\*/g, '').slice(0, 40))
    // Keyboard: Enter toggles it closed again.
    await first.focus()
    await page.keyboard.press('Enter')
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    // Search narrows the list.
    await page.getByLabel('Search the FAQs').fill(faq.items[0].question.slice(0, 25))
    await expect(page.getByRole('button', { name: faq.items[0].question })).toBeVisible()
  })

  test('success stories list and detail', async ({ page, request }) => {
    const stories = await api<{ items: SeedStory[]; total: number }>(request, 'GET', '/api/v1/common/success-story?skip=0&limit=10')
    await page.goto('/success-stories')
    const link = page.getByRole('main').getByRole('link', { name: stories.items[0].title })
    await expect(link).toBeVisible()
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/success-stories-detail\\?id=${stories.items[0].id}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stories.items[0].title)
    await expect(page.locator('.story-hero')).toContainText(stories.items[0].brideName)
    await expect(page.getByRole('heading', { name: 'Share your success story' })).toHaveCount(0)
    await page.goto('/success-stories')
    await expect(page.getByRole('heading', { name: 'Share your success story' })).toBeVisible()
  })

  test('blogs list, /blogs/<slug> and /blog-detail?blogId=', async ({ page, request }) => {
    const blogs = await api<{ items: SeedBlog[]; total: number }>(request, 'POST', '/api/v1/common/blog/filter', { skip: 0, limit: 10 })
    const b = blogs.items[0]
    await page.goto('/blogs')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: b.title })).toBeVisible()
    await main.getByRole('link', { name: b.title }).click()
    await expect(page).toHaveURL(new RegExp(`/blogs/${b.slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(b.title)
    await expect(page).toHaveTitle(new RegExp(b.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blogs/${b.slug}$`))

    const other = blogs.items[1] ?? b
    await page.goto(`/blog-detail?blogId=${other.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title)

    // Search
    await page.goto('/blogs')
    const word = b.title.split(' ').find((w) => w.length > 5) ?? b.title
    await page.getByLabel('Search blogs').fill(word)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\?q=/)
    await expect(main.getByRole('link', { name: b.title })).toBeVisible()
  })

  test('plans shows the free tier and 4 plans with prices and Join leads to /register', async ({ page }) => {
    await page.goto('/plans')
    // The free tier first (a plan row like the others), then the four paid plans.
    await expect(page.getByTestId('plan-card')).toHaveCount(5)
    await expect(page.getByTestId('plan-price').nth(0)).toHaveText('₹0')
    await expect(page.getByTestId('plan-price').nth(1)).toHaveText('₹2,499')
    await expect(page.getByRole('table')).toContainText('Invitations a day')
    await expect(page.getByRole('columnheader', { name: 'Free' })).toBeVisible()
    await page.getByTestId('plan-card').nth(1).getByRole('link', { name: /Join/ }).click()
    await expect(page).toHaveURL(/\/register\?plan=TFM-EXECUTIVE$/)
    await expect(page.getByRole('heading', { name: 'Join us' })).toBeVisible()
  })

  test('premium members shows the public view or its empty text', async ({ page, request }) => {
    const pm = await api<{ items: { firstName: string }[]; total: number }>(request, 'GET', '/api/v1/profile/premium-members?skip=0&limit=25')
    await page.goto('/premium-members')
    if (pm.items.length) {
      await expect(page.getByTestId('premium-member').first()).toContainText(pm.items[0].firstName)
      // Visitors see only the default avatars, never member photos.
      const srcs = await page.locator('[data-testid="premium-member"] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')))
      expect(srcs.every((s) => s === '/images/avatar-male.svg' || s === '/images/avatar-female.svg')).toBe(true)
    } else {
      await expect(page.getByText('Nobody is there premium members')).toBeVisible()
    }
  })

  test('unknown paths get a friendly 404 with a link home', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page")
    await page.getByRole('link', { name: 'Go to home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('pages carry SEO tags', async ({ page }) => {
    await page.goto('/about-us')
    await expect(page).toHaveTitle('About Us | TFM Matrimony | Christian Matrimony')
    await expect(page.locator('meta[name="description"]')).toHaveCount(1)
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_IN')
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/share-1200x630\.png$/)
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about-us$/)
    const img = await page.request.get('/images/share-1200x630.png')
    expect(img.status()).toBe(200)
  })
})
