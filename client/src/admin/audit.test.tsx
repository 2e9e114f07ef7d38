import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { AuditRow } from './types'
import { adminWith, clearAdminSession, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

const row: AuditRow = {
  id: 801,
  at: '2026-04-22T06:30:00Z',
  admin: { id: 3, email: 'support@tfm.test' },
  action: 'member.view',
  object: 'member',
  objectId: 'TFM100',
  detail: { reason: 'contact-us follow-up', fields: ['email', 'phone'] },
  ip: '10.0.0.8',
}

describe('the audit log', () => {
  it('builds the query from the filters (admin, action, object, id, dates) and pages on', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('superadmin')),
      on('GET', 'admins', () => okData({ items: [{ id: 3, email: 'support@tfm.test', name: 'Sam', roles: ['support'], status: 'active', totpEnabled: true, lastLoginAt: null }] })),
      on('GET', 'audit', () => okData({ items: [row], total: 45 })),
    )
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin/audit')
    expect(await screen.findByRole('cell', { name: 'member.view' })).toBeInTheDocument()
    expect(calls.find((c) => c.path === 'audit')?.query).toEqual({ skip: '0', limit: '20' })

    await user.selectOptions(await screen.findByLabelText('Admin'), 'support@tfm.test')
    await user.type(screen.getByLabelText('Action'), 'member.view')
    await user.type(screen.getByLabelText('Object'), 'member')
    await user.type(screen.getByLabelText('Object ID'), 'TFM100')
    await user.type(screen.getByLabelText('From'), '2026-04-01')
    await user.type(screen.getByLabelText('To'), '2026-04-30')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'audit').at(-1)?.query).toEqual({
        adminId: '3',
        action: 'member.view',
        object: 'member',
        objectId: 'TFM100',
        from: '2026-04-01',
        to: '2026-04-30',
        skip: '0',
        limit: '20',
      }),
    )
    expect(router.state.location.search).toBe('?adminId=3&action=member.view&object=member&objectId=TFM100&from=2026-04-01&to=2026-04-30')

    await user.click(screen.getByRole('link', { name: 'Page 3' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'audit').at(-1)?.query).toMatchObject({ action: 'member.view', skip: '40', limit: '20' }))
  })

  it('refuses a date range that runs backwards', async () => {
    const calls = fakeAdminServer(meHandler({ ...adminWith('superadmin'), permissions: ['audit:read'] }), on('GET', 'audit', () => okData({ items: [], total: 0 })))
    const user = userEvent.setup()
    renderAdmin('/admin/audit')
    await user.type(await screen.findByLabelText('From'), '2026-04-30')
    await user.type(screen.getByLabelText('To'), '2026-04-01')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByText('The last day must be on or after the first day')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'audit')).toHaveLength(1)
    // Without admins:manage the admin filter is an ID field.
    expect(screen.getByLabelText('Admin')).toHaveAttribute('placeholder', 'Admin ID')
  })

  it('shows a row’s detail object as key/value pairs', async () => {
    fakeAdminServer(meHandler(adminWith('superadmin')), on('GET', 'admins', () => okData({ items: [] })), on('GET', 'audit', () => okData({ items: [row], total: 1 })))
    const user = userEvent.setup()
    renderAdmin('/admin/audit')
    await user.click(await screen.findByRole('button', { name: /^Details of member.view/ }))
    const kv = document.querySelector('.admin-kv') as HTMLElement
    expect(within(kv).getByText('reason').nextSibling).toHaveTextContent('contact-us follow-up')
    expect(within(kv).getByText('fields').nextSibling).toHaveTextContent('["email","phone"]')
  })
})
