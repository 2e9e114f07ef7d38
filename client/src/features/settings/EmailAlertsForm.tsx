import { asApiError } from '../../api/api'
import Switch from '../../components/Switch'
import { ErrorState, Skeleton } from '../../components/States'
import { useAppDispatch } from '../../app/hooks'
import { patchAlert, useGetEmailAlertsQuery, useUpdateEmailAlertsMutation } from './api'
import { ALERT_CHOICES } from './copy'
import { useAutoSave } from './useAutoSave'
import type { EmailAlerts } from './types'

/** One e-mail alert category as a switch, saved as the member flips it (the saved state is read from the store, fresh). */
function AlertSwitch({ choice, on }: { choice: (typeof ALERT_CHOICES)[number]; on: boolean }) {
  const dispatch = useAppDispatch()
  const { data } = useGetEmailAlertsQuery()
  const [update] = useUpdateEmailAlertsMutation()
  const save = useAutoSave<boolean>(async (value) => {
    const res = await update({ [choice.key]: value } as Partial<EmailAlerts>).unwrap()
    dispatch(patchAlert(choice.key, res.data))
    return res.message
  })
  const checked = save.pending ? save.pending.value : (data?.[choice.key] ?? on)
  return (
    <li className="alert-item">
      <Switch id={`alert-${choice.key}`} label={choice.label} checked={checked} onChange={save.change} description={choice.description} />
      {save.error && (
        <p className="setting-status is-error" role="status">
          Not saved: {save.error}
        </p>
      )}
    </li>
  )
}

/** The e-mail alerts page (GET and POST profile/email-alerts): one switch per category. */
export default function EmailAlertsForm() {
  const { data, isError, error, refetch } = useGetEmailAlertsQuery()
  if (!data) {
    return isError ? <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} /> : <Skeleton lines={6} />
  }
  return (
    <ul className="alert-list" aria-label="E-mail alerts">
      {ALERT_CHOICES.map((c) => (
        <AlertSwitch key={c.key} choice={c} on={data[c.key]} />
      ))}
    </ul>
  )
}
