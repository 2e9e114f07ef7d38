import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'

/** The member's profile, as far as the shell needs it (spec §3). */
export interface MemberProfile {
  profileID: string
  userName: string
  gender: number
  completedSteps?: number
  subscription?: { planName: string; expiresAt: string }
  prevContactViewPending?: number
}

/** Account state of spec §3. Everyone is a visitor until the accounts release. */
export interface AccountState {
  isLoggedIn: boolean
  token: string | null
  authUser: { email?: string; profileID?: string } | null
  profile: MemberProfile | null
  reloadProfile: boolean
  /** When set, pages use the minimal layout (links from e-mails: activation, reset). */
  tokenAction: boolean
  reloadMatches: boolean
}

/** localStorage keys of the auth user (spec §3). */
export const TOKEN_KEY = 'token'
export const REFRESH_TOKEN_KEY = 'refreshToken'

const initialState: AccountState = {
  isLoggedIn: false,
  token: null,
  authUser: null,
  profile: null,
  reloadProfile: false,
  tokenAction: false,
  reloadMatches: false,
}

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    setTokenAction(state, action: PayloadAction<boolean>) {
      state.tokenAction = action.payload
    },
  },
})

export const { setTokenAction } = accountSlice.actions
export default accountSlice.reducer

type WithAccount = { account: AccountState }
export const selectIsLoggedIn = (s: WithAccount) => s.account.isLoggedIn
export const selectTokenAction = (s: WithAccount) => s.account.tokenAction
