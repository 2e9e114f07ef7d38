import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'react-toastify'
import { renderWithProviders, describeFetch, fakeJwt, jsonResponse } from '../../test/utils'
import LoginForm from './LoginForm'
import RegisterForm from './RegisterForm'
import type { RegisterOptions } from './RegisterForm'

const options: RegisterOptions = {
  religions: [{ value: 1, label: 'Christian' }],
  communities: [
    { value: 1, label: 'Roman Catholic' },
    { value: 10, label: 'CSI' },
  ],
  languages: [{ value: 2, label: 'Tamil' }],
  phoneCodes: [{ value: '+91', label: '+91 IN' }],
}

const ok = (data: unknown, message = 'OK') => jsonResponse({ meta: { code: 200, message }, data })

describe('RegisterForm', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows the spec §5 messages under the fields and checks each step with the server before moving on', async () => {
    const user = userEvent.setup()
    const calls: { url: string; body: unknown }[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      const body = await req.body()
      calls.push({ url: req.url.replace(/^.*\/api\/v1\//, ''), body })
      if (req.url.endsWith('auth/register/step2')) {
        return jsonResponse({ meta: { code: 409, message: 'This email is already registered' }, data: { errors: { email: 'This email is already registered' } } }, 409)
      }
      return ok(null)
    })
    renderWithProviders(<RegisterForm options={options} />, { path: '/register' })

    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Profile created by is required')).toBeInTheDocument()
    expect(screen.getByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Gender is required')).toBeInTheDocument()
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument()
    expect(calls).toHaveLength(0)

    await user.selectOptions(screen.getByLabelText(/This profile is for/), 'self')
    await user.type(screen.getByLabelText(/Your name/), 'Jo1')
    expect(screen.getByText('Name can only contain letters')).toBeInTheDocument()
    await user.clear(screen.getByLabelText(/Your name/))
    await user.type(screen.getByLabelText(/Your name/), 'Joseph Mathew')
    await user.click(screen.getByLabelText('Groom'))
    const dob = screen.getByLabelText(/Date of birth/)
    await user.type(dob, '2010-01-01')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('The groom must be at least 21 years old')).toBeInTheDocument()
    await user.clear(dob)
    await user.type(dob, '1994-06-15')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    await screen.findByRole('heading', { name: /Step 2 of 3/ })
    expect(calls[0]).toMatchObject({ url: 'auth/register/step1', body: { name: 'Joseph Mathew', gender: 10, dateOfBirth: '1994-06-15', profileCreatedBy: 'self' } })

    await user.type(screen.getByLabelText(/^Email/), 'joseph@example.in')
    await user.type(screen.getByLabelText(/Mobile number/), '98765')
    await user.type(screen.getByLabelText(/^Password/), 'abc')
    await user.type(screen.getByLabelText(/Confirm password/), 'abd')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Phone number is not valid')).toBeInTheDocument()
    expect(screen.getByText('Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Case Character')).toBeInTheDocument()

    await user.clear(screen.getByLabelText(/Mobile number/))
    await user.type(screen.getByLabelText(/Mobile number/), '9876543210')
    await user.clear(screen.getByLabelText(/^Password/))
    await user.type(screen.getByLabelText(/^Password/), 'Start@1234')
    expect(screen.getByText('Passwords does not match')).toBeInTheDocument()
    await user.clear(screen.getByLabelText(/Confirm password/))
    await user.type(screen.getByLabelText(/Confirm password/), 'Start@1234')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    // The server's 409 shows under the e-mail, and the form stays on step 2.
    await screen.findByText('This email is already registered', { selector: '.field__error' })
    expect(screen.getByRole('heading', { name: /Step 2 of 3/ })).toBeInTheDocument()
    expect(calls.some((c) => c.url === 'auth/isValid')).toBe(true)
  })
})

describe('LoginForm', () => {
  afterEach(() => vi.restoreAllMocks())

  it('logs in by password, stores the tokens and toasts "logged in successfully"', async () => {
    const user = userEvent.setup()
    const token = fakeJwt({ pid: 'TM2475392' })
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok({ token, refreshToken: 'r1', expiresIn: 900, profile: { profileID: 'TM2475392', userName: 'Flavia' } }, 'logged in successfully'))
    const success = vi.spyOn(toast, 'success')
    const { store } = renderWithProviders(<LoginForm phoneCodes={options.phoneCodes} forgotPasswordPath="/forgot-password" />, { path: '/login' })
    await user.type(screen.getByLabelText(/^Email/), 'demo.bride.001@demo.tfmmatrimony.in')
    await user.type(screen.getByLabelText(/^Password/), 'Demo@1234')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(store.getState().account.isLoggedIn).toBe(true))
    expect(localStorage.getItem('token')).toBe(token)
    expect(localStorage.getItem('refreshToken')).toBe('r1')
    expect(store.getState().account.authUser?.email).toBe('demo.bride.001@demo.tfmmatrimony.in')
    expect(success).toHaveBeenCalledWith('logged in successfully', expect.anything())
  })

  it('shows a wrong password inline and stays a visitor', async () => {
    const user = userEvent.setup()
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ meta: { code: 401, message: 'Invalid email or password' }, data: null }, 401))
    const { store } = renderWithProviders(<LoginForm phoneCodes={options.phoneCodes} forgotPasswordPath="/forgot-password" />, { path: '/login' })
    await user.type(screen.getByLabelText(/^Email/), 'someone@example.in')
    await user.type(screen.getByLabelText(/^Password/), 'Wrong@1234')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
    expect(store.getState().account.isLoggedIn).toBe(false)
  })

  it('sends an OTP, then logs in with the 6 digits', async () => {
    const user = userEvent.setup()
    const token = fakeJwt({ pid: 'TM2475392' })
    const bodies: Record<string, unknown> = {}
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      const path = req.url.replace(/^.*\/api\/v1\//, '')
      bodies[path] = await req.body()
      if (path === 'auth/login-otp') return ok(null, 'If the number belongs to an account, an OTP has been sent to it')
      return ok({ token, refreshToken: 'r1', expiresIn: 900 }, 'logged in successfully')
    })
    const { store } = renderWithProviders(<LoginForm phoneCodes={options.phoneCodes} forgotPasswordPath="/forgot-password" />, { path: '/login' })
    await user.click(screen.getByRole('button', { name: 'Mobile OTP' }))
    await user.type(screen.getByLabelText(/Mobile number/), '9876543210')
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    await user.type(await screen.findByLabelText(/6-digit OTP/), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }))
    await waitFor(() => expect(store.getState().account.isLoggedIn).toBe(true))
    expect(bodies['auth/login-otp']).toEqual({ phoneCode: '+91', phone: '9876543210' })
    expect(bodies['auth/login']).toMatchObject({ loginType: 'otp', otp: '123456', phoneCode: '+91', phone: '9876543210' })
  })
})
