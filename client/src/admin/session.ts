import { useSyncExternalStore } from 'react'

/**
 * The admin session token lives in sessionStorage under this key: it ends with the tab, and it is never the member's
 * localStorage `token` (contract: a member's token is never an admin session and the other way round).
 */
export const ADMIN_TOKEN_KEY = 'tfmAdminToken'

/** What the login page says after the server ended the session (30 idle minutes, 8 hours, or revoked). */
export const SESSION_ENDED_MESSAGE = 'Your admin session ended. Please log in again.'

/** Why the last session ended in this tab: the server refused it, or the admin logged out. */
export type EndReason = 'expired' | 'logout' | null

/** What the admin app reads about its session. */
export interface AdminSessionSnapshot {
  token: string | null
  ended: EndReason
}

const listeners = new Set<() => void>()

function readToken(): string | null {
  try {
    return sessionStorage.getItem(ADMIN_TOKEN_KEY)
  } catch {
    return null
  }
}

let snapshot: AdminSessionSnapshot = { token: readToken(), ended: null }

function publish(next: AdminSessionSnapshot) {
  snapshot = next
  for (const l of listeners) l()
}

/** The current admin token, read where a request is sent. */
export function adminToken(): string | null {
  return readToken()
}

/** Stores the session token after the second factor. */
export function startAdminSession(token: string) {
  try {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, token)
  } catch {
    // A browser that refuses storage still keeps the session for this page.
  }
  publish({ token, ended: null })
}

/** Forgets the token: 'expired' when the server refused it (the login page says so), 'logout' when the admin chose to. */
export function endAdminSession(reason: Exclude<EndReason, null>) {
  try {
    sessionStorage.removeItem(ADMIN_TOKEN_KEY)
  } catch {
    // Nothing stored.
  }
  if (snapshot.token === null && snapshot.ended === reason) return
  publish({ token: null, ended: reason })
}

/** Re-reads sessionStorage without telling anyone (a test starts from what it stored, before it renders). */
export function resetAdminSessionForTests() {
  snapshot = { token: readToken(), ended: null }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The admin session as React state: the token (null when signed out) and why the last one ended. */
export function useAdminSession(): AdminSessionSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot)
}
