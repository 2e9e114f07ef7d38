import { Link } from 'react-router'
import { formatDdMmYyyy } from '../lib/format'
import { planMenuLabel } from './shellTypes'
import type { HeaderMember } from './shellTypes'

/** The plan summary of the logged-in menu: plan name and expiry (DD-MM-YYYY) with Update/Renew Plan, or "Upgrade" for a free member. */
export default function PlanSummary({ member, className = 'plan-summary' }: { member: HeaderMember; className?: string }) {
  if (!member.plan) {
    return (
      <div className={className + ' plan-summary--free'} data-testid="plan-summary">
        <span className="plan-summary__name">Free member</span>
        <Link to="/plans" className="plan-summary__cta">
          Upgrade
        </Link>
      </div>
    )
  }
  return (
    <div className={className} data-testid="plan-summary">
      <span className="plan-summary__name">{member.plan.name}</span>
      <span className="plan-summary__expiry">Valid till {formatDdMmYyyy(member.plan.expiresAt)}</span>
      <Link to="/plan-upgrade" className="plan-summary__cta">
        {planMenuLabel(member.prevContactViewPending)}
      </Link>
    </div>
  )
}
