package razorpay

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// gateway restates billing's Gateway interface, so that these tests prove
// both types satisfy it without this package importing billing.
type gateway interface {
	Name() string
	KeyID() string
	CreateOrder(ctx context.Context, r OrderRequest) (Order, error)
	VerifyPayment(orderID, paymentID, signature string) bool
	VerifyWebhook(body []byte, signature string) bool
	CheckoutURL(gatewayOrderID, returnPath string) string
}

var (
	_ gateway = (*Client)(nil)
	_ gateway = (*TestGateway)(nil)
)

const (
	testKey    = "rzp_test_1DP5mmOlF5G5ag"
	testSecret = "thisIsTheKeySecret0123456"
)

// fakeOrders plays Razorpay's Orders API: answer decides each reply, and
// every request is checked and kept.
type fakeOrders struct {
	t      *testing.T
	answer func(hit int, w http.ResponseWriter, r *http.Request)
	mu     sync.Mutex
	bodies []map[string]any
	hits   atomic.Int32
}

func (f *fakeOrders) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hit := int(f.hits.Add(1))
	if r.Method != http.MethodPost || r.URL.Path != "/v1/orders" {
		f.t.Errorf("request %s %s, want POST /v1/orders", r.Method, r.URL.Path)
	}
	if user, pass, ok := r.BasicAuth(); !ok || user != testKey || pass != testSecret {
		f.t.Errorf("basic auth = %q, %q, %v", user, pass, ok)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		f.t.Errorf("Content-Type = %q", ct)
	}
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		f.t.Errorf("request body: %v", err)
	}
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	f.mu.Unlock()
	f.answer(hit, w, r)
}

func newFake(t *testing.T, answer func(hit int, w http.ResponseWriter, r *http.Request)) (*fakeOrders, *Client) {
	t.Helper()
	f := &fakeOrders{t: t, answer: answer}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New(Config{KeyID: testKey, KeySecret: testSecret, WebhookSecret: "whsec", BaseURL: srv.URL + "/", HTTP: srv.Client()})
	c.retryWait = time.Millisecond
	return f, c
}

// orderEntity is an order entity as Razorpay's Orders API documents it.
const orderEntity = `{"id":"order_K4nqgY9rHv2Lpe","entity":"order","amount":359900,"amount_paid":0,"amount_due":359900,
"currency":"INR","receipt":"tfm-ord-000412","offer_id":null,"status":"created","attempts":0,
"notes":{"member_code":"TFM104233"},"created_at":1717396150}`

const badRequest = `{"error":{"code":"BAD_REQUEST_ERROR","description":"The amount must be at least INR 1.00",
"source":"business","step":"payment_initiation","reason":"input_validation_failed","metadata":{},"field":"amount"}}`

func answerWith(status int, body string) func(int, http.ResponseWriter, *http.Request) {
	return func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// goldPlan is the order billing creates for a ₹3,599.00 plan.
func goldPlan() OrderRequest {
	return OrderRequest{AmountPaise: 359900, Receipt: "tfm-ord-000412", Notes: map[string]string{"member_code": "TFM104233"}}
}

func TestClientCreateOrder(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		f, c := newFake(t, answerWith(http.StatusOK, orderEntity))
		o, err := c.CreateOrder(context.Background(), goldPlan())
		if err != nil {
			t.Fatal(err)
		}
		want := Order{ID: "order_K4nqgY9rHv2Lpe", Status: "created", Receipt: "tfm-ord-000412", Currency: "INR", AmountPaise: 359900}
		if o != want {
			t.Fatalf("order = %+v, want %+v", o, want)
		}
		body := f.bodies[0]
		if body["amount"] != float64(359900) || body["currency"] != "INR" || body["receipt"] != "tfm-ord-000412" {
			t.Fatalf("request body = %v", body)
		}
		if notes, _ := body["notes"].(map[string]any); notes["member_code"] != "TFM104233" {
			t.Fatalf("notes = %v", body["notes"])
		}
	})
	t.Run("ErrBadRequestNotRetried", func(t *testing.T) {
		f, c := newFake(t, answerWith(http.StatusBadRequest, badRequest))
		_, err := c.CreateOrder(context.Background(), OrderRequest{AmountPaise: 50, Receipt: "r"})
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Code != "BAD_REQUEST_ERROR" ||
			apiErr.Description != "The amount must be at least INR 1.00" {
			t.Fatalf("err = %#v", err)
		}
		if !strings.Contains(err.Error(), "The amount must be at least INR 1.00") || strings.Contains(err.Error(), testSecret) {
			t.Fatalf("err text = %q", err)
		}
		if n := f.hits.Load(); n != 1 {
			t.Fatalf("%d requests for a 400, want 1", n)
		}
	})
	t.Run("OKRetriesA5xxOnceWithTheSameReceipt", func(t *testing.T) {
		f, c := newFake(t, func(hit int, w http.ResponseWriter, r *http.Request) {
			if hit == 1 {
				answerWith(http.StatusInternalServerError, `{"error":{"code":"SERVER_ERROR","description":"The server encountered an error."}}`)(hit, w, r)
				return
			}
			answerWith(http.StatusOK, orderEntity)(hit, w, r)
		})
		o, err := c.CreateOrder(context.Background(), goldPlan())
		if err != nil || o.ID != "order_K4nqgY9rHv2Lpe" {
			t.Fatalf("order %+v, err %v", o, err)
		}
		if n := f.hits.Load(); n != 2 {
			t.Fatalf("%d requests, want 2", n)
		}
		if f.bodies[0]["receipt"] != f.bodies[1]["receipt"] || f.bodies[1]["receipt"] != "tfm-ord-000412" {
			t.Fatalf("receipts %v and %v", f.bodies[0]["receipt"], f.bodies[1]["receipt"])
		}
	})
	t.Run("ErrTwo5xxGiveUp", func(t *testing.T) {
		f, c := newFake(t, answerWith(http.StatusBadGateway, `<html>bad gateway</html>`))
		_, err := c.CreateOrder(context.Background(), goldPlan())
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != 502 || apiErr.Code != "" {
			t.Fatalf("err = %#v", err)
		}
		if n := f.hits.Load(); n != 2 {
			t.Fatalf("%d requests, want 2", n)
		}
	})
	t.Run("OKRetriesANetworkErrorOnce", func(t *testing.T) {
		f, c := newFake(t, func(hit int, w http.ResponseWriter, r *http.Request) {
			if hit == 1 { // the connection drops before an answer
				conn, _, err := http.NewResponseController(w).Hijack()
				if err != nil {
					t.Error(err)
					return
				}
				conn.Close()
				return
			}
			answerWith(http.StatusOK, orderEntity)(hit, w, r)
		})
		if _, err := c.CreateOrder(context.Background(), goldPlan()); err != nil {
			t.Fatal(err)
		}
		if n := f.hits.Load(); n != 2 {
			t.Fatalf("%d requests, want 2", n)
		}
	})
	t.Run("ErrCancelledStopsAtOnce", func(t *testing.T) {
		f, c := newFake(t, func(_ int, w http.ResponseWriter, r *http.Request) {
			select { // Razorpay hangs; only the caller's cancellation ends the wait
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
				t.Error("the request was not cancelled")
			}
		})
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		_, err := c.CreateOrder(ctx, goldPlan())
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("took %v after cancellation", d)
		}
		if n := f.hits.Load(); n != 1 {
			t.Fatalf("%d requests, want 1: a cancelled call must not retry", n)
		}
	})
	t.Run("ErrAlreadyCancelled", func(t *testing.T) {
		f, c := newFake(t, answerWith(http.StatusOK, orderEntity))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := c.CreateOrder(ctx, goldPlan()); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
		if n := f.hits.Load(); n != 0 {
			t.Fatalf("%d requests, want 0", n)
		}
	})
	t.Run("ErrRefusedLocally", func(t *testing.T) {
		f, c := newFake(t, answerWith(http.StatusOK, orderEntity))
		for name, r := range map[string]OrderRequest{
			"zero amount":     {AmountPaise: 0, Receipt: "r"},
			"negative amount": {AmountPaise: -100, Receipt: "r"},
			"long receipt":    {AmountPaise: 100, Receipt: strings.Repeat("x", MaxReceiptLen+1)},
		} {
			if _, err := c.CreateOrder(context.Background(), r); err == nil {
				t.Errorf("%s: no error", name)
			}
		}
		if _, err := New(Config{BaseURL: "http://127.0.0.1:1"}).CreateOrder(context.Background(), goldPlan()); err == nil {
			t.Error("no error without credentials")
		}
		if n := f.hits.Load(); n != 0 {
			t.Fatalf("%d requests, want 0", n)
		}
	})
	t.Run("ErrMalformedAnswer", func(t *testing.T) {
		for _, body := range []string{`{"entity":"order"}`, `not json`} {
			_, c := newFake(t, answerWith(http.StatusOK, body))
			if _, err := c.CreateOrder(context.Background(), goldPlan()); err == nil {
				t.Errorf("answer %q: no error", body)
			}
		}
	})
}

func TestClientGateway(t *testing.T) {
	c := New(Config{KeyID: testKey, KeySecret: docKeySecret, WebhookSecret: docWebhookSecret})
	if c.Name() != "razorpay" || c.KeyID() != testKey || c.CheckoutURL("order_1", "/plans") != "" {
		t.Fatalf("Name %q KeyID %q CheckoutURL %q", c.Name(), c.KeyID(), c.CheckoutURL("order_1", "/plans"))
	}
	if c.cfg.BaseURL != DefaultBaseURL || c.cfg.HTTP == nil || c.cfg.HTTP.Timeout != 15*time.Second {
		t.Fatalf("defaults: %+v", c.cfg)
	}
	if !c.VerifyPayment(docOrderID, docPaymentID, docPaymentSig) || c.VerifyPayment(docPaymentID, docOrderID, docPaymentSig) {
		t.Fatal("VerifyPayment does not use the key secret")
	}
	if !c.VerifyWebhook([]byte(docWebhookBody), docWebhookSig) || c.VerifyWebhook([]byte(docWebhookBody+" "), docWebhookSig) {
		t.Fatal("VerifyWebhook does not use the webhook secret")
	}
	if New(Config{}).VerifyWebhook([]byte(docWebhookBody), WebhookSignature("", []byte(docWebhookBody))) {
		t.Fatal("an unconfigured webhook secret verified a signature")
	}
}
