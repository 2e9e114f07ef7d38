import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifyError, notifySuccess } from '../../app/notify'
import { preferenceWords, profilesTotal } from '../../entities/member'
import type { MatchListKind } from '../../entities/member'
import { fakeServer } from '../../test/fakeServer'
import { matchCard } from '../../test/members'
import { deferred, fail, ok, renderRoutes, renderWithProviders } from '../../test/utils'
import MatchListScreen from './MatchListScreen'
import MemberMatchCard from './MemberMatchCard'
import { pagedList } from './fixtures.test-util'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

/** The match screens at their paths (the routes' own wiring is checked in routes/routes.test.tsx). */
const SCREENS: [string, MatchListKind][] = [
  ['/matches/new-matches', 'new'],
  ['/matches/my-matches', 'my'],
  ['/matches/daily-recommendations', 'today'],
  ['/matches/nearby-matches', 'nearby'],
  ['/matches/discovery', 'discovery'],
]

const renderAt = (entry: string) => renderRoutes(SCREENS.map(([path, kind]) => ({ path, element: <MatchListScreen key={kind} kind={kind} /> })), entry)

afterEach(() => {
  vi.restoreAllMocks()
  vi.mocked(notifySuccess).mockClear()
  vi.mocked(notifyError).mockClear()
})

describe('the match card', () => {
  it('says why this is a match in plain words, both ways', () => {
    renderWithProviders(<MemberMatchCard card={matchCard(1, { why: { mine: ['age', 'community', 'city'], theirs: ['age', 'motherTongue'] } })} />)
    const why = screen.getByRole('group', { name: 'Why this match' })
    const lines = within(why).getAllByRole('listitem')
    expect(lines[0]).toHaveTextContent('You want: age, denomination, city')
    expect(lines[1]).toHaveTextContent('They want: age, mother tongue')
  })

  it('leaves "why" out when neither side has a preference set, and names only known keys', () => {
    renderWithProviders(<MemberMatchCard card={matchCard(1)} />)
    expect(screen.queryByRole('group', { name: 'Why this match' })).not.toBeInTheDocument()
    expect(preferenceWords(['maritalStatus', 'income', 'nonsense', 'smoking'])).toBe('marital status, income, smoking')
  })

  it('shows the photo, or the gender default, with the member facts, hints and badges', () => {
    renderWithProviders(
      <>
        <MemberMatchCard card={matchCard(1, { isNew: true, activeWithin: 'today', badges: ['mobile', 'parish', 'unknown'] })} />
        <MemberMatchCard card={matchCard(2, { gender: 10, userName: 'Joseph', photos: [], photosProtected: true, activeWithin: 'this_week' })} />
      </>,
    )
    const [first, second] = screen.getAllByTestId('match-card')
    expect(within(first).getByRole('img', { name: 'Photo of Member 1' })).toHaveAttribute('src', '/media/photos/aa/TM2000001_small.jpg?g=sig')
    expect(within(first).getByRole('heading', { level: 2, name: 'Member 1' })).toBeInTheDocument()
    expect(within(first).getByText('27 yrs · 5 ft 3 in (160 cm)')).toBeInTheDocument()
    expect(within(first).getByText('Syro-Malabar Catholic')).toBeInTheDocument()
    expect(within(first).getByText('Kochi, Kerala')).toBeInTheDocument()
    expect(within(first).getByText('New member')).toBeInTheDocument()
    expect(within(first).getByText('Active today')).toBeInTheDocument()
    expect(within(within(first).getByRole('list', { name: 'Verified' })).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'Mobile verified',
      'Parish letter verified',
    ])
    expect(within(second).getByRole('img', { name: 'Groom avatar' })).toHaveAttribute('src', '/images/avatar-male.svg')
    expect(within(second).getByText('Active this week')).toBeInTheDocument()
    expect(within(second).queryByText('New member')).not.toBeInTheDocument()
    expect(within(second).getByRole('link', { name: 'View profile of Joseph' })).toHaveAttribute('href', '/profile?profileId=TM2000002')
  })

  it('marks a member whose plan includes profile highlight, and only them', () => {
    renderWithProviders(
      <>
        <MemberMatchCard card={matchCard(1, { highlighted: true })} />
        <MemberMatchCard card={matchCard(2)} />
      </>,
    )
    const cards = screen.getAllByTestId('match-card')
    expect(within(cards[0]).getByText('Premium member')).toBeInTheDocument()
    expect(cards[0]).toHaveClass('match-card--highlighted')
    expect(within(cards[1]).queryByText('Premium member')).not.toBeInTheDocument()
    expect(cards[1]).not.toHaveClass('match-card--highlighted')
  })

  it('shows a nearby distance as its band, never as a number of its own', () => {
    renderWithProviders(
      <>
        <MemberMatchCard card={matchCard(1, { distance: 'under10' })} />
        <MemberMatchCard card={matchCard(2, { distance: 'under25' })} />
        <MemberMatchCard card={matchCard(3, { distance: 'under50' })} />
      </>,
    )
    const cards = screen.getAllByTestId('match-card')
    expect(within(cards[0]).getByText('Under 10 km')).toBeInTheDocument()
    expect(within(cards[1]).getByText('Under 25 km')).toBeInTheDocument()
    expect(within(cards[2]).getByText('Under 50 km')).toBeInTheDocument()
    // The band is the only distance on a card.
    for (const c of cards) expect((c.textContent ?? '').replace(/Under (10|25|50) km/, '')).not.toMatch(/km/)
  })

  it('invites with POST profile/invite/{id} and then says the invitation is sent', async () => {
    const user = userEvent.setup()
    const gate = deferred()
    const calls = fakeServer(async (c) => {
      if (c.method === 'POST' && c.path === 'profile/invite/TM2000001') {
        await gate.promise
        return ok(null)
      }
    })
    renderWithProviders(<MemberMatchCard card={matchCard(1)} />)
    await user.click(screen.getByRole('button', { name: 'Invite Member 1' }))
    expect(screen.getByRole('button', { name: 'Inviting… Member 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: "Don't show Member 1" })).toBeDisabled()
    gate.release()
    expect(await screen.findByRole('button', { name: 'Invitation sent to Member 1' })).toBeDisabled()
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST profile/invite/TM2000001'])
    expect(notifySuccess).toHaveBeenCalledWith('Invitation sent to Member 1.')
  })

  it('keeps Invite ready when the server refuses (the store toasts why)', async () => {
    const user = userEvent.setup()
    fakeServer((c) => (c.path === 'profile/invite/TM2000001' ? fail(429, 'You have sent 10 invitations today') : undefined))
    renderWithProviders(<MemberMatchCard card={matchCard(1)} />)
    await user.click(screen.getByRole('button', { name: 'Invite Member 1' }))
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('You have sent 10 invitations today'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Invite Member 1' })).toBeEnabled())
    expect(notifySuccess).not.toHaveBeenCalled()
  })

  it('follows the invitation between the two: sent, theirs to answer, accepted', () => {
    const at = new Date().toISOString()
    renderWithProviders(
      <>
        <MemberMatchCard card={matchCard(1, { invitation: { status: 'pending', sentByMe: true, at } })} />
        <MemberMatchCard card={matchCard(2, { invitation: { status: 'pending', sentByMe: false, at } })} />
        <MemberMatchCard card={matchCard(3, { invitation: { status: 'accepted', sentByMe: false, at } })} />
        <MemberMatchCard card={matchCard(4, { invitation: { status: 'declined', sentByMe: true, at } })} />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Invitation sent to Member 1' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Answer the invitation from Member 2' })).toHaveAttribute('href', '/inbox/received')
    expect(within(screen.getAllByTestId('match-card')[2]).getByText('Invitation accepted')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Invite Member [123]/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Invite Member 4' })).toBeEnabled()
  })
})

describe('the match lists', () => {
  it('shows skeleton cards while loading, then the cards with the total', async () => {
    const gate = deferred()
    const list = pagedList('profile/my-matchs', [matchCard(1), matchCard(2)])
    const calls = fakeServer(async (c) => {
      await gate.promise
      return list(c)
    })
    renderAt('/matches/my-matches')
    expect(screen.getByRole('heading', { level: 1, name: 'My Matches' })).toBeInTheDocument()
    expect(screen.getByLabelText('Loading')).toHaveAttribute('aria-busy', 'true')
    gate.release()
    expect(await screen.findAllByTestId('match-card')).toHaveLength(2)
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument()
    expect(screen.getByText('2 profiles')).toBeInTheDocument()
    expect(calls[0]).toEqual({ method: 'POST', path: 'profile/my-matchs', body: { skip: 0, limit: 10 } })
    // No second page: no pager.
    expect(screen.queryByRole('navigation', { name: 'My Matches pages' })).not.toBeInTheDocument()
    // The matches menu marks where the member is.
    expect(screen.getByRole('link', { name: 'My Matches' })).toHaveAttribute('aria-current', 'page')
  })

  it('says what to do when there are no matches, with the way to the partner preferences', async () => {
    fakeServer(pagedList('profile/new-matchs', []))
    renderAt('/matches/new-matches')
    expect(await screen.findByText('No new matches yet')).toBeInTheDocument()
    expect(screen.getByText(/Widen your partner preferences to see more of them/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Widen your partner preferences' })).toHaveAttribute('href', '/my-matrimony/partner-preferences')
    expect(screen.queryByTestId('match-card')).not.toBeInTheDocument()
  })

  it('shows an error with Try again, which loads the list', async () => {
    const user = userEvent.setup()
    let failing = true
    const list = pagedList('profile/discovery-matchs', [matchCard(1)])
    fakeServer((c) => (failing ? fail(500, 'The server is resting') : list(c)))
    renderAt('/matches/discovery')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('We could not load this just now.')
    expect(alert).toHaveTextContent('The server is resting')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findAllByTestId('match-card')).toHaveLength(1)
  })

  it('pages with the opaque cursor: Next sends it, Previous goes back to the first page, and a capped total reads 1,000+', async () => {
    const user = userEvent.setup()
    const cards = Array.from({ length: 25 }, (_, i) => matchCard(i + 1))
    const calls = fakeServer(pagedList('profile/new-matchs', cards, { capped: true }))
    renderAt('/matches/new-matches')

    expect(await screen.findAllByTestId('match-card')).toHaveLength(10)
    expect(screen.getByText('1,000+ profiles')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'New Matches pages' })
    expect(within(pager).getByRole('button', { name: '‹ Previous' })).toBeDisabled()

    await user.click(within(pager).getByRole('button', { name: 'Next ›' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Member 11' })).toBeInTheDocument())
    expect(calls.at(-1)?.body).toEqual({ limit: 10, cursor: '10' })
    expect(screen.getByText(/Page 2/, { selector: '.match-results__count' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next ›' }))
    await waitFor(() => expect(screen.getAllByTestId('match-card')).toHaveLength(5))
    expect(calls.at(-1)?.body).toEqual({ limit: 10, cursor: '20' })
    expect(screen.getByRole('button', { name: 'Next ›' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: '‹ Previous' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Member 11' })).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: '‹ Previous' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Member 1' })).toBeInTheDocument())
    expect(screen.getByRole('button', { name: '‹ Previous' })).toBeDisabled()
    expect(profilesTotal(1, false)).toBe('1 profile')
    expect(profilesTotal(1234, false)).toBe('1,234 profiles')
  })

  it("drops a card after Don't show (POST profile/dont-show/{id}) and reloads the list", async () => {
    const user = userEvent.setup()
    const list = pagedList('profile/my-matchs', [matchCard(1), matchCard(2), matchCard(3)])
    const calls = fakeServer(list)
    renderAt('/matches/my-matches')
    expect(await screen.findAllByTestId('match-card')).toHaveLength(3)

    await user.click(screen.getByRole('button', { name: "Don't show Member 2" }))
    await waitFor(() => expect(screen.getAllByTestId('match-card')).toHaveLength(2))
    expect(screen.queryByRole('heading', { name: 'Member 2' })).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path.startsWith('profile/dont-show/')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST profile/dont-show/TM2000002'])
    // The tags reload the list, which no longer has the member.
    await waitFor(() => expect(calls.filter((c) => c.path === 'profile/my-matchs')).toHaveLength(2))
    expect(screen.getByText('2 profiles')).toBeInTheDocument()
    expect(notifySuccess).toHaveBeenCalledWith("Member 2 will no longer appear in your matches. You can undo this on Don't Show Profiles.")
  })

  it('marks the cards of Today Matches as seen when shown, and shows which were seen before', async () => {
    const list = pagedList('profile/today-matchs', [matchCard(1, { viewed: true }), matchCard(2, { viewed: false }), matchCard(3, { viewed: false })])
    const calls = fakeServer(list, (c) => (c.method === 'PATCH' && c.path === 'profile/today-viewed-matchs' ? ok({ viewed: 2 }) : undefined))
    renderAt('/matches/daily-recommendations')
    const cards = await screen.findAllByTestId('match-card')
    expect(screen.getByRole('heading', { level: 1, name: 'Today Matches' })).toBeInTheDocument()
    expect(within(cards[0]).getByText('Viewed')).toBeInTheDocument()
    expect(within(cards[1]).queryByText('Viewed')).not.toBeInTheDocument()
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ profileIDs: ['TM2000002', 'TM2000003'] })
    // Ten at most and no paging: no total and no pager.
    expect(screen.queryByText(/^[\d,]+\+? profiles?$/)).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Today Matches pages' })).not.toBeInTheDocument()
  })

  it('shows Near Me cards with their distance band and says how to get nearby matches when there are none', async () => {
    fakeServer(pagedList('profile/nearby-matchs', [matchCard(1, { distance: 'under25' })]))
    renderAt('/matches/nearby-matches')
    expect(await screen.findByText('Under 25 km')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Near Me' })).toBeInTheDocument()
  })

  it('points an empty Near Me list to wider preferences and all matches', async () => {
    fakeServer(pagedList('profile/nearby-matchs', []))
    renderAt('/matches/nearby-matches')
    expect(await screen.findByText('No matches near you yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all my matches' })).toHaveAttribute('href', '/matches/my-matches')
  })

  it('asks a member without a city to add one when the server says so', async () => {
    fakeServer(pagedList('profile/nearby-matchs', [], { notice: 'no_city' }))
    renderAt('/matches/nearby-matches')
    expect(await screen.findByText('Add your city to see members near you')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add your city' })).toHaveAttribute('href', '/edit-profile')
  })
})
