import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import InboxNav from '../../components/InboxNav'
import PageHeader from '../../components/PageHeader'
import Pagination from '../../components/Pagination'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import type { RequestCard } from '../../entities/member'
import { formatDdMmYyyy, timeAgo } from '../../lib/format'
import { usePageParam } from '../../lib/usePageParam'
import { usePageStepBack } from '../../lib/usePageStepBack'
import { useGetRequestListQuery } from './api'
import MemberListCard from './MemberListCard'
import { PAGE_SIZE } from './MemberListScreen'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

/** The screen's words. */
export const CONTACTS_COPY = {
  title: 'Contacts',
  description: 'The members who shared their phone number with you.',
  intro: 'Members who accepted your phone request. Their number is on their profile, within their contact settings.',
  empty: 'No contacts yet',
  emptyHelp: 'When a member accepts your phone request, they appear here.',
}

/** When the member accepted: "Accepted your phone request 2 days ago". */
function AcceptedLine({ card, now }: { card: RequestCard; now: Date }) {
  const at = card.request.updatedAt || card.request.createdAt
  const ago = timeAgo(at, now)
  return (
    <p className="member-card__when">
      <span className="badge badge--ok member-card__status">
        <Icon name="phone" size={14} /> Number shared
      </span>
      {ago && ' '}
      {ago && (
        <time dateTime={at} title={formatDdMmYyyy(at)}>
          Accepted your phone request {ago}
        </time>
      )}
    </p>
  )
}

/**
 * /inbox/contacts: the members whose phone number the viewer may see because they accepted the viewer's phone
 * request (GET profile/requests/sent?kind=phone&status=accepted), ten a page, each with "View
 * contact" to the contact section of their profile.
 */
export default function ContactListScreen({ now }: { now?: Date } = {}) {
  const page = usePageParam()
  const { currentData: list, error, isFetching, refetch } = useGetRequestListQuery({
    box: 'sent',
    kind: 'phone',
    status: 'accepted',
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  })
  const backTo = usePageStepBack(list, page, PAGE_SIZE)
  const at = now ?? new Date()

  let body
  if (error && !isFetching) body = <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
  else if (!list || backTo !== null) body = <SkeletonCards count={4} />
  else if (!list.items.length)
    body = (
      <EmptyState title={CONTACTS_COPY.empty} icon="phone">
        <p>{CONTACTS_COPY.emptyHelp}</p>
        <p className="state__actions">
          <Link to={ROUTES.myMatches} className="btn btn--primary btn--sm">
            See my matches
          </Link>
        </p>
      </EmptyState>
    )
  else
    body = (
      <>
        <p className="member-list__count">{list.total === 1 ? '1 contact' : `${list.total} contacts`}</p>
        <div className="member-grid member-grid--wide">
          {list.items.map((card) => (
            <MemberListCard key={card.profileID} card={card} detail={<AcceptedLine card={card} now={at} />} view={{ label: 'View contact', hash: '#contact-title' }} />
          ))}
        </div>
        <Pagination page={page} total={list.total} pageSize={PAGE_SIZE} label="Contact pages" />
      </>
    )

  return (
    <>
      <Seo title={CONTACTS_COPY.title} description={CONTACTS_COPY.description} />
      <PageHeader title={CONTACTS_COPY.title} intro={CONTACTS_COPY.intro} crumbs={CRUMBS} />
      <section className="container section member-list contacts-screen" aria-busy={isFetching}>
        <InboxNav />
        {body}
      </section>
    </>
  )
}
