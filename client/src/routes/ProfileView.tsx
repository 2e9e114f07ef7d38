import { Link, useSearchParams } from 'react-router'
import { asApiError } from '../api/api'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import Icon from '../components/Icon'
import PageHeader from '../components/PageHeader'
import Seo from '../components/Seo'
import { ErrorState, Skeleton } from '../components/States'
import { selectProfile } from '../features/account/accountSlice'
import { useGetPartnerLabelsQuery, useGetPartnerProfileQuery } from '../features/partner/api'
import PartnerActions from '../features/partner/PartnerActions'
import { useChatActions } from '../features/chat/hooks'
import PartnerGallery from '../features/partner/PartnerGallery'
import { PartnerBadges, PartnerContactCard, PartnerDetails, PartnerSummary } from '../features/partner/PartnerInfo'
import '../styles/photos.css'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

/** The same friendly answer for unknown, hidden, deleted and blocking profiles: the server does not tell them apart. */
function ProfileNotFound({ hadId }: { hadId: boolean }) {
  return (
    <>
      <Seo title="Profile not found" description="This profile is not available." />
      <PageHeader title="Profile" crumbs={CRUMBS} />
      <section className="container section narrow">
        <div className="state profile-missing" role="status">
          <Icon name="search" size={36} className="state__icon" />
          <h2 className="state__title">Profile not found</h2>
          <p className="state__body">
            {hadId
              ? 'This profile is not available. It may be hidden or removed by its owner, or the link may be mistyped.'
              : 'No profile was chosen. Open a profile from your matches or a search.'}
          </p>
          <div className="btn-row profile-missing__links">
            <Link to={ROUTES.myMatrimony} className="btn btn--primary">
              Go to My Matrimony
            </Link>
            <Link to={ROUTES.searchBasic} className="btn btn--outline">
              Search profiles
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}

/** /profile?profileId=<code>: another member's profile as the viewer may see it (GET profile/partner/{id}). */
export default function ProfileView() {
  const [params] = useSearchParams()
  const id = (params.get('profileId') ?? '').trim()
  const viewer = useAppSelector(selectProfile)
  const chat = useChatActions()
  const { data: profile, isLoading, isFetching, error, refetch } = useGetPartnerProfileQuery(id, { skip: !id })
  const { data: options } = useGetPartnerLabelsQuery(undefined, { skip: !id })
  const apiError = asApiError(error)

  if (!id || apiError?.status === 404) return <ProfileNotFound hadId={Boolean(id)} />

  if (apiError) {
    return (
      <>
        <Seo title="Profile" description="A member profile" />
        <PageHeader title="Profile" crumbs={CRUMBS} />
        <section className="container section narrow">
          <ErrorState message={apiError.message} onRetry={() => void refetch()} />
        </section>
      </>
    )
  }

  if (isLoading || !profile) {
    return (
      <>
        <Seo title="Profile" description="A member profile" />
        <PageHeader title="Profile" crumbs={CRUMBS} />
        <div className="container section profile-view" aria-busy="true">
          <div className="profile-view__top">
            <div className="gallery">
              <span className="skeleton__block gallery__main" />
            </div>
            <div className="panel">
              <Skeleton lines={6} />
            </div>
          </div>
        </div>
      </>
    )
  }

  return (
    <>
      <Seo title={`${profile.userName} (${profile.profileID})`} description={`The profile of ${profile.userName} on Christian matrimony.`} path={`/profile?profileId=${profile.profileID}`} />
      <PageHeader title={profile.userName} crumbs={CRUMBS} />
      <div className="container section profile-view" aria-busy={isFetching || undefined}>
        {profile.isSelf && (
          <div className="notice profile-view__self" role="note">
            <Icon name="info" size={20} />
            <p>
              This is your own profile, as other members see it. They see your contact details masked and, when your photos are protected, a locked picture.{' '}
              <Link to={ROUTES.editProfile}>Edit my profile</Link> · <Link to={ROUTES.myPhotos}>My Photos</Link>
            </p>
          </div>
        )}
        <div className="profile-view__top">
          <PartnerGallery key={profile.profileID} profile={profile} />
          <div className="profile-view__side">
            <PartnerSummary profile={profile} options={options} />
            {!profile.isSelf && <PartnerActions profile={profile} onChat={() => chat.open(profile.profileID)} />}
            <PartnerContactCard profile={profile} viewerPaid={Boolean(viewer?.subscription)} plansPath={ROUTES.plans} />
            <PartnerBadges badges={profile.badges} name={profile.userName} />
          </div>
        </div>
        <PartnerDetails profile={profile} options={options} />
      </div>
    </>
  )
}
