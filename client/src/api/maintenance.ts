/** The message the server's member API answers with (HTTP 503) while the site is in maintenance (spec §2). */
export const MAINTENANCE_MESSAGE = "Site Under Maintenance. We'll be back soon!"

/** The window event fired when a member call finds the site in maintenance. */
export const MAINTENANCE_EVENT = 'tfm:maintenance'

/**
 * Tells the open page that maintenance began after it loaded (the server switches it without a restart), so the
 * app can swap to the maintenance screen instead of showing errors on every call.
 */
export function announceMaintenance(status: unknown, message: string): void {
  if (status === 503 && message === MAINTENANCE_MESSAGE && typeof window !== 'undefined') window.dispatchEvent(new Event(MAINTENANCE_EVENT))
}
