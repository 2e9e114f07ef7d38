import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { decodeToken, sessionEnded, tokenStore, tokensRefreshed } from '../../api/session'
import { profileSummaryApi } from './api'
import type { MemberProfile } from './types'

/** Who is signed in, as far as the client knows without asking the server. */
export interface AuthUser {
  profileID?: string
  /** Known when the member typed it in this tab (login, registration). */
  email?: string
}

/** Account state of spec §3. */
export interface AccountState {
  isLoggedIn: boolean
  token: string | null
  authUser: AuthUser | null
  profile: MemberProfile | null
  /** Set to ask the shell to load GET profile again. */
  reloadProfile: boolean
  /** When set, pages use the minimal layout (links from e-mails: activation, reset). */
  tokenAction: boolean
  /** Set when the match lists should be loaded again. */
  reloadMatches: boolean
  /** The member chose to log out (so guards send them to plain /login, without a next page). */
  signedOut?: boolean
}

const visitor: AccountState = {
  isLoggedIn: false,
  token: null,
  authUser: null,
  profile: null,
  reloadProfile: false,
  tokenAction: false,
  reloadMatches: false,
  signedOut: false,
}

/** The state on load: a stored token restores the session (spec §4); GET profile follows. */
export function restoredState(): AccountState {
  const token = tokenStore.token()
  const claims = decodeToken(token)
  if (!token || !claims) return visitor
  return { ...visitor, isLoggedIn: true, token, authUser: { profileID: claims.pid } }
}

const accountSlice = createSlice({
  name: 'account',
  initialState: restoredState,
  reducers: {
    /** Login, registration or a password change gave a session (the tokens are already stored). */
    sessionStarted(state, action: PayloadAction<{ token: string; profile?: MemberProfile; email?: string }>) {
      const { token, profile, email } = action.payload
      state.isLoggedIn = true
      state.token = token
      state.authUser = { profileID: profile?.profileID ?? decodeToken(token)?.pid, email: email ?? state.authUser?.email }
      if (profile) state.profile = profile
      state.signedOut = false
    },
    /** The member logged out or deleted the account (the tokens are already cleared). */
    loggedOut(state) {
      return { ...visitor, tokenAction: state.tokenAction, signedOut: true }
    },
    /** Turns the minimal layout on or off (pages opened from e-mailed links). */
    setTokenAction(state, action: PayloadAction<boolean>) {
      state.tokenAction = action.payload
    },
    /** Asks the shell to load GET profile again (true), or marks it done (false). */
    setReloadProfile(state, action: PayloadAction<boolean>) {
      state.reloadProfile = action.payload
    },
    /** The member hid or showed their profile (profile/hide answered); GET profile follows to confirm. */
    profileHiddenSet(state, action: PayloadAction<boolean>) {
      if (state.profile) state.profile.hidden = action.payload
    },
    /** Asks the match lists to load again (true), or marks it done (false). */
    setReloadMatches(state, action: PayloadAction<boolean>) {
      state.reloadMatches = action.payload
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(tokensRefreshed, (state, action) => {
        if (!state.isLoggedIn) return
        state.token = action.payload.token
        if (action.payload.photoGrant && state.profile) state.profile.photoGrant = action.payload.photoGrant
      })
      // Ignored once logged out, so a late 401 after a logout or deletion does not undo signedOut.
      .addCase(sessionEnded, (state) => (state.isLoggedIn ? { ...visitor, tokenAction: state.tokenAction } : state))
      .addMatcher(profileSummaryApi.endpoints.getProfile.matchFulfilled, (state, action) => {
        if (!state.isLoggedIn) return
        state.profile = action.payload
        state.authUser = { ...state.authUser, profileID: action.payload.profileID }
      })
  },
})

export const { sessionStarted, loggedOut, setTokenAction, setReloadProfile, profileHiddenSet, setReloadMatches } = accountSlice.actions
export default accountSlice.reducer

type WithAccount = { account: AccountState }
/** Whether a member is signed in. */
export const selectIsLoggedIn = (s: WithAccount) => s.account.isLoggedIn
/** Whether the minimal layout is on. */
export const selectTokenAction = (s: WithAccount) => s.account.tokenAction
/** The member's profile summary, once loaded. */
export const selectProfile = (s: WithAccount) => s.account.profile
/** The signed-in user (profile ID, e-mail when known). */
export const selectAuthUser = (s: WithAccount) => s.account.authUser
/** Whether the shell should load the profile again. */
export const selectReloadProfile = (s: WithAccount) => s.account.reloadProfile
/** Whether the member logged out on purpose. */
export const selectSignedOut = (s: WithAccount) => s.account.signedOut === true
