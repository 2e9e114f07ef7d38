import { Fragment, useState } from 'react'
import { notifyError } from '../../app/notify'
import { filenameFromDisposition, saveBlob } from '../../lib/download'
import { formatPaise } from '../../lib/format'
import { pageArgs } from '../api'
import { fetchAdminFile } from '../blobs'
import { fmtDate, fmtDateTime } from '../dates'
import { useCan } from '../permissions'
import type { AdminOrder, OrderStatus } from '../types'
import { AdminPage, AuditNote, DayRangeFields, dayRangeProblem, FilterBar, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, useListParams } from '../ui'
import { useListOrdersQuery } from './api'

/** The order statuses, in plain words. */
export const ORDER_STATUSES: { value: OrderStatus; label: string }[] = [
  { value: 'created', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed' },
  { value: 'expired', label: 'Expired' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'disputed', label: 'Disputed' },
]

const statusLabel = (s: string) => ORDER_STATUSES.find((o) => o.value === s)?.label ?? s

/**
 * GET orders/{id}/invoice with the admin's token (each download is audited), saved under the name the server's
 * Content-Disposition gives (lib/download), else invoice-ID.pdf.
 */
export async function downloadInvoice(orderId: string): Promise<string | undefined> {
  const r = await fetchAdminFile(`orders/${encodeURIComponent(orderId)}/invoice`)
  if ('error' in r) return r.error.message
  saveBlob(r.data.blob, filenameFromDisposition(r.data.disposition, `invoice-${orderId}.pdf`))
  return undefined
}

/** An order's details: the amounts, the gateway, and each payment with its refunds. */
function OrderDetail({ o }: { o: AdminOrder }) {
  return (
    <div className="admin-order-detail">
      <dl className="admin-details">
        <div>
          <dt>List price</dt>
          <dd>{formatPaise(o.listPricePaise)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>
            {formatPaise(o.discountPaise)}
            {o.coupon ? ` (${o.coupon})` : ''}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatPaise(o.amountPaise)}</dd>
        </div>
        <div>
          <dt>Gateway</dt>
          <dd>
            {o.gateway || '—'} {o.gatewayOrderId && <span className="admin-muted">{o.gatewayOrderId}</span>}
          </dd>
        </div>
        <div>
          <dt>Plan period</dt>
          <dd>{o.validFrom ? `${fmtDate(o.validFrom)} to ${fmtDate(o.validUntil)}` : '—'}</dd>
        </div>
        <div>
          <dt>Invoice</dt>
          <dd>{o.invoice ? `${o.invoice.number}, ${fmtDate(o.invoice.issuedAt)}` : 'None'}</dd>
        </div>
        {o.failureReason && (
          <div>
            <dt>Why it failed</dt>
            <dd>{o.failureReason}</dd>
          </div>
        )}
      </dl>
      <h3 className="admin-card__subtitle">Payments and refunds</h3>
      {o.payments.length ? (
        <table className="admin-table admin-table--inner">
          <thead>
            <tr>
              <th scope="col">Payment</th>
              <th scope="col">Status</th>
              <th scope="col">Amount</th>
              <th scope="col">Refunded</th>
              <th scope="col">Method</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {o.payments.map((p) => (
              <tr key={p.id}>
                <td>{p.id}</td>
                <td>
                  <StatusPill value={p.status} />
                </td>
                <td>{formatPaise(p.amountPaise)}</td>
                <td>{p.refundedPaise ? formatPaise(p.refundedPaise) : '—'}</td>
                <td>{p.method || '—'}</td>
                <td className="admin-nowrap">{fmtDateTime(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-muted">No payment was made.</p>
      )}
    </div>
  )
}

/** Orders: filters (status, dates, order/payment/member id), paging, details with payments and refunds, invoice download. */
export default function OrdersScreen() {
  const can = useCan()
  const { page, get, apply, query } = useListParams()
  const filters = { status: get('status') as OrderStatus | '', q: get('q'), from: get('from'), to: get('to') }
  const list = useListOrdersQuery({ ...filters, ...pageArgs(page, PAGE_SIZE) })
  const [open, setOpen] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [rangeError, setRangeError] = useState<string | null>(null)
  const items = list.data?.items ?? []

  const onInvoice = async (id: string) => {
    setBusy(id)
    const err = await downloadInvoice(id)
    setBusy(null)
    if (err) notifyError(err)
  }

  return (
    <AdminPage title="Orders" intro={can('invoices:read') ? <AuditNote>Downloading an invoice is recorded in the audit log.</AuditNote> : undefined}>
      <FilterBar
        key={query}
        label="Filter orders"
        onSubmit={(v) => {
          const problem = dayRangeProblem(v.from, v.to)
          setRangeError(problem)
          if (problem) return
          apply({ q: v.q, status: v.status, from: v.from, to: v.to })
        }}
      >
        <div className="field field--compact admin-filters__grow">
          <label htmlFor="order-q">Order ID, payment ID or profile ID</label>
          <input id="order-q" name="q" type="search" defaultValue={filters.q} />
        </div>
        <div className="field field--compact">
          <label htmlFor="order-status">Status</label>
          <select id="order-status" name="status" defaultValue={filters.status}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <DayRangeFields idPrefix="order" from={filters.from} to={filters.to} error={rangeError} />
      </FilterBar>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No orders match" />
      {items.length > 0 && (
        <>
          <TableCard label="Orders">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Member</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Paid</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <Fragment key={o.id}>
                  <tr>
                    <td className="admin-nowrap">{o.id}</td>
                    <td>{o.member ? `${o.member.name} (${o.member.profileId})` : 'Deleted member'}</td>
                    <td>{o.plan}</td>
                    <td>{formatPaise(o.amountPaise)}</td>
                    <td>
                      <StatusPill value={o.status} label={statusLabel(o.status)} />
                    </td>
                    <td className="admin-nowrap">{fmtDate(o.createdAt)}</td>
                    <td className="admin-nowrap">{fmtDate(o.paidAt)}</td>
                    <td>
                      <div className="admin-actions">
                        <button type="button" className="btn btn--outline btn--sm" aria-expanded={open === o.id} onClick={() => setOpen(open === o.id ? null : o.id)} aria-label={`Details of ${o.id}`}>
                          {open === o.id ? 'Hide' : 'Details'}
                        </button>
                        {can('invoices:read') && o.invoice && (
                          <button type="button" className="btn btn--outline btn--sm" disabled={busy === o.id} onClick={() => void onInvoice(o.id)} aria-label={`Download the invoice of ${o.id}`}>
                            {busy === o.id ? 'Downloading…' : 'Invoice'}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {open === o.id && (
                    <tr className="admin-table__form-row">
                      <td colSpan={8}>
                        <OrderDetail o={o} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </TableCard>
          <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />
        </>
      )}
    </AdminPage>
  )
}
