import { useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import ActivateAccount from '../features/account/ActivateAccount'
import { ROUTES } from '../app/routes'

/** /activate?token=…: confirms the e-mail address from the activation link, in the minimal layout. */
export default function Activate() {
  const [params] = useSearchParams()
  return (
    <section className="auth-page auth-page--minimal">
      <Seo title="Activate account" description="Confirm the e-mail address of your account." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <h1>Account activation</h1>
          <ActivateAccount token={params.get('token') ?? ''} loginPath={ROUTES.login} homePath={ROUTES.myMatrimony} accountPath={ROUTES.myAccount} />
        </div>
      </div>
    </section>
  )
}
