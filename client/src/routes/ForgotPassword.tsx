import Seo from '../components/Seo'
import Icon from '../components/Icon'
import { ForgotPasswordForm } from '../features/account/PasswordForms'
import { ROUTES } from '../app/routes'

/** /forgot-password: asks for the registered e-mail and mails a reset link. */
export default function ForgotPassword() {
  return (
    <section className="auth-page">
      <Seo title="Forgot password" description="Reset the password of your Christian matrimony account." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <span className="auth-card__icon">
            <Icon name="lock" size={28} />
          </span>
          <h1>Forgot your password?</h1>
          <p className="lead">Enter the e-mail you registered with. We will send you a link to choose a new password.</p>
          <ForgotPasswordForm loginPath={ROUTES.login} />
        </div>
      </div>
    </section>
  )
}
