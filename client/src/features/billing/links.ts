import { ROUTES } from '../../app/routes'

/** Why a payment did not complete: the member closed the window, the bank refused it, or it could not be confirmed yet. */
export type FailureReason = 'cancelled' | 'failed' | 'unconfirmed'

/** /plan-upgrade/success?order=ID */
export function successPath(orderId: string): string {
  return `${ROUTES.planUpgradeSuccess}?${new URLSearchParams({ order: orderId }).toString()}`
}

/** /plan-upgrade/failure?order=ID&reason=…(&detail=the bank's words) */
export function failurePath(orderId: string, reason: FailureReason, detail?: string | null): string {
  const q = new URLSearchParams({ order: orderId, reason })
  if (detail) q.set('detail', detail.slice(0, 200))
  return `${ROUTES.planUpgradeFailure}?${q.toString()}`
}

/** The reason of a failure page's ?reason= (anything else reads as failed). */
export function failureReasonOf(value: string | null): FailureReason {
  return value === 'cancelled' || value === 'unconfirmed' ? value : 'failed'
}
