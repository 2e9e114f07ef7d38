import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { api, sendLogout } from '../../api/api'
import type { LogoutDelivery } from '../../api/api'
import { tokenStore } from '../../api/session'
import { notifySuccess } from '../../app/notify'
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

/**
 * Logs out (spec §4): ends the session on the server too (auth/logout, see sendLogout: it outlives the reset of
 * the API state below and a closing page), clears everything, which also disconnects the chat, and toasts; the
 * caller goes to /login. Returns how the logout went out (tests wait on it); nobody needs to await it.
 */
export function logout(): AccountThunk<Promise<LogoutDelivery>> {
  return (dispatch) => {
    const token = tokenStore.token()
    const refreshToken = tokenStore.refreshToken()
    // Fire and forget: the member is logged out here whatever the server answers.
    const sent: Promise<LogoutDelivery> = token || refreshToken ? sendLogout({ token, refreshToken }) : Promise.resolve({ via: 'none' })
    dispatch(clearLocalSession())
    notifySuccess(LOGGED_OUT_MESSAGE)
    return sent
  }
}
