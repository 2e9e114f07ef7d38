import type { WebSocket } from '@playwright/test'
import { baseURL, expect, test } from './fixtures'
import { loginWithPassword } from './members'

// Security issue 18, item 1: logout must reach the server. The client used to cancel its own auth/logout request
// (the reset of the API state aborted it), so the old refresh token still answered afterwards. Demo bride 043 is
// this spec's; a logout ends only its own session, so other specs' logins of the same member would not mind.

const EMAIL = 'demo.bride.043@demo.tfmmatrimony.in'
const PASSWORD = 'Demo@1234'

test('logout ends the session on the server: auth/logout answers 200, the old tokens are refused, the chat socket closes', async ({ page, request }) => {
  await test.step('log in through the login page', async () => {
    await page.goto('/login')
    await loginWithPassword(page, EMAIL, PASSWORD)
    await expect(page).toHaveURL(/\/my-matrimony$/)
  })
  const menu = page.getByRole('button', { name: /^Profile menu of / })
  await expect(menu).toBeVisible()

  // The chat page, so the chat's socket is open (it upgrades from long-polling to a websocket).
  const chatSocket = page.waitForEvent('websocket', (ws) => ws.url().includes('/engine.io'))
  await page.goto('/chat')
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible()
  const ws: WebSocket = await chatSocket
  expect(ws.isClosed()).toBe(false)
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()))

  const { token, refreshToken } = await page.evaluate(() => ({ token: localStorage.getItem('token')!, refreshToken: localStorage.getItem('refreshToken')! }))
  expect(token).toBeTruthy()
  expect(refreshToken).toBeTruthy()

  await test.step('logout sends POST auth/logout with the refresh token and the access token, answered 200', async () => {
    const logoutCall = page.waitForResponse((res) => res.url() === `${baseURL()}/api/v1/auth/logout` && res.request().method() === 'POST', { timeout: 15_000 })
    await menu.click()
    await page.getByRole('button', { name: 'Logout' }).click()
    const res = await logoutCall
    // The status only: the body of a keepalive request is not kept for the page's tools to read.
    expect(res.status()).toBe(200)
    expect(res.request().postDataJSON()).toEqual({ refreshToken })
    expect(await res.request().headerValue('authorization')).toBe(`Bearer ${token}`)
    await expect(page.locator('.Toastify').getByText('Logged Out Successfully').first()).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([null, null])
  })

  await test.step('the chat socket is closed', async () => {
    await closed
    expect(ws.isClosed()).toBe(true)
  })

  await test.step('the old refresh token and access token no longer answer', async () => {
    const exchange = await request.post(baseURL() + '/api/v1/auth/exchange-token', { data: { refreshToken } })
    expect(exchange.status()).toBe(401)
    const profile = await request.get(baseURL() + '/api/v1/profile', { headers: { Authorization: `Bearer ${token}` } })
    expect(profile.status()).toBe(401)
  })
})
