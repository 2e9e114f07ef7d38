import { Link } from 'react-router'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectSiteSettings } from '../features/common/commonSlice'
import { useGetSettingsOptionsQuery } from '../features/settings/api'
import ContactPersonForm from '../features/settings/ContactPersonForm'
import OwnContactPanel from '../features/settings/OwnContactPanel'
import { WithSettings } from '../features/settings/PrivacySettings'
import '../styles/settings.css'
import MemberPage from './MemberPage'

/** /contact-detail: the member's own e-mail and mobile with their verification, and the contact person members ask for. */
export default function ContactDetail() {
  const site = useAppSelector(selectSiteSettings)
  const options = useGetSettingsOptionsQuery()
  return (
    <MemberPage title="Contact Details" intro="Your e-mail and mobile, and whom members should ask for when they call.">
      <OwnContactPanel verifyPath={ROUTES.myAccount} supportEmail={site?.supportEmail} />
      <WithSettings>
        {(settings) => (
          <section className="panel">
            {options.data ? (
              <ContactPersonForm settings={settings} relations={options.data.enums.contactRelation ?? []} />
            ) : options.isError ? (
              <ErrorState message={asApiError(options.error)?.message} onRetry={() => void options.refetch()} />
            ) : (
              <Skeleton lines={4} />
            )}
          </section>
        )}
      </WithSettings>
      <section className="panel" aria-labelledby="contact-more-title">
        <h2 id="contact-more-title" className="panel__title">
          Who can see your contact
        </h2>
        <p className="small">
          Choose whether any paid member, only those with a verified mobile, or only those whose invitation is accepted can see your full number and e-mail on the{' '}
          <Link to={ROUTES.contactFilter}>Contact Filter</Link> page.
        </p>
      </section>
    </MemberPage>
  )
}
