import { useSearchParams } from 'react-router'
import { asApiError } from '../../api/api'
import { ErrorState, Skeleton } from '../../components/States'
import { formatPaise } from '../../lib/format'
import { plainPlanName } from '../../lib/planLinks'
import { contactViewsText, monthsText } from './copy'
import type { Plan, Quote } from './types'

/** Text whose DD-MM-YYYY dates never break at their hyphens on a narrow screen. */
export function KeepDates({ text }: { text: string }) {
  const parts = text.split(/(\d{2}-\d{2}-\d{4})/)
  return (
    <>
      {parts.map((part, i) =>
        i % 2 ? (
          <span key={i} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  )
}

/** The plan chosen when the address names none (or one that does not exist) and the member has no plan. */
export const DEFAULT_PLAN = 'TFM-CLASSIC'

/**
 * The plan chosen on /plan-upgrade, kept in the address as ?plan=NAME (so a reload, Back and a shared link keep it):
 * the address's plan when it is one of these plans, else the member's current plan, else TFM-CLASSIC, else the
 * first. choose() replaces the address's plan.
 */
export function useChosenPlan(plans: Plan[], current: string | null): [string, (name: string) => void] {
  const [params, setParams] = useSearchParams()
  const asked = plainPlanName(params.get('plan'))
  const names = plans.map((p) => p.name)
  const find = (n: string | null) => (n ? names.find((x) => x.toUpperCase() === n.toUpperCase()) : undefined)
  const plan = find(asked) ?? find(current) ?? find(DEFAULT_PLAN) ?? names[0] ?? ''
  const choose = (name: string) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev)
        q.set('plan', name)
        return q
      },
      { replace: true },
    )
  return [plan, choose]
}

/** The paid plans as large radio cards: name, price, months and contact views; the member's own plan is marked. */
export function PlanChooser({ plans, value, onChange, current }: { plans: Plan[]; value: string; onChange: (name: string) => void; current?: string | null }) {
  return (
    <fieldset className="plan-choice">
      <legend className="plan-choice__legend">Choose a plan</legend>
      <div className="plan-choice__list">
        {plans.map((p) => {
          const checked = p.name === value
          return (
            <label key={p.id} className={'plan-option' + (checked ? ' is-checked' : '')} data-testid="plan-option">
              <input type="radio" name="plan" value={p.name} checked={checked} onChange={() => onChange(p.name)} />
              <span className="plan-option__head">
                <span className="plan-option__name">{p.name}</span>
                {current === p.name && <span className="badge badge--ok plan-option__mine">Your plan</span>}
              </span>
              <span className="plan-option__price">{formatPaise(p.priceInr * 100)}</span>
              <span className="plan-option__meta">
                {monthsText(p.months)} · {contactViewsText(p.contactViews)}
                {p.profileHighlight ? ' · profile highlight' : ''}
                {p.prioritySupport ? ' · priority support' : ''}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

/** The GST line of a quote: the member's split (CGST + SGST, or IGST), or "Includes 18% GST" for a visitor. */
export function gstLine(q: Quote, visitor: boolean): string {
  const rate = q.gstRate || 18
  if (visitor) return `Includes ${rate}% GST`
  if (q.cgstPaise > 0 || q.sgstPaise > 0) return `Includes GST ${rate}%: CGST ${formatPaise(q.cgstPaise)} + SGST ${formatPaise(q.sgstPaise)}`
  if (q.igstPaise > 0) return `Includes GST ${rate}%: IGST ${formatPaise(q.igstPaise)}`
  return q.gstPaise > 0 ? `Includes ${rate}% GST (${formatPaise(q.gstPaise)})` : `Includes ${rate}% GST`
}

/**
 * The price summary of a quote: list price, the coupon's discount, the total to pay and the GST it includes;
 * placeholders while it loads and an error with a retry.
 */
export function PriceSummary({ quote, loading, error, onRetry, visitor = false }: { quote?: Quote; loading: boolean; error?: unknown; onRetry: () => void; visitor?: boolean }) {
  let body
  if (error && !loading) body = <ErrorState message={asApiError(error)?.message} onRetry={onRetry} />
  else if (!quote) body = <Skeleton lines={4} />
  else
    body = (
      <>
        <dl className="price-rows">
          <div>
            <dt>
              List price <span className="muted">({quote.plan}, {monthsText(quote.months)})</span>
            </dt>
            <dd data-testid="price-list">{formatPaise(quote.listPricePaise)}</dd>
          </div>
          {quote.discountPaise > 0 && (
            <div className="price-rows__discount">
              <dt>
                Coupon discount{' '}
                <span className="muted">
                  ({quote.coupon}
                  {quote.couponLabel ? `, ${quote.couponLabel}` : ''})
                </span>
              </dt>
              <dd data-testid="price-discount">−{formatPaise(quote.discountPaise)}</dd>
            </div>
          )}
          <div className="price-rows__total">
            <dt>Total to pay</dt>
            <dd data-testid="price-total">{formatPaise(quote.totalPaise)}</dd>
          </div>
        </dl>
        <p className="small muted price-gst" data-testid="price-gst">
          {gstLine(quote, visitor)}
        </p>
      </>
    )
  return (
    <section className="panel price-summary" aria-labelledby="summary-title" aria-busy={loading || undefined}>
      <h2 id="summary-title" className="panel__title">
        Price summary
      </h2>
      {body}
    </section>
  )
}
