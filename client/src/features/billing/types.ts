/** A plan as GET plans returns it: the free tier first (free: true, months 0, price 0), then the paid plans in display order. */
export interface Plan {
  id: number
  name: string
  free: boolean
  months: number
  /** Whole rupees, GST included. */
  priceInr: number
  contactViews: number
  startChats: boolean
  profileHighlight: boolean
  prioritySupport: boolean
  dailyInvitations: number
  /** GST in percent (18). */
  gstRate: number
}

/** What buying now does to a running plan: its end moves from currentExpiresAt to newExpiresAt, with the unused views carried. */
export interface Renewal {
  currentPlan: string
  currentExpiresAt: string
  newExpiresAt: string
  carriedContactViews: number
}

/**
 * The price of a plan before paying (POST plans/quote, coupon/isValid): every amount in paise. A member with a
 * state gets CGST + SGST (same state as the seller) or IGST; a visitor only gstPaise.
 */
export interface Quote {
  plan: string
  planId: number
  months: number
  contactViews: number
  /** "" when none; upper case. */
  coupon: string
  /** "10% off", "₹500 off", "". */
  couponLabel: string
  listPricePaise: number
  discountPaise: number
  totalPaise: number
  taxablePaise: number
  gstRate: number
  gstPaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  renewal: Renewal | null
  /** The new plan's last day if bought now. */
  validUntil: string
}

/** How an order stands (spec: created, paid, failed, refunded, disputed, expired). */
export type OrderStatus = 'created' | 'paid' | 'failed' | 'refunded' | 'disputed' | 'expired'

/** An order: what a member set out to buy and how it went. id ("TFM-7K3M9Q2X") is the order ID members see. */
export interface Order {
  id: string
  plan: string
  months: number
  contactViews: number
  status: OrderStatus
  listPricePaise: number
  discountPaise: number
  amountPaise: number
  currency: 'INR'
  coupon: string
  createdAt: string
  paidAt: string | null
  paymentId: string
  method: string
  failureReason: string
  invoice: { number: string; issuedAt: string } | null
  validFrom: string | null
  validUntil: string | null
}

/** The buyer's details the payment window starts with. */
export interface Prefill {
  name: string
  email: string
  contact: string
}

/** POST create-payment: the order and what the payment window needs (gateway "test" opens checkoutUrl instead). */
export interface Checkout {
  order: Order
  gateway: 'razorpay' | 'test'
  keyId: string
  gatewayOrderId: string
  amountPaise: number
  currency: 'INR'
  merchantName: string
  description: string
  prefill: Prefill
  checkoutUrl: string
}

/** A page of POST payment/filter, newest first. */
export interface OrderPage {
  items: Order[]
  total: number
}

/** The three fields Razorpay's handler hands back on a successful payment, posted to payment/{orderId} as they are. */
export interface RazorpayProof {
  razorpay_payment_id: string
  razorpay_order_id: string
  razorpay_signature: string
}
