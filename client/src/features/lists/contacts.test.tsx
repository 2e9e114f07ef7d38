import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { CardRequest, RequestCard } from '../../entities/member'
import { fakeServer } from '../../test/fakeServer'
import { memberCard } from '../../test/members'
import { fail, ok, renderRoutes } from '../../test/utils'
import ContactListScreen from './ContactListScreen'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

const NOW = new Date('2026-03-14T12:00:00')

/** A sent phone request to member n, answered an hour before NOW. */
function sent(n: number, status: CardRequest['status']): RequestCard {
  const at = new Date(NOW.getTime() - 3_600_000).toISOString()
  return { ...memberCard(n), request: { kind: 'phone', status, sentByMe: true, createdAt: at, updatedAt: at } }
}

afterEach(() => vi.restoreAllMocks())

const renderContacts = () => renderRoutes([{ path: '/inbox/contacts', element: <ContactListScreen now={NOW} /> }], '/inbox/contacts')

describe('the Contacts screen', () => {
  it('lists the members who accepted my phone request, each with "View contact" to their contact details', async () => {
    const calls = fakeServer((c) => (c.path === 'profile/requests/sent' ? ok({ items: [sent(1, 'accepted'), sent(3, 'accepted')], total: 2 }) : undefined))
    renderContacts()
    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(2)
    expect(screen.getByText('2 contacts')).toBeInTheDocument()
    expect(within(cards[0]).getByRole('link', { name: 'View contact of Member 1' })).toHaveAttribute('href', '/profile?profileId=TM1000001#contact-title')
    expect(within(cards[0]).getByText('Accepted your phone request 1 hour ago')).toBeInTheDocument()
    expect(within(cards[1]).getByRole('heading', { name: 'Member 3' })).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(screen.getByRole('navigation', { name: 'Inbox' })).toBeInTheDocument()
  })

  it('says how contacts come, with a way to the matches, when there are none', async () => {
    fakeServer((c) => (c.path === 'profile/requests/sent' ? ok({ items: [], total: 0 }) : undefined))
    renderContacts()
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument()
    expect(screen.getByText('When a member accepts your phone request, they appear here.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See my matches' })).toHaveAttribute('href', '/matches/my-matches')
  })

  it('shows placeholders while loading, and an error with a retry', async () => {
    const user = userEvent.setup()
    let failed = false
    fakeServer((c) => {
      if (c.path !== 'profile/requests/sent') return undefined
      if (!failed) {
        failed = true
        return fail(500, 'Something went wrong')
      }
      return ok({ items: [sent(1, 'accepted')], total: 1 })
    })
    renderContacts()
    expect(screen.getByLabelText('Loading')).toBeInTheDocument()
    const alert = await screen.findByRole('alert')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('1 contact')).toBeInTheDocument()
  })
})
