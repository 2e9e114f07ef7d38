import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { ContactDetail } from './types'
import { adminWith, clearAdminSession, failWith, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

const message: ContactDetail = {
  id: 5,
  name: 'Mary Joseph',
  subject: 'Profile for my son',
  status: 'new',
  createdAt: '2026-11-27T10:00:00Z',
  assignedTo: null,
  answeredAt: null,
  email: 'mary.joseph@example.in',
  phone: '9847012345',
  message: 'Can I add a second phone number?',
  adminNote: '',
  answeredBy: null,
}

describe('handing a contact message to another admin', () => {
  it('offers the admins who work the inbox by name, and assigns to the one chosen', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('support', 7)),
      on('GET', 'contact/5', () => okData(message)),
      on('GET', 'contact/assignees', () => okData({ items: [{ id: 7, name: 'Asha support' }, { id: 9, name: 'Priya Thomas' }] })),
      on('POST', 'contact/5/assign', () => okData({ ...message, status: 'assigned', assignedTo: { id: 9, name: 'Priya Thomas' } })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/support/5')
    const select = await screen.findByRole('combobox', { name: 'Assign to another admin' })
    expect(screen.getByRole('option', { name: 'Priya Thomas' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    expect(await screen.findByText('Choose an admin')).toBeInTheDocument()
    await user.selectOptions(select, 'Priya Thomas')
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ adminId: 9 }))
    // The page's "Assigned to" row names her, and she leaves the list of others to hand it to.
    // (A bare findByText('Priya Thomas') can catch the <option> just before that re-render detaches it.)
    await waitFor(() => expect(screen.getByText('Assigned to').nextElementSibling).toHaveTextContent('Priya Thomas'))
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Priya Thomas' })).not.toBeInTheDocument())
  })

  it('shows the server’s refusal beside the field', async () => {
    fakeAdminServer(
      meHandler(adminWith('support', 7)),
      on('GET', 'contact/5', () => okData(message)),
      on('GET', 'contact/assignees', () => okData({ items: [{ id: 9, name: 'Priya Thomas' }] })),
      on('POST', 'contact/5/assign', () => failWith(422, 'This admin cannot work the contact inbox', { adminId: 'This admin cannot work the contact inbox' })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/support/5')
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Assign to another admin' }), 'Priya Thomas')
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    expect(await screen.findByText('This admin cannot work the contact inbox')).toBeInTheDocument()
  })

  it('says so when nobody else works the inbox', async () => {
    fakeAdminServer(
      meHandler(adminWith('support', 7)),
      on('GET', 'contact/5', () => okData(message)),
      on('GET', 'contact/assignees', () => okData({ items: [{ id: 7, name: 'Asha support' }] })),
    )
    renderAdmin('/admin/support/5')
    expect(await screen.findByText('No other admin works the contact inbox.')).toBeInTheDocument()
  })
})
