import { Link } from 'react-router'
import Icon from '../../components/Icon'
import MemberPhoto from '../../components/MemberPhoto'
import { notificationHref, useMarkNotificationReadMutation } from '../../entities/notification'
import type { NotificationItem } from '../../entities/notification'
import { formatDdMmYyyy, timeAgo } from '../../lib/format'
import { defaultPhoto, photoUrl } from '../../lib/photos'
import { TYPE_ICON } from './copy'

interface NotificationRowProps {
  n: NotificationItem
  /** For tests; defaults to the current time. */
  now?: Date
  /** Smaller, for the bell's dropdown and the dashboard. */
  compact?: boolean
}

/**
 * One notification: the other member's photo as their list card shows it (signed for this viewer, so protected
 * photos stay the gender avatar), or an icon for plan and badge ones; the message; when ("5 minutes ago", "on
 * 14-02-2025"); unread ones marked. The whole row is a link: it marks the notification read and opens its page.
 */
export default function NotificationRow({ n, now, compact }: NotificationRowProps) {
  const [markRead] = useMarkNotificationReadMutation()
  const href = notificationHref(n)
  const photo = n.member ? photoUrl(defaultPhoto(n.member.photos), 'small') : null
  const when = timeAgo(n.createdAt, now)
  return (
    <li className={'notification' + (n.read ? '' : ' is-unread') + (compact ? ' notification--compact' : '')} data-testid="notification">
      <Link
        to={href}
        className="notification__link"
        onClick={() => {
          // The store toasts a refusal ("Notification not found"); the page opens either way.
          if (!n.read) void markRead(n.id)
        }}
      >
        {n.member ? (
          <MemberPhoto src={photo} gender={n.member.gender} alt="" size={compact ? 40 : 52} className="notification__photo" />
        ) : (
          <span className="notification__icon" aria-hidden="true">
            <Icon name={TYPE_ICON[n.type] ?? 'bell'} size={compact ? 20 : 24} />
          </span>
        )}
        <span className="notification__body">
          {!n.read && <span className="sr-only">Unread:</span>}
          {!n.read && ' '}
          <span className="notification__message">{n.message}</span>
          {when && ' '}
          {when && (
            <time className="notification__time" dateTime={n.createdAt} title={formatDdMmYyyy(n.createdAt)}>
              {when}
            </time>
          )}
        </span>
        {!n.read && <span className="notification__dot" aria-hidden="true" />}
      </Link>
    </li>
  )
}
