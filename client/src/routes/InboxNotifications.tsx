import NotificationListScreen from '../features/notifications/NotificationListScreen'

/** /inbox/notification: the member's notifications, ten a page, with "Mark all as read". */
export default function InboxNotifications() {
  return <NotificationListScreen />
}
