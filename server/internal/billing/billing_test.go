package billing_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/platform/razorpay"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// env is one engine's billing service on the test gateway, with its plans.
type env struct {
	t       *testing.T
	db      *store.DB
	svc     *billing.Service
	gw      *razorpay.TestGateway
	buyers  *buyers
	plans   map[string]uint64
	clock   *clock
	states  storetest.Master
	members int
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// buyers answers billing.Buyers from a map (package profile does it in the app).
type buyers struct {
	mu sync.Mutex
	m  map[uint64]billing.Buyer
}

func (b *buyers) Buyer(_ context.Context, id uint64) (billing.Buyer, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if v, ok := b.m[id]; ok {
		return v, nil
	}
	return billing.Buyer{}, apperr.New(apperr.NotFound, "Profile not found")
}

// webhooks hands the test gateway's webhooks to the service, as the HTTP route does.
type webhooks struct{ svc *billing.Service }

func (w webhooks) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := w.svc.HandleWebhook(r.Context(), body, r.Header.Get("X-Razorpay-Signature"), r.Header.Get("X-Razorpay-Event-Id")); err != nil {
		http.Error(rw, err.Error(), 400)
		return
	}
	rw.WriteHeader(200)
}

// engines gives a billing environment per database engine.
func engines(t *testing.T) map[store.Dialect]*env {
	out := map[store.Dialect]*env{}
	for d, db := range storetest.Engines(t) {
		out[d] = newEnv(t, db)
	}
	return out
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	e := &env{t: t, db: db, buyers: &buyers{m: map[uint64]billing.Buyer{}}, plans: map[string]uint64{},
		clock: &clock{t: time.Date(2026, 11, 28, 6, 30, 0, 0, time.UTC)}}
	e.states = storetest.SeedMaster(t, db)
	for i, p := range []struct {
		name           string
		months, price  int
		views          int
		highlight      bool
		dailyInvitesOf int
	}{{"TFM-EXECUTIVE", 3, 2499, 25, false, 50}, {"TFM-CLASSIC", 3, 3999, 50, false, 50}, {"TFM-PREMIUM", 6, 6999, 120, true, 50}} {
		row := map[string]any{"name": p.name, "months": p.months, "price_inr": p.price, "contact_views": p.views, "start_chats": true,
			"profile_highlight": p.highlight, "priority_support": false, "daily_invitations": p.dailyInvitesOf, "sort": i + 1, "active": true, "is_free": false}
		if err := db.Table("plans").Create(row).Error; err != nil {
			t.Fatal(err)
		}
		var id uint64
		db.Table("plans").Where("name = ?", p.name).Pluck("id", &id)
		e.plans[p.name] = id
	}
	e.gw = razorpay.NewTestGateway(razorpay.TestConfig{Now: e.clock.now})
	t.Cleanup(e.gw.Close)
	out := event.New(db, event.Options{Now: e.clock.now})
	svc, err := billing.New(billing.Deps{DB: db, Gateway: e.gw, Buyers: e.buyers, Events: out, Now: e.clock.now,
		Seller: billing.Seller{Name: "TFM Matrimony", Lines: []string{"14 Cathedral Road", "Chennai 600086"}, State: "Tamil Nadu", GSTIN: "33ABCDE1234F1Z5"}})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	e.gw.SetWebhookTarget(webhooks{svc}, "/api/v1/payment/webhook")
	return e
}

// member makes a bride in state (a storetest state id) and registers her as a buyer.
func (e *env) member(state uint64, stateName string) uint64 {
	e.t.Helper()
	e.members++
	m := storetest.NewMember(e.t, e.db, storetest.Person{Bride: true, State: state, Name: fmt.Sprintf("Buyer %c", 'A'+e.members%26)})
	e.buyers.mu.Lock()
	e.buyers.m[m.ID] = billing.Buyer{Name: m.Email, Email: m.Email, Phone: "+91 9000000000", State: stateName}
	e.buyers.mu.Unlock()
	return m.ID
}

func (e *env) kerala() uint64 { return e.member(e.states.Kerala, "Kerala") }

// checkout creates member's order and fails the test on an error.
func (e *env) checkout(member uint64, plan, coupon string) *billing.Checkout {
	e.t.Helper()
	c, err := e.svc.Checkout(context.Background(), member, plan, coupon)
	if err != nil {
		e.t.Fatalf("checkout %s %s: %v", plan, coupon, err)
	}
	return c
}

// pay pays an order through the stand-in (its webhooks land synchronously) and posts the callback.
func (e *env) pay(member uint64, c *billing.Checkout) *billing.Order {
	e.t.Helper()
	pid, sig, err := e.gw.Pay(context.Background(), c.GatewayOrderID)
	if err != nil {
		e.t.Fatal(err)
	}
	o, err := e.svc.ConfirmPayment(context.Background(), member, c.Order.ID, billing.PaymentProof{PaymentID: pid, OrderID: c.GatewayOrderID, Signature: sig})
	if err != nil {
		e.t.Fatal(err)
	}
	return o
}

func (e *env) ent(member uint64) billing.Entitlements {
	e.t.Helper()
	got, err := e.svc.Entitlements(context.Background(), member)
	if err != nil {
		e.t.Fatal(err)
	}
	return got
}

func (e *env) count(table, where string, args ...any) int64 {
	e.t.Helper()
	var n int64
	if err := e.db.Table(table).Where(where, args...).Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

func kindOf(err error) apperr.Kind { return apperr.KindOf(err) }

func TestEntitlementsComeFromThePlanRows(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			m := e.kerala()
			free := e.ent(m)
			if free.Paid || free.PlanName != "Free" || free.DailyInvitations != 10 || free.StartChats || free.ContactViewsLeft != 0 {
				t.Fatalf("free member: %+v", free)
			}
			// An admin's edit of the free tier applies at once.
			e.db.Exec("UPDATE plans SET daily_invitations = 7 WHERE is_free = ?", true)
			if got := e.ent(m).DailyInvitations; got != 7 {
				t.Fatalf("free daily invitations after the edit: %d", got)
			}
			e.pay(m, e.checkout(m, "tfm-classic", ""))
			paid := e.ent(m)
			if !paid.Paid || paid.PlanName != "TFM-CLASSIC" || paid.ContactViewsLeft != 50 || !paid.StartChats || paid.DailyInvitations != 50 ||
				!paid.ExpiresAt.Equal(e.clock.now().AddDate(0, 3, 0)) {
				t.Fatalf("paid member: %+v", paid)
			}
			e.db.Exec("UPDATE plans SET daily_invitations = 40, profile_highlight = 1 WHERE name = 'TFM-CLASSIC'")
			if got := e.ent(m); got.DailyInvitations != 40 || !got.ProfileHighlight {
				t.Fatalf("paid entitlements after the plan edit: %+v", got)
			}
			e.clock.add(92 * 24 * time.Hour)
			if got := e.ent(m); got.Paid {
				t.Fatalf("entitlements after expiry: %+v", got)
			}
		})
	}
}

func TestPlansListTheFreeTierFirst(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ps, err := e.svc.Plans(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != 4 || !ps[0].Free || ps[0].PriceINR != 0 || ps[1].Name != "TFM-EXECUTIVE" || ps[3].GSTRate != 18 {
				t.Fatalf("plans: %+v", ps)
			}
			for _, bad := range []string{"", "Free", "TFM-GOLD", strings.Repeat("X", 60)} {
				if _, err := e.svc.Quote(context.Background(), 0, bad, ""); kindOf(err) != apperr.Invalid {
					t.Errorf("quote for %q: %v", bad, err)
				}
			}
		})
	}
}

func TestQuoteSplitsGSTByState(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			kerala := e.kerala()
			chennai := e.member(e.states.TamilNadu, "Tamil Nadu")
			q, err := e.svc.Quote(ctx, kerala, "TFM-CLASSIC", "")
			if err != nil {
				t.Fatal(err)
			}
			// ₹3,999 includes 18% GST: taxable ₹3,388.98, GST ₹610.02, all IGST across states.
			if q.TotalPaise != 399900 || q.TaxablePaise != 338898 || q.GSTPaise != 61002 || q.IGSTPaise != 61002 || q.CGSTPaise != 0 {
				t.Fatalf("Kerala buyer: %+v", q)
			}
			q, _ = e.svc.Quote(ctx, chennai, "TFM-CLASSIC", "")
			if q.CGSTPaise != 30501 || q.SGSTPaise != 30501 || q.IGSTPaise != 0 || q.CGSTPaise+q.SGSTPaise+q.TaxablePaise != q.TotalPaise {
				t.Fatalf("Tamil Nadu buyer: %+v", q)
			}
			q, _ = e.svc.Quote(ctx, 0, "TFM-CLASSIC", "")
			if q.GSTPaise != 61002 || q.CGSTPaise+q.SGSTPaise+q.IGSTPaise != 0 || q.Renewal != nil {
				t.Fatalf("visitor: %+v", q)
			}
		})
	}
}

func TestCoupons(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			now := e.clock.now()
			add := func(code, kind string, value, max int, from, until time.Time, plan uint64, active bool) {
				row := map[string]any{"code": code, "kind": kind, "value": value, "valid_from": from, "valid_until": until,
					"max_uses": max, "used_count": 0, "active": active, "created_at": now}
				if plan != 0 {
					row["plan_id"] = plan
				}
				if err := e.db.Table("coupons").Create(row).Error; err != nil {
					t.Fatal(err)
				}
			}
			day := 24 * time.Hour
			add("WELCOME10", billing.CouponPercent, 10, 0, now.Add(-day), now.Add(day), 0, true)
			add("FLAT500", billing.CouponFlat, 500, 0, now.Add(-day), now.Add(day), e.plans["TFM-PREMIUM"], true)
			add("HUGE", billing.CouponFlat, 900000, 0, now.Add(-day), now.Add(day), 0, true)
			add("LATER", billing.CouponPercent, 10, 0, now.Add(day), now.Add(2*day), 0, true)
			add("OVER", billing.CouponPercent, 10, 0, now.Add(-2*day), now.Add(-day), 0, true)
			add("PAUSED", billing.CouponPercent, 10, 0, now.Add(-day), now.Add(day), 0, false)
			m := e.kerala()
			t.Run("OKPercentRoundsDownToRupees", func(t *testing.T) {
				q, err := e.svc.Quote(ctx, m, "TFM-CLASSIC", " welcome10 ")
				if err != nil {
					t.Fatal(err)
				}
				if q.Coupon != "WELCOME10" || q.DiscountPaise != 39900 || q.TotalPaise != 360000 || q.CouponLabel != "10% off" {
					t.Fatalf("%+v", q)
				}
			})
			t.Run("OKFlatForItsPlan", func(t *testing.T) {
				q, err := e.svc.Quote(ctx, m, "TFM-PREMIUM", "FLAT500")
				if err != nil || q.TotalPaise != 649900 || q.CouponLabel != "₹500 off" {
					t.Fatalf("%+v %v", q, err)
				}
			})
			t.Run("OKNeverBelowOneRupee", func(t *testing.T) {
				q, err := e.svc.Quote(ctx, m, "TFM-EXECUTIVE", "HUGE")
				if err != nil || q.TotalPaise != 100 {
					t.Fatalf("%+v %v", q, err)
				}
			})
			for _, c := range []struct{ name, plan, code string }{
				{"ErrUnknown", "TFM-CLASSIC", "NOPE"}, {"ErrMalformed", "TFM-CLASSIC", "<script>"},
				{"ErrNotStarted", "TFM-CLASSIC", "LATER"}, {"ErrEnded", "TFM-CLASSIC", "OVER"},
				{"ErrPaused", "TFM-CLASSIC", "PAUSED"}, {"ErrOtherPlan", "TFM-CLASSIC", "FLAT500"},
			} {
				t.Run(c.name, func(t *testing.T) {
					_, err := e.svc.Quote(ctx, m, c.plan, c.code)
					ae, ok := apperr.As(err)
					if !ok || ae.Kind != apperr.Invalid || ae.Message != billing.MsgInvalidCoupon || ae.Fields["coupon"] != billing.MsgInvalidCoupon {
						t.Fatalf("%v", err)
					}
				})
			}
			t.Run("ErrOncePerMember", func(t *testing.T) {
				e.pay(m, e.checkout(m, "TFM-CLASSIC", "WELCOME10"))
				if _, err := e.svc.Quote(ctx, m, "TFM-CLASSIC", "WELCOME10"); kindOf(err) != apperr.Invalid {
					t.Fatalf("a second use by the same member: %v", err)
				}
			})
		})
	}
}

// P5: a coupon used past its limit by concurrent buyers.
func TestCouponLimitHoldsUnderConcurrentBuyers(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			now := e.clock.now()
			e.db.Table("coupons").Create(map[string]any{"code": "FIRST3", "kind": "percent", "value": 20, "valid_from": now.Add(-time.Hour),
				"valid_until": now.Add(time.Hour), "max_uses": 3, "used_count": 0, "active": true, "created_at": now})
			buyers := make([]uint64, 12)
			for i := range buyers {
				buyers[i] = e.kerala()
			}
			var wg sync.WaitGroup
			results := make([]error, len(buyers))
			for i, m := range buyers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, results[i] = e.svc.Checkout(context.Background(), m, "TFM-CLASSIC", "FIRST3")
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range results {
				switch {
				case err == nil:
					ok++
				case kindOf(err) != apperr.Invalid:
					t.Errorf("unexpected error: %v", err)
				}
			}
			var used int
			e.db.Table("coupons").Where("code = ?", "FIRST3").Pluck("used_count", &used)
			if ok != 3 || used != 3 || e.count("orders", "coupon_code = ?", "FIRST3") != 3 {
				t.Fatalf("%d checkouts got the coupon, used_count %d; the limit is 3", ok, used)
			}
			// An unpaid order gives its use back when it expires; a payment that still arrives counts it again.
			var late billing.Checkout
			var lateBuyer uint64
			for i, err := range results {
				if err == nil && late.Order == nil {
					lateBuyer = buyers[i]
					pg, _ := e.svc.Orders(context.Background(), lateBuyer, "", 0, 10)
					late.Order = pg.Items[0]
				}
			}
			e.clock.add(3 * time.Hour)
			if n, err := e.svc.ExpireStale(context.Background()); err != nil || n != 3 {
				t.Fatalf("expired %d, %v", n, err)
			}
			e.db.Table("coupons").Where("code = ?", "FIRST3").Pluck("used_count", &used)
			if used != 0 {
				t.Fatalf("used_count after expiry: %d", used)
			}
			var gwID string
			e.db.Table("orders").Where("order_no = ?", late.Order.ID).Pluck("gateway_order_id", &gwID)
			if _, _, err := e.gw.Pay(context.Background(), gwID); err != nil {
				t.Fatal(err)
			}
			o, _ := e.svc.Order(context.Background(), lateBuyer, late.Order.ID)
			e.db.Table("coupons").Where("code = ?", "FIRST3").Pluck("used_count", &used)
			if o.Status != billing.OrderPaid || used != 1 || !e.ent(lateBuyer).Paid {
				t.Fatalf("a payment after expiry: %+v, used_count %d", o, used)
			}
		})
	}
}

// P1: the amount is the server's; a client cannot send one, and a payment of another amount grants nothing.
func TestAmountIsTheServers(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			m := e.kerala()
			c := e.checkout(m, "TFM-CLASSIC", "")
			if c.AmountPaise != 399900 || c.Order.AmountPaise != 399900 || c.Currency != "INR" || c.Gateway != "test" || c.GatewayOrderID == "" ||
				!strings.Contains(c.CheckoutURL, "/dev/checkout/"+c.GatewayOrderID) || !strings.Contains(c.CheckoutURL, "plan-upgrade%2Fcallback") {
				t.Fatalf("checkout: %+v", c)
			}
			// A webhook claiming a payment of ₹1 for the order (as if the amount was tampered with on the way).
			body, sig := e.gw.Webhook(razorpay.EventPaymentCaptured, razorpay.Payload{Payment: &razorpay.PaymentWrapper{Entity: razorpay.Payment{
				ID: "pay_Tampered000001", Entity: "payment", Amount: 100, Currency: "INR", Status: "captured", OrderID: c.GatewayOrderID, Captured: true}}})
			if err := e.svc.HandleWebhook(context.Background(), body, sig, "evt_tampered"); err != nil {
				t.Fatal(err)
			}
			o, _ := e.svc.Order(context.Background(), m, c.Order.ID)
			if o.Status != billing.OrderCreated || e.ent(m).Paid || e.count("payments", "status = ?", billing.PaymentMismatch) != 1 {
				t.Fatalf("a short payment granted something: %+v", o)
			}
			// A double click offers the same order again instead of a second one.
			if again := e.checkout(m, "TFM-CLASSIC", ""); again.Order.ID != c.Order.ID {
				t.Fatalf("a second checkout made order %s beside %s", again.Order.ID, c.Order.ID)
			}
		})
	}
}

// P2, P3: forged and replayed signatures, and someone else's order.
func TestCallbackVerification(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			alice, bob := e.kerala(), e.kerala()
			ca := e.checkout(alice, "TFM-CLASSIC", "")
			cb := e.checkout(bob, "TFM-EXECUTIVE", "")
			// The stand-in pays without delivering webhooks through here: only the callback may grant below.
			pa, sa := "pay_Alice00000001", razorpay.PaymentSignature("wrong-secret", ca.GatewayOrderID, "pay_Alice00000001")
			for _, c := range []struct {
				name  string
				who   uint64
				order string
				proof billing.PaymentProof
				kind  apperr.Kind
			}{
				{"ErrForgedSignature", alice, ca.Order.ID, billing.PaymentProof{PaymentID: pa, OrderID: ca.GatewayOrderID, Signature: sa}, apperr.BadRequest},
				{"ErrNotHex", alice, ca.Order.ID, billing.PaymentProof{PaymentID: pa, OrderID: ca.GatewayOrderID, Signature: strings.Repeat("z", 64)}, apperr.BadRequest},
				{"ErrMissing", alice, ca.Order.ID, billing.PaymentProof{PaymentID: pa, OrderID: ca.GatewayOrderID}, apperr.Invalid},
				{"ErrSomeoneElsesOrder", bob, ca.Order.ID, billing.PaymentProof{PaymentID: pa, OrderID: ca.GatewayOrderID, Signature: sa}, apperr.NotFound},
				{"ErrUnknownOrder", alice, "TFM-NOSUCH12", billing.PaymentProof{PaymentID: pa, OrderID: ca.GatewayOrderID, Signature: sa}, apperr.NotFound},
			} {
				t.Run(c.name, func(t *testing.T) {
					_, err := e.svc.ConfirmPayment(ctx, c.who, c.order, c.proof)
					if kindOf(err) != c.kind {
						t.Fatalf("want %s, got %v", c.kind, err)
					}
				})
			}
			// Bob pays his own order; his valid proof replayed on Alice's order is refused.
			pb, sb, err := e.gw.Pay(ctx, cb.GatewayOrderID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.ConfirmPayment(ctx, alice, ca.Order.ID, billing.PaymentProof{PaymentID: pb, OrderID: cb.GatewayOrderID, Signature: sb}); kindOf(err) != apperr.BadRequest {
				t.Fatalf("Bob's proof on Alice's order: %v", err)
			}
			if _, err := e.svc.ConfirmPayment(ctx, alice, ca.Order.ID, billing.PaymentProof{PaymentID: pb, OrderID: ca.GatewayOrderID, Signature: sb}); kindOf(err) != apperr.BadRequest {
				t.Fatalf("Bob's signature with Alice's order id: %v", err)
			}
			if e.ent(alice).Paid {
				t.Fatal("Alice got a plan without paying")
			}
			// Bob's own callback, twice: one plan.
			for range 2 {
				o, err := e.svc.ConfirmPayment(ctx, bob, cb.Order.ID, billing.PaymentProof{PaymentID: pb, OrderID: cb.GatewayOrderID, Signature: sb})
				if err != nil || o.Status != billing.OrderPaid || o.Invoice == nil || o.ValidUntil == nil {
					t.Fatalf("Bob's callback: %+v %v", o, err)
				}
			}
			if n := e.count("subscriptions", "profile_id = ?", bob); n != 1 {
				t.Fatalf("%d subscriptions for one payment", n)
			}
		})
	}
}

// P4: the webhook replayed ten times in parallel with the callback grants once.
func TestWebhookStormAndCallbackGrantOnce(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			m := e.kerala()
			c := e.checkout(m, "TFM-PREMIUM", "")
			// The stand-in's own webhooks go nowhere: this test sends them itself.
			e.gw.SetWebhookTarget(http.NotFoundHandler(), "/nowhere")
			pid, sig, err := e.gw.Pay(ctx, c.GatewayOrderID)
			if err != nil {
				t.Fatal(err)
			}
			pay := razorpay.Payload{Payment: &razorpay.PaymentWrapper{Entity: razorpay.Payment{ID: pid, Entity: "payment", Amount: c.AmountPaise,
				Currency: "INR", Status: "captured", OrderID: c.GatewayOrderID, Method: "upi", Captured: true}}}
			captured, capSig := e.gw.Webhook(razorpay.EventPaymentCaptured, pay)
			paid, paidSig := e.gw.Webhook(razorpay.EventOrderPaid, pay)
			var wg sync.WaitGroup
			errs := make(chan error, 32)
			for i := range 10 {
				wg.Add(2)
				go func() {
					defer wg.Done()
					errs <- e.svc.HandleWebhook(ctx, captured, capSig, "evt_captured_once") // the same event, redelivered
				}()
				go func() {
					defer wg.Done()
					errs <- e.svc.HandleWebhook(ctx, paid, paidSig, fmt.Sprintf("evt_paid_%d", i)) // distinct events about one payment
				}()
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.ConfirmPayment(ctx, m, c.Order.ID, billing.PaymentProof{PaymentID: pid, OrderID: c.GatewayOrderID, Signature: sig})
				errs <- err
			}()
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			var oid uint64
			e.db.Table("orders").Where("order_no = ?", c.Order.ID).Pluck("id", &oid)
			if s, i, p, ev := e.count("subscriptions", "order_id = ?", oid), e.count("invoices", "order_id = ?", oid),
				e.count("payments", "order_id = ?", oid), e.count("events", "kind = ? AND recipient_id = ?", event.PlanActivated, m); s != 1 || i != 1 || p != 1 || ev != 1 {
				t.Fatalf("subscriptions %d, invoices %d, payments %d, plan-activated events %d; want 1 each", s, i, p, ev)
			}
			if got := e.ent(m); !got.Paid || got.ContactViewsLeft != 120 {
				t.Fatalf("%+v", got)
			}
		})
	}
}

func TestWebhookAloneGrantsAndBadSignatureIsRefused(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			m := e.kerala()
			c := e.checkout(m, "TFM-CLASSIC", "")
			body, sig := e.gw.Webhook(razorpay.EventPaymentCaptured, razorpay.Payload{Payment: &razorpay.PaymentWrapper{Entity: razorpay.Payment{
				ID: "pay_Webhook0000001", Amount: c.AmountPaise, Currency: "INR", Status: "captured", OrderID: c.GatewayOrderID, Captured: true}}})
			// P8: a bad signature (a changed byte, a signature from another secret) is refused and nothing is read.
			tampered := bytes.Replace(body, []byte(`"amount":399900`), []byte(`"amount":399901`), 1)
			for _, bad := range []struct {
				body []byte
				sig  string
			}{{tampered, sig}, {body, razorpay.WebhookSignature("another-secret", body)}, {body, ""}} {
				if err := e.svc.HandleWebhook(ctx, bad.body, bad.sig, "evt_bad"); kindOf(err) != apperr.BadRequest {
					t.Fatalf("bad webhook: %v", err)
				}
			}
			if e.ent(m).Paid || e.count("payment_events", "1 = 1") != 0 {
				t.Fatal("a refused webhook changed something")
			}
			// The browser never comes back: the webhook alone grants.
			if err := e.svc.HandleWebhook(ctx, body, sig, "evt_only"); err != nil {
				t.Fatal(err)
			}
			if !e.ent(m).Paid {
				t.Fatal("the webhook did not grant the plan")
			}
		})
	}
}

func TestFailedPaymentGrantsNothingAndARetryPays(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			m := e.kerala()
			c := e.checkout(m, "TFM-CLASSIC", "")
			if _, err := e.gw.Fail(ctx, c.GatewayOrderID); err != nil {
				t.Fatal(err)
			}
			o, _ := e.svc.Order(ctx, m, c.Order.ID)
			if o.Status != billing.OrderFailed || o.FailureReason == "" || o.Invoice != nil || e.ent(m).Paid {
				t.Fatalf("after a failed payment: %+v", o)
			}
			pg, _ := e.svc.Orders(ctx, m, billing.OrderFailed, 0, 10)
			if pg.Total != 1 {
				t.Fatalf("My Orders, failed: %+v", pg)
			}
			if _, err := e.svc.Orders(ctx, m, "stolen", 0, 10); kindOf(err) != apperr.Invalid {
				t.Fatalf("an unknown status filter: %v", err)
			}
			// The member tries again in the same checkout: the same order is paid.
			o = e.pay(m, c)
			if o.Status != billing.OrderPaid || o.FailureReason != "" || !e.ent(m).Paid {
				t.Fatalf("after the retry: %+v", o)
			}
		})
	}
}

func TestRenewalCarriesDaysAndViewsForward(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			m, owner := e.kerala(), storetest.NewMember(t, e.db, storetest.Person{}).ID
			e.pay(m, e.checkout(m, "TFM-EXECUTIVE", ""))
			first := e.ent(m)
			spend := func() (bool, int) {
				var charged bool
				var left int
				err := e.db.Transaction(func(tx *gorm.DB) error {
					var err error
					charged, left, err = e.svc.SpendContactView(tx, m, owner)
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				return charged, left
			}
			if charged, left := spend(); !charged || left != 24 {
				t.Fatalf("first view: charged %v, left %d", charged, left)
			}
			e.clock.add(30 * 24 * time.Hour)
			q, err := e.svc.Quote(ctx, m, "TFM-CLASSIC", "")
			if err != nil || q.Renewal == nil || q.Renewal.CarriedContactViews != 24 || !q.Renewal.NewExpiresAt.Equal(first.ExpiresAt.AddDate(0, 3, 0)) {
				t.Fatalf("renewal quote: %+v %v", q, err)
			}
			e.pay(m, e.checkout(m, "TFM-CLASSIC", ""))
			got := e.ent(m)
			if got.PlanName != "TFM-CLASSIC" || got.PrevContactViewPending != 24 || got.ContactViewsLeft != 74 ||
				!got.ExpiresAt.Equal(first.ExpiresAt.AddDate(0, 3, 0)) || !got.PeriodStart.Equal(first.PeriodStart) {
				t.Fatalf("after renewal: %+v (first %+v)", got, first)
			}
			// The member seen in the first plan is still free to see.
			if charged, left := spend(); charged || left != 74 {
				t.Fatalf("viewing again after renewal: charged %v, left %d", charged, left)
			}
			if e.count("subscriptions", "profile_id = ? AND status = ?", m, billing.SubRenewed) != 1 {
				t.Fatal("the first plan is not marked renewed")
			}
		})
	}
}

// P7: a refund ends the plan; a partial refund keeps it; refunding a renewal brings the renewed plan back.
func TestRefundsAndDisputes(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			t.Run("FullRefundEndsThePlan", func(t *testing.T) {
				m := e.kerala()
				o := e.pay(m, e.checkout(m, "TFM-CLASSIC", ""))
				if err := e.gw.Refund(ctx, o.PaymentID, 10000); err != nil {
					t.Fatal(err)
				}
				if got, _ := e.svc.Order(ctx, m, o.ID); got.Status != billing.OrderPaid || !e.ent(m).Paid {
					t.Fatalf("a partial refund ended the plan: %+v", got)
				}
				if err := e.gw.Refund(ctx, o.PaymentID, o.AmountPaise-10000); err != nil {
					t.Fatal(err)
				}
				got, _ := e.svc.Order(ctx, m, o.ID)
				if got.Status != billing.OrderRefunded || e.ent(m).Paid || e.count("events", "kind = ? AND recipient_id = ?", event.PlanEnded, m) != 1 {
					t.Fatalf("after the full refund: %+v, %+v", got, e.ent(m))
				}
				if got.Invoice == nil {
					t.Fatal("the invoice of a refunded order must stay")
				}
			})
			t.Run("RefundOfARenewalBringsThePlanBack", func(t *testing.T) {
				m := e.kerala()
				e.pay(m, e.checkout(m, "TFM-EXECUTIVE", ""))
				before := e.ent(m)
				o := e.pay(m, e.checkout(m, "TFM-PREMIUM", ""))
				if err := e.gw.Refund(ctx, o.PaymentID, o.AmountPaise); err != nil {
					t.Fatal(err)
				}
				got := e.ent(m)
				if got.PlanName != "TFM-EXECUTIVE" || !got.ExpiresAt.Equal(*before.ExpiresAt) || got.ContactViewsLeft != before.ContactViewsLeft {
					t.Fatalf("after refunding the renewal: %+v, before %+v", got, before)
				}
			})
			t.Run("DisputeHoldsThenRestoresOrEnds", func(t *testing.T) {
				m := e.kerala()
				o := e.pay(m, e.checkout(m, "TFM-CLASSIC", ""))
				if err := e.gw.Dispute(ctx, o.PaymentID, "created"); err != nil {
					t.Fatal(err)
				}
				if got, _ := e.svc.Order(ctx, m, o.ID); got.Status != billing.OrderDisputed || e.ent(m).Paid {
					t.Fatalf("while disputed: %+v", got)
				}
				if err := e.gw.Dispute(ctx, o.PaymentID, "won"); err != nil {
					t.Fatal(err)
				}
				if got, _ := e.svc.Order(ctx, m, o.ID); got.Status != billing.OrderPaid || !e.ent(m).Paid {
					t.Fatalf("after winning: %+v", got)
				}
				if err := e.gw.Dispute(ctx, o.PaymentID, "created"); err != nil {
					t.Fatal(err)
				}
				if err := e.gw.Dispute(ctx, o.PaymentID, "lost"); err != nil {
					t.Fatal(err)
				}
				if got, _ := e.svc.Order(ctx, m, o.ID); got.Status != billing.OrderRefunded || e.ent(m).Paid {
					t.Fatalf("after losing: %+v", got)
				}
			})
		})
	}
}

func TestContactViewsAreSpentOnceEvenWhenRacing(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			m := e.kerala()
			someone := storetest.NewMember(t, e.db, storetest.Person{}).ID
			free := func() error {
				return e.db.Transaction(func(tx *gorm.DB) error {
					_, _, err := e.svc.SpendContactView(tx, m, someone)
					return err
				})
			}
			if err := free(); kindOf(err) != apperr.PaymentRequired {
				t.Fatalf("a free member: %v", err)
			}
			e.pay(m, e.checkout(m, "TFM-EXECUTIVE", ""))
			e.db.Exec("UPDATE subscriptions SET contact_views_used = 24 WHERE profile_id = ?", m) // one view left
			owners := make([]uint64, 6)
			for i := range owners {
				owners[i] = storetest.NewMember(t, e.db, storetest.Person{}).ID
			}
			var wg sync.WaitGroup
			errs := make([]error, len(owners))
			for i, o := range owners {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = store.Retry(context.Background(), 5, func() error {
						return e.db.Transaction(func(tx *gorm.DB) error {
							_, _, err := e.svc.SpendContactView(tx, m, o)
							return err
						})
					})
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
				} else if kindOf(err) != apperr.PaymentRequired {
					t.Errorf("unexpected: %v", err)
				}
			}
			if ok != 1 || e.count("contact_views", "viewer_id = ?", m) != 1 || e.ent(m).ContactViewsLeft != 0 {
				t.Fatalf("%d reveals with one view left", ok)
			}
		})
	}
}

func TestInvoices(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			buyers := make([]uint64, 6)
			for i := range buyers {
				buyers[i] = e.kerala()
			}
			// A grant that rolls back gives its number back: the series has no gaps.
			err := e.db.Transaction(func(tx *gorm.DB) error {
				tx.Exec("INSERT INTO invoice_counters (fy, last_seq) VALUES ('2026-27', 0)")
				tx.Exec("UPDATE invoice_counters SET last_seq = last_seq + 1 WHERE fy = '2026-27'")
				return fmt.Errorf("rolled back")
			})
			if err == nil {
				t.Fatal("expected the rollback")
			}
			var wg sync.WaitGroup
			orders := make([]*billing.Order, len(buyers))
			for i, m := range buyers {
				c := e.checkout(m, "TFM-CLASSIC", "")
				wg.Add(1)
				go func() {
					defer wg.Done()
					pid, sig, err := e.gw.Pay(ctx, c.GatewayOrderID)
					if err != nil {
						t.Error(err)
						return
					}
					orders[i], _ = e.svc.ConfirmPayment(ctx, m, c.Order.ID, billing.PaymentProof{PaymentID: pid, OrderID: c.GatewayOrderID, Signature: sig})
				}()
			}
			wg.Wait()
			var seqs []int
			e.db.Table("invoices").Where("fy = ?", "2026-27").Order("seq").Pluck("seq", &seqs)
			if fmt.Sprint(seqs) != "[1 2 3 4 5 6]" {
				t.Fatalf("invoice numbers %v", seqs)
			}
			o := orders[0]
			if o == nil || o.Invoice == nil || !strings.HasPrefix(o.Invoice.Number, "TFM/26-27/00000") {
				t.Fatalf("%+v", o)
			}
			// P6: only the buyer gets the invoice; an unpaid order has none.
			if _, err := e.svc.InvoicePDF(ctx, buyers[1], o.ID); kindOf(err) != apperr.NotFound {
				t.Fatalf("another member's invoice: %v", err)
			}
			unpaid := e.checkout(buyers[1], "TFM-PREMIUM", "")
			if _, err := e.svc.InvoicePDF(ctx, buyers[1], unpaid.Order.ID); kindOf(err) != apperr.NotFound {
				t.Fatalf("an unpaid order's invoice: %v", err)
			}
			inv, err := e.svc.InvoicePDF(ctx, buyers[0], o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(inv.PDF, []byte("%PDF-")) || !strings.HasSuffix(inv.FileName, ".pdf") || strings.Contains(inv.FileName, "/") {
				t.Fatalf("file %q", inv.FileName)
			}
			text := pdfText(t, inv.PDF)
			for _, want := range []string{o.Invoice.Number, "Tax Invoice", "IGST 18%", "₹3,999.00", "Kerala (32)", "33ABCDE1234F1Z5", o.ID, "Three Thousand Nine Hundred Ninety-Nine"} {
				if !strings.Contains(text, want) {
					t.Errorf("the invoice does not say %q:\n%s", want, text)
				}
			}
			// Deleting the account keeps the invoice and the order, without the person.
			err = e.db.Transaction(func(tx *gorm.DB) error { return e.svc.ForgetMember(ctx, tx, buyers[0]) })
			if err != nil {
				t.Fatal(err)
			}
			var row struct{ BuyerName, BuyerEmail, BuyerPhone, BuyerState string }
			e.db.Table("invoices").Where("number = ?", o.Invoice.Number).Take(&row)
			if row.BuyerName != "" || row.BuyerEmail != "" || row.BuyerPhone != "" || row.BuyerState != "Kerala" ||
				e.count("orders", "order_no = ? AND profile_id IS NULL", o.ID) != 1 {
				t.Fatalf("after deletion: %+v", row)
			}
		})
	}
}

// pdfText extracts a PDF's text with poppler's pdftotext, as a member's viewer would show it.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("TFM_SKIP_PDFTOTEXT") == "1" {
			t.Skip("pdftotext missing and TFM_SKIP_PDFTOTEXT=1")
		}
		t.Fatal("pdftotext is needed to read the invoice: apt-get install poppler-utils")
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestHighlightSetFollowsPlansAndTheirEnd checks the kept set ranking and
// cards read: who holds a plan with profile highlight, a plan's end taking
// effect at its time without a reread, and a set read before a purchase
// staying as it was (HighlightsTTL) until it is read again.
func TestHighlightSetFollowsPlansAndTheirEnd(t *testing.T) {
	ctx := context.Background()
	for name, e := range engines(t) {
		t.Run(string(name), func(t *testing.T) {
			premium, classic, free := e.kerala(), e.kerala(), e.kerala()
			kept := billing.NewMeter(e.db, e.clock.now)
			before, err := kept.HighlightSet(ctx)
			if err != nil {
				t.Fatal(err)
			}
			e.pay(premium, e.checkout(premium, "tfm-premium", ""))
			e.pay(classic, e.checkout(classic, "tfm-classic", ""))
			if before(premium) {
				t.Fatal("the set read before the purchase has no highlight for it")
			}
			if again, _ := kept.HighlightSet(ctx); again(premium) {
				t.Fatal("within HighlightsTTL the kept set is not read again")
			}
			has, err := billing.NewMeter(e.db, e.clock.now).HighlightSet(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !has(premium) || has(classic) || has(free) {
				t.Fatalf("highlight: premium %v, classic %v, free %v; want only premium", has(premium), has(classic), has(free))
			}
			m := billing.NewMeter(e.db, e.clock.now)
			if during, err := m.HighlightSet(ctx); err != nil || !during(premium) {
				t.Fatalf("during the plan: %v", err)
			}
			e.clock.add(6*31*24*time.Hour + time.Hour) // past the six months
			if after, _ := m.HighlightSet(ctx); after(premium) {
				t.Fatal("the plan's end takes effect at its time, without a reread")
			}
		})
	}
}
