import { useCallback, useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { PasswordField, TextField } from '../../components/Field'
import Icon from '../../components/Icon'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { selectAuthUser, selectIsLoggedIn } from '../../entities/account'
import { useChangePasswordMutation, useForgotPasswordMutation, useResetPasswordMutation } from './api'
import { clearLocalSession, startSession } from './session'
import { MSG, prune, validateConfirm, validateEmailAddress, validatePassword } from './validation'

const PASSWORD_HINT = '8 to 20 characters with an uppercase and a lowercase letter, a number and one of !@#$%^&*'

/** The success message of auth/resetpwd (spec §8). */
export const PASSWORD_RESET_MESSAGE = 'password reset successfully'

/** "Forgot password": mails a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm({ loginPath }: { loginPath: string }) {
  const validate = useCallback((v: { email: string }) => prune({ email: validateEmailAddress(v.email) }), [])
  const form = useForm({ email: '' }, validate)
  const [send, { isLoading }] = useForgotPasswordMutation()
  const [sent, setSent] = useState('')
  const { values, errors, onChange, onBlur, formRef } = form

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await send({ email: values.email.trim() }).unwrap()
      setSent(res.message || 'If an account uses this e-mail, a link to reset the password has been sent to it')
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe) form.setServerErrors(fe)
    }
  }

  if (sent) {
    return (
      <div className="result result--ok" role="status">
        <Icon name="mail" size={28} />
        <p>{sent}. The link works once, for 1 hour. Please check your spam folder too.</p>
        <Link to={loginPath} className="btn btn--primary">
          Back to login
        </Link>
      </div>
    )
  }
  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label="Forgot password">
      <TextField id="email" label="Registered email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={onChange} onBlur={onBlur} error={errors.email} />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Send reset link'}
      </button>
      <p className="form__aside">
        Remembered it? <Link to={loginPath}>Log in</Link>
      </p>
    </form>
  )
}

interface NewPassword {
  password: string
  confirmPassword: string
}

const validateNewPassword = (v: NewPassword): FieldErrors<NewPassword> =>
  prune({ password: validatePassword(v.password), confirmPassword: validateConfirm(v.password, v.confirmPassword) })

/** Sets a new password from an e-mailed reset link; every session of the account ends, this browser's too. */
export function ResetPasswordForm({ token, loginPath, forgotPath }: { token: string; loginPath: string; forgotPath: string }) {
  const dispatch = useAppDispatch()
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const form = useForm<NewPassword>({ password: '', confirmPassword: '' }, validateNewPassword)
  const [reset, { isLoading }] = useResetPasswordMutation()
  const [done, setDone] = useState(false)
  const [linkError, setLinkError] = useState('')
  const { values, errors, onChange, onBlur, formRef } = form

  const onSubmit = async (e: FormEvent) => {
    setLinkError('')
    if (!form.check(e)) return
    try {
      await reset({ token, ...values }).unwrap()
      // The server ended every session, so the one in this browser is gone too.
      if (isLoggedIn) dispatch(clearLocalSession())
      notifySuccess(PASSWORD_RESET_MESSAGE)
      setDone(true)
    } catch (err) {
      const apiErr = asApiError(err)
      const fe = apiErr?.fieldErrors
      if (fe && (fe.password || fe.confirmPassword)) form.setServerErrors(fe)
      else if (apiErr) setLinkError(apiErr.message)
    }
  }

  if (!token) {
    return (
      <div className="result result--error" role="alert">
        <p>This link is incomplete. Please open the link from the e-mail again, or ask for a new one.</p>
        <Link to={forgotPath} className="btn btn--primary">
          Get a new link
        </Link>
      </div>
    )
  }
  if (done) {
    return (
      <div className="result result--ok" role="status">
        <Icon name="check" size={28} />
        <p>Your password has been reset. Please log in with your new password.</p>
        <Link to={loginPath} className="btn btn--primary">
          Log in
        </Link>
      </div>
    )
  }
  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label="Reset password">
      <PasswordField id="password" label="New password" autoComplete="new-password" maxLength={40} value={values.password} onChange={onChange} onBlur={onBlur} error={errors.password} hint={PASSWORD_HINT} />
      <PasswordField id="confirmPassword" label="Confirm new password" autoComplete="new-password" maxLength={40} value={values.confirmPassword} onChange={onChange} onBlur={onBlur} error={errors.confirmPassword} />
      {linkError && (
        <div className="form__error" role="alert">
          <p>{linkError}</p>
          <Link to={forgotPath}>Get a new link</Link>
        </div>
      )}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  )
}

interface ChangeValues {
  oldPassword: string
  password: string
  confirmPassword: string
}

const validateChange = (v: ChangeValues): FieldErrors<ChangeValues> =>
  prune({
    oldPassword: v.oldPassword ? undefined : MSG.oldPasswordRequired,
    password: validatePassword(v.password),
    confirmPassword: validateConfirm(v.password, v.confirmPassword),
  })

const EMPTY_CHANGE: ChangeValues = { oldPassword: '', password: '', confirmPassword: '' }

/** Changes the password (user/changepwd): other devices are logged out and this browser keeps a fresh session. */
export function ChangePasswordForm() {
  const dispatch = useAppDispatch()
  const authUser = useAppSelector(selectAuthUser)
  const form = useForm(EMPTY_CHANGE, validateChange)
  const [change, { isLoading }] = useChangePasswordMutation()
  const { values, errors, onChange, onBlur, formRef } = form

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await change(values).unwrap()
      dispatch(startSession(res.data, authUser?.email))
      notifySuccess(res.message || 'Password changed successfully')
      form.reset()
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe) form.setServerErrors(fe)
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="panel__title">
        Change password
      </h2>
      <p className="muted small">Changing it logs you out on every other phone and computer.</p>
      <PasswordField id="oldPassword" label="Current password" autoComplete="current-password" maxLength={64} value={values.oldPassword} onChange={onChange} onBlur={onBlur} error={errors.oldPassword} />
      <div className="form__grid form__grid--tight">
        <PasswordField id="password" label="New password" autoComplete="new-password" maxLength={40} value={values.password} onChange={onChange} onBlur={onBlur} error={errors.password} hint={PASSWORD_HINT} />
        <PasswordField id="confirmPassword" label="Confirm new password" autoComplete="new-password" maxLength={40} value={values.confirmPassword} onChange={onChange} onBlur={onBlur} error={errors.confirmPassword} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Change password'}
      </button>
    </form>
  )
}
