import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { vi } from 'vitest'
import { classicProfile, memberAccount } from '../features/billing/fixtures.test-util'
import { fakeServer } from '../test/fakeServer'
import { describeFetch, fakeJwt, jsonResponse, ok, renderWithProviders } from '../test/utils'
import MyMatrimony from './MyMatrimony'

const TOKEN = fakeJwt({ pid: 'TM1000001', sub: '1', exp: 4_102_444_800 })

describe('/my-matrimony', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('says the profile could not load, instead of loading forever, and loads it on retry', async () => {
    let profileCalls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const { url } = describeFetch(input, init)
        if (/\/api\/v1\/profile$/.test(url)) {
          profileCalls++
          if (profileCalls === 1) return jsonResponse({ meta: { code: 500, message: 'internal error' }, data: null }, 500)
          return jsonResponse({
            meta: { code: 200, message: 'OK' },
            data: { profileID: 'TM1000001', userName: 'Joel Mathew', gender: 10, basic: { gender: 10 }, photos: [], completedSteps: 30, emailVerified: true, phoneVerified: true, hidden: false },
          })
        }
        return jsonResponse({ meta: { code: 500, message: 'internal error' }, data: null }, 500)
      }),
    )
    renderWithProviders(<MyMatrimony />, {
      path: '/my-matrimony',
      preloadedState: {
        account: { isLoggedIn: true, token: TOKEN, authUser: null, profile: null, reloadProfile: false, tokenAction: false, reloadMatches: false },
      },
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('We could not load this just now.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome, Joel Mathew' })).toBeInTheDocument())
    expect(profileCalls).toBe(2)
  })
})

describe('/my-matrimony plan panel', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the plan and the contact views left from the profile’s entitlements, with My Orders', async () => {
    const dash = {
      profileID: 'TM4821937',
      userName: 'Anna Mathew',
      gender: 20,
      photos: [],
      completedSteps: 30,
      completionPercent: 100,
      completion: [],
      badges: [],
      counts: { newMatches: 0, invitationsReceived: 0, invitationsAccepted: 0, recentVisitors: 0, photoRequests: 0, phoneRequests: 0 },
      // An older dashboard answer, before the payment: the entitlements are the fresher word.
      plan: null,
      hidden: false,
    }
    fakeServer((c) => {
      if (c.path === 'profile/dash-view') return ok(dash)
      if (c.path === 'profile/dash-notification') return ok({ items: [], unread: 0 })
      return undefined
    })
    renderWithProviders(<MyMatrimony />, { path: '/my-matrimony', preloadedState: memberAccount(classicProfile()) })
    const panel = (await screen.findByRole('heading', { name: 'Membership' })).closest('section')!
    expect(panel).toHaveTextContent('TFM-CLASSIC')
    expect(panel).toHaveTextContent('Valid till 27-02-2027')
    expect(panel).toHaveTextContent('12 of 50 contact views left')
    expect(within(panel).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-matrimony/orders')
  })
})
