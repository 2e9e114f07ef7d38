import { vi } from 'vitest'
import { CHECKOUT_OPEN_ERROR, CheckoutOpenError, RAZORPAY_SRC, callbackPath, openCheckout } from './checkout'
import type { RazorpayConstructor, RazorpayOptions } from './checkout'
import { checkout } from './fixtures.test-util'

/** A stand-in for checkout.js's window.Razorpay that records what it was opened with and lets a test play the outcome. */
function fakeRazorpay() {
  const opened: RazorpayOptions[] = []
  const failed: ((e: { error?: { description?: string } }) => void)[] = []
  const closed = vi.fn()
  const Ctor = vi.fn(function (this: unknown, options: RazorpayOptions) {
    opened.push(options)
    return {
      open: vi.fn(),
      close: () => {
        closed()
        options.modal.ondismiss()
      },
      on: (_event: string, cb: (e: { error?: { description?: string } }) => void) => failed.push(cb),
    }
  }) as unknown as RazorpayConstructor
  return { Ctor, opened, failed, closed }
}

const RZP = checkout({ gateway: 'razorpay', keyId: 'rzp_test_key', gatewayOrderId: 'order_RZ1', amountPaise: 360_000, checkoutUrl: '' })

afterEach(() => {
  delete window.Razorpay
})

describe('openCheckout', () => {
  it('sends the browser to the local checkout page for the test gateway', async () => {
    const assign = vi.fn()
    const navigate = vi.fn()
    await openCheckout(checkout(), { navigate, assign })
    expect(assign).toHaveBeenCalledWith('/dev/checkout/TFM-7K3M9Q2X')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('refuses a checkout URL that is not a web address', async () => {
    await expect(openCheckout(checkout({ checkoutUrl: 'javascript:alert(1)' }), { navigate: vi.fn(), assign: vi.fn() })).rejects.toBeInstanceOf(CheckoutOpenError)
  })

  it('loads checkout.js once and opens Razorpay with the key, the order, the amount and the buyer', async () => {
    const rz = fakeRazorpay()
    const loadScript = vi.fn(async () => {
      window.Razorpay = rz.Ctor
    })
    const navigate = vi.fn()
    await openCheckout(RZP, { navigate, loadScript })
    expect(loadScript).toHaveBeenCalledWith(RAZORPAY_SRC, expect.any(Number))
    expect(rz.opened).toHaveLength(1)
    expect(rz.opened[0]).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_RZ1',
      amount: 360_000,
      currency: 'INR',
      name: 'TFM Matrimony',
      description: 'TFM-CLASSIC · 3 months',
      prefill: { name: 'Anna Mathew', email: 'anna@example.in', contact: '+919876543210' },
      theme: { color: '#7b1e3a' },
    })
    // A second payment does not load the script again.
    await openCheckout(RZP, { navigate, loadScript })
    expect(loadScript).toHaveBeenCalledTimes(1)
  })

  it('goes to the callback with the three razorpay_* fields when Razorpay’s handler reports a payment', async () => {
    const rz = fakeRazorpay()
    window.Razorpay = rz.Ctor
    const navigate = vi.fn()
    await openCheckout(RZP, { navigate })
    rz.opened[0].handler({ razorpay_payment_id: 'pay_9', razorpay_order_id: 'order_RZ1', razorpay_signature: 'sig' })
    expect(navigate).toHaveBeenCalledWith('/plan-upgrade/callback?order=TFM-7K3M9Q2X&razorpay_payment_id=pay_9&razorpay_order_id=order_RZ1&razorpay_signature=sig')
    // Closing the window afterwards changes nothing.
    rz.opened[0].modal.ondismiss()
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('goes to the callback with error=cancelled when the member closes the window', async () => {
    const rz = fakeRazorpay()
    window.Razorpay = rz.Ctor
    const navigate = vi.fn()
    await openCheckout(RZP, { navigate })
    rz.opened[0].modal.ondismiss()
    expect(navigate).toHaveBeenCalledWith('/plan-upgrade/callback?order=TFM-7K3M9Q2X&error=cancelled')
  })

  it('goes to the callback with error=payment_failed and the bank’s words when a payment fails, and closes the window', async () => {
    const rz = fakeRazorpay()
    window.Razorpay = rz.Ctor
    const navigate = vi.fn()
    await openCheckout(RZP, { navigate })
    rz.failed[0]({ error: { description: 'Your card was declined' } })
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith(callbackPath('TFM-7K3M9Q2X', { error: 'payment_failed', error_description: 'Your card was declined' }))
    expect(rz.closed).toHaveBeenCalled()
  })

  it('says the window could not open when checkout.js does not load', async () => {
    const loadScript = vi.fn(async () => {
      throw new Error('offline')
    })
    const err = await openCheckout(RZP, { navigate: vi.fn(), loadScript }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CheckoutOpenError)
    expect((err as Error).message).toBe(CHECKOUT_OPEN_ERROR)
    expect(CHECKOUT_OPEN_ERROR).toBe('The payment window could not open. Check your connection and try again.')
  })
})
