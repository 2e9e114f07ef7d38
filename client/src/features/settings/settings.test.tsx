import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'react-toastify'
import { describeFetch, jsonResponse, renderWithProviders } from '../../test/utils'
import ContactPersonForm from './ContactPersonForm'
import EmailAlertsForm from './EmailAlertsForm'
import UnsubscribeScreen from './UnsubscribeScreen'
import { ChatSettingChoice, ContactFilterSetting, PublicListsSwitch, WithSettings } from './PrivacySettings'
import type { EmailAlerts, MemberSettings } from './types'
import { maskEmail, maskPhone, validateContactPerson } from './validation'

// Give slow shared machines time; each test runs in well under a second when idle.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 30_000 })

const SETTINGS: MemberSettings = {
  photoVisibility: 'all',
  contactFilter: 'paid',
  chatSetting: 'verified',
  showInPublicLists: true,
  contactPerson: '',
  contactRelation: '',
  callTime: '',
}

const ALERTS: EmailAlerts = { invitations: true, requests: true, profileViews: true, planExpiry: true, badges: true, newsletter: false, matches: false, matchDigest: 'weekly' }

const RELATIONS = [
  { value: 'self', label: 'Self' },
  { value: 'father', label: 'Father' },
  { value: 'mother', label: 'Mother' },
]

const ok = (data: unknown, message = 'Record updated Successfully') => jsonResponse({ meta: { code: 200, message }, data })

interface Call {
  method: string
  path: string
  body: unknown
}

/** A fake server for the settings calls: it applies PATCH and POST bodies to its state and records every call. */
function fakeServer(settings: MemberSettings = SETTINGS, alerts?: EmailAlerts, fail?: (c: Call) => Response | undefined) {
  const calls: Call[] = []
  let s = { ...settings }
  let a = alerts ? { ...alerts } : undefined
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const path = req.url.replace(/^.*\/api\/v1\//, '')
    const body = req.method === 'GET' ? undefined : await req.body()
    const call = { method: req.method, path, body }
    calls.push(call)
    const failed = fail?.(call)
    if (failed) return failed
    if (path === 'profile/settings' && req.method === 'GET') return ok(s, 'OK')
    if (path === 'profile/settings' || path === 'profile/contact-me') {
      s = { ...s, ...(body as Partial<MemberSettings>) }
      return ok(s)
    }
    if (path === 'profile/email-alerts' && req.method === 'GET') return ok(a, 'OK')
    if (path === 'profile/email-alerts') {
      a = { ...a!, ...(body as Partial<EmailAlerts>) }
      return ok(a)
    }
    return jsonResponse({ meta: { code: 404, message: 'Not found' }, data: null }, 404)
  })
  return calls
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET')

describe('contact person', () => {
  afterEach(() => vi.restoreAllMocks())

  it('checks the name and the call time as the server does', () => {
    expect(validateContactPerson({ contactPerson: '', contactRelation: '', callTime: '' })).toEqual({})
    expect(validateContactPerson({ contactPerson: 'Jo', contactRelation: '', callTime: '' })).toEqual({ contactPerson: 'Minimum 3 characters required' })
    expect(validateContactPerson({ contactPerson: 'Mary 2', contactRelation: '', callTime: '' })).toEqual({ contactPerson: 'Name can only contain letters' })
    // Names in Malayalam or Tamil carry combining vowel signs.
    expect(validateContactPerson({ contactPerson: 'തോമസ് വർഗീസ്', contactRelation: '', callTime: '' })).toEqual({})
    expect(validateContactPerson({ contactPerson: 'முருகன்', contactRelation: '', callTime: '' })).toEqual({})
    expect(validateContactPerson({ contactPerson: 'Mary Joseph', contactRelation: 'mother', callTime: 'Call 98765 43210 after 6' })).toEqual({
      callTime: 'Please do not share phone numbers or e-mail addresses here',
    })
    expect(validateContactPerson({ contactPerson: 'Anna', contactRelation: '', callTime: 'x'.repeat(51) }).callTime).toBe('Maximum 50 characters allowed')
  })

  it('masks like the server: the first 4 digits, and the e-mail without its name', () => {
    expect(maskPhone('9876543210')).toBe('9876XXXXXX')
    expect(maskEmail('anna.joseph@example.in')).toBe('XXXXXX@example.in')
  })

  it('shows errors under the fields, then saves with PATCH profile/contact-me and toasts the message', async () => {
    const user = userEvent.setup()
    const success = vi.spyOn(toast, 'success')
    const calls = fakeServer()
    renderWithProviders(<ContactPersonForm settings={SETTINGS} relations={RELATIONS} />)
    const save = screen.getByRole('button', { name: 'Save contact person' })
    expect(save).toBeDisabled()

    await user.type(screen.getByLabelText(/Person to ask for/), 'Jo')
    await user.click(save)
    expect(screen.getByText('Minimum 3 characters required')).toBeInTheDocument()
    expect(screen.getByLabelText(/Person to ask for/)).toHaveFocus()
    expect(writes(calls)).toHaveLength(0)

    await user.type(screen.getByLabelText(/Person to ask for/), 'seph  Mathew')
    await user.selectOptions(screen.getByLabelText(/^Relation/), 'father')
    await user.type(screen.getByLabelText(/Best time to call/), 'After 6 pm')
    expect(within(screen.getByLabelText('What members see')).getByText('Joseph Mathew (Father)')).toBeInTheDocument()
    await user.click(save)
    await waitFor(() => expect(success).toHaveBeenCalledWith('Record updated Successfully', expect.anything()))
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: 'profile/contact-me', body: { contactPerson: 'Joseph Mathew', contactRelation: 'father', callTime: 'After 6 pm' } }])
  })

  it('shows a 422 field error from the server under its field', async () => {
    const user = userEvent.setup()
    fakeServer(SETTINGS, undefined, (c) =>
      c.method === 'PATCH' ? jsonResponse({ meta: { code: 422, message: 'Please select a valid relation' }, data: { errors: { contactRelation: 'Please select a valid relation' } } }, 422) : undefined,
    )
    renderWithProviders(<ContactPersonForm settings={SETTINGS} relations={RELATIONS} />)
    await user.selectOptions(screen.getByLabelText(/^Relation/), 'mother')
    await user.click(screen.getByRole('button', { name: 'Save contact person' }))
    expect(await screen.findByText('Please select a valid relation', { selector: '.field__error' })).toBeInTheDocument()
  })
})

describe('privacy settings', () => {
  afterEach(() => vi.restoreAllMocks())

  function renderPrivacy() {
    return renderWithProviders(
      <WithSettings>
        {(s) => (
          <>
            <ChatSettingChoice settings={s} />
            <ContactFilterSetting settings={s} />
            <PublicListsSwitch settings={s} />
          </>
        )}
      </WithSettings>,
    )
  }

  it('explains each choice and saves a change with PATCH profile/settings', async () => {
    const user = userEvent.setup()
    const success = vi.spyOn(toast, 'success')
    const calls = fakeServer()
    renderPrivacy()
    const nobody = await screen.findByRole('radio', { name: 'Nobody' })
    expect(screen.getByRole('radio', { name: 'Any verified member' })).toBeChecked()
    expect(nobody).toHaveAccessibleDescription(/No one can start a new chat with you/)

    await user.click(nobody)
    expect(nobody).toBeChecked()
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PATCH', path: 'profile/settings', body: { chatSetting: 'nobody' } }]))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Record updated Successfully', expect.anything()))
    expect(nobody).toBeChecked()

    await user.click(screen.getByRole('radio', { name: 'Paid members whose invitation is accepted' }))
    await user.click(screen.getByRole('switch', { name: 'Show me on the Premium Members page' }))
    await waitFor(() => expect(writes(calls)).toHaveLength(3))
    expect(writes(calls).slice(1).map((c) => c.body)).toEqual(expect.arrayContaining([{ contactFilter: 'accepted' }, { showInPublicLists: false }]))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show me on the Premium Members page' })).toHaveAttribute('aria-checked', 'false'))
    expect(screen.getByRole('radio', { name: 'Paid members whose invitation is accepted' })).toBeChecked()
  })

  it('sends one request for quick changes, ending on the last choice', async () => {
    const user = userEvent.setup()
    const calls = fakeServer()
    renderPrivacy()
    const first = await screen.findByRole('radio', { name: 'Any verified member' })
    first.focus()
    // Arrowing through a radio group selects each option on the way.
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('radio', { name: 'Nobody' })).toBeChecked()
    await waitFor(() => expect(writes(calls)).toHaveLength(1))
    expect(writes(calls)[0].body).toEqual({ chatSetting: 'nobody' })
  })

  it('goes back to the saved choice and says why when the save fails', async () => {
    const user = userEvent.setup()
    fakeServer(SETTINGS, undefined, (c) => (c.method === 'PATCH' ? jsonResponse({ meta: { code: 500, message: 'Something went wrong' }, data: null }, 500) : undefined))
    renderPrivacy()
    await user.click(await screen.findByRole('radio', { name: 'Members I accepted' }))
    expect(await screen.findByText('Not saved: Something went wrong')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Any verified member' })).toBeChecked()
  })
})

describe('email alerts', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows a switch per category and turns one off and on again', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(SETTINGS, ALERTS)
    renderWithProviders(<EmailAlertsForm />)
    const views = await screen.findByRole('switch', { name: 'Profile views' })
    expect(screen.getAllByRole('switch')).toHaveLength(7)
    expect(screen.getByRole('switch', { name: 'News and success stories' })).toHaveAttribute('aria-checked', 'false')
    expect(views).toHaveAccessibleDescription('When a member views your profile.')

    await user.click(views)
    expect(views).toHaveAttribute('aria-checked', 'false')
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: 'profile/email-alerts', body: { profileViews: false } }]))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Profile views' })).toHaveAttribute('aria-checked', 'false'))
    await user.click(views)
    await waitFor(() => expect(writes(calls)).toHaveLength(2))
    expect(writes(calls)[1].body).toEqual({ profileViews: true })
    await waitFor(() => expect(views).toHaveAttribute('aria-checked', 'true'))
  })

  it('offers daily or weekly for the new-matches digest while it is on, and saves the choice', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(SETTINGS, ALERTS)
    renderWithProviders(<EmailAlertsForm />)
    const matches = await screen.findByRole('switch', { name: 'New matches' })
    expect(matches).toHaveAttribute('aria-checked', 'false')
    expect(screen.queryByRole('group', { name: 'How often' })).not.toBeInTheDocument()

    await user.click(matches)
    const often = screen.getByRole('group', { name: 'How often' })
    expect(within(often).getByRole('radio', { name: 'Weekly' })).toBeChecked()
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: 'profile/email-alerts', body: { matches: true } }]))

    await user.click(within(often).getByRole('radio', { name: 'Daily' }))
    expect(within(often).getByRole('radio', { name: 'Daily' })).toBeChecked()
    await waitFor(() => expect(writes(calls)).toHaveLength(2))
    expect(writes(calls)[1].body).toEqual({ matchDigest: 'daily' })
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'How often' })).getByRole('radio', { name: 'Daily' })).toBeChecked())

    await user.click(matches)
    await waitFor(() => expect(writes(calls)).toHaveLength(3))
    expect(writes(calls)[2].body).toEqual({ matches: false })
    await waitFor(() => expect(screen.queryByRole('group', { name: 'How often' })).not.toBeInTheDocument())
  })
})

describe('the unsubscribe page', () => {
  afterEach(() => vi.restoreAllMocks())

  /** A fake email/unsubscribe: a known token names its category; POST turns it off. */
  function serveUnsubscribe(validToken = 'tok-1') {
    const calls: Call[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      const url = new URL(req.url)
      const path = url.pathname.replace(/^\/api\/v1\//, '')
      calls.push({ method: req.method, path: `${path}?${url.searchParams}`, body: null })
      if (path === 'email/unsubscribe' && url.searchParams.get('t') === validToken) return ok({ category: 'invitations', label: 'Invitations' }, 'OK')
      if (path === 'email/unsubscribe') return jsonResponse({ meta: { code: 400, message: 'This unsubscribe link is not valid' }, data: null }, 400)
      return jsonResponse({ meta: { code: 404, message: 'Not found' }, data: null }, 404)
    })
    return calls
  }

  it('checks the link, asks, and stops the e-mails once confirmed', async () => {
    const user = userEvent.setup()
    const calls = serveUnsubscribe()
    renderWithProviders(<UnsubscribeScreen token="tok-1" />)
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…')
    expect(await screen.findByText('Stop e-mails about Invitations?')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'GET', path: 'email/unsubscribe?t=tok-1', body: null }])

    await user.click(screen.getByRole('button', { name: 'Stop these e-mails' }))
    expect(await screen.findByText('You will no longer get e-mails about Invitations. You can turn them back on in Email/SMS Alerts.')).toBeInTheDocument()
    expect(calls[1]).toEqual({ method: 'POST', path: 'email/unsubscribe?t=tok-1', body: null })
  })

  it('says when the link is not valid, or has no token', async () => {
    serveUnsubscribe()
    renderWithProviders(<UnsubscribeScreen token="forged" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid')
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).not.toBeInTheDocument()
  })

  it('says the same without a token, asking nothing of the server', () => {
    const calls = serveUnsubscribe()
    renderWithProviders(<UnsubscribeScreen token="" />)
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid')
    expect(calls).toHaveLength(0)
  })
})
