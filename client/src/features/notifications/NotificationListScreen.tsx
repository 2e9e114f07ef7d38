import { asApiError } from '../../api/api'
import { useAppSelector } from '../../app/hooks'
import { ROUTES } from '../../app/routes'
import InboxNav from '../../components/InboxNav'
import PageHeader from '../../components/PageHeader'
import Pagination from '../../components/Pagination'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, Skeleton } from '../../components/States'
import {
  NOTIFICATION_PAGE_SIZE,
  selectUnreadNotifications,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
} from '../../entities/notification'
import { usePageParam } from '../../lib/usePageParam'
import { usePageStepBack } from '../../lib/usePageStepBack'
import { NOTIFICATIONS_COPY } from './copy'
import NotificationRow from './NotificationRow'
import '../../styles/notifications.css'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

/** Placeholder rows while a page loads. */
function SkeletonRows({ count = 5 }: { count?: number }) {
  return (
    <ul className="notification-list" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="notification notification--skeleton">
          <span className="skeleton__block notification__photo" />
          <Skeleton lines={2} />
        </li>
      ))}
    </ul>
  )
}

/**
 * /inbox/notification: the member's notifications, ten a page (GET profile/notification), the latest first; unread
 * ones marked. A row opens its page and marks it read; "Mark all as read" marks them all. New ones arrive over the
 * socket and the page reloads with them.
 */
export default function NotificationListScreen({ now }: { now?: Date } = {}) {
  const page = usePageParam()
  const { currentData: list, error, isFetching, refetch } = useGetNotificationsQuery({ skip: (page - 1) * NOTIFICATION_PAGE_SIZE, limit: NOTIFICATION_PAGE_SIZE })
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation()
  const liveUnread = useAppSelector(selectUnreadNotifications)
  const backTo = usePageStepBack(list, page, NOTIFICATION_PAGE_SIZE)
  // The live count (socket, bell), or this page's own unread ones while the count says none yet.
  const unread = liveUnread || (list?.items.filter((n) => !n.read).length ?? 0)

  let body
  if (error && !isFetching) body = <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
  else if (!list || backTo !== null) body = <SkeletonRows />
  else if (!list.items.length)
    body = (
      <EmptyState title={NOTIFICATIONS_COPY.empty} icon="bell">
        <p>{NOTIFICATIONS_COPY.emptyHelp}</p>
      </EmptyState>
    )
  else
    body = (
      <>
        <ul className="notification-list" aria-label="Notifications">
          {list.items.map((n) => (
            <NotificationRow key={n.id} n={n} now={now} />
          ))}
        </ul>
        <Pagination page={page} total={list.total} pageSize={NOTIFICATION_PAGE_SIZE} label="Notification pages" />
      </>
    )

  return (
    <>
      <Seo title={NOTIFICATIONS_COPY.title} description={NOTIFICATIONS_COPY.description} />
      <PageHeader title={NOTIFICATIONS_COPY.title} intro={NOTIFICATIONS_COPY.intro} crumbs={CRUMBS} />
      <section className="container section member-list notifications-screen" aria-busy={isFetching}>
        <InboxNav />
        {list && list.items.length > 0 && (
          <div className="notifications-screen__bar">
            {/* The button comes first: on a phone the right-hand side is where the floating chat button sits. */}
            <button type="button" className="btn btn--outline btn--sm" disabled={unread === 0 || markAllState.isLoading} onClick={() => void markAll()}>
              {markAllState.isLoading ? NOTIFICATIONS_COPY.markAllBusy : NOTIFICATIONS_COPY.markAll}
            </button>
            <p className="member-list__count" role="status">
              {unread === 0 ? 'All read' : unread === 1 ? '1 unread' : `${unread} unread`}
            </p>
          </div>
        )}
        {body}
      </section>
    </>
  )
}
