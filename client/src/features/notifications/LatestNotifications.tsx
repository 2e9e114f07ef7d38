import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { ROUTES } from '../../app/routes'
import { EmptyState, ErrorState, Skeleton } from '../../components/States'
import { useGetDashNotificationsQuery } from '../../entities/notification'
import { NOTIFICATIONS_COPY } from './copy'
import NotificationRow from './NotificationRow'
import '../../styles/notifications.css'

/** The dashboard's panel of the latest five notifications (GET profile/dash-notification, shared with the bell). */
export default function LatestNotifications({ now }: { now?: Date } = {}) {
  const dash = useGetDashNotificationsQuery()
  const items = dash.data?.items ?? []
  return (
    <section className="panel latest-notifications" aria-labelledby="latest-notifications-title">
      <div className="latest-notifications__head">
        <h2 id="latest-notifications-title" className="panel__title">
          {NOTIFICATIONS_COPY.latest}
        </h2>
        {items.length > 0 && (
          <Link to={ROUTES.inboxNotification} className="text-link small">
            {NOTIFICATIONS_COPY.seeAll}
          </Link>
        )}
      </div>
      {!dash.data && dash.isError ? (
        <ErrorState message={asApiError(dash.error)?.message} onRetry={() => void dash.refetch()} />
      ) : !dash.data ? (
        <div aria-busy="true">
          <Skeleton lines={3} />
        </div>
      ) : !items.length ? (
        <EmptyState title={NOTIFICATIONS_COPY.empty} icon="bell">
          <p>{NOTIFICATIONS_COPY.emptyHelp}</p>
        </EmptyState>
      ) : (
        <ul className="notification-list notification-list--compact" aria-label={NOTIFICATIONS_COPY.latest}>
          {items.map((n) => (
            <NotificationRow key={n.id} n={n} now={now} compact />
          ))}
        </ul>
      )}
    </section>
  )
}
