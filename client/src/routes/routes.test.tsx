import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { vi } from 'vitest'
import { routeObjects } from '../app/router'
import { savedSearches, searches } from '../features/discovery/fixtures.test-util'
import { fakeServer } from '../test/fakeServer'
import { ok, renderRoutes } from '../test/utils'
import BlockedProfiles from './BlockedProfiles'
import DiscoveryMatches from './DiscoveryMatches'
import DontShowProfiles from './DontShowProfiles'
import InboxAccepted from './InboxAccepted'
import InboxContacts from './InboxContacts'
import InboxNotifications from './InboxNotifications'
import InboxReceived from './InboxReceived'
import InboxRequests from './InboxRequests'
import InboxSent from './InboxSent'
import MyMatches from './MyMatches'
import NearbyMatches from './NearbyMatches'
import NewMatches from './NewMatches'
import RecentlyViewed from './RecentlyViewed'
import RecentVisitors from './RecentVisitors'
import SearchAdvance from './SearchAdvance'
import SearchBasic from './SearchBasic'
import TodayMatches from './TodayMatches'
import Unsubscribe from './Unsubscribe'
import MyOrders from './MyOrders'
import PlanUpgrade from './PlanUpgrade'
import PlanUpgradeCallback from './PlanUpgradeCallback'
import PlanUpgradeFailure from './PlanUpgradeFailure'
import PlanUpgradeSuccess from './PlanUpgradeSuccess'
import RequireMember from '../app/RequireMember'
import { MEMBER_ROUTES } from '../app/routes'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => vi.restoreAllMocks())

/** The route object for path anywhere in the tree. */
function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const r of routes) {
    if (r.path === path) return r
    const child = r.children && findRoute(r.children, path)
    if (child) return child
  }
  return undefined
}

describe('the match, search and list routes', () => {
  it.each([
    ['/matches/new-matches', NewMatches],
    ['/matches/my-matches', MyMatches],
    ['/matches/daily-recommendations', TodayMatches],
    ['/matches/nearby-matches', NearbyMatches],
    ['/matches/discovery', DiscoveryMatches],
    ['/search/basic', SearchBasic],
    ['/search/advance', SearchAdvance],
    ['/matches/discovery/blocked-profile', BlockedProfiles],
    ['/dont-show-profiles', DontShowProfiles],
    ['/recent-viewed', RecentlyViewed],
    ['/recent-visitors', RecentVisitors],
    ['/matches/recent-visitors', RecentVisitors],
    ['/inbox/received', InboxReceived],
    ['/inbox/sent', InboxSent],
    ['/inbox/accepted', InboxAccepted],
    ['/inbox/requests', InboxRequests],
    ['/inbox/contacts', InboxContacts],
    ['/inbox/notification', InboxNotifications],
    ['/unsubscribe', Unsubscribe],
    ['/my-matrimony/orders', MyOrders],
    ['/plan-upgrade', PlanUpgrade],
    ['/plan-upgrade/callback', PlanUpgradeCallback],
    ['/plan-upgrade/success', PlanUpgradeSuccess],
    ['/plan-upgrade/failure', PlanUpgradeFailure],
  ])('%s opens its screen, not the placeholder', async (path, Screen) => {
    const lazy = findRoute(routeObjects, path)?.lazy as (() => Promise<{ Component: ComponentType }>) | undefined
    expect(lazy).toBeTypeOf('function')
    expect((await lazy!()).Component).toBe(Screen)
  })
})

describe('the billing routes', () => {
  /** Whether path sits under the member guard. */
  function guarded(routes: RouteObject[], path: string, inside = false): boolean | undefined {
    for (const r of routes) {
      const here = inside || r.Component === RequireMember
      if (r.path === path) return here
      const found = r.children && guarded(r.children, path, here)
      if (found !== undefined) return found
    }
    return undefined
  }

  it('keeps /plan-upgrade public (spec §2) and the payment’s return pages and My Orders for members', () => {
    expect(guarded(routeObjects, '/plan-upgrade')).toBe(false)
    expect(MEMBER_ROUTES.some((r) => r.path === '/plan-upgrade')).toBe(false)
    for (const p of ['/plan-upgrade/callback', '/plan-upgrade/success', '/plan-upgrade/failure', '/my-matrimony/orders']) expect(guarded(routeObjects, p)).toBe(true)
  })
})

describe('the /search/basic route', () => {
  it('loads its choices from master data and GET profile/options', async () => {
    const user = userEvent.setup()
    const master: Record<string, unknown[]> = {
      community: [{ id: 1, name: 'Roman Catholic' }, { id: 10, name: 'CSI' }],
      language: [{ id: 3, name: 'Malayalam' }],
      degree: [],
      profession: [],
      country: [{ id: 1, name: 'India' }],
      state: [{ id: 17, name: 'Kerala', countryId: 1 }],
      city: [{ id: 100, name: 'Kochi', stateId: 17 }],
      income: [{ code: '3-5L', label: '₹3–5 lakh', min: 300000, max: 500000 }],
      height: [{ cm: 160, label: '5 ft 3 in (160 cm)' }],
    }
    fakeServer(
      (c) => {
        const m = /^master\/(\w+)$/.exec(c.path)
        if (m) return ok(master[m[1]] ?? [])
        if (c.path === 'profile/options') return ok({ enums: { maritalStatus: [{ value: 'never_married', label: 'Never married' }] }, limits: { partnerMaxAge: 60 } })
        return undefined
      },
      searches(),
      savedSearches(),
    )
    renderRoutes([{ path: '/search/basic', Component: SearchBasic }], '/search/basic?community=10')
    expect(await screen.findByRole('button', { name: 'Remove CSI' })).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Marital status' })).getByRole('button', { name: 'Never married' })).toBeInTheDocument()
    const ages = within(screen.getByLabelText('Age to')).getAllByRole('option')
    expect(ages.at(-1)).toHaveTextContent('60 years')
    await user.click(screen.getByRole('combobox', { name: 'City' }))
    expect(screen.getByRole('option', { name: /Kochi/ })).toBeInTheDocument()
  })
})

describe('the admin back office route', () => {
  it('sits beside the member layout, not inside it, and loads the admin app lazily', () => {
    const admin = routeObjects.find((r) => r.path === '/admin/*')
    expect(admin?.lazy).toBeTypeOf('function')
    expect(admin?.Component).toBeUndefined()
    const root = routeObjects.find((r) => r.path === '/')!
    expect(findRoute(root.children ?? [], '/admin/*')).toBeUndefined()
  })

  it('shows /admin/login without the member header, footer or chat, asking the member API nothing', async () => {
    const calls = fakeServer()
    renderRoutes(routeObjects, '/admin/login')
    expect(await screen.findByRole('heading', { name: 'Log in to the back office' })).toBeInTheDocument()
    expect(document.querySelector('.site-header, .site-footer, .chat-dock, .chat-fab')).toBeNull()
    expect(calls).toEqual([])
  })
})
