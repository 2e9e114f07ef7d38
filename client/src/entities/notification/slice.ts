import { createAction, createSlice, isAnyOf } from '@reduxjs/toolkit'
import { sessionEnded } from '../../api/session'
import { loggedOut } from '../account'
import { notificationApi } from './api'
import type { NotificationPush } from './types'

/** The socket brought a notification, or a new unread count (the chat connection owns the one socket). */
export const notificationPushed = createAction<NotificationPush>('notifications/pushed')

/** The socket connected again after a break: what arrived meanwhile is loaded afresh. */
export const notificationsResync = createAction('notifications/resync')

/** The live unread count of the bell: null until the server said it (a list, the latest five or the socket). */
export interface NotificationState {
  unread: number | null
}

const initialState: NotificationState = { unread: null }

/** A count as the server sent it, or null when it is not one. */
const count = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null)

const notificationSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(notificationPushed, (state, action) => {
        state.unread = count(action.payload.unread) ?? state.unread
      })
      .addCase(loggedOut, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addMatcher(
        isAnyOf(
          notificationApi.endpoints.getNotifications.matchFulfilled,
          notificationApi.endpoints.getDashNotifications.matchFulfilled,
          notificationApi.endpoints.markNotificationRead.matchFulfilled,
          notificationApi.endpoints.markAllNotificationsRead.matchFulfilled,
        ),
        (state, action) => {
          state.unread = count(action.payload?.unread) ?? state.unread
        },
      )
  },
})

export default notificationSlice.reducer

/** The bell's count: 0 until known. */
export const selectUnreadNotifications = (s: { notifications: NotificationState }) => s.notifications.unread ?? 0
