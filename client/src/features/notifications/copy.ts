import type { IconName } from '../../components/Icon'
import type { NotificationType } from '../../entities/notification'

/** The words of the notifications screen, the bell and the dashboard panel. */
export const NOTIFICATIONS_COPY = {
  title: 'Notifications',
  description: 'Invitations, requests, profile views, payments, plan reminders and badges, the latest first.',
  intro: 'What happened on your profile: invitations and their answers, photo and phone requests, profile views, payments, plan reminders and badges.',
  // Spec wording, capitals included.
  empty: 'Empty Notifications',
  emptyHelp: 'When members invite you, answer your invitations or ask for your photos or phone number, you will see it here.',
  markAll: 'Mark all as read',
  markAllBusy: 'Marking…',
  seeAll: 'See all',
  latest: 'Latest notifications',
}

/** The icon of a notification without a member photo (plan and badge ones, or a member who is gone). */
export const TYPE_ICON: Record<NotificationType, IconName> = {
  invitationReceived: 'heart',
  invitationAccepted: 'check',
  invitationDeclined: 'heart',
  photoRequestReceived: 'lock',
  photoRequestAccepted: 'lock',
  phoneRequestReceived: 'phone',
  phoneRequestAccepted: 'phone',
  profileViewed: 'users',
  planExpiring: 'star',
  planActivated: 'star',
  planEnded: 'star',
  proofRejected: 'badge',
  reportReviewed: 'shield',
  memberWarned: 'info',
  badgeGranted: 'badge',
}

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread} unread`
}

/** The bell's badge: the count, at most "99+". */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread)
}
