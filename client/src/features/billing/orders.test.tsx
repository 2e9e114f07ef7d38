import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { fakeServer } from '../../test/fakeServer'
import { fail, jsonResponse, ok, renderRoutes } from '../../test/utils'
import { memberAccount, order } from './fixtures.test-util'
import OrdersScreen from './OrdersScreen'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => vi.restoreAllMocks())

const renderOrders = (entry = '/my-matrimony/orders') => renderRoutes([{ path: '/my-matrimony/orders', element: <OrdersScreen /> }], entry, memberAccount())

/** One order of each status, newest first. */
const ALL = [
  order({ id: 'TFM-PAID0001', coupon: 'WELCOME10', discountPaise: 39_900, amountPaise: 360_000 }),
  order({ id: 'TFM-WAIT0002', status: 'created', paidAt: null, invoice: null, validFrom: null, validUntil: null }),
  order({ id: 'TFM-FAIL0003', plan: 'TFM-PREMIUM', months: 6, status: 'failed', paidAt: null, invoice: null, validFrom: null, validUntil: null, failureReason: 'Card declined', amountPaise: 699_900 }),
  order({ id: 'TFM-REFD0004', status: 'refunded' }),
  order({ id: 'TFM-HOLD0005', status: 'disputed' }),
  order({ id: 'TFM-GONE0006', plan: 'TFM-SUPREME', status: 'expired', paidAt: null, invoice: null, validFrom: null, validUntil: null, amountPaise: 1_199_900 }),
]

describe('My Orders', () => {
  it('shows each order as a card: status in plain words, plan, amount in rupees, order ID, dates, coupon and validity', async () => {
    const calls = fakeServer((c) => (c.path === 'payment/filter' ? ok({ items: ALL, total: ALL.length }) : undefined))
    renderOrders()
    const cards = await screen.findAllByTestId('order-card')
    expect(cards.map((c) => within(c).getByTestId('order-status').textContent)).toEqual(['Paid', 'Awaiting payment', 'Failed', 'Refunded', 'On hold (disputed)', 'Not completed'])
    const paid = cards[0]
    expect(paid).toHaveTextContent('₹3,600')
    expect(paid).toHaveTextContent('TFM-CLASSIC · 3 months')
    expect(paid).toHaveTextContent('Order IDTFM-PAID0001')
    expect(paid).toHaveTextContent('Ordered on27-11-2026')
    expect(paid).toHaveTextContent('CouponWELCOME10 (−₹399)')
    expect(paid).toHaveTextContent('Valid27-11-2026 to 27-02-2027 · 50 contact views')
    expect(within(paid).getByRole('button', { name: 'Download invoice of order TFM-PAID0001' })).toBeInTheDocument()
    expect(within(paid).queryByRole('link', { name: /Pay again/ })).toBeNull()
    expect(cards[2]).toHaveTextContent('ReasonCard declined')
    expect(within(cards[2]).getByRole('link', { name: 'Pay again for TFM-PREMIUM' })).toHaveAttribute('href', '/plan-upgrade?plan=TFM-PREMIUM')
    expect(within(cards[5]).getByRole('link', { name: 'Pay again for TFM-SUPREME' })).toHaveAttribute('href', '/plan-upgrade?plan=TFM-SUPREME')
    expect(cards[5]).toHaveTextContent('₹11,999')
    expect(within(cards[1]).queryByRole('button')).toBeNull()
    expect(calls.map((c) => c.body)).toEqual([{ skip: 0, limit: 10 }])
  })

  it('pages ten at a time with ?page=', async () => {
    const calls = fakeServer((c) => (c.path === 'payment/filter' ? ok({ items: [order({ id: 'TFM-PAGE0011' })], total: 11 }) : undefined))
    renderOrders('/my-matrimony/orders?page=2')
    expect(await screen.findByText('11 orders')).toBeInTheDocument()
    expect(calls.map((c) => c.body)).toEqual([{ skip: 10, limit: 10 }])
    const pages = screen.getByRole('navigation', { name: 'Order pages' })
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/my-matrimony/orders')
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })

  it('says there are none yet, with the way to the plans', async () => {
    fakeServer((c) => (c.path === 'payment/filter' ? ok({ items: [], total: 0 }) : undefined))
    renderOrders()
    expect(await screen.findByText('You have not bought a plan yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans')
  })

  it('shows placeholders while loading, and an error with a retry', async () => {
    const user = userEvent.setup()
    let n = 0
    fakeServer((c) => (c.path === 'payment/filter' ? (n++ === 0 ? fail(500, 'Something went wrong') : ok({ items: [order()], total: 1 })) : undefined))
    renderOrders()
    expect(screen.getByLabelText('Loading')).toBeInTheDocument()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('1 order')).toBeInTheDocument()
  })

  it('downloads an invoice as a file named as the server says, and says so when it cannot', async () => {
    const user = userEvent.setup()
    let invoices = 0
    fakeServer((c) => {
      if (c.path === 'payment/filter') return ok({ items: [order()], total: 1 })
      if (c.path === 'generate/invoice/TFM-7K3M9Q2X')
        return ++invoices === 1
          ? jsonResponse({ meta: { code: 404, message: 'No invoice for this order' }, data: null }, 404)
          : new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename*=UTF-8''TFM%2F26-27%2F000001.pdf" } })
      return undefined
    })
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() })
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    renderOrders()
    const button = await screen.findByRole('button', { name: 'Download invoice of order TFM-7K3M9Q2X' })
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent('No invoice for this order')
    await user.click(button)
    await waitFor(() => expect(names).toEqual(['TFM-26-27-000001.pdf']))
    expect(screen.queryByRole('alert')).toBeNull()
    const blob = (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls[0][0]
    expect(await blob.text()).toBe('%PDF-1.7')
  })
})
