import { useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import { ChoiceField, SelectField, TextField } from '../../components/Field'
import { formatInr } from '../../lib/format'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError, pageArgs } from '../api'
import { fmtDay, indiaDay, indiaDayStart, nextDay } from '../dates'
import { useCan } from '../permissions'
import type { AdminCoupon, CouponInput } from '../types'
import { ActionDialog, AdminPage, FilterBar, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, resultError, useListParams } from '../ui'
import { useListCouponsQuery, useListPlansQuery, useSaveCouponMutation, useSetCouponActiveMutation } from './api'

/** The coupon form's fields, as typed (dates YYYY-MM-DD, India days; the last day included). */
export interface CouponValues {
  code: string
  description: string
  kind: string
  value: string
  plan: string
  validFrom: string
  validUntil: string
  maxUses: string
}

const CODE_RE = /^[A-Z0-9][A-Z0-9_-]{1,31}$/
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/

/** The coupon form's checks: the code's shape, percent 1–100 or rupees off ≥ 1, both dates in order, uses ≥ 0. */
export function validateCoupon(v: CouponValues): FieldErrors<CouponValues> {
  const e: FieldErrors<CouponValues> = {}
  const code = v.code.trim().toUpperCase()
  if (!code) e.code = 'Please enter the code'
  else if (!CODE_RE.test(code)) e.code = 'Use 2 to 32 capital letters, digits, hyphens or underscores'
  if (v.kind !== 'percent' && v.kind !== 'flat') e.kind = 'Choose percent or flat'
  const n = Number(v.value)
  if (!v.value.trim()) e.value = 'Please enter the discount'
  else if (!Number.isInteger(n)) e.value = 'Enter a whole number'
  else if (v.kind === 'percent' && (n < 1 || n > 100)) e.value = 'A percent discount is from 1 to 100'
  else if (v.kind === 'flat' && n < 1) e.value = 'Enter the rupees off, 1 or more'
  if (!DAY_RE.test(v.validFrom)) e.validFrom = 'Please choose the first day'
  if (!DAY_RE.test(v.validUntil)) e.validUntil = 'Please choose the last day'
  else if (DAY_RE.test(v.validFrom) && v.validUntil < v.validFrom) e.validUntil = 'The last day must be on or after the first day'
  if (!/^\d+$/.test(v.maxUses.trim())) e.maxUses = 'Enter a whole number (0 for no limit)'
  return e
}

/** The form's values as the API takes them: the window from the first day's start to the end of the last day, India time. */
export function toCouponInput(v: CouponValues): CouponInput {
  return {
    code: v.code.trim().toUpperCase(),
    description: v.description.trim(),
    kind: v.kind === 'flat' ? 'flat' : 'percent',
    value: Number(v.value),
    plan: v.plan || null,
    validFrom: indiaDayStart(v.validFrom),
    validUntil: indiaDayStart(nextDay(v.validUntil)),
    maxUses: Number(v.maxUses),
  }
}

/** A coupon's discount in words: "10% off", "₹500 off". */
export function discountWords(c: Pick<AdminCoupon, 'kind' | 'value'>): string {
  return c.kind === 'percent' ? `${c.value}% off` : `${formatInr(c.value)} off`
}

const EMPTY: CouponValues = { code: '', description: '', kind: 'percent', value: '', plan: '', validFrom: '', validUntil: '', maxUses: '0' }

function valuesOf(c: AdminCoupon): CouponValues {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    value: String(c.value),
    plan: c.plan ?? '',
    validFrom: indiaDay(c.validFrom),
    // validUntil is the end (exclusive): the last day is the one just before it.
    validUntil: indiaDay(c.validUntil, 1),
    maxUses: String(c.maxUses),
  }
}

/** Creating or editing a coupon. */
function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const can = useCan()
  const plans = useListPlansQuery(undefined, { skip: !can('plans:write') })
  const [initial] = useState<CouponValues>(() => (coupon ? valuesOf(coupon) : EMPTY))
  const { values, errors, onChange, onBlur, check, setServerErrors, formRef } = useForm(initial, validateCoupon)
  const [save, { isLoading }] = useSaveCouponMutation()
  const [formError, setFormError] = useState<string | null>(null)
  const paidPlans = (plans.data?.items ?? []).filter((p) => !p.free)

  const onSubmit = async (e: FormEvent) => {
    if (!check(e)) return
    const r = await save({ id: coupon?.id, body: toCouponInput(values) })
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) setServerErrors(err.fieldErrors)
      else if (err?.status === 409) setServerErrors({ code: err.message })
      setFormError(err?.fieldErrors || err?.status === 409 ? null : (err?.message ?? null))
      return
    }
    notifySuccess(coupon ? 'Coupon saved' : 'Coupon created')
    onDone()
  }

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="admin-card" aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}>
      <h2 className="admin-card__title">{coupon ? `Edit ${coupon.code}` : 'New coupon'}</h2>
      <div className="admin-grid-2">
        <TextField id="code" label="Code" value={values.code} onChange={onChange} onBlur={onBlur} error={errors.code} autoCapitalize="characters" hint="Members type it at checkout; capital letters, digits, - and _." />
        <TextField id="description" label="Description" optional value={values.description} onChange={onChange} onBlur={onBlur} error={errors.description} />
        <ChoiceField
          id="kind"
          label="Discount"
          value={values.kind}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.kind}
          options={[
            { value: 'percent', label: 'Percent' },
            { value: 'flat', label: 'Flat (₹)' },
          ]}
        />
        <TextField
          id="value"
          label={values.kind === 'flat' ? 'Rupees off' : 'Percent off (1–100)'}
          inputMode="numeric"
          value={values.value}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.value}
        />
        <TextField id="validFrom" label="First day" type="date" value={values.validFrom} onChange={onChange} onBlur={onBlur} error={errors.validFrom} />
        <TextField id="validUntil" label="Last day" type="date" value={values.validUntil} onChange={onChange} onBlur={onBlur} error={errors.validUntil} hint="India time; the coupon works through the whole last day." />
        <TextField id="maxUses" label="Most uses" inputMode="numeric" value={values.maxUses} onChange={onChange} onBlur={onBlur} error={errors.maxUses} hint="0 for no limit." />
        {paidPlans.length > 0 ? (
          <SelectField
            id="plan"
            label="Plan"
            optional
            placeholder="Any plan"
            value={values.plan}
            onChange={onChange}
            onBlur={onBlur}
            error={errors.plan}
            options={paidPlans.map((p) => ({ value: p.name, label: p.name }))}
          />
        ) : (
          <TextField id="plan" label="Plan" optional value={values.plan} onChange={onChange} onBlur={onBlur} error={errors.plan} hint="Empty for any plan." />
        )}
      </div>
      {formError && (
        <p className="admin-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={isLoading}>
          {coupon ? 'Save coupon' : 'Create coupon'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** Coupons: search and paging; create, edit, pause and resume (with a confirmation); the uses so far. */
/** What a coupon is now: paused by finance, not started yet, past its window, or active. */
export function couponState(c: { active: boolean; validFrom: string; validUntil: string }, now = Date.now()): 'paused' | 'scheduled' | 'expired' | 'active' {
  if (!c.active) return 'paused'
  if (Date.parse(c.validFrom) > now) return 'scheduled'
  if (Date.parse(c.validUntil) < now) return 'expired'
  return 'active'
}

export default function CouponsScreen() {
  const { page, get, apply, query } = useListParams()
  const q = get('q')
  const list = useListCouponsQuery({ q, ...pageArgs(page, PAGE_SIZE) })
  const [setActive] = useSetCouponActiveMutation()
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null)
  const [toggling, setToggling] = useState<AdminCoupon | null>(null)
  const items = list.data?.items ?? []

  const toggle = async () => {
    if (!toggling) return
    const err = resultError(await setActive({ id: toggling.id, active: !toggling.active }))
    if (err) return err
    notifySuccess(toggling.active ? 'Coupon paused' : 'Coupon resumed')
    setToggling(null)
  }

  return (
    <AdminPage
      title="Coupons"
      actions={
        editing === null && (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing('new')}>
            New coupon
          </button>
        )
      }
    >
      {editing !== null && <CouponForm key={editing === 'new' ? 'new' : editing.id} coupon={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <FilterBar key={query} onSubmit={(v) => apply({ q: v.q })} label="Search coupons">
        <div className="field field--compact admin-filters__grow">
          <label htmlFor="coupon-q">Code or description</label>
          <input id="coupon-q" name="q" type="search" defaultValue={q} />
        </div>
      </FilterBar>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No coupons match" />
      {items.length > 0 && (
        <>
          <TableCard label="Coupons">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Plan</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.code}</strong>
                    {c.description && (
                      <>
                        <br />
                        <span className="admin-muted">{c.description}</span>
                      </>
                    )}
                  </td>
                  <td>{discountWords(c)}</td>
                  <td>{c.plan ?? 'Any'}</td>
                  <td>
                    <span className="admin-nowrap">{fmtDay(indiaDay(c.validFrom))}</span> to <span className="admin-nowrap">{fmtDay(indiaDay(c.validUntil, 1))}</span>
                  </td>
                  <td>
                    {c.usedCount} of {c.maxUses > 0 ? c.maxUses : 'no limit'}
                  </td>
                  <td>
                    <StatusPill value={couponState(c)} />
                  </td>
                  <td>
                    <div className="admin-actions">
                      <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                        Edit
                      </button>
                      <button type="button" className="btn btn--outline btn--sm" onClick={() => setToggling(c)} aria-label={`${c.active ? 'Pause' : 'Resume'} ${c.code}`}>
                        {c.active ? 'Pause' : 'Resume'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableCard>
          <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />
        </>
      )}
      <ActionDialog
        open={toggling !== null}
        title={toggling?.active ? `Pause ${toggling.code}?` : `Resume ${toggling?.code ?? ''}?`}
        confirmLabel={toggling?.active ? 'Pause' : 'Resume'}
        danger={toggling?.active}
        reason={false}
        onConfirm={toggle}
        onCancel={() => setToggling(null)}
      >
        <p>{toggling?.active ? 'Members can no longer apply it at checkout.' : 'Members can apply it at checkout again, within its dates and uses.'}</p>
      </ActionDialog>
    </AdminPage>
  )
}
