import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ROUTES } from '../../app/routes'
import MemberPhoto from '../../components/MemberPhoto'
import { formatDdMmYyyy, timeAgo } from '../../lib/format'
import { defaultPhoto, photoUrl } from '../../lib/photos'
import type { CardInvitation, MemberCard } from '../../entities/member'
import type { MemberListKind } from './api'

/** How an invitation stands, as the sent list's badge says it. */
const INVITATION_STATUS: Record<CardInvitation['status'], { text: string; tone: string }> = {
  pending: { text: 'Waiting for an answer', tone: 'todo' },
  accepted: { text: 'Accepted', tone: 'ok' },
  declined: { text: 'Declined', tone: 'muted' },
  cancelled: { text: 'Cancelled', tone: 'muted' },
}

/**
 * "Viewed 2 days ago", "Visited yesterday · 3 times", "Blocked on 14-02-2025", "Invited you 3 hours ago",
 * "Accepted yesterday (you invited)": when the card joined this list. On the sent list the invitation's status
 * goes in a badge before it ("Waiting for an answer" then "Sent 3 hours ago"; "Declined" then "2 days ago").
 */
function whenLine(kind: MemberListKind, card: MemberCard, now: Date): { label: string; at: string } | null {
  const inv = card.invitation
  let at: string | undefined
  switch (kind) {
    case 'recently-viewed':
    case 'recent-visitors':
      at = card.viewedAt
      break
    case 'blocked':
    case 'dont-show':
      at = card.since
      break
    default:
      at = inv?.at
  }
  const ago = timeAgo(at, now)
  if (!at || !ago) return null
  switch (kind) {
    case 'recently-viewed':
      return { label: `Viewed ${ago}`, at }
    case 'recent-visitors':
      return { label: `Visited ${ago}${card.viewCount && card.viewCount > 1 ? ` · ${card.viewCount} times` : ''}`, at }
    case 'blocked':
      return { label: `Blocked ${ago}`, at }
    case 'dont-show':
      return { label: `Added ${ago}`, at }
    case 'invitations-received':
      return { label: `Invited you ${ago}`, at }
    case 'invitations-sent':
      // The badge names the status; a pending one's time is when it was sent, any other's when it was answered.
      return { label: inv?.status === 'pending' ? `Sent ${ago}` : ago, at }
    case 'invitations-accepted':
      return { label: `Accepted ${ago}${inv ? (inv.sentByMe ? ' (you invited)' : ' (invited you)') : ''}`, at }
  }
}

interface MemberListCardProps {
  card: MemberCard
  /** Which member list the card is on: it says when the card joined it. Absent on the request lists, which pass `detail`. */
  kind?: MemberListKind
  /** Lines of the card's own after the profile ID, in place of the list's "when" line (the request lists': what, when, how it stands). */
  detail?: ReactNode
  /** The list's own buttons (Unblock, Show again, Accept and Decline, Cancel invitation), if any. */
  actions?: ReactNode
  /** For tests; defaults to the current time. */
  now?: Date
  /** The profile link's words and the section it opens (default "View profile", the top). */
  view?: { label: string; hash?: string }
}

/**
 * A member on one of the lists: photo (or the gender default), name, age and height, community, place, profession,
 * profile ID and when they joined this list. Blocked members have no photo and no profile link: their profile is
 * closed to the viewer, so only the ID is shown.
 */
export default function MemberListCard({ card, kind, detail, actions, now = new Date(), view = { label: 'View profile' } }: MemberListCardProps) {
  const name = card.userName || card.profileID
  const src = photoUrl(defaultPhoto(card.photos), 'small')
  const role = card.gender === 10 ? 'Groom' : 'Bride'
  const vitals = [card.age ? `${card.age} yrs` : '', card.height].filter(Boolean).join(' · ')
  const place = [card.city, card.state].filter(Boolean).join(', ')
  const when = kind ? whenLine(kind, card, now) : null
  const viewable = kind !== 'blocked'
  const status = kind === 'invitations-sent' && card.invitation ? INVITATION_STATUS[card.invitation.status] : null
  return (
    <article className="card member-card member-card--list" data-testid="member-list-card">
      <MemberPhoto src={src} gender={card.gender} alt={src ? `Photo of ${name}` : `${role} avatar`} size={88} className="member-card__avatar" />
      <div className="member-card__body">
        <h2 className="member-card__name">{name}</h2>
        {vitals && <p className="member-card__meta">{vitals}</p>}
        {card.community && <p className="member-card__meta">{card.community}</p>}
        {place && <p className="member-card__meta">{place}</p>}
        {card.profession && <p className="member-card__meta">{card.profession}</p>}
        <p className="member-card__id">ID {card.profileID}</p>
        {(status || when) && (
          <p className="member-card__when">
            {status && <span className={`badge badge--${status.tone} member-card__status`}>{status.text}</span>}
            {status && when && ' '}
            {when && (
              <time dateTime={when.at} title={formatDdMmYyyy(when.at)}>
                {when.label}
              </time>
            )}
          </p>
        )}
        {detail}
        {(viewable || actions) && (
          <div className="member-card__actions">
            {viewable && (
              <Link
                to={`${ROUTES.profileView}?profileId=${encodeURIComponent(card.profileID)}${view.hash ?? ''}`}
                className="btn btn--outline btn--sm"
                aria-label={`${view.label} of ${name}`}
              >
                {view.label}
              </Link>
            )}
            {actions}
          </div>
        )}
      </div>
    </article>
  )
}
