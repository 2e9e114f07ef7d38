import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { api } from '../../api/api'
import { tokenStore } from '../../api/session'
import { notifySuccess } from '../../app/notify'
import { accountApi } from './api'
import { loggedOut, sessionStarted } from '../../entities/account'
import type { AccountState } from '../../entities/account'
import type { Session } from './types'

type AccountThunk<R = void> = ThunkAction<R, { account: AccountState }, unknown, UnknownAction>

/** The success toast of a login (spec §4/§8). */
export const LOGGED_IN_MESSAGE = 'logged in successfully'
/** The toast of a logout (spec §4/§8). */
export const LOGGED_OUT_MESSAGE = 'Logged Out Successfully'

/** Stores a session's tokens and signs the member in; email is kept when the member typed it. */
export function startSession(session: Session, email?: string): AccountThunk {
  return (dispatch) => {
    tokenStore.save({ token: session.token, refreshToken: session.refreshToken })
    dispatch(sessionStarted({ token: session.token, profile: session.profile, email }))
  }
}

/** Forgets the session in this browser: tokens, member state and every cached answer. */
export function clearLocalSession(): AccountThunk {
  return (dispatch) => {
    tokenStore.clear()
    dispatch(loggedOut())
    dispatch(api.util.resetApiState())
  }
}

/** Logs out (spec §4): ends the session on the server too (auth/logout), clears everything and toasts; the caller goes to /login. */
export function logout(): AccountThunk {
  return (dispatch) => {
    const refreshToken = tokenStore.refreshToken()
    if (refreshToken) {
      // Fire and forget: the member is logged out here whatever the server answers.
      void dispatch(accountApi.endpoints.logout.initiate({ refreshToken }))
    }
    dispatch(clearLocalSession())
    notifySuccess(LOGGED_OUT_MESSAGE)
  }
}
