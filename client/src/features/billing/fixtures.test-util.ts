import type { AccountState, MemberProfile } from '../../entities/account'
import { fakeJwt } from '../../test/utils'
import type { Checkout, Order, Plan, Quote } from './types'

const plan = (id: number, name: string, months: number, priceInr: number, contactViews: number, extra: Partial<Plan> = {}): Plan => ({
  id,
  name,
  free: false,
  months,
  priceInr,
  contactViews,
  startChats: true,
  profileHighlight: false,
  prioritySupport: false,
  dailyInvitations: 50,
  gstRate: 18,
  ...extra,
})

/** GET plans as the seed has it: the free tier first, then the four paid plans. */
export const PLANS: Plan[] = [
  plan(1, 'Free', 0, 0, 0, { free: true, startChats: false, dailyInvitations: 10 }),
  plan(2, 'TFM-EXECUTIVE', 3, 2499, 25),
  plan(3, 'TFM-CLASSIC', 3, 3999, 50),
  plan(4, 'TFM-PREMIUM', 6, 6999, 120, { profileHighlight: true }),
  plan(5, 'TFM-SUPREME', 12, 11999, 300, { profileHighlight: true, prioritySupport: true }),
]

/** A quote of a plan for a member in the seller's state (CGST + SGST), with the coupon's discount when given. */
export function quote(name = 'TFM-CLASSIC', over: Partial<Quote> = {}): Quote {
  const p = PLANS.find((x) => x.name === name)!
  const list = p.priceInr * 100
  const discount = over.discountPaise ?? 0
  const total = list - discount
  const taxable = Math.round(total / 1.18)
  const gst = total - taxable
  return {
    plan: p.name,
    planId: p.id,
    months: p.months,
    contactViews: p.contactViews,
    coupon: '',
    couponLabel: '',
    listPricePaise: list,
    discountPaise: discount,
    totalPaise: total,
    taxablePaise: taxable,
    gstRate: 18,
    gstPaise: gst,
    cgstPaise: Math.floor(gst / 2),
    sgstPaise: gst - Math.floor(gst / 2),
    igstPaise: 0,
    renewal: null,
    validUntil: '2027-02-27T18:29:59Z',
    ...over,
  }
}

/** An order of TFM-CLASSIC, paid unless over says otherwise. */
export function order(over: Partial<Order> = {}): Order {
  return {
    id: 'TFM-7K3M9Q2X',
    plan: 'TFM-CLASSIC',
    months: 3,
    contactViews: 50,
    status: 'paid',
    listPricePaise: 399_900,
    discountPaise: 0,
    amountPaise: 399_900,
    currency: 'INR',
    coupon: '',
    createdAt: '2026-11-27T06:00:00Z',
    paidAt: '2026-11-27T06:02:00Z',
    paymentId: 'pay_1',
    method: 'upi',
    failureReason: '',
    invoice: { number: 'TFM/26-27/000001', issuedAt: '2026-11-27T06:02:00Z' },
    validFrom: '2026-11-27T06:02:00Z',
    validUntil: '2027-02-27T06:02:00Z',
    ...over,
  }
}

/** create-payment's answer for an order, through the test gateway unless over says otherwise. */
export function checkout(over: Partial<Checkout> = {}): Checkout {
  return {
    order: order({ status: 'created', paidAt: null, invoice: null, validFrom: null, validUntil: null }),
    gateway: 'test',
    keyId: '',
    gatewayOrderId: 'order_T1',
    amountPaise: 399_900,
    currency: 'INR',
    merchantName: 'TFM Matrimony',
    description: 'TFM-CLASSIC · 3 months',
    prefill: { name: 'Anna Mathew', email: 'anna@example.in', contact: '+919876543210' },
    checkoutUrl: '/dev/checkout/TFM-7K3M9Q2X',
    ...over,
  }
}

/** A signed-in member's account state: a free bride unless over gives her a plan (subscription and entitlements). */
export function memberAccount(over: Partial<MemberProfile> = {}): { account: AccountState } {
  const token = fakeJwt({ pid: 'TM4821937', sub: '7', exp: 4_102_444_800 })
  const profile: MemberProfile = {
    profileID: 'TM4821937',
    userName: 'Anna Mathew',
    gender: 20,
    basic: { gender: 20 },
    photos: [],
    completedSteps: 30,
    hidden: false,
    emailVerified: true,
    phoneVerified: true,
    subscription: null,
    prevContactViewPending: 0,
    entitlements: {
      paid: false,
      planName: 'Free',
      expiresAt: null,
      contactViewsLeft: 0,
      contactViewsTotal: 0,
      contactViewsUsed: 0,
      prevContactViewPending: 0,
      dailyInvitations: 10,
      startChats: false,
      profileHighlight: false,
      prioritySupport: false,
    },
    ...over,
  }
  return { account: { isLoggedIn: true, token, authUser: { profileID: 'TM4821937' }, profile, reloadProfile: false, tokenAction: false, reloadMatches: false } }
}

/** The profile of a member on TFM-CLASSIC till 27-02-2027 with 12 of 50 contact views left. */
export function classicProfile(): Partial<MemberProfile> {
  return {
    subscription: { planName: 'TFM-CLASSIC', expiresAt: '2027-02-27T06:00:00Z' },
    entitlements: {
      paid: true,
      planName: 'TFM-CLASSIC',
      expiresAt: '2027-02-27T06:00:00Z',
      contactViewsLeft: 12,
      contactViewsTotal: 50,
      contactViewsUsed: 38,
      prevContactViewPending: 0,
      dailyInvitations: 50,
      startChats: true,
      profileHighlight: false,
      prioritySupport: false,
    },
  }
}
