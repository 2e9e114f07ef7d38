import { useId, useState } from 'react'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import ConfirmDialog from '../../components/ConfirmDialog'
import { useReportProfileMutation } from './api'
import { MAX_REPORT_DETAILS, pronoun, REPORT_REASONS } from './labels'
import type { ReportReason } from './labels'

interface ReportDialogProps {
  open: boolean
  profileId: string
  name: string
  gender?: number
  /** What is reported: the profile, or the chat with the member (which needs messages). */
  kind: 'profile' | 'chat'
  /** Called once the report is stored (the member is blocked too). */
  onReported: () => void
  onCancel: () => void
}

/**
 * Reports a member's profile or chat to the moderators (POST profile/report/{id}; product.md "Rights and safety"):
 * a reason and optional details (needed for "Something else"). A report also blocks, so the member drops out of
 * the reporter's lists, chat and messages at once. Field errors show under their fields.
 */
export default function ReportDialog({ open, profileId, name, gender, kind, onReported, onCancel }: ReportDialogProps) {
  const id = useId()
  const [reason, setReason] = useState<ReportReason | ''>('')
  const [details, setDetails] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [report, { isLoading }] = useReportProfileMutation()
  const p = pronoun(gender)

  // Each opening starts afresh.
  const [wasOpen, setWasOpen] = useState(open)
  if (wasOpen !== open) {
    setWasOpen(open)
    if (open) {
      setReason('')
      setDetails('')
      setErrors({})
    }
  }

  const submit = () => {
    const text = details.trim()
    const local: Record<string, string> = {}
    if (!reason) local.reason = 'Choose a reason for the report'
    if (reason === 'other' && text.length < 10) local.details = 'Please tell us what happened (at least 10 characters)'
    setErrors(local)
    if (reason === '' || Object.keys(local).length) return
    report({ profileId, kind, reason, details: text })
      .unwrap()
      .then(() => {
        notifySuccess('Thank you. Our team will review your report.')
        onReported()
      })
      .catch((e: unknown) => setErrors(asApiError(e)?.fieldErrors ?? {}))
  }

  const count = details.length
  return (
    <ConfirmDialog
      open={open}
      title={kind === 'chat' ? `Report the chat with ${name}` : `Report ${name}`}
      confirmLabel="Send report"
      danger
      busy={isLoading}
      onConfirm={submit}
      onCancel={onCancel}
    >
      <p>
        Our team reads every report. {name} is not told who reported {p.them}. Reporting also blocks {p.them}: neither of you will see the other,
        and any chat between you ends.
      </p>
      <fieldset className="report-form__reasons" aria-describedby={errors.reason ? `${id}-reason-err` : undefined}>
        <legend>Why are you reporting {kind === 'chat' ? 'this chat' : 'this profile'}?</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r.value} className="report-form__reason">
            <input type="radio" name={`${id}-reason`} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
            {r.label}
          </label>
        ))}
        {errors.reason && (
          <p id={`${id}-reason-err`} className="field__error" role="alert">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <label className="report-form__label" htmlFor={`${id}-details`}>
        What happened? {reason === 'other' ? '' : '(optional)'}
      </label>
      <textarea
        id={`${id}-details`}
        className="report-form__details"
        rows={3}
        maxLength={MAX_REPORT_DETAILS}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        aria-invalid={errors.details ? true : undefined}
        aria-describedby={`${id}-count${errors.details ? ` ${id}-details-err` : ''}`}
      />
      <p id={`${id}-count`} className="report-form__count">
        {count} / {MAX_REPORT_DETAILS}
      </p>
      {errors.details && (
        <p id={`${id}-details-err`} className="field__error" role="alert">
          {errors.details}
        </p>
      )}
    </ConfirmDialog>
  )
}
