import { api } from './api'
import { tokenStore } from './session'
import { makeStore } from '../app/store'
import { describeFetch, fakeJwt, jsonResponse } from '../test/utils'

// A test-only endpoint on the single API slice: GET ping/<n>, a member call.
const pingApi = api.injectEndpoints({
  endpoints: (build) => ({
    ping: build.query<{ n: number }, number>({ query: (n) => `ping/${n}` }),
  }),
})

const OLD = fakeJwt({ pid: 'TM1000001', sub: '1', exp: 1 })
const NEW = fakeJwt({ pid: 'TM1000001', sub: '1', exp: 4_102_444_800 })
const ok = (data: unknown) => jsonResponse({ meta: { code: 200, message: 'OK' }, data })
const expired = () => jsonResponse({ meta: { code: 1005, message: 'Your session has expired' }, data: null }, 400)

/** A server where OLD is expired, NEW works, and exchange-token answers after `delayMs` with `refresh`. */
function fakeServer(refresh: () => Response, delayMs = 20) {
  const calls = { refresh: 0, okPings: 0, expiredPings: 0, refreshBodies: [] as unknown[] }
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    if (req.url.endsWith('/auth/exchange-token')) {
      calls.refresh++
      calls.refreshBodies.push(await req.body())
      await new Promise((r) => setTimeout(r, delayMs))
      return refresh()
    }
    if (req.url.endsWith('/auth/logout')) return ok(null)
    const n = Number(req.url.split('/').pop())
    if (req.auth === `Bearer ${NEW}`) {
      calls.okPings++
      return ok({ n })
    }
    calls.expiredPings++
    return expired()
  })
  return { calls, fetchMock }
}

function loggedInStore() {
  tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
  return makeStore()
}

describe('the refresh queue of the base query', () => {
  afterEach(() => vi.restoreAllMocks())

  it('refreshes exactly once for five parallel requests on an expired token, then retries all five', async () => {
    const { calls } = fakeServer(() => ok({ token: NEW, refreshToken: 'refresh-2', expiresIn: 900 }))
    const store = loggedInStore()
    expect(store.getState().account.isLoggedIn).toBe(true)

    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => store.dispatch(pingApi.endpoints.ping.initiate(n))))

    expect(calls.refresh).toBe(1)
    expect(calls.refreshBodies).toEqual([{ refreshToken: 'refresh-1' }])
    expect(calls.expiredPings).toBe(5)
    expect(calls.okPings).toBe(5)
    expect(results.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }])
    // Refresh tokens rotate: both new tokens are stored, and the state follows.
    expect(tokenStore.token()).toBe(NEW)
    expect(tokenStore.refreshToken()).toBe('refresh-2')
    expect(store.getState().account.token).toBe(NEW)
    expect(store.getState().account.isLoggedIn).toBe(true)
  })

  it('makes a request that arrives during the refresh wait for it instead of sending the old token', async () => {
    const { calls } = fakeServer(() => ok({ token: NEW, refreshToken: 'refresh-2', expiresIn: 900 }), 50)
    const store = loggedInStore()
    const first = store.dispatch(pingApi.endpoints.ping.initiate(1))
    // Let the first request get its 1005 and start the refresh.
    await new Promise((r) => setTimeout(r, 20))
    const second = store.dispatch(pingApi.endpoints.ping.initiate(2))
    const [a, b] = await Promise.all([first, second])
    expect(a.data).toEqual({ n: 1 })
    expect(b.data).toEqual({ n: 2 })
    expect(calls.refresh).toBe(1)
    // Only the first request ever went out with the expired token.
    expect(calls.expiredPings).toBe(1)
  })

  it('logs the member out when the refresh is refused', async () => {
    const { calls } = fakeServer(() => jsonResponse({ meta: { code: 401, message: 'Your session has ended. Please log in again' }, data: null }, 401))
    const store = loggedInStore()
    const results = await Promise.all([1, 2, 3].map((n) => store.dispatch(pingApi.endpoints.ping.initiate(n))))
    expect(calls.refresh).toBe(1)
    expect(results.every((r) => r.isError)).toBe(true)
    expect(results[0].error).toMatchObject({ status: 401, message: 'Your session has expired. Please log in again.' })
    expect(store.getState().account.isLoggedIn).toBe(false)
    expect(store.getState().account.token).toBeNull()
    expect(tokenStore.token()).toBeNull()
    expect(tokenStore.refreshToken()).toBeNull()
  })

  it('keeps the session when the refresh fails for a passing reason (server busy)', async () => {
    fakeServer(() => jsonResponse({ meta: { code: 503, message: 'Busy' }, data: null }, 503))
    const store = loggedInStore()
    const r = await store.dispatch(pingApi.endpoints.ping.initiate(1))
    expect(r.isError).toBe(true)
    expect(store.getState().account.isLoggedIn).toBe(true)
    expect(tokenStore.refreshToken()).toBe('refresh-1')
  })

  it('ends the session when a member call answers 401 (session revoked elsewhere)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ meta: { code: 401, message: 'Please log in to continue' }, data: null }, 401))
    const store = loggedInStore()
    await store.dispatch(pingApi.endpoints.ping.initiate(9))
    expect(store.getState().account.isLoggedIn).toBe(false)
    expect(tokenStore.token()).toBeNull()
  })

  it('never refreshes for auth/* calls, where 401 means wrong credentials', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ meta: { code: 401, message: 'Invalid email or password' }, data: null }, 401))
    const store = loggedInStore()
    const loginApi = api.injectEndpoints({
      endpoints: (build) => ({ tryLogin: build.mutation<unknown, void>({ query: () => ({ url: 'auth/login', method: 'POST', body: {} }) }) }),
    })
    const r = await store.dispatch(loginApi.endpoints.tryLogin.initiate())
    expect('error' in r && r.error).toMatchObject({ status: 401, message: 'Invalid email or password' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(store.getState().account.isLoggedIn).toBe(true)
  })
})
