import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import { ROUTES } from '../../app/routes'
import Icon from '../../components/Icon'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import { formatDdMmYyyy } from '../../lib/format'
import { planUpgradePath, registerForPlanPath } from '../../lib/planLinks'
import { useGetPlansQuery, useGetQuoteQuery } from './api'
import { KeepDates, PlanChooser, PriceSummary, useChosenPlan } from './checkoutParts'
import { contactViewsText } from './copy'
import '../../styles/billing.css'

/**
 * /plan-upgrade for a visitor: the plan choice (?plan=) and its price, and the two ways on: create a free account
 * (registration, which then opens the checkout of this plan) or log in (and come straight back here).
 */
export default function PlanPreviewScreen() {
  const plans = useGetPlansQuery()
  const paid = (plans.data ?? []).filter((p) => !p.free)
  const [plan, choose] = useChosenPlan(paid, null)
  const quote = useGetQuoteQuery({ plan }, { skip: !plan })
  const q = quote.currentData

  let body
  if (plans.isLoading || (!plans.data && !plans.error)) body = <SkeletonCards count={4} />
  else if (plans.error) body = <ErrorState message={asApiError(plans.error)?.message} onRetry={() => void plans.refetch()} />
  else if (!paid.length) body = <EmptyState title="Plans are being updated. Please check back shortly." />
  else
    body = (
      <div className="checkout">
        <div className="checkout__main">
          <PlanChooser plans={paid} value={plan} onChange={choose} />
          {q && (
            <p className="notice checkout__effect">
              <Icon name="clock" size={20} />
              <span>
                <KeepDates text={`Bought today, ${q.plan} is valid till ${formatDdMmYyyy(q.validUntil)}, with ${contactViewsText(q.contactViews)}.`} />
              </span>
            </p>
          )}
        </div>
        <div className="checkout__side">
          <PriceSummary quote={q} loading={quote.isFetching} error={quote.error} onRetry={() => void quote.refetch()} visitor />
          <div className="checkout__join">
            <Link to={registerForPlanPath(plan)} className="btn btn--gold btn--lg btn--block">
              Create your free account to continue
            </Link>
            <p className="small muted">Registration is free. You pay for {plan} right after, on the next page.</p>
            <p className="checkout__login">
              Already a member?{' '}
              <Link to={`${ROUTES.login}?next=${encodeURIComponent(planUpgradePath(plan))}`} className="btn btn--outline btn--block">
                Log in
              </Link>
            </p>
          </div>
        </div>
      </div>
    )

  return (
    <>
      <Seo title="Upgrade Plan" description="Choose a membership plan and see its price, GST included. Registration is free." />
      <PageHeader title="Choose your plan" intro="All prices include GST. You create a free account first, then pay." crumbs={[{ to: ROUTES.plans, label: 'Pricing Plans' }]} />
      <section className="container section">{body}</section>
    </>
  )
}
