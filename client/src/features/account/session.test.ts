import { toast } from 'react-toastify'
import { tokenStore } from '../../api/session'
import { makeStore } from '../../app/store'
import { describeFetch, fakeJwt, jsonResponse, settle } from '../../test/utils'
import { logout, startSession } from './session'

describe('session thunks', () => {
  afterEach(() => vi.restoreAllMocks())

  it('login stores both tokens in localStorage as token and refreshToken', () => {
    const store = makeStore()
    const token = fakeJwt({ pid: 'TM1000009' })
    store.dispatch(startSession({ token, refreshToken: 'r1', expiresIn: 900 }, 'a@b.in'))
    expect(localStorage.getItem('token')).toBe(token)
    expect(localStorage.getItem('refreshToken')).toBe('r1')
    expect(store.getState().account).toMatchObject({ isLoggedIn: true, token, authUser: { profileID: 'TM1000009', email: 'a@b.in' } })
  })

  it('logout calls auth/logout with the refresh token, clears everything and toasts "Logged Out Successfully"', async () => {
    const bodies: unknown[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      if (req.url.endsWith('/auth/logout')) bodies.push(await req.body())
      return jsonResponse({ meta: { code: 200, message: 'Logged Out Successfully' }, data: null })
    })
    const success = vi.spyOn(toast, 'success')
    const store = makeStore()
    store.dispatch(startSession({ token: fakeJwt({ pid: 'TM1000009' }), refreshToken: 'r1', expiresIn: 900 }))
    store.dispatch(logout())
    await settle()
    expect(bodies).toEqual([{ refreshToken: 'r1' }])
    expect(tokenStore.token()).toBeNull()
    expect(tokenStore.refreshToken()).toBeNull()
    expect(store.getState().account).toMatchObject({ isLoggedIn: false, token: null, profile: null, authUser: null })
    expect(success).toHaveBeenCalledWith('Logged Out Successfully', expect.anything())
  })
})
