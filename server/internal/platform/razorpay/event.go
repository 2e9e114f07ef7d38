package razorpay

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Webhook event names billing subscribes to, as Razorpay spells them.
const (
	EventPaymentAuthorized = "payment.authorized"      // a payment was authorised; not yet money in hand
	EventPaymentCaptured   = "payment.captured"        // a payment was captured: the money is ours
	EventPaymentFailed     = "payment.failed"          // a payment attempt failed; the order stays payable
	EventOrderPaid         = "order.paid"              // the order is paid; carries the payment and the order
	EventRefundCreated     = "refund.created"          // a refund was initiated
	EventRefundProcessed   = "refund.processed"        // a refund reached the customer's bank
	EventRefundFailed      = "refund.failed"           // a refund could not be processed
	EventDisputeCreated    = "payment.dispute.created" // the issuing bank raised a dispute (chargeback)
	EventDisputeWon        = "payment.dispute.won"     // we won the dispute
	EventDisputeLost       = "payment.dispute.lost"    // we lost the dispute: the money went back
	EventDisputeClosed     = "payment.dispute.closed"  // the dispute was closed
)

// Event is one webhook delivery, the JSON body Razorpay POSTs.
type Event struct {
	Entity    string   `json:"entity"` // always "event"
	AccountID string   `json:"account_id"`
	Event     string   `json:"event"`    // one of the Event* names
	Contains  []string `json:"contains"` // the keys present in Payload
	Payload   Payload  `json:"payload"`
	CreatedAt int64    `json:"created_at"` // unix seconds
}

// Payload holds the entities an event carries; those it does not carry are nil.
type Payload struct {
	Payment *PaymentWrapper `json:"payment,omitempty"`
	Order   *OrderWrapper   `json:"order,omitempty"`
	Refund  *RefundWrapper  `json:"refund,omitempty"`
	Dispute *DisputeWrapper `json:"dispute,omitempty"`
}

// PaymentWrapper is Razorpay's {"entity": {...}} nesting around a payment.
type PaymentWrapper struct {
	Entity Payment `json:"entity"`
}

// OrderWrapper is Razorpay's {"entity": {...}} nesting around an order.
type OrderWrapper struct {
	Entity OrderEntity `json:"entity"`
}

// RefundWrapper is Razorpay's {"entity": {...}} nesting around a refund.
type RefundWrapper struct {
	Entity Refund `json:"entity"`
}

// DisputeWrapper is Razorpay's {"entity": {...}} nesting around a dispute.
type DisputeWrapper struct {
	Entity Dispute `json:"entity"`
}

// Payment is the part of Razorpay's payment entity billing reads; amounts are in paise.
type Payment struct {
	ID               string `json:"id"`
	Entity           string `json:"entity"` // "payment"
	Amount           int64  `json:"amount"`
	Currency         string `json:"currency"`
	Status           string `json:"status"` // created, authorized, captured, refunded, failed
	OrderID          string `json:"order_id"`
	Method           string `json:"method"` // card, netbanking, wallet, upi, ...
	AmountRefunded   int64  `json:"amount_refunded"`
	Captured         bool   `json:"captured"`
	Email            string `json:"email"`
	Contact          string `json:"contact"`
	ErrorCode        string `json:"error_code"` // set on failed payments
	ErrorDescription string `json:"error_description"`
	CreatedAt        int64  `json:"created_at"` // unix seconds
}

// OrderEntity is the part of Razorpay's order entity billing reads; amounts are in paise.
type OrderEntity struct {
	ID         string `json:"id"`
	Amount     int64  `json:"amount"`
	AmountPaid int64  `json:"amount_paid"`
	AmountDue  int64  `json:"amount_due"`
	Currency   string `json:"currency"`
	Receipt    string `json:"receipt"` // our own reference, given at creation
	Status     string `json:"status"`  // created, attempted, paid
}

// Refund is the part of Razorpay's refund entity billing reads; the amount is in paise.
type Refund struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Status    string `json:"status"` // pending, processed, failed
}

// Dispute is the part of Razorpay's dispute entity billing reads; the amount is in paise.
type Dispute struct {
	ID         string `json:"id"`
	PaymentID  string `json:"payment_id"`
	Amount     int64  `json:"amount"`
	ReasonCode string `json:"reason_code"`
	Status     string `json:"status"` // open, under_review, won, lost, closed
}

// ParseEvent decodes a webhook body. It ignores fields it does not model and
// reads null as empty, because Razorpay adds fields over time and sends many
// nulls (and "notes" as [] or {}); a malformed body or one without an event
// name is an error. Verify the signature over the same raw body first.
func ParseEvent(body []byte) (*Event, error) {
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return nil, fmt.Errorf("razorpay: malformed webhook body: %w", err)
	}
	if e.Event == "" {
		return nil, errors.New("razorpay: webhook body names no event")
	}
	return &e, nil
}

// accountID is the account the stand-in's events claim to come from; Razorpay
// ids are a prefix and 14 base62 characters.
const accountID = "acc_TFMTestLocal01"

// NewEvent marshals an event named name the way Razorpay sends it: entity
// "event", an account id, "contains" listing the payload keys present,
// created_at in unix seconds, and each entity with its own "entity" name.
// TestGateway delivers these; billing's tests build webhook bodies with it.
func NewEvent(name string, at time.Time, p Payload) []byte {
	type order struct {
		OrderEntity
		Entity string `json:"entity"`
	}
	type refund struct {
		Refund
		Entity string `json:"entity"`
	}
	type dispute struct {
		Dispute
		Entity string `json:"entity"`
	}
	var w struct {
		Payment *PaymentWrapper      `json:"payment,omitempty"`
		Order   *entityWrap[order]   `json:"order,omitempty"`
		Refund  *entityWrap[refund]  `json:"refund,omitempty"`
		Dispute *entityWrap[dispute] `json:"dispute,omitempty"`
	}
	// Razorpay lists a refund first, then the payment, the order, the dispute.
	contains := []string{}
	if p.Refund != nil {
		contains = append(contains, "refund")
		w.Refund = &entityWrap[refund]{refund{p.Refund.Entity, "refund"}}
	}
	if p.Payment != nil {
		contains = append(contains, "payment")
		pay := p.Payment.Entity
		if pay.Entity == "" {
			pay.Entity = "payment"
		}
		w.Payment = &PaymentWrapper{pay}
	}
	if p.Order != nil {
		contains = append(contains, "order")
		w.Order = &entityWrap[order]{order{p.Order.Entity, "order"}}
	}
	if p.Dispute != nil {
		contains = append(contains, "dispute")
		w.Dispute = &entityWrap[dispute]{dispute{p.Dispute.Entity, "dispute"}}
	}
	b, err := json.Marshal(struct {
		Entity    string   `json:"entity"`
		AccountID string   `json:"account_id"`
		Event     string   `json:"event"`
		Contains  []string `json:"contains"`
		Payload   any      `json:"payload"`
		CreatedAt int64    `json:"created_at"`
	}{"event", accountID, name, contains, w, at.Unix()})
	if err != nil {
		// Strings, integers and booleans always marshal.
		panic("razorpay: marshalling an event: " + err.Error())
	}
	return b
}

// entityWrap nests an entity the way Razorpay's payloads do.
type entityWrap[T any] struct {
	Entity T `json:"entity"`
}
