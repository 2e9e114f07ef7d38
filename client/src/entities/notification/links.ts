import type { NotificationItem, NotificationType } from './types'

/** A member's profile as the client routes it: /profile?profileId=TM1234567 (optionally at a section). */
export function profileHref(profileId: string, hash = ''): string {
  return `/profile?profileId=${encodeURIComponent(profileId)}${hash}`
}

/** Where a notification of each type goes when its link is missing or not a route of this site. */
const FALLBACK: Record<NotificationType, string> = {
  invitationReceived: '/inbox/received',
  invitationAccepted: '/inbox/accepted',
  invitationDeclined: '/inbox/sent',
  photoRequestReceived: '/inbox/requests?kind=photo',
  photoRequestAccepted: '/inbox/requests?box=sent&kind=photo',
  phoneRequestReceived: '/inbox/requests?kind=phone',
  phoneRequestAccepted: '/inbox/contacts',
  profileViewed: '/matches/recent-visitors',
  planExpiring: '/plan-upgrade',
  planActivated: '/my-matrimony/orders',
  planEnded: '/my-matrimony/orders',
  proofRejected: '/my-matrimony/my-profile',
  reportReviewed: '/inbox/notification',
  memberWarned: '/terms-and-use',
  badgeGranted: '/my-matrimony/my-profile',
}

/**
 * The route a notification opens: its link when it is a path of this site ("/profile/TM1234567" is read as
 * /profile?profileId=TM1234567, the form the profile route takes), else the other member's profile or the page of
 * its type. Never another site: a link that is not a plain path is not followed.
 */
export function notificationHref(n: Pick<NotificationItem, 'type' | 'link' | 'member'>): string {
  const link = (n.link ?? '').trim()
  if (link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')) {
    const profile = /^\/profile\/([A-Za-z0-9_-]+)\/?(#[\w-]*)?$/.exec(link)
    return profile ? profileHref(profile[1], profile[2] ?? '') : link
  }
  if (n.member?.profileID && n.type !== 'invitationReceived' && !n.type.endsWith('RequestReceived')) return profileHref(n.member.profileID)
  return FALLBACK[n.type] ?? '/inbox/notification'
}
