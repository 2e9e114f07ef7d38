import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { CardRequest, RequestCard, ViewedContactCard } from '../../entities/member'
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

const renderContacts = (entry = '/inbox/contacts?box=shared') => renderRoutes([{ path: '/inbox/contacts', element: <ContactListScreen now={NOW} /> }], entry)

/** A member whose contact the viewer viewed with their plan, on 20-02-2026. */
function viewed(n: number): ViewedContactCard {
  return {
    ...memberCard(n),
    viewedAt: '2026-02-20T10:00:00Z',
    contact: { phoneCode: '+91', phone: `98765432${String(n).padStart(2, '0')}`, email: `member${n}@gmail.com`, masked: false, contactPerson: 'Mathew Joseph', contactRelation: 'father' },
  }
}

describe('Inbox → Contacts, viewed with my plan (the default)', () => {
  it('lists the members whose contact I viewed, each with the number to call, the e-mail to write and the day', async () => {
    const calls = fakeServer((c) => (c.path === 'list-of-contactview' ? ok({ items: [viewed(1), viewed(2)], total: 12 }) : undefined))
    renderContacts('/inbox/contacts')
    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(2)
    expect(screen.getByText('12 contacts viewed')).toBeInTheDocument()
    expect(within(cards[0]).getByRole('link', { name: 'Call Member 1 on +91 9876543201' })).toHaveAttribute('href', 'tel:+919876543201')
    expect(within(cards[0]).getByRole('link', { name: 'member1@gmail.com' })).toHaveAttribute('href', 'mailto:member1@gmail.com')
    expect(within(cards[0]).getByText('Viewed on 20-02-2026')).toBeInTheDocument()
    expect(within(cards[0]).getByText('Ask for Mathew Joseph (father)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Viewed with my plan' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('navigation', { name: 'Contact pages' })).toBeInTheDocument()
    expect(calls.map((c) => c.path)).toEqual(['list-of-contactview'])
  })

  it('says how contacts come when there are none, with the way to the plans for a free member', async () => {
    fakeServer((c) => (c.path === 'list-of-contactview' ? ok({ items: [], total: 0 }) : undefined))
    renderContacts('/inbox/contacts')
    expect(await screen.findByText('You have not viewed any contact yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans')
  })

  it('shows an error with a retry', async () => {
    const user = userEvent.setup()
    let failed = false
    fakeServer((c) => {
      if (c.path !== 'list-of-contactview') return undefined
      if (!failed) {
        failed = true
        return fail(500, 'Something went wrong')
      }
      return ok({ items: [viewed(3)], total: 1 })
    })
    renderContacts('/inbox/contacts')
    expect(screen.getByLabelText('Loading')).toBeInTheDocument()
    const alert = await screen.findByRole('alert')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('1 contact viewed')).toBeInTheDocument()
  })

  it('switches between the two lists in the address', async () => {
    const user = userEvent.setup()
    fakeServer(
      (c) => (c.path === 'list-of-contactview' ? ok({ items: [viewed(1)], total: 1 }) : undefined),
      (c) => (c.path === 'profile/requests/sent' ? ok({ items: [sent(5, 'accepted')], total: 1 }) : undefined),
    )
    const { router } = renderContacts('/inbox/contacts')
    expect(await screen.findByText('1 contact viewed')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Shared with me' }))
    expect(await screen.findByText('1 contact')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?box=shared')
    expect(screen.getByRole('button', { name: 'Shared with me' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Viewed with my plan' }))
    expect(await screen.findByText('1 contact viewed')).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
  })
})

describe('Inbox → Contacts, shared with me', () => {
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
