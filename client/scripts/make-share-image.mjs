// Draws public/images/share-1200x630.png (the og:image) by rendering HTML in the system Chromium.
// Run: node scripts/make-share-image.mjs   (needs /usr/bin/chromium or CHROMIUM_PATH)
import { chromium } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { readFileSync } from 'node:fs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const font = path.join(root, 'node_modules/@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2')
const out = path.join(root, 'public/images/share-1200x630.png')

const html = `<!doctype html><html><head><style>
@font-face { font-family: 'Playfair Display'; font-weight: 700; src: url('data:font/woff2;base64,${readFileSync(font).toString('base64')}') format('woff2'); }
* { box-sizing: border-box; margin: 0; }
body { width: 1200px; height: 630px; overflow: hidden; font-family: 'Segoe UI', Roboto, Arial, sans-serif;
  /* Flat colours keep the PNG small (WhatsApp previews want < 300 KB). */
  background: #5c1029;
  color: #fff; display: flex; align-items: center; padding: 0 90px; position: relative; }
.lattice { position: absolute; inset: 0; opacity: .07;
  background-image: radial-gradient(circle at 50% 0, transparent 38px, #fff 39px, #fff 40px, transparent 41px),
                    radial-gradient(circle at 0 50%, transparent 38px, #fff 39px, #fff 40px, transparent 41px);
  background-size: 80px 80px; }
.band { position: absolute; left: 0; right: 0; bottom: 0; height: 14px; background: #e9c46a; }
.frame { position: absolute; inset: 28px; border: 2px solid rgba(233,196,106,.55); border-radius: 24px; }
.copy { position: relative; flex: 1; }
.eyebrow { color: #e9c46a; letter-spacing: .18em; text-transform: uppercase; font-weight: 700; font-size: 22px; margin-bottom: 22px; }
h1 { font-family: 'Playfair Display', Georgia, serif; font-size: 84px; line-height: 1.05; }
h1 span { color: #e9c46a; }
p { font-size: 30px; color: #f6e6eb; margin-top: 26px; max-width: 640px; line-height: 1.35; }
.mark { position: relative; width: 300px; height: 300px; }
.url { position: absolute; bottom: 52px; left: 90px; font-size: 22px; color: #f0d9df; letter-spacing: .04em; }
</style></head><body>
<div class="frame"></div><div class="band"></div>
<div class="copy">
  <div class="eyebrow">Christian Matrimony · India</div>
  <h1>TFM <span>Matrimony</span></h1>
  <p>A life partner who shares your faith — for Christian brides, grooms and their families.</p>
</div>
<svg class="mark" viewBox="0 0 48 48"><circle cx="24" cy="24" r="23" fill="#fff" fill-opacity=".08" stroke="#e9c46a" stroke-opacity=".6" stroke-width=".6"/>
<circle cx="19" cy="28" r="8" fill="none" stroke="#e9c46a" stroke-width="2.2"/><circle cx="29" cy="28" r="8" fill="none" stroke="#e9c46a" stroke-width="2.2"/>
<path d="M22.6 7h2.8v5h4.4v2.8h-4.4v6h-2.8v-6h-4.4V12h4.4z" fill="#fff"/></svg>
<div class="url">Register free · Private photos · Verified members</div>
</body></html>`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html, { waitUntil: 'load' })
await page.evaluate(() => document.fonts.ready)
await page.screenshot({ path: out, type: 'png' })
await browser.close()
console.log('wrote', out)
