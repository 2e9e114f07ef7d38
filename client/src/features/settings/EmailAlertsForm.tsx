import { useId } from 'react'
import { asApiError } from '../../api/api'
import Switch from '../../components/Switch'
import { ErrorState, Skeleton } from '../../components/States'
import { useAppDispatch } from '../../app/hooks'
import { patchAlert, useGetEmailAlertsQuery, useUpdateEmailAlertsMutation } from './api'
import { ALERT_CHOICES, DIGEST_CHOICES } from './copy'
import { useAutoSave } from './useAutoSave'
import type { AlertFlag, EmailAlerts, MatchDigest } from './types'

/** One alert setting of POST profile/email-alerts, saved as the member changes it (the saved value read from the store, fresh). */
function useAlert<K extends keyof EmailAlerts>(key: K, initial: EmailAlerts[K]) {
  const dispatch = useAppDispatch()
  const { data } = useGetEmailAlertsQuery()
  const [update] = useUpdateEmailAlertsMutation()
  const save = useAutoSave<EmailAlerts[K]>(async (value) => {
    const res = await update({ [key]: value } as Partial<EmailAlerts>).unwrap()
    dispatch(patchAlert(key, res.data))
    return res.message
  })
  return { value: save.pending ? save.pending.value : (data?.[key] ?? initial), save }
}

/** How often the new-matches digest comes: daily or weekly. */
function DigestChoice({ initial }: { initial: MatchDigest }) {
  const { value, save } = useAlert('matchDigest', initial)
  const legend = useId()
  return (
    <div className="alert-digest">
      <fieldset className="digest-choice" aria-labelledby={legend}>
        <legend id={legend} className="digest-choice__legend">
          How often
        </legend>
        <div className="segmented">
          {DIGEST_CHOICES.map((c) => (
            <label key={c.value} className={'segmented__option' + (value === c.value ? ' is-checked' : '')}>
              <input type="radio" name="matchDigest" value={c.value} checked={value === c.value} onChange={() => save.change(c.value)} />
              <span>{c.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {save.error && (
        <p className="setting-status is-error" role="status">
          Not saved: {save.error}
        </p>
      )}
    </div>
  )
}

/** One e-mail alert category as a switch, saved as the member flips it; "New matches" also says how often, while on. */
function AlertSwitch({ choice, on, digest }: { choice: (typeof ALERT_CHOICES)[number]; on: boolean; digest: MatchDigest }) {
  const { value: checked, save } = useAlert<AlertFlag>(choice.key, on)
  return (
    <li className="alert-item">
      <Switch id={`alert-${choice.key}`} label={choice.label} checked={!!checked} onChange={save.change} description={choice.description} />
      {save.error && (
        <p className="setting-status is-error" role="status">
          Not saved: {save.error}
        </p>
      )}
      {choice.key === 'matches' && checked && <DigestChoice initial={digest} />}
    </li>
  )
}

/** The e-mail alerts page (GET and POST profile/email-alerts): one switch per category, and the new-matches digest's pace. */
export default function EmailAlertsForm() {
  const { data, isError, error, refetch } = useGetEmailAlertsQuery()
  if (!data) {
    return isError ? <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} /> : <Skeleton lines={6} />
  }
  return (
    <ul className="alert-list" aria-label="E-mail alerts">
      {ALERT_CHOICES.map((c) => (
        <AlertSwitch key={c.key} choice={c} on={!!data[c.key]} digest={data.matchDigest === 'daily' ? 'daily' : 'weekly'} />
      ))}
    </ul>
  )
}
