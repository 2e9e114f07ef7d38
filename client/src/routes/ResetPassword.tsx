import { useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import Icon from '../components/Icon'
import { ResetPasswordForm } from '../features/account/PasswordForms'
import { ROUTES } from '../app/routes'

/** /reset-password?token=…: opened from the e-mail, in the minimal layout. */
export default function ResetPassword() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  return (
    <section className="auth-page auth-page--minimal">
      <Seo title="Reset password" description="Choose a new password for your account." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <span className="auth-card__icon">
            <Icon name="lock" size={28} />
          </span>
          <h1>Choose a new password</h1>
          <ResetPasswordForm token={token} loginPath={ROUTES.login} forgotPath={ROUTES.forgotPassword} />
        </div>
      </div>
    </section>
  )
}
