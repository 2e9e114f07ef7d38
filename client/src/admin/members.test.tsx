import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifySuccess } from '../app/notify'
import type { MemberDetail, MemberRow } from './types'
import { adminWith, clearAdminSession, failWith, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  clearAdminSession()
})

const row: MemberRow = {
  profileId: 'TFM100',
  name: 'Anna Joseph',
  gender: 20,
  status: 'active',
  hidden: false,
  joinedAt: '2025-01-10T05:00:00Z',
  lastActiveAt: '2026-04-01T05:00:00Z',
  plan: 'TFM-CLASSIC',
  email: 'XXXXXX@gmail.com',
  phone: '+91 9847XXXXXX',
}

const detail: MemberDetail = {
  ...row,
  email: 'anna.joseph@gmail.com',
  phone: '+91 9847012345',
  dob: '1996-04-12',
  city: 'Kochi',
  state: 'Kerala',
  denomination: 'Roman Catholic',
  createdBy: 'self',
  suspendedUntil: null,
  photos: [
    { id: 11, url: '/api/admin/members/TFM100/photos/11' },
    { id: 12, url: '/api/admin/members/TFM100/photos/12' },
  ],
  proofs: [{ id: 3, kind: 'id', status: 'pending', uploadedAt: '2026-03-01T05:00:00Z', reviewedAt: null }],
  reports: { against: 1, filed: 0 },
  orders: 2,
}

/** URL.createObjectURL / revokeObjectURL as jsdom lacks them: numbered blob: URLs, and what was revoked. */
function stubBlobUrls() {
  const revoked: string[] = []
  let n = 0
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:photo-${++n}`), revokeObjectURL: vi.fn((u: string) => revoked.push(u)) }))
  return revoked
}

const photo = on('GET', /^members\/TFM100\/photos\/\d+$/, () => new Response('jpeg bytes', { status: 200, headers: { 'Content-Type': 'image/jpeg' } }))

describe('members', () => {
  it('searches by id, name, e-mail or phone with a status filter, masked in the list', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('moderator')), on('GET', 'members', () => okData({ items: [row], total: 41 })))
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin/members')
    expect(await screen.findByRole('cell', { name: 'Anna Joseph' })).toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'members')[0].query).toEqual({ skip: '0', limit: '20' })

    await user.type(screen.getByLabelText('Profile ID, name, e-mail or phone'), 'Anna')
    await user.selectOptions(screen.getByLabelText('Status'), 'suspended')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'members')).toHaveLength(2))
    expect(calls.filter((c) => c.path === 'members')[1].query).toEqual({ q: 'Anna', status: 'suspended', skip: '0', limit: '20' })
    expect(router.state.location.search).toBe('?q=Anna&status=suspended')
    expect(screen.getByText('XXXXXX@gmail.com')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–1 of 41')).toBeInTheDocument()

    // Page 2 asks for the next twenty with the same filters.
    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'members')).toHaveLength(3))
    expect(calls.filter((c) => c.path === 'members')[2].query).toEqual({ q: 'Anna', status: 'suspended', skip: '20', limit: '20' })

    expect(screen.getByRole('link', { name: 'TFM100' })).toHaveAttribute('href', '/admin/members/TFM100')
  })

  it('opens a member (audited): details, photos fetched with the token as blob URLs and revoked on leaving', async () => {
    const revoked = stubBlobUrls()
    const calls = fakeAdminServer(meHandler(adminWith('moderator')), on('GET', 'members/TFM100', () => okData(detail)), photo, on('GET', 'members', () => okData({ items: [], total: 0 })))
    const user = userEvent.setup()
    renderAdmin('/admin/members/TFM100')
    expect(await screen.findByRole('heading', { name: 'Anna Joseph' })).toBeInTheDocument()
    expect(screen.getByText('Opening a member is recorded in the audit log.')).toBeInTheDocument()
    expect(screen.getByText('anna.joseph@gmail.com')).toBeInTheDocument()
    expect(screen.getByText('12-04-1996')).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:photo-1')
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', 'blob:photo-2')
    const photoCalls = calls.filter((c) => c.path.includes('/photos/'))
    expect(photoCalls.map((c) => c.auth)).toEqual(['Bearer session-token', 'Bearer session-token'])
    expect(calls.filter((c) => c.path === 'members/TFM100')).toHaveLength(1)

    await user.click(screen.getByRole('link', { name: '‹ Members' }))
    await screen.findByRole('heading', { name: 'Members' })
    expect(revoked.sort()).toEqual(['blob:photo-1', 'blob:photo-2'])
  })

  it('suspends after a confirmation that needs the days (1–365) and a reason; the page shows the outcome without asking again', async () => {
    stubBlobUrls()
    const calls = fakeAdminServer(
      meHandler(adminWith('moderator')),
      on('GET', 'members/TFM100', () => okData({ ...detail, photos: [] })),
      on('POST', 'members/TFM100/suspend', () => okData({ ...detail, photos: [], status: 'suspended', suspendedUntil: '2026-05-08T05:00:00Z' })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/members/TFM100')
    await user.click(await screen.findByRole('button', { name: 'Suspend' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend Anna Joseph?' })
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 365')).toBeInTheDocument()
    expect(within(dialog).getByText('Please enter the reason')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Days (1–365)'), '400')
    await user.type(within(dialog).getByLabelText('Reason'), 'Asked two members for money')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 365')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.clear(within(dialog).getByLabelText('Days (1–365)'))
    await user.type(within(dialog).getByLabelText('Days (1–365)'), '7')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: 'members/TFM100/suspend', body: { days: 7, reason: 'Asked two members for money' } })
    expect(notifySuccess).toHaveBeenCalledWith('Member suspended')
    expect(within(screen.getByRole('heading', { name: /TFM100/ })).getByText('Suspended')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'members/TFM100')).toHaveLength(1)
  })

  it("shows the server's refusal inside the dialog", async () => {
    fakeAdminServer(
      meHandler(adminWith('moderator')),
      on('GET', 'members/TFM100', () => okData({ ...detail, photos: [] })),
      on('POST', 'members/TFM100/ban', () => failWith(422, 'Please check the form', { reason: 'The reason is too short' })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/members/TFM100')
    await user.click(await screen.findByRole('button', { name: 'Ban' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Ban Anna Joseph?' })
    await user.type(within(dialog).getByLabelText('Reason'), 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }))
    expect(await within(dialog).findByText('The reason is too short')).toBeInTheDocument()
  })
})
