package razorpay

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// The samples below follow the shape of Razorpay's documented webhook
// payloads (razorpay.com/docs/webhooks/payments, orders, refunds, disputes):
// every entity nested under "entity", nulls for absent values, "notes" as
// [] or {}, and fields this package does not model.

const samplePaymentCaptured = `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "payment.captured",
  "contains": ["payment"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_K4nqvD1ZxU8mWc",
        "entity": "payment",
        "amount": 359900,
        "currency": "INR",
        "base_amount": 359900,
        "status": "captured",
        "order_id": "order_K4nqgY9rHv2Lpe",
        "invoice_id": null,
        "international": false,
        "method": "upi",
        "amount_refunded": 0,
        "amount_transferred": 0,
        "refund_status": null,
        "captured": true,
        "description": "Gold plan, 3 months",
        "card_id": null,
        "bank": null,
        "wallet": null,
        "vpa": "bride.family@okhdfcbank",
        "email": "bride.family@example.com",
        "contact": "+919876543210",
        "notes": {"member_code": "TFM104233", "plan": "gold-3m"},
        "fee": 8494,
        "tax": 1296,
        "error_code": null,
        "error_description": null,
        "error_source": null,
        "error_step": null,
        "error_reason": null,
        "acquirer_data": {"rrn": "412345678901", "upi_transaction_id": "ICI8f2c1b7e9a"},
        "upi": {"payer_account_type": "bank_account", "vpa": "bride.family@okhdfcbank"},
        "created_at": 1717396200
      }
    }
  },
  "created_at": 1717396210
}`

const samplePaymentFailed = `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "payment.failed",
  "contains": ["payment"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_K4nrB2mQe7YtNs",
        "entity": "payment",
        "amount": 149900,
        "currency": "INR",
        "status": "failed",
        "order_id": "order_K4nr0aZc3PqRwd",
        "invoice_id": null,
        "international": false,
        "method": "card",
        "amount_refunded": 0,
        "refund_status": null,
        "captured": false,
        "description": null,
        "card_id": "card_K4nrB5hLq2Xs0f",
        "card": {"id": "card_K4nrB5hLq2Xs0f", "entity": "card", "name": "", "last4": "1111", "network": "Visa", "type": "debit", "issuer": null, "international": false, "emi": false},
        "bank": null,
        "wallet": null,
        "vpa": null,
        "email": "groom.kurian@example.com",
        "contact": "+919447012345",
        "notes": [],
        "fee": null,
        "tax": null,
        "error_code": "BAD_REQUEST_ERROR",
        "error_description": "Payment failed because the card was declined",
        "error_source": "customer",
        "error_step": "payment_authorization",
        "error_reason": "card_declined",
        "acquirer_data": {"auth_code": null},
        "created_at": 1717396500
      }
    }
  },
  "created_at": 1717396502
}`

const sampleOrderPaid = `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "order.paid",
  "contains": ["payment", "order"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_K4nqvD1ZxU8mWc",
        "entity": "payment",
        "amount": 359900,
        "currency": "INR",
        "status": "captured",
        "order_id": "order_K4nqgY9rHv2Lpe",
        "invoice_id": null,
        "international": false,
        "method": "upi",
        "amount_refunded": 0,
        "refund_status": null,
        "captured": true,
        "description": "Gold plan, 3 months",
        "card_id": null,
        "bank": null,
        "wallet": null,
        "vpa": "bride.family@okhdfcbank",
        "email": "bride.family@example.com",
        "contact": "+919876543210",
        "notes": [],
        "fee": 8494,
        "tax": 1296,
        "error_code": null,
        "error_description": null,
        "created_at": 1717396200
      }
    },
    "order": {
      "entity": {
        "id": "order_K4nqgY9rHv2Lpe",
        "entity": "order",
        "amount": 359900,
        "amount_paid": 359900,
        "amount_due": 0,
        "currency": "INR",
        "receipt": "tfm-ord-000412",
        "offer_id": null,
        "status": "paid",
        "attempts": 1,
        "notes": {"member_code": "TFM104233"},
        "created_at": 1717396150
      }
    }
  },
  "created_at": 1717396211
}`

// refundSample builds refund.created or refund.processed: the refund comes
// first, then the payment with amount_refunded already including it.
func refundSample(event, status string) string {
	return `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "` + event + `",
  "contains": ["refund", "payment"],
  "payload": {
    "refund": {
      "entity": {
        "id": "rfnd_K5aJ3pXvT0qLmB",
        "entity": "refund",
        "amount": 100000,
        "currency": "INR",
        "payment_id": "pay_K4nqvD1ZxU8mWc",
        "notes": {"reason": "duplicate purchase"},
        "receipt": null,
        "acquirer_data": {"arn": null},
        "created_at": 1717482600,
        "batch_id": null,
        "status": "` + status + `",
        "speed_processed": "normal",
        "speed_requested": "optimum"
      }
    },
    "payment": {
      "entity": {
        "id": "pay_K4nqvD1ZxU8mWc",
        "entity": "payment",
        "amount": 359900,
        "currency": "INR",
        "status": "captured",
        "order_id": "order_K4nqgY9rHv2Lpe",
        "method": "upi",
        "amount_refunded": 100000,
        "refund_status": "partial",
        "captured": true,
        "email": "bride.family@example.com",
        "contact": "+919876543210",
        "notes": {},
        "error_code": null,
        "error_description": null,
        "created_at": 1717396200
      }
    }
  },
  "created_at": 1717482601
}`
}

// disputeSample builds a payment.dispute.* event for a dispute in status.
func disputeSample(event, status string) string {
	return `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "` + event + `",
  "contains": ["payment", "dispute"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_K4nqvD1ZxU8mWc",
        "entity": "payment",
        "amount": 359900,
        "currency": "INR",
        "status": "captured",
        "order_id": "order_K4nqgY9rHv2Lpe",
        "method": "card",
        "amount_refunded": 0,
        "refund_status": null,
        "captured": true,
        "email": "bride.family@example.com",
        "contact": "+919876543210",
        "notes": [],
        "error_code": null,
        "error_description": null,
        "created_at": 1717396200
      }
    },
    "dispute": {
      "entity": {
        "id": "disp_K7dQm2ZsWv9YtE",
        "entity": "dispute",
        "payment_id": "pay_K4nqvD1ZxU8mWc",
        "amount": 359900,
        "currency": "INR",
        "amount_deducted": 0,
        "reason_code": "chargeback",
        "respond_by": 1718301600,
        "status": "` + status + `",
        "phase": "chargeback",
        "created_at": 1717869600,
        "evidence": {"amount": 359900, "summary": null, "shipping_proof": null, "others": null, "submitted_at": null}
      }
    }
  },
  "created_at": 1717869601
}`
}

func TestParseEvent(t *testing.T) {
	captured := Payment{
		ID: "pay_K4nqvD1ZxU8mWc", Entity: "payment", Amount: 359900, Currency: "INR", Status: "captured",
		OrderID: "order_K4nqgY9rHv2Lpe", Method: "upi", Captured: true,
		Email: "bride.family@example.com", Contact: "+919876543210", CreatedAt: 1717396200,
	}
	t.Run("OKPaymentCaptured", func(t *testing.T) {
		e := mustParse(t, samplePaymentCaptured)
		want := &Event{
			Entity: "event", AccountID: "acc_BFQ7uQEaa7j2z7", Event: EventPaymentCaptured,
			Contains: []string{"payment"}, CreatedAt: 1717396210,
			Payload: Payload{Payment: &PaymentWrapper{captured}},
		}
		if !reflect.DeepEqual(e, want) {
			t.Fatalf("got %+v\nwant %+v", e, want)
		}
	})
	t.Run("OKPaymentFailed", func(t *testing.T) {
		p := mustParse(t, samplePaymentFailed).Payload.Payment
		if p == nil || p.Entity.Status != "failed" || p.Entity.Captured ||
			p.Entity.ErrorCode != "BAD_REQUEST_ERROR" || p.Entity.ErrorDescription != "Payment failed because the card was declined" ||
			p.Entity.OrderID != "order_K4nr0aZc3PqRwd" || p.Entity.Amount != 149900 {
			t.Fatalf("payment = %+v", p)
		}
	})
	t.Run("OKOrderPaid", func(t *testing.T) {
		e := mustParse(t, sampleOrderPaid)
		if e.Event != EventOrderPaid || !slices.Equal(e.Contains, []string{"payment", "order"}) {
			t.Fatalf("event %q contains %v", e.Event, e.Contains)
		}
		wantOrder := OrderEntity{ID: "order_K4nqgY9rHv2Lpe", Amount: 359900, AmountPaid: 359900, AmountDue: 0, Currency: "INR", Receipt: "tfm-ord-000412", Status: "paid"}
		if e.Payload.Order == nil || e.Payload.Order.Entity != wantOrder {
			t.Fatalf("order = %+v", e.Payload.Order)
		}
		if e.Payload.Payment == nil || e.Payload.Payment.Entity != captured {
			t.Fatalf("payment = %+v", e.Payload.Payment)
		}
	})
	for _, c := range []struct{ event, status string }{{EventRefundCreated, "pending"}, {EventRefundProcessed, "processed"}, {EventRefundFailed, "failed"}} {
		t.Run("OK"+c.event, func(t *testing.T) {
			e := mustParse(t, refundSample(c.event, c.status))
			want := Refund{ID: "rfnd_K5aJ3pXvT0qLmB", PaymentID: "pay_K4nqvD1ZxU8mWc", Amount: 100000, Currency: "INR", Status: c.status}
			if e.Event != c.event || e.Payload.Refund == nil || e.Payload.Refund.Entity != want {
				t.Fatalf("event %q refund %+v", e.Event, e.Payload.Refund)
			}
			if e.Payload.Payment == nil || e.Payload.Payment.Entity.AmountRefunded != 100000 {
				t.Fatalf("payment = %+v", e.Payload.Payment)
			}
			if e.Payload.Order != nil || e.Payload.Dispute != nil {
				t.Fatal("absent entities are not nil")
			}
		})
	}
	for _, c := range []struct{ event, status string }{
		{EventDisputeCreated, "open"}, {EventDisputeWon, "won"}, {EventDisputeLost, "lost"}, {EventDisputeClosed, "closed"},
	} {
		t.Run("OK"+c.event, func(t *testing.T) {
			e := mustParse(t, disputeSample(c.event, c.status))
			want := Dispute{ID: "disp_K7dQm2ZsWv9YtE", PaymentID: "pay_K4nqvD1ZxU8mWc", Amount: 359900, ReasonCode: "chargeback", Status: c.status}
			if e.Event != c.event || e.Payload.Dispute == nil || e.Payload.Dispute.Entity != want {
				t.Fatalf("event %q dispute %+v", e.Event, e.Payload.Dispute)
			}
			if e.Payload.Payment == nil || e.Payload.Payment.Entity.ID != want.PaymentID {
				t.Fatalf("payment = %+v", e.Payload.Payment)
			}
		})
	}
	t.Run("OKDocumentedAuthorizedBody", func(t *testing.T) {
		// The signature test vector's body: "notes":[] and a dozen nulls.
		e := mustParse(t, docWebhookBody)
		p := e.Payload.Payment.Entity
		if e.Event != EventPaymentAuthorized || p.ID != "pay_JUEM4c0pSLpFEW" || p.Amount != 12300 || p.Captured || p.ErrorCode != "" {
			t.Fatalf("event %+v payment %+v", e, p)
		}
	})
	t.Run("OKUnknownEventName", func(t *testing.T) {
		// Billing decides what to ignore; the parser passes every named event through.
		e := mustParse(t, `{"entity":"event","event":"subscription.charged","contains":["subscription"],"payload":{"subscription":{"entity":{"id":"sub_1"}}},"created_at":1}`)
		if e.Event != "subscription.charged" || e.Payload != (Payload{}) {
			t.Fatalf("got %+v", e)
		}
	})
	for name, body := range map[string]string{
		"ErrEmpty":           ``,
		"ErrNull":            `null`,
		"ErrArray":           `[]`,
		"ErrNoEventName":     `{"entity":"event","contains":[],"payload":{}}`,
		"ErrEmptyEventName":  `{"entity":"event","event":"","payload":{}}`,
		"ErrTruncated":       samplePaymentCaptured[:len(samplePaymentCaptured)/2],
		"ErrTrailingGarbage": samplePaymentCaptured + `}`,
		"ErrAmountAsString":  `{"event":"payment.captured","payload":{"payment":{"entity":{"amount":"359900"}}}}`,
		"ErrEventNotString":  `{"event":42}`,
	} {
		t.Run(name, func(t *testing.T) {
			if e, err := ParseEvent([]byte(body)); err == nil {
				t.Fatalf("parsed %+v", e)
			}
		})
	}
}

func mustParse(t *testing.T, body string) *Event {
	t.Helper()
	e, err := ParseEvent([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestNewEvent(t *testing.T) {
	at := time.Unix(1717396210, 0)
	pay := Payment{ID: "pay_1", Amount: 359900, Currency: "INR", Status: "captured", OrderID: "order_1", Method: "upi", Captured: true, CreatedAt: 1717396200}
	order := OrderEntity{ID: "order_1", Amount: 359900, AmountPaid: 359900, Currency: "INR", Receipt: "r1", Status: "paid"}
	refund := Refund{ID: "rfnd_1", PaymentID: "pay_1", Amount: 100, Currency: "INR", Status: "processed"}
	dispute := Dispute{ID: "disp_1", PaymentID: "pay_1", Amount: 359900, ReasonCode: "chargeback", Status: "open"}
	cases := []struct {
		name     string
		payload  Payload
		contains []string
	}{
		{EventPaymentCaptured, Payload{Payment: &PaymentWrapper{pay}}, []string{"payment"}},
		{EventOrderPaid, Payload{Payment: &PaymentWrapper{pay}, Order: &OrderWrapper{order}}, []string{"payment", "order"}},
		{EventRefundProcessed, Payload{Payment: &PaymentWrapper{pay}, Refund: &RefundWrapper{refund}}, []string{"refund", "payment"}},
		{EventDisputeCreated, Payload{Payment: &PaymentWrapper{pay}, Dispute: &DisputeWrapper{dispute}}, []string{"payment", "dispute"}},
		{"ping", Payload{}, []string{}},
	}
	for _, c := range cases {
		t.Run("OK"+c.name, func(t *testing.T) {
			body := NewEvent(c.name, at, c.payload)
			var raw struct {
				Entity    string                               `json:"entity"`
				AccountID string                               `json:"account_id"`
				Contains  []string                             `json:"contains"`
				Payload   map[string]map[string]map[string]any `json:"payload"`
				CreatedAt int64                                `json:"created_at"`
			}
			if err := json.Unmarshal(body, &raw); err != nil {
				t.Fatal(err)
			}
			if raw.Entity != "event" || !strings.HasPrefix(raw.AccountID, "acc_") || raw.CreatedAt != at.Unix() {
				t.Fatalf("envelope = %s", body)
			}
			if !slices.Equal(raw.Contains, c.contains) {
				t.Fatalf("contains = %v, want %v", raw.Contains, c.contains)
			}
			if len(raw.Payload) != len(c.contains) {
				t.Fatalf("payload keys = %v, want %v", raw.Payload, c.contains)
			}
			for _, key := range c.contains {
				if got := raw.Payload[key]["entity"]["entity"]; got != key {
					t.Fatalf("payload.%s.entity.entity = %v", key, got)
				}
			}
			e, err := ParseEvent(body)
			if err != nil {
				t.Fatal(err)
			}
			if c.payload.Payment != nil {
				c.payload.Payment.Entity.Entity = "payment" // filled in by NewEvent
			}
			if e.Event != c.name || !reflect.DeepEqual(e.Payload, c.payload) {
				t.Fatalf("round trip: got %+v, want %+v", e.Payload, c.payload)
			}
		})
	}
}
