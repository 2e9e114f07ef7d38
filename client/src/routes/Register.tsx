import { Link } from 'react-router'
import Seo from '../components/Seo'
import Icon from '../components/Icon'

/** Join shell: the registration form arrives with the accounts release. */
export default function Register() {
  return (
    <section className="auth-page">
      <Seo title="Register" description="Register free on a matrimony service only for Christian brides and grooms in India." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <span className="auth-card__icon">
            <Icon name="heart" size={28} />
          </span>
          <h1>Join us</h1>
          <p className="lead">Registration is free for Christian brides and grooms in India — or for a parent, brother or sister creating a profile on their behalf.</p>
          <ul className="check-list">
            <li>
              <Icon name="check" size={18} /> Your photos are never shown to visitors.
            </li>
            <li>
              <Icon name="check" size={18} /> Your phone number and e-mail stay masked until you choose.
            </li>
            <li>
              <Icon name="check" size={18} /> Send up to 10 invitations a day on the free plan.
            </li>
          </ul>
          <div className="notice" role="note">
            <Icon name="info" size={20} />
            <p>Online registration opens with our accounts release, very soon. Meanwhile, compare our plans or talk to us and we will help you get started.</p>
          </div>
          <div className="btn-row">
            <Link to="/plans" className="btn btn--primary">
              See plans
            </Link>
            <Link to="/contact-us" className="btn btn--outline">
              Contact us
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
