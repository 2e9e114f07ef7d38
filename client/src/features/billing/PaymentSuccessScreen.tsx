import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { asApiError, isMissing } from '../../api/api'
import { useAppSelector } from '../../app/hooks'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { ErrorState, Skeleton } from '../../components/States'
import { selectProfile } from '../../entities/account'
import { formatDdMmYyyy, formatPaise } from '../../lib/format'
import { contactViewsText, MONEY_SAFE, monthsText, orderStatusOf } from './copy'
import { useInvoiceDownload } from './invoice'
import { failurePath } from './links'
import { Waiting } from './PaymentCallbackScreen'
import type { Order } from './types'
import { ORDER_POLL_DELAYS, useOrderWatch } from './useOrderWatch'
import '../../styles/billing.css'

/** What a paid order gave: the plan, its end, the contact views, the order ID and the amount, with the invoice and the ways on. */
function PaidOrder({ order }: { order: Order }) {
  const profile = useAppSelector(selectProfile)
  const e = profile?.entitlements
  const { download, busy, errors } = useInvoiceDownload()
  const views = e?.paid && e.planName === order.plan ? e.contactViewsLeft : order.contactViews
  return (
    <div className="panel payment-result payment-result--ok" data-testid="payment-success">
      <p className="payment-result__icon" aria-hidden="true">
        <Icon name="check" size={32} />
      </p>
      <h2 className="payment-result__title">Thank you. Your plan is active.</h2>
      <dl className="order-facts">
        <div>
          <dt>Plan</dt>
          <dd>
            <strong>{order.plan}</strong> ({monthsText(order.months)})
          </dd>
        </div>
        {order.validUntil && (
          <div>
            <dt>Valid till</dt>
            <dd data-testid="valid-till">{formatDdMmYyyy(order.validUntil)}</dd>
          </div>
        )}
        <div>
          <dt>Contact views</dt>
          <dd>{contactViewsText(views)} to use</dd>
        </div>
        <div>
          <dt>Amount paid</dt>
          <dd>
            {formatPaise(order.amountPaise)}
            {order.discountPaise > 0 && order.coupon ? ` (coupon ${order.coupon} saved ${formatPaise(order.discountPaise)})` : ''}
          </dd>
        </div>
        {order.paidAt && (
          <div>
            <dt>Paid on</dt>
            <dd>{formatDdMmYyyy(order.paidAt)}</dd>
          </div>
        )}
        <div>
          <dt>Order ID</dt>
          <dd>
            <code className="order-id" data-testid="order-id">
              {order.id}
            </code>
          </dd>
        </div>
      </dl>
      <div className="btn-row">
        {order.invoice ? (
          <button type="button" className="btn btn--primary" onClick={() => void download(order.id)} disabled={busy === order.id} aria-busy={busy === order.id || undefined}>
            {busy === order.id ? 'Downloading…' : 'Download invoice'}
          </button>
        ) : null}
        <Link to={ROUTES.myOrders} className="btn btn--outline">
          My Orders
        </Link>
        <Link to={ROUTES.myMatches} className="btn btn--gold">
          Find matches
        </Link>
      </div>
      {!order.invoice && <p className="small muted">Your GST invoice is being prepared; it will be in My Orders shortly.</p>}
      {errors[order.id] && (
        <p className="form__error" role="alert">
          {errors[order.id]}
        </p>
      )}
    </div>
  )
}

/**
 * /plan-upgrade/success?order=ID: reads GET payment/{id} (so a reload works): the paid order with what it gave, or,
 * while the bank's answer is on its way ("created"), a wait that looks again a few times; a failed or expired order
 * goes to the failure page. delays is for tests.
 */
export default function PaymentSuccessScreen({ delays = ORDER_POLL_DELAYS }: { delays?: readonly number[] }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const orderId = (params.get('order') ?? '').trim()
  const watch = useOrderWatch(orderId, { delays })
  const order = watch.data
  const status = order?.status

  useEffect(() => {
    if (status === 'failed' || status === 'expired') void navigate(failurePath(orderId, 'failed'), { replace: true })
  }, [status, orderId, navigate])

  let body
  if (!orderId) {
    body = (
      <div className="state" role="status">
        <Icon name="info" size={36} className="state__icon" />
        <p className="state__title">No order was named</p>
        <p className="state__body">Your payments and their status are in My Orders.</p>
        <p className="state__actions">
          <Link to={ROUTES.myOrders} className="btn btn--primary">
            My Orders
          </Link>
        </p>
      </div>
    )
  } else if (!order && watch.isError && !watch.pending) {
    body = isMissing(watch.error) ? (
      <div className="state" role="status">
        <Icon name="search" size={36} className="state__icon" />
        <p className="state__title">We could not find this order</p>
        <p className="state__body">
          The order <code className="order-id">{orderId}</code> is not one of yours. Your payments are in My Orders.
        </p>
        <p className="state__actions">
          <Link to={ROUTES.myOrders} className="btn btn--primary">
            My Orders
          </Link>
        </p>
      </div>
    ) : (
      <ErrorState message={asApiError(watch.error)?.message} onRetry={watch.again} />
    )
  } else if (!order) {
    body = (
      <div className="panel" aria-busy="true">
        <Skeleton lines={6} />
      </div>
    )
  } else if (status === 'paid') {
    body = <PaidOrder order={order} />
  } else if (status === 'created') {
    body = watch.gaveUp ? (
      <div className="state" role="status">
        <Icon name="clock" size={36} className="state__icon" />
        <p className="state__title">The bank has not confirmed your payment yet</p>
        <div className="state__body">
          <p>It usually takes a minute. You can check again now, or later in My Orders.</p>
          <p>{MONEY_SAFE}</p>
          <p className="small muted">
            Order ID <code className="order-id">{order.id}</code>
          </p>
        </div>
        <p className="state__actions btn-row">
          <button type="button" className="btn btn--primary" onClick={watch.again}>
            Check again
          </button>
          <Link to={ROUTES.myOrders} className="btn btn--outline">
            My Orders
          </Link>
        </p>
      </div>
    ) : (
      <Waiting title="We are confirming your payment with the bank">
        <p>Please keep this page open. It takes a few seconds, sometimes a little longer.</p>
        <p className="small muted">
          Order ID <code className="order-id">{order.id}</code>
        </p>
      </Waiting>
    )
  } else if (status === 'failed' || status === 'expired') {
    body = (
      <div className="panel" aria-busy="true">
        <Skeleton lines={4} />
      </div>
    )
  } else {
    // Refunded or on hold: say how the order stands.
    body = (
      <div className="state" role="status">
        <Icon name="info" size={36} className="state__icon" />
        <p className="state__title">This order is {orderStatusOf(order.status).text.toLowerCase()}</p>
        <p className="state__body">
          Order ID <code className="order-id">{order.id}</code>, {order.plan}. See My Orders for its details.
        </p>
        <p className="state__actions">
          <Link to={ROUTES.myOrders} className="btn btn--primary">
            My Orders
          </Link>
        </p>
      </div>
    )
  }

  return (
    <>
      <Seo title="Payment received" description="Your payment and your plan." />
      <PageHeader title={status === 'paid' || !order ? 'Payment received' : 'Your payment'} crumbs={[{ to: ROUTES.myOrders, label: 'My Orders' }]} />
      <section className="container section narrow">{body}</section>
    </>
  )
}
