import type { Page } from '@playwright/test'

// Test pictures drawn on the browser's own canvas (Chromium encodes JPEG, PNG and WebP), so no binary fixtures are
// kept: a soft gradient, a label and a dot in the top-left corner, which shows which way up the picture is.

/** What to draw. */
export interface ImageSpec {
  type: 'image/jpeg' | 'image/png' | 'image/webp'
  width: number
  height: number
  label: string
  /** Background hue, 0–360. */
  hue: number
}

/** Renders a picture in the page and returns its encoded bytes. */
export async function renderImage(page: Page, spec: ImageSpec): Promise<Buffer> {
  const b64 = await page.evaluate(async (s) => {
    const c = document.createElement('canvas')
    c.width = s.width
    c.height = s.height
    const ctx = c.getContext('2d')!
    const g = ctx.createLinearGradient(0, 0, s.width, s.height)
    g.addColorStop(0, `hsl(${s.hue} 60% 80%)`)
    g.addColorStop(1, `hsl(${(s.hue + 40) % 360} 55% 45%)`)
    ctx.fillStyle = g
    ctx.fillRect(0, 0, s.width, s.height)
    ctx.fillStyle = '#4a0d22'
    ctx.beginPath()
    ctx.arc(40, 40, 24, 0, Math.PI * 2)
    ctx.fill()
    ctx.fillStyle = '#fff'
    ctx.font = `bold ${Math.round(Math.min(s.width, s.height) / 7)}px sans-serif`
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText(s.label, s.width / 2, s.height / 2)
    // A little noise, so the files have a realistic size and the upload progress has something to show.
    for (let i = 0; i < 4000; i++) {
      ctx.fillStyle = `hsla(${(i * 37) % 360} 70% 50% / 0.35)`
      ctx.fillRect((i * 7919) % s.width, (i * 104729) % s.height, 3, 3)
    }
    const blob = await new Promise<Blob | null>((r) => c.toBlob(r, s.type, 0.92))
    if (!blob || blob.type !== s.type) throw new Error(`the browser could not encode ${s.type}`)
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let bin = ''
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(bin)
  }, spec)
  return Buffer.from(b64, 'base64')
}
