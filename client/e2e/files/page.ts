import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures'
import { E2E_DIR } from '../state'

// Page helpers of the photo and profile-view journeys: screenshots, toasts and the 360-px overflow check.

const SHOTS = path.resolve(E2E_DIR, '../test-results/screenshots')
mkdirSync(SHOTS, { recursive: true })

/**
 * Saves test-results/screenshots/<name>.png: the given part of the page (cut from a full-page capture taken from
 * the top, so the sticky header stays at the top instead of lying across the part), or the viewport at the top.
 */
export async function shot(page: Page, name: string, part?: Locator) {
  await page.evaluate(() => document.fonts.ready)
  await page.evaluate(() => window.scrollTo(0, 0))
  const file = path.join(SHOTS, `${name}.png`)
  const box = part ? await part.boundingBox() : null
  if (box) {
    const y = box.y + (await page.evaluate(() => window.scrollY))
    await page.screenshot({ path: file, fullPage: true, clip: { x: box.x, y, width: box.width, height: box.height }, animations: 'disabled' })
    return
  }
  await page.screenshot({ path: file, animations: 'disabled' })
}

/** Waits for a toast with this text. */
export async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('.Toastify').getByText(text).first()).toBeVisible()
}

/**
 * Asserts the page does not scroll sideways (the 360-px phone check), and, as body hides horizontal overflow, that
 * nothing inside container sticks out of the viewport (except inside its own horizontal scrollers).
 */
export async function noHorizontalOverflow(page: Page, container = 'main') {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  expect(scroll).toBeLessThanOrEqual(inner)
  const outside = await page.evaluate((sel) => {
    const root = document.querySelector(sel)
    if (!root) return ['no ' + sel]
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== root.parentElement; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true
      }
      return false
    }
    return Array.from(root.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el))
      .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').replace(/ /g, '.')}`)
      .slice(0, 5)
  }, container)
  expect(outside).toEqual([])
}

/** Waits until an <img> has loaded and returns its pixel size. */
export async function loadedSize(img: Locator): Promise<{ width: number; height: number }> {
  const size = () => img.evaluate((el: HTMLImageElement) => ({ width: el.complete ? el.naturalWidth : 0, height: el.complete ? el.naturalHeight : 0 }))
  await expect.poll(async () => (await size()).width, { message: 'the image loads' }).toBeGreaterThan(0)
  return size()
}

/** Whether two boxes overlap. */
export function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/**
 * The floating chat button (phone layout) covers none of the buttons: at the top of the page, at its end, and with
 * each button scrolled to the button's height, where the two would meet if they shared the right-hand strip.
 */
export async function fabClearOf(page: Page, buttons: Locator[]) {
  const fab = page.locator('.chat-fab')
  await expect(fab).toBeVisible()
  const check = async (where: string) => {
    const f = (await fab.boundingBox())!
    for (const b of buttons) {
      const box = await b.boundingBox()
      if (box) expect(overlaps(f, box), `the chat button covers "${await b.textContent()}" (${where})`).toBe(false)
    }
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  await check('top')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await check('end')
  for (const b of buttons) {
    const f = (await fab.boundingBox())!
    const box = (await b.boundingBox())!
    await page.evaluate((dy) => window.scrollBy(0, dy), box.y + box.height / 2 - (f.y + f.height / 2))
    await check(`level with "${await b.textContent()}"`)
  }
  await page.evaluate(() => window.scrollTo(0, 0))
}
