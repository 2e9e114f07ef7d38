import { Link } from 'react-router'
import Icon from '../components/Icon'
import { ROUTES } from '../app/routes'
import EmailAlertsForm from '../features/settings/EmailAlertsForm'
import '../styles/settings.css'
import MemberPage from './MemberPage'

/** /email-alerts: which e-mail alerts the member receives, one switch per category. */
export default function EmailAlerts() {
  return (
    <MemberPage title="Email/SMS Alerts" intro="Choose which e-mails we send you. Changes are saved as you go.">
      <section className="panel" aria-labelledby="alerts-title">
        <h2 id="alerts-title" className="panel__title">
          E-mail alerts
        </h2>
        <EmailAlertsForm />
      </section>
      <section className="panel" aria-labelledby="sms-title">
        <h2 id="sms-title" className="panel__title">
          SMS
        </h2>
        <div className="notice notice--plain">
          <Icon name="phone" size={20} />
          <p>
            We send text messages only for one-time passwords (OTPs): to log in and to verify your mobile. Never alerts or offers, so there is nothing to turn off here.
          </p>
        </div>
        <p className="small muted">
          Invitations, requests, profile views, plan reminders and badges always appear in your <Link to="/inbox/notification">notifications</Link> too, whatever you choose
          above. Account e-mails (activation and password reset) are always sent. See{' '}
          <Link to={ROUTES.privacyOptions}>Privacy Options</Link> for who can see and contact you.
        </p>
      </section>
    </MemberPage>
  )
}
