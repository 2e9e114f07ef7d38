import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { AdminAccount, ContactDetail } from './types'
import { ROLE_PERMISSIONS, adminWith, clearAdminSession, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

const roles = { items: Object.entries(ROLE_PERMISSIONS).map(([role, permissions]) => ({ role, permissions })) }
const mod: AdminAccount = { id: 12, email: 'mod@tfm.test', name: 'Meera', roles: ['moderator'], status: 'active', totpEnabled: true, lastLoginAt: '2026-04-20T05:00:00Z' }

describe('admins (superadmin)', () => {
  it('creates an admin with roles as checkboxes and an initial password that meets the member rule', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('superadmin')),
      on('GET', 'admins', () => okData({ items: [mod] })),
      on('GET', 'roles', () => okData(roles)),
      on('POST', 'admins', () => okData({ ...mod, id: 13 })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/admins')
    await user.click(await screen.findByRole('button', { name: 'New admin' }))
    const form = screen.getByRole('form', { name: 'New admin' })
    await user.type(within(form).getByLabelText(/^E-mail/), 'fin@tfm.test')
    await user.type(within(form).getByLabelText(/^Name/), 'Farah')
    await user.type(within(form).getByLabelText(/^Initial password/), 'weakpass')
    await user.click(within(form).getByRole('button', { name: 'Create admin' }))
    expect(within(form).getByText('Choose at least one role')).toBeInTheDocument()
    expect(within(form).getByText(/Must Contain 8 Characters/)).toBeInTheDocument()
    await user.click(within(form).getByRole('checkbox', { name: /Finance/ }))
    await user.clear(within(form).getByLabelText(/^Initial password/))
    await user.type(within(form).getByLabelText(/^Initial password/), 'Start@2026')
    await user.click(within(form).getByRole('button', { name: 'Create admin' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'fin@tfm.test', name: 'Farah', roles: ['finance'], password: 'Start@2026' }))
  })

  it('changes roles (audited) and resets the second factor after a confirmation', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('superadmin')),
      on('GET', 'admins', () => okData({ items: [mod] })),
      on('GET', 'roles', () => okData(roles)),
      on('PUT', 'admins/12/roles', () => okData(null)),
      on('POST', 'admins/12/reset-totp', () => okData(null)),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/admins')
    await user.click(await screen.findByRole('button', { name: 'Change roles of mod@tfm.test' }))
    let dialog = screen.getByRole('alertdialog', { name: "Change Meera's roles" })
    expect(dialog).toHaveTextContent('The change is recorded in the audit log')
    await user.click(within(dialog).getByRole('checkbox', { name: /Support/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ roles: ['moderator', 'support'] }))

    await user.click(screen.getByRole('button', { name: 'Reset the second factor of mod@tfm.test' }))
    dialog = screen.getByRole('alertdialog', { name: "Reset Meera's second factor?" })
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    await waitFor(() => expect(calls.some((c) => c.path === 'admins/12/reset-totp')).toBe(true))
  })
})

const message: ContactDetail = {
  id: 77,
  name: 'Sara Philip',
  subject: 'Cannot upload my photo',
  status: 'new',
  createdAt: '2026-04-22T05:00:00Z',
  assignedTo: null,
  answeredAt: null,
  email: 'sara@example.in',
  phone: '+91 9847011111',
  message: 'The upload stops at 90%.',
  adminNote: '',
  answeredBy: null,
}

describe('the contact inbox (support)', () => {
  it('filters new and mine, opens a message (audited), assigns it to me and marks it answered with a note', async () => {
    const support = adminWith('support')
    const calls = fakeAdminServer(
      meHandler(support),
      on('GET', 'contact', () => okData({ items: [message], total: 1 })),
      on('GET', 'contact/77', () => okData(message)),
      on('POST', 'contact/77/assign', () => okData(null)),
      on('POST', 'contact/77/answered', () => okData(null)),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/support')
    await screen.findByRole('link', { name: 'Cannot upload my photo' })
    await user.click(screen.getByRole('button', { name: 'New' }))
    await user.click(screen.getByRole('checkbox', { name: 'Only mine' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'contact').at(-1)?.query).toEqual({ status: 'new', mine: '1', skip: '0', limit: '20' }))

    await user.click(screen.getByRole('link', { name: 'Cannot upload my photo' }))
    expect(await screen.findByText('The upload stops at 90%.')).toBeInTheDocument()
    expect(screen.getByText('Opening a message is recorded in the audit log.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Assign to me' }))
    await waitFor(() => expect(calls.find((c) => c.path === 'contact/77/assign')?.body).toEqual({ adminId: null }))
    expect(await screen.findByText(`${support.name} (you)`)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Mark answered' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Mark this message answered?' })
    await user.type(within(dialog).getByLabelText('Note'), 'Replied by e-mail: use a photo under 10 MB')
    await user.click(within(dialog).getByRole('button', { name: 'Mark answered' }))
    await waitFor(() => expect(calls.find((c) => c.path === 'contact/77/answered')?.body).toEqual({ note: 'Replied by e-mail: use a photo under 10 MB' }))
    expect(await screen.findByText('Replied by e-mail: use a photo under 10 MB')).toBeInTheDocument()
    // The message was opened (and audited) once.
    expect(calls.filter((c) => c.path === 'contact/77')).toHaveLength(1)
  })
})
