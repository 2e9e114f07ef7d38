import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { useAppSelector } from '../../app/hooks'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import { Skeleton } from '../../components/States'
import { useDisclosure } from '../../components/useDismiss'
import { selectUnreadNotifications, useGetDashNotificationsQuery } from '../../entities/notification'
import { NOTIFICATIONS_COPY, badgeText, bellLabel } from './copy'
import NotificationRow from './NotificationRow'
import '../../styles/notifications.css'

/**
 * The header's bell for members: the unread count as a badge (99+ at most), live from the socket; it opens the
 * latest five (GET profile/dash-notification) with "See all" to /inbox/notification. A disclosure: Enter or Space
 * opens it, Tab walks its links, Escape or a click outside closes it (focus back on the bell), and so does opening
 * any page.
 */
export default function NotificationBell({ now }: { now?: Date } = {}) {
  const unread = useAppSelector(selectUnreadNotifications)
  const dash = useGetDashNotificationsQuery()
  const { id, root, btn, open, toggle } = useDisclosure()

  const items = dash.data?.items ?? []
  let body
  if (!dash.data && dash.isError) {
    body = (
      <div className="bell__state" role="alert">
        <p>{asApiError(dash.error)?.message ?? 'We could not load your notifications.'}</p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void dash.refetch()}>
          Try again
        </button>
      </div>
    )
  } else if (!dash.data) {
    body = (
      <div className="bell__state" aria-busy="true">
        <Skeleton lines={3} />
      </div>
    )
  } else if (!items.length) {
    body = (
      <div className="bell__state">
        <Icon name="bell" size={28} className="bell__empty-icon" />
        <p className="bell__empty">{NOTIFICATIONS_COPY.empty}</p>
      </div>
    )
  } else {
    body = (
      <ul className="notification-list notification-list--compact" aria-label={NOTIFICATIONS_COPY.latest}>
        {items.map((n) => (
          <NotificationRow key={n.id} n={n} now={now} compact />
        ))}
      </ul>
    )
  }

  return (
    <div ref={root} className={'bell' + (open ? ' is-open' : '')}>
      <button
        ref={btn}
        type="button"
        className="icon-btn bell__button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
      >
        <Icon name="bell" size={22} />
        {unread > 0 && (
          <span className="bell__badge" aria-hidden="true" data-testid="bell-badge">
            {badgeText(unread)}
          </span>
        )}
      </button>
      <div id={id} className="bell__panel" hidden={!open} role="region" aria-label="Notifications">
        <div className="bell__head">
          <h2 className="bell__title">Notifications</h2>
          {unread > 0 && <span className="bell__count">{unread === 1 ? '1 unread' : `${unread} unread`}</span>}
        </div>
        {body}
        <Link to={ROUTES.inboxNotification} className="bell__all">
          {NOTIFICATIONS_COPY.seeAll}
        </Link>
      </div>
    </div>
  )
}
