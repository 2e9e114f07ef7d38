import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { browse, call, demo } from './files/members'
import { fabClearOf, loadedSize, noHorizontalOverflow, shot, toast } from './files/page'

// Photo and phone requests between a groom and a bride, each in their own browser, against the real binary: the
// bride protects her photos; the groom asks from her profile; she answers in Inbox → Requests; he reloads her profile
// and sees the answer (her photos, or "Request declined" when he asks again too soon).
//
// Demo members 053–056 are this spec's (registering new members would spend the server's 10 registrations an hour
// per address that the other specs need): the photo journey uses bride and groom 053, the phone journey 055, and a
// retry (against the same server, where the first try's requests stand) the next number.


/** This journey's bride (her photos now protected) and groom, and where her default photo's files live. */
async function pair(request: APIRequestContext, first: number) {
  const n = first + test.info().retry
  const [bride, groom] = await Promise.all([demo(request, 'bride', n), demo(request, 'groom', n)])
  const r = await call(request, bride.token, 'PATCH', 'profile/settings', { photoVisibility: 'protected' })
  expect(r.status, r.meta.message).toBe(200)
  const own = await call<{ photos: { imagePath: string; images: { large: string } }[] }>(request, bride.token, 'GET', 'profile/images')
  expect(own.status, own.meta.message).toBe(200)
  const p = own.data.photos[0]
  expect(p, 'a demo bride has a photo').toBeTruthy()
  // The stored file's path without its size and signature: /media/photos/xx/<key>.
  return { bride, groom, photoPath: p.imagePath + p.images.large.split('_')[0] }
}


/** The Requests screen's card of a member's request of this kind. */
function requestCard(page: Page, name: string, what: RegExp): Locator {
  return page.getByTestId('member-list-card').filter({ has: page.getByRole('heading', { name, exact: true }) }).filter({ hasText: what })
}

/**
 * Hides the desktop chat panel for a screenshot of a part of the page: the part is cut from a capture of the whole
 * page, where the panel (fixed to the window's bottom) would lie across it.
 */
async function hideChatPanel(page: Page) {
  await page.addStyleTag({ content: '.chat-dock { visibility: hidden !important; }' })
}

test('photo request: the groom asks, the bride accepts in Inbox → Requests, and he sees her photos', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const { bride, groom, photoPath } = await pair(request, 53)
  const profileUrl = `/profile?profileId=${bride.profileID}`
  const [g, b] = await Promise.all([browse(browser, groom, profileUrl), browse(browser, bride, '/inbox/requests')])
  try {
    await test.step('her photos are protected: he asks from the locked placeholder, and both buttons say so', async () => {
      await expect(g.page.getByRole('heading', { name: bride.name, level: 1 })).toBeVisible()
      const gallery = g.page.locator('.gallery')
      await expect(gallery.getByText('Photos are protected')).toBeVisible()
      const ask = gallery.getByRole('button', { name: 'Request photos' })
      await expect(ask).toBeEnabled()
      await expect(g.page.locator('.action-bar').getByRole('button', { name: 'Request photos', exact: true })).toBeEnabled()
      await ask.click()
      await toast(g.page, `Photo request sent to ${bride.name}.`)
      await expect(g.page.locator('.action-bar').getByRole('button', { name: 'Photo requested', exact: true })).toBeDisabled()
      await expect(g.page.locator('.action-bar').getByRole('button', { name: 'Withdraw photo request' })).toBeEnabled()
      await expect(gallery.getByText('Your photo request is waiting for her answer.')).toBeVisible()
      await expect(g.page.getByText(/release/)).toHaveCount(0)
      await hideChatPanel(g.page)
      await shot(g.page, 'requests-profile-requested-1280', g.page.locator('.profile-view__top'))
    })

    await test.step('his Sent requests list it as waiting', async () => {
      await g.page.goto('/inbox/requests?box=sent')
      const card = requestCard(g.page, bride.name, /photos/)
      await expect(card.getByText('Waiting for an answer')).toBeVisible()
      await expect(card.getByText('You asked to see her photos')).toBeVisible()
      await expect(card.getByRole('button', { name: `Withdraw photo request to ${bride.name}` })).toBeEnabled()
    })

    await test.step('she finds it under Received, at 1280 px', async () => {
      await b.page.reload()
      await expect(b.page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible()
      await expect(b.page.getByRole('button', { name: 'Received', pressed: true })).toBeVisible()
      const card = requestCard(b.page, groom.name, /photos/)
      await expect(card.getByText('Wants to see your photos')).toBeVisible()
      await expect(card.getByText('Waiting for your answer')).toBeVisible()
      await expect(card.getByText(/^Asked (just now|\d+ minutes? ago)$/)).toBeVisible()
      for (const verb of ['Accept', 'Decline', 'Ignore']) await expect(card.getByRole('button', { name: `${verb} photo request from ${groom.name}` })).toBeEnabled()
      await noHorizontalOverflow(b.page)
      await shot(b.page, 'requests-received-1280')
      await hideChatPanel(b.page)
      await shot(b.page, 'requests-received-1280-list', b.page.locator('.request-list'))
    })

    await test.step('at 360 px the list fits the phone, and the chat button covers none of the answers', async () => {
      const phone = await browse(browser, bride, '/inbox/requests', true)
      try {
        const card = requestCard(phone.page, groom.name, /photos/)
        const answers = ['Accept', 'Decline', 'Ignore'].map((verb) => card.getByRole('button', { name: `${verb} photo request from ${groom.name}` }))
        await expect(answers[0]).toBeVisible()
        await noHorizontalOverflow(phone.page)
        await fabClearOf(phone.page, answers)
        await shot(phone.page, 'requests-received-360')
        await shot(phone.page, 'requests-received-360-list', phone.page.locator('.request-list'))
      } finally {
        await phone.context.close()
      }
    })

    await test.step('she accepts: the card says so, with no buttons left', async () => {
      const card = requestCard(b.page, groom.name, /photos/)
      await card.getByRole('button', { name: `Accept photo request from ${groom.name}` }).click()
      await toast(b.page, `${groom.name} can now see your photos.`)
      await expect(card.getByText('Accepted')).toBeVisible()
      await expect(card.getByText('They can see your photos.')).toBeVisible()
      await expect(card.getByRole('button')).toHaveCount(0)
      await b.page.getByRole('button', { name: 'Photos' }).click()
      await expect(b.page).toHaveURL(/\/inbox\/requests\?kind=photo$/)
      await expect(requestCard(b.page, groom.name, /photos/)).toBeVisible()
      await b.page.getByRole('button', { name: 'Phone' }).click()
      await expect(b.page.getByText('No phone requests yet')).toBeVisible()
    })

    await test.step('he reloads her profile and sees her photo', async () => {
      await g.page.goto(profileUrl)
      const img = g.page.locator('.gallery__main img')
      expect((await loadedSize(img)).width).toBeGreaterThan(0)
      expect(await img.getAttribute('src')).toContain(photoPath)
      await expect(g.page.getByText('Photos are protected')).toHaveCount(0)
      await expect(g.page.locator('.action-bar').getByRole('button', { name: 'Photos shared', exact: true })).toBeDisabled()
      await hideChatPanel(g.page)
      await shot(g.page, 'requests-profile-shared-1280', g.page.locator('.profile-view__top'))
    })
  } finally {
    await Promise.all([g.context.close(), b.context.close()])
  }
})

test('phone request: the bride declines, and asking again within 30 days is refused with the date', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const { bride, groom } = await pair(request, 55)
  const profileUrl = `/profile?profileId=${bride.profileID}`
  const [g, b] = await Promise.all([browse(browser, groom, profileUrl), browse(browser, bride, '/inbox/requests?kind=phone')])
  try {
    await test.step('he asks for her phone number', async () => {
      const bar = g.page.locator('.action-bar')
      await expect(g.page.getByTestId('contact-phone')).toContainText('XXXXXX')
      await bar.getByRole('button', { name: 'Request phone number', exact: true }).click()
      await toast(g.page, `Phone request sent to ${bride.name}.`)
      await expect(bar.getByRole('button', { name: 'Phone requested', exact: true })).toBeDisabled()
    })

    await test.step('she declines it after the confirmation', async () => {
      await b.page.reload()
      const card = requestCard(b.page, groom.name, /phone number/)
      await expect(card.getByText('Asks for your phone number')).toBeVisible()
      await card.getByRole('button', { name: `Decline phone request from ${groom.name}` }).click()
      const dialog = b.page.getByRole('alertdialog', { name: `Decline ${groom.name}'s phone request?` })
      await expect(dialog).toContainText('may ask again after 30 days')
      await shot(b.page, 'requests-decline-dialog-1280')
      await dialog.getByRole('button', { name: 'Decline' }).click()
      await toast(b.page, `You declined ${groom.name}'s phone request.`)
      await expect(card.getByText('Declined')).toBeVisible()
      await expect(card.getByRole('button')).toHaveCount(0)
    })

    await test.step('he sees it declined; asking again is refused with the date he may ask from', async () => {
      await g.page.reload()
      const bar = g.page.locator('.action-bar')
      const again = bar.getByRole('button', { name: 'Ask again', exact: true })
      await expect(again).toHaveAccessibleDescription(`${bride.name} declined your phone request. You may ask again 30 days after the answer.`)
      await hideChatPanel(g.page)
      await shot(g.page, 'requests-profile-ask-again-1280', bar)
      await again.click()
      await toast(g.page, /You can ask again from \d{2}-\d{2}-\d{4}\./)
      const declined = bar.getByRole('button', { name: 'Request declined', exact: true })
      await expect(declined).toBeDisabled()
      await expect(declined).toHaveAccessibleDescription(/You can ask again from \d{2}-\d{2}-\d{4}\./)
      await expect(g.page.getByTestId('contact-phone')).toContainText('XXXXXX')
      await shot(g.page, 'requests-profile-declined-1280', g.page.locator('.action-bar'))
    })

    await test.step('his Sent list shows the outcome at 1280 and 360 px', async () => {
      await g.page.goto('/inbox/requests?box=sent')
      const card = requestCard(g.page, bride.name, /phone number/)
      await expect(card.getByText('Declined')).toBeVisible()
      await expect(card.getByText('You can ask again 30 days after the answer.')).toBeVisible()
      await expect(card.getByRole('button')).toHaveCount(0)
      await noHorizontalOverflow(g.page)
      await shot(g.page, 'requests-sent-1280')
      await hideChatPanel(g.page)
      await shot(g.page, 'requests-sent-1280-list', g.page.locator('.request-list'))
      await g.page.setViewportSize({ width: 360, height: 740 })
      await g.page.reload()
      await expect(card.getByText('Declined')).toBeVisible()
      await noHorizontalOverflow(g.page)
      await shot(g.page, 'requests-sent-360')
      await hideChatPanel(g.page)
      await shot(g.page, 'requests-sent-360-list', g.page.locator('.request-list'))
    })
  } finally {
    await Promise.all([g.context.close(), b.context.close()])
  }
})
