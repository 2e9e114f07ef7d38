package razorpay

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const webhookPath = "/api/v1/payments/razorpay/webhook"

// receiver plays billing's webhook endpoint: it checks each delivery as
// billing must (signature over the raw body, then parse) and keeps it.
type receiver struct {
	t       *testing.T
	g       *TestGateway
	mu      sync.Mutex
	got     []delivery
	refuse  int  // answer 500 to this many deliveries first
	panicky bool // panic on the first delivery
}

type delivery struct {
	eventID string
	event   *Event
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.panicky {
		rc.panicky = false
		panic("receiver bug")
	}
	if r.Method != http.MethodPost || r.URL.Path != webhookPath || r.Header.Get("Content-Type") != "application/json" {
		rc.t.Errorf("delivery %s %s %q", r.Method, r.URL.Path, r.Header.Get("Content-Type"))
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		rc.t.Error(err)
	}
	if !rc.g.VerifyWebhook(body, r.Header.Get("X-Razorpay-Signature")) {
		rc.t.Errorf("bad signature on %s", body)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	e, err := ParseEvent(body)
	if err != nil {
		rc.t.Error(err)
	}
	if rc.refuse > 0 {
		rc.refuse--
		rc.got = append(rc.got, delivery{eventID: "refused:" + r.Header.Get("X-Razorpay-Event-Id"), event: e})
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, "try later")
		return
	}
	rc.got = append(rc.got, delivery{eventID: r.Header.Get("X-Razorpay-Event-Id"), event: e})
	w.WriteHeader(http.StatusOK)
}

// names lists the events received so far, in order.
func (rc *receiver) names() []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	var out []string
	for _, d := range rc.got {
		out = append(out, d.event.Event)
	}
	return out
}

func (rc *receiver) deliveries() []delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return slices.Clone(rc.got)
}

func newTestGateway(t *testing.T, cfg TestConfig) (*TestGateway, *receiver) {
	t.Helper()
	g := NewTestGateway(cfg)
	g.retryWait = time.Millisecond
	rc := &receiver{t: t, g: g}
	g.SetWebhookTarget(rc, webhookPath)
	t.Cleanup(g.Close)
	return g, rc
}

func createOrder(t *testing.T, g *TestGateway) Order {
	t.Helper()
	o, err := g.CreateOrder(context.Background(), OrderRequest{AmountPaise: 359900, Receipt: "tfm-ord-000412"})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func get(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
	return w
}

func post(t *testing.T, h http.Handler, target string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// choose submits the page's form as the tester's button press would.
func choose(t *testing.T, g *TestGateway, orderID, choice, ret string) *httptest.ResponseRecorder {
	t.Helper()
	return post(t, g.Handler(), "/dev/checkout/"+orderID, url.Values{
		"csrf": {g.csrfToken(orderID)}, "return": {ret}, "choice": {choice},
	})
}

func TestTestGatewayCheckoutPage(t *testing.T) {
	g, _ := newTestGateway(t, TestConfig{MerchantName: "TFM Matrimony"})
	o := createOrder(t, g)
	checkoutURL := g.CheckoutURL(o.ID, "/plans/checkout?plan=gold")
	if want := "/dev/checkout/" + o.ID + "?return=%2Fplans%2Fcheckout%3Fplan%3Dgold"; checkoutURL != want {
		t.Fatalf("CheckoutURL = %q, want %q", checkoutURL, want)
	}

	t.Run("OK", func(t *testing.T) {
		w := get(t, g.Handler(), checkoutURL)
		page := w.Body.String()
		if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
		}
		for _, want := range []string{
			"Test payment — no money moves", "TFM Matrimony", o.ID, "₹3,599.00",
			`value="success">Pay ₹3,599.00 (success)`,
			`value="close">Pay, then close this window (only the webhook arrives)`,
			`value="fail">Fail the payment (card declined)`,
			`value="cancel">Cancel`,
			`name="return" value="/plans/checkout?plan=gold"`,
			`name="csrf" value="` + g.csrfToken(o.ID) + `"`,
			`<meta name="viewport"`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("page lacks %q", want)
			}
		}
		if strings.Contains(page, "<script") || strings.Contains(page, "http://") || strings.Contains(page, "https://") {
			t.Error("page loads a script or an external asset")
		}
		csp := w.Header().Get("Content-Security-Policy")
		m := regexp.MustCompile(`^default-src 'none'; style-src 'nonce-([A-Za-z0-9]{22})'; form-action 'self'; frame-ancestors 'none'`).FindStringSubmatch(csp)
		if m == nil {
			t.Fatalf("Content-Security-Policy = %q", csp)
		}
		if !strings.Contains(page, `<style nonce="`+m[1]+`">`) {
			t.Error("the stylesheet does not carry the CSP nonce")
		}
		if again := get(t, g.Handler(), checkoutURL).Header().Get("Content-Security-Policy"); again == csp {
			t.Error("the nonce is reused across responses")
		}
		if w.Header().Get("X-Frame-Options") != "DENY" || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("headers %v", w.Header())
		}
	})
	t.Run("ErrUnknownOrder", func(t *testing.T) {
		for _, path := range []string{"/dev/checkout/order_doesnotexist00?return=/plans", "/dev/checkout/?return=/plans", "/dev/checkout/a/b?return=/plans"} {
			if w := get(t, g.Handler(), path); w.Code != http.StatusNotFound || w.Header().Get("Content-Security-Policy") == "" {
				t.Errorf("%s: status %d", path, w.Code)
			}
		}
	})
	t.Run("ErrOpenRedirectReturn", func(t *testing.T) {
		for _, ret := range openRedirects() {
			if w := get(t, g.Handler(), g.CheckoutURL(o.ID, ret)); w.Code != http.StatusBadRequest {
				t.Errorf("return %q: status %d, want 400", ret, w.Code)
			}
		}
	})
	t.Run("OKAlreadyPaid", func(t *testing.T) {
		paid := createOrder(t, g)
		if _, _, err := g.Pay(context.Background(), paid.ID); err != nil {
			t.Fatal(err)
		}
		w := get(t, g.Handler(), g.CheckoutURL(paid.ID, "/plans?x=1&y=2"))
		page := w.Body.String()
		if w.Code != http.StatusOK || !strings.Contains(page, "already paid") || !strings.Contains(page, `href="/plans?x=1&amp;y=2"`) {
			t.Fatalf("status %d, page %s", w.Code, page)
		}
		if strings.Contains(page, `name="choice"`) {
			t.Fatal("a paid order offers the payment buttons")
		}
	})
	t.Run("ErrMethod", func(t *testing.T) {
		w := httptest.NewRecorder()
		g.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodDelete, "/dev/checkout/"+o.ID, nil))
		if w.Code != http.StatusMethodNotAllowed {
			t.Fatalf("status %d", w.Code)
		}
	})
}

// openRedirects are return values a browser would follow off the site.
func openRedirects() []string {
	return []string{
		"//evil.example", "https://evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example",
		"/\n/evil.example", " /plans", "javascript:alert(1)", "evil.example/plans", "", "/" + strings.Repeat("a", maxReturnPath),
	}
}

func TestTestGatewayChoices(t *testing.T) {
	t.Run("OKSuccess", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		w := choose(t, g, o.ID, "success", "/plans/return?plan=gold#done")
		if w.Code != http.StatusSeeOther {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		loc, err := url.Parse(w.Header().Get("Location"))
		if err != nil || loc.Host != "" || loc.Path != "/plans/return" || loc.Fragment != "done" {
			t.Fatalf("Location = %q", w.Header().Get("Location"))
		}
		q := loc.Query()
		payID, sig := q.Get("razorpay_payment_id"), q.Get("razorpay_signature")
		if q.Get("plan") != "gold" || q.Get("razorpay_order_id") != o.ID || !regexp.MustCompile(`^pay_[0-9A-Za-z]{14}$`).MatchString(payID) {
			t.Fatalf("query = %v", q)
		}
		if !g.VerifyPayment(o.ID, payID, sig) {
			t.Fatal("VerifyPayment refuses the callback's signature")
		}
		// Synchronous mode: both webhooks arrived before the redirect.
		if got := rc.names(); !slices.Equal(got, []string{EventPaymentCaptured, EventOrderPaid}) {
			t.Fatalf("webhooks %v", got)
		}
		d := rc.deliveries()
		if d[0].eventID == d[1].eventID || !strings.HasPrefix(d[0].eventID, "evt_") {
			t.Fatalf("event ids %q, %q", d[0].eventID, d[1].eventID)
		}
		pay := d[0].event.Payload.Payment.Entity
		if pay.ID != payID || pay.OrderID != o.ID || pay.Status != "captured" || !pay.Captured || pay.Method != "upi" || pay.Amount != 359900 {
			t.Fatalf("payment.captured payment %+v", pay)
		}
		paid := d[1].event.Payload
		if paid.Payment == nil || paid.Payment.Entity.ID != payID || paid.Order == nil ||
			paid.Order.Entity != (OrderEntity{ID: o.ID, Amount: 359900, AmountPaid: 359900, AmountDue: 0, Currency: "INR", Receipt: "tfm-ord-000412", Status: "paid"}) {
			t.Fatalf("order.paid payload %+v %+v", paid.Payment, paid.Order)
		}
		if w := choose(t, g, o.ID, "success", "/plans"); w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "already paid") {
			t.Fatalf("second success: status %d", w.Code)
		}
		if n := len(rc.names()); n != 2 {
			t.Fatalf("%d webhooks after a second success, want 2", n)
		}
	})
	t.Run("OKClose", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		w := choose(t, g, o.ID, "close", "/plans")
		if w.Code != http.StatusOK || w.Header().Get("Location") != "" || !strings.Contains(w.Body.String(), "Payment made. You can close this window.") {
			t.Fatalf("status %d, Location %q", w.Code, w.Header().Get("Location"))
		}
		if got := rc.names(); !slices.Equal(got, []string{EventPaymentCaptured, EventOrderPaid}) {
			t.Fatalf("webhooks %v", got)
		}
	})
	t.Run("OKFail", func(t *testing.T) {
		// A long delay proves payment.failed does not wait for it.
		g, rc := newTestGateway(t, TestConfig{WebhookDelay: time.Hour})
		o := createOrder(t, g)
		w := choose(t, g, o.ID, "fail", "/plans")
		if w.Code != http.StatusSeeOther {
			t.Fatalf("status %d", w.Code)
		}
		if got := rc.names(); !slices.Equal(got, []string{EventPaymentFailed}) {
			t.Fatalf("webhooks before the redirect: %v", got)
		}
		want := "/plans?error=payment_failed&error_description=Payment+failed+because+the+card+was+declined&razorpay_order_id=" + o.ID
		if loc := w.Header().Get("Location"); loc != want {
			t.Fatalf("Location = %q, want %q", loc, want)
		}
		pay := rc.deliveries()[0].event.Payload.Payment.Entity
		if pay.Status != "failed" || pay.Captured || pay.ErrorCode != "BAD_REQUEST_ERROR" || pay.ErrorDescription != "Payment failed because the card was declined" || pay.OrderID != o.ID {
			t.Fatalf("payment %+v", pay)
		}
		// The order stays payable after a failed attempt, as on Razorpay.
		if w := get(t, g.Handler(), g.CheckoutURL(o.ID, "/plans")); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `value="success"`) {
			t.Fatalf("page after a failure: %d", w.Code)
		}
	})
	t.Run("OKCancel", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		w := choose(t, g, o.ID, "cancel", "/plans?plan=gold")
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/plans?plan=gold&error=cancelled" {
			t.Fatalf("status %d, Location %q", w.Code, w.Header().Get("Location"))
		}
		if got := rc.names(); len(got) != 0 {
			t.Fatalf("webhooks %v", got)
		}
	})
	t.Run("ErrForgedCSRF", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		other := createOrder(t, g)
		otherGateway := NewTestGateway(TestConfig{})
		for name, token := range map[string]string{
			"missing":         "",
			"another order's": g.csrfToken(other.ID),
			"another gateway": otherGateway.csrfToken(o.ID),
			"upper-cased":     strings.ToUpper(g.csrfToken(o.ID)),
		} {
			w := post(t, g.Handler(), "/dev/checkout/"+o.ID, url.Values{"csrf": {token}, "return": {"/plans"}, "choice": {"success"}})
			if w.Code != http.StatusForbidden {
				t.Errorf("%s token: status %d, want 403", name, w.Code)
			}
		}
		if got := rc.names(); len(got) != 0 {
			t.Fatalf("webhooks %v", got)
		}
	})
	t.Run("ErrOpenRedirectReturn", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		for _, ret := range openRedirects() {
			if w := choose(t, g, o.ID, "success", ret); w.Code != http.StatusBadRequest || w.Header().Get("Location") != "" {
				t.Errorf("return %q: status %d, Location %q", ret, w.Code, w.Header().Get("Location"))
			}
		}
		if got := rc.names(); len(got) != 0 {
			t.Fatalf("webhooks %v", got)
		}
	})
	t.Run("ErrUnknownChoiceOrOrder", func(t *testing.T) {
		g, _ := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		if w := choose(t, g, o.ID, "refund", "/plans"); w.Code != http.StatusBadRequest {
			t.Errorf("unknown choice: status %d", w.Code)
		}
		if w := choose(t, g, "order_doesnotexist00", "success", "/plans"); w.Code != http.StatusNotFound {
			t.Errorf("unknown order: status %d", w.Code)
		}
	})
}

func TestTestGatewayWebhookDelay(t *testing.T) {
	t.Run("OKDeliversAfterTheDelayAndCloseWaits", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{WebhookDelay: 150 * time.Millisecond})
		o := createOrder(t, g)
		start := time.Now()
		w := choose(t, g, o.ID, "success", "/plans")
		if w.Code != http.StatusSeeOther {
			t.Fatalf("status %d", w.Code)
		}
		if got := rc.names(); len(got) != 0 {
			t.Fatalf("webhooks before the delay: %v", got)
		}
		g.Close()
		if d := time.Since(start); d < 150*time.Millisecond {
			t.Fatalf("Close returned after %v, before the delay", d)
		}
		if got := rc.names(); !slices.Equal(got, []string{EventPaymentCaptured, EventOrderPaid}) {
			t.Fatalf("webhooks after Close: %v", got)
		}
	})
	t.Run("OKDroppedAfterClose", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		g.Close()
		if _, _, err := g.Pay(context.Background(), o.ID); err != nil {
			t.Fatal(err)
		}
		if got := rc.names(); len(got) != 0 {
			t.Fatalf("webhooks after Close: %v", got)
		}
		g.Close() // twice is fine
	})
}

func TestTestGatewayDeliveryRetries(t *testing.T) {
	t.Run("OKRetriedWithTheSameEventID", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		rc.refuse = 2
		o := createOrder(t, g)
		if _, _, err := g.Pay(context.Background(), o.ID); err != nil {
			t.Fatal(err)
		}
		d := rc.deliveries()
		if len(d) != 4 || d[0].eventID != "refused:"+d[2].eventID || d[1].eventID != "refused:"+d[2].eventID {
			t.Fatalf("deliveries %+v", d)
		}
		if d[2].event.Event != EventPaymentCaptured || d[3].event.Event != EventOrderPaid {
			t.Fatalf("events %v", rc.names())
		}
	})
	t.Run("OKGivesUpAfterThreeRetries", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		rc.refuse = 100
		if _, err := g.Fail(context.Background(), createOrder(t, g).ID); err != nil {
			t.Fatal(err)
		}
		if n := len(rc.deliveries()); n != 1+webhookRetries {
			t.Fatalf("%d attempts, want %d", n, 1+webhookRetries)
		}
	})
	t.Run("OKPanickingReceiverIsRetried", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		rc.panicky = true
		if _, err := g.Fail(context.Background(), createOrder(t, g).ID); err != nil {
			t.Fatal(err)
		}
		if got := rc.names(); !slices.Equal(got, []string{EventPaymentFailed}) {
			t.Fatalf("webhooks %v", got)
		}
	})
	t.Run("OKNoTarget", func(t *testing.T) {
		g := NewTestGateway(TestConfig{})
		defer g.Close()
		if _, _, err := g.Pay(context.Background(), createOrder(t, g).ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestTestGatewayHelpers(t *testing.T) {
	ctx := context.Background()
	t.Run("OKPay", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		payID, sig, err := g.Pay(ctx, o.ID)
		if err != nil || !g.VerifyPayment(o.ID, payID, sig) {
			t.Fatalf("Pay = %q, %q, %v", payID, sig, err)
		}
		if got := rc.names(); !slices.Equal(got, []string{EventPaymentCaptured, EventOrderPaid}) {
			t.Fatalf("webhooks %v", got)
		}
		if _, _, err := g.Pay(ctx, o.ID); !errors.Is(err, ErrOrderPaid) {
			t.Fatalf("second Pay: %v", err)
		}
		if _, _, err := g.Pay(ctx, "order_doesnotexist00"); !errors.Is(err, ErrOrderNotFound) {
			t.Fatalf("unknown order: %v", err)
		}
		if _, err := g.Fail(ctx, o.ID); !errors.Is(err, ErrOrderPaid) {
			t.Fatalf("Fail on a paid order: %v", err)
		}
	})
	t.Run("OKRefund", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		payID, _, err := g.Pay(ctx, createOrder(t, g).ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Refund(ctx, payID, 100000); err != nil {
			t.Fatal(err)
		}
		d := rc.deliveries()[2:]
		if len(d) != 2 || d[0].event.Event != EventRefundCreated || d[1].event.Event != EventRefundProcessed {
			t.Fatalf("webhooks %v", rc.names())
		}
		created, processed := d[0].event.Payload, d[1].event.Payload
		if created.Refund == nil || created.Refund.Entity.Status != "pending" || processed.Refund.Entity.Status != "processed" ||
			created.Refund.Entity.ID != processed.Refund.Entity.ID || processed.Refund.Entity.PaymentID != payID || processed.Refund.Entity.Amount != 100000 {
			t.Fatalf("refunds %+v, %+v", created.Refund, processed.Refund)
		}
		if p := processed.Payment.Entity; p.ID != payID || p.AmountRefunded != 100000 || p.Status != "captured" {
			t.Fatalf("payment %+v", p)
		}
		if err := g.Refund(ctx, payID, 259901); err == nil {
			t.Fatal("refunded more than was left")
		}
		if err := g.Refund(ctx, payID, 259900); err != nil {
			t.Fatal(err)
		}
		if p := rc.deliveries()[5].event.Payload.Payment.Entity; p.AmountRefunded != 359900 || p.Status != "refunded" {
			t.Fatalf("payment after a full refund %+v", p)
		}
		for name, err := range map[string]error{
			"nothing left": g.Refund(ctx, payID, 1),
			"zero":         g.Refund(ctx, payID, 0),
			"unknown":      g.Refund(ctx, "pay_doesnotexist000", 1),
		} {
			if err == nil {
				t.Errorf("%s: no error", name)
			}
		}
		failedID, _ := g.Fail(ctx, createOrder(t, g).ID)
		if err := g.Refund(ctx, failedID, 1); err == nil {
			t.Error("refunded a failed payment")
		}
	})
	t.Run("OKDispute", func(t *testing.T) {
		g, rc := newTestGateway(t, TestConfig{})
		payID, _, err := g.Pay(ctx, createOrder(t, g).ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"created", "won", "lost", "closed"} {
			if err := g.Dispute(ctx, payID, s); err != nil {
				t.Fatal(err)
			}
		}
		d := rc.deliveries()[2:]
		want := []struct{ event, status string }{
			{EventDisputeCreated, "open"}, {EventDisputeWon, "won"}, {EventDisputeLost, "lost"}, {EventDisputeClosed, "closed"},
		}
		for i, w := range want {
			p := d[i].event.Payload
			if d[i].event.Event != w.event || p.Dispute == nil || p.Dispute.Entity.Status != w.status ||
				p.Dispute.Entity.ID != d[0].event.Payload.Dispute.Entity.ID || p.Dispute.Entity.PaymentID != payID ||
				p.Dispute.Entity.Amount != 359900 || p.Payment == nil || p.Payment.Entity.ID != payID {
				t.Fatalf("delivery %d: %s %+v", i, d[i].event.Event, p.Dispute)
			}
		}
		if err := g.Dispute(ctx, payID, "under_review"); err == nil {
			t.Error("accepted an unknown status")
		}
		if err := g.Dispute(ctx, "pay_doesnotexist000", "created"); !errors.Is(err, ErrPaymentNotFound) {
			t.Errorf("unknown payment: %v", err)
		}
	})
	t.Run("OKWebhook", func(t *testing.T) {
		at := time.Unix(1717396210, 0)
		g, rc := newTestGateway(t, TestConfig{Now: func() time.Time { return at }})
		body, sig := g.Webhook(EventPaymentCaptured, Payload{Payment: &PaymentWrapper{Payment{ID: "pay_1", Amount: 100}}})
		if !g.VerifyWebhook(body, sig) || NewTestGateway(TestConfig{}).VerifyWebhook(body, sig) {
			t.Fatal("the signature is not bound to this gateway's secret")
		}
		e, err := ParseEvent(body)
		if err != nil || e.Event != EventPaymentCaptured || e.CreatedAt != at.Unix() || e.Payload.Payment.Entity.ID != "pay_1" {
			t.Fatalf("event %+v, %v", e, err)
		}
		if got := rc.names(); len(got) != 0 {
			t.Fatalf("Webhook delivered %v", got)
		}
	})
	t.Run("OKSecretsConfigured", func(t *testing.T) {
		g := NewTestGateway(TestConfig{KeySecret: docKeySecret, WebhookSecret: docWebhookSecret})
		if !g.VerifyPayment(docOrderID, docPaymentID, docPaymentSig) || !g.VerifyWebhook([]byte(docWebhookBody), docWebhookSig) {
			t.Fatal("the configured secrets are not used")
		}
		if g.Name() != "test" || g.KeyID() != "rzp_test_local" {
			t.Fatalf("Name %q KeyID %q", g.Name(), g.KeyID())
		}
		a, b := NewTestGateway(TestConfig{}), NewTestGateway(TestConfig{})
		if len(a.cfg.KeySecret) != 64 || len(a.cfg.WebhookSecret) != 64 || a.cfg.KeySecret == b.cfg.KeySecret || a.cfg.KeySecret == a.cfg.WebhookSecret {
			t.Fatal("the default secrets are not random 32-byte hex")
		}
	})
	t.Run("ErrCancelledContext", func(t *testing.T) {
		g, _ := newTestGateway(t, TestConfig{})
		o := createOrder(t, g)
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := g.CreateOrder(cancelled, OrderRequest{AmountPaise: 100}); !errors.Is(err, context.Canceled) {
			t.Errorf("CreateOrder: %v", err)
		}
		if _, _, err := g.Pay(cancelled, o.ID); !errors.Is(err, context.Canceled) {
			t.Errorf("Pay: %v", err)
		}
	})
}

func TestTestGatewayConcurrentPay(t *testing.T) {
	g, rc := newTestGateway(t, TestConfig{})
	const orders = 64
	ids := make([]string, orders)
	for i := range ids {
		ids[i] = createOrder(t, g).ID
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	paid := make(map[string]int)
	for i := 0; i < 2*orders; i++ { // two payers race for each order
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := ids[i%orders]
			_, sig, err := g.Pay(context.Background(), id)
			if errors.Is(err, ErrOrderPaid) {
				return
			}
			if err != nil || sig == "" {
				t.Errorf("Pay(%s): %v", id, err)
				return
			}
			mu.Lock()
			paid[id]++
			mu.Unlock()
		}()
		wg.Add(1)
		go func() { // and the page and new orders are busy meanwhile
			defer wg.Done()
			get(t, g.Handler(), g.CheckoutURL(ids[i%orders], "/plans"))
			createOrder(t, g)
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if paid[id] != 1 {
			t.Fatalf("order %s paid %d times", id, paid[id])
		}
	}
	if n := len(rc.names()); n != 2*orders {
		t.Fatalf("%d webhooks, want %d", n, 2*orders)
	}
}

func TestTestGatewayEviction(t *testing.T) {
	g, _ := newTestGateway(t, TestConfig{})
	first := createOrder(t, g)
	payID, _, err := g.Pay(context.Background(), first.ID)
	if err != nil {
		t.Fatal(err)
	}
	var last Order
	for i := 0; i < maxTestOrders+24; i++ {
		last = createOrder(t, g)
	}
	g.mu.Lock()
	orders, fifo, payments := len(g.orders), len(g.fifo), len(g.payments)
	g.mu.Unlock()
	if orders != maxTestOrders || fifo != maxTestOrders || payments != 0 {
		t.Fatalf("%d orders, %d queued, %d payments; want %d, %d, 0", orders, fifo, payments, maxTestOrders, maxTestOrders)
	}
	if _, _, err := g.Pay(context.Background(), first.ID); !errors.Is(err, ErrOrderNotFound) {
		t.Fatalf("the oldest order was kept: %v", err)
	}
	if err := g.Refund(context.Background(), payID, 1); !errors.Is(err, ErrPaymentNotFound) {
		t.Fatalf("the evicted order's payment was kept: %v", err)
	}
	if w := get(t, g.Handler(), g.CheckoutURL(last.ID, "/plans")); w.Code != http.StatusOK {
		t.Fatalf("the newest order: status %d", w.Code)
	}
}

func TestWithQuery(t *testing.T) {
	for path, want := range map[string]string{
		"/plans":            "/plans?a=1&b=x+y%26z",
		"/plans?plan=gold":  "/plans?plan=gold&a=1&b=x+y%26z",
		"/plans?":           "/plans?a=1&b=x+y%26z",
		"/plans#top":        "/plans?a=1&b=x+y%26z#top",
		"/plans?p=1#a?b=c":  "/plans?p=1&a=1&b=x+y%26z#a?b=c",
		"/plans/checkout/x": "/plans/checkout/x?a=1&b=x+y%26z",
	} {
		if got := withQuery(path, "a", "1", "b", "x y&z"); got != want {
			t.Errorf("withQuery(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestFormatAmount(t *testing.T) {
	for paise, want := range map[int64]string{
		5: "₹0.05", 100: "₹1.00", 99999: "₹999.99", 100000: "₹1,000.00", 359900: "₹3,599.00",
		1234500: "₹12,345.00", 10000000: "₹1,00,000.00", 1234567800: "₹1,23,45,678.00", 123456789000: "₹1,23,45,67,890.00",
	} {
		if got := formatAmount(paise, "INR"); got != want {
			t.Errorf("formatAmount(%d) = %q, want %q", paise, got, want)
		}
	}
	if got := formatAmount(1050, "USD"); got != "USD 10.50" {
		t.Errorf("USD: %q", got)
	}
}

func TestRandomBase62(t *testing.T) {
	seen := make(map[string]bool)
	valid := regexp.MustCompile(`^[0-9A-Za-z]{14}$`)
	for i := 0; i < 1000; i++ {
		id := randomBase62(14)
		if !valid.MatchString(id) || seen[id] {
			t.Fatalf("id %q (seen before: %v)", id, seen[id])
		}
		seen[id] = true
	}
}
