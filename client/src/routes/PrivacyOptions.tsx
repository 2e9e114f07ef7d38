import { Link } from 'react-router'
import { Skeleton } from '../components/States'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile } from '../entities/account'
import { HideProfileSwitch } from '../features/account/PrivacyControls'
import { ChatSettingChoice, ContactFilterSetting, PhotoVisibilitySetting, PublicListsSwitch, WithSettings } from '../features/settings/PrivacySettings'
import '../styles/settings.css'
import MemberPage from './MemberPage'

/** The settings of profile/settings this page shows, one panel each. */
const SETTING_PANELS = [
  { id: 'photos', title: 'Photos', Setting: PhotoVisibilitySetting },
  { id: 'chat', title: 'Chat', Setting: ChatSettingChoice },
  { id: 'contact', title: 'Contact details', Setting: ContactFilterSetting },
  { id: 'public', title: 'Public lists', Setting: PublicListsSwitch },
]

/** /my-matrimony/my-account/privacy: hide the profile, who sees my photos and contact, who can chat with me, public lists. */
export default function PrivacyOptions() {
  const profile = useAppSelector(selectProfile)
  return (
    <MemberPage title="Privacy Options" intro="Who sees your profile, photos and contact, and who can chat with you. Changes save as you go.">
      <section className="panel" aria-labelledby="visibility-title">
        <h2 id="visibility-title" className="panel__title">
          Profile visibility
        </h2>
        {profile ? <HideProfileSwitch /> : <Skeleton lines={2} />}
      </section>
      <WithSettings>
        {(settings) =>
          SETTING_PANELS.map(({ id, title, Setting }) => (
            <section key={id} className="panel" aria-labelledby={`${id}-privacy-title`}>
              <h2 id={`${id}-privacy-title`} className="panel__title">
                {title}
              </h2>
              <Setting settings={settings} />
            </section>
          ))
        }
      </WithSettings>
      <section className="panel" aria-labelledby="privacy-more-title">
        <h2 id="privacy-more-title" className="panel__title">
          More privacy
        </h2>
        <p className="small">Visitors never see your photos, full name or contact details. Your phone number and e-mail stay masked for members until you choose.</p>
        <ul className="link-list">
          <li>
            <Link to={ROUTES.hideDeleteAccount}>Hide or delete account</Link> — download your data or delete your account.
          </li>
          <li>
            <Link to={ROUTES.contactDetail}>Contact details</Link> — whom members should ask for when they call.
          </li>
          <li>
            <Link to={ROUTES.emailAlerts}>Email/SMS alerts</Link> — which e-mails you receive.
          </li>
          <li>
            <Link to={ROUTES.privacy}>Privacy Policy</Link>
          </li>
        </ul>
      </section>
    </MemberPage>
  )
}
