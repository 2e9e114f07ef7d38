import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { api } from '../../api/api'
import { notifyInfo } from '../../app/notify'
import { REQUEST_LISTS } from '../member'
import { DASH_NOTIFICATIONS, NOTIFICATION_DASH, NOTIFICATION_LIST, notificationApi } from './api'
import { notificationPushed, notificationsResync } from './slice'
import type { NotificationItem } from './types'

type Tag = Parameters<typeof api.util.invalidateTags>[0][number]
/** The state the API's cache thunks read. */
type ApiState = ReturnType<Parameters<ReturnType<typeof notificationApi.util.updateQueryData>>[1]>

/** What a new notification says has changed besides the notifications: the lists, that member's profile, the dashboard. */
function changedBy(n: NotificationItem): Tag[] {
  const partner: Tag[] = n.member?.profileID ? [{ type: 'Partner', id: n.member.profileID.toUpperCase() }] : []
  switch (n.type) {
    case 'invitationReceived':
    case 'invitationAccepted':
    case 'invitationDeclined':
      return [{ type: 'MemberList', id: 'LIST' }, { type: 'Match', id: 'LIST' }, 'DashView', ...partner]
    case 'photoRequestReceived':
    case 'photoRequestAccepted':
    case 'phoneRequestReceived':
    case 'phoneRequestAccepted':
      return [REQUEST_LISTS, 'DashView', ...partner]
    case 'profileViewed':
      return [{ type: 'MemberList', id: 'LIST' }, 'DashView']
    case 'badgeGranted':
      return ['DashView', 'OwnProfile']
    default:
      return ['DashView']
  }
}

/** Whether the socket's notification looks like one (the socket is not typed; a malformed one only moves the count). */
function isNotification(n: unknown): n is NotificationItem {
  const x = n as NotificationItem | null | undefined
  return !!x && typeof x.id === 'number' && typeof x.message === 'string' && typeof x.type === 'string'
}

/**
 * Carries out what the socket's notifications mean: a new one goes to the top of the cached latest five (the bell
 * and the dashboard, without a reload), the paged list and the screens it concerns load afresh, and a toast says
 * it. A count without a notification (another tab marked some read) reloads the lists, whose read marks changed.
 */
export const notificationMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action)
  const dispatch = store.dispatch as ThunkDispatch<ApiState, unknown, UnknownAction>
  if (notificationPushed.match(action)) {
    const n = isNotification(action.payload.notification) ? action.payload.notification : undefined
    const unread = action.payload.unread
    dispatch(
      notificationApi.util.updateQueryData('getDashNotifications', undefined, (draft) => {
        if (typeof unread === 'number' && Number.isFinite(unread)) draft.unread = unread
        if (n && !draft.items.some((i) => i.id === n.id)) {
          draft.items.unshift(n)
          draft.items.splice(DASH_NOTIFICATIONS)
        }
      }),
    )
    dispatch(api.util.invalidateTags(n ? [NOTIFICATION_LIST, ...changedBy(n)] : [NOTIFICATION_LIST, NOTIFICATION_DASH]))
    if (n) notifyInfo(n.message, n.id)
  } else if (notificationsResync.match(action)) {
    dispatch(api.util.invalidateTags([NOTIFICATION_LIST, NOTIFICATION_DASH]))
  }
  return result
}
