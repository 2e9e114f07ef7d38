import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { RouterProvider, createMemoryRouter } from 'react-router'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { vi } from 'vitest'
import { makeStore } from '../../app/store'
import { notifyError, notifySuccess } from '../../app/notify'
import { routeObjects } from '../../app/router'
import { describeFetch, jsonResponse } from '../../test/utils'
import type { MemberCard, MemberListKind } from '../relations/api'
import BlockedProfiles from '../../routes/BlockedProfiles'
import DontShowProfiles from '../../routes/DontShowProfiles'
import RecentlyViewed from '../../routes/RecentlyViewed'
import RecentVisitors from '../../routes/RecentVisitors'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

function card(n: number, over: Partial<MemberCard> = {}): MemberCard {
  const id = `TM10000${String(n).padStart(2, '0')}`
  return {
    profileID: id,
    userName: `Member ${n}`,
    gender: 20,
    age: 27,
    heightCm: 160,
    height: '5 ft 3 in (160 cm)',
    maritalStatus: 'never_married',
    community: 'Syro-Malabar Catholic',
    motherTongue: 'Malayalam',
    degree: 'B.Sc. Nursing',
    profession: 'Nurse',
    city: 'Kochi',
    state: 'Kerala',
    photos: [{ imagePath: '/media/photos/aa/', images: { small: `${id}_small.jpg?g=sig`, large: `${id}_large.jpg?g=sig` }, isDefault: true }],
    photosProtected: false,
    badges: [],
    ...over,
  }
}

const LIST_PATH: Record<MemberListKind, string> = {
  blocked: 'profile/block',
  'dont-show': 'profile/dont-show',
  'recently-viewed': 'profile/recently-viewed',
  'recent-visitors': 'profile/recent-visitors',
}

const ok = (data: unknown) => jsonResponse({ meta: { code: 200, message: 'OK' }, data })
const fail = (status: number, message: string) => jsonResponse({ meta: { code: status, message }, data: null }, status)

interface Call {
  method: string
  path: string
  params: URLSearchParams
}

/**
 * A fake server for one list: GET pages it by skip and limit, DELETE on profile/block/{id} or profile/dont-show/{id}
 * removes the card. `gate` holds DELETE answers back until released; `failGet` / `failDelete` answer with an error.
 */
function serve(kind: MemberListKind, items: MemberCard[]) {
  const state = {
    items: [...items],
    calls: [] as Call[],
    failGet: null as null | { status: number; message: string },
    failDelete: null as null | { status: number; message: string },
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
      if (state.failDelete) return fail(state.failDelete.status, state.failDelete.message)
      const id = decodeURIComponent(path.slice(LIST_PATH[kind].length + 1))
      state.items = state.items.filter((c) => c.profileID !== id)
      return ok(null)
    }
    throw new Error(`unexpected call ${req.method} ${path}`)
  })
  const gets = () => state.calls.filter((c) => c.method === 'GET')
  const deletes = () => state.calls.filter((c) => c.method === 'DELETE')
  return { state, gets, deletes }
}

const SCREENS: Record<string, ComponentType> = {
  '/matches/discovery/blocked-profile': BlockedProfiles,
  '/dont-show-profiles': DontShowProfiles,
  '/recent-viewed': RecentlyViewed,
  '/recent-visitors': RecentVisitors,
  '/matches/recent-visitors': RecentVisitors,
}

function renderAt(entry: string) {
  const store = makeStore()
  const router = createMemoryRouter(
    [...Object.entries(SCREENS).map(([path, Component]) => ({ path, Component })), { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [entry] },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router }
}

/** A deferred promise, to hold a request open while the test looks at the screen. */
function deferred() {
  let release!: () => void
  const promise = new Promise<void>((r) => (release = r))
  return { promise, release }
}

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
    state.failDelete = { status: 400, message: 'You cannot unblock this profile just now' }
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

/** The route object for path anywhere in the tree. */
function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const r of routes) {
    if (r.path === path) return r
    const child = r.children && findRoute(r.children, path)
    if (child) return child
  }
  return undefined
}

describe('the list routes', () => {
  it.each([
    ['/matches/discovery/blocked-profile', BlockedProfiles],
    ['/dont-show-profiles', DontShowProfiles],
    ['/recent-viewed', RecentlyViewed],
    ['/recent-visitors', RecentVisitors],
    ['/matches/recent-visitors', RecentVisitors],
  ])('%s opens its list screen, not the placeholder', async (path, Screen) => {
    const lazy = findRoute(routeObjects, path)?.lazy as (() => Promise<{ Component: ComponentType }>) | undefined
    expect(lazy).toBeTypeOf('function')
    expect((await lazy!()).Component).toBe(Screen)
  })
})
