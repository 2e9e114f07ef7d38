import { Link } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Icon from '../components/Icon'
import { ErrorState, EmptyState, SkeletonCards } from '../components/States'
import { PlanCards, PlansMatrix } from '../features/plans/PlansMatrix'
import { useGetPlansQuery } from '../features/plans/api'
import { asApiError } from '../api/api'

/** /plans: plan cards and the full entitlement matrix — nothing hidden. */
export default function Plans() {
  const { data, error, isLoading, refetch } = useGetPlansQuery()
  return (
    <>
      <Seo title="Pricing Plans" description="Simple, transparent membership plans for Christian brides and grooms. Prices include GST. Registration is free." />
      <PageHeader title="Pricing Plans" intro="Registration is free. Upgrade when you are ready to contact members directly. All prices include GST." />
      <section className="container section">
        {isLoading ? (
          <SkeletonCards count={4} />
        ) : error ? (
          <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
        ) : !data?.length ? (
          <EmptyState title="Plans are being updated. Please check back shortly." />
        ) : (
          <>
            <PlanCards plans={data} />
            <h2 className="section-title section-title--left">Everything, side by side</h2>
            <PlansMatrix plans={data} />
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
            </span>
          </p>
        </div>
      </section>
    </>
  )
}
