import { fireEvent, screen, waitFor } from '@testing-library/react'
import { vi } from 'vitest'
import { describeFetch, fakeJwt, jsonResponse, renderWithProviders } from '../test/utils'
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
