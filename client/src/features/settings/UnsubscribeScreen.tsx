import { Link } from 'react-router'
import { asApiError, isMissing } from '../../api/api'
import { useAppSelector } from '../../app/hooks'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import { selectIsLoggedIn } from '../../entities/account'
import { useGetUnsubscribeQuery, useUnsubscribeMutation } from './api'
import { UNSUBSCRIBE_COPY } from './copy'

/** The invalid-link state, with the way to the alert settings. */
function Invalid({ message }: { message?: string }) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  return (
    <div className="result result--error" role="alert">
      <Icon name="info" size={32} />
      <p className="result__title">{message || UNSUBSCRIBE_COPY.invalid}</p>
      <p>{UNSUBSCRIBE_COPY.invalidHelp}</p>
      <Link to={isLoggedIn ? ROUTES.emailAlerts : ROUTES.login} className="btn btn--primary">
        {isLoggedIn ? 'Go to Email/SMS Alerts' : 'Log in'}
      </Link>
    </div>
  )
}

/**
 * The unsubscribe link of an alert e-mail (/unsubscribe?t=TOKEN), no login needed: it says which e-mails the link
 * stops (GET email/unsubscribe), and stops them when the member confirms (POST), so that a mail scanner following
 * the link turns nothing off.
 */
export default function UnsubscribeScreen({ token }: { token: string }) {
  const target = useGetUnsubscribeQuery(token, { skip: !token })
  const [unsubscribe, done] = useUnsubscribeMutation()
  const isLoggedIn = useAppSelector(selectIsLoggedIn)

  if (!token) return <Invalid />
  if (done.isSuccess) {
    const label = done.data?.label || target.data?.label || ''
    return (
      <div className="result result--ok" role="status">
        <Icon name="check" size={32} />
        <p className="result__title">{UNSUBSCRIBE_COPY.done(label)}</p>
        <Link to={isLoggedIn ? ROUTES.emailAlerts : ROUTES.home} className="btn btn--primary">
          {isLoggedIn ? 'Go to Email/SMS Alerts' : 'Go to the home page'}
        </Link>
      </div>
    )
  }
  if (target.isError) {
    // A refused link (400, 404) is invalid; anything else (the network, the server) may be tried again.
    if (isMissing(target.error)) return <Invalid message={asApiError(target.error)?.message} />
    return (
      <div className="result result--error" role="alert">
        <Icon name="info" size={32} />
        <p className="result__title">{asApiError(target.error)?.message ?? 'We could not check your link just now.'}</p>
        <button type="button" className="btn btn--outline" onClick={() => void target.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  if (!target.data) {
    return (
      <div className="result" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <p>{UNSUBSCRIBE_COPY.loading}</p>
      </div>
    )
  }
  const failed = done.isError ? asApiError(done.error) : undefined
  if (failed && isMissing(done.error)) return <Invalid message={failed.message} />
  return (
    <div className="result unsubscribe">
      <Icon name="mail" size={32} />
      <p className="result__title">{UNSUBSCRIBE_COPY.question(target.data.label)}</p>
      <p>{UNSUBSCRIBE_COPY.explain}</p>
      {failed && (
        <p className="form__error" role="alert">
          {failed.message}
        </p>
      )}
      <button type="button" className="btn btn--primary" disabled={done.isLoading} aria-busy={done.isLoading || undefined} onClick={() => void unsubscribe(token)}>
        {done.isLoading ? UNSUBSCRIBE_COPY.busy : UNSUBSCRIBE_COPY.confirm}
      </button>
    </div>
  )
}
