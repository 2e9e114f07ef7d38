import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { asApiError } from '../../api/api'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { ROUTES } from '../../app/routes'
import { TextField } from '../../components/Field'
import Icon from '../../components/Icon'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import { currentPaidPlan, selectProfile } from '../../entities/account'
import { formatDdMmYyyy, formatPaise } from '../../lib/format'
import { billingApi, useCheckCouponMutation, useCreatePaymentMutation, useGetPlansQuery, useGetQuoteQuery } from './api'
import { CheckoutOpenError, openCheckout } from './checkout'
import type { CheckoutDeps } from './checkout'
import { KeepDates, PlanChooser, PriceSummary, useChosenPlan } from './checkoutParts'
import { contactViewsText, renewalText } from './copy'
import type { Checkout, Quote } from './types'
import '../../styles/billing.css'

/** The words under the coupon field for any coupon the server refuses. */
export const INVALID_COUPON = 'Invalid coupon'

/** Where the member stands now: their paid plan, its end and the contact views left, or the free tier. */
function CurrentPlan() {
  const profile = useAppSelector(selectProfile)
  const plan = currentPaidPlan(profile)
  const e = profile?.entitlements
  if (!plan) {
    return (
      <p className="checkout__now" data-testid="current-plan">
        You are a free member now. A plan lets you see members&apos; full phone numbers and e-mails, and start chats.
      </p>
    )
  }
  return (
    <p className="checkout__now" data-testid="current-plan">
      You are on <strong>{plan.name}</strong>, valid till <strong className="nowrap">{formatDdMmYyyy(plan.expiresAt)}</strong>
      {e ? `, with ${contactViewsText(e.contactViewsLeft)} left` : ''}.
    </p>
  )
}

/** What buying the chosen plan now does: the renewal of a running plan, or a plan that starts today. */
function WhatYouGet({ quote }: { quote: Quote }) {
  return (
    <p className="notice checkout__effect" data-testid="checkout-effect">
      <Icon name="clock" size={20} />
      <span>
        <KeepDates
          text={
            quote.renewal
              ? renewalText(quote.renewal, quote.plan)
              : `${quote.plan} starts as soon as you pay and is valid till ${formatDdMmYyyy(quote.validUntil)}, with ${contactViewsText(quote.contactViews)}.`
          }
        />
      </span>
    </p>
  )
}

/** The coupon's field with Apply, or the applied coupon with Remove; "Invalid coupon" under the field when refused. */
function CouponBox({
  applied,
  initial,
  label,
  busy,
  error,
  onApply,
  onRemove,
}: {
  applied: string
  /** The code last tried, shown again in the field. */
  initial: string
  label: string
  busy: boolean
  error: string | null
  onApply: (code: string) => void
  onRemove: () => void
}) {
  const [code, setCode] = useState(initial)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const c = code.trim()
    if (c) onApply(c)
  }
  if (applied) {
    return (
      <div className="coupon coupon--applied" data-testid="coupon-applied">
        <p>
          <Icon name="check" size={18} /> Coupon <strong>{applied}</strong> applied{label ? `: ${label}` : ''}.
        </p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRemove}>
          Remove
        </button>
      </div>
    )
  }
  return (
    <form className="coupon" onSubmit={submit} noValidate>
      <TextField
        id="coupon"
        label="Coupon code"
        optional
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={error ?? undefined}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
      />
      <button type="submit" className="btn btn--outline" disabled={busy || !code.trim()} aria-busy={busy || undefined}>
        Apply
      </button>
    </form>
  )
}

/** How far a payment got: nothing yet, creating the order, opening the window, or leaving for the checkout page. */
type PayPhase = 'idle' | 'creating' | 'opening' | 'leaving'

/**
 * /plan-upgrade for a member: the checkout. Choose a plan (from ?plan=, else the current one, else TFM-CLASSIC),
 * see where the member stands and what buying now does, apply a coupon, read the price summary and pay the exact
 * amount: create-payment, then the payment window (see checkout.ts). One tap creates one order: the button is off
 * while a request runs, and a second tap before that is ignored. deps is for tests.
 */
export default function CheckoutScreen({ deps }: { deps?: Omit<CheckoutDeps, 'navigate'> }) {
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const profile = useAppSelector(selectProfile)
  const current = currentPaidPlan(profile)?.name ?? null
  const plans = useGetPlansQuery()
  const paid = (plans.data ?? []).filter((p) => !p.free)
  const [plan, choose] = useChosenPlan(paid, current)
  const [applied, setApplied] = useState('')
  const [couponError, setCouponError] = useState<string | null>(null)
  const [tried, setTried] = useState('')
  const [checkCoupon, couponCall] = useCheckCouponMutation()
  const [createPayment] = useCreatePaymentMutation()
  const quote = useGetQuoteQuery({ plan, coupon: applied || undefined }, { skip: !plan })
  const [phase, setPhase] = useState<PayPhase>('idle')
  const [payError, setPayError] = useState<string | null>(null)
  // Set in the tap itself, before any render: a double tap cannot start a second order.
  const paying = useRef(false)
  // The order created for this plan and coupon, opened again (not created again) when its window failed to open.
  const created = useRef<{ key: string; checkout: Checkout } | null>(null)

  // Back from the checkout page, restored from the browser's page cache: the page is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return
      paying.current = false
      setPhase('idle')
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  /** Checks code against plan; on success the answer is the quote with it (no second call). */
  const applyTo = async (forPlan: string, code: string) => {
    setCouponError(null)
    setTried(code)
    try {
      const q = await checkCoupon({ plan: forPlan, coupon: code }).unwrap()
      dispatch(billingApi.util.upsertQueryEntries([{ endpointName: 'getQuote', arg: { plan: forPlan, coupon: q.coupon }, value: q }]))
      setApplied(q.coupon)
    } catch (e) {
      const err = asApiError(e)
      setApplied('')
      setCouponError(err?.fieldErrors?.coupon ?? (err?.status === 422 ? INVALID_COUPON : (err?.message ?? INVALID_COUPON)))
    }
  }

  const onChoose = (name: string) => {
    if (name === plan) return
    choose(name)
    setPayError(null)
    // A coupon may be for some plans only: check it again for the new one.
    if (applied) {
      const code = applied
      setApplied('')
      void applyTo(name, code)
    }
  }

  const pay = async () => {
    if (paying.current || !quote.data) return
    paying.current = true
    setPayError(null)
    let leaving = false
    try {
      const key = `${plan}|${applied}`
      let co = created.current?.key === key ? created.current.checkout : null
      if (!co) {
        setPhase('creating')
        co = await createPayment({ plan, coupon: applied || undefined }).unwrap()
        created.current = { key, checkout: co }
      }
      setPhase('opening')
      await openCheckout(co, { ...deps, navigate: (to) => void navigate(to) })
      leaving = co.gateway === 'test'
      setPhase(leaving ? 'leaving' : 'idle')
    } catch (e) {
      setPhase('idle')
      if (e instanceof CheckoutOpenError) {
        setPayError(e.message)
      } else {
        const err = asApiError(e)
        if (err?.fieldErrors?.coupon) {
          setTried(applied)
          setApplied('')
          setCouponError(err.fieldErrors.coupon)
        } else {
          setPayError(err?.fieldErrors?.plan ?? err?.message ?? 'That did not work just now. Please try again.')
        }
      }
    } finally {
      // Leaving for the checkout page: the button stays off until the page goes.
      if (!leaving) paying.current = false
    }
  }

  const title = current ? 'Renew or upgrade your plan' : 'Buy a plan'
  const header = (
    <>
      <Seo title="Upgrade Plan" description="Choose a membership plan, apply a coupon and pay securely. Prices include GST." />
      <PageHeader title={title} crumbs={[{ to: ROUTES.plans, label: 'Pricing Plans' }]} />
    </>
  )

  if (plans.isLoading || (!plans.data && !plans.error)) {
    return (
      <>
        {header}
        <section className="container section">
          <SkeletonCards count={4} />
        </section>
      </>
    )
  }
  if (plans.error) {
    return (
      <>
        {header}
        <section className="container section narrow">
          <ErrorState message={asApiError(plans.error)?.message} onRetry={() => void plans.refetch()} />
        </section>
      </>
    )
  }
  if (!paid.length) {
    return (
      <>
        {header}
        <section className="container section narrow">
          <EmptyState title="Plans are being updated. Please check back shortly." />
        </section>
      </>
    )
  }

  const q = quote.currentData
  const busy = phase !== 'idle'
  const payLabel = q ? `Pay ${formatPaise(q.totalPaise)}` : 'Pay'
  return (
    <>
      {header}
      <section className="container section checkout">
        <div className="checkout__main">
          <CurrentPlan />
          <PlanChooser plans={paid} value={plan} onChange={onChoose} current={current} />
          {q && <WhatYouGet quote={q} />}
        </div>
        <div className="checkout__side">
          <CouponBox
            key={applied ? 'applied' : 'open'}
            applied={applied}
            initial={tried}
            label={q?.coupon === applied ? q.couponLabel : ''}
            busy={couponCall.isLoading}
            error={couponError}
            onApply={(code) => void applyTo(plan, code)}
            onRemove={() => {
              setApplied('')
              setTried('')
              setCouponError(null)
            }}
          />
          <PriceSummary quote={q} loading={quote.isFetching} error={quote.error} onRetry={() => void quote.refetch()} />
          <button
            type="button"
            className="btn btn--gold btn--lg btn--block checkout__pay"
            onClick={() => void pay()}
            disabled={busy || !q || quote.isFetching || couponCall.isLoading}
            aria-busy={busy || undefined}
            aria-describedby="pay-note"
          >
            {payLabel}
          </button>
          {busy && (
            <p className="small checkout__status" role="status">
              {phase === 'creating' ? 'Creating your order…' : phase === 'opening' ? 'Opening the payment window…' : 'Taking you to the payment page…'}
            </p>
          )}
          {payError && (
            <p className="form__error checkout__error" role="alert">
              {payError}
            </p>
          )}
          <p id="pay-note" className="small muted checkout__note">
            <Icon name="shield" size={16} /> You pay on a secure payment page and see the amount again before you confirm. One payment adds one plan — never a double
            charge. Read our <Link to={ROUTES.returnAndCancellation}>refund policy</Link>.
          </p>
        </div>
      </section>
    </>
  )
}
