import { Link, useSearchParams } from 'react-router'
import { asApiError } from '../../api/api'
import { useAppSelector } from '../../app/hooks'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import InboxNav from '../../components/InboxNav'
import PageHeader from '../../components/PageHeader'
import Pagination from '../../components/Pagination'
import Seo from '../../components/Seo'
import { telHref } from '../../components/shellTypes'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import { currentPaidPlan, selectProfile } from '../../entities/account'
import { useGetContactViewsQuery } from '../../entities/member'
import type { RequestCard, ViewedContactCard } from '../../entities/member'
import { formatDdMmYyyy, timeAgo } from '../../lib/format'
import { usePageParam } from '../../lib/usePageParam'
import { usePageStepBack } from '../../lib/usePageStepBack'
import { useGetRequestListQuery } from './api'
import MemberListCard from './MemberListCard'
import { PAGE_SIZE } from './MemberListScreen'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

/** The two lists of the screen: the contacts viewed with the member's plan, and those shared through phone requests. */
export type ContactBox = 'viewed' | 'shared'

/** The screen's words. */
export const CONTACTS_COPY = {
  title: 'Contacts',
  description: 'The members whose phone number and e-mail you can see.',
  intro: 'The members whose full phone number and e-mail you can see: those you viewed with your plan, and those who accepted your phone request.',
  tabs: { viewed: 'Viewed with my plan', shared: 'Shared with me' } as Record<ContactBox, string>,
  viewedEmpty: 'You have not viewed any contact yet',
  viewedHelpPaid: 'Open a member’s profile and choose View contact. Everyone whose contact you view is kept here, with their number and e-mail.',
  viewedHelpFree: 'With a paid plan you can view a member’s full phone number and e-mail from their profile. Everyone whose contact you view is kept here.',
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

/** A viewed contact's number (to call), e-mail (to write) and the day it was viewed. */
function ViewedLines({ card }: { card: ViewedContactCard }) {
  const c = card.contact
  const phone = `${c.phoneCode} ${c.phone}`.trim()
  return (
    <div className="contact-lines">
      {c.phone && (
        <p>
          <Icon name="phone" size={14} />{' '}
          {c.masked ? (
            phone
          ) : (
            <a href={telHref(phone)} aria-label={`Call ${card.userName || card.profileID} on ${phone}`}>
              {phone}
            </a>
          )}
        </p>
      )}
      {c.email && (
        <p>
          <Icon name="mail" size={14} /> {c.masked ? c.email : <a href={`mailto:${c.email}`}>{c.email}</a>}
        </p>
      )}
      {c.contactPerson && (
        <p className="small muted">
          Ask for {c.contactPerson}
          {c.contactRelation ? ` (${c.contactRelation})` : ''}
          {c.callTime ? `, ${c.callTime}` : ''}
        </p>
      )}
      {card.viewedAt && (
        <p className="member-card__when">
          <time dateTime={card.viewedAt}>Viewed on {formatDdMmYyyy(card.viewedAt)}</time>
        </p>
      )}
    </div>
  )
}

/** "Viewed with my plan": GET list-of-contactview, ten a page, each card with the number, the e-mail and the day. */
function ViewedList({ page }: { page: number }) {
  const profile = useAppSelector(selectProfile)
  const paid = Boolean(currentPaidPlan(profile))
  const { currentData: list, error, isFetching, refetch } = useGetContactViewsQuery({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE })
  const backTo = usePageStepBack(list, page, PAGE_SIZE)
  if (error && !isFetching) return <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
  if (!list || backTo !== null) return <SkeletonCards count={4} />
  if (!list.items.length)
    return (
      <EmptyState title={CONTACTS_COPY.viewedEmpty} icon="phone">
        <p>{paid ? CONTACTS_COPY.viewedHelpPaid : CONTACTS_COPY.viewedHelpFree}</p>
        <p className="state__actions">
          <Link to={paid ? ROUTES.myMatches : ROUTES.plans} className="btn btn--primary btn--sm">
            {paid ? 'See my matches' : 'See plans'}
          </Link>
        </p>
      </EmptyState>
    )
  return (
    <>
      <p className="member-list__count">{list.total === 1 ? '1 contact viewed' : `${list.total} contacts viewed`}</p>
      <div className="member-grid member-grid--wide">
        {list.items.map((card) => (
          <MemberListCard key={card.profileID} card={card} detail={<ViewedLines card={card} />} />
        ))}
      </div>
      <Pagination page={page} total={list.total} pageSize={PAGE_SIZE} label="Contact pages" />
    </>
  )
}

/** "Shared with me": the members who accepted the viewer's phone request (GET profile/requests/sent?kind=phone&status=accepted). */
function SharedList({ page, now }: { page: number; now: Date }) {
  const { currentData: list, error, isFetching, refetch } = useGetRequestListQuery({
    box: 'sent',
    kind: 'phone',
    status: 'accepted',
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  })
  const backTo = usePageStepBack(list, page, PAGE_SIZE)
  if (error && !isFetching) return <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
  if (!list || backTo !== null) return <SkeletonCards count={4} />
  if (!list.items.length)
    return (
      <EmptyState title={CONTACTS_COPY.empty} icon="phone">
        <p>{CONTACTS_COPY.emptyHelp}</p>
        <p className="state__actions">
          <Link to={ROUTES.myMatches} className="btn btn--primary btn--sm">
            See my matches
          </Link>
        </p>
      </EmptyState>
    )
  return (
    <>
      <p className="member-list__count">{list.total === 1 ? '1 contact' : `${list.total} contacts`}</p>
      <div className="member-grid member-grid--wide">
        {list.items.map((card) => (
          <MemberListCard key={card.profileID} card={card} detail={<AcceptedLine card={card} now={now} />} view={{ label: 'View contact', hash: '#contact-title' }} />
        ))}
      </div>
      <Pagination page={page} total={list.total} pageSize={PAGE_SIZE} label="Contact pages" />
    </>
  )
}

const BOXES: ContactBox[] = ['viewed', 'shared']

/**
 * /inbox/contacts: the members whose full contact the viewer may see, in two lists chosen as ?box=viewed|shared:
 * "Viewed with my plan" (the default: GET list-of-contactview, with number, e-mail and the day) and "Shared with
 * me" (the members who accepted the viewer's phone request, each with "View contact" to their contact details).
 */
export default function ContactListScreen({ now }: { now?: Date } = {}) {
  const [params, setParams] = useSearchParams()
  const box: ContactBox = params.get('box') === 'shared' ? 'shared' : 'viewed'
  const page = usePageParam()
  const at = now ?? new Date()

  const choose = (b: ContactBox) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev)
      if (b === 'viewed') q.delete('box')
      else q.set('box', b)
      q.delete('page')
      return q
    })

  return (
    <>
      <Seo title={CONTACTS_COPY.title} description={CONTACTS_COPY.description} />
      <PageHeader title={CONTACTS_COPY.title} intro={CONTACTS_COPY.intro} crumbs={CRUMBS} />
      <section className="container section member-list contacts-screen">
        <InboxNav />
        <div className="request-list__bar">
          <div className="segmented segmented--buttons contacts-screen__tabs" role="group" aria-label="Which contacts">
            {BOXES.map((b) => (
              <button key={b} type="button" aria-pressed={box === b} onClick={() => choose(b)}>
                {CONTACTS_COPY.tabs[b]}
              </button>
            ))}
          </div>
        </div>
        {box === 'viewed' ? <ViewedList page={page} /> : <SharedList page={page} now={at} />}
      </section>
    </>
  )
}
