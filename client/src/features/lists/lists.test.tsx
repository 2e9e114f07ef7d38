import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifyError, notifySuccess } from '../../app/notify'
import type { CardInvitation, MemberCard } from '../../entities/member'
import { memberCard as card } from '../../test/members'
import { deferred, describeFetch, fail, ok, renderRoutes } from '../../test/utils'
import { LIST_PATH } from './api'
import type { MemberListKind } from './api'
import MemberListScreen from './MemberListScreen'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

/** An invitation card's invitation. */
const invitation = (status: CardInvitation['status'], sentByMe: boolean, at: string): Pick<MemberCard, 'invitation'> => ({
  invitation: { status, sentByMe, at },
})

/** The invitation answers the fake server takes: POST profile/{verb}-invitation/{the other member's id}. */
const INVITATION_CALL = /^profile\/(accept|decline|cancel)-invitation\/(.+)$/

interface Call {
  method: string
  path: string
  params: URLSearchParams
}

/**
 * A fake server for one list: GET pages it by skip and limit, DELETE on profile/block/{id} or profile/dont-show/{id}
 * removes the card, and so do POST profile/accept-invitation/{id} and decline-invitation/{id}; POST
 * cancel-invitation/{id} marks the sent invitation cancelled (the sent list keeps it). `gate` holds DELETE and POST
 * answers back until released; `failGet` / `failChange` answer with an error.
 */
function serve(kind: MemberListKind, items: MemberCard[]) {
  const state = {
    items: [...items],
    calls: [] as Call[],
    failGet: null as null | { status: number; message: string },
    failChange: null as null | { status: number; message: string },
    gate: null as null | Promise<void>,
  }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const url = new URL(req.url)
    const path = url.pathname.replace(/^\/api\/v1\//, '')
    state.calls.push({ method: req.method, path, params: url.searchParams })
    if (req.method === 'GET' && path === LIST_PATH[kind]) {
      if (state.failGet) return fail(state.failGet.status, state.failGet.message)
      const skip = Number(url.searchParams.get('skip'))
      const limit = Number(url.searchParams.get('limit'))
      return ok({ items: state.items.slice(skip, skip + limit), total: state.items.length })
    }
    if (req.method === 'DELETE' && path.startsWith(LIST_PATH[kind] + '/')) {
      if (state.gate) await state.gate
      if (state.failChange) return fail(state.failChange.status, state.failChange.message)
      const id = decodeURIComponent(path.slice(LIST_PATH[kind].length + 1))
      state.items = state.items.filter((c) => c.profileID !== id)
      return ok(null)
    }
    const answer = req.method === 'POST' && INVITATION_CALL.exec(path)
    if (answer) {
      if (state.gate) await state.gate
      if (state.failChange) return fail(state.failChange.status, state.failChange.message)
      const id = decodeURIComponent(answer[2])
      state.items =
        answer[1] === 'cancel'
          ? state.items.map((c) => (c.profileID === id ? { ...c, ...invitation('cancelled', true, new Date().toISOString()) } : c))
          : state.items.filter((c) => c.profileID !== id)
      return ok(null)
    }
    throw new Error(`unexpected call ${req.method} ${path}`)
  })
  const gets = () => state.calls.filter((c) => c.method === 'GET')
  const deletes = () => state.calls.filter((c) => c.method === 'DELETE')
  const posts = () => state.calls.filter((c) => c.method === 'POST')
  return { state, gets, deletes, posts }
}

/** The list screens at their paths (the routes' own wiring is checked in routes/routes.test.tsx). */
const SCREENS: [string, MemberListKind][] = [
  ['/matches/discovery/blocked-profile', 'blocked'],
  ['/dont-show-profiles', 'dont-show'],
  ['/recent-viewed', 'recently-viewed'],
  ['/recent-visitors', 'recent-visitors'],
  ['/matches/recent-visitors', 'recent-visitors'],
  ['/inbox/received', 'invitations-received'],
  ['/inbox/sent', 'invitations-sent'],
  ['/inbox/accepted', 'invitations-accepted'],
]

const renderAt = (entry: string) => renderRoutes(SCREENS.map(([path, kind]) => ({ path, element: <MemberListScreen key={kind} kind={kind} /> })), entry)

describe('member list screens', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.mocked(notifySuccess).mockClear()
    vi.mocked(notifyError).mockClear()
  })

  it('shows skeleton cards while loading, then the blocked cards without photos or profile links', async () => {
    const { gets } = serve('blocked', [card(1, { photos: [], since: ago(2 * 24 * HOUR) }), card(2, { photos: [], gender: 10, userName: 'Joseph' })])
    renderAt('/matches/discovery/blocked-profile')

    expect(screen.getByRole('heading', { level: 1, name: 'Blocked Profiles' })).toBeInTheDocument()
    expect(screen.getByText(/Members you blocked cannot see your profile/)).toBeInTheDocument()
    expect(screen.getByLabelText('Loading')).toHaveAttribute('aria-busy', 'true')

    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(2)
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument()
    expect(gets()[0].params.get('skip')).toBe('0')
    expect(gets()[0].params.get('limit')).toBe('10')

    const first = within(cards[0])
    expect(first.getByRole('heading', { name: 'Member 1' })).toBeInTheDocument()
    expect(first.getByText('27 yrs · 5 ft 3 in (160 cm)')).toBeInTheDocument()
    expect(first.getByText('Syro-Malabar Catholic')).toBeInTheDocument()
    expect(first.getByText('Kochi, Kerala')).toBeInTheDocument()
    expect(first.getByText('Nurse')).toBeInTheDocument()
    expect(first.getByText('ID TM1000001')).toBeInTheDocument()
    expect(first.getByText('Blocked 2 days ago')).toBeInTheDocument()
    // A blocked member's profile is closed to the viewer: the ID only, and the gender default avatar.
    expect(first.queryByRole('link', { name: /View profile/ })).not.toBeInTheDocument()
    expect(first.getByRole('img')).toHaveAttribute('src', '/images/avatar-female.svg')
    expect(within(cards[1]).getByRole('img')).toHaveAttribute('src', '/images/avatar-male.svg')
    expect(first.getByRole('button', { name: 'Unblock Member 1' })).toBeEnabled()
    expect(screen.queryByRole('link', { name: /View profile/ })).not.toBeInTheDocument()
  })

  it('shows the spec text when nobody is blocked', async () => {
    serve('blocked', [])
    renderAt('/matches/discovery/blocked-profile')
    expect(await screen.findByText('Sorry, You Have not blocked any profiles')).toBeInTheDocument()
    expect(screen.queryByTestId('member-list-card')).not.toBeInTheDocument()
  })

  it('shows the error with a retry that loads the list again', async () => {
    const user = userEvent.setup()
    const { state, gets } = serve('recently-viewed', [card(1, { viewedAt: ago(HOUR) })])
    state.failGet = { status: 500, message: 'The lists are resting. Please try again.' }
    renderAt('/recent-viewed')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The lists are resting. Please try again.')
    expect(notifyError).toHaveBeenCalledWith('The lists are resting. Please try again.')

    state.failGet = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('member-list-card')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(gets()).toHaveLength(2)
  })

  it('unblocks after a confirmation with DELETE profile/block/{id}, then reloads the list', async () => {
    const user = userEvent.setup()
    const { state, gets, deletes } = serve('blocked', [card(1, { photos: [] })])
    const gate = deferred()
    state.gate = gate.promise
    renderAt('/matches/discovery/blocked-profile')

    await user.click(await screen.findByRole('button', { name: 'Unblock Member 1' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Unblock Member 1?' })
    expect(deletes()).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }))

    await waitFor(() => expect(deletes()).toHaveLength(1))
    expect(deletes()[0].path).toBe('profile/block/TM1000001')
    // Disabled while the request runs.
    expect(screen.getByRole('button', { name: /Unblocking… Member 1/ })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Unblock' })).toBeDisabled()

    gate.release()
    expect(await screen.findByText('Sorry, You Have not blocked any profiles')).toBeInTheDocument()
    expect(gets()).toHaveLength(2)
    expect(notifySuccess).toHaveBeenCalledWith('Unblocked Member 1. They can see you again and chat if their settings allow.')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('keeps the card and offers the button again when unblocking fails', async () => {
    const user = userEvent.setup()
    const { state } = serve('blocked', [card(1, { photos: [] })])
    state.failChange = { status: 400, message: 'You cannot unblock this profile just now' }
    renderAt('/matches/discovery/blocked-profile')

    await user.click(await screen.findByRole('button', { name: 'Unblock Member 1' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unblock' }))

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('You cannot unblock this profile just now'))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Unblock Member 1' })).toBeEnabled()
    expect(notifySuccess).not.toHaveBeenCalled()
  })

  it('shows a profile again with DELETE profile/dont-show/{id}', async () => {
    const user = userEvent.setup()
    const { state, gets, deletes } = serve('dont-show', [card(1), card(2)])
    const gate = deferred()
    state.gate = gate.promise
    renderAt('/dont-show-profiles')

    expect(await screen.findAllByTestId('member-list-card')).toHaveLength(2)
    expect(screen.getByRole('heading', { level: 1, name: "Don't Show Profiles" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View profile of Member 2' })).toHaveAttribute('href', '/profile?profileId=TM1000002')
    expect(screen.getByRole('img', { name: 'Photo of Member 2' })).toHaveAttribute('src', '/media/photos/aa/TM1000002_small.jpg?g=sig')

    await user.click(screen.getByRole('button', { name: 'Show again Member 2' }))
    await waitFor(() => expect(deletes()).toHaveLength(1))
    expect(deletes()[0].path).toBe('profile/dont-show/TM1000002')
    expect(screen.getByRole('button', { name: /Showing again… Member 2/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Show again Member 1' })).toBeEnabled()

    gate.release()
    await waitFor(() => expect(screen.getAllByTestId('member-list-card')).toHaveLength(1))
    expect(gets()).toHaveLength(2)
    expect(notifySuccess).toHaveBeenCalledWith('Member 2 will show in your matches and searches again.')
  })

  it('goes back a page when the last card of a later page is removed', async () => {
    const user = userEvent.setup()
    const items = Array.from({ length: 11 }, (_, i) => card(i + 1))
    const { gets } = serve('dont-show', items)
    const { router } = renderAt('/dont-show-profiles?page=2')

    const only = await screen.findByTestId('member-list-card')
    expect(gets()[0].params.get('skip')).toBe('10')
    expect(screen.getByText('11 profiles')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: "Don't Show Profiles pages" })).toBeInTheDocument()

    await user.click(within(only).getByRole('button', { name: 'Show again Member 11' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await waitFor(() => expect(screen.getAllByTestId('member-list-card')).toHaveLength(10))
    expect(screen.getByText('10 profiles')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: "Don't Show Profiles pages" })).not.toBeInTheDocument()
  })

  it('shows when recent visitors came and how often', async () => {
    serve('recent-visitors', [card(1, { viewedAt: ago(3 * HOUR), viewCount: 3 }), card(2, { viewedAt: ago(20 * 24 * HOUR), viewCount: 1 })])
    renderAt('/matches/recent-visitors')

    const cards = await screen.findAllByTestId('member-list-card')
    expect(screen.getByRole('heading', { level: 1, name: 'Recent Visitors' })).toBeInTheDocument()
    expect(within(cards[0]).getByText('Visited 3 hours ago · 3 times')).toBeInTheDocument()
    expect(within(cards[1]).getByText(/^Visited on \d{2}-\d{2}-\d{4}$/)).toBeInTheDocument()
    expect(within(cards[1]).queryByText(/times/)).not.toBeInTheDocument()
    expect(within(cards[0]).getByRole('link', { name: 'View profile of Member 1' })).toBeInTheDocument()
    // Nothing to undo on this list.
    expect(screen.queryByRole('button', { name: /Unblock|Show again/ })).not.toBeInTheDocument()
  })

  it('shows when each recently viewed profile was opened, and its empty state', async () => {
    serve('recently-viewed', [card(1, { viewedAt: ago(5 * 60_000) })])
    renderAt('/recent-viewed')
    expect(await screen.findByText('Viewed 5 minutes ago')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Recently Viewed' })).toBeInTheDocument()
  })

  it('says so when nobody has visited', async () => {
    serve('recent-visitors', [])
    renderAt('/recent-visitors')
    expect(await screen.findByText('Nobody has visited your profile yet')).toBeInTheDocument()
  })
})

describe('invitation screens', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.mocked(notifySuccess).mockClear()
    vi.mocked(notifyError).mockClear()
  })

  const received = () => [card(1, invitation('pending', false, ago(3 * HOUR))), card(2, { gender: 10, userName: 'Joseph', ...invitation('pending', false, ago(2 * 24 * HOUR)) })]

  it('shows received invitations with when they came, Accept and Decline, and the profile link', async () => {
    const { gets } = serve('invitations-received', received())
    renderAt('/inbox/received')

    expect(screen.getByRole('heading', { level: 1, name: 'Received' })).toBeInTheDocument()
    expect(screen.getByText(/Members who would like to know you\. Accept to let them chat with you/)).toBeInTheDocument()
    expect(screen.getByLabelText('Loading')).toBeInTheDocument()

    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(2)
    expect(gets()[0].path).toBe('profile/invitations/received')
    expect(gets()[0].params.get('skip')).toBe('0')
    expect(gets()[0].params.get('limit')).toBe('10')
    expect(screen.getByText('2 profiles')).toBeInTheDocument()

    const first = within(cards[0])
    expect(first.getByText('Invited you 3 hours ago')).toBeInTheDocument()
    expect(first.getByRole('button', { name: 'Accept Member 1' })).toHaveClass('btn--primary')
    expect(first.getByRole('button', { name: 'Accept Member 1' })).toBeEnabled()
    expect(first.getByRole('button', { name: 'Decline Member 1' })).toHaveClass('btn--outline')
    expect(first.getByRole('button', { name: 'Decline Member 1' })).toBeEnabled()
    expect(first.getByRole('link', { name: 'View profile of Member 1' })).toHaveAttribute('href', '/profile?profileId=TM1000001')
    expect(within(cards[1]).getByText('Invited you 2 days ago')).toBeInTheDocument()
    expect(within(cards[1]).getByRole('button', { name: 'Accept Joseph' })).toBeInTheDocument()
  })

  it('accepts without asking with POST profile/accept-invitation/{id}, then reloads the list', async () => {
    const user = userEvent.setup()
    const { state, gets, posts } = serve('invitations-received', received())
    const gate = deferred()
    state.gate = gate.promise
    renderAt('/inbox/received')

    await user.click(await screen.findByRole('button', { name: 'Accept Member 1' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0].path).toBe('profile/accept-invitation/TM1000001')
    // Both of the card's buttons rest while the request runs; the other card's do not.
    expect(screen.getByRole('button', { name: /Accepting… Member 1/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Decline Member 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Accept Joseph' })).toBeEnabled()

    gate.release()
    await waitFor(() => expect(screen.getAllByTestId('member-list-card')).toHaveLength(1))
    expect(gets()).toHaveLength(2)
    expect(screen.queryByText('Member 1')).not.toBeInTheDocument()
    expect(notifySuccess).toHaveBeenCalledWith("You accepted Member 1's invitation. You can now chat when you are both online.")
  })

  it('asks before declining: Cancel sends nothing, Decline POSTs profile/decline-invitation/{id}', async () => {
    const user = userEvent.setup()
    const { gets, posts } = serve('invitations-received', received())
    renderAt('/inbox/received')

    await user.click(await screen.findByRole('button', { name: 'Decline Joseph' }))
    let dialog = screen.getByRole('alertdialog', { name: "Decline Joseph's invitation?" })
    expect(dialog).toHaveTextContent("Joseph will see that you declined. You can still view each other's profiles.")
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(posts()).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Decline Joseph' })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Decline Joseph' }))
    dialog = screen.getByRole('alertdialog', { name: "Decline Joseph's invitation?" })
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screen.getAllByTestId('member-list-card')).toHaveLength(1))
    expect(posts().map((c) => c.path)).toEqual(['profile/decline-invitation/TM1000002'])
    expect(gets()).toHaveLength(2)
    expect(notifySuccess).toHaveBeenCalledWith("You declined Joseph's invitation.")
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('keeps the card and offers its buttons again when accepting fails', async () => {
    const user = userEvent.setup()
    const { state } = serve('invitations-received', received())
    state.failChange = { status: 404, message: 'Invitation not found' }
    renderAt('/inbox/received')

    await user.click(await screen.findByRole('button', { name: 'Accept Member 1' }))
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Invitation not found'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept Member 1' })).toBeEnabled())
    expect(screen.getByRole('button', { name: 'Decline Member 1' })).toBeEnabled()
    expect(screen.getAllByTestId('member-list-card')).toHaveLength(2)
    expect(notifySuccess).not.toHaveBeenCalled()
  })

  it('shows each sent invitation with its status and when, and Cancel invitation only while it waits', async () => {
    serve('invitations-sent', [
      card(1, invitation('pending', true, ago(3 * HOUR))),
      card(2, invitation('accepted', true, ago(5 * 60_000))),
      card(3, invitation('declined', true, ago(2 * 24 * HOUR))),
      card(4, invitation('cancelled', true, ago(20 * 24 * HOUR))),
    ])
    renderAt('/inbox/sent')

    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(4)
    expect(screen.getByRole('heading', { level: 1, name: 'Sent' })).toBeInTheDocument()
    expect(screen.getByText('Invitations you sent, and their answers. You can cancel one while it waits.')).toBeInTheDocument()

    expect(within(cards[0]).getByText('Waiting for an answer')).toBeInTheDocument()
    expect(within(cards[0]).getByText('Sent 3 hours ago')).toBeInTheDocument()
    expect(within(cards[1]).getByText('Accepted')).toBeInTheDocument()
    expect(within(cards[1]).getByText('5 minutes ago')).toBeInTheDocument()
    expect(within(cards[2]).getByText('Declined')).toBeInTheDocument()
    expect(within(cards[2]).getByText('2 days ago')).toBeInTheDocument()
    expect(within(cards[3]).getByText('Cancelled')).toBeInTheDocument()
    expect(within(cards[3]).getByText(/^on \d{2}-\d{2}-\d{4}$/)).toBeInTheDocument()

    expect(within(cards[0]).getByRole('button', { name: 'Cancel invitation Member 1' })).toHaveClass('btn--outline')
    expect(screen.getAllByRole('button', { name: /Cancel invitation/ })).toHaveLength(1)
    for (const [i, c] of cards.entries()) expect(within(c).getByRole('link', { name: `View profile of Member ${i + 1}` })).toBeInTheDocument()
  })

  it('cancels a pending invitation after a confirmation with POST profile/cancel-invitation/{id}', async () => {
    const user = userEvent.setup()
    const { state, gets, posts } = serve('invitations-sent', [card(1, invitation('pending', true, ago(3 * HOUR)))])
    const gate = deferred()
    state.gate = gate.promise
    renderAt('/inbox/sent')

    await user.click(await screen.findByRole('button', { name: 'Cancel invitation Member 1' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel your invitation to Member 1?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(posts()).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Cancel invitation Member 1' }))
    dialog = screen.getByRole('alertdialog', { name: 'Cancel your invitation to Member 1?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0].path).toBe('profile/cancel-invitation/TM1000001')
    expect(screen.getByRole('button', { name: /Cancelling… Member 1/ })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Cancel invitation' })).toBeDisabled()

    gate.release()
    // The sent list keeps the invitation, now cancelled, without the button.
    const only = await screen.findByTestId('member-list-card')
    await waitFor(() => expect(within(only).getByText('Cancelled')).toBeInTheDocument())
    expect(within(only).getByText('just now')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(gets()).toHaveLength(2)
    expect(notifySuccess).toHaveBeenCalledWith('Your invitation to Member 1 was cancelled.')
  })

  it('shows who invited whom on the accepted list, with the profile link and no buttons', async () => {
    const { gets } = serve('invitations-accepted', [
      card(1, invitation('accepted', true, ago(3 * HOUR))),
      card(2, { gender: 10, userName: 'Joseph', ...invitation('accepted', false, ago(2 * 24 * HOUR)) }),
    ])
    renderAt('/inbox/accepted')

    const cards = await screen.findAllByTestId('member-list-card')
    expect(gets()[0].path).toBe('profile/invitations/accepted')
    expect(screen.getByRole('heading', { level: 1, name: 'Accepted' })).toBeInTheDocument()
    expect(screen.getByText(/You can chat with them when you are both online\./)).toBeInTheDocument()
    expect(within(cards[0]).getByText('Accepted 3 hours ago (you invited)')).toBeInTheDocument()
    expect(within(cards[1]).getByText('Accepted 2 days ago (invited you)')).toBeInTheDocument()
    expect(within(cards[1]).getByRole('link', { name: 'View profile of Joseph' })).toHaveAttribute('href', '/profile?profileId=TM1000002')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it.each([
    ['/inbox/received', 'invitations-received', 'No invitations are waiting for you'],
    ['/inbox/sent', 'invitations-sent', 'You have not sent any invitations yet'],
    ['/inbox/accepted', 'invitations-accepted', 'No accepted invitations yet'],
  ] as const)('%s says so when it is empty', async (path, kind, text) => {
    serve(kind, [])
    renderAt(path)
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.queryByTestId('member-list-card')).not.toBeInTheDocument()
  })
})
