import { Link } from 'react-router'
import MemberPhoto from '../components/MemberPhoto'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { ROUTES } from '../app/routes'
import { useGetOwnProfileQuery, useGetProfileOptionsQuery } from '../features/profile/api'
import { BadgeList, CompletionMeter, OwnProfileSections, PhotoStrip, enumLabel } from '../features/profile/OwnProfileView'
import { isProfileComplete } from '../features/profile/wizard'
import { defaultPhoto, photoUrl } from '../lib/photos'
import MemberPage from './MemberPage'
import '../styles/profile.css'

/** /my-matrimony/my-profile: the member's whole own profile (GET profile), section by section, each with an Edit link. */
export default function MyProfile() {
  const { data: p, isLoading, isError, error, refetch } = useGetOwnProfileQuery(undefined, { refetchOnMountOrArgChange: true })
  const { data: options } = useGetProfileOptionsQuery()

  if (isLoading || (!p && !isError)) {
    return (
      <MemberPage title="My Profile">
        <div className="panel" aria-busy="true">
          <Skeleton lines={4} />
        </div>
        <div className="panel" aria-busy="true">
          <Skeleton lines={6} />
        </div>
      </MemberPage>
    )
  }
  if (!p) {
    return (
      <MemberPage title="My Profile">
        <section className="panel">
          <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
        </section>
      </MemberPage>
    )
  }
  const photo = photoUrl(defaultPhoto(p.photos))
  const facts = [
    `${p.basic.age} years`,
    p.basic.height,
    enumLabel(options, 'maritalStatus', p.basic.maritalStatus),
    p.faith.community,
    [p.location.city, p.location.state].filter(Boolean).join(', '),
  ].filter(Boolean)
  return (
    <MemberPage title="My Profile" intro="This is your profile as you keep it. Edit any section; other members see it without your date of birth and with your contact details masked.">
      <section className="panel own-head" aria-labelledby="own-name">
        <MemberPhoto src={photo} gender={p.gender} alt={photo ? `Profile photo of ${p.userName}` : ''} size={112} className="own-head__photo" />
        <div className="own-head__body">
          <h2 id="own-name" className="member-card-lg__name">
            {p.basic.profileName || p.userName}
          </h2>
          <p className="member-card-lg__id">
            Profile ID <strong>{p.profileID}</strong>
          </p>
          <p className="own-head__facts">{facts.join(' · ')}</p>
          <div className="badges">
            {p.badges.length ? <BadgeList badges={p.badges} /> : <span className="small muted">No verification badges yet.</span>}
            {!(p.emailVerified && p.phoneVerified) && (
              <Link to={ROUTES.myAccount} className="small text-link">
                Verify your {!p.emailVerified && !p.phoneVerified ? 'email and mobile' : !p.emailVerified ? 'email' : 'mobile'}
              </Link>
            )}
          </div>
        </div>
        <div className="own-head__side">
          <CompletionMeter completedSteps={p.completedSteps} id="own-completion" />
          <div className="dash-actions">
            {!isProfileComplete(p.completedSteps) && (
              <Link to={ROUTES.profileCompletion} className="btn btn--primary btn--sm">
                Complete my profile
              </Link>
            )}
            <Link to={`${ROUTES.profileView}?profileId=${encodeURIComponent(p.profileID)}`} className="btn btn--outline btn--sm">
              See it as others do
            </Link>
          </div>
        </div>
      </section>
      <PhotoStrip photos={p.photos} gender={p.gender} name={p.userName} />
      <OwnProfileSections profile={p} options={options} />
    </MemberPage>
  )
}
