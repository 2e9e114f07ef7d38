import { Link } from 'react-router'
import { Skeleton } from '../components/States'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile } from '../features/account/accountSlice'
import { HideProfileSwitch } from '../features/account/PrivacyControls'
import MemberPage from './MemberPage'

/** /my-matrimony/my-account/privacy: profile visibility now; photo and contact settings arrive with the profile release. */
export default function PrivacyOptions() {
  const profile = useAppSelector(selectProfile)
  return (
    <MemberPage title="Privacy Options" intro="Choose who sees your profile.">
      <section className="panel" aria-labelledby="visibility-title">
        <h2 id="visibility-title" className="panel__title">
          Profile visibility
        </h2>
        {profile ? <HideProfileSwitch /> : <Skeleton lines={2} />}
      </section>
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
            <Link to="/contact-filter">Contact filter</Link> — who may see your contact details.
          </li>
          <li>
            <Link to="/email-alerts">Email/SMS alerts</Link> — which e-mails you receive.
          </li>
          <li>
            <Link to={ROUTES.privacy}>Privacy Policy</Link>
          </li>
        </ul>
      </section>
    </MemberPage>
  )
}
