import { useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import UnsubscribeScreen from '../features/settings/UnsubscribeScreen'
import { UNSUBSCRIBE_COPY } from '../features/settings/copy'

/** /unsubscribe?t=…: stops one kind of alert e-mail from the link in the e-mail, no login needed, in the minimal layout. */
export default function Unsubscribe() {
  const [params] = useSearchParams()
  return (
    <section className="auth-page auth-page--minimal">
      <Seo title={UNSUBSCRIBE_COPY.title} description="Stop one kind of e-mail from us." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <h1>E-mail alerts</h1>
          <UnsubscribeScreen token={params.get('t') ?? ''} />
        </div>
      </div>
    </section>
  )
}
