import { act, waitFor } from '@testing-library/react'
import { profileSummaryApi, setReloadProfile } from '../../entities/account'
import { describeFetch, fakeJwt, jsonResponse, renderWithProviders, settle } from '../../test/utils'
import { useSession } from './useSession'

function Shell() {
  useSession()
  return null
}

describe('useSession', () => {
  afterEach(() => vi.restoreAllMocks())

  it('loads the profile again after a change made while the first load was in flight', async () => {
    const token = fakeJwt({ sub: 'TM1', exp: Math.floor(Date.now() / 1000) + 3600 })
    const profileCalls: Array<(r: Response) => void> = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const { url } = describeFetch(input as RequestInfo, init)
      if (!url.endsWith('/profile')) return Promise.resolve(jsonResponse({ meta: { code: 200, message: '' }, data: null }))
      return new Promise<Response>((resolve) => profileCalls.push(resolve))
    })
    const { store } = renderWithProviders(<Shell />, {
      preloadedState: {
        account: {
          isLoggedIn: true, token, authUser: null, profile: null, reloadProfile: false, tokenAction: false, reloadMatches: false,
        },
      },
    })
    await settle()
    expect(profileCalls).toHaveLength(1)
    // The e-mail is activated while that first load is still on its way.
    act(() => {
      store.dispatch(setReloadProfile(true))
    })
    await settle()
    profileCalls[0](jsonResponse({ meta: { code: 200, message: '' }, data: { profileId: 'TM1', emailVerified: false } }))
    await waitFor(() => expect(profileCalls).toHaveLength(2))
    profileCalls[1](jsonResponse({ meta: { code: 200, message: '' }, data: { profileId: 'TM1', emailVerified: true } }))
    // The screen ends up with the profile as it is after the change.
    await waitFor(() => expect(profileSummaryApi.endpoints.getProfile.select()(store.getState()).data).toMatchObject({ emailVerified: true }))
    expect(store.getState().account.reloadProfile).toBe(false)
  })
})
