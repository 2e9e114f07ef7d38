import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { ADMIN_TOKEN_KEY, SESSION_ENDED_MESSAGE } from './session'
import { groupSecret, loginErrorText, waitWords } from './login/LoginScreen'
import { parseRetryAfter } from './api'
import { adminWith, clearAdminSession, failWith, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

const superadmin = adminWith('superadmin')
const session = { token: 'admin-session-1', expiresAt: '2026-05-01T10:00:00Z', admin: superadmin }

/** Types e-mail and password and presses Continue. */
async function enterPassword(user: ReturnType<typeof userEvent.setup>, password = 'Admin@1234') {
  await user.type(await screen.findByLabelText(/^E-mail/), 'asha@tfm.test')
  await user.type(screen.getByLabelText(/^Password/), password)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
}

/** Nothing an admin signs in with ever lands in localStorage, nor in the member's token key. */
function expectNothingInLocalStorage() {
  expect(localStorage.getItem('token')).toBeNull()
  for (let i = 0; i < localStorage.length; i++) {
    const v = localStorage.getItem(localStorage.key(i)!) ?? ''
    expect(v).not.toContain('admin-session')
    expect(v).not.toContain('stage-')
  }
}

describe('admin login', () => {
  it('enrolls the authenticator on the first login: QR, the key in groups of 4, then a code; the token goes to sessionStorage only', async () => {
    const calls = fakeAdminServer(
      on('POST', 'auth/login', () =>
        okData({ stage: 'enroll', token: 'stage-1', enroll: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/TFM:asha', qrPng: 'data:image/png;base64,iVBORw0KGgo=' } }),
      ),
      on('POST', 'auth/totp', () => okData(session)),
      meHandler(superadmin),
      on('GET', /^(proofs|reports|contact)$/, () => okData({ items: [], total: 3 })),
    )
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin/login', { signedIn: false })
    await enterPassword(user)

    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=')
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP')
    expect(calls[0].body).toEqual({ email: 'asha@tfm.test', password: 'Admin@1234' })

    // A code that is not 6 digits never leaves the page.
    await user.type(screen.getByLabelText(/6-digit code/), '12345')
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }))
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'auth/totp')).toHaveLength(0)

    await user.type(screen.getByLabelText(/6-digit code/), '6')
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    const totp = calls.find((c) => c.path === 'auth/totp')!
    expect(totp.body).toEqual({ code: '123456' })
    expect(totp.auth).toBe('Bearer stage-1')
    expect(router.state.location.pathname).toBe('/admin')
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe('admin-session-1')
    expectNothingInLocalStorage()
    // Later calls carry the session token.
    await waitFor(() => expect(calls.some((c) => c.path === 'proofs')).toBe(true))
    expect(calls.find((c) => c.path === 'proofs')!.auth).toBe('Bearer admin-session-1')
  })

  it('asks an enrolled admin for the code; a wrong one says "Invalid code", the right one signs in', async () => {
    let tries = 0
    const calls = fakeAdminServer(
      on('POST', 'auth/login', () => okData({ stage: 'totp', token: 'stage-2' })),
      on('POST', 'auth/totp', () => (++tries === 1 ? failWith(401, 'Invalid code') : okData({ ...session, admin: adminWith('content') }))),
      meHandler(adminWith('content')),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/login', { signedIn: false })
    await enterPassword(user)
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument()
    await user.type(screen.getByLabelText(/6-digit code/), '000000')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code')
    // A wrong code does not end anything: still no session.
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull()
    await user.clear(screen.getByLabelText(/6-digit code/))
    await user.type(screen.getByLabelText(/6-digit code/), '654321')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'auth/totp').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '654321' }])
    expectNothingInLocalStorage()
  })

  it('says "Invalid email or password" for a refused password', async () => {
    fakeAdminServer(on('POST', 'auth/login', () => failWith(401, 'Invalid email or password')))
    const user = userEvent.setup()
    renderAdmin('/admin/login', { signedIn: false })
    await enterPassword(user, 'wrong')
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
    expect(screen.getByRole('heading', { name: 'Log in to the back office' })).toBeInTheDocument()
  })

  it('shows the lockout message with the wait from Retry-After and holds the button', async () => {
    fakeAdminServer(on('POST', 'auth/login', () => failWith(429, 'Too many tries. This account is locked for a while.', undefined, { 'Retry-After': '900' })))
    const user = userEvent.setup()
    renderAdmin('/admin/login', { signedIn: false })
    await enterPassword(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. This account is locked for a while. You can try again in 15 minutes.')
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
  })

  it('sends a signed-out visitor of a screen to the login page, and back there after logging in', async () => {
    fakeAdminServer(
      on('POST', 'auth/login', () => okData({ stage: 'totp', token: 'stage-3' })),
      on('POST', 'auth/totp', () => okData({ ...session, admin: adminWith('finance') })),
      meHandler(adminWith('finance')),
      on('GET', 'plans', () => okData({ items: [] })),
    )
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin/finance/plans', { signedIn: false })
    expect(await screen.findByRole('heading', { name: 'Log in to the back office' })).toBeInTheDocument()
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).not.toBeInTheDocument()
    await enterPassword(user)
    await user.type(await screen.findByLabelText(/6-digit code/), '111111')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/finance/plans')
  })
})

describe('the admin session', () => {
  it('returns to the login page with "Your admin session ended" when a call answers 401 (30 idle minutes)', async () => {
    let expired = false
    fakeAdminServer(
      meHandler(adminWith('moderator')),
      on('GET', /^(proofs|reports)$/, () => okData({ items: [], total: 0 })),
      on('GET', 'members', () => (expired ? failWith(401, 'Session expired') : okData({ items: [], total: 0 }))),
    )
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expired = true
    await user.click(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Members' }))
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull()
    expect(screen.getByRole('heading', { name: 'Log in to the back office' })).toBeInTheDocument()
  })

  it('ends a stored session the server no longer knows at GET me', async () => {
    fakeAdminServer(on('GET', 'me', () => failWith(401, 'Unauthorized')))
    renderAdmin('/admin/members')
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeInTheDocument()
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull()
  })

  it('logs out: POST auth/logout, the token forgotten, back to the login page', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('content')), on('POST', 'auth/logout', () => okData(null)))
    const user = userEvent.setup()
    renderAdmin('/admin')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument()
    expect(calls.find((c) => c.path === 'auth/logout')?.auth).toBe('Bearer session-token')
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull()
  })
})

describe('login words', () => {
  it('groups the secret by four and words the wait', () => {
    expect(groupSecret('jbsw y3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP')
    expect(waitWords(45)).toBe('45 seconds')
    expect(waitWords(60)).toBe('1 minute')
    expect(waitWords(61)).toBe('2 minutes')
    expect(loginErrorText({ status: 429, message: 'Too many tries.', retryAfter: 120 })).toBe('Too many tries. You can try again in 2 minutes.')
    expect(parseRetryAfter('30')).toBe(30)
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60)
    expect(parseRetryAfter(null)).toBeUndefined()
  })
})
