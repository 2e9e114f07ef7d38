package razorpay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

// DefaultBaseURL is Razorpay's API host.
const DefaultBaseURL = "https://api.razorpay.com"

// MaxReceiptLen is the longest receipt Razorpay accepts on an order.
const MaxReceiptLen = 40

// Config says how to reach Razorpay (from .env); the secrets never leave this package.
type Config struct {
	KeyID         string       // public key id, e.g. "rzp_live_…"; Checkout opens with it
	KeySecret     string       // signs API calls (basic auth) and the checkout callback
	WebhookSecret string       // signs webhooks; set in the Razorpay dashboard
	BaseURL       string       // DefaultBaseURL when empty; tests point it at a local server
	HTTP          *http.Client // a client with a 15 s timeout when nil
}

// OrderRequest is an order to create; AmountPaise is in paise (₹3,599.00 is 359900).
type OrderRequest struct {
	AmountPaise int64
	Currency    string            // "INR" when empty
	Receipt     string            // our own reference for the order, at most MaxReceiptLen characters
	Notes       map[string]string // shown in the Razorpay dashboard; at most 15 pairs
}

// Order is an order Razorpay created; Checkout opens with its ID.
type Order struct {
	ID          string `json:"id"`
	Status      string `json:"status"` // created, attempted, paid
	Receipt     string `json:"receipt"`
	Currency    string `json:"currency"`
	AmountPaise int64  `json:"amount"`
}

// APIError is a non-2xx answer from Razorpay's API, with Razorpay's own error
// code and description (never our credentials).
type APIError struct {
	StatusCode  int
	Code        string // e.g. "BAD_REQUEST_ERROR"
	Description string // e.g. "The amount must be at least INR 1.00"
}

// Error names the HTTP status and Razorpay's code and description.
func (e *APIError) Error() string {
	msg := fmt.Sprintf("razorpay: HTTP %d", e.StatusCode)
	if e.Code != "" {
		msg += " " + e.Code
	}
	if e.Description != "" {
		msg += ": " + e.Description
	}
	return msg
}

// Client is the real gateway, speaking Razorpay's REST API; safe for concurrent use.
//
// It does not wrap the official github.com/razorpay/razorpay-go SDK: that
// keeps its HTTP settings in a package-level global (razorpay.Request), so
// two clients (or a test and the app) overwrite each other; its calls take no
// context.Context, so a request cannot be cancelled with the member's; and it
// would pull its test-only modules into our build, all for one POST and two HMACs.
type Client struct {
	cfg       Config
	retryWait time.Duration // pause before the one retry; tests shorten it
}

// New builds a Client from cfg, filling in the defaults.
func New(cfg Config) *Client {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{cfg: cfg, retryWait: 500 * time.Millisecond}
}

// Name identifies the gateway in stored payments and logs.
func (c *Client) Name() string { return "razorpay" }

// KeyID is the public key id Checkout opens with.
func (c *Client) KeyID() string { return c.cfg.KeyID }

// CheckoutURL is empty: the real gateway's checkout is Razorpay's checkout.js in our own page.
func (c *Client) CheckoutURL(gatewayOrderID, returnPath string) string { return "" }

// VerifyPayment reports whether signature is the one Checkout returns for
// this order and payment; orderID must be the one the server created.
func (c *Client) VerifyPayment(orderID, paymentID, signature string) bool {
	return VerifyPaymentSignature(c.cfg.KeySecret, orderID, paymentID, signature)
}

// VerifyWebhook reports whether signature (X-Razorpay-Signature) signs the raw body.
func (c *Client) VerifyWebhook(body []byte, signature string) bool {
	return VerifyWebhookSignature(c.cfg.WebhookSecret, body, signature)
}

// CreateOrder creates an order with Razorpay (POST /v1/orders). A network
// error or a 5xx answer is retried once with the same receipt; a 4xx is
// returned at once as an *APIError. The request stops when ctx is done.
func (c *Client) CreateOrder(ctx context.Context, r OrderRequest) (Order, error) {
	if c.cfg.KeyID == "" || c.cfg.KeySecret == "" {
		return Order{}, errors.New("razorpay: key id and key secret are not configured")
	}
	r, err := checkOrderRequest(r)
	if err != nil {
		return Order{}, err
	}
	body, err := json.Marshal(struct {
		Amount   int64             `json:"amount"`
		Currency string            `json:"currency"`
		Receipt  string            `json:"receipt,omitempty"`
		Notes    map[string]string `json:"notes,omitempty"`
	}{r.AmountPaise, r.Currency, r.Receipt, r.Notes})
	if err != nil {
		return Order{}, fmt.Errorf("razorpay: encoding the order: %w", err)
	}
	// An order that Razorpay created but whose answer we lost is harmless: it
	// is never paid, and the retry carries the same receipt, so both name
	// our reference. A 4xx will not get better by asking again.
	var last error
	for attempt := 0; attempt < 2; attempt++ {
		if attempt > 0 {
			t := time.NewTimer(c.retryWait)
			select {
			case <-ctx.Done():
				t.Stop()
				return Order{}, fmt.Errorf("razorpay: create order: %w (after: %v)", ctx.Err(), last)
			case <-t.C:
			}
		}
		o, retry, err := c.postOrder(ctx, body)
		if err == nil {
			return o, nil
		}
		last = err
		if !retry || ctx.Err() != nil {
			break
		}
	}
	return Order{}, last
}

// postOrder makes one attempt; retry says whether another may succeed.
func (c *Client) postOrder(ctx context.Context, body []byte) (o Order, retry bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/v1/orders", bytes.NewReader(body))
	if err != nil {
		return Order{}, false, fmt.Errorf("razorpay: building the request: %w", err)
	}
	req.SetBasicAuth(c.cfg.KeyID, c.cfg.KeySecret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.cfg.HTTP.Do(req)
	if err != nil {
		// net/http's *url.Error names the URL, never the Authorization header.
		return Order{}, true, fmt.Errorf("razorpay: create order: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Order{}, true, fmt.Errorf("razorpay: create order: reading the answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error struct {
				Code        string `json:"code"`
				Description string `json:"description"`
			} `json:"error"`
		}
		_ = json.Unmarshal(raw, &e) // an HTML error page from a proxy leaves them empty
		return Order{}, resp.StatusCode >= 500, &APIError{
			StatusCode:  resp.StatusCode,
			Code:        e.Error.Code,
			Description: e.Error.Description,
		}
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return Order{}, false, fmt.Errorf("razorpay: create order: malformed answer: %w", err)
	}
	if o.ID == "" {
		return Order{}, false, errors.New("razorpay: create order: answer has no order id")
	}
	return o, false, nil
}

// checkOrderRequest refuses what Razorpay would refuse anyway, with a clearer
// message and no round trip, and fills in the currency.
func checkOrderRequest(r OrderRequest) (OrderRequest, error) {
	if r.AmountPaise <= 0 {
		return r, fmt.Errorf("razorpay: order amount must be positive, got %d paise", r.AmountPaise)
	}
	if r.Currency == "" {
		r.Currency = "INR"
	}
	if utf8.RuneCountInString(r.Receipt) > MaxReceiptLen {
		return r, fmt.Errorf("razorpay: receipt longer than %d characters", MaxReceiptLen)
	}
	return r, nil
}
