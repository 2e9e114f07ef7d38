import { useCallback, useEffect, useRef, useState } from 'react'
import type { FocusEvent, FormEvent } from 'react'
import { Link } from 'react-router'
import { ChoiceField, PasswordField, SelectField, TextField } from '../../components/Field'
import type { FieldOption } from '../../components/Field'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useAppDispatch } from '../../app/hooks'
import { useForm } from '../../lib/useForm'
import { useCheckAvailableMutation, useCheckRegisterStepMutation, useRegisterMutation } from './api'
import type { RegisterStep } from './api'
import { startSession } from './session'
import type { CreatedBy, RegisterInput } from './types'
import { BRIDE, GROOM, REGISTER_STEP_FIELDS, latestBirthDate, validateEmailAddress, validateMobile, validateRegisterStep } from './validation'
import type { RegisterValues } from './validation'

/** The master lists the form offers; the route passes them from GET common. */
export interface RegisterOptions {
  religions: FieldOption[]
  communities: FieldOption[]
  languages: FieldOption[]
  phoneCodes: FieldOption[]
}

/** "Profile created by" choices (server values self|parent|sibling|relative|friend). */
export const CREATED_BY_OPTIONS: { value: CreatedBy; label: string }[] = [
  { value: 'self', label: 'Myself' },
  { value: 'parent', label: 'My son / daughter (parent)' },
  { value: 'sibling', label: 'My brother / sister' },
  { value: 'relative', label: 'A relative' },
  { value: 'friend', label: 'A friend' },
]

const GENDER_OPTIONS: FieldOption[] = [
  { value: BRIDE, label: 'Bride' },
  { value: GROOM, label: 'Groom' },
]

const STEP_TITLES: Record<RegisterStep, string> = {
  1: 'About the bride or groom',
  2: 'Contact and password',
  3: 'Faith and language',
}

const EMPTY: RegisterValues = {
  profileCreatedBy: '',
  name: '',
  gender: '',
  dateOfBirth: '',
  email: '',
  phoneCode: '+91',
  phone: '',
  password: '',
  confirmPassword: '',
  religionId: '',
  communityId: '',
  motherTongueId: '',
}

/** Turns the form's strings into the server's RegisterInput. */
export function toRegisterInput(v: RegisterValues): RegisterInput {
  return {
    name: v.name.trim().replace(/\s+/g, ' '),
    gender: Number(v.gender) || 0,
    dateOfBirth: v.dateOfBirth,
    profileCreatedBy: v.profileCreatedBy as CreatedBy | '',
    email: v.email.trim(),
    phoneCode: v.phoneCode,
    phone: v.phone.trim(),
    password: v.password,
    confirmPassword: v.confirmPassword,
    religionId: Number(v.religionId) || 0,
    communityId: Number(v.communityId) || 0,
    motherTongueId: Number(v.motherTongueId) || 0,
  }
}

/** Keeps only the server field errors that belong to this step (the step endpoints check just their own fields). */
function errorsOfStep(step: RegisterStep, errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of REGISTER_STEP_FIELDS[step]) if (errors[f]) out[f] = errors[f]
  return out
}

/** The step a set of server field errors points at (the earliest one). */
function stepOf(errors: Record<string, string>): RegisterStep | null {
  for (const s of [1, 2, 3] as RegisterStep[]) if (REGISTER_STEP_FIELDS[s].some((f) => errors[f])) return s
  return null
}

/** The three-step registration (spec §5 rules client-side; auth/register/stepN checks before moving on; auth/register at the end). */
export default function RegisterForm({ options }: { options: RegisterOptions }) {
  const dispatch = useAppDispatch()
  const [step, setStep] = useState<RegisterStep>(1)
  const validate = useCallback((v: RegisterValues) => validateRegisterStep(step, v), [step])
  const form = useForm(EMPTY, validate)
  const [checkStep, checking] = useCheckRegisterStepMutation()
  const [checkAvailable] = useCheckAvailableMutation()
  const [register, registering] = useRegisterMutation()
  const heading = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  const { values, errors, onChange, onBlur, setValue, formRef } = form

  // Christian is the only religion today: choose it for the member.
  useEffect(() => {
    if (!values.religionId && options.religions.length === 1) setValue('religionId', String(options.religions[0].value))
  }, [options.religions, values.religionId, setValue])

  // A new step moves the focus to its heading, so screen readers and keyboards start at the top.
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    heading.current?.focus()
  }, [step])

  /** On leaving e-mail or phone, asks auth/isValid whether it is free (409 shows "already registered" under the field). */
  const onContactBlur = async (e: FocusEvent<HTMLInputElement>) => {
    onBlur(e)
    const name = e.target.name as 'email' | 'phone'
    const input = toRegisterInput(values)
    if (name === 'email' && validateEmailAddress(values.email)) return
    if (name === 'phone' && validateMobile(values.phone, values.phoneCode)) return
    try {
      await checkAvailable(name === 'email' ? { email: input.email } : { phoneCode: input.phoneCode, phone: input.phone }).unwrap()
      form.clearError(name)
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe?.[name]) form.setServerErrors({ [name]: fe[name] }, { focus: false })
    }
  }

  const showServerErrors = (err: unknown) => {
    const apiErr = asApiError(err)
    const fe = apiErr?.fieldErrors
    if (!fe) return
    const at = stepOf(fe)
    if (at && at !== step) setStep(at)
    // Let the step render before focusing its first wrong field.
    setTimeout(() => form.setServerErrors(at ? errorsOfStep(at, fe) : fe), 0)
  }

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    const body = toRegisterInput(values)
    try {
      await checkStep({ step, body }).unwrap()
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe) form.setServerErrors(errorsOfStep(step, fe))
      return
    }
    if (step < 3) {
      setStep((step + 1) as RegisterStep)
      return
    }
    try {
      const res = await register(body).unwrap()
      dispatch(startSession(res.data, body.email))
      notifySuccess(res.message || 'Registered successfully')
    } catch (err) {
      showServerErrors(err)
    }
  }

  const busy = checking.isLoading || registering.isLoading
  const maxDob = latestBirthDate(Number(values.gender) || BRIDE)
  const forSelf = values.profileCreatedBy === 'self' || values.profileCreatedBy === ''

  return (
    <form ref={formRef} className="form register-form" noValidate onSubmit={onSubmit} aria-labelledby="register-step-title">
      <ol className="stepper" aria-label="Registration steps">
        {([1, 2, 3] as RegisterStep[]).map((s) => (
          <li key={s} className={'stepper__item' + (s === step ? ' is-current' : s < step ? ' is-done' : '')} aria-current={s === step ? 'step' : undefined}>
            <span className="stepper__num" aria-hidden="true">
              {s}
            </span>
            <span className="stepper__label">{STEP_TITLES[s]}</span>
          </li>
        ))}
      </ol>
      <h2 id="register-step-title" className="form__title register-form__title" tabIndex={-1} ref={heading}>
        <span className="register-form__count">
          Step {step} of 3<span className="sr-only">:</span>
        </span>{' '}
        {STEP_TITLES[step]}
      </h2>

      {step === 1 && (
        <div className="form__grid">
          <SelectField id="profileCreatedBy" label="This profile is for" options={CREATED_BY_OPTIONS} placeholder="Select" value={values.profileCreatedBy} onChange={onChange} onBlur={onBlur} error={errors.profileCreatedBy} />
          <TextField
            id="name"
            label={forSelf ? 'Your name' : "Bride's or groom's name"}
            autoComplete={forSelf ? 'name' : 'off'}
            maxLength={40}
            value={values.name}
            onChange={onChange}
            onBlur={onBlur}
            error={errors.name}
            hint="Letters only, 3 to 25 characters"
          />
          <ChoiceField id="gender" label="Gender" options={GENDER_OPTIONS} value={values.gender} onChange={onChange} onBlur={onBlur} error={errors.gender} />
          <TextField
            id="dateOfBirth"
            label="Date of birth"
            type="date"
            max={maxDob}
            min="1920-01-01"
            value={values.dateOfBirth}
            onChange={onChange}
            onBlur={onBlur}
            error={errors.dateOfBirth}
            hint="A bride must be at least 18 and a groom at least 21"
          />
        </div>
      )}

      {step === 2 && (
        <div className="form__grid">
          <TextField id="email" label="Email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={onChange} onBlur={onContactBlur} error={errors.email} hint="We send an activation link here" />
          <div className="phone-row">
            <SelectField id="phoneCode" label="Code" options={options.phoneCodes} placeholder="Code" value={values.phoneCode} onChange={onChange} onBlur={onBlur} error={errors.phoneCode} autoComplete="tel-country-code" />
            <TextField id="phone" label="Mobile number" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={14} value={values.phone} onChange={onChange} onBlur={onContactBlur} error={errors.phone} />
          </div>
          <PasswordField
            id="password"
            label="Password"
            autoComplete="new-password"
            maxLength={40}
            value={values.password}
            onChange={onChange}
            onBlur={onBlur}
            error={errors.password}
            hint="8 to 20 characters with an uppercase and a lowercase letter, a number and one of !@#$%^&*"
          />
          <PasswordField id="confirmPassword" label="Confirm password" autoComplete="new-password" maxLength={40} value={values.confirmPassword} onChange={onChange} onBlur={onBlur} error={errors.confirmPassword} />
        </div>
      )}

      {step === 3 && (
        <div className="form__grid">
          <SelectField id="religionId" label="Religion" options={options.religions} value={values.religionId} onChange={onChange} onBlur={onBlur} error={errors.religionId} />
          <SelectField id="communityId" label="Denomination" options={options.communities} placeholder="Select denomination" value={values.communityId} onChange={onChange} onBlur={onBlur} error={errors.communityId} />
          <SelectField id="motherTongueId" label="Mother tongue" options={options.languages} placeholder="Select language" value={values.motherTongueId} onChange={onChange} onBlur={onBlur} error={errors.motherTongueId} />
        </div>
      )}

      {step === 3 && (
        <p className="muted small">
          By registering you agree to our <Link to="/terms-and-use">Terms and Use</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      )}
      <div className="form__actions">
        {step > 1 && (
          <button type="button" className="btn btn--outline" onClick={() => setStep((step - 1) as RegisterStep)} disabled={busy}>
            Back
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy}>
          {step < 3 ? (checking.isLoading ? 'Checking…' : 'Continue') : busy ? 'Registering…' : 'Register free'}
        </button>
      </div>
    </form>
  )
}
