import { Link } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Icon from '../components/Icon'
import { ErrorState, EmptyState, SkeletonCards } from '../components/States'
import { PlanCards, PlansMatrix, usePlanViewer } from '../features/billing/PlansMatrix'
import { useGetPlansQuery } from '../features/billing/api'
import { asApiError } from '../api/api'
import { ROUTES } from '../app/routes'
import { formatDdMmYyyy } from '../lib/format'

/** /plans: the plans from GET plans (the free tier first) as cards and the full entitlement matrix — nothing hidden. */
export default function Plans() {
  const { data, error, isLoading, refetch } = useGetPlansQuery()
  const viewer = usePlanViewer()
  const intro =
    viewer.kind === 'member' && viewer.plan
      ? `You are on ${viewer.plan.name}, valid till ${formatDdMmYyyy(viewer.plan.expiresAt)}. Renew before it ends and your unused contact views carry forward. All prices include GST.`
      : 'Registration is free. Upgrade when you are ready to contact members directly. All prices include GST.'
  return (
    <>
      <Seo title="Pricing Plans" description="Simple, transparent membership plans for Christian brides and grooms. Prices include GST. Registration is free." />
      <PageHeader title="Pricing Plans" intro={intro} />
      <section className="container section">
        {isLoading ? (
          <SkeletonCards count={4} />
        ) : error ? (
          <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
        ) : !data?.length ? (
          <EmptyState title="Plans are being updated. Please check back shortly." />
        ) : (
          <>
            <PlanCards plans={data} viewer={viewer} />
            <h2 className="section-title section-title--left plans-matrix-title">Everything, side by side</h2>
            <PlansMatrix plans={data} viewer={viewer} />
          </>
        )}
        <div className="assurances">
          <p>
            <Icon name="shield" size={20} /> <span>Secure payment. One payment grants one plan — never a double charge.</span>
          </p>
          <p>
            <Icon name="clock" size={20} /> <span>Renew before expiry and your unused contact views carry forward.</span>
          </p>
          <p>
            <Icon name="info" size={20} />{' '}
            <span>
              Questions? Read the <Link to="/faq">FAQs</Link> or our <Link to="/return-and-cancellation">refund policy</Link>.
              {viewer.kind === 'member' && (
                <>
                  {' '}
                  Your payments and invoices are in <Link to={ROUTES.myOrders}>My Orders</Link>.
                </>
              )}
            </span>
          </p>
        </div>
      </section>
    </>
  )
}
