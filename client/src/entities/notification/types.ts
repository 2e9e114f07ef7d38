import type { MemberCard } from '../member'

/** What a notification is about (GET profile/notification, the socket's `notification` event). */
export type NotificationType =
  | 'invitationReceived'
  | 'invitationAccepted'
  | 'invitationDeclined'
  | 'photoRequestReceived'
  | 'photoRequestAccepted'
  | 'phoneRequestReceived'
  | 'phoneRequestAccepted'
  | 'profileViewed'
  | 'planExpiring'
  | 'planActivated'
  | 'planEnded'
  | 'proofRejected'
  | 'reportReviewed'
  | 'memberWarned'
  | 'badgeGranted'

/** One notification of the member's. */
export interface NotificationItem {
  id: number
  type: NotificationType
  /** Ready to show: "Anu Mathew sent you an invitation". */
  message: string
  /** The client route it opens: "/inbox/received", "/profile?profileId=TM1234567". */
  link: string
  read: boolean
  /** ISO time. */
  createdAt: string
  /** The other member's card (as the lists show it); absent for plan and badge notices, or when they are gone. */
  member?: MemberCard
}

/** A page of GET profile/notification, with the member's unread count. */
export interface NotificationPage {
  items: NotificationItem[]
  total: number
  unread: number
}

/** GET profile/dash-notification: the latest five and the unread count (the bell and the dashboard). */
export interface DashNotifications {
  items: NotificationItem[]
  unread: number
}

/**
 * The socket's `notification` event: the new unread count, with the notification when a new one arrived (without it
 * the count changed elsewhere, e.g. another tab marked some read).
 */
export interface NotificationPush {
  unread: number
  notification?: NotificationItem
}
