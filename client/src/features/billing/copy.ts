import { formatDdMmYyyy } from '../../lib/format'
import type { OrderStatus, Renewal } from './types'

/** How each order status reads to a member (the contract's words), and the badge's tone. */
export const ORDER_STATUS: Record<OrderStatus, { text: string; tone: 'ok' | 'todo' | 'muted' | 'danger' }> = {
  created: { text: 'Awaiting payment', tone: 'todo' },
  paid: { text: 'Paid', tone: 'ok' },
  failed: { text: 'Failed', tone: 'danger' },
  refunded: { text: 'Refunded', tone: 'muted' },
  disputed: { text: 'On hold (disputed)', tone: 'todo' },
  expired: { text: 'Not completed', tone: 'muted' },
}

/** The words of a status the client does not know yet: the status itself. */
export function orderStatusOf(status: string): { text: string; tone: 'ok' | 'todo' | 'muted' | 'danger' } {
  return ORDER_STATUS[status as OrderStatus] ?? { text: status, tone: 'muted' }
}

/** "1 contact view", "50 contact views". */
export function contactViewsText(n: number): string {
  return `${n} contact view${n === 1 ? '' : 's'}`
}

/** "3 months", "1 month", "12 months". */
export function monthsText(n: number): string {
  return `${n} month${n === 1 ? '' : 's'}`
}

/** The words that go with an unfinished payment: what happens to money that was taken meanwhile. */
export const MONEY_SAFE =
  'If money was taken from your account, it will be confirmed or refunded automatically within 7 days — write to support with your order ID.'

/**
 * What buying plan now does to the member's running plan: "Your TFM-CLASSIC is valid till 27-02-2027. Buying now
 * extends it to 27-05-2027 and carries your 12 unused contact views forward." A different plan replaces it today.
 */
export function renewalText(r: Renewal, plan: string): string {
  const carry = r.carriedContactViews > 0 ? ` and carries your ${r.carriedContactViews} unused contact view${r.carriedContactViews === 1 ? '' : 's'} forward` : ''
  const now = `Your ${r.currentPlan} is valid till ${formatDdMmYyyy(r.currentExpiresAt)}.`
  if (r.currentPlan === plan) return `${now} Buying now extends it to ${formatDdMmYyyy(r.newExpiresAt)}${carry}.`
  return `${now} Buying ${plan} now starts it today with the days you have left added, so it runs till ${formatDdMmYyyy(r.newExpiresAt)}${carry}.`
}

/** How a payment method reads: "UPI", "Card", "Net banking"; an unknown one as the gateway wrote it. */
export function paymentMethodText(method: string): string {
  const words: Record<string, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking', wallet: 'Wallet', emi: 'EMI', paylater: 'Pay later', test: 'Test payment' }
  return words[method.toLowerCase()] ?? method
}
