package razorpay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrOrderNotFound is returned by TestGateway helpers for an order it never
// created or has evicted (it keeps the newest 10,000).
var ErrOrderNotFound = errors.New("razorpay: test gateway: no such order")

// ErrOrderPaid is returned by TestGateway.Pay and Fail for an order already
// paid: as on Razorpay, a paid order takes no further payments.
var ErrOrderPaid = errors.New("razorpay: test gateway: order already paid")

// ErrPaymentNotFound is returned by TestGateway.Refund and Dispute for a
// payment it never made or has evicted with its order.
var ErrPaymentNotFound = errors.New("razorpay: test gateway: no such payment")

const (
	testKeyID      = "rzp_test_local"
	maxTestOrders  = 10000 // a dev server clicking for weeks stays small
	webhookRetries = 3     // after the first attempt, as Razorpay retries
	failCode       = "BAD_REQUEST_ERROR"
	failReason     = "Payment failed because the card was declined"
	maxReturnPath  = 2048
)

// TestConfig configures a TestGateway; the zero value is usable.
type TestConfig struct {
	KeySecret     string           // signs checkout callbacks; a random 32-byte hex when empty
	WebhookSecret string           // signs webhooks; a random 32-byte hex when empty
	BasePath      string           // where Handler serves the checkout page; "/dev/checkout" when empty
	MerchantName  string           // shown on the page; "TFM Matrimony" when empty
	WebhookDelay  time.Duration    // delay before success webhooks; 0 delivers them before answering
	Log           *slog.Logger     // nil discards
	Now           func() time.Time // the clock for created_at; time.Now when nil
}

// TestGateway stands in for Razorpay in development and tests: orders live in
// memory, a checkout page of its own replaces checkout.js, and webhooks are
// delivered in process to the handler given to SetWebhookTarget, signed with
// the same code as the real gateway's. It is never used in production
// (billing's wiring decides). Safe for concurrent use.
type TestGateway struct {
	cfg       TestConfig
	log       *slog.Logger
	csrfKey   []byte
	page      *template.Template
	limit     int           // orders kept; tests lower it
	retryWait time.Duration // first webhook retry backoff, doubled each time; tests shorten it

	mu         sync.Mutex
	orders     map[string]*testOrder
	fifo       []string          // order ids, oldest first, for eviction
	payments   map[string]string // payment id → order id
	target     http.Handler
	targetPath string
	closed     bool
	wg         sync.WaitGroup // scheduled deliveries
}

type testOrder struct {
	entity   OrderEntity
	notes    map[string]string
	payments map[string]*testPayment
}

type testPayment struct {
	entity  Payment
	dispute *Dispute
}

// pendingEvent is a webhook built when its event happened, delivered later.
type pendingEvent struct {
	name, id  string
	body      []byte
	signature string
}

// NewTestGateway builds a TestGateway from cfg, filling in the defaults.
func NewTestGateway(cfg TestConfig) *TestGateway {
	if cfg.KeySecret == "" {
		cfg.KeySecret = randomHex(32)
	}
	if cfg.WebhookSecret == "" {
		cfg.WebhookSecret = randomHex(32)
	}
	cfg.BasePath = strings.TrimRight(cfg.BasePath, "/")
	if cfg.BasePath == "" {
		cfg.BasePath = "/dev/checkout"
	}
	if !strings.HasPrefix(cfg.BasePath, "/") {
		cfg.BasePath = "/" + cfg.BasePath
	}
	if cfg.MerchantName == "" {
		cfg.MerchantName = "TFM Matrimony"
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key) // never fails since Go 1.24
	return &TestGateway{
		cfg:       cfg,
		log:       log.With("component", "razorpay.test"),
		csrfKey:   key,
		page:      template.Must(template.New("checkout").Parse(checkoutPage)),
		limit:     maxTestOrders,
		retryWait: 50 * time.Millisecond,
		orders:    make(map[string]*testOrder),
		payments:  make(map[string]string),
	}
}

// Name identifies the gateway in stored payments and logs.
func (g *TestGateway) Name() string { return "test" }

// KeyID is the stand-in's public key id.
func (g *TestGateway) KeyID() string { return testKeyID }

// VerifyPayment reports whether signature is PaymentSignature(KeySecret, orderID, paymentID).
func (g *TestGateway) VerifyPayment(orderID, paymentID, signature string) bool {
	return VerifyPaymentSignature(g.cfg.KeySecret, orderID, paymentID, signature)
}

// VerifyWebhook reports whether signature is WebhookSignature(WebhookSecret, body).
func (g *TestGateway) VerifyWebhook(body []byte, signature string) bool {
	return VerifyWebhookSignature(g.cfg.WebhookSecret, body, signature)
}

// CheckoutURL is the stand-in's checkout page for the order, which comes back
// to returnPath; the page refuses a returnPath that is not a path on this site.
func (g *TestGateway) CheckoutURL(gatewayOrderID, returnPath string) string {
	return g.cfg.BasePath + "/" + url.PathEscape(gatewayOrderID) + "?return=" + url.QueryEscape(returnPath)
}

// CreateOrder remembers an order in memory, keeping the newest 10,000.
func (g *TestGateway) CreateOrder(ctx context.Context, r OrderRequest) (Order, error) {
	if err := ctx.Err(); err != nil {
		return Order{}, err
	}
	r, err := checkOrderRequest(r)
	if err != nil {
		return Order{}, err
	}
	o := &testOrder{
		entity: OrderEntity{
			ID:        "order_" + randomBase62(14),
			Amount:    r.AmountPaise,
			AmountDue: r.AmountPaise,
			Currency:  r.Currency,
			Receipt:   r.Receipt,
			Status:    "created",
		},
		notes:    maps.Clone(r.Notes),
		payments: make(map[string]*testPayment),
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.orders[o.entity.ID] = o
	g.fifo = append(g.fifo, o.entity.ID)
	for len(g.orders) > g.limit && len(g.fifo) > 0 {
		old := g.fifo[0]
		g.fifo = g.fifo[1:]
		if evicted := g.orders[old]; evicted != nil {
			for id := range evicted.payments {
				delete(g.payments, id)
			}
			delete(g.orders, old)
		}
	}
	return Order{ID: o.entity.ID, Status: o.entity.Status, Receipt: r.Receipt, Currency: r.Currency, AmountPaise: r.AmountPaise}, nil
}

// SetWebhookTarget says where webhooks go: each is POSTed to path through
// h.ServeHTTP in process, as Razorpay would POST it over the network.
func (g *TestGateway) SetWebhookTarget(h http.Handler, path string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.target, g.targetPath = h, path
}

// Close drops the webhooks of events that happen from now on and waits for
// those already scheduled (WebhookDelay included) to be delivered.
func (g *TestGateway) Close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	g.wg.Wait()
}

// Pay is a test/dev helper doing what the page's "success" choice does,
// without HTTP: it captures a payment for the whole order, delivers
// payment.captured and order.paid (after WebhookDelay), and returns the
// payment id and the signature Checkout would hand the browser.
func (g *TestGateway) Pay(ctx context.Context, orderID string) (paymentID, signature string, err error) {
	if err := ctx.Err(); err != nil {
		return "", "", err
	}
	pay, err := g.capture(orderID)
	if err != nil {
		return "", "", err
	}
	return pay.ID, PaymentSignature(g.cfg.KeySecret, orderID, pay.ID), nil
}

// Fail is a test/dev helper doing what the page's "fail" choice does: a
// declined card. The order stays payable; payment.failed is delivered before
// Fail returns.
func (g *TestGateway) Fail(ctx context.Context, orderID string) (paymentID string, err error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	g.mu.Lock()
	o := g.orders[orderID]
	if o == nil {
		g.mu.Unlock()
		return "", ErrOrderNotFound
	}
	if o.entity.Status == "paid" {
		g.mu.Unlock()
		return "", ErrOrderPaid
	}
	p := g.newPayment(o)
	p.entity.Status = "failed"
	p.entity.Method = "card"
	p.entity.ErrorCode = failCode
	p.entity.ErrorDescription = failReason
	o.entity.Status = "attempted"
	ev := g.event(EventPaymentFailed, Payload{Payment: &PaymentWrapper{p.entity}})
	g.mu.Unlock()
	g.schedule(0, ev)
	return p.entity.ID, nil
}

// Refund is a test/dev helper refunding amountPaise of a captured payment:
// it delivers refund.created then refund.processed (after WebhookDelay),
// each with the refund and the payment, whose amount_refunded includes it.
func (g *TestGateway) Refund(ctx context.Context, paymentID string, amountPaise int64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	g.mu.Lock()
	p := g.payment(paymentID)
	if p == nil {
		g.mu.Unlock()
		return ErrPaymentNotFound
	}
	left := p.entity.Amount - p.entity.AmountRefunded
	if !p.entity.Captured {
		g.mu.Unlock()
		return fmt.Errorf("razorpay: test gateway: payment %s is %s, not captured", paymentID, p.entity.Status)
	}
	if amountPaise <= 0 || amountPaise > left {
		g.mu.Unlock()
		return fmt.Errorf("razorpay: test gateway: refund of %d paise; %d paise can be refunded", amountPaise, left)
	}
	p.entity.AmountRefunded += amountPaise
	if p.entity.AmountRefunded == p.entity.Amount {
		p.entity.Status = "refunded"
	}
	rf := Refund{ID: "rfnd_" + randomBase62(14), PaymentID: paymentID, Amount: amountPaise, Currency: p.entity.Currency, Status: "pending"}
	created := g.event(EventRefundCreated, Payload{Refund: &RefundWrapper{rf}, Payment: &PaymentWrapper{p.entity}})
	rf.Status = "processed"
	processed := g.event(EventRefundProcessed, Payload{Refund: &RefundWrapper{rf}, Payment: &PaymentWrapper{p.entity}})
	g.mu.Unlock()
	g.schedule(g.cfg.WebhookDelay, created, processed)
	return nil
}

// Dispute is a test/dev helper moving a chargeback on a captured payment to
// status created, won, lost or closed, and delivering the matching
// payment.dispute.* event (after WebhookDelay) with the payment and the dispute.
func (g *TestGateway) Dispute(ctx context.Context, paymentID, status string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var name, entityStatus string
	switch status {
	case "created":
		name, entityStatus = EventDisputeCreated, "open"
	case "won":
		name, entityStatus = EventDisputeWon, "won"
	case "lost":
		name, entityStatus = EventDisputeLost, "lost"
	case "closed":
		name, entityStatus = EventDisputeClosed, "closed"
	default:
		return fmt.Errorf("razorpay: test gateway: dispute status %q is not created, won, lost or closed", status)
	}
	g.mu.Lock()
	p := g.payment(paymentID)
	if p == nil {
		g.mu.Unlock()
		return ErrPaymentNotFound
	}
	if !p.entity.Captured {
		g.mu.Unlock()
		return fmt.Errorf("razorpay: test gateway: payment %s is %s, not captured", paymentID, p.entity.Status)
	}
	if p.dispute == nil {
		p.dispute = &Dispute{ID: "disp_" + randomBase62(14), PaymentID: paymentID, Amount: p.entity.Amount, ReasonCode: "chargeback"}
	}
	p.dispute.Status = entityStatus
	ev := g.event(name, Payload{Payment: &PaymentWrapper{p.entity}, Dispute: &DisputeWrapper{*p.dispute}})
	g.mu.Unlock()
	g.schedule(g.cfg.WebhookDelay, ev)
	return nil
}

// Webhook is a test helper building the body of an event and its
// X-Razorpay-Signature, as this gateway would send them, without delivering it.
func (g *TestGateway) Webhook(name string, p Payload) (body []byte, signature string) {
	body = NewEvent(name, g.cfg.Now(), p)
	return body, WebhookSignature(g.cfg.WebhookSecret, body)
}

// capture pays the whole order and schedules its success webhooks.
func (g *TestGateway) capture(orderID string) (Payment, error) {
	g.mu.Lock()
	o := g.orders[orderID]
	if o == nil {
		g.mu.Unlock()
		return Payment{}, ErrOrderNotFound
	}
	if o.entity.Status == "paid" {
		g.mu.Unlock()
		return Payment{}, ErrOrderPaid
	}
	p := g.newPayment(o)
	p.entity.Status = "captured"
	p.entity.Method = "upi"
	p.entity.Captured = true
	o.entity.Status = "paid"
	o.entity.AmountPaid = o.entity.Amount
	o.entity.AmountDue = 0
	captured := g.event(EventPaymentCaptured, Payload{Payment: &PaymentWrapper{p.entity}})
	paid := g.event(EventOrderPaid, Payload{Payment: &PaymentWrapper{p.entity}, Order: &OrderWrapper{o.entity}})
	pay := p.entity
	g.mu.Unlock()
	g.schedule(g.cfg.WebhookDelay, captured, paid)
	return pay, nil
}

// newPayment adds a payment for the whole of o; the caller holds g.mu.
func (g *TestGateway) newPayment(o *testOrder) *testPayment {
	p := &testPayment{entity: Payment{
		ID:        "pay_" + randomBase62(14),
		Entity:    "payment",
		Amount:    o.entity.Amount,
		Currency:  o.entity.Currency,
		OrderID:   o.entity.ID,
		Email:     "test.payer@example.com",
		Contact:   "+919000000000",
		CreatedAt: g.cfg.Now().Unix(),
	}}
	o.payments[p.entity.ID] = p
	g.payments[p.entity.ID] = o.entity.ID
	return p
}

// payment finds a payment; the caller holds g.mu.
func (g *TestGateway) payment(id string) *testPayment {
	if o := g.orders[g.payments[id]]; o != nil {
		return o.payments[id]
	}
	return nil
}

// event builds and signs a webhook when its event happens, so a delayed or
// retried delivery carries the original created_at and event id.
func (g *TestGateway) event(name string, p Payload) pendingEvent {
	body, sig := g.Webhook(name, p)
	return pendingEvent{name: name, id: "evt_" + randomBase62(14), body: body, signature: sig}
}

// schedule delivers evs in order, after delay or (delay 0) before returning;
// after Close it drops them.
func (g *TestGateway) schedule(delay time.Duration, evs ...pendingEvent) {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		for _, ev := range evs {
			g.log.Warn("webhook dropped: gateway closed", "event", ev.name, "event_id", ev.id)
		}
		return
	}
	g.wg.Add(1) // under mu, so never concurrent with Close's Wait
	g.mu.Unlock()
	run := func() {
		defer g.wg.Done()
		for _, ev := range evs {
			g.deliver(ev)
		}
	}
	if delay <= 0 {
		run()
		return
	}
	go func() {
		time.Sleep(delay)
		run()
	}()
}

// deliver POSTs ev to the webhook target, retrying a non-2xx answer.
func (g *TestGateway) deliver(ev pendingEvent) {
	g.mu.Lock()
	h, path := g.target, g.targetPath
	g.mu.Unlock()
	if h == nil {
		g.log.Warn("webhook dropped: no target set", "event", ev.name, "event_id", ev.id)
		return
	}
	wait := g.retryWait
	for attempt := 1; ; attempt++ {
		status, err := g.post(h, path, ev)
		if err == nil && status/100 == 2 {
			g.log.Debug("webhook delivered", "event", ev.name, "event_id", ev.id, "attempt", attempt)
			return
		}
		// The answer's body is never logged: a receiver may echo the payload.
		g.log.Warn("webhook refused", "event", ev.name, "event_id", ev.id, "status", status, "attempt", attempt, "err", err)
		if attempt > webhookRetries {
			g.log.Error("webhook given up", "event", ev.name, "event_id", ev.id, "attempts", attempt)
			return
		}
		time.Sleep(wait)
		wait *= 2
	}
}

// post makes one delivery attempt through h and returns its status; a panic
// in h counts as a 500, so a bad receiver cannot kill a background delivery.
func (g *TestGateway) post(h http.Handler, path string, ev pendingEvent) (status int, err error) {
	req, err := http.NewRequest(http.MethodPost, path, bytes.NewReader(ev.body))
	if err != nil {
		return 0, fmt.Errorf("webhook path %q: %w", path, err)
	}
	req.Host = "localhost"
	req.RequestURI = path
	req.RemoteAddr = "127.0.0.1:0"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Razorpay-Webhook/v1")
	req.Header.Set("X-Razorpay-Signature", ev.signature)
	req.Header.Set("X-Razorpay-Event-Id", ev.id)
	rec := &statusRecorder{header: make(http.Header)}
	defer func() {
		if p := recover(); p != nil {
			status, err = http.StatusInternalServerError, fmt.Errorf("webhook handler panicked: %v", p)
		}
	}()
	h.ServeHTTP(rec, req)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return rec.status, nil
}

// statusRecorder is the ResponseWriter of an in-process delivery: it keeps
// the status and throws the body away.
type statusRecorder struct {
	header http.Header
	status int
}

func (r *statusRecorder) Header() http.Header { return r.header }

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return len(b), nil
}

func (r *statusRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

// Handler serves the checkout page at GET {BasePath}/{orderID}?return=… and
// takes the tester's choice at POST {BasePath}/{orderID}. Mount it for the
// paths under BasePath without stripping the prefix.
func (g *TestGateway) Handler() http.Handler {
	return http.HandlerFunc(g.serve)
}

func (g *TestGateway) serve(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutPrefix(r.URL.Path, g.cfg.BasePath+"/")
	if !ok || id == "" || strings.Contains(id, "/") {
		g.render(w, http.StatusNotFound, notFoundView())
		return
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		g.servePage(w, r, id)
	case http.MethodPost:
		g.serveChoice(w, r, id)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// servePage shows the order and the four choices.
func (g *TestGateway) servePage(w http.ResponseWriter, r *http.Request, id string) {
	ret := r.URL.Query().Get("return")
	if !safeReturnPath(ret) {
		g.render(w, http.StatusBadRequest, badReturnView())
		return
	}
	o, ok := g.order(id)
	if !ok {
		g.render(w, http.StatusNotFound, notFoundView())
		return
	}
	if o.Status == "paid" {
		g.render(w, http.StatusOK, g.paidView(o, ret))
		return
	}
	g.render(w, http.StatusOK, pageView{
		Kind:    "checkout",
		Title:   "Test payment",
		Amount:  formatAmount(o.Amount, o.Currency),
		OrderID: o.ID,
		Receipt: o.Receipt,
		Action:  g.cfg.BasePath + "/" + o.ID,
		Return:  ret,
		CSRF:    g.csrfToken(o.ID),
	})
}

// serveChoice acts on the button the tester pressed.
func (g *TestGateway) serveChoice(w http.ResponseWriter, r *http.Request, id string) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		g.render(w, http.StatusBadRequest, message("Bad request", "The form could not be read."))
		return
	}
	if !g.validCSRF(id, r.PostForm.Get("csrf")) {
		g.render(w, http.StatusForbidden, message("Form refused", "This form was not issued for this order. Open the checkout link again."))
		return
	}
	ret := r.PostForm.Get("return")
	if !safeReturnPath(ret) {
		g.render(w, http.StatusBadRequest, badReturnView())
		return
	}
	o, ok := g.order(id)
	if !ok {
		g.render(w, http.StatusNotFound, notFoundView())
		return
	}
	if o.Status == "paid" {
		g.render(w, http.StatusConflict, g.paidView(o, ret))
		return
	}
	choice := r.PostForm.Get("choice")
	g.log.Info("test checkout", "order_id", id, "choice", choice)
	switch choice {
	case "success", "close":
		pay, err := g.capture(id)
		if errors.Is(err, ErrOrderPaid) { // a double click lost the race
			g.render(w, http.StatusConflict, g.paidView(o, ret))
			return
		}
		if err != nil {
			g.render(w, http.StatusNotFound, notFoundView())
			return
		}
		if choice == "close" {
			g.render(w, http.StatusOK, message("Payment made", "Payment made. You can close this window."))
			return
		}
		redirect(w, withQuery(ret,
			"razorpay_payment_id", pay.ID,
			"razorpay_order_id", id,
			"razorpay_signature", PaymentSignature(g.cfg.KeySecret, id, pay.ID)))
	case "fail":
		if _, err := g.Fail(r.Context(), id); errors.Is(err, ErrOrderPaid) {
			g.render(w, http.StatusConflict, g.paidView(o, ret))
			return
		} else if err != nil {
			g.render(w, http.StatusNotFound, notFoundView())
			return
		}
		redirect(w, withQuery(ret, "error", "payment_failed", "error_description", failReason, "razorpay_order_id", id))
	case "cancel":
		redirect(w, withQuery(ret, "error", "cancelled"))
	default:
		g.render(w, http.StatusBadRequest, message("Bad request", "Choose one of the buttons."))
	}
}

// order returns a copy of the order's entity.
func (g *TestGateway) order(id string) (OrderEntity, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if o := g.orders[id]; o != nil {
		return o.entity, true
	}
	return OrderEntity{}, false
}

func (g *TestGateway) paidView(o OrderEntity, ret string) pageView {
	return pageView{
		Kind:    "message",
		Title:   "Already paid",
		Message: "Order " + o.ID + " for " + formatAmount(o.Amount, o.Currency) + " is already paid.",
		Back:    ret,
	}
}

// csrfToken binds the page's form to one order: a page elsewhere cannot
// forge a payment choice without the gateway's random key.
func (g *TestGateway) csrfToken(orderID string) string {
	m := hmac.New(sha256.New, g.csrfKey)
	m.Write([]byte("checkout:" + orderID))
	return hex.EncodeToString(m.Sum(nil))
}

func (g *TestGateway) validCSRF(orderID, token string) bool {
	return hmac.Equal([]byte(token), []byte(g.csrfToken(orderID)))
}

// render writes a page with a fresh CSP nonce for its one inline stylesheet.
func (g *TestGateway) render(w http.ResponseWriter, status int, v pageView) {
	v.Nonce = randomBase62(22)
	v.Merchant = g.cfg.MerchantName
	var buf bytes.Buffer
	if err := g.page.Execute(&buf, v); err != nil {
		g.log.Error("rendering the test checkout page", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'nonce-"+v.Nonce+"'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// redirect answers 303 so the browser follows with a GET.
func redirect(w http.ResponseWriter, to string) {
	w.Header().Set("Location", to)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusSeeOther)
}

// message is a page with a title and one sentence.
func message(title, text string) pageView {
	return pageView{Kind: "message", Title: title, Message: text}
}

func badReturnView() pageView {
	return message("Bad return address", "This checkout link returns to an address outside this site, so it is refused.")
}

func notFoundView() pageView {
	return message("No such order", "There is no test order with this id. Test orders live in memory: a restart forgets them.")
}

// safeReturnPath accepts only a path on this site: it starts with one "/"
// and holds no backslash, space or control character, because browsers read
// "//host", "/\host" and "/<tab>/host" as another site (an open redirect).
func safeReturnPath(p string) bool {
	if len(p) == 0 || len(p) > maxReturnPath || p[0] != '/' || strings.HasPrefix(p, "//") {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c <= ' ' || c == 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// withQuery appends key=value pairs to path's query, before any fragment.
func withQuery(path string, kv ...string) string {
	base, frag, hasFrag := strings.Cut(path, "#")
	var q strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			q.WriteByte('&')
		}
		q.WriteString(url.QueryEscape(kv[i]) + "=" + url.QueryEscape(kv[i+1]))
	}
	sep := "?"
	if strings.HasSuffix(base, "?") || strings.HasSuffix(base, "&") {
		sep = ""
	} else if strings.Contains(base, "?") {
		sep = "&"
	}
	out := base + sep + q.String()
	if hasFrag {
		out += "#" + frag
	}
	return out
}

// formatAmount writes paise as rupees with Indian digit grouping: 359900 is
// "₹3,599.00" and 1234567800 is "₹1,23,45,678.00".
func formatAmount(paise int64, currency string) string {
	digits := strconv.FormatInt(paise/100, 10)
	if len(digits) > 3 {
		head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
		var groups []string
		for len(head) > 2 {
			groups = append([]string{head[len(head)-2:]}, groups...)
			head = head[:len(head)-2]
		}
		digits = strings.Join(append([]string{head}, groups...), ",") + "," + tail
	}
	symbol := "₹"
	if currency != "" && currency != "INR" {
		symbol = currency + " "
	}
	return fmt.Sprintf("%s%s.%02d", symbol, digits, paise%100)
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// randomBase62 returns n uniformly random base62 characters, the alphabet of
// Razorpay's ids.
func randomBase62(n int) string {
	out := make([]byte, 0, n)
	var buf [32]byte
	for len(out) < n {
		_, _ = rand.Read(buf[:])
		for _, b := range buf {
			if b < 248 && len(out) < n { // 248 = 4×62: no modulo bias
				out = append(out, base62[b%62])
			}
		}
	}
	return string(out)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
