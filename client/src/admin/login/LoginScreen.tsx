import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { config } from '../../app/config'
import { PasswordField, TextField } from '../../components/Field'
import { adminApi, asAdminError, useAdminDispatch, useAdminLoginMutation, useAdminTotpMutation } from '../api'
import type { AdminError } from '../api'
import { ADMIN } from '../permissions'
import { SESSION_ENDED_MESSAGE, startAdminSession, useAdminSession } from '../session'
import type { LoginStage } from '../types'
import type { LoginState } from '../shell/RequireAdmin'

/** The secret in groups of four, for typing it into an authenticator app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').toUpperCase().match(/.{1,4}/g) ?? []).join(' ')
}

/** A wait in plain words: "45 seconds", "15 minutes". */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const m = Math.ceil(seconds / 60)
  return `${m} minute${m === 1 ? '' : 's'}`
}

/** A login error as the page says it: the server's message, and for a lockout the wait from Retry-After. */
export function loginErrorText(err: AdminError): string {
  if (err.status === 429 && err.retryAfter) return `${err.message} You can try again in ${waitWords(err.retryAfter)}.`
  return err.message
}

const CODE_RE = /^\d{6}$/

/**
 * /admin/login: e-mail and password, then the second factor: the 6-digit code of an authenticator app, or on the
 * first login its enrollment (the QR code, the key in groups of four and a first code to confirm it).
 */
export default function LoginScreen() {
  const { token } = useAdminSession()
  const location = useLocation()
  const navigate = useNavigate()
  const dispatch = useAdminDispatch()
  const state = (location.state ?? {}) as LoginState
  const [stage, setStage] = useState<LoginStage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [locked, setLocked] = useState(0)
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string; code?: string }>({})
  const [login, { isLoading: signingIn }] = useAdminLoginMutation()
  const [totp, { isLoading: checking }] = useAdminTotpMutation()

  // A lockout keeps the button off for the wait Retry-After gave.
  useEffect(() => {
    if (!locked) return
    const t = setTimeout(() => setLocked(0), locked * 1000)
    return () => clearTimeout(t)
  }, [locked])

  if (token) return <Navigate to={state.from || ADMIN.home} replace />

  const notice = error ? null : state.ended === 'expired' ? SESSION_ENDED_MESSAGE : state.ended === 'logout' ? 'You have logged out.' : null

  const fail = (err: AdminError | undefined) => {
    const e = err ?? { status: 'PARSE_ERROR' as const, message: 'Something went wrong. Please try again.' }
    setError(loginErrorText(e))
    if (e.status === 429 && e.retryAfter) setLocked(e.retryAfter)
  }

  const onPassword = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    const password = String(form.get('password') ?? '')
    const fe = { email: email ? undefined : 'Please enter your e-mail', password: password ? undefined : 'Please enter your password' }
    setFieldErrors(fe)
    if (fe.email || fe.password) return
    setError(null)
    const r = await login({ email, password })
    if ('error' in r) return fail(asAdminError(r.error))
    setStage(r.data)
  }

  const onCode = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!stage) return
    const code = String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s+/g, '')
    if (!CODE_RE.test(code)) {
      setFieldErrors({ code: 'Enter the 6-digit code from your authenticator app' })
      return
    }
    setFieldErrors({})
    setError(null)
    const r = await totp({ code, stageToken: stage.token })
    if ('error' in r) return fail(asAdminError(r.error))
    // A new session starts from an empty cache: nothing of an earlier admin in this tab is shown.
    dispatch(adminApi.util.resetApiState())
    startAdminSession(r.data.token)
    void dispatch(adminApi.util.upsertQueryData('getMe', undefined, r.data.admin))
    void navigate(state.from || ADMIN.home, { replace: true })
  }

  const startAgain = () => {
    setStage(null)
    setError(null)
    setFieldErrors({})
  }

  return (
    <main className="admin-login" id="admin-main">
      <div className="admin-login__card">
        <p className="admin-brand">
          {config.brandName} <span>Admin</span>
        </p>
        {notice && (
          <p className="admin-notice" role="status">
            {notice}
          </p>
        )}
        {!stage && (
          <form onSubmit={(e) => void onPassword(e)} noValidate aria-labelledby="admin-login-title">
            <h1 id="admin-login-title" className="admin-login__title">
              Log in to the back office
            </h1>
            <TextField id="email" label="E-mail" type="email" autoComplete="username" error={fieldErrors.email} />
            <PasswordField id="password" label="Password" autoComplete="current-password" error={fieldErrors.password} />
            {error && (
              <p className="admin-form-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={signingIn || locked > 0}>
              {signingIn ? 'Checking…' : 'Continue'}
            </button>
          </form>
        )}
        {stage && (
          <form onSubmit={(e) => void onCode(e)} noValidate aria-labelledby="admin-code-title">
            {stage.stage === 'enroll' && stage.enroll ? (
              <>
                <h1 id="admin-code-title" className="admin-login__title">
                  Set up your authenticator app
                </h1>
                <ol className="admin-login__steps">
                  <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or similar) and add an account.</li>
                  <li>Scan this QR code, or type the key below.</li>
                  <li>Enter the 6-digit code the app shows to confirm.</li>
                </ol>
                <img className="admin-login__qr" src={stage.enroll.qrPng} alt="QR code to add the back office to your authenticator app" width={192} height={192} />
                <p className="admin-login__key">
                  Key for manual entry: <code data-testid="totp-secret">{groupSecret(stage.enroll.secret)}</code>
                </p>
              </>
            ) : (
              <>
                <h1 id="admin-code-title" className="admin-login__title">
                  Enter your code
                </h1>
                <p>Open your authenticator app and enter the 6-digit code it shows for the back office.</p>
              </>
            )}
            <TextField
              id="code"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              pattern="[0-9 ]*"
              error={fieldErrors.code}
              autoFocus
            />
            {error && (
              <p className="admin-form-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={checking || locked > 0}>
              {checking ? 'Checking…' : stage.stage === 'enroll' ? 'Confirm and log in' : 'Log in'}
            </button>
            <button type="button" className="btn btn--ghost btn--block" onClick={startAgain}>
              Start again
            </button>
          </form>
        )}
      </div>
    </main>
  )
}
