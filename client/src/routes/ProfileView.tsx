import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { asApiError } from '../api/api'
import { notifyError, notifySuccess } from '../app/notify'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import Icon from '../components/Icon'
import PageHeader from '../components/PageHeader'
import Seo from '../components/Seo'
import { ErrorState, Skeleton } from '../components/States'
import { selectProfile } from '../entities/account'
import { useGetPartnerLabelsQuery, useGetPartnerProfileQuery } from '../features/partner/api'
import PartnerActions from '../features/partner/PartnerActions'
import { useChatActions } from '../features/chat/hooks'
import PartnerGallery from '../features/partner/PartnerGallery'
import { pronoun, useUnblockProfileMutation } from '../entities/member'
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

/** Who the viewer just blocked or reported on this screen. */
interface JustActed {
  profileID: string
  userName: string
  gender: number
  blocked: boolean
  reported: boolean
}

/** Shown in place of a profile the viewer has just blocked or reported: what happened, and the way back. */
function ActedNotice({ member, onUndone }: { member: JustActed; onUndone: () => void }) {
  const [unblock, { isLoading }] = useUnblockProfileMutation()
  const p = pronoun(member.gender)
  const undo = () =>
    unblock(member.profileID)
      .unwrap()
      .then(() => {
        notifySuccess(`You unblocked ${member.userName}.`)
        onUndone()
      })
      .catch((e: unknown) => notifyError(asApiError(e)?.message ?? 'That did not work just now. Please try again.'))
  const title = member.reported ? (member.blocked ? `You reported and blocked ${member.userName}` : 'Thank you for your report') : `You blocked ${member.userName}`
  return (
    <>
      <Seo title={member.blocked ? 'Profile blocked' : 'Profile reported'} description="You blocked or reported this member." />
      <PageHeader title="Profile" crumbs={CRUMBS} />
      <section className="container section narrow">
        <div className="state" role="status" data-testid="acted-notice">
          <Icon name={member.blocked ? 'block' : 'flag'} size={36} className="state__icon" />
          <h2 className="state__title">{title}</h2>
          <p className="state__body">
            {member.blocked
              ? `${member.userName} (${member.profileID}) can no longer see your profile or chat with you, and you will not see ${p.them} in your lists.`
              : `${member.userName} (${member.profileID}) will no longer appear in your lists or chat.`}
            {member.reported && ' Our team will review your report.'}
          </p>
          <div className="btn-row profile-missing__links">
            {member.blocked && !member.reported && (
              <button type="button" className="btn btn--outline" onClick={undo} disabled={isLoading} aria-busy={isLoading || undefined}>
                Unblock
              </button>
            )}
            <Link to={member.blocked ? ROUTES.blockedProfiles : ROUTES.dontShowProfiles} className="btn btn--primary">
              {member.blocked ? 'Blocked Profiles' : "Don't Show Profiles"}
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
  const [acted, setActed] = useState<JustActed | null>(null)
  const actedHere = acted !== null && acted.profileID.toUpperCase() === id.toUpperCase()
  const { data: profile, isLoading, isFetching, error, refetch } = useGetPartnerProfileQuery(id, { skip: !id || actedHere })
  const { data: options } = useGetPartnerLabelsQuery(undefined, { skip: !id })
  const apiError = asApiError(error)

  if (acted && actedHere) return <ActedNotice member={acted} onUndone={() => setActed(null)} />
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
            {!profile.isSelf && (
              <PartnerActions
                profile={profile}
                onChat={() => chat.open(profile.profileID)}
                onBlocked={() => setActed({ profileID: profile.profileID, userName: profile.userName, gender: profile.gender, blocked: true, reported: false })}
                onReported={() => setActed({ profileID: profile.profileID, userName: profile.userName, gender: profile.gender, blocked: true, reported: true })}
              />
            )}
            <PartnerContactCard profile={profile} viewerPaid={Boolean(viewer?.subscription)} plansPath={ROUTES.plans} />
            <PartnerBadges badges={profile.badges} name={profile.userName} />
          </div>
        </div>
        <PartnerDetails profile={profile} options={options} />
      </div>
    </>
  )
}
