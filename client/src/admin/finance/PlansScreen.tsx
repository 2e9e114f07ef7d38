import { Fragment, useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import { formatInr } from '../../lib/format'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError } from '../api'
import type { AdminError } from '../api'
import type { AdminPlan, PlanInput } from '../types'
import { ActionDialog, AdminPage, QueryStatus, StatusPill, TableCard } from '../ui'
import { useListPlansQuery, useUpdatePlanMutation } from './api'

/** The plan form's fields (numbers as typed, switches as "1"/""). */
interface PlanValues {
  priceInr: string
  months: string
  contactViews: string
  dailyInvitations: string
  startChats: string
  profileHighlight: string
  prioritySupport: string
  active: string
}

const wholeNumber = (v: string, what: string, max?: number) => {
  if (!/^\d+$/.test(v.trim())) return `Enter the ${what} as a whole number`
  if (max !== undefined && Number(v) > max) return `The ${what} can be at most ${max.toLocaleString('en-IN')}`
  return undefined
}

/** The plan form's checks: whole, non-negative numbers within sense. */
export function validatePlan(v: PlanValues): FieldErrors<PlanValues> {
  return {
    priceInr: wholeNumber(v.priceInr, 'price', 10_00_000),
    months: wholeNumber(v.months, 'months', 60),
    contactViews: wholeNumber(v.contactViews, 'contact views'),
    dailyInvitations: wholeNumber(v.dailyInvitations, 'daily invitations'),
  }
}

function toInput(v: PlanValues): PlanInput {
  return {
    priceInr: Number(v.priceInr),
    months: Number(v.months),
    contactViews: Number(v.contactViews),
    dailyInvitations: Number(v.dailyInvitations),
    startChats: v.startChats === '1',
    profileHighlight: v.profileHighlight === '1',
    prioritySupport: v.prioritySupport === '1',
    active: v.active === '1',
  }
}

const yes = (b: boolean) => (b ? '1' : '')

/** The inline form of one plan; saving asks first, as members see it at once. */
function PlanEditForm({ plan, onDone }: { plan: AdminPlan; onDone: () => void }) {
  const [initial] = useState<PlanValues>(() => ({
    priceInr: String(plan.priceInr),
    months: String(plan.months),
    contactViews: String(plan.contactViews),
    dailyInvitations: String(plan.dailyInvitations),
    startChats: yes(plan.startChats),
    profileHighlight: yes(plan.profileHighlight),
    prioritySupport: yes(plan.prioritySupport),
    active: yes(plan.active),
  }))
  const { values, errors, onChange, onBlur, check, setValue, setServerErrors, formRef } = useForm(initial, validatePlan)
  const [update] = useUpdatePlanMutation()
  const [confirming, setConfirming] = useState(false)
  const id = (k: string) => `plan-${plan.id}-${k}`

  const onSubmit = (e: FormEvent) => {
    if (check(e)) setConfirming(true)
  }

  const save = async (): Promise<AdminError | undefined> => {
    const r = await update({ id: plan.id, body: toInput(values) })
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) {
        setServerErrors(err.fieldErrors)
        setConfirming(false)
        return undefined
      }
      return err
    }
    notifySuccess(`${plan.name} saved`)
    setConfirming(false)
    onDone()
    return undefined
  }

  const num = (k: 'priceInr' | 'months' | 'contactViews' | 'dailyInvitations', label: string) => (
    <div className={'field field--compact' + (errors[k] ? ' has-error' : '')}>
      <label htmlFor={id(k)}>{label}</label>
      <input id={id(k)} name={k} inputMode="numeric" value={values[k]} onChange={onChange} onBlur={onBlur} aria-invalid={errors[k] ? true : undefined} aria-describedby={errors[k] ? id(k) + '-error' : undefined} />
      {errors[k] && (
        <p id={id(k) + '-error'} className="field__error">
          {errors[k]}
        </p>
      )}
    </div>
  )
  const box = (k: 'startChats' | 'profileHighlight' | 'prioritySupport' | 'active', label: string) => (
    <label className="admin-check">
      <input type="checkbox" name={k} checked={values[k] === '1'} onChange={(e) => setValue(k, e.target.checked ? '1' : '')} /> {label}
    </label>
  )

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="admin-inline-form" aria-label={`Edit ${plan.name}`}>
      <div className="admin-grid-4">
        {num('priceInr', 'Price (₹, GST included)')}
        {num('months', 'Months')}
        {num('contactViews', 'Contact views')}
        {num('dailyInvitations', 'Invitations a day')}
      </div>
      <div className="admin-checks">
        {box('startChats', 'Can start chats')}
        {box('profileHighlight', 'Profile highlight')}
        {box('prioritySupport', 'Priority support')}
        {box('active', 'On sale')}
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm">
          Save {plan.name}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ActionDialog open={confirming} title={`Save ${plan.name}?`} confirmLabel="Save plan" reason={false} onConfirm={save} onCancel={() => setConfirming(false)}>
        <p>Members see the new price and terms on the plans page and at checkout at once.</p>
        <p>
          {formatInr(Number(values.priceInr) || 0)} for {values.months} months, {values.contactViews} contact views.
        </p>
      </ActionDialog>
    </form>
  )
}

/** Plans: the table of every plan (the free tier too) with an inline edit form. */
export default function PlansScreen() {
  const list = useListPlansQuery()
  const [editing, setEditing] = useState<number | null>(null)
  const items = [...(list.data?.items ?? [])].sort((a, b) => a.sort - b.sort)
  const tick = (b: boolean) => (b ? 'Yes' : 'No')

  return (
    <AdminPage title="Plans" intro="Prices include GST. Members see a change on the plans page at once.">
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No plans" />
      {items.length > 0 && (
        <TableCard label="Plans">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price</th>
              <th scope="col">Months</th>
              <th scope="col"><abbr title="Contact views">Contacts</abbr></th>
              <th scope="col"><abbr title="Invitations a day">Invites/day</abbr></th>
              <th scope="col">Chats</th>
              <th scope="col">Highlight</th>
              <th scope="col"><abbr title="Priority support">Priority</abbr></th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <Fragment key={p.id}>
                <tr>
                  <th scope="row">{p.name}</th>
                  <td>{p.free ? 'Free' : formatInr(p.priceInr)}</td>
                  <td>{p.months}</td>
                  <td>{p.contactViews}</td>
                  <td>{p.dailyInvitations}</td>
                  <td>{tick(p.startChats)}</td>
                  <td>{tick(p.profileHighlight)}</td>
                  <td>{tick(p.prioritySupport)}</td>
                  <td>
                    <StatusPill value={p.active ? 'active' : 'paused'} label={p.active ? 'On sale' : 'Off sale'} />
                  </td>
                  <td>
                    {editing !== p.id && (
                      <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.name}`}>
                        Edit
                      </button>
                    )}
                  </td>
                </tr>
                {editing === p.id && (
                  <tr className="admin-table__form-row">
                    <td colSpan={10}>
                      <PlanEditForm plan={p} onDone={() => setEditing(null)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </TableCard>
      )}
    </AdminPage>
  )
}
