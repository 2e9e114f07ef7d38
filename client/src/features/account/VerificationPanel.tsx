import { useCallback, useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '../../components/Field'
import Icon from '../../components/Icon'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useAppSelector } from '../../app/hooks'
import { useForm } from '../../lib/useForm'
import { selectAuthUser, selectProfile } from '../../entities/account'
import { useResendActivationMutation, useSendMobileOtpMutation, useVerifyMobileMutation } from './api'
import { OTP_RESEND_SECONDS, useCooldown } from './hooks'
import { prune, validateEmailAddress, validateOtp } from './validation'

/** A verified / not verified badge. */
export function VerifiedBadge({ verified, what }: { verified: boolean; what: string }) {
  return (
    <span className={'badge ' + (verified ? 'badge--ok' : 'badge--todo')}>
      <Icon name={verified ? 'check' : 'clock'} size={14} />
      {verified ? `${what} verified` : `${what} not verified`}
    </span>
  )
}

/** The e-mail and mobile verification of My Account: status, resend the activation link, verify the mobile by OTP. */
export default function VerificationPanel() {
  const profile = useAppSelector(selectProfile)
  if (!profile) return null
  return (
    <section className="panel" aria-labelledby="verification-title">
      <h2 id="verification-title" className="panel__title">
        Verification
      </h2>
      <p className="muted small">Verified members get more replies: families trust a badge that says what was checked.</p>
      <div className="verify-list">
        <div className="verify-item">
          <div className="verify-item__head">
            <Icon name="mail" size={20} />
            <strong>Email</strong>
            <VerifiedBadge verified={profile.emailVerified} what="Email" />
          </div>
          {!profile.emailVerified && <ResendActivation />}
        </div>
        <div className="verify-item">
          <div className="verify-item__head">
            <Icon name="phone" size={20} />
            <strong>Mobile</strong>
            <VerifiedBadge verified={profile.phoneVerified} what="Mobile" />
          </div>
          {!profile.phoneVerified && <VerifyMobile />}
        </div>
      </div>
    </section>
  )
}

function ResendActivation() {
  const authUser = useAppSelector(selectAuthUser)
  const validate = useCallback((v: { activationEmail: string }) => prune({ activationEmail: validateEmailAddress(v.activationEmail) }), [])
  const form = useForm({ activationEmail: authUser?.email ?? '' }, validate)
  const { formRef } = form
  const [resend, { isLoading }] = useResendActivationMutation()
  const [sent, setSent] = useState('')

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await resend({ email: form.values.activationEmail.trim() }).unwrap()
      setSent(res.message || 'An activation link is on its way')
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe?.email) form.setServerErrors({ activationEmail: fe.email })
    }
  }

  return (
    <form ref={formRef} className="form verify-item__body" noValidate onSubmit={onSubmit} aria-label="Resend activation email">
      <p className="small">Open the link we e-mailed you when you registered. Lost it? We can send a new one.</p>
      <div className="inline-form">
        <TextField
          id="activationEmail"
          label="Your registered email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.values.activationEmail}
          onChange={form.onChange}
          onBlur={form.onBlur}
          error={form.errors.activationEmail}
        />
        <button type="submit" className="btn btn--outline" disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Resend activation email'}
        </button>
      </div>
      {sent && (
        <p className="form__notice" role="status">
          {sent}.
        </p>
      )}
    </form>
  )
}

function VerifyMobile() {
  const [sendOtp, sending] = useSendMobileOtpMutation()
  const [verify, verifying] = useVerifyMobileMutation()
  const [sent, setSent] = useState('')
  const cooldown = useCooldown()
  const validate = useCallback((v: { mobileOtp: string }) => prune({ mobileOtp: validateOtp(v.mobileOtp) }), [])
  const form = useForm({ mobileOtp: '' }, validate)
  const { formRef } = form

  const send = async () => {
    try {
      const res = await sendOtp().unwrap()
      setSent(res.message || 'An OTP has been sent to your mobile number')
      cooldown.start(OTP_RESEND_SECONDS)
    } catch {
      // Toasted by the store middleware (409 already verified, 429 too many).
    }
  }

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await verify({ otp: form.values.mobileOtp.trim() }).unwrap()
      notifySuccess(res.message || 'Your mobile number is verified')
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr) form.setServerErrors({ mobileOtp: apiErr.fieldErrors?.otp ?? apiErr.message })
    }
  }

  if (!sent) {
    return (
      <div className="verify-item__body">
        <p className="small">We send a 6-digit code by SMS to the number you registered with.</p>
        <button type="button" className="btn btn--outline" onClick={() => void send()} disabled={sending.isLoading}>
          {sending.isLoading ? 'Sending…' : 'Send OTP'}
        </button>
      </div>
    )
  }
  return (
    <form ref={formRef} className="form verify-item__body" noValidate onSubmit={onSubmit} aria-label="Verify mobile number">
      <p className="form__notice" role="status">
        {sent}. It is valid for 10 minutes.
      </p>
      <div className="inline-form">
        <TextField
          id="mobileOtp"
          label="6-digit OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          className="otp-input"
          value={form.values.mobileOtp}
          onChange={form.onChange}
          onBlur={form.onBlur}
          error={form.errors.mobileOtp}
        />
        <button type="submit" className="btn btn--primary" disabled={verifying.isLoading}>
          {verifying.isLoading ? 'Verifying…' : 'Verify mobile'}
        </button>
      </div>
      <button type="button" className="link-btn" onClick={() => void send()} disabled={cooldown.remaining > 0 || sending.isLoading}>
        {cooldown.remaining > 0 ? `Resend OTP in ${cooldown.remaining}s` : 'Resend OTP'}
      </button>
    </form>
  )
}
