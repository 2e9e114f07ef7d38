import { useNavigate } from 'react-router'
import { Skeleton } from '../components/States'
import { useAppSelector } from '../app/hooks'
import { ROUTES } from '../app/routes'
import { selectProfile } from '../entities/account'
import { DeleteAccountForm, DownloadDataButton, HideProfileSwitch } from '../features/account/PrivacyControls'
import MemberPage from './MemberPage'

/** /hide-delete-account: hide or show the profile, download my data, delete the account. */
export default function HideDeleteAccount() {
  const profile = useAppSelector(selectProfile)
  const navigate = useNavigate()
  return (
    <MemberPage title="Hide or Delete Account" intro="Take a break, take your data with you, or leave for good.">
      <section className="panel" aria-labelledby="hide-title">
        <h2 id="hide-title" className="panel__title">
          Take a break
        </h2>
        {profile ? <HideProfileSwitch /> : <Skeleton lines={2} />}
      </section>
      <section className="panel" aria-labelledby="data-title">
        <h2 id="data-title" className="panel__title">
          Download my data
        </h2>
        <p className="small">A JSON file with everything we hold about you: account, profile, photos list, plans and logins (without passwords or tokens).</p>
        <DownloadDataButton />
      </section>
      <section className="panel panel--danger">
        <DeleteAccountForm onDeleted={() => navigate(ROUTES.home, { replace: true })} />
      </section>
    </MemberPage>
  )
}
