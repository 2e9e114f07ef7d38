// Package razorpay is the payment gateway adapter that billing's Gateway
// interface is written against: Client talks to Razorpay, TestGateway
// stands in for it in development and tests.
//
// It implements Razorpay's Standard Checkout flow with Orders:
//
//  1. The server creates an order (POST /v1/orders) for the plan's price in
//     paise, with our own reference as the receipt, and keeps the order id.
//  2. The browser opens Checkout (checkout.js) with the public key id and
//     that order id; the member pays there, never on our pages.
//  3. Checkout's handler returns razorpay_payment_id, razorpay_order_id and
//     razorpay_signature; the server verifies the signature,
//     hex(HMAC-SHA256(key_secret, order_id + "|" + payment_id)), against the
//     order id it created, never one the browser names.
//  4. Razorpay also POSTs webhooks (payment.captured, order.paid, refunds,
//     disputes), signed with X-Razorpay-Signature over the raw body with the
//     webhook secret. Webhooks are the source of truth: the browser may close
//     before step 3, so a plan must be granted by whichever of the callback
//     and the webhook arrives first, exactly once. Razorpay retries a webhook
//     until it gets a 2xx, with the same X-Razorpay-Event-Id, so receivers
//     deduplicate on that header.
//
// TestGateway exists only outside production, as billing's wiring decides:
// it keeps orders in memory, serves its own checkout page under BasePath and
// delivers signed webhooks in process, with the same signature code as the
// real gateway, so the whole flow can be exercised without network or money.
package razorpay
