import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ROUTES } from '../../app/routes'
import { notifySuccess } from '../../app/notify'
import Icon from '../../components/Icon'
import MemberPhoto from '../../components/MemberPhoto'
import { ACTIVITY_WORDS, BADGE_WORDS, DISTANCE_WORDS, preferenceWords, useDontShowProfileMutation, useInviteProfileMutation } from '../../entities/member'
import type { MatchCard, MatchWhy } from '../../entities/member'
import { defaultPhoto, photoUrl } from '../../lib/photos'

/**
 * "Why this match" in plain words: the viewer's preferences this member meets ("You want: age, denomination, city")
 * and the member's preferences the viewer meets ("They want: age, mother tongue"). Only preferences that are set
 * are named, so nothing shows when neither side has one.
 */
export function WhyThisMatch({ why }: { why: MatchWhy | undefined }) {
  const id = useId()
  const mine = preferenceWords(why?.mine)
  const theirs = preferenceWords(why?.theirs)
  if (!mine && !theirs) return null
  return (
    <div className="match-why" role="group" aria-labelledby={id}>
      <p id={id} className="match-why__title">
        <Icon name="heart" size={14} /> Why this match
      </p>
      <ul className="match-why__list">
        {mine && (
          <li>
            <strong>You want:</strong> {mine}
          </li>
        )}
        {theirs && (
          <li>
            <strong>They want:</strong> {theirs}
          </li>
        )}
      </ul>
    </div>
  )
}

interface MemberMatchCardProps {
  card: MatchCard
  /** h2 on a list page, h3 under a "Results" heading. */
  headingLevel?: 2 | 3
  /** The member is now on the viewer's "don't show" list: the list drops the card. */
  onHidden?: (profileId: string) => void
}

/**
 * A member in the match lists and search results: photo (or the gender default), name, age and height,
 * denomination, place, profession, the new / activity / distance hints, verification badges, "Why this match",
 * and the buttons View profile, Invite (POST profile/invite/{id}) and Don't show (POST profile/dont-show/{id}).
 * The invitation between the two decides what Invite says; both calls reload the lists through the API's tags.
 */
export default function MemberMatchCard({ card, headingLevel = 2, onHidden }: MemberMatchCardProps) {
  const [invite, inviteState] = useInviteProfileMutation()
  const [dontShow, dontShowState] = useDontShowProfileMutation()
  const [invited, setInvited] = useState(false)
  const name = card.userName || card.profileID
  const src = photoUrl(defaultPhoto(card.photos), 'small')
  const role = card.gender === 10 ? 'Groom' : 'Bride'
  const vitals = [card.age ? `${card.age} yrs` : '', card.height].filter(Boolean).join(' · ')
  const place = [card.city, card.state].filter(Boolean).join(', ')
  const activity = card.activeWithin ? ACTIVITY_WORDS[card.activeWithin] : undefined
  const distance = card.distance ? DISTANCE_WORDS[card.distance] : undefined
  const badges = (card.badges ?? []).filter((b) => BADGE_WORDS[b])
  const inv = card.invitation
  const Heading = headingLevel === 3 ? 'h3' : 'h2'

  const onInvite = () => {
    invite(card.profileID)
      .unwrap()
      .then(() => {
        setInvited(true)
        notifySuccess(`Invitation sent to ${name}.`)
      })
      // The store toasts the server's reason (the daily limit, an invitation already there); the button is ready again.
      .catch(() => {})
  }
  const onDontShow = () => {
    dontShow(card.profileID)
      .unwrap()
      .then(() => {
        notifySuccess(`${name} will no longer appear in your matches. You can undo this on Don't Show Profiles.`)
        onHidden?.(card.profileID)
      })
      .catch(() => {})
  }

  let inviteControl
  if (inv?.status === 'accepted') {
    inviteControl = (
      <span className="badge badge--ok match-card__invited">
        <Icon name="check" size={14} /> Invitation accepted
      </span>
    )
  } else if (inv?.status === 'pending' && !inv.sentByMe) {
    inviteControl = (
      <Link to={ROUTES.inboxReceived} className="btn btn--primary btn--sm" aria-label={`Answer the invitation from ${name}`}>
        Answer invitation
      </Link>
    )
  } else if (invited || (inv?.status === 'pending' && inv.sentByMe)) {
    inviteControl = (
      <button type="button" className="btn btn--outline btn--sm" disabled aria-label={`Invitation sent to ${name}`}>
        <Icon name="check" size={16} /> Invitation sent
      </button>
    )
  } else {
    const text = inviteState.isLoading ? 'Inviting…' : 'Invite'
    inviteControl = (
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={inviteState.isLoading || dontShowState.isLoading}
        aria-busy={inviteState.isLoading || undefined}
        aria-label={`${text} ${name}`}
        onClick={onInvite}
      >
        <Icon name="heart" size={16} /> {text}
      </button>
    )
  }
  const hideText = dontShowState.isLoading ? 'Hiding…' : "Don't show"

  return (
    <article className={'card match-card' + (card.highlighted ? ' match-card--highlighted' : '')} data-testid="match-card">
      <MemberPhoto src={src} gender={card.gender} alt={src ? `Photo of ${name}` : `${role} avatar`} size={96} className="match-card__photo" />
      <div className="match-card__head">
        <Heading className="match-card__name">{name}</Heading>
        {(card.highlighted || card.isNew || activity || distance || card.viewed) && (
          <p className="match-card__hints">
            {card.highlighted && (
              <span className="badge badge--gold">
                <Icon name="star" size={13} /> Premium member
              </span>
            )}
            {card.isNew && <span className="badge badge--todo">New member</span>}
            {activity && (
              <span className="badge badge--ok">
                <Icon name="clock" size={13} /> {activity}
              </span>
            )}
            {distance && (
              <span className="badge badge--muted">
                <Icon name="location" size={13} /> {distance}
              </span>
            )}
            {card.viewed && <span className="badge badge--muted">Viewed</span>}
          </p>
        )}
        {vitals && <p className="match-card__meta">{vitals}</p>}
        {card.community && <p className="match-card__meta">{card.community}</p>}
        {place && <p className="match-card__meta">{place}</p>}
        {card.profession && <p className="match-card__meta">{card.profession}</p>}
        <p className="match-card__id">ID {card.profileID}</p>
      </div>
      {badges.length > 0 && (
        <ul className="match-card__badges" aria-label="Verified">
          {badges.map((b) => (
            <li key={b}>
              <Icon name="badge" size={14} /> {BADGE_WORDS[b]}
            </li>
          ))}
        </ul>
      )}
      <WhyThisMatch why={card.why} />
      <div className="match-card__actions">
        <Link to={`${ROUTES.profileView}?profileId=${encodeURIComponent(card.profileID)}`} className="btn btn--outline btn--sm" aria-label={`View profile of ${name}`}>
          View profile
        </Link>
        {inviteControl}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={dontShowState.isLoading || inviteState.isLoading}
          aria-busy={dontShowState.isLoading || undefined}
          aria-label={`${hideText} ${name}`}
          onClick={onDontShow}
        >
          <Icon name="eyeOff" size={16} /> {hideText}
        </button>
      </div>
    </article>
  )
}
