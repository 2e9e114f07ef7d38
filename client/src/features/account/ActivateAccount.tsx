import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import Icon from '../../components/Icon'
import { asApiError } from '../../api/api'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectIsLoggedIn, setReloadProfile } from '../../entities/account'
import { useActivateMutation } from './api'

type Status = 'working' | 'done' | 'failed'

/** Confirms the e-mail address from the activation link (auth/activate) once, then offers the way on. */
export default function ActivateAccount({ token, loginPath, homePath, accountPath }: { token: string; loginPath: string; homePath: string; accountPath: string }) {
  const dispatch = useAppDispatch()
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const [activate] = useActivateMutation()
  const [status, setStatus] = useState<Status>(token ? 'working' : 'failed')
  const [message, setMessage] = useState(token ? '' : 'This link is invalid or has expired')
  // The token works once: React's development double effects must not spend it twice.
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    activate({ token })
      .unwrap()
      .then((res) => {
        setStatus('done')
        setMessage(res.message || 'Your e-mail address is verified')
        dispatch(setReloadProfile(true))
      })
      .catch((err: unknown) => {
        setStatus('failed')
        setMessage(asApiError(err)?.message ?? 'This link is invalid or has expired')
      })
  }, [token, activate, dispatch])

  if (status === 'working') {
    return (
      <div className="result" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <p>Verifying your e-mail address…</p>
      </div>
    )
  }
  if (status === 'done') {
    return (
      <div className="result result--ok" role="status">
        <Icon name="badge" size={32} />
        <p className="result__title">{message}</p>
        <p>Thank you. Your profile now shows the e-mail verified badge.</p>
        <Link to={isLoggedIn ? homePath : loginPath} className="btn btn--primary">
          {isLoggedIn ? 'Go to My Matrimony' : 'Log in'}
        </Link>
      </div>
    )
  }
  return (
    <div className="result result--error" role="alert">
      <Icon name="info" size={32} />
      <p className="result__title">{message}</p>
      <p>Activation links work once and expire after 48 hours. You can ask for a new one from My Account.</p>
      <Link to={isLoggedIn ? accountPath : loginPath} className="btn btn--primary">
        {isLoggedIn ? 'Go to My Account' : 'Log in'}
      </Link>
    </div>
  )
}
