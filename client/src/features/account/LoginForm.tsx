import { useCallback, useState } from 'react'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { PasswordField, SelectField, TextField } from '../../components/Field'
import type { FieldOption } from '../../components/Field'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useAppDispatch } from '../../app/hooks'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { useLoginMutation, useSendLoginOtpMutation } from './api'
import { OTP_RESEND_SECONDS, useCooldown } from './hooks'
import { LOGGED_IN_MESSAGE, startSession } from './session'
import { prune, validateEmailAddress, validateMobile, validateOtp, validatePhoneCode } from './validation'

type Mode = 'password' | 'otp'

interface PasswordValues {
  email: string
  pwd: string
}
interface OtpValues {
  phoneCode: string
  phone: string
  otp: string
}

const validatePasswordLogin = (v: PasswordValues): FieldErrors<PasswordValues> =>
  prune({ email: validateEmailAddress(v.email), pwd: v.pwd ? undefined : 'Password is required' })

/** The login form (spec §7 auth/login): by e-mail and password, or by a 6-digit OTP sent to the mobile number. */
export default function LoginForm({ phoneCodes, forgotPasswordPath }: { phoneCodes: FieldOption[]; forgotPasswordPath: string }) {
  const [mode, setMode] = useState<Mode>('password')
  return (
    <div className="login-form">
      <div className="mode-switch" role="group" aria-label="Login with">
        <button type="button" aria-pressed={mode === 'password'} className={mode === 'password' ? 'is-active' : undefined} onClick={() => setMode('password')}>
          Password
        </button>
        <button type="button" aria-pressed={mode === 'otp'} className={mode === 'otp' ? 'is-active' : undefined} onClick={() => setMode('otp')}>
          Mobile OTP
        </button>
      </div>
      {mode === 'password' ? <PasswordLogin forgotPasswordPath={forgotPasswordPath} /> : <OtpLogin phoneCodes={phoneCodes} />}
    </div>
  )
}

const EMPTY_PASSWORD: PasswordValues = { email: '', pwd: '' }

function PasswordLogin({ forgotPasswordPath }: { forgotPasswordPath: string }) {
  const dispatch = useAppDispatch()
  const form = useForm(EMPTY_PASSWORD, validatePasswordLogin)
  const [login, { isLoading }] = useLoginMutation()
  const [formError, setFormError] = useState('')
  const { values, errors, onChange, onBlur, formRef } = form

  const onSubmit = async (e: FormEvent) => {
    setFormError('')
    if (!form.check(e)) return
    try {
      const email = values.email.trim()
      const res = await login({ email, pwd: values.pwd, loginType: 'password', otp: '' }).unwrap()
      dispatch(startSession(res.data, email))
      notifySuccess(LOGGED_IN_MESSAGE)
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr?.fieldErrors) form.setServerErrors(apiErr.fieldErrors)
      else if (apiErr) setFormError(apiErr.message)
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label="Login with email and password">
      <TextField id="email" label="Email" type="email" autoComplete="username" inputMode="email" value={values.email} onChange={onChange} onBlur={onBlur} error={errors.email} />
      <PasswordField id="pwd" label="Password" autoComplete="current-password" value={values.pwd} onChange={onChange} onBlur={onBlur} error={errors.pwd} maxLength={64} />
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isLoading}>
        {isLoading ? 'Logging in…' : 'Login'}
      </button>
      <p className="form__aside">
        <Link to={forgotPasswordPath}>Forgot password?</Link>
      </p>
    </form>
  )
}

const EMPTY_OTP: OtpValues = { phoneCode: '+91', phone: '', otp: '' }

function OtpLogin({ phoneCodes }: { phoneCodes: FieldOption[] }) {
  const dispatch = useAppDispatch()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [formError, setFormError] = useState('')
  const [notice, setNotice] = useState('')
  const cooldown = useCooldown()
  const validate = useCallback(
    (v: OtpValues): FieldErrors<OtpValues> => {
      const codeErr = validatePhoneCode(v.phoneCode)
      return prune({ phoneCode: codeErr, phone: codeErr ? undefined : validateMobile(v.phone, v.phoneCode), otp: sentTo ? validateOtp(v.otp) : undefined })
    },
    [sentTo],
  )
  const form = useForm(EMPTY_OTP, validate)
  const [sendOtp, sending] = useSendLoginOtpMutation()
  const [login, loggingIn] = useLoginMutation()
  const { values, errors, onChange, onBlur, formRef } = form

  const send = async () => {
    setFormError('')
    try {
      const res = await sendOtp({ phoneCode: values.phoneCode, phone: values.phone.trim() }).unwrap()
      setSentTo(`${values.phoneCode} ${values.phone.trim()}`)
      setNotice(res.message || 'If the number belongs to an account, an OTP has been sent to it')
      cooldown.start(OTP_RESEND_SECONDS)
      form.setValue('otp', '')
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr?.fieldErrors) form.setServerErrors(apiErr.fieldErrors)
      else if (apiErr) setFormError(apiErr.message)
    }
  }

  const onSubmit = async (e: FormEvent) => {
    setFormError('')
    if (!form.check(e)) return
    if (!sentTo) return send()
    try {
      const res = await login({ email: '', pwd: '', loginType: 'otp', otp: values.otp, phoneCode: values.phoneCode, phone: values.phone.trim() }).unwrap()
      dispatch(startSession(res.data))
      notifySuccess(LOGGED_IN_MESSAGE)
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr?.fieldErrors) form.setServerErrors(apiErr.fieldErrors)
      else if (apiErr) setFormError(apiErr.message)
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label="Login with mobile OTP">
      <div className="phone-row">
        <SelectField
          id="phoneCode"
          label="Code"
          options={phoneCodes}
          placeholder="Code"
          value={values.phoneCode}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.phoneCode}
          disabled={!!sentTo}
          autoComplete="tel-country-code"
        />
        <TextField
          id="phone"
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={14}
          value={values.phone}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.phone}
          readOnly={!!sentTo}
        />
      </div>
      {sentTo && (
        <>
          <p className="form__notice" role="status">
            {notice} ({sentTo})
          </p>
          <TextField
            id="otp"
            label="6-digit OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            className="otp-input"
            value={values.otp}
            onChange={onChange}
            onBlur={onBlur}
            error={errors.otp}
          />
        </>
      )}
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      {sentTo ? (
        <>
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={loggingIn.isLoading}>
            {loggingIn.isLoading ? 'Verifying…' : 'Verify & Login'}
          </button>
          <div className="form__links">
            <button type="button" className="link-btn" onClick={() => void send()} disabled={cooldown.remaining > 0 || sending.isLoading}>
              {cooldown.remaining > 0 ? `Resend OTP in ${cooldown.remaining}s` : 'Resend OTP'}
            </button>
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                setSentTo(null)
                form.setValue('otp', '')
              }}
            >
              Change number
            </button>
          </div>
        </>
      ) : (
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={sending.isLoading}>
          {sending.isLoading ? 'Sending…' : 'Send OTP'}
        </button>
      )}
    </form>
  )
}
