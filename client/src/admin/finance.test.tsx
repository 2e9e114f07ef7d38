import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { AdminCoupon, AdminOrder, AdminPlan } from './types'
import { couponState, discountWords, toCouponInput, validateCoupon } from './finance/CouponsScreen'
import { adminWith, clearAdminSession, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  clearAdminSession()
})

const plan = (id: number, name: string, priceInr: number, free = false): AdminPlan => ({
  id,
  name,
  free,
  months: free ? 0 : 3,
  priceInr,
  contactViews: free ? 0 : 50,
  startChats: !free,
  profileHighlight: false,
  prioritySupport: false,
  dailyInvitations: free ? 5 : 50,
  gstRate: 18,
  active: true,
  sort: id,
})
const plans = { items: [plan(1, 'FREE', 0, true), plan(2, 'TFM-CLASSIC', 3999)] }

const coupon: AdminCoupon = {
  id: 9,
  code: 'WELCOME10',
  description: 'New members',
  kind: 'percent',
  value: 10,
  plan: null,
  validFrom: '2025-12-31T18:30:00Z',
  validUntil: '2027-01-01T18:30:00Z',
  maxUses: 500,
  usedCount: 37,
  active: true,
}

describe('coupons', () => {
  it('checks a new coupon (percent 1–100, dates in order) before creating it with the window in India days', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('finance')),
      on('GET', 'coupons', () => okData({ items: [coupon], total: 1 })),
      on('GET', 'plans', () => okData(plans)),
      on('POST', 'coupons', (c) => okData({ ...coupon, ...c.body, id: 10, usedCount: 0, active: true })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/finance/coupons')
    const row = (await screen.findByText('WELCOME10')).closest('tr')!
    expect(row).toHaveTextContent('10% off')
    expect(row).toHaveTextContent('01-01-2026 to 01-01-2027')
    expect(row).toHaveTextContent('37 of 500')

    await user.click(screen.getByRole('button', { name: 'New coupon' }))
    const form = screen.getByRole('form', { name: 'New coupon' })
    await user.type(within(form).getByLabelText(/^Code/), 'monsoon25')
    await user.type(within(form).getByLabelText(/^Percent off/), '150')
    await user.type(within(form).getByLabelText(/^First day/), '2026-06-30')
    await user.type(within(form).getByLabelText(/^Last day/), '2026-06-01')
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }))
    expect(within(form).getByText('A percent discount is from 1 to 100')).toBeInTheDocument()
    expect(within(form).getByText('The last day must be on or after the first day')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await user.clear(within(form).getByLabelText(/^Percent off/))
    await user.type(within(form).getByLabelText(/^Percent off/), '25')
    await user.clear(within(form).getByLabelText(/^Last day/))
    await user.type(within(form).getByLabelText(/^Last day/), '2026-07-31')
    await user.selectOptions(within(form).getByLabelText(/^Plan/), 'TFM-CLASSIC')
    await user.clear(within(form).getByLabelText(/^Most uses/))
    await user.type(within(form).getByLabelText(/^Most uses/), '100')
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'MONSOON25',
      description: '',
      kind: 'percent',
      value: 25,
      plan: 'TFM-CLASSIC',
      validFrom: '2026-06-29T18:30:00Z',
      validUntil: '2026-07-31T18:30:00Z',
      maxUses: 100,
    })
  })

  it('pauses a coupon after a confirmation', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('finance')), on('GET', 'coupons', () => okData({ items: [coupon], total: 1 })), on('POST', 'coupons/9/pause', () => okData(null)))
    const user = userEvent.setup()
    renderAdmin('/admin/finance/coupons')
    await user.click(await screen.findByRole('button', { name: 'Pause WELCOME10' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Pause WELCOME10?' })
    expect(dialog).toHaveTextContent('Members can no longer apply it at checkout.')
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'coupons/9/pause')).toBe(true))
  })
})

describe('coupon rules', () => {
  const base = { code: 'FLAT500', description: '', kind: 'flat', value: '500', plan: '', validFrom: '2026-01-01', validUntil: '2026-01-01', maxUses: '0' }
  it('takes a flat amount in rupees and a one-day window', () => {
    expect(Object.values(validateCoupon(base)).filter(Boolean)).toEqual([])
    expect(validateCoupon({ ...base, value: '0' }).value).toBe('Enter the rupees off, 1 or more')
    expect(validateCoupon({ ...base, kind: 'percent', value: '0' }).value).toBe('A percent discount is from 1 to 100')
    expect(validateCoupon({ ...base, kind: 'percent', value: '100' }).value).toBeUndefined()
    expect(validateCoupon({ ...base, code: 'A' }).code).toBe('Use 2 to 32 capital letters, digits, hyphens or underscores')
    expect(validateCoupon({ ...base, maxUses: '-1' }).maxUses).toBe('Enter a whole number (0 for no limit)')
    expect(toCouponInput(base)).toMatchObject({ kind: 'flat', value: 500, plan: null, validFrom: '2025-12-31T18:30:00Z', validUntil: '2026-01-01T18:30:00Z' })
    expect(discountWords({ kind: 'flat', value: 500 })).toBe('₹500 off')
  })
})

const order: AdminOrder = {
  id: 'TFM-7K3M9Q2X',
  plan: 'TFM-CLASSIC',
  months: 3,
  contactViews: 50,
  status: 'paid',
  listPricePaise: 399900,
  discountPaise: 39900,
  amountPaise: 360000,
  currency: 'INR',
  coupon: 'WELCOME10',
  createdAt: '2026-04-01T05:00:00Z',
  paidAt: '2026-04-01T05:02:00Z',
  paymentId: 'pay_1',
  method: 'upi',
  failureReason: '',
  invoice: { number: 'TFM/26-27/000001', issuedAt: '2026-04-01T05:02:00Z' },
  validFrom: '2026-04-01T05:02:00Z',
  validUntil: '2026-07-01T05:02:00Z',
  member: { profileId: 'TFM100', name: 'Anna Joseph' },
  gateway: 'razorpay',
  gatewayOrderId: 'order_abc',
  payments: [{ id: 'pay_1', status: 'captured', amountPaise: 360000, refundedPaise: 100000, method: 'upi', createdAt: '2026-04-01T05:02:00Z' }],
}

describe('orders', () => {
  it('filters by status, dates and search, shows payments with refunds, and downloads the invoice under its Content-Disposition name', async () => {
    const saved: { name: string; href: string }[] = []
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href })
    })
    const calls = fakeAdminServer(
      meHandler(adminWith('finance')),
      on('GET', 'orders', () => okData({ items: [order], total: 1 })),
      on('GET', 'orders/TFM-7K3M9Q2X/invoice', () => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="TFM/26-27/000001.pdf"' } })),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/finance/orders')
    expect(await screen.findByText('Anna Joseph (TFM100)')).toBeInTheDocument()
    expect(screen.getByText('₹3,600')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Status'), 'paid')
    await user.type(screen.getByLabelText('From'), '2026-04-01')
    await user.type(screen.getByLabelText('To'), '2026-04-30')
    await user.type(screen.getByLabelText('Order ID, payment ID or profile ID'), 'TFM100')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'orders').at(-1)?.query).toEqual({ status: 'paid', q: 'TFM100', from: '2026-04-01', to: '2026-04-30', skip: '0', limit: '20' }))

    await user.click(await screen.findByRole('button', { name: 'Details of TFM-7K3M9Q2X' }))
    expect(screen.getByText('₹1,000')).toBeInTheDocument()
    expect(screen.getByText('order_abc')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Download the invoice of TFM-7K3M9Q2X' }))
    await waitFor(() => expect(saved).toEqual([{ name: 'TFM-26-27-000001.pdf', href: 'blob:invoice' }]))
    expect(calls.find((c) => c.path.endsWith('/invoice'))?.auth).toBe('Bearer session-token')
  })
})

describe('plans', () => {
  it('edits a plan inline and saves after a confirmation', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('finance')), on('GET', 'plans', () => okData(plans)), on('PUT', 'plans/2', () => okData(plans.items[1])))
    const user = userEvent.setup()
    renderAdmin('/admin/finance/plans')
    await user.click(await screen.findByRole('button', { name: 'Edit TFM-CLASSIC' }))
    const form = screen.getByRole('form', { name: 'Edit TFM-CLASSIC' })
    const price = within(form).getByLabelText('Price (₹, GST included)')
    await user.clear(price)
    await user.type(price, '4,299')
    await user.click(within(form).getByRole('button', { name: 'Save TFM-CLASSIC' }))
    expect(within(form).getByText('Enter the price as a whole number')).toBeInTheDocument()
    await user.clear(price)
    await user.type(price, '4299')
    await user.click(within(form).getByRole('button', { name: 'Save TFM-CLASSIC' }))
    await user.click(within(screen.getByRole('alertdialog', { name: 'Save TFM-CLASSIC?' })).getByRole('button', { name: 'Save plan' }))
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        priceInr: 4299,
        months: 3,
        contactViews: 50,
        dailyInvitations: 50,
        startChats: true,
        profileHighlight: false,
        prioritySupport: false,
        active: true,
      }),
    )
  })
})

describe('couponState', () => {
  const now = Date.parse('2026-11-28T10:00:00Z')
  const window = { validFrom: '2026-11-01T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' }
  it('tells paused, not started, ended and active coupons apart', () => {
    expect(couponState({ ...window, active: false }, now)).toBe('paused')
    expect(couponState({ ...window, active: true, validFrom: '2026-12-01T00:00:00Z', validUntil: '2026-12-31T00:00:00Z' }, now)).toBe('scheduled')
    expect(couponState({ ...window, active: true, validUntil: '2026-11-05T00:00:00Z' }, now)).toBe('expired')
    expect(couponState({ ...window, active: true }, now)).toBe('active')
  })
})
