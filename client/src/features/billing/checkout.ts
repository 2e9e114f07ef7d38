import { ROUTES } from '../../app/routes'
import { loadScript as loadScriptOnce } from '../../lib/loadScript'
import type { Checkout } from './types'

/** Razorpay's Standard Checkout script (loaded once, only when a member pays through Razorpay). */
export const RAZORPAY_SRC = 'https://checkout.razorpay.com/v1/checkout.js'

/** How long the script may take on a slow phone connection before the member is told. */
export const RAZORPAY_LOAD_TIMEOUT_MS = 20_000

/** What the member reads when the payment window cannot open. */
export const CHECKOUT_OPEN_ERROR = 'The payment window could not open. Check your connection and try again.'

/** The brand colour of the payment window (maroon). */
export const CHECKOUT_THEME = '#7b1e3a'

/** What Razorpay's handler hands back after a successful payment. */
export interface RazorpaySuccess {
  razorpay_payment_id: string
  razorpay_order_id: string
  razorpay_signature: string
}

/** The options this site opens Razorpay's checkout with. */
export interface RazorpayOptions {
  key: string
  order_id: string
  amount: number
  currency: string
  name: string
  description: string
  prefill: { name: string; email: string; contact: string }
  theme: { color: string }
  handler: (response: RazorpaySuccess) => void
  modal: { ondismiss: () => void }
}

/** A Razorpay checkout window. */
export interface RazorpayInstance {
  open(): void
  close?(): void
  on(event: 'payment.failed', callback: (e: { error?: { description?: string; reason?: string; code?: string } }) => void): void
}

/** The constructor checkout.js defines as window.Razorpay. */
export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor
  }
}

/** The payment window did not open (script failed or timed out, or the gateway answer was unusable). */
export class CheckoutOpenError extends Error {
  constructor(readonly cause?: unknown) {
    super(CHECKOUT_OPEN_ERROR)
    this.name = 'CheckoutOpenError'
  }
}

/** /plan-upgrade/callback?order=ID&…: where the payment window sends the member back, with what it says. */
export function callbackPath(orderId: string, params: Record<string, string>): string {
  const q = new URLSearchParams({ order: orderId, ...params })
  return `${ROUTES.planUpgradeCallback}?${q.toString()}`
}

/** What openCheckout needs from the page; tests hand in their own. */
export interface CheckoutDeps {
  /** Client-side navigation (React Router's navigate). */
  navigate: (path: string) => void
  /** Leaves the site for a checkout page (window.location.assign). */
  assign?: (url: string) => void
  /** Loads a script once (lib/loadScript). */
  loadScript?: (src: string, timeoutMs: number) => Promise<void>
  /** The Razorpay constructor, once its script ran (window.Razorpay). */
  razorpay?: () => RazorpayConstructor | undefined
}

/** Whether url is one the browser may be sent to: this site, or http(s). */
function isSafeUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * Opens the payment window of a created order (the contract of issue 19): gateway "test" sends the browser to the
 * local checkout page (checkoutUrl); gateway "razorpay" loads checkout.js once and opens it with the order, and its
 * outcome navigates to the callback page: success with the three razorpay_* fields, error=cancelled when the member
 * closes it, error=payment_failed with the bank's description when a payment fails. The first outcome wins.
 * Rejects with CheckoutOpenError when the window cannot open.
 */
export async function openCheckout(co: Checkout, deps: CheckoutDeps): Promise<void> {
  const assign = deps.assign ?? ((url: string) => window.location.assign(url))
  const load = deps.loadScript ?? loadScriptOnce
  const ctor = deps.razorpay ?? (() => window.Razorpay)
  const orderId = co.order.id

  if (co.gateway === 'test') {
    if (!co.checkoutUrl || !isSafeUrl(co.checkoutUrl)) throw new CheckoutOpenError()
    assign(co.checkoutUrl)
    return
  }

  try {
    if (!ctor()) await load(RAZORPAY_SRC, RAZORPAY_LOAD_TIMEOUT_MS)
  } catch (e) {
    throw new CheckoutOpenError(e)
  }
  const Razorpay = ctor()
  if (!Razorpay) throw new CheckoutOpenError()

  let done = false
  let rzp: RazorpayInstance | null = null
  const finish = (params: Record<string, string>) => {
    if (done) return
    done = true
    deps.navigate(callbackPath(orderId, params))
  }
  try {
    rzp = new Razorpay({
      key: co.keyId,
      order_id: co.gatewayOrderId,
      amount: co.amountPaise,
      currency: co.currency,
      name: co.merchantName,
      description: co.description,
      prefill: co.prefill,
      theme: { color: CHECKOUT_THEME },
      handler: (r) =>
        finish({ razorpay_payment_id: r.razorpay_payment_id, razorpay_order_id: r.razorpay_order_id, razorpay_signature: r.razorpay_signature }),
      modal: { ondismiss: () => finish({ error: 'cancelled' }) },
    })
    rzp.on('payment.failed', (e) => {
      const description = e?.error?.description ?? ''
      finish(description ? { error: 'payment_failed', error_description: description } : { error: 'payment_failed' })
      // The window would offer another try over a page that has moved on: close it.
      try {
        rzp?.close?.()
      } catch {
        // Already closed.
      }
    })
    rzp.open()
  } catch (e) {
    throw new CheckoutOpenError(e)
  }
}
