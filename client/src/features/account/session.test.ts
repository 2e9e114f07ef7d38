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

  it('logout sends auth/logout with the refresh token and the access token, as a keepalive fetch that nothing aborts, clears everything and toasts "Logged Out Successfully"', async () => {
    const calls: { url: string; method: string; auth: string | null; body: unknown; init?: RequestInit }[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      calls.push({ url: req.url, method: req.method, auth: req.auth, body: await req.body(), init })
      return jsonResponse({ meta: { code: 200, message: 'Logged Out Successfully' }, data: null })
    })
    const success = vi.spyOn(toast, 'success')
    const store = makeStore()
    const token = fakeJwt({ pid: 'TM1000009' })
    store.dispatch(startSession({ token, refreshToken: 'r1', expiresIn: 900 }))
    const sent = store.dispatch(logout())
    // Cleared at once, whatever the server answers.
    expect(tokenStore.token()).toBeNull()
    expect(tokenStore.refreshToken()).toBeNull()
    expect(store.getState().account).toMatchObject({ isLoggedIn: false, token: null, profile: null, authUser: null })
    expect(success).toHaveBeenCalledWith('Logged Out Successfully', expect.anything())
    await expect(sent).resolves.toEqual({ via: 'fetch', status: 200 })
    await settle()
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ method: 'POST', auth: `Bearer ${token}`, body: { refreshToken: 'r1' } })
    expect(calls[0].url).toMatch(/\/api\/v1\/auth\/logout$/)
    // Not an RTK Query request: the reset of the API state (and a closing page) cannot cancel it.
    expect(calls[0].init).toMatchObject({ keepalive: true })
    expect(calls[0].init?.signal).toBeUndefined()
  })

  it('logout without a stored session sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const store = makeStore()
    await expect(store.dispatch(logout())).resolves.toEqual({ via: 'none' })
    expect(fetch).not.toHaveBeenCalled()
  })

  describe('where fetch cannot keep a request alive', () => {
    const beacons: { url: string; body: Blob }[] = []
    beforeEach(() => {
      beacons.length = 0
      Object.defineProperty(navigator, 'sendBeacon', {
        configurable: true,
        value: (url: string, body: Blob) => {
          beacons.push({ url, body })
          return true
        },
      })
    })
    afterEach(() => {
      delete (navigator as { sendBeacon?: unknown }).sendBeacon
      vi.unstubAllGlobals()
    })

    it('logout goes out as a beacon with the refresh token as JSON', async () => {
      vi.stubGlobal('Request', class NoKeepalive {})
      const fetch = vi.spyOn(globalThis, 'fetch')
      const store = makeStore()
      store.dispatch(startSession({ token: fakeJwt({ pid: 'TM1000009' }), refreshToken: 'r1', expiresIn: 900 }))
      await expect(store.dispatch(logout())).resolves.toEqual({ via: 'beacon' })
      expect(fetch).not.toHaveBeenCalled()
      expect(beacons).toHaveLength(1)
      expect(beacons[0].url).toMatch(/\/api\/v1\/auth\/logout$/)
      expect(beacons[0].body.type).toBe('application/json')
      expect(JSON.parse(await beacons[0].body.text())).toEqual({ refreshToken: 'r1' })
      expect(tokenStore.refreshToken()).toBeNull()
    })

    it('a keepalive fetch that fails has one more go as a beacon', async () => {
      vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
      const store = makeStore()
      store.dispatch(startSession({ token: fakeJwt({ pid: 'TM1000009' }), refreshToken: 'r1', expiresIn: 900 }))
      await expect(store.dispatch(logout())).resolves.toEqual({ via: 'beacon' })
      expect(JSON.parse(await beacons[0].body.text())).toEqual({ refreshToken: 'r1' })
    })
  })
})
