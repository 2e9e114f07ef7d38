import { Link } from 'react-router'
import Icon from '../components/Icon'
import MemberPhoto from '../components/MemberPhoto'
import { Skeleton } from '../components/States'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile } from '../features/account/accountSlice'
import { VerifiedBadge } from '../features/account/VerificationPanel'
import { formatDdMmYyyy } from '../lib/format'
import { defaultPhoto, photoUrl } from '../lib/photos'
import MemberPage from './MemberPage'

/** Profile completion counts 30 as complete (spec §2). */
const COMPLETE_STEPS = 30

/** /my-matrimony: the member's dashboard from GET profile (name, ID, verification, plan, completion); no invented data. */
export default function MyMatrimony() {
  const profile = useAppSelector(selectProfile)
  if (!profile) {
    return (
      <MemberPage title="My Matrimony">
        <div className="panel" aria-busy="true">
          <Skeleton lines={4} />
        </div>
      </MemberPage>
    )
  }
  const percent = Math.min(100, Math.round((profile.completedSteps / COMPLETE_STEPS) * 100))
  const sub = profile.subscription
  return (
    <MemberPage title="My Matrimony">
      <section className="panel member-card-lg" aria-labelledby="welcome-title">
        <MemberPhoto src={photoUrl(defaultPhoto(profile.photos))} gender={profile.gender} alt={profile.photos.length ? `Photo of ${profile.userName}` : ''} size={96} className="member-card-lg__photo" />
        <div className="member-card-lg__body">
          <h2 id="welcome-title" className="member-card-lg__name">
            Welcome, {profile.userName}
          </h2>
          <p className="member-card-lg__id">
            Profile ID <strong>{profile.profileID}</strong>
          </p>
          <div className="badges">
            <VerifiedBadge verified={profile.emailVerified} what="Email" />
            <VerifiedBadge verified={profile.phoneVerified} what="Mobile" />
            {profile.hidden && (
              <span className="badge badge--todo">
                <Icon name="lock" size={14} /> Profile hidden
              </span>
            )}
          </div>
          {(!profile.emailVerified || !profile.phoneVerified) && (
            <p className="small">
              <Link to={ROUTES.myAccount} className="text-link">
                Verify your {!profile.emailVerified && !profile.phoneVerified ? 'email and mobile' : !profile.emailVerified ? 'email' : 'mobile'}
              </Link>{' '}
              so that families can trust your profile.
            </p>
          )}
        </div>
      </section>

      <div className="panel-grid">
        <section className="panel" aria-labelledby="plan-title">
          <h2 id="plan-title" className="panel__title">
            Membership
          </h2>
          {sub ? (
            <>
              <p className="plan-line">
                <strong>{sub.planName}</strong>
              </p>
              <p className="small">Valid till {formatDdMmYyyy(sub.expiresAt)}</p>
              <Link to={ROUTES.planUpgrade} className="btn btn--outline btn--sm">
                {profile.prevContactViewPending === 0 ? 'Update Plan' : 'Renew Plan'}
              </Link>
            </>
          ) : (
            <>
              <p className="plan-line">
                <strong>Free member</strong>
              </p>
              <p className="small">Upgrade to view contact details and start chats.</p>
              <Link to={ROUTES.plans} className="btn btn--gold btn--sm">
                Upgrade
              </Link>
            </>
          )}
        </section>
        <section className="panel" aria-labelledby="completion-title">
          <h2 id="completion-title" className="panel__title">
            Profile completion
          </h2>
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Profile completion">
            <span className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
          <p className="small">{percent}% complete</p>
          {percent < 100 && (
            <Link to="/profile-completion" className="btn btn--outline btn--sm">
              Complete my profile
            </Link>
          )}
        </section>
      </div>

      <section className="panel" aria-labelledby="next-title">
        <h2 id="next-title" className="panel__title">
          Find your match
        </h2>
        <ul className="quick-links">
          <li>
            <Link to="/matches/new-matches">
              <Icon name="heart" size={18} /> New Matches
            </Link>
          </li>
          <li>
            <Link to="/matches/daily-recommendations">
              <Icon name="star" size={18} /> Today Matches
            </Link>
          </li>
          <li>
            <Link to={ROUTES.searchBasic}>
              <Icon name="search" size={18} /> Search
            </Link>
          </li>
          <li>
            <Link to="/inbox/received">
              <Icon name="mail" size={18} /> Inbox
            </Link>
          </li>
        </ul>
      </section>
    </MemberPage>
  )
}
