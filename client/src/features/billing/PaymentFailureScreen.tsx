import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { planUpgradePath } from '../../lib/planLinks'
import { useGetOrderQuery } from './api'
import { MONEY_SAFE } from './copy'
import { failureReasonOf, successPath } from './links'
import type { FailureReason } from './links'
import '../../styles/billing.css'

/** The title and first words of each way a payment can fail to complete. */
const FAILURE_COPY: Record<FailureReason, { title: string; lead: string }> = {
  cancelled: { title: 'Payment cancelled', lead: 'You closed the payment window before paying. No plan was added and no money was taken.' },
  failed: { title: 'Payment failed', lead: 'The payment did not go through, so no plan was added.' },
  unconfirmed: { title: 'We could not confirm your payment', lead: 'Your plan has not been added yet, because the bank has not confirmed the payment to us.' },
}

/**
 * /plan-upgrade/failure?order=ID&reason=cancelled|failed|unconfirmed(&detail=the bank's words): what happened in
 * plain words (a cancel took no money; a failure says the bank's reason; an unconfirmed payment says what happens to
 * money taken meanwhile), "Try again" with the same plan (read from GET payment/{id}), My Orders and the support
 * e-mail with the order ID. An order that turns out paid goes to the success page.
 */
export default function PaymentFailureScreen({ supportEmail }: { supportEmail?: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const orderId = (params.get('order') ?? '').trim()
  const reason = failureReasonOf(params.get('reason'))
  const detail = (params.get('detail') ?? '').trim()
  const { data: order } = useGetOrderQuery(orderId, { skip: !orderId })

  useEffect(() => {
    if (order?.status === 'paid') void navigate(successPath(order.id), { replace: true })
  }, [order?.status, order?.id, navigate])

  const copy = FAILURE_COPY[reason]
  const why = detail || order?.failureReason || ''
  const subject = `Payment ${orderId || ''}`.trim()
  return (
    <>
      <Seo title={copy.title} description="Your payment did not complete." />
      <PageHeader title={copy.title} crumbs={[{ to: ROUTES.myOrders, label: 'My Orders' }]} />
      <section className="container section narrow">
        <div className={'panel payment-result payment-result--' + (reason === 'cancelled' ? 'cancelled' : 'failed')} data-testid="payment-failure">
          <p className="payment-result__icon" aria-hidden="true">
            <Icon name={reason === 'cancelled' ? 'close' : 'info'} size={32} />
          </p>
          <h2 className="payment-result__title">{copy.lead}</h2>
          {reason === 'failed' && (
            <p data-testid="failure-reason">
              <strong>Reason:</strong> {why || 'The bank did not give a reason.'}
            </p>
          )}
          {reason !== 'cancelled' && <p>{MONEY_SAFE}</p>}
          {orderId && (
            <p className="small">
              Order ID <code className="order-id">{orderId}</code>
              {order ? ` · ${order.plan}` : ''}
            </p>
          )}
          <div className="btn-row">
            <Link to={planUpgradePath(order?.plan)} className="btn btn--gold">
              Try again
            </Link>
            <Link to={ROUTES.myOrders} className="btn btn--outline">
              My Orders
            </Link>
          </div>
          <p className="small muted payment-result__support">
            Need help?{' '}
            {supportEmail ? (
              <>
                Write to <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`}>{supportEmail}</a>
                {orderId ? ' with your order ID' : ''}, or use our <Link to={ROUTES.contactUs}>contact page</Link>.
              </>
            ) : (
              <>
                Use our <Link to={ROUTES.contactUs}>contact page</Link>
                {orderId ? ' and give your order ID' : ''}.
              </>
            )}
          </p>
        </div>
      </section>
    </>
  )
}
