import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifySuccess } from '../app/notify'
import type { ProofRow, ReportDetail } from './types'
import { adminWith, clearAdminSession, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  clearAdminSession()
})

const proof: ProofRow = {
  id: 31,
  kind: 'id',
  status: 'pending',
  uploadedAt: '2026-04-20T05:00:00Z',
  reviewedAt: null,
  note: '',
  member: { profileId: 'TFM200', name: 'Mathew Thomas', gender: 10 },
  hasImage: true,
}

describe('proofs', () => {
  it('lists the pending queue, opens the image with the token (audited), and verifies after a confirmation', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:proof-31'), revokeObjectURL: vi.fn() }))
    let verified = false
    const calls = fakeAdminServer(
      meHandler(adminWith('moderator')),
      on('GET', 'proofs', () => okData(verified ? { items: [], total: 0 } : { items: [proof], total: 1 })),
      on('GET', 'proofs/31/image', () => new Response('jpeg', { headers: { 'Content-Type': 'image/jpeg' } })),
      on('POST', 'proofs/31/verdict', () => {
        verified = true
        return okData({ ...proof, status: 'verified' })
      }),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/proofs')
    expect(await screen.findByRole('cell', { name: /Mathew Thomas/ })).toBeInTheDocument()
    expect(calls.find((c) => c.path === 'proofs')?.query).toEqual({ status: 'pending', skip: '0', limit: '20' })
    expect(screen.getByText('Opening a proof image is recorded in the audit log.')).toBeInTheDocument()
    // The image is fetched only when asked for.
    expect(calls.some((c) => c.path === 'proofs/31/image')).toBe(false)
    await user.click(screen.getByRole('button', { name: "Open image of Mathew Thomas's ID proof" }))
    expect(await screen.findByRole('img', { name: 'ID proof of Mathew Thomas' })).toHaveAttribute('src', 'blob:proof-31')
    expect(calls.find((c) => c.path === 'proofs/31/image')?.auth).toBe('Bearer session-token')

    await user.click(screen.getByRole('button', { name: 'Verify' }))
    const dialog = screen.getByRole('alertdialog', { name: "Verify Mathew Thomas's id proof?" })
    expect(dialog).toHaveTextContent('The member gets the "ID verified" badge and is told.')
    expect(within(dialog).queryByLabelText(/Reason/)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: 'proofs/31/verdict', body: { verdict: 'verified', reason: '' } })
    expect(notifySuccess).toHaveBeenCalledWith('Proof verified')
    expect(await screen.findByText('No proofs are waiting')).toBeInTheDocument()
  })

  it('rejects only with a reason', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('moderator')),
      on('GET', 'proofs', () => okData({ items: [proof], total: 1 })),
      on('POST', 'proofs/31/verdict', () => okData({ ...proof, status: 'rejected' })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/proofs')
    await user.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('alertdialog', { name: "Reject Mathew Thomas's id proof?" })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(within(dialog).getByText('Please enter the reason')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await user.type(within(dialog).getByLabelText('Reason'), 'The name on the card does not match the profile')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { verdict: 'rejected', reason: 'The name on the card does not match the profile' } }))
  })

  it('shows the verified and rejected ones on their tabs, without actions', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('moderator')), on('GET', 'proofs', (c) => okData({ items: [{ ...proof, status: c.query.status }], total: 1 })))
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin/proofs')
    await screen.findByRole('button', { name: 'Verify' })
    await user.click(screen.getByRole('button', { name: 'Rejected' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'proofs').at(-1)?.query.status).toBe('rejected'))
    expect(router.state.location.search).toBe('?status=rejected')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument())
  })
})

const report: ReportDetail = {
  id: 5,
  kind: 'chat',
  reason: 'money',
  createdAt: '2026-04-21T05:00:00Z',
  status: 'open',
  outcome: '',
  reporter: { profileId: 'TFM300', name: 'Priya Mary' },
  reported: { profileId: 'TFM301', name: 'Rahul Varghese', status: 'active' },
  details: 'He asked me to send money for a visa.',
  excerpt: [
    { from: 'reported', text: 'Can you send ₹20,000 for my visa?', at: '2026-04-20T10:00:00Z' },
    { from: 'reporter', text: 'No, sorry.', at: '2026-04-20T10:01:00Z' },
  ],
  handledBy: null,
  handledAt: null,
  outcomeNote: '',
}

describe('reports', () => {
  it('opens a report (audited) with the chat excerpt and warns the member with a note, after a confirmation', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('moderator')),
      on('GET', 'reports', () => okData({ items: [report], total: 1 })),
      on('GET', 'reports/5', () => okData(report)),
      on('POST', 'reports/5/action', () => okData({ ...report, status: 'closed', outcome: 'warned' })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/reports')
    await user.click(await screen.findByRole('link', { name: 'Report #5' }))
    expect(await screen.findByText('Can you send ₹20,000 for my visa?')).toBeInTheDocument()
    expect(screen.getByText('Opening a report is recorded in the audit log.')).toBeInTheDocument()
    expect(screen.getByText('He asked me to send money for a visa.')).toBeInTheDocument()
    expect(screen.getByText(/Chat report: Asked for money or gifts/)).toBeInTheDocument()

    await user.click(within(screen.getByRole('group', { name: 'Report actions' })).getByRole('button', { name: 'Warn' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Warn Rahul Varghese?' })
    await user.click(within(dialog).getByRole('button', { name: 'Warn' }))
    expect(within(dialog).getByText('Please enter the note')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Note'), 'First warning about money requests')
    await user.click(within(dialog).getByRole('button', { name: 'Warn' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: 'reports/5/action', body: { action: 'warn', note: 'First warning about money requests' } })
    // The report shows as closed with its outcome, and was not asked for (audited) again.
    expect(await screen.findByText('warned')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Report actions' })).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'reports/5')).toHaveLength(1)
  })

  it('suspends with the days', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('moderator')), on('GET', 'reports/5', () => okData(report)), on('POST', 'reports/5/action', () => okData({ ...report, status: 'closed', outcome: 'suspended' })))
    const user = userEvent.setup()
    renderAdmin('/admin/reports/5')
    await user.click(await screen.findByRole('button', { name: 'Suspend' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend Rahul Varghese?' })
    await user.type(within(dialog).getByLabelText('Days (1–365)'), '30')
    await user.type(within(dialog).getByLabelText('Note'), 'Money request')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'suspend', note: 'Money request', days: 30 }))
  })
})
