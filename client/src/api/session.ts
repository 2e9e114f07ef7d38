import { createAction } from '@reduxjs/toolkit'

/** localStorage keys of the auth user (spec §3). */
export const TOKEN_KEY = 'token'
export const REFRESH_TOKEN_KEY = 'refreshToken'

/** An access token and the refresh token that goes with it. */
export interface TokenPair {
  token: string
  refreshToken: string
}

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null
  } catch {
    // Storage can be blocked (private mode, strict settings): the session then lives in memory only.
    return null
  }
}

/** The stored tokens: the single place that reads and writes them. */
export const tokenStore = {
  /** The stored access token, or null. */
  token(): string | null {
    return storage()?.getItem(TOKEN_KEY) ?? null
  },
  /** The stored refresh token, or null. */
  refreshToken(): string | null {
    return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null
  },
  /** Stores a new pair (login, registration, refresh, password change). */
  save(pair: TokenPair) {
    const s = storage()
    s?.setItem(TOKEN_KEY, pair.token)
    s?.setItem(REFRESH_TOKEN_KEY, pair.refreshToken)
  },
  /** Forgets both tokens (logout, ended session). */
  clear() {
    const s = storage()
    s?.removeItem(TOKEN_KEY)
    s?.removeItem(REFRESH_TOKEN_KEY)
  },
}

/**
 * The base query refreshed the tokens (they are already stored). photoGrant, when the refresh brought one, is the
 * member's renewed viewer grant for photo URLs (it lives a few hours; a chat can stay open longer).
 */
export const tokensRefreshed = createAction<TokenPair & { photoGrant?: string }>('session/tokensRefreshed')

/** The server ended the session (refresh refused, or a member call answered 401); the tokens are already cleared. */
export const sessionEnded = createAction('session/ended')

/** The text shown when a session could not be renewed. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.'

/** The claims of an access token the client uses: pid (profile code), sub (user id), exp (seconds). */
export interface TokenClaims {
  pid?: string
  sub?: string
  exp?: number
}

/** Reads the claims of a JWT without checking it (the server does that); null when it is not a JWT. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=')
    const claims: unknown = JSON.parse(atob(b64))
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null
  } catch {
    return null
  }
}
