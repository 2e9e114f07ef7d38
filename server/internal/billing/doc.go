// Package billing owns what a member pays for and what that grants
// (product.md "Plans"; issue 19): the plans (the free tier is a plan row
// too), subscriptions, entitlements, coupons, orders, payments, invoices and
// the contact views a plan includes. Other areas ask it one question —
// Entitlements(ctx, member) — instead of reading subscriptions themselves,
// and the numbers come from the plan rows, so an admin's edit shows and
// applies everywhere at once.
//
// # Paying (Razorpay's order flow)
//
//  1. create-payment prices the plan on the server (list price, coupon,
//     GST included), stores an order (status created), holds a coupon use,
//     and asks the gateway for its order. The amount never comes from the
//     client.
//  2. The member pays in the gateway's checkout. Its handler hands the
//     browser razorpay_payment_id, razorpay_order_id and razorpay_signature,
//     which the client posts to payment/{id}; the signature is
//     HMAC-SHA256(key_secret, order_id|payment_id), checked in constant time.
//  3. The gateway's webhook (payment.captured, order.paid) arrives on its
//     own, signed over the raw body with the webhook secret. It is the
//     source of truth when the browser never comes back.
//
// Whichever of the callback, the webhook and their retries comes first
// grants the plan; the grant is one conditional UPDATE of the order
// (created|failed|expired → paid), so it happens exactly once, and the
// subscription, the payment row, the invoice number and the member's
// notification commit in the same transaction. Webhook event ids are kept
// so a redelivery does nothing, and every effect is idempotent besides.
//
// # Orders
//
//	created ──callback or webhook──▶ paid ──refund.processed (full)──▶ refunded
//	   │  ▲                            │ └─dispute.created─▶ disputed ─won/closed─▶ paid
//	   │  └──(a retry on the same order succeeds)           └───────────lost──────▶ refunded
//	   ├──payment.failed──▶ failed (may still be paid on a retry)
//	   └──2 hours unpaid──▶ expired (the coupon use is released; a late payment still counts)
//
// # Subscriptions
//
// Buying while a plan runs is a renewal: the new subscription starts now
// with the new plan's features, ends the current one's remaining days plus
// its own months later, and carries the unused contact views forward as
// prevContactViewPending; the old row becomes "renewed". A refund or a lost
// dispute ends the subscription the order bought (and brings back the one it
// renewed, if that would still run); a dispute puts it on hold until it is
// won. A contact viewed since the start of the unbroken paid period
// (period_start, carried by renewals) is shown again without cost.
//
// # Invoices
//
// A paid order gets a GST tax invoice: prices include 18 % GST, split into
// CGST and SGST when the buyer's state is the seller's and IGST otherwise,
// numbered PREFIX/YY-YY/NNNNNN without gaps per Indian financial year (the
// counter is taken in the grant's transaction). Deleting an account keeps
// orders, payments and invoices, as tax law requires, with the buyer's name,
// e-mail and phone blanked.
package billing
