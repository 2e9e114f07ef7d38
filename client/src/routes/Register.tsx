import { Link, useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import Icon from '../components/Icon'
import RegisterForm from '../features/account/RegisterForm'
import { ROUTES } from '../app/routes'
import { plainPlanName, planUpgradePath } from '../lib/planLinks'
import { useAccountOptions } from './accountOptions'

/**
 * /register: the three-step registration; afterwards RequireVisitor sends the new member on: to ?next=, to the
 * checkout of ?plan= (a plan chosen on /plans), else to /my-matrimony.
 */
export default function Register() {
  const options = useAccountOptions()
  const [params] = useSearchParams()
  const plan = plainPlanName(params.get('plan'))
  return (
    <section className="auth-page">
      <Seo title="Register" description="Register free on a matrimony service only for Christian brides and grooms in India." />
      <div className="container auth-page__inner">
        <div className="auth-card auth-card--wide">
          <span className="auth-card__icon">
            <Icon name="heart" size={28} />
          </span>
          <h1>Join us free</h1>
          <p className="lead">For Christian brides and grooms in India — or for a parent, brother, sister or friend creating the profile on their behalf.</p>
          <ul className="check-list check-list--compact">
            <li>
              <Icon name="check" size={18} /> Your photos are never shown to visitors.
            </li>
            <li>
              <Icon name="check" size={18} /> Your phone number and e-mail stay masked until you choose.
            </li>
          </ul>
          {plan && (
            <p className="notice register-plan" role="note" data-testid="register-plan">
              <Icon name="star" size={20} />
              <span>
                You chose <strong>{plan}</strong> — you will pay after creating your free account.
              </span>
            </p>
          )}
          <RegisterForm options={options} />
          <p className="auth-card__foot">
            Already registered?{' '}
            <Link to={plan ? `${ROUTES.login}?next=${encodeURIComponent(planUpgradePath(plan))}` : ROUTES.login} className="text-link">
              Log in
            </Link>
          </p>
        </div>
      </div>
    </section>
  )
}
