import { Link, useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import Icon from '../components/Icon'
import LoginForm from '../features/account/LoginForm'
import { safeNext } from '../app/RequireVisitor'
import { ROUTES } from '../app/routes'
import { planOfCheckoutPath, registerForPlanPath } from '../lib/planLinks'
import { useAccountOptions } from './accountOptions'

/** /login: password or OTP sign-in; a signed-in member is sent on by RequireVisitor (to ?next= or /my-matrimony). */
export default function Login() {
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  const plan = planOfCheckoutPath(next)
  const { phoneCodes } = useAccountOptions()
  return (
    <section className="auth-page">
      <Seo title="Login" description="Sign in to your Christian matrimony account." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <span className="auth-card__icon">
            <Icon name="lock" size={28} />
          </span>
          <h1>Sign in to continue</h1>
          {plan ? (
            <p className="lead">Sign in to buy {plan}. You will be taken straight to the payment page.</p>
          ) : next ? (
            <p className="lead">
              The page you opened, <code className="next-path">{next}</code>, is for members. Once you sign in you will be taken straight there.
            </p>
          ) : (
            <p className="lead">Members sign in here to see their matches, invitations and messages.</p>
          )}
          <LoginForm phoneCodes={phoneCodes} forgotPasswordPath={ROUTES.forgotPassword} />
          <p className="auth-card__foot">
            New here?{' '}
            <Link to={plan ? registerForPlanPath(plan) : ROUTES.register} className="text-link">
              Register free
            </Link>
          </p>
        </div>
      </div>
    </section>
  )
}
