import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import Icon from '../../components/Icon'
import { currentPaidPlan, selectIsLoggedIn, selectProfile } from '../../entities/account'
import { formatDdMmYyyy, formatInr } from '../../lib/format'
import { planUpgradePath, registerForPlanPath } from '../../lib/planLinks'
import { planAnchor } from './anchors'
import type { Plan } from './types'

/** Who looks at the plans: a visitor, or a member on the free tier (plan null) or on a paid plan. */
export type PlanViewer = { kind: 'visitor' } | { kind: 'member'; plan: { name: string; expiresAt: string } | null }

/** The viewer of the plans: a visitor, or the signed-in member with their paid plan (null when free). */
export function usePlanViewer(): PlanViewer {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const profile = useAppSelector(selectProfile)
  if (!isLoggedIn) return { kind: 'visitor' }
  return { kind: 'member', plan: currentPaidPlan(profile) }
}

/** A plan's button: its words, where it goes and its accessible name. */
export interface PlanAction {
  label: string
  to: string
  name: string
}

/**
 * The button of a plan for this viewer: a visitor joins (registration, then the checkout of that plan); a free
 * member buys; a paid member renews their own plan, upgrades to a dearer one or switches to another. The free tier
 * has "Join free" for visitors only.
 */
export function planAction(p: Plan, viewer: PlanViewer, plans: Plan[]): PlanAction | null {
  if (p.free) return viewer.kind === 'visitor' ? { label: 'Join free', to: registerForPlanPath(null), name: 'Join free' } : null
  if (viewer.kind === 'visitor') return { label: 'Join', to: registerForPlanPath(p.name), name: `Join with ${p.name}` }
  const to = planUpgradePath(p.name)
  const current = viewer.plan
  if (!current) return { label: 'Buy', to, name: `Buy ${p.name}` }
  if (current.name === p.name) return { label: 'Renew', to, name: `Renew ${p.name}` }
  const mine = plans.find((x) => x.name === current.name)
  return mine && p.priceInr > mine.priceInr ? { label: 'Upgrade', to, name: `Upgrade to ${p.name}` } : { label: 'Switch', to, name: `Switch to ${p.name}` }
}

/** Whether p is the viewer's plan now (the free tier for a free member). */
function isCurrent(p: Plan, viewer: PlanViewer): boolean {
  if (viewer.kind !== 'member') return false
  return p.free ? !viewer.plan : viewer.plan?.name === p.name
}

/** "Your plan, valid till 27-02-2027" (or "Your plan" on the free tier). */
function currentLabel(viewer: PlanViewer): string {
  return viewer.kind === 'member' && viewer.plan ? `Your plan, valid till ${formatDdMmYyyy(viewer.plan.expiresAt)}` : 'Your plan'
}

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

/** The invitations line of a plan card: "10 invitations a day". */
function invitationsText(n: number) {
  return `${n} invitation${n === 1 ? '' : 's'} a day`
}

/**
 * The plan cards from GET plans (the free tier first, left out when compact), each with its price, what it gives
 * and the viewer's button (Join, Buy, Renew, Upgrade or Switch); the viewer's own plan is marked.
 */
export function PlanCards({ plans, viewer = { kind: 'visitor' }, compact = false }: { plans: Plan[]; viewer?: PlanViewer; compact?: boolean }) {
  const shown = compact ? plans.filter((p) => !p.free) : plans
  return (
    <div className={'plan-grid' + (compact ? ' plan-grid--compact' : '')}>
      {shown.map((p) => {
        const action = planAction(p, viewer, plans)
        const current = isCurrent(p, viewer)
        if (p.free) {
          return (
            <article key={p.id} className={'plan-card plan-card--free' + (current ? ' plan-card--current' : '')} aria-labelledby={`plan-${p.id}`} data-testid="plan-card">
              {current && <p className="plan-card__ribbon plan-card__ribbon--current">{currentLabel(viewer)}</p>}
              <h3 id={`plan-${p.id}`} className="plan-card__name">
                {p.name}
              </h3>
              <p className="plan-card__price">
                <span data-testid="plan-price">{formatInr(0)}</span>
                <span className="plan-card__period"> forever</span>
              </p>
              <ul className="plan-card__features">
                <li>Create your profile &amp; partner preferences</li>
                <li>{invitationsText(p.dailyInvitations)}</li>
                <li>{p.startChats ? 'Start chats with any member' : 'Chat after an invitation is mutually accepted'}</li>
                <li>{p.contactViews > 0 ? `${p.contactViews} contact views` : 'Contact details stay masked'}</li>
              </ul>
              {action && (
                <Link to={action.to} className="btn btn--outline btn--block" aria-label={action.name === action.label ? undefined : action.name}>
                  {action.label}
                </Link>
              )}
            </article>
          )
        }
        const anchor = planAnchor(p.name)
        const id = anchor === 'classic-premium' && p.name.toUpperCase().endsWith('PREMIUM') ? 'premium' : anchor
        const featured = p.name.toUpperCase().endsWith('PREMIUM')
        return (
          <article
            key={p.id}
            id={compact ? undefined : id}
            className={'plan-card' + (featured ? ' plan-card--featured' : '') + (current ? ' plan-card--current' : '')}
            aria-labelledby={`plan-${p.id}`}
            data-testid="plan-card"
          >
            {current ? (
              <p className="plan-card__ribbon plan-card__ribbon--current" data-testid="plan-current">
                {currentLabel(viewer)}
              </p>
            ) : (
              featured && <p className="plan-card__ribbon">Most chosen</p>
            )}
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
            <p className="plan-card__gst">GST incl. · about {formatInr(Math.round(p.priceInr / Math.max(1, p.months)))} a month</p>
            {!compact && (
              <ul className="plan-card__features">
                <li>{p.contactViews} contact views</li>
                <li>{invitationsText(p.dailyInvitations)}</li>
                <li>{p.startChats ? 'Start chats with any member' : 'Chat after mutual acceptance'}</li>
                {p.profileHighlight && <li>Profile highlighted in searches</li>}
                {p.prioritySupport && <li>Priority support from our team</li>}
              </ul>
            )}
            {action && (
              <Link to={action.to} className={'btn btn--block ' + (featured ? 'btn--gold' : 'btn--primary')} aria-label={action.name}>
                {action.label}
              </Link>
            )}
          </article>
        )
      })}
    </div>
  )
}

/** The entitlement matrix of product.md "Plans" from GET plans (the free tier first), with the viewer's buttons under it. */
export function PlansMatrix({ plans, viewer = { kind: 'visitor' } }: { plans: Plan[]; viewer?: PlanViewer }) {
  const rows: { label: string; cell: (p: Plan) => ReactNode }[] = [
    { label: 'Price (GST incl.)', cell: (p) => (p.free ? formatInr(0) : <strong>{formatInr(p.priceInr)}</strong>) },
    { label: 'Validity', cell: (p) => (p.free || p.months <= 0 ? 'No limit' : `${p.months} months`) },
    { label: 'Contact views (phone & e-mail)', cell: (p) => (p.contactViews > 0 ? String(p.contactViews) : <No />) },
    { label: 'Invitations a day', cell: (p) => String(p.dailyInvitations) },
    {
      label: 'Start a chat',
      cell: (p) => (p.startChats ? <Yes label={`${p.name} can start chats`} /> : p.free ? 'After a mutually accepted invitation' : <No />),
    },
    { label: 'Reply to chats', cell: (p) => <Yes label={`${p.name} can reply`} /> },
    { label: 'Profile highlight', cell: (p) => (p.profileHighlight ? <Yes label={`${p.name} includes profile highlight`} /> : <No />) },
    { label: 'Priority support', cell: (p) => (p.prioritySupport ? <Yes label={`${p.name} includes priority support`} /> : <No />) },
  ]
  return (
    <div className="table-scroll" role="region" aria-labelledby="matrix-caption" tabIndex={0}>
      <table className="matrix">
        <caption id="matrix-caption">Compare what each plan includes</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((p) => (
              <th scope="col" key={p.id} className={isCurrent(p, viewer) ? 'matrix__current' : undefined}>
                {p.free || !p.name.includes('-') ? (
                  p.name
                ) : (
                  <>
                    <span className="matrix__brand">{p.name.split('-')[0]}-</span>
                    {shortName(p.name)}
                  </>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {plans.map((p) => (
                <td key={p.id}>{r.cell(p)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className="sr-only">Choose</span>
            </th>
            {plans.map((p) => {
              const action = planAction(p, viewer, plans)
              return (
                <td key={p.id}>
                  {isCurrent(p, viewer) && <span className="matrix__yours">Your plan</span>}
                  {action && (
                    <Link to={action.to} className={'btn btn--sm ' + (p.free ? 'btn--outline' : 'btn--primary')} aria-label={action.name === action.label ? undefined : action.name}>
                      {action.label}
                    </Link>
                  )}
                </td>
              )
            })}
          </tr>
        </tbody>
      </table>
    </div>
  )
}
