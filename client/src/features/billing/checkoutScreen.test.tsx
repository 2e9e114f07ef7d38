import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { fakeServer } from '../../test/fakeServer'
import type { SeenCall } from '../../test/fakeServer'
import { deferred, fail, ok, renderRoutes } from '../../test/utils'
import type { RazorpayConstructor, RazorpayOptions } from './checkout'
import CheckoutScreen from './CheckoutScreen'
import PlanPreviewScreen from './PlanPreviewScreen'
import { PLANS, checkout, classicProfile, memberAccount, quote } from './fixtures.test-util'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => vi.restoreAllMocks())

/** GET plans and the quotes: WELCOME10 takes 10% (in whole rupees) off any plan, every other coupon is refused. */
function plansAndQuotes(c: SeenCall) {
  if (c.method === 'GET' && c.path === 'plans') return ok(PLANS)
  if (c.path === 'plans/quote' || c.path === 'coupon/isValid') {
    const { plan, coupon } = (c.body ?? {}) as { plan: string; coupon?: string }
    if (coupon && coupon !== 'WELCOME10') return fail(422, 'Invalid coupon', { coupon: 'Invalid coupon' })
    const list = PLANS.find((p) => p.name === plan)!.priceInr
    return ok(coupon ? quote(plan, { coupon, couponLabel: '10% off', discountPaise: Math.floor(list / 10) * 100 }) : quote(plan))
  }
  return undefined
}

const renderCheckout = (entry: string, deps?: Parameters<typeof CheckoutScreen>[0]['deps'], profile = {}) =>
  renderRoutes([{ path: '/plan-upgrade', element: <CheckoutScreen deps={deps} /> }], entry, memberAccount(profile))

describe('the checkout (/plan-upgrade, member)', () => {
  it('preselects ?plan=, shows the quote with its GST split and the exact amount on Pay', async () => {
    fakeServer(plansAndQuotes)
    renderCheckout('/plan-upgrade?plan=TFM-PREMIUM')
    expect(await screen.findByTestId('price-total')).toHaveTextContent('₹6,999')
    expect(screen.getByRole('radio', { name: /TFM-PREMIUM/ })).toBeChecked()
    expect(screen.getByTestId('price-list')).toHaveTextContent('₹6,999')
    const q = quote('TFM-PREMIUM')
    expect(screen.getByTestId('price-gst')).toHaveTextContent(`Includes GST 18%: CGST ₹${(q.cgstPaise / 100).toLocaleString('en-IN')} + SGST ₹${(q.sgstPaise / 100).toLocaleString('en-IN')}`)
    expect(screen.getByRole('button', { name: 'Pay ₹6,999' })).toBeEnabled()
    expect(screen.getByTestId('current-plan')).toHaveTextContent('You are a free member now.')
    expect(screen.getByTestId('checkout-effect')).toHaveTextContent('TFM-PREMIUM starts as soon as you pay and is valid till 27-02-2027, with 120 contact views.')
  })

  it('chooses the current plan when the address names none, else TFM-CLASSIC, and says what renewing does', async () => {
    fakeServer((c) => {
      if (c.path === 'plans/quote')
        return ok(
          quote('TFM-CLASSIC', {
            renewal: { currentPlan: 'TFM-CLASSIC', currentExpiresAt: '2027-02-27T06:00:00Z', newExpiresAt: '2027-05-27T06:00:00Z', carriedContactViews: 12 },
          }),
        )
      return plansAndQuotes(c)
    })
    const { router } = renderCheckout('/plan-upgrade', undefined, classicProfile())
    expect(await screen.findByTestId('checkout-effect')).toHaveTextContent(
      'Your TFM-CLASSIC is valid till 27-02-2027. Buying now extends it to 27-05-2027 and carries your 12 unused contact views forward.',
    )
    expect(screen.getByRole('radio', { name: /TFM-CLASSIC/ })).toBeChecked()
    expect(screen.getByTestId('current-plan')).toHaveTextContent('You are on TFM-CLASSIC, valid till 27-02-2027, with 12 contact views left.')
    await userEvent.setup().click(screen.getByRole('radio', { name: /TFM-SUPREME/ }))
    expect(router.state.location.search).toBe('?plan=TFM-SUPREME')
  })

  it('applies a coupon (one call, no second quote) and removes it', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(plansAndQuotes)
    renderCheckout('/plan-upgrade?plan=TFM-CLASSIC')
    expect(await screen.findByTestId('price-total')).toHaveTextContent('₹3,999')
    await user.type(screen.getByLabelText(/Coupon code/), 'welcome10')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByTestId('coupon-applied')).toHaveTextContent('Coupon WELCOME10 applied: 10% off.')
    expect(screen.getByTestId('price-discount')).toHaveTextContent('−₹399')
    expect(screen.getByTestId('price-total')).toHaveTextContent('₹3,600')
    expect(screen.getByRole('button', { name: 'Pay ₹3,600' })).toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'coupon/isValid').map((c) => c.body)).toEqual([{ plan: 'TFM-CLASSIC', coupon: 'WELCOME10' }])
    expect(calls.filter((c) => c.path === 'plans/quote')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(await screen.findByRole('button', { name: 'Pay ₹3,999' })).toBeInTheDocument()
    expect(screen.queryByTestId('price-discount')).toBeNull()
  })

  it('says "Invalid coupon" under the field for a refused coupon', async () => {
    const user = userEvent.setup()
    fakeServer(plansAndQuotes)
    renderCheckout('/plan-upgrade?plan=TFM-CLASSIC')
    await screen.findByTestId('price-total')
    await user.type(screen.getByLabelText(/Coupon code/), 'NOPE')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    const field = screen.getByLabelText(/Coupon code/)
    await waitFor(() => expect(field).toHaveAccessibleDescription('Invalid coupon'))
    expect(field).toHaveValue('NOPE')
    expect(screen.getByText('Invalid coupon', { selector: '.field__error' })).toBeInTheDocument()
    expect(screen.getByTestId('price-total')).toHaveTextContent('₹3,999')
  })

  it('creates one order however often Pay is tapped, and sends the browser to the test checkout page', async () => {
    const user = userEvent.setup()
    const hold = deferred()
    const calls = fakeServer(async (c) => {
      if (c.path !== 'create-payment') return plansAndQuotes(c)
      await hold.promise
      return ok(checkout())
    })
    const assign = vi.fn()
    renderCheckout('/plan-upgrade?plan=TFM-CLASSIC', { assign })
    const pay = await screen.findByRole('button', { name: 'Pay ₹3,999' })
    await user.dblClick(pay)
    await user.click(pay)
    expect(pay).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('Creating your order…')
    hold.release()
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/checkout/TFM-7K3M9Q2X'))
    expect(calls.filter((c) => c.path === 'create-payment').map((c) => c.body)).toEqual([{ plan: 'TFM-CLASSIC' }])
    // Leaving for the checkout page: the button stays off.
    expect(screen.getByRole('button', { name: 'Pay ₹3,999' })).toBeDisabled()
  })

  it('sends the applied coupon with the order', async () => {
    const user = userEvent.setup()
    const calls = fakeServer((c) => (c.path === 'create-payment' ? ok(checkout()) : plansAndQuotes(c)))
    renderCheckout('/plan-upgrade?plan=TFM-CLASSIC', { assign: vi.fn() })
    await screen.findByTestId('price-total')
    await user.type(screen.getByLabelText(/Coupon code/), 'WELCOME10')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,600' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'create-payment').map((c) => c.body)).toEqual([{ plan: 'TFM-CLASSIC', coupon: 'WELCOME10' }]))
  })

  it('opens Razorpay with the order, and its handler takes the member to the callback', async () => {
    const user = userEvent.setup()
    const opened: RazorpayOptions[] = []
    const Razorpay = vi.fn(function (this: unknown, o: RazorpayOptions) {
      opened.push(o)
      return { open: vi.fn(), on: vi.fn() }
    }) as unknown as RazorpayConstructor
    fakeServer((c) =>
      c.path === 'create-payment' ? ok(checkout({ gateway: 'razorpay', keyId: 'rzp_test_k', gatewayOrderId: 'order_RZ7', amountPaise: 399_900, checkoutUrl: '' })) : plansAndQuotes(c),
    )
    const { router } = renderCheckout('/plan-upgrade?plan=TFM-CLASSIC', { razorpay: () => Razorpay })
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,999' }))
    await waitFor(() => expect(opened).toHaveLength(1))
    expect(opened[0]).toMatchObject({ key: 'rzp_test_k', order_id: 'order_RZ7', amount: 399_900, currency: 'INR' })
    opened[0].handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_RZ7', razorpay_signature: 'sig_1' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-upgrade/callback'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order: 'TFM-7K3M9Q2X',
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_RZ7',
      razorpay_signature: 'sig_1',
    })
  })

  it('says the window could not open when checkout.js fails, and opens the same order on the next tap', async () => {
    const user = userEvent.setup()
    const calls = fakeServer((c) => (c.path === 'create-payment' ? ok(checkout({ gateway: 'razorpay', keyId: 'k', checkoutUrl: '' })) : plansAndQuotes(c)))
    const open = vi.fn()
    let loads = 0
    const Razorpay = vi.fn(function () {
      return { open, on: vi.fn() }
    }) as unknown as RazorpayConstructor
    renderCheckout('/plan-upgrade?plan=TFM-CLASSIC', {
      razorpay: () => (loads > 1 ? Razorpay : undefined),
      loadScript: async () => {
        loads++
        if (loads === 1) throw new Error('offline')
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,999' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment window could not open. Check your connection and try again.')
    await user.click(screen.getByRole('button', { name: 'Pay ₹3,999' }))
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1))
    expect(calls.filter((c) => c.path === 'create-payment')).toHaveLength(1)
  })
})

describe('/plan-upgrade for a visitor', () => {
  it('shows the chosen plan and its price with "Includes 18% GST", and the ways to join or log in', async () => {
    const calls = fakeServer(plansAndQuotes)
    renderRoutes([{ path: '/plan-upgrade', element: <PlanPreviewScreen /> }], '/plan-upgrade?plan=TFM-CLASSIC')
    expect(await screen.findByTestId('price-total')).toHaveTextContent('₹3,999')
    expect(screen.getByTestId('price-gst')).toHaveTextContent(/^Includes 18% GST$/)
    expect(screen.getByRole('link', { name: 'Create your free account to continue' })).toHaveAttribute('href', '/register?plan=TFM-CLASSIC')
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fplan-upgrade%3Fplan%3DTFM-CLASSIC')
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull()
    expect(calls.some((c) => c.path === 'create-payment')).toBe(false)
    expect(within(screen.getByRole('group', { name: 'Choose a plan' })).getAllByRole('radio')).toHaveLength(4)
  })

  it('shows an error with a retry when the plans do not load', async () => {
    const user = userEvent.setup()
    let n = 0
    fakeServer((c) => (c.path === 'plans' && n++ === 0 ? fail(500, 'Something went wrong') : plansAndQuotes(c)))
    renderRoutes([{ path: '/plan-upgrade', element: <PlanPreviewScreen /> }], '/plan-upgrade')
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('radio', { name: /TFM-CLASSIC/ })).toBeChecked()
  })
})
