import type { ReactNode } from 'react'
import { Link } from 'react-router'
import Icon from '../../components/Icon'
import { formatInr } from '../../lib/format'
import { planAnchor } from './anchors'
import type { Plan } from './api'

/** Invitations a day for free and paid members (product.md). */
export const FREE_INVITES_PER_DAY = 10
export const PAID_INVITES_PER_DAY = 50

function shortName(name: string) {
  const i = name.indexOf('-')
  return i >= 0 ? name.slice(i + 1) : name
}

function Yes({ label }: { label: string }) {
  return (
    <span className="yes">
      <Icon name="check" size={18} /> <span className="sr-only">{label}</span>
      <span aria-hidden="true">Yes</span>
    </span>
  )
}
function No() {
  return <span className="no">—<span className="sr-only">No</span></span>
}

/** The plan cards with prices and Join buttons, headed by the free tier. */
export function PlanCards({ plans, compact = false }: { plans: Plan[]; compact?: boolean }) {
  return (
    <div className={'plan-grid' + (compact ? ' plan-grid--compact' : '')}>
      {!compact && (
        <article className="plan-card plan-card--free" aria-labelledby="plan-free">
          <h3 id="plan-free" className="plan-card__name">
            Free
          </h3>
          <p className="plan-card__price">
            {formatInr(0)}
            <span className="plan-card__period"> forever</span>
          </p>
          <ul className="plan-card__features">
            <li>Create your profile &amp; partner preferences</li>
            <li>{FREE_INVITES_PER_DAY} invitations a day</li>
            <li>Chat after an invitation is mutually accepted</li>
            <li>Contact details stay masked</li>
          </ul>
          <Link to="/register" className="btn btn--outline btn--block">
            Join free
          </Link>
        </article>
      )}
      {plans.map((p) => {
        const anchor = planAnchor(p.name)
        const id = anchor === 'classic-premium' && p.name.toUpperCase().endsWith('PREMIUM') ? 'premium' : anchor
        const featured = p.name.toUpperCase().endsWith('PREMIUM')
        return (
          <article key={p.id} id={compact ? undefined : id} className={'plan-card' + (featured ? ' plan-card--featured' : '')} aria-labelledby={`plan-${p.id}`} data-testid="plan-card">
            {featured && <p className="plan-card__ribbon">Most chosen</p>}
            <h3 id={`plan-${p.id}`} className="plan-card__name">
              {p.name}
            </h3>
            <p className="plan-card__price">
              <span data-testid="plan-price">{formatInr(p.priceInr)}</span>
              <span className="plan-card__period">
                {' '}
                / {p.months} months
              </span>
            </p>
            <p className="plan-card__gst">GST incl. · about {formatInr(Math.round(p.priceInr / p.months))} a month</p>
            {!compact && (
              <ul className="plan-card__features">
                <li>{p.contactViews} contact views</li>
                <li>{PAID_INVITES_PER_DAY} invitations a day</li>
                <li>{p.startChats ? 'Start chats with any member' : 'Chat after mutual acceptance'}</li>
                {p.profileHighlight && <li>Profile highlighted in searches</li>}
                {p.prioritySupport && <li>Priority support from our team</li>}
              </ul>
            )}
            <Link to={`/register?plan=${encodeURIComponent(p.name)}`} className={'btn btn--block ' + (featured ? 'btn--gold' : 'btn--primary')} aria-label={`Join with ${p.name}`}>
              Join
            </Link>
          </article>
        )
      })}
    </div>
  )
}

/** The entitlement matrix of product.md "Plans", with the free tier as the first column. */
export function PlansMatrix({ plans }: { plans: Plan[] }) {
  const rows: { label: string; free: ReactNode; paid: (p: Plan) => ReactNode }[] = [
    { label: 'Price (GST incl.)', free: formatInr(0), paid: (p) => <strong>{formatInr(p.priceInr)}</strong> },
    { label: 'Validity', free: 'No limit', paid: (p) => `${p.months} months` },
    { label: 'Contact views (phone & e-mail)', free: <No />, paid: (p) => String(p.contactViews) },
    { label: 'Invitations a day', free: String(FREE_INVITES_PER_DAY), paid: () => String(PAID_INVITES_PER_DAY) },
    { label: 'Start a chat', free: 'After a mutually accepted invitation', paid: (p) => (p.startChats ? <Yes label={`${p.name} can start chats`} /> : <No />) },
    { label: 'Reply to chats', free: <Yes label="Free members can reply" />, paid: (p) => <Yes label={`${p.name} can reply`} /> },
    { label: 'Profile highlight', free: <No />, paid: (p) => (p.profileHighlight ? <Yes label={`${p.name} includes profile highlight`} /> : <No />) },
    { label: 'Priority support', free: <No />, paid: (p) => (p.prioritySupport ? <Yes label={`${p.name} includes priority support`} /> : <No />) },
  ]
  return (
    <div className="table-scroll" role="region" aria-labelledby="matrix-caption" tabIndex={0}>
      <table className="matrix">
        <caption id="matrix-caption">Compare what each plan includes</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">Free</th>
            {plans.map((p) => (
              <th scope="col" key={p.id}>
                <span className="matrix__brand">{p.name.split('-')[0]}-</span>
                {shortName(p.name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.free}</td>
              {plans.map((p) => (
                <td key={p.id}>{r.paid(p)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className="sr-only">Join</span>
            </th>
            <td>
              <Link to="/register" className="btn btn--outline btn--sm">
                Join free
              </Link>
            </td>
            {plans.map((p) => (
              <td key={p.id}>
                <Link to={`/register?plan=${encodeURIComponent(p.name)}`} className="btn btn--primary btn--sm" aria-label={`Join with ${p.name}`}>
                  Join
                </Link>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}
