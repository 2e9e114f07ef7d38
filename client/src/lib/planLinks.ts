import { ROUTES } from '../app/routes'

/** A plan name as links carry it: letters, digits, spaces, "-" and "_", at most 40 (TFM-CLASSIC). */
const PLAN_NAME = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/

/** The plan name of a ?plan= value when it is a plain plan name, else null (never a URL or a path). */
export function plainPlanName(value: string | null | undefined): string | null {
  const v = (value ?? '').trim()
  return PLAN_NAME.test(v) ? v : null
}

/** The checkout of a plan: /plan-upgrade?plan=NAME (just /plan-upgrade without a plain plan name). */
export function planUpgradePath(plan?: string | null): string {
  const name = plainPlanName(plan)
  return name ? `${ROUTES.planUpgrade}?plan=${encodeURIComponent(name)}` : ROUTES.planUpgrade
}

/** Registration that leads to the checkout of a plan afterwards: /register?plan=NAME. */
export function registerForPlanPath(plan?: string | null): string {
  const name = plainPlanName(plan)
  return name ? `${ROUTES.register}?plan=${encodeURIComponent(name)}` : ROUTES.register
}

/** The plan a /plan-upgrade?plan=NAME path names (a login's ?next=), or null for any other path. */
export function planOfCheckoutPath(path: string | null | undefined): string | null {
  if (!path) return null
  const [p, q = ''] = path.split('?')
  if (p !== ROUTES.planUpgrade) return null
  return plainPlanName(new URLSearchParams(q).get('plan'))
}
