import { Link } from 'react-router'
import { Skeleton } from '../components/States'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile } from '../entities/account'
import { ChangePasswordForm } from '../features/account/PasswordForms'
import VerificationPanel from '../features/account/VerificationPanel'
import MemberPage from './MemberPage'

/** /my-matrimony/my-account: verification status (resend activation, verify mobile by OTP) and change password. */
export default function MyAccount() {
  const profile = useAppSelector(selectProfile)
  return (
    <MemberPage title="My Account" intro="Verification, password and privacy of your account.">
      {profile ? (
        <VerificationPanel />
      ) : (
        <div className="panel" aria-busy="true">
          <Skeleton lines={3} />
        </div>
      )}
      <section className="panel">
        <ChangePasswordForm />
      </section>
      <section className="panel" aria-labelledby="more-title">
        <h2 id="more-title" className="panel__title">
          Privacy and your data
        </h2>
        <ul className="link-list">
          <li>
            <Link to={ROUTES.privacyOptions}>Privacy options</Link> — hide your profile from other members.
          </li>
          <li>
            <Link to={ROUTES.hideDeleteAccount}>Hide or delete account</Link> — take a break, download your data, or delete your account.
          </li>
        </ul>
      </section>
    </MemberPage>
  )
}
