import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { ROUTES } from '../../app/routes'
import Pagination from '../../components/Pagination'
import { EmptyState, ErrorState, Skeleton } from '../../components/States'
import { formatDdMmYyyy, formatPaise } from '../../lib/format'
import { planUpgradePath } from '../../lib/planLinks'
import { usePageParam } from '../../lib/usePageParam'
import { usePageStepBack } from '../../lib/usePageStepBack'
import { useGetOrdersQuery } from './api'
import { contactViewsText, monthsText, orderStatusOf, paymentMethodText } from './copy'
import { useInvoiceDownload } from './invoice'
import type { Order } from './types'
import '../../styles/billing.css'

/** Orders a page (spec §9's default page size). */
export const ORDERS_PAGE_SIZE = 10

/** One order: status, plan, amount, order ID, dates, coupon, validity, and its invoice or "Pay again". */
function OrderCard({ order, download, busy, error }: { order: Order; download: (id: string) => void; busy: boolean; error?: string }) {
  const status = orderStatusOf(order.status)
  const again = order.status === 'failed' || order.status === 'expired'
  return (
    <li className="order-card" data-testid="order-card">
      <div className="order-card__top">
        <span className={`badge badge--${status.tone} order-card__status`} data-testid="order-status">
          {status.text}
        </span>
        <strong className="order-card__amount">{formatPaise(order.amountPaise)}</strong>
      </div>
      <h2 className="order-card__plan">
        {order.plan} <span className="muted">· {monthsText(order.months)}</span>
      </h2>
      <dl className="order-card__facts">
        <div>
          <dt>Order ID</dt>
          <dd>
            <code className="order-id">{order.id}</code>
          </dd>
        </div>
        <div>
          <dt>Ordered on</dt>
          <dd>{formatDdMmYyyy(order.createdAt)}</dd>
        </div>
        {order.paidAt && (
          <div>
            <dt>Paid on</dt>
            <dd>
              {formatDdMmYyyy(order.paidAt)}
              {order.method ? ` (${paymentMethodText(order.method)})` : ''}
            </dd>
          </div>
        )}
        {order.coupon && (
          <div>
            <dt>Coupon</dt>
            <dd>
              {order.coupon}
              {order.discountPaise > 0 ? ` (−${formatPaise(order.discountPaise)})` : ''}
            </dd>
          </div>
        )}
        {order.status === 'paid' && order.validFrom && order.validUntil && (
          <div>
            <dt>Valid</dt>
            <dd>
              <span className="nowrap">{formatDdMmYyyy(order.validFrom)}</span> to <span className="nowrap">{formatDdMmYyyy(order.validUntil)}</span>
              {' · '}
              <span className="nowrap">{contactViewsText(order.contactViews)}</span>
            </dd>
          </div>
        )}
        {order.status === 'failed' && order.failureReason && (
          <div>
            <dt>Reason</dt>
            <dd>{order.failureReason}</dd>
          </div>
        )}
        {order.invoice && (
          <div>
            <dt>Invoice</dt>
            <dd>{order.invoice.number}</dd>
          </div>
        )}
      </dl>
      {order.status === 'created' && <p className="small muted order-card__note">If you paid, this will change to Paid within a few minutes.</p>}
      {(order.invoice || again) && (
        <div className="order-card__actions">
          {order.invoice && (
            <button type="button" className="btn btn--outline btn--sm" onClick={() => download(order.id)} disabled={busy} aria-busy={busy || undefined} aria-label={`Download invoice of order ${order.id}`}>
              {busy ? 'Downloading…' : 'Download invoice'}
            </button>
          )}
          {again && (
            <Link to={planUpgradePath(order.plan)} className="btn btn--gold btn--sm" aria-label={`Pay again for ${order.plan}`}>
              Pay again
            </Link>
          )}
        </div>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

/** Placeholder cards while the orders load. */
function OrderSkeletons() {
  return (
    <ul className="order-list" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <li key={i} className="order-card">
          <Skeleton lines={4} />
        </li>
      ))}
    </ul>
  )
}

/**
 * /my-matrimony/orders: the member's orders, newest first, ten a page (POST payment/filter, ?page=), each a card
 * that reads well on a phone; placeholders while loading, the way to the plans when there are none, an error with a
 * retry.
 */
export default function OrdersScreen() {
  const page = usePageParam()
  const { currentData: list, error, isFetching, refetch } = useGetOrdersQuery({ skip: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE })
  const backTo = usePageStepBack(list, page, ORDERS_PAGE_SIZE)
  const { download, busy, errors } = useInvoiceDownload()

  if (error && !isFetching) return <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
  if (!list || backTo !== null) return <OrderSkeletons />
  if (!list.items.length) {
    return (
      <EmptyState title="You have not bought a plan yet" icon="star">
        <p>A plan lets you see members&apos; full phone numbers and e-mails, and start chats. Your payments and invoices will be listed here.</p>
        <p className="state__actions">
          <Link to={ROUTES.plans} className="btn btn--primary btn--sm">
            See plans
          </Link>
        </p>
      </EmptyState>
    )
  }
  return (
    <div aria-busy={isFetching || undefined}>
      <p className="member-list__count">{list.total === 1 ? '1 order' : `${list.total} orders`}</p>
      <ul className="order-list">
        {list.items.map((o) => (
          <OrderCard key={o.id} order={o} download={(id) => void download(id)} busy={busy === o.id} error={errors[o.id]} />
        ))}
      </ul>
      <Pagination page={page} total={list.total} pageSize={ORDERS_PAGE_SIZE} label="Order pages" />
    </div>
  )
}
