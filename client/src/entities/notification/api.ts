import { api } from '../../api/api'
import type { DashNotifications, NotificationPage } from './types'

/** Spec §9: the notifications screen shows ten a page. */
export const NOTIFICATION_PAGE_SIZE = 10
/** How many the bell and the dashboard show (GET profile/dash-notification). */
export const DASH_NOTIFICATIONS = 5

/** The tag of the paged list (GET profile/notification). */
export const NOTIFICATION_LIST = { type: 'Notification' as const, id: 'LIST' }
/** The tag of the latest five with the count (GET profile/dash-notification). */
export const NOTIFICATION_DASH = { type: 'Notification' as const, id: 'DASH' }

/**
 * The member's notifications: the paged list, the latest five for the bell and the dashboard, and marking one or
 * all read. Marking read shows at once in every cached list (optimistically), then reloads the lists and the count
 * through the tags, whether it succeeded or not (a 404 means the list was out of date).
 */
export const notificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationPage, { skip: number; limit: number }>({
      query: ({ skip, limit }) => ({ url: 'profile/notification', params: { skip, limit } }),
      providesTags: [NOTIFICATION_LIST],
    }),
    getDashNotifications: build.query<DashNotifications, void>({
      query: () => 'profile/dash-notification',
      providesTags: [NOTIFICATION_DASH],
    }),
    markNotificationRead: build.mutation<{ unread: number }, number>({
      query: (id) => ({ url: `profile/notification/read/${id}`, method: 'POST' }),
      onQueryStarted(id, { dispatch, getState }) {
        const mark = (items: { id: number; read: boolean }[]) => {
          for (const n of items) if (n.id === id) n.read = true
        }
        dispatch(notificationApi.util.updateQueryData('getDashNotifications', undefined, (d) => mark(d.items)))
        for (const e of notificationApi.util.selectInvalidatedBy(getState(), [NOTIFICATION_LIST])) {
          if (e.endpointName === 'getNotifications') dispatch(notificationApi.util.updateQueryData('getNotifications', e.originalArgs, (d) => mark(d.items)))
        }
      },
      invalidatesTags: [NOTIFICATION_LIST, NOTIFICATION_DASH],
    }),
    markAllNotificationsRead: build.mutation<{ unread: number }, void>({
      query: () => ({ url: 'profile/notification/read-all', method: 'POST' }),
      onQueryStarted(_arg, { dispatch, getState }) {
        const markAll = (d: { items: { read: boolean }[]; unread: number }) => {
          for (const n of d.items) n.read = true
          d.unread = 0
        }
        dispatch(notificationApi.util.updateQueryData('getDashNotifications', undefined, markAll))
        for (const e of notificationApi.util.selectInvalidatedBy(getState(), [NOTIFICATION_LIST])) {
          if (e.endpointName === 'getNotifications') dispatch(notificationApi.util.updateQueryData('getNotifications', e.originalArgs, markAll))
        }
      },
      invalidatesTags: [NOTIFICATION_LIST, NOTIFICATION_DASH],
    }),
  }),
})

export const { useGetNotificationsQuery, useGetDashNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = notificationApi
