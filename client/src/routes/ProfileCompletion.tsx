import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import type { Ref } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import Icon from '../components/Icon'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { useAppDispatch } from '../app/hooks'
import { notifySuccess } from '../app/notify'
import { ROUTES } from '../app/routes'
import { setReloadProfile } from '../entities/account'
import { useGetOwnProfileQuery, useGetProfileOptionsQuery } from '../features/profile/api'
import { PhotoStep, PreferenceStep } from '../features/profile/CompletionSteps'
import { ProfileListsProvider } from '../features/profile/lists'
import { CompletionMeter, completionLink } from '../features/profile/OwnProfileView'
import SectionForm from '../features/profile/SectionForm'
import { SECTION_INTROS, SECTION_TITLES, isFormSection } from '../features/profile/sections'
import type { CompletionKey, OwnProfile } from '../features/profile/types'
import { useUnsavedChangesGuard } from '../features/profile/useUnsavedChangesGuard'
import { backTarget, isProfileComplete, remainingSections, wizardReducer } from '../features/profile/wizard'
import type { WizardState } from '../features/profile/wizard'
import MemberPage from './MemberPage'
import { useProfileMasterList } from './profileLists'
import '../styles/profile.css'

const NOT_STARTED: WizardState = { steps: [], index: 0, done: false }


/**
 * /profile-completion: a step-by-step walk through the sections not yet complete, with Save & continue, Skip and
 * Back. When completedSteps is 30 — on arrival or after the last save — it goes back (spec §2).
 */
export default function ProfileCompletion() {
  const navigate = useNavigate()
  const location = useLocation()
  const dispatch = useAppDispatch()
  const { data: p, isFetching, isError, error, refetch } = useGetOwnProfileQuery(undefined, { refetchOnMountOrArgChange: true })
  const { data: options } = useGetProfileOptionsQuery()
  const [wizard, send] = useReducer(wizardReducer, NOT_STARTED)
  const [started, setStarted] = useState(false)
  const [dirty, setDirty] = useState(false)
  const leaving = useRef(false)
  const completedHere = useRef(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const panel = useRef<HTMLElement>(null)
  const guard = useUnsavedChangesGuard(dirty, leaving)

  // Start once the fresh profile is in (not a cached copy from an earlier page).
  if (!started && p && !isFetching) {
    setStarted(true)
    send({ type: 'start', completion: p.completion })
  }

  // Spec §2: it goes back when completedSteps is 30.
  useEffect(() => {
    if (!p || isFetching || leaving.current || !isProfileComplete(p.completedSteps)) return
    leaving.current = true
    dispatch(setReloadProfile(true))
    if (completedHere.current) notifySuccess('Your profile is complete')
    const target = backTarget((window.history.state as { idx?: unknown } | null)?.idx, location.key)
    if (target === -1) void navigate(-1)
    else void navigate(target, { replace: true })
  }, [p, isFetching, dispatch, navigate, location.key])

  // Each new step: bring its title into view and give it the focus, so the page reads from the top.
  const stepKey = wizard.done ? 'done' : wizard.steps[wizard.index]
  const firstStep = useRef(true)
  useEffect(() => {
    if (!stepKey) return
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    heading.current?.focus({ preventScroll: true })
    panel.current?.scrollIntoView?.({ block: 'start' })
  }, [stepKey, wizard.index])

  const onSectionSaved = useCallback((own: OwnProfile) => {
    setDirty(false)
    completedHere.current = true
    send({ type: 'saved', completion: own.completion })
  }, [])
  const onOtherSaved = useCallback(() => {
    completedHere.current = true
    dispatch(setReloadProfile(true))
    send({ type: 'saved', completion: [] })
  }, [dispatch])
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), [])

  const intro = 'A few minutes now help the right family find you. Save each step, or skip it and come back later.'
  if (!p || !started) {
    return (
      <MemberPage title="Profile Completion" intro={intro}>
        <section className="panel">{isError && !p ? <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} /> : <Skeleton lines={6} />}</section>
      </MemberPage>
    )
  }

  if (isProfileComplete(p.completedSteps)) {
    return (
      <MemberPage title="Profile Completion" intro={intro}>
        <section className="panel" role="status">
          <p className="lead">Your profile is complete. Taking you back…</p>
        </section>
      </MemberPage>
    )
  }

  const key = wizard.steps[wizard.index]
  const current = p.completion.find((s) => s.key === key)
  const actions = (
    <>
      {wizard.index > 0 && (
        <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'back' })}>
          Back
        </button>
      )}
      <button type="button" className="btn btn--outline" onClick={() => send({ type: 'skip' })}>
        Skip
      </button>
    </>
  )

  return (
    <ProfileListsProvider value={useProfileMasterList}>
      <MemberPage title="Profile Completion" intro={intro}>
        <section className="panel wizard" aria-labelledby="wizard-title" ref={panel}>
          <CompletionMeter completedSteps={p.completedSteps} id="wizard-completion" />
          <ol className="wizard-steps" aria-label="Steps">
            {wizard.steps.map((k, i) => {
              const sec = p.completion.find((s) => s.key === k)
              const isCurrent = !wizard.done && i === wizard.index
              return (
                <li key={k} className={'wizard-steps__item' + (isCurrent ? ' is-current' : '') + (sec?.complete ? ' is-done' : '')}>
                  <button type="button" onClick={() => send({ type: 'goto', key: k })} aria-current={isCurrent ? 'step' : undefined} aria-label={`${SECTION_TITLES[k]}${sec?.complete ? ' (done)' : ''}`}>
                    <span className="stepper__num" aria-hidden="true">
                      {sec?.complete ? <Icon name="check" size={14} /> : i + 1}
                    </span>
                    <span className="wizard-steps__label">{SECTION_TITLES[k]}</span>
                  </button>
                </li>
              )
            })}
          </ol>

          {wizard.done ? (
            <DoneStep profile={p} headingRef={heading} onGoto={(k) => send({ type: 'goto', key: k })} onBack={() => send({ type: 'back' })} />
          ) : (
            <>
              <h2 id="wizard-title" className="panel__title wizard__title" ref={heading} tabIndex={-1}>
                <span className="wizard__count">
                  Step {wizard.index + 1} of {wizard.steps.length}
                  {current?.complete && ' · done'}
                </span>
                {SECTION_TITLES[key]}
              </h2>
              <p className="small muted">{SECTION_INTROS[key]}</p>
              {isFormSection(key) ? (
                <SectionForm key={key} section={key} profile={p} options={options} onSaved={onSectionSaved} onDirtyChange={onDirtyChange} submitLabel="Save & continue" actions={actions} />
              ) : key === 'photos' ? (
                <PhotoStep key={key} gender={p.gender} maxBytes={options?.limits.maxUploadBytes} onUploaded={onOtherSaved} actions={actions} />
              ) : key === 'preference' ? (
                <PreferenceStep key={key} options={options} onSaved={onOtherSaved} actions={actions} />
              ) : (
                <div>
                  <p>
                    Your e-mail and mobile number are set on the <Link to={completionLink(key)}>contact details</Link> page.
                  </p>
                  <div className="form__actions profile-form__actions">{actions}</div>
                </div>
              )}
            </>
          )}
        </section>
        {guard}
      </MemberPage>
    </ProfileListsProvider>
  )
}

/** After the last step with sections still incomplete: what is left, each one a click away. */
function DoneStep({ profile, headingRef, onGoto, onBack }: { profile: OwnProfile; headingRef: Ref<HTMLHeadingElement>; onGoto: (k: CompletionKey) => void; onBack: () => void }) {
  const left = remainingSections(profile.completion)
  return (
    <div className="wizard-done">
      <h2 id="wizard-title" className="panel__title wizard__title" ref={headingRef} tabIndex={-1}>
        Almost there
      </h2>
      <p>You have been through every step. These sections are still incomplete; you can finish them now or whenever you like:</p>
      <ul className="wizard-done__list">
        {left.map((s) => (
          <li key={s.key}>
            <span>{s.label}</span>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => onGoto(s.key)}>
              Complete now
            </button>
          </li>
        ))}
      </ul>
      <div className="form__actions profile-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          Back
        </button>
        <Link to={ROUTES.myMatrimony} className="btn btn--primary">
          Go to My Matrimony
        </Link>
      </div>
    </div>
  )
}
