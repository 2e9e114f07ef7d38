/** The member's notifications: their types, the list and bell endpoints, the live unread count, the socket's actions and where each one leads. */
export * from './types'
export * from './api'
export * from './links'
export { notificationPushed, notificationsResync, selectUnreadNotifications } from './slice'
export type { NotificationState } from './slice'
export { default as notificationReducer } from './slice'
export { notificationMiddleware } from './middleware'
