import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifyInfo } from '../../app/notify'
import { notificationHref, notificationPushed } from '../../entities/notification'
import type { NotificationItem } from '../../entities/notification'
import { fakeServer } from '../../test/fakeServer'
import type { SeenCall } from '../../test/fakeServer'
import { memberCard } from '../../test/members'
import { deferred, fail, ok, renderRoutes, renderWithProviders } from '../../test/utils'
import LatestNotifications from './LatestNotifications'
import NotificationBell from './NotificationBell'
import NotificationListScreen from './NotificationListScreen'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

configure({ asyncUtilTimeout: 5000 })

const NOW = new Date('2026-03-14T12:00:00')
const MIN = 60_000

/** Notification n: member n's, `minutesAgo` back (unread unless said). */
function note(n: number, over: Partial<NotificationItem> = {}, minutesAgo = 5): NotificationItem {
  return {
    id: n,
    type: 'invitationReceived',
    message: `Member ${n} sent you an invitation`,
    link: '/inbox/received',
    read: false,
    createdAt: new Date(NOW.getTime() - minutesAgo * MIN).toISOString(),
    member: memberCard(n),
    ...over,
  }
}

const PLAN = note(90, { type: 'planExpiring', message: 'Your plan ends on 20-03-2026', link: '/plan-upgrade', member: undefined, read: true }, 3 * 24 * 60)

/** A fake server of the notification calls over `items`: paging, the latest five, and marking read. */
function serve(items: NotificationItem[]) {
  const state = { items: items.map((n) => ({ ...n })), failList: 0, gate: null as null | Promise<void> }
  const unread = () => state.items.filter((n) => !n.read).length
  const calls = fakeServer(async (c: SeenCall) => {
    if (c.method === 'GET' && c.path === 'profile/notification') {
      if (state.gate) await state.gate
      if (state.failList > 0) {
        state.failList--
        return fail(500, 'Something went wrong')
      }
      return ok({ items: state.items.slice(0, 10), total: state.items.length, unread: unread() })
    }
    if (c.method === 'GET' && c.path === 'profile/dash-notification') return ok({ items: state.items.slice(0, 5), unread: unread() })
    const one = /^profile\/notification\/read\/(\d+)$/.exec(c.path)
    if (c.method === 'POST' && one) {
      const n = state.items.find((x) => x.id === Number(one[1]))
      if (!n) return fail(404, 'Notification not found')
      n.read = true
      return ok({ unread: unread() })
    }
    if (c.method === 'POST' && c.path === 'profile/notification/read-all') {
      for (const n of state.items) n.read = true
      return ok({ unread: 0 })
    }
    return undefined
  })
  return { state, calls }
}

const renderList = (entry = '/inbox/notification') =>
  renderRoutes(
    [
      { path: '/inbox/notification', element: <NotificationListScreen now={NOW} /> },
      { path: '/inbox/received', element: <p>received screen</p> },
    ],
    entry,
  )

afterEach(() => {
  vi.restoreAllMocks()
  vi.mocked(notifyInfo).mockClear()
})

describe('the notifications screen', () => {
  it('shows placeholders while loading, then the rows: photo or icon, message, when, unread marked', async () => {
    const { state, calls } = serve([note(1), note(2, { read: true }, 3 * 60), PLAN])
    const gate = deferred()
    state.gate = gate.promise
    renderList()
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument()
    expect(screen.getByLabelText('Loading')).toHaveAttribute('aria-busy', 'true')
    // The inbox's screens, this one marked.
    expect(within(screen.getByRole('navigation', { name: 'Inbox' })).getByRole('link', { name: 'Notifications' })).toHaveClass('active')
    gate.release()

    const rows = await screen.findAllByTestId('notification')
    expect(rows).toHaveLength(3)
    const list = calls.find((c) => c.path === 'profile/notification')!
    expect(list.method).toBe('GET')
    expect(rows[0]).toHaveClass('is-unread')
    expect(within(rows[0]).getByRole('link')).toHaveAccessibleName('Unread: Member 1 sent you an invitation 5 minutes ago')
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/inbox/received')
    expect(rows[0].querySelector('img')).toHaveAttribute('src', '/media/photos/aa/TM1000001_small.jpg?g=sig')
    expect(rows[1]).not.toHaveClass('is-unread')
    expect(within(rows[1]).getByText('3 hours ago')).toHaveAttribute('title', expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/))
    // A plan reminder has no member: an icon instead of a photo.
    expect(rows[2].querySelector('img')).toBeNull()
    expect(rows[2].querySelector('.notification__icon')).not.toBeNull()
    expect(within(rows[2]).getByText('3 days ago')).toBeInTheDocument()
    expect(screen.getByText('1 unread')).toBeInTheDocument()
  })

  it('says "Empty Notifications" when there are none, without the mark-all button', async () => {
    serve([])
    renderList()
    expect(await screen.findByText('Empty Notifications')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument()
  })

  it('shows the error with a retry that loads the list', async () => {
    const user = userEvent.setup()
    const { state } = serve([note(1)])
    state.failList = 1
    renderList()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Member 1 sent you an invitation')).toBeInTheDocument()
  })

  it('marks a notification read and opens its page when clicked', async () => {
    const user = userEvent.setup()
    const { calls } = serve([note(1), note(2)])
    const { router, store } = renderList()
    await user.click(await screen.findByRole('link', { name: /Member 2 sent you an invitation/ }))
    expect(await screen.findByText('received screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/inbox/received')
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['profile/notification/read/2']))
    await waitFor(() => expect(store.getState().notifications.unread).toBe(1))
  })

  it('marks all as read', async () => {
    const user = userEvent.setup()
    const { calls } = serve([note(1), note(2), PLAN])
    renderList()
    const button = await screen.findByRole('button', { name: 'Mark all as read' })
    expect(screen.getByText('2 unread')).toBeInTheDocument()
    await user.click(button)
    await waitFor(() => expect(screen.getByText('All read')).toBeInTheDocument())
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['profile/notification/read-all'])
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
    for (const row of screen.getAllByTestId('notification')) expect(row).not.toHaveClass('is-unread')
  })
})

describe('the bell', () => {
  it('shows the unread count, rises live on a socket notification, and lists the new one first', async () => {
    const user = userEvent.setup()
    serve([note(1), note(2, { read: true })])
    const { store } = renderWithProviders(<NotificationBell now={NOW} />)
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1')

    const fresh = note(7, { type: 'invitationAccepted', message: 'Member 7 accepted your invitation', link: '/profile?profileId=TM1000007' }, 0)
    act(() => {
      store.dispatch(notificationPushed({ unread: 2, notification: fresh }))
    })
    expect(bell).toHaveAccessibleName('Notifications, 2 unread')
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('2')
    expect(notifyInfo).toHaveBeenCalledWith('Member 7 accepted your invitation', 7)

    await user.click(bell)
    expect(bell).toHaveAttribute('aria-expanded', 'true')
    const panel = screen.getByRole('region', { name: 'Notifications' })
    const links = within(panel).getAllByRole('link')
    expect(links[0]).toHaveAccessibleName('Unread: Member 7 accepted your invitation just now')
    expect(links[0]).toHaveAttribute('href', '/profile?profileId=TM1000007')
    expect(links.at(-1)).toHaveTextContent('See all')
    expect(links.at(-1)).toHaveAttribute('href', '/inbox/notification')

    // Another tab read them all: the count alone comes.
    act(() => {
      store.dispatch(notificationPushed({ unread: 0 }))
    })
    expect(bell).toHaveAccessibleName('Notifications, 0 unread')
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument()

    // Escape closes it and puts focus back on the bell.
    await user.keyboard('{Escape}')
    expect(bell).toHaveAttribute('aria-expanded', 'false')
    expect(bell).toHaveFocus()
  })

  it('caps the badge at 99+ and says when there are none', async () => {
    const user = userEvent.setup()
    serve([])
    const { store } = renderWithProviders(<NotificationBell now={NOW} />)
    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' })
    await user.click(bell)
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Empty Notifications')).toBeInTheDocument()
    act(() => {
      store.dispatch(notificationPushed({ unread: 120 }))
    })
    expect(bell).toHaveAccessibleName('Notifications, 120 unread')
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('99+')
  })
})

describe('the dashboard panel', () => {
  it('lists the latest five, or says there are none', async () => {
    serve([note(1), note(2), note(3), note(4), note(5), note(6)])
    renderWithProviders(<LatestNotifications now={NOW} />)
    const panel = await screen.findByRole('region', { name: 'Latest notifications' })
    await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(5))
    expect(within(panel).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/inbox/notification')
  })

  it('has an empty state', async () => {
    serve([])
    renderWithProviders(<LatestNotifications now={NOW} />)
    expect(await screen.findByText('Empty Notifications')).toBeInTheDocument()
  })
})

describe('notificationHref', () => {
  it('follows a path of this site, reads /profile/ID as the profile route, and never leaves the site', () => {
    expect(notificationHref(note(1))).toBe('/inbox/received')
    expect(notificationHref(note(1, { link: '/profile/TM1234567' }))).toBe('/profile?profileId=TM1234567')
    expect(notificationHref(note(1, { link: '/profile?profileId=TM1234567' }))).toBe('/profile?profileId=TM1234567')
    expect(notificationHref(note(1, { type: 'invitationAccepted', link: 'https://evil.example/x' }))).toBe('/profile?profileId=TM1000001')
    expect(notificationHref(note(1, { type: 'invitationReceived', link: '//evil.example' }))).toBe('/inbox/received')
    expect(notificationHref({ ...PLAN, link: '' })).toBe('/plan-upgrade')
  })
})
