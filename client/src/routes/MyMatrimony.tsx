import { Link } from 'react-router'
import Icon from '../components/Icon'
import type { IconName } from '../components/Icon'
import MemberPhoto from '../components/MemberPhoto'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile, useGetProfileQuery } from '../entities/account'
import type { Entitlements } from '../entities/account'
import { VerifiedBadge } from '../features/account/VerificationPanel'
import LatestNotifications from '../features/notifications/LatestNotifications'
import { useGetDashViewQuery } from '../features/profile/api'
import { BadgeList, CompletionMeter, completionLink } from '../features/profile/OwnProfileView'
import type { DashCounts, Dashboard, PlanUsage } from '../features/profile/types'
import { isProfileComplete, remainingSections } from '../features/profile/wizard'
import { formatDdMmYyyy } from '../lib/format'
import { defaultPhoto, photoUrl } from '../lib/photos'
import MemberPage from './MemberPage'
import '../styles/profile.css'

/** The dashboard's counters, each linked to the page that lists them. */
const COUNTS: { key: keyof DashCounts; label: string; to: string; icon: IconName }[] = [
  { key: 'newMatches', label: 'New matches', to: ROUTES.newMatches, icon: 'heart' },
  { key: 'invitationsReceived', label: 'Invitations received', to: '/inbox/received', icon: 'mail' },
  { key: 'invitationsAccepted', label: 'Invitations accepted', to: '/inbox/accepted', icon: 'check' },
  { key: 'recentVisitors', label: 'Recent visitors', to: ROUTES.matchesRecentVisitors, icon: 'users' },
  { key: 'photoRequests', label: 'Photo requests', to: `${ROUTES.inboxRequests}?kind=photo`, icon: 'star' },
  { key: 'phoneRequests', label: 'Phone requests', to: `${ROUTES.inboxRequests}?kind=phone`, icon: 'phone' },
]

/** /my-matrimony: the member's dashboard from GET profile/dash-view and the summary profile. */
export default function MyMatrimony() {
  const profile = useAppSelector(selectProfile)
  const dash = useGetDashViewQuery(undefined, { refetchOnMountOrArgChange: true })
  const d = dash.data
  // The shell loads the own profile (useSession); this screen only shows how that went while it has none.
  const own = useGetProfileQuery(undefined, { skip: Boolean(profile) })

  if (!profile) {
    return (
      <MemberPage title="My Matrimony">
        {own.isError && !own.isFetching ? (
          <ErrorState message={asApiError(own.error)?.message} onRetry={() => void own.refetch()} />
        ) : (
          <div className="panel" aria-busy="true">
            <Skeleton lines={4} />
          </div>
        )}
      </MemberPage>
    )
  }
  const photo = photoUrl(defaultPhoto(d?.photos?.length ? d.photos : profile.photos))
  const hidden = d?.hidden ?? profile.hidden
  return (
    <MemberPage title="My Matrimony">
      <section className="panel member-card-lg" aria-labelledby="welcome-title">
        <MemberPhoto src={photo} gender={profile.gender} alt={photo ? `Photo of ${profile.userName}` : ''} size={96} className="member-card-lg__photo" />
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
            {d && <BadgeList badges={d.badges} kinds={['id', 'parish']} />}
            {hidden && (
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
          <div className="dash-actions">
            <Link to={ROUTES.myProfile} className="btn btn--outline btn--sm">
              View my profile
            </Link>
            <Link to={ROUTES.editProfile} className="btn btn--ghost btn--sm">
              Edit profile
            </Link>
          </div>
        </div>
      </section>

      {hidden && (
        <div className="notice" role="status">
          <Icon name="lock" size={20} />
          <p>
            Your profile is hidden: other members cannot find or open it. <Link to={ROUTES.privacyOptions}>Show it again</Link> when you are ready.
          </p>
        </div>
      )}

      {dash.isError && !d ? (
        <section className="panel">
          <ErrorState message={asApiError(dash.error)?.message} onRetry={() => void dash.refetch()} />
        </section>
      ) : !d ? (
        <div className="panel-grid" aria-busy="true">
          <div className="panel">
            <Skeleton lines={4} />
          </div>
          <div className="panel">
            <Skeleton lines={4} />
          </div>
        </div>
      ) : (
        <>
          <div className="panel-grid dash-grid">
            <CompletionPanel dash={d} />
            <PlanPanel plan={planUsage(profile.entitlements) ?? d.plan} />
          </div>
          <section className="panel" aria-labelledby="activity-title">
            <h2 id="activity-title" className="panel__title">
              Your activity
            </h2>
            <ul className="dash-counts">
              {COUNTS.map((c) => (
                <li key={c.key}>
                  <Link to={c.to} className={'dash-count' + (d.counts[c.key] > 0 ? ' dash-count--active' : '')}>
                    <Icon name={c.icon} size={20} className="dash-count__icon" />
                    <strong className="dash-count__num">{d.counts[c.key]}</strong>
                    <span className="dash-count__label">{c.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      <LatestNotifications />

      <section className="panel" aria-labelledby="next-title">
        <h2 id="next-title" className="panel__title">
          Find your match
        </h2>
        <ul className="quick-links">
          <li>
            <Link to={ROUTES.newMatches}>
              <Icon name="heart" size={18} /> New Matches
            </Link>
          </li>
          <li>
            <Link to={ROUTES.todayMatches}>
              <Icon name="star" size={18} /> Today Matches
            </Link>
          </li>
          <li>
            <Link to={ROUTES.myMatches}>
              <Icon name="users" size={18} /> My Matches
            </Link>
          </li>
          <li>
            <Link to={ROUTES.nearbyMatches}>
              <Icon name="location" size={18} /> Near Me
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

/** Completion: the bar, what is still missing (each linked to where it is filled in), and the way to the wizard. */
function CompletionPanel({ dash }: { dash: Dashboard }) {
  const remaining = remainingSections(dash.completion)
  const complete = isProfileComplete(dash.completedSteps)
  const doneCount = dash.completion.length - remaining.length
  return (
    <section className={'panel dash-completion' + (complete ? '' : ' dash-completion--todo')} aria-labelledby="completion-title">
      <h2 id="completion-title" className="panel__title">
        {complete ? 'Your profile is complete' : 'Complete your profile'}
      </h2>
      <CompletionMeter completedSteps={dash.completedSteps} id="dash-completion-label" />
      {complete ? (
        <p className="small">Thank you — families see every detail they look for. Keep it up to date as life changes.</p>
      ) : (
        <>
          <p className="small">
            {doneCount} of {dash.completion.length} sections done. Complete profiles get far more responses. Still to do:
          </p>
          <ul className="chips dash-todo">
            {remaining.map((s) => (
              <li key={s.key}>
                <Link to={completionLink(s.key)} className="chip">
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={ROUTES.profileCompletion} className="btn btn--primary">
            Complete my profile
          </Link>
        </>
      )}
      <ul className="dash-links">
        <li>
          <Link to={ROUTES.myPhotos}>
            <Icon name="users" size={18} /> My Photos
          </Link>
        </li>
        <li>
          <Link to={ROUTES.partnerPreferences}>
            <Icon name="heart" size={18} /> Partner Preferences
          </Link>
        </li>
        <li>
          <Link to={ROUTES.myProfile}>
            <Icon name="info" size={18} /> My Profile
          </Link>
        </li>
      </ul>
    </section>
  )
}

/**
 * The plan as GET profile's entitlements tell it (refreshed at once after a payment or a contact view), in the
 * dashboard's shape; undefined when the server sent none (the dashboard's own plan is used then), null when free.
 */
function planUsage(e: Entitlements | undefined): PlanUsage | null | undefined {
  if (!e) return undefined
  if (!e.paid || !e.expiresAt) return null
  return {
    planName: e.planName,
    expiresAt: e.expiresAt,
    contactViewsUsed: e.contactViewsUsed,
    contactViewsTotal: e.contactViewsTotal,
    prevContactViewPending: e.prevContactViewPending,
    contactViewsLeft: e.contactViewsLeft,
  }
}

/** The plan with its expiry (DD-MM-YYYY) and contact views, or the way to upgrade. */
function PlanPanel({ plan }: { plan: PlanUsage | null }) {
  const total = plan ? plan.contactViewsTotal + plan.prevContactViewPending : 0
  const usedPercent = plan && total ? Math.round(((total - plan.contactViewsLeft) / total) * 100) : 0
  return (
    <section className="panel" aria-labelledby="plan-title">
      <h2 id="plan-title" className="panel__title">
        Membership
      </h2>
      <p className="plan-line">
        <strong>{plan ? plan.planName : 'Free member'}</strong>
      </p>
      {!plan ? (
        <>
          <p className="small">Upgrade to view contact details and start chats.</p>
          <div className="dash-actions">
            <Link to={ROUTES.plans} className="btn btn--gold btn--sm">
              Upgrade
            </Link>
            <Link to={ROUTES.myOrders} className="btn btn--ghost btn--sm">
              My Orders
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="small">Valid till {formatDdMmYyyy(plan.expiresAt)}</p>
          <p className="small" id="views-label">
            <strong>{plan.contactViewsLeft}</strong> of {total} contact views left
            {plan.prevContactViewPending > 0 && ` (${plan.prevContactViewPending} carried forward)`}
          </p>
          <div className="progress" role="progressbar" aria-labelledby="views-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={usedPercent}>
            <span className="progress__bar" style={{ width: `${usedPercent}%` }} />
          </div>
          <div className="dash-actions">
            <Link to={ROUTES.planUpgrade} className="btn btn--outline btn--sm">
              {plan.prevContactViewPending === 0 ? 'Update Plan' : 'Renew Plan'}
            </Link>
            <Link to={ROUTES.myOrders} className="btn btn--ghost btn--sm">
              My Orders
            </Link>
          </div>
        </>
      )}
    </section>
  )
}
