import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ContactForm from './ContactForm'
import { jsonResponse, renderWithProviders } from '../../test/utils'
import { validateContact } from './validation'

describe('ContactForm', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows the validation messages and sends nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch')
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Subject is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/Your name/)).toHaveFocus()

    await user.type(screen.getByLabelText(/Your name/), 'Jo1')
    await user.type(screen.getByLabelText(/Mobile number/), '12345')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Name can only contain letters')).toBeInTheDocument()
    expect(screen.getByText('Phone number is not valid')).toBeInTheDocument()
    expect(screen.getByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows server 422 field errors under the fields', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ meta: { code: 422, message: 'Please correct the form' }, data: { errors: { email: 'This email domain is not accepted' } } }, 422),
    )
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await user.type(screen.getByLabelText(/Your name/), 'Mary Thomas')
    await user.type(screen.getByLabelText(/^Email/), 'mary@example.in')
    await user.type(screen.getByLabelText(/Subject/), 'Registration help')
    await user.type(screen.getByLabelText(/Message/), 'Please help me register my daughter.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(screen.getByText('This email domain is not accepted')).toBeInTheDocument())
  })

  it('mirrors the server rules', () => {
    const ok = { name: 'Mary Thomas', email: 'mary@example.in', phone: '', subject: 'Hi', message: 'Ten chars!' }
    expect(validateContact(ok)).toEqual({})
    expect(validateContact({ ...ok, name: 'Jo' }).name).toBe('Minimum 3 characters required')
    expect(validateContact({ ...ok, phone: '5876543210' }).phone).toBe('Phone number is not valid')
    expect(validateContact({ ...ok, phone: '9876543210' }).phone).toBeUndefined()
    expect(validateContact({ ...ok, subject: 'x'.repeat(121) }).subject).toBeDefined()
    expect(validateContact({ ...ok, message: 'short' }).message).toBe('Minimum 10 characters required')
  })
})
