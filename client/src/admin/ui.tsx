import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import ConfirmDialog from '../components/ConfirmDialog'
import Pagination from '../components/Pagination'
import { usePageParam } from '../lib/usePageParam'
import { EmptyState, ErrorState, Skeleton } from '../components/States'
import { asAdminError } from './api'
import type { AdminError } from './api'
import { ADMIN } from './permissions'

/** Rows a list screen shows at a time. */
export const PAGE_SIZE = 20

/** A screen of the back office: its heading, an optional line under it, the actions on the right, then the content. */
export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-page">
      <header className="admin-page__head">
        <div>
          <h1 className="admin-page__title">{title}</h1>
          {intro && <div className="admin-page__intro">{intro}</div>}
        </div>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  )
}

/** The state of a query as a screen shows it: skeleton while loading, error with retry, or empty; null when there is data. */
export function QueryStatus({
  isLoading,
  error,
  onRetry,
  isEmpty,
  emptyTitle = 'Nothing here yet',
  emptyBody,
}: {
  isLoading: boolean
  error?: unknown
  onRetry?: () => void
  isEmpty?: boolean
  emptyTitle?: string
  emptyBody?: ReactNode
}) {
  if (isLoading) {
    return (
      <div className="admin-card" aria-busy="true" aria-label="Loading">
        <Skeleton lines={4} />
      </div>
    )
  }
  if (error) return <ErrorState message={asAdminError(error)?.message} onRetry={onRetry} />
  if (isEmpty) return <EmptyState title={emptyTitle}>{emptyBody}</EmptyState>
  return null
}

/** A table inside a card that scrolls sideways on a narrow screen instead of widening the page. */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">{children}</table>
    </div>
  )
}

/** "Showing 21–40 of 134" and the page links (?page=). */
export function ListPager({ page, total, shown, pageSize = PAGE_SIZE }: { page: number; total: number; shown: number; pageSize?: number }) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  return (
    <div className="admin-pager">
      <p className="admin-pager__count">{total === 0 ? 'No results' : `Showing ${first}–${first + shown - 1} of ${total.toLocaleString('en-IN')}`}</p>
      <Pagination page={page} total={total} pageSize={pageSize} />
    </div>
  )
}

/** A short status word as a coloured pill. */
export function StatusPill({ value, label }: { value: string; label?: string }) {
  return <span className={`admin-pill admin-pill--${value.replace(/[^a-z0-9-]/gi, '')}`}>{label ?? value.charAt(0).toUpperCase() + value.slice(1)}</span>
}

/** The small line saying that what is on screen was written to the audit log. */
export function AuditNote({ children }: { children: ReactNode }) {
  return <p className="admin-audit-note">{children}</p>
}

/** What an admin sees at an address their permissions do not open. */
export function AccessDenied() {
  return (
    <section className="admin-page admin-denied" role="alert">
      <h1 className="admin-page__title">You do not have access to this page</h1>
      <p>Your role does not include this part of the back office. Ask a superadmin if you need it.</p>
      <p>
        <Link to={ADMIN.home} className="btn btn--outline btn--sm">
          Back to the dashboard
        </Link>
      </p>
    </section>
  )
}

/** Key/value pairs (an audit row's detail object): nested values as JSON. */
export function KeyValues({ data }: { data: Record<string, unknown> | null | undefined }) {
  const entries = Object.entries(data ?? {})
  if (!entries.length) return <p className="admin-muted">No details.</p>
  return (
    <dl className="admin-kv">
      {entries.map(([k, v]) => (
        <div key={k} className="admin-kv__row">
          <dt>{k}</dt>
          <dd>{v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Plain words for the gender code (10 groom, 20 bride). */
export function genderWord(g: number): string {
  return g === 20 ? 'Bride' : g === 10 ? 'Groom' : '—'
}

/** What an action dialog collects. */
export interface ActionValues {
  reason: string
  days?: number
}

interface ActionDialogProps {
  open: boolean
  title: string
  /** What the action does, in plain words. */
  children?: ReactNode
  confirmLabel: string
  danger?: boolean
  /** The text field: its label, whether it is required, and the field name the server's 422 errors use. */
  reason?: { label: string; required: boolean; name?: string } | false
  /** A number of days (a suspension). */
  days?: { label: string; min: number; max: number }
  /** Runs the action; resolves to the server's error, or nothing when done (the caller closes the dialog). */
  onConfirm: (values: ActionValues) => Promise<AdminError | undefined | void>
  onCancel: () => void
}

/**
 * The confirmation of every destructive or member-affecting action (components/ConfirmDialog), with the reason (and
 * days) it needs: checked here, then the server's message or field errors shown inside it.
 */
export function ActionDialog(props: ActionDialogProps) {
  if (!props.open) return null
  return <ActionDialogOpen {...props} />
}

function ActionDialogOpen({ title, children, confirmLabel, danger, reason = { label: 'Reason', required: true }, days, onConfirm, onCancel }: ActionDialogProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [dayText, setDayText] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<{ reason?: string; days?: string; form?: string }>({})
  const fieldName = reason ? (reason.name ?? 'reason') : 'reason'

  const submit = async () => {
    const next: typeof errors = {}
    if (reason && reason.required && !text.trim()) next.reason = `Please enter the ${reason.label.toLowerCase()}`
    let n: number | undefined
    if (days) {
      n = Number(dayText)
      if (!dayText.trim() || !Number.isInteger(n) || n < days.min || n > days.max) next.days = `Enter a whole number of days from ${days.min} to ${days.max}`
    }
    setErrors(next)
    if (next.reason || next.days) return
    setBusy(true)
    const err = await onConfirm({ reason: text.trim(), days: n })
    setBusy(false)
    if (err) {
      setErrors({
        reason: err.fieldErrors?.[fieldName],
        days: err.fieldErrors?.days,
        form: err.fieldErrors?.[fieldName] || err.fieldErrors?.days ? undefined : err.message,
      })
    }
  }

  return (
    <ConfirmDialog open title={title} confirmLabel={confirmLabel} danger={danger} busy={busy} onConfirm={() => void submit()} onCancel={onCancel}>
      {children}
      <div className="admin-dialog-fields">
        {days && (
          <div className={'field field--compact' + (errors.days ? ' has-error' : '')}>
            <label htmlFor={`${id}-days`}>{days.label}</label>
            <input
              id={`${id}-days`}
              name="days"
              type="number"
              inputMode="numeric"
              min={days.min}
              max={days.max}
              value={dayText}
              onChange={(e) => setDayText(e.target.value)}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={errors.days ? `${id}-days-error` : undefined}
            />
            {errors.days && (
              <p id={`${id}-days-error`} className="field__error">
                {errors.days}
              </p>
            )}
          </div>
        )}
        {reason && (
          <div className={'field field--compact' + (errors.reason ? ' has-error' : '')}>
            <label htmlFor={`${id}-reason`}>
              {reason.label}
              {!reason.required && <span className="field__optional"> (optional)</span>}
            </label>
            <textarea
              id={`${id}-reason`}
              name={fieldName}
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            />
            {errors.reason && (
              <p id={`${id}-reason-error`} className="field__error">
                {errors.reason}
              </p>
            )}
          </div>
        )}
        {errors.form && (
          <p className="admin-form-error" role="alert">
            {errors.form}
          </p>
        )}
      </div>
    </ConfirmDialog>
  )
}

/** The error of a mutation result, or undefined when it went through. */
export function resultError(r: { error?: unknown }): AdminError | undefined {
  return r.error ? asAdminError(r.error) : undefined
}

/**
 * A search box and filters over a list, submitted together (Enter or the button) as the form's values. Key it by the
 * address's query, so its fields show the filters in use after Back.
 */
export function FilterBar({ onSubmit, children, label = 'Filters' }: { onSubmit: (values: Record<string, string>) => void; children: ReactNode; label?: string }) {
  return (
    <form
      className="admin-filters"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        const values: Record<string, string> = {}
        new FormData(e.currentTarget).forEach((v, k) => {
          if (typeof v === 'string') values[k] = v.trim()
        })
        onSubmit(values)
      }}
    >
      {children}
      <button type="submit" className="btn btn--primary btn--sm">
        Search
      </button>
    </form>
  )
}

/**
 * A list screen's filters and page in the address (?page= 1-based): get(name) reads one, apply(values) replaces them
 * all and goes back to page 1, set(name, value) changes one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const page = usePageParam()
  const get = (name: string) => params.get(name) ?? ''
  const apply = (values: Record<string, string>) => {
    const next = new URLSearchParams()
    for (const [k, v] of Object.entries(values)) if (v) next.set(k, v)
    setParams(next)
  }
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params)
    next.delete('page')
    if (value) next.set(name, value)
    else next.delete(name)
    setParams(next)
  }
  return { page, get, apply, set, query: params.toString() }
}

/** The message for a day range whose last day comes before its first ("YYYY-MM-DD" strings), or null. */
export function dayRangeProblem(from?: string, to?: string): string | null {
  return from && to && to < from ? 'The last day must be on or after the first day' : null
}

/** A filter's From and To day fields (names "from" and "to"), with the range error under To. */
export function DayRangeFields({ idPrefix, from, to, error }: { idPrefix: string; from?: string; to?: string; error: string | null }) {
  return (
    <>
      <div className="field field--compact">
        <label htmlFor={`${idPrefix}-from`}>From</label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} />
      </div>
      <div className={'field field--compact' + (error ? ' has-error' : '')}>
        <label htmlFor={`${idPrefix}-to`}>To</label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} aria-invalid={error ? true : undefined} aria-describedby={error ? `${idPrefix}-to-error` : undefined} />
        {error && (
          <p id={`${idPrefix}-to-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    </>
  )
}
