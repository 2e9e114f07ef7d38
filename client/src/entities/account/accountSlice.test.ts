import reducer, { loggedOut, restoredState, sessionStarted, setTokenAction } from './accountSlice'
import type { AccountState } from './accountSlice'
import { profileSummaryApi } from './api'
import type { MemberProfile } from './types'
import { sessionEnded, tokenStore, tokensRefreshed } from '../../api/session'
import { makeStore } from '../../app/store'
import { fakeJwt, jsonResponse, settle } from '../../test/utils'

const profile: MemberProfile = {
  profileID: 'TM2475392',
  userName: 'Flavia Babu',
  gender: 20,
  basic: { gender: 20 },
  photos: [],
  completedSteps: 12,
  hidden: false,
  emailVerified: false,
  phoneVerified: true,
  subscription: null,
  prevContactViewPending: 0,
}

const visitor = (): AccountState => reducer(undefined, { type: '@@init' })

describe('account slice', () => {
  afterEach(() => vi.restoreAllMocks())

  it('starts as a visitor without a stored token', () => {
    expect(visitor()).toMatchObject({ isLoggedIn: false, token: null, authUser: null, profile: null, reloadProfile: false, tokenAction: false, reloadMatches: false })
  })

  it('restores the session from the stored token on load (spec §4)', () => {
    const token = fakeJwt({ pid: 'TM2475392', sub: '7' })
    tokenStore.save({ token, refreshToken: 'r1' })
    expect(restoredState()).toMatchObject({ isLoggedIn: true, token, authUser: { profileID: 'TM2475392' }, profile: null })
    // The store built on load starts signed in.
    expect(makeStore().getState().account.isLoggedIn).toBe(true)
  })

  it('ignores a stored token that is not a JWT', () => {
    localStorage.setItem('token', 'garbage')
    expect(restoredState().isLoggedIn).toBe(false)
  })

  it('signs in with a session, keeps the typed e-mail, and logs out to a visitor', () => {
    const token = fakeJwt({ pid: 'TM2475392' })
    let s = reducer(visitor(), sessionStarted({ token, profile, email: 'a@b.in' }))
    expect(s).toMatchObject({ isLoggedIn: true, token, profile, authUser: { profileID: 'TM2475392', email: 'a@b.in' }, signedOut: false })
    s = reducer(s, setTokenAction(true))
    s = reducer(s, loggedOut())
    expect(s).toMatchObject({ isLoggedIn: false, token: null, profile: null, authUser: null, signedOut: true, tokenAction: true })
  })

  it('follows refreshed tokens and an ended session', () => {
    let s = reducer(visitor(), sessionStarted({ token: 'a.b.c', profile }))
    s = reducer(s, tokensRefreshed({ token: 'new', refreshToken: 'r2' }))
    expect(s.token).toBe('new')
    // A refresh that brings a renewed photo grant replaces the profile's (chat photos keep loading).
    s = reducer(s, tokensRefreshed({ token: 'newer', refreshToken: 'r3', photoGrant: 'TM2475392.99.mac' }))
    expect(s.profile?.photoGrant).toBe('TM2475392.99.mac')
    s = reducer(s, sessionEnded())
    expect(s).toMatchObject({ isLoggedIn: false, token: null, profile: null, signedOut: false })
  })

  it('stores GET profile in state', async () => {
    tokenStore.save({ token: fakeJwt({ pid: 'TM2475392' }), refreshToken: 'r1' })
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ meta: { code: 200, message: 'OK' }, data: profile }))
    const store = makeStore()
    store.dispatch(profileSummaryApi.endpoints.getProfile.initiate())
    await settle()
    expect(store.getState().account.profile).toEqual(profile)
  })
})
