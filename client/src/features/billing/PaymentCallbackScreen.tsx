import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { useConfirmPaymentMutation } from './api'
import { failurePath, successPath } from './links'
import { ORDER_POLL_DELAYS, useOrderWatch } from './useOrderWatch'
import '../../styles/billing.css'

/** A frame for the screens that wait on the bank: a title and a spinner with what is going on. */
export function Waiting({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="state payment-wait" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="state__title">{title}</p>
      <div className="state__body">{children}</div>
    </div>
  )
}

/**
 * /plan-upgrade/callback: where the payment window sends the member back (?order=ID and either the three
 * razorpay_* fields or error=cancelled|payment_failed). It posts the proof to payment/{order} and, once paid, goes on
 * to the success page; an error goes to the failure page. A confirmation that fails (a bad signature, the network)
 * is no failed payment: it looks at the order a few times, since the gateway's webhook may still grant it, and only
 * then shows the failure page with what happens to money taken meanwhile. delays is for tests.
 */
export default function PaymentCallbackScreen({ delays = ORDER_POLL_DELAYS }: { delays?: readonly number[] }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const orderId = (params.get('order') ?? '').trim()
  const error = params.get('error')
  const errorDescription = params.get('error_description')
  const paymentId = params.get('razorpay_payment_id') ?? ''
  const gatewayOrderId = params.get('razorpay_order_id') ?? ''
  const signature = params.get('razorpay_signature') ?? ''
  const hasProof = Boolean(paymentId && gatewayOrderId && signature)
  const [confirm] = useConfirmPaymentMutation()
  const [checking, setChecking] = useState(false)
  // The proof already posted (a re-run of the effect must not post it twice).
  const posted = useRef('')
  const watch = useOrderWatch(orderId, { skip: !checking, delays })

  useEffect(() => {
    if (!orderId) return
    if (error) {
      void navigate(failurePath(orderId, error === 'cancelled' ? 'cancelled' : 'failed', errorDescription), { replace: true })
      return
    }
    if (!hasProof || posted.current === paymentId) return
    posted.current = paymentId
    confirm({ orderId, razorpay_payment_id: paymentId, razorpay_order_id: gatewayOrderId, razorpay_signature: signature })
      .unwrap()
      .then((order) => {
        if (order.status === 'paid') void navigate(successPath(orderId), { replace: true })
        else setChecking(true)
      })
      .catch(() => setChecking(true))
  }, [orderId, error, errorDescription, hasProof, paymentId, gatewayOrderId, signature, confirm, navigate])

  const order = watch.data
  const settled = checking && order && order.status !== 'created'
  useEffect(() => {
    if (!checking) return
    if (order?.status === 'paid') void navigate(successPath(orderId), { replace: true })
    else if (settled || watch.gaveUp || (watch.isError && !watch.pending && !watch.isFetching)) void navigate(failurePath(orderId, 'unconfirmed'), { replace: true })
  }, [checking, order?.status, settled, watch.gaveUp, watch.isError, watch.pending, watch.isFetching, orderId, navigate])

  const incomplete = !orderId || (!error && !hasProof)
  return (
    <>
      <Seo title="Confirming your payment" description="Confirming your payment." />
      <PageHeader title={incomplete ? 'Payment' : 'Confirming your payment'} />
      <section className="container section narrow">
        {incomplete ? (
          <div className="state" role="status">
            <Icon name="info" size={36} className="state__icon" />
            <p className="state__title">This page opens after a payment</p>
            <p className="state__body">It has nothing to confirm now. Your payments and their status are in My Orders.</p>
            <p className="state__actions btn-row">
              <Link to={ROUTES.myOrders} className="btn btn--primary">
                My Orders
              </Link>
              <Link to={ROUTES.plans} className="btn btn--outline">
                See plans
              </Link>
            </p>
          </div>
        ) : (
          <Waiting title={checking ? 'We are confirming your payment with the bank' : 'Confirming your payment…'}>
            <p>Please keep this page open. It takes a few seconds{checking ? ', sometimes a little longer' : ''}.</p>
            <p className="small muted">
              Order ID <code className="order-id">{orderId}</code>
            </p>
          </Waiting>
        )}
      </section>
    </>
  )
}
