import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useMemo } from 'react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { useAppSelector } from '../../app/hooks'
import { headerMember } from '../../app/layouts/MainLayout'
import { useSession } from '../../app/shell/useSession'
import PlanSummary from '../../components/PlanSummary'
import { selectProfile } from '../../entities/account'
import { fakeServer } from '../../test/fakeServer'
import type { SeenCall } from '../../test/fakeServer'
import { deferred, fail, ok, renderRoutes } from '../../test/utils'
import { classicProfile, memberAccount, order } from './fixtures.test-util'
import PaymentCallbackScreen from './PaymentCallbackScreen'
import PaymentFailureScreen from './PaymentFailureScreen'
import PaymentSuccessScreen from './PaymentSuccessScreen'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => vi.restoreAllMocks())

const NO_WAIT = [0, 0, 0]
const PROOF = 'razorpay_payment_id=pay_1&razorpay_order_id=order_T1&razorpay_signature=sig_1'

/** The header's plan summary, as MainLayout builds it from the account's profile. */
function HeaderPlan() {
  const profile = useAppSelector(selectProfile)
  const member = useMemo(() => headerMember(profile), [profile])
  return member ? <PlanSummary member={member} /> : null
}

/** The shell's part that matters here: the session's GET profile, and the header's plan summary. */
function Shell({ children }: { children: ReactNode }) {
  useSession()
  return (
    <>
      <HeaderPlan />
      {children}
    </>
  )
}

const pages = (delays = NO_WAIT) => [
  { path: '/plan-upgrade/callback', element: <PaymentCallbackScreen delays={delays} /> },
  { path: '/plan-upgrade/success', element: <PaymentSuccessScreen delays={delays} /> },
  { path: '/plan-upgrade/failure', element: <PaymentFailureScreen supportEmail="support@tfmmatrimony.in" /> },
]

/** GET profile: free before the grant, on TFM-CLASSIC after it. */
function profileServer(state: { paid: boolean }) {
  return (c: SeenCall) => (c.method === 'GET' && c.path === 'profile' ? ok(memberAccount(state.paid ? classicProfile() : {}).account.profile) : undefined)
}

describe('the payment callback', () => {
  it('posts the three razorpay_* fields, goes on to the success page, and the header’s plan summary refreshes at once', async () => {
    const state = { paid: false }
    const hold = deferred()
    const calls = fakeServer(profileServer(state), async (c) => {
      if (c.method === 'POST' && c.path === 'payment/TFM-7K3M9Q2X') {
        await hold.promise
        state.paid = true
        return ok(order())
      }
      return undefined
    })
    const { router } = renderRoutes(
      pages().map((r) => ({ ...r, element: <Shell>{r.element}</Shell> })),
      `/plan-upgrade/callback?order=TFM-7K3M9Q2X&${PROOF}`,
      memberAccount(),
    )
    expect(await screen.findByTestId('plan-summary')).toHaveTextContent('Free member')
    expect(screen.getByText('Confirming your payment…')).toBeInTheDocument()
    hold.release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-upgrade/success'))
    expect(router.state.location.search).toBe('?order=TFM-7K3M9Q2X')
    expect(calls.filter((c) => c.path === 'payment/TFM-7K3M9Q2X' && c.method === 'POST').map((c) => c.body)).toEqual([
      { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_T1', razorpay_signature: 'sig_1' },
    ])
    // The summary shows the plan without a reload: the confirmation invalidated GET profile.
    await waitFor(() => expect(screen.getByTestId('plan-summary')).toHaveTextContent('TFM-CLASSIC'))
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('Valid till 27-02-2027')
    expect(calls.filter((c) => c.path === 'profile').length).toBeGreaterThanOrEqual(2)
    // The success page shows the confirmed order at once, without asking for it again.
    expect(await screen.findByTestId('payment-success')).toHaveTextContent('TFM-CLASSIC')
    expect(calls.some((c) => c.method === 'GET' && c.path === 'payment/TFM-7K3M9Q2X')).toBe(false)
  })

  it('shows "Confirming your payment…" while it waits', async () => {
    fakeServer(() => new Promise<Response>(() => {}))
    renderRoutes(pages(), `/plan-upgrade/callback?order=TFM-7K3M9Q2X&${PROOF}`, memberAccount())
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument()
    expect(screen.getByText('TFM-7K3M9Q2X')).toBeInTheDocument()
  })

  it('goes to the failure page for a cancel and for a failed payment, with the bank’s words', async () => {
    fakeServer((c) => (c.path === 'payment/TFM-7K3M9Q2X' ? ok(order({ status: 'failed', paidAt: null, invoice: null })) : undefined))
    const a = renderRoutes(pages(), '/plan-upgrade/callback?order=TFM-7K3M9Q2X&error=cancelled', memberAccount())
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/plan-upgrade/failure'))
    expect(Object.fromEntries(new URLSearchParams(a.router.state.location.search))).toEqual({ order: 'TFM-7K3M9Q2X', reason: 'cancelled' })
    a.router.dispose()
    document.body.innerHTML = ''
    const b = renderRoutes(pages(), '/plan-upgrade/callback?order=TFM-7K3M9Q2X&error=payment_failed&error_description=Card%20declined', memberAccount())
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/plan-upgrade/failure'))
    expect(Object.fromEntries(new URLSearchParams(b.router.state.location.search))).toEqual({ order: 'TFM-7K3M9Q2X', reason: 'failed', detail: 'Card declined' })
  })

  it('does not claim failure when the confirmation fails: it looks at the order, and the webhook’s grant counts', async () => {
    let looks = 0
    const calls = fakeServer((c) => {
      if (c.method === 'POST' && c.path === 'payment/TFM-7K3M9Q2X') return fail(400, 'We could not verify this payment.')
      if (c.method === 'GET' && c.path === 'payment/TFM-7K3M9Q2X') return ok(++looks < 3 ? order({ status: 'created', paidAt: null, invoice: null }) : order())
      return undefined
    })
    const { router } = renderRoutes(pages(), `/plan-upgrade/callback?order=TFM-7K3M9Q2X&${PROOF}`, memberAccount())
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-upgrade/success'))
    expect(looks).toBeGreaterThanOrEqual(3)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    expect(await screen.findByTestId('payment-success')).toBeInTheDocument()
  })

  it('shows the failure page with what happens to the money when the order stays unconfirmed', async () => {
    fakeServer((c) => {
      if (c.method === 'POST' && c.path === 'payment/TFM-7K3M9Q2X') return fail(400, 'We could not verify this payment.')
      if (c.method === 'GET' && c.path === 'payment/TFM-7K3M9Q2X') return ok(order({ status: 'created', paidAt: null, invoice: null }))
      return undefined
    })
    const { router } = renderRoutes(pages(), `/plan-upgrade/callback?order=TFM-7K3M9Q2X&${PROOF}`, memberAccount())
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-upgrade/failure'))
    expect(router.state.location.search).toBe('?order=TFM-7K3M9Q2X&reason=unconfirmed')
    const page = await screen.findByTestId('payment-failure')
    expect(page).toHaveTextContent(
      'If money was taken from your account, it will be confirmed or refunded automatically within 7 days — write to support with your order ID',
    )
  })
})

describe('the success page', () => {
  it('reads the order (so a reload works): the plan, valid till, contact views, order ID and amount, with the ways on', async () => {
    fakeServer((c) => (c.path === 'payment/TFM-7K3M9Q2X' ? ok(order({ coupon: 'WELCOME10', discountPaise: 39_900, amountPaise: 360_000 })) : undefined))
    renderRoutes(pages(), '/plan-upgrade/success?order=TFM-7K3M9Q2X', memberAccount(classicProfile()))
    const page = await screen.findByTestId('payment-success')
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeInTheDocument()
    expect(page).toHaveTextContent('TFM-CLASSIC (3 months)')
    expect(within(page).getByTestId('valid-till')).toHaveTextContent('27-02-2027')
    expect(page).toHaveTextContent('12 contact views to use')
    expect(within(page).getByTestId('order-id')).toHaveTextContent('TFM-7K3M9Q2X')
    expect(page).toHaveTextContent('₹3,600 (coupon WELCOME10 saved ₹399)')
    expect(within(page).getByRole('button', { name: 'Download invoice' })).toBeInTheDocument()
    expect(within(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-matrimony/orders')
    expect(within(page).getByRole('link', { name: 'Find matches' })).toHaveAttribute('href', '/matches/my-matches')
  })

  it('waits for the bank while the order is still "created", then shows it paid', async () => {
    let looks = 0
    fakeServer((c) => (c.path === 'payment/TFM-7K3M9Q2X' ? ok(++looks < 2 ? order({ status: 'created', paidAt: null, invoice: null }) : order()) : undefined))
    renderRoutes(
      [{ path: '/plan-upgrade/success', element: <PaymentSuccessScreen delays={[50, 50]} /> }],
      '/plan-upgrade/success?order=TFM-7K3M9Q2X',
      memberAccount(),
    )
    expect(await screen.findByText('We are confirming your payment with the bank')).toBeInTheDocument()
    expect(await screen.findByTestId('payment-success')).toBeInTheDocument()
  })

  it('says the bank has not confirmed yet after a few looks, with "Check again"', async () => {
    const user = userEvent.setup()
    let looks = 0
    fakeServer((c) => (c.path === 'payment/TFM-7K3M9Q2X' ? ok(++looks < 5 ? order({ status: 'created', paidAt: null, invoice: null }) : order()) : undefined))
    renderRoutes(pages([0, 0]), '/plan-upgrade/success?order=TFM-7K3M9Q2X', memberAccount())
    expect(await screen.findByText('The bank has not confirmed your payment yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(await screen.findByTestId('payment-success')).toBeInTheDocument()
  })

  it('downloads the invoice with the member’s token, saved under the server’s file name', async () => {
    const user = userEvent.setup()
    const seen: { url: string; auth: string | null }[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      const auth = input instanceof Request ? input.headers.get('Authorization') : new Headers(init?.headers).get('Authorization')
      seen.push({ url, auth })
      if (url.endsWith('/api/v1/payment/TFM-7K3M9Q2X')) return ok(order())
      if (url.endsWith('/api/v1/generate/invoice/TFM-7K3M9Q2X'))
        return new Response('%PDF-1.7 invoice', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="TFM-26-27-000001.pdf"' } })
      throw new Error('unexpected ' + url)
    })
    const saved: { name: string; blob: Blob }[] = []
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls.at(-1)![0] })
    })
    const account = memberAccount()
    renderRoutes(pages(), '/plan-upgrade/success?order=TFM-7K3M9Q2X', account)
    localStorage.setItem('token', account.account.token!)
    await user.click(await screen.findByRole('button', { name: 'Download invoice' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0].name).toBe('TFM-26-27-000001.pdf')
    expect(await saved[0].blob.text()).toBe('%PDF-1.7 invoice')
    expect(seen.find((s) => s.url.includes('generate/invoice'))?.auth).toBe(`Bearer ${account.account.token}`)
  })
})

describe('the failure page', () => {
  const render = (search: string, o = order({ status: 'failed', paidAt: null, invoice: null, failureReason: 'Payment declined by the bank' })) => {
    fakeServer((c) => (c.path === 'payment/TFM-7K3M9Q2X' ? ok(o) : undefined))
    return renderRoutes(pages(), `/plan-upgrade/failure?${search}`, memberAccount())
  }

  it('says a cancel took no money, with Try again for the same plan and the support e-mail', async () => {
    render('order=TFM-7K3M9Q2X&reason=cancelled', order({ status: 'created', paidAt: null, invoice: null }))
    const page = await screen.findByTestId('payment-failure')
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeInTheDocument()
    expect(page).toHaveTextContent('No plan was added and no money was taken.')
    expect(page).not.toHaveTextContent('refunded')
    await waitFor(() => expect(within(page).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/plan-upgrade?plan=TFM-CLASSIC'))
    expect(within(page).getByRole('link', { name: 'support@tfmmatrimony.in' })).toHaveAttribute('href', 'mailto:support@tfmmatrimony.in?subject=Payment%20TFM-7K3M9Q2X')
  })

  it('says why a payment failed: the bank’s words from the address, else the order’s reason', async () => {
    render('order=TFM-7K3M9Q2X&reason=failed&detail=Card%20declined')
    const page = await screen.findByTestId('payment-failure')
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument()
    expect(within(page).getByTestId('failure-reason')).toHaveTextContent('Reason: Card declined')
    document.body.innerHTML = ''
    render('order=TFM-7K3M9Q2X&reason=failed')
    await waitFor(() => expect(screen.getByTestId('failure-reason')).toHaveTextContent('Reason: Payment declined by the bank'))
  })

  it('goes to the success page when the order turns out paid', async () => {
    const { router } = render('order=TFM-7K3M9Q2X&reason=unconfirmed', order())
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-upgrade/success'))
  })
})
