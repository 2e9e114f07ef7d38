import { useEffect, useId, useState } from 'react'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import ConfirmDialog from '../../components/ConfirmDialog'
import { pronoun } from './BlockDialog'
import { MAX_REPORT_DETAILS, REPORT_REASONS, useReportProfileMutation } from './api'
import type { ReportReason } from './api'

interface ReportDialogProps {
  open: boolean
  profileId: string
  name: string
  gender?: number
  /** A profile report may also block; a chat report always does (its chat ends). */
  kind: 'profile' | 'chat'
  /** Called once the report is stored; blocked says whether the member is now blocked too. */
  onReported: (blocked: boolean) => void
  onCancel: () => void
}

/**
 * Reports a member's profile or chat to the moderators (POST profile/report/{id}; product.md "Rights and safety"):
 * a reason, optional details (needed for "Something else"), and for a profile the choice to block as well. The
 * member drops out of the reporter's lists and chat at once. Field errors show under their fields.
 */
export default function ReportDialog({ open, profileId, name, gender, kind, onReported, onCancel }: ReportDialogProps) {
  const id = useId()
  const [reason, setReason] = useState<ReportReason | ''>('')
  const [details, setDetails] = useState('')
  const [block, setBlock] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [report, { isLoading }] = useReportProfileMutation()
  const p = pronoun(gender)

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return
    setReason('')
    setDetails('')
    setBlock(false)
    setErrors({})
  }, [open])

  const submit = () => {
    const text = details.trim()
    const local: Record<string, string> = {}
    if (!reason) local.reason = 'Choose a reason for the report'
    if (reason === 'other' && text.length < 10) local.details = 'Please tell us what happened (at least 10 characters)'
    setErrors(local)
    if (reason === '' || Object.keys(local).length) return
    const blocks = kind === 'chat' || block
    report({ profileId, kind, reason, details: text, block: blocks })
      .unwrap()
      .then(() => {
        notifySuccess('Thank you. Our team will review your report.')
        onReported(blocks)
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
        Our team reads every report. {name} is not told who reported {p.them}, and {p.they} will no longer appear in your lists or chat.
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
      {kind === 'chat' ? (
        <p className="report-form__note">Reporting a chat also blocks {name}: the chat ends now for both of you.</p>
      ) : (
        <label className="report-form__block">
          <input type="checkbox" checked={block} onChange={(e) => setBlock(e.target.checked)} /> Also block {name}
        </label>
      )}
    </ConfirmDialog>
  )
}
