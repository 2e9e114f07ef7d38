import type { Locator, Page } from '@playwright/test'
import { baseURL, expect, test } from './fixtures'
import { carriesMetadata, withGpsExif } from './files/exif'
import { renderImage } from './files/images'
import { call, openAs, registerMember } from './files/members'
import type { Member } from './files/members'
import { loadedSize, noHorizontalOverflow, shot, toast } from './files/page'

// A freshly registered member manages photos end to end against the real binary: three uploads (a JPEG carrying
// EXIF GPS, a PNG turned before upload, a WebP cropped to a portrait), a new default, a deletion, the served file
// checked for leftover metadata, protected visibility and a proof image.

/** The photo cards of My Photos, in their order. */
function cards(page: Page): Locator {
  return page.locator('.photo-grid > .photo-card')
}

interface OwnPhoto {
  photoId: string
  imagePath: string
  images: { small: string; large: string }
  isDefault: boolean
}

test('photos: upload three (EXIF GPS stripped, one turned, one cropped), make default, delete, protect, and a proof', async ({ page, request }) => {
  test.setTimeout(120_000)
  let member: Member
  await test.step('a new bride opens My Photos: the empty state and 0 of 10', async () => {
    member = await registerMember(request, 20, 'Photo')
    await openAs(page, member, '/my-matrimony/my-photos')
    await expect(page.getByRole('heading', { name: 'My Photos', level: 1 })).toBeVisible()
    await expect(page.getByText('No photos yet')).toBeVisible()
    await expect(page.locator('.photo-count')).toHaveText(/0\s*of 10 photos/)
    await expect(page.getByLabel('All members')).toBeChecked()
  })

  const jpeg = await renderImage(page, { type: 'image/jpeg', width: 800, height: 600, label: 'JPEG', hue: 20 })
  const gpsJpeg = withGpsExif(jpeg)
  const png = await renderImage(page, { type: 'image/png', width: 640, height: 400, label: 'PNG', hue: 200 })
  const webp = await renderImage(page, { type: 'image/webp', width: 600, height: 400, label: 'WEBP', hue: 300 })
  // The test JPEG really carries the metadata a phone writes.
  expect(carriesMetadata(gpsJpeg)).toEqual({ exif: true, gps: true, marker: true })

  await test.step('the uploader refuses a wrong type and a too-big file before sending anything', async () => {
    await page.getByRole('link', { name: 'Upload photos' }).click()
    await expect(page).toHaveURL(/\/upload-photos$/)
    await expect(page.getByText(/You have 0 of 10 photos; 10 more can be added/)).toBeVisible()
    await page.locator('#photo-files').setInputFiles([
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a photo') },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) },
    ])
    await expect(page.locator('.queue__item.is-refused')).toHaveCount(2)
    await expect(page.getByText('Please upload a JPEG, PNG or WebP image')).toBeVisible()
    await expect(page.getByText('The image must be 10 MB or smaller')).toBeVisible()
    await expect(page.getByRole('button', { name: /^Upload/ })).toBeDisabled()
    await page.getByRole('button', { name: 'Clear finished' }).click()
    await expect(page.locator('.queue__item')).toHaveCount(0)
  })

  await test.step('choose three photos; turn the PNG right and crop the WebP to a portrait in the preview', async () => {
    await page.locator('#photo-files').setInputFiles([
      { name: 'kochi.jpg', mimeType: 'image/jpeg', buffer: gpsJpeg },
      { name: 'family.png', mimeType: 'image/png', buffer: png },
      { name: 'church.webp', mimeType: 'image/webp', buffer: webp },
    ])
    await expect(page.locator('.queue__item')).toHaveCount(3)
    await expect(page.locator('.queue__item', { hasText: 'Ready to upload' })).toHaveCount(3)
    await expect(page.getByRole('heading', { name: /Adjust kochi\.jpg/ })).toBeVisible()

    await page.getByRole('button', { name: 'Edit family.png' }).click()
    await expect(page.getByRole('heading', { name: /Adjust family\.png/ })).toBeVisible()
    await page.getByRole('button', { name: 'Rotate right' }).click()
    await expect(page.getByRole('img', { name: 'Preview of family.png, turned 90°' })).toBeVisible()
    await expect(page.locator('.queue__item', { hasText: 'family.png' })).toContainText('turned 90°')

    await page.getByRole('button', { name: 'Edit church.webp' }).click()
    await page.getByText('Portrait', { exact: true }).click()
    const frame = page.getByRole('group', { name: 'Crop frame' })
    await expect(frame).toBeVisible()
    // Move the frame with the keyboard and by dragging; it stays inside the picture.
    await frame.focus()
    await page.keyboard.press('ArrowLeft')
    const box = (await frame.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 })
    await page.mouse.up()
    await expect(page.locator('.queue__item', { hasText: 'church.webp' })).toContainText('portrait crop')
    await shot(page, 'upload-preview-1280', page.locator('.member-main'))
  })

  await test.step('upload with a progress bar; the server message and the new count show', async () => {
    // A slow uplink, so the progress bar is seen moving.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 96 * 1024 })
    await page.getByRole('button', { name: 'Upload 3 photos' }).click()
    const bar = page.getByRole('progressbar', { name: /Uploading/ }).first()
    await expect(bar).toBeVisible()
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')).valueOf()).toBeGreaterThan(0)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    await toast(page, 'profile image update successfully')
    await expect(page.locator('.queue__item', { hasText: 'Uploaded' })).toHaveCount(3)
    await expect(page.getByText('3 photos were added to your profile.')).toBeVisible()
    await expect(page.getByText(/You have 3 of 10 photos; 7 more can be added/)).toBeVisible()
    // The shell reloaded the profile: the header avatar is now a member photo, not the default avatar.
    await expect(page.locator('.profile-menu__avatar, .member-card-lg__photo').first()).toHaveAttribute('src', /\/media\/photos\//)
  })

  let before: OwnPhoto[] = []
  await test.step('My Photos shows 3 of 10 with the first as default; the turned PNG is upright-portrait, the WebP 4:5', async () => {
    await page.getByRole('link', { name: 'See My Photos' }).click()
    await expect(page).toHaveURL(/\/my-matrimony\/my-photos$/)
    await expect(page.locator('.photo-count')).toHaveText(/3\s*of 10 photos/)
    await expect(cards(page)).toHaveCount(3)
    await expect(cards(page).nth(0)).toContainText('Default photo')
    before = (await call<{ photos: OwnPhoto[] }>(request, member.token, 'GET', 'profile/images')).data.photos
    expect(before).toHaveLength(3)
    const jpegSize = await loadedSize(cards(page).nth(0).locator('img'))
    expect(jpegSize).toEqual({ width: 800, height: 600 })
    const pngSize = await loadedSize(cards(page).nth(1).locator('img'))
    expect(pngSize).toEqual({ width: 400, height: 640 })
    const webpSize = await loadedSize(cards(page).nth(2).locator('img'))
    expect(webpSize.width / webpSize.height).toBeCloseTo(0.8, 2)
  })

  await test.step('make the second photo the default', async () => {
    await cards(page).nth(1).getByRole('button', { name: /Make default/ }).click()
    await toast(page, 'Record updated Successfully')
    await expect(cards(page).nth(0)).toContainText('Default photo')
    await expect.poll(async () => (await call<{ photos: OwnPhoto[] }>(request, member.token, 'GET', 'profile/images')).data.photos[0].photoId).toBe(before[1].photoId)
    expect(await loadedSize(cards(page).nth(0).locator('img'))).toEqual({ width: 400, height: 640 })
  })

  await test.step('delete the third photo after confirming', async () => {
    await cards(page).nth(2).getByRole('button', { name: /Delete/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this photo?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete photo' }).click()
    await toast(page, 'Record deleted Successfully')
    await expect(cards(page)).toHaveCount(2)
    await expect(page.locator('.photo-count')).toHaveText(/2\s*of 10 photos/)
    const after = (await call<{ photos: OwnPhoto[] }>(request, member.token, 'GET', 'profile/images')).data.photos
    expect(after.map((p) => p.photoId)).toEqual([before[1].photoId, before[0].photoId])
  })

  await test.step('the served JPEG has no EXIF and no GPS left', async () => {
    const src = await cards(page).nth(1).locator('img').getAttribute('src')
    expect(src).toMatch(/^\/media\/photos\/.+_large\.jpg\?g=/)
    // Each rendition's URL carries its own grant: take the small one from the API.
    const jpegPhoto = (await call<{ photos: OwnPhoto[] }>(request, member.token, 'GET', 'profile/images')).data.photos.find((p) => p.photoId === before[0].photoId)!
    expect(src).toBe(jpegPhoto.imagePath + jpegPhoto.images.large)
    for (const url of [src!, jpegPhoto.imagePath + jpegPhoto.images.small]) {
      const res = await request.get(baseURL() + url)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toBe('image/jpeg')
      const body = await res.body()
      expect(body.subarray(0, 2).toString('hex')).toBe('ffd8')
      expect(carriesMetadata(body)).toEqual({ exif: false, gps: false, marker: false })
    }
    // Without the grant the file is refused.
    const bare = await request.get(baseURL() + src!.split('?')[0])
    expect(bare.status()).toBe(403)
  })

  await test.step('switch photo visibility to protected', async () => {
    // The same message as "make default": a toast with the same text is not stacked, so let the first one go.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0)
    await page.getByLabel(/Protected/).check()
    await toast(page, 'Record updated Successfully')
    await expect(page.getByText('Your photos are protected: members see them only after you accept their photo request.')).toBeVisible()
    expect((await call<{ photoVisibility: string }>(request, member.token, 'GET', 'profile/settings')).data.photoVisibility).toBe('protected')
  })

  await test.step('upload an ID proof, see its status and the own image, then screenshots', async () => {
    const proof = await renderImage(page, { type: 'image/png', width: 900, height: 560, label: 'ID CARD', hue: 90 })
    await page.locator('#proof-id').setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: proof })
    await toast(page, 'proof image updated successfully')
    const card = page.locator('.proof-card', { hasText: 'ID proof' })
    await expect(card.getByText('Waiting for review')).toBeVisible()
    await card.getByRole('button', { name: 'Show my upload' }).click()
    const img = card.getByRole('img', { name: /Your id proof as uploaded/ })
    await expect(img).toBeVisible()
    expect((await loadedSize(img)).width).toBe(900)
    await expect(page.locator('.proof-card', { hasText: 'Parish letter' }).getByText('Not uploaded', { exact: true })).toBeVisible()
    await shot(page, 'my-photos-1280', page.locator('.member-main'))
    await noHorizontalOverflow(page)
  })

  await test.step('at 360 px: My Photos and the upload preview fit the phone', async () => {
    await page.setViewportSize({ width: 360, height: 760 })
    await page.reload()
    await expect(cards(page)).toHaveCount(2)
    await loadedSize(cards(page).nth(0).locator('img'))
    await noHorizontalOverflow(page)
    await shot(page, 'my-photos-360', page.locator('.member-main'))
    await shot(page, 'my-photos-360-top')
    await page.goto('/upload-photos')
    await page.locator('#photo-files').setInputFiles({ name: 'garden.webp', mimeType: 'image/webp', buffer: webp })
    await expect(page.getByRole('heading', { name: /Adjust garden\.webp/ })).toBeVisible()
    await page.getByText('Square', { exact: true }).click()
    await expect(page.getByRole('group', { name: 'Crop frame' })).toBeVisible()
    await noHorizontalOverflow(page)
    await shot(page, 'upload-preview-360', page.locator('.member-main'))
  })
})
