import { Link } from 'react-router'
import { ROUTES } from '../app/routes'
import { ContactFilterSetting, WithSettings } from '../features/settings/PrivacySettings'
import '../styles/settings.css'
import MemberPage from './MemberPage'

/** /contact-filter: who may see the member's full mobile number and e-mail with a contact view. */
export default function ContactFilter() {
  return (
    <MemberPage title="Contact Filter" intro="Decide who can see your full mobile number and e-mail.">
      <WithSettings>
        {(settings) => (
          <section className="panel">
            <ContactFilterSetting settings={settings} />
          </section>
        )}
      </WithSettings>
      <section className="panel" aria-labelledby="contact-view-title">
        <h2 id="contact-view-title" className="panel__title">
          How a contact view works
        </h2>
        <ol className="plain-steps">
          <li>A member on a paid plan asks to view your contact from your profile. Each new profile they view uses one contact view from their plan.</li>
          <li>If your filter allows them, they see your full number and e-mail, with the contact person you named.</li>
          <li>If it does not, your number and e-mail stay masked for them.</li>
        </ol>
        <p className="small">
          Set whom callers should ask for on <Link to={ROUTES.contactDetail}>Contact Details</Link>.
        </p>
      </section>
    </MemberPage>
  )
}
