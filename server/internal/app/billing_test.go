package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// checkoutAnswer is create-payment's data.
type checkoutAnswer struct {
	Order struct {
		ID          string `json:"id"`
		AmountPaise int64  `json:"amountPaise"`
		Status      string `json:"status"`
	} `json:"order"`
	Gateway        string `json:"gateway"`
	GatewayOrderID string `json:"gatewayOrderId"`
	AmountPaise    int64  `json:"amountPaise"`
	CheckoutURL    string `json:"checkoutUrl"`
	Prefill        struct {
		Email string `json:"email"`
	} `json:"prefill"`
}

// payThroughCheckoutPage plays the member's browser on the test gateway's
// checkout page: it opens the page, presses the button of choice and returns
// the callback address the page sends the browser back to.
func payThroughCheckoutPage(t *testing.T, a *app.App, checkoutURL, choice string) *url.URL {
	t.Helper()
	w, _ := call(t, a, "GET", checkoutURL, "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "no money moves") {
		t.Fatalf("checkout page: %d %s", w.Code, w.Body.String())
	}
	form := url.Values{}
	for _, m := range regexp.MustCompile(`<input type="hidden" name="([a-z_]+)" value="([^"]*)"`).FindAllStringSubmatch(w.Body.String(), -1) {
		form.Set(m[1], htmlUnescape(m[2]))
	}
	form.Set("choice", choice)
	u, _ := url.Parse(checkoutURL)
	req := httptest.NewRequest("POST", u.Path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	a.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("pressing %s: %d %s", choice, rec.Code, rec.Body.String())
	}
	back, err := url.Parse(rec.Header().Get("Location"))
	if err != nil || back.Path != "/plan-upgrade/callback" {
		t.Fatalf("sent back to %q", rec.Header().Get("Location"))
	}
	return back
}

// raw answers a request without reading an envelope (a PDF).
func raw(a *app.App, method, path string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	req.RemoteAddr = "203.0.113.7:5555"
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	a.Handler.ServeHTTP(w, req)
	return w
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("timed out waiting")
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&#34;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">", "&#43;", "+").Replace(s)
}

// profileEntitlements reads GET profile?onlyInfo=true's plan summary.
func profileEntitlements(t *testing.T, a *app.App, m testMember) (sub *struct {
	PlanName  string `json:"planName"`
	ExpiresAt string `json:"expiresAt"`
}, ent billing.Entitlements) {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", m.auth()...)
	if w.Code != 200 {
		t.Fatalf("GET profile: %d", w.Code)
	}
	var d struct {
		Subscription *struct {
			PlanName  string `json:"planName"`
			ExpiresAt string `json:"expiresAt"`
		} `json:"subscription"`
		Entitlements billing.Entitlements `json:"entitlements"`
	}
	json.Unmarshal(e.Data, &d)
	return d.Subscription, d.Entitlements
}

func TestBillingOverHTTP(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			bride := newMember(t, a, 20, "Asha Mathew", 27)
			groom := newMember(t, a, 10, "Jobin Varghese", 30)
			other := newMember(t, a, 20, "Neha George", 26)
			var kerala uint64
			a.DB.Table("states").Where("name = ?", "Kerala").Pluck("id", &kerala)
			a.DB.Table("profiles").Where("id = ?", bride.ID).Update("state_id", kerala)

			t.Run("ErrVisitorsAndStrangers", func(t *testing.T) {
				for _, r := range []struct{ method, path string }{
					{"POST", "/api/v1/create-payment"}, {"POST", "/api/v1/payment/filter"}, {"GET", "/api/v1/payment/TFM-AAAAAAAA"},
					{"POST", "/api/v1/payment/TFM-AAAAAAAA"}, {"GET", "/api/v1/generate/invoice/TFM-AAAAAAAA"},
					{"POST", "/api/v1/profile/partner/contact-view/" + groom.Code}, {"GET", "/api/v1/list-of-contactview"},
				} {
					if w, _ := call(t, a, r.method, r.path, `{}`); w.Code != 401 {
						t.Errorf("%s %s as a visitor: %d", r.method, r.path, w.Code)
					}
				}
				// A visitor may price a plan, without the GST split or a renewal.
				w, e := call(t, a, "POST", "/api/v1/plans/quote", `{"plan":"TFM-CLASSIC"}`)
				var q billing.Quote
				json.Unmarshal(e.Data, &q)
				if w.Code != 200 || q.TotalPaise != 399900 || q.GSTPaise != 61002 || q.IGSTPaise+q.CGSTPaise != 0 {
					t.Fatalf("visitor quote: %d %s", w.Code, w.Body.String())
				}
			})

			t.Run("OKPlansFromTheRows", func(t *testing.T) {
				_, e := call(t, a, "GET", "/api/v1/plans", "")
				var ps []billing.Plan
				json.Unmarshal(e.Data, &ps)
				if len(ps) != 5 || !ps[0].Free || ps[0].DailyInvitations != 10 || ps[2].Name != "TFM-CLASSIC" || ps[2].DailyInvitations != 50 {
					t.Fatalf("plans: %+v", ps)
				}
			})

			t.Run("ErrAmountFromTheClientIsRefused", func(t *testing.T) {
				// P1: the client cannot name a price; strict JSON refuses the field and no order is made.
				w, e := call(t, a, "POST", "/api/v1/create-payment", `{"plan":"TFM-CLASSIC","amount":100}`, bride.auth()...)
				if w.Code != 400 || !strings.Contains(e.Meta.Message, "amount") {
					t.Fatalf("%d %s", w.Code, w.Body.String())
				}
				var n int64
				a.DB.Table("orders").Where("profile_id = ?", bride.ID).Count(&n)
				if n != 0 {
					t.Fatalf("%d orders made", n)
				}
				w, e = call(t, a, "POST", "/api/v1/coupon/isValid", `{"plan":"TFM-CLASSIC","coupon":"FREE100"}`, bride.auth()...)
				if w.Code != 422 || e.Meta.Message != "Invalid coupon" || !strings.Contains(string(e.Data), `"coupon":"Invalid coupon"`) {
					t.Fatalf("unknown coupon: %d %s", w.Code, w.Body.String())
				}
			})

			var order checkoutAnswer
			t.Run("OKBuyWithACouponThroughTheCheckoutPage", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/v1/coupon/isValid", `{"plan":"TFM-CLASSIC","coupon":"welcome10"}`, bride.auth()...)
				var q billing.Quote
				json.Unmarshal(e.Data, &q)
				if w.Code != 200 || q.TotalPaise != 360000 || q.DiscountPaise != 39900 || q.IGSTPaise == 0 {
					t.Fatalf("coupon quote: %d %s", w.Code, w.Body.String())
				}
				w, e = call(t, a, "POST", "/api/v1/create-payment", `{"plan":"TFM-CLASSIC","coupon":"WELCOME10"}`, bride.auth()...)
				json.Unmarshal(e.Data, &order)
				if w.Code != 200 || order.Gateway != "test" || order.AmountPaise != 360000 || order.Prefill.Email != bride.Email || order.Order.Status != "created" {
					t.Fatalf("create-payment: %d %s", w.Code, w.Body.String())
				}
				back := payThroughCheckoutPage(t, a, order.CheckoutURL, "success")
				q2 := back.Query()
				if q2.Get("order") != order.Order.ID {
					t.Fatalf("callback for %q", q2.Get("order"))
				}
				proof := fmt.Sprintf(`{"razorpay_payment_id":%q,"razorpay_order_id":%q,"razorpay_signature":%q}`,
					q2.Get("razorpay_payment_id"), q2.Get("razorpay_order_id"), q2.Get("razorpay_signature"))
				// P3: someone else posting the proof gets nothing.
				if w, _ := call(t, a, "POST", "/api/v1/payment/"+order.Order.ID, proof, other.auth()...); w.Code != 404 {
					t.Fatalf("another member's callback: %d", w.Code)
				}
				w, e = call(t, a, "POST", "/api/v1/payment/"+order.Order.ID, proof, bride.auth()...)
				var o billing.Order
				json.Unmarshal(e.Data, &o)
				if w.Code != 200 || o.Status != "paid" || o.Invoice == nil || o.Coupon != "WELCOME10" {
					t.Fatalf("callback: %d %s", w.Code, w.Body.String())
				}
				// The stand-in's webhooks come 300 ms after the browser, as Razorpay's do: wait for both.
				waitFor(t, func() bool {
					var n int64
					a.DB.Table("payment_events").Count(&n)
					return n >= 2
				})
				sub, ent := profileEntitlements(t, a, bride)
				if sub == nil || sub.PlanName != "TFM-CLASSIC" || !ent.Paid || ent.ContactViewsLeft != 50 {
					t.Fatalf("plan summary after paying: %+v %+v", sub, ent)
				}
				var subs, events int64
				a.DB.Table("subscriptions").Where("profile_id = ?", bride.ID).Count(&subs)
				a.DB.Table("events").Where("kind = ? AND recipient_id = ?", "planActivated", bride.ID).Count(&events)
				if subs != 1 || events != 1 {
					t.Fatalf("%d subscriptions and %d plan-activated events for one payment (callback and webhooks)", subs, events)
				}
				// She is told, in the bell and by e-mail (her address is verified).
				deliverEvents(t, a)
				_, e = call(t, a, "GET", "/api/v1/profile/notification", "", bride.auth()...)
				var notes struct{ Items []notificationJSON }
				json.Unmarshal(e.Data, &notes)
				if len(notes.Items) == 0 || notes.Items[0].Type != "planActivated" || !strings.Contains(notes.Items[0].Message, order.Order.ID) ||
					notes.Items[0].Link != "/my-matrimony/orders" {
					t.Fatalf("notifications: %+v", notes.Items)
				}
				sent, ok := a.MailOutbox.Last(bride.Email)
				if !ok || !strings.Contains(sent.Subject, "Payment received") || !strings.Contains(sent.Text, "TFM-CLASSIC") {
					t.Fatalf("receipt e-mail: %+v", sent)
				}
			})

			t.Run("OKMyOrdersAndTheInvoice", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/v1/payment/filter", `{"skip":0,"limit":10}`, bride.auth()...)
				var pg billing.OrderPage
				json.Unmarshal(e.Data, &pg)
				if w.Code != 200 || pg.Total != 1 || pg.Items[0].ID != order.Order.ID || pg.Items[0].ValidUntil == nil {
					t.Fatalf("My Orders: %d %s", w.Code, w.Body.String())
				}
				w = raw(a, "GET", "/api/v1/generate/invoice/"+order.Order.ID, bride.auth()...)
				if w.Code != 200 || w.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF-")) ||
					!strings.Contains(w.Header().Get("Content-Disposition"), "attachment") {
					t.Fatalf("invoice: %d %v", w.Code, w.Header())
				}
				// P6: another member's invoice is not found.
				if w, _ := call(t, a, "GET", "/api/v1/generate/invoice/"+order.Order.ID, "", other.auth()...); w.Code != 404 {
					t.Fatalf("another member's invoice: %d", w.Code)
				}
			})

			t.Run("OKContactView", func(t *testing.T) {
				partner := func(viewer, owner testMember) profile.PartnerView {
					_, e := call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
					var v profile.PartnerView
					json.Unmarshal(e.Data, &v)
					return v
				}
				// A free member is told what it takes.
				if v := partner(other, groom); v.ContactAccess.State != profile.AccessNoPlan || !v.Contact.Masked {
					t.Fatalf("free member: %+v", v.ContactAccess)
				}
				if w, e := call(t, a, "POST", "/api/v1/profile/partner/contact-view/"+groom.Code, "", other.auth()...); w.Code != 402 || e.Meta.Code != 402 || e.Meta.Message != billing.MsgNeedPlan {
					t.Fatalf("free member's contact view: %d %s", w.Code, w.Body.String())
				}
				v := partner(bride, groom)
				if v.ContactAccess.State != profile.AccessAvailable || v.ContactAccess.ViewsLeft != 50 || !v.Contact.Masked {
					t.Fatalf("paid member before viewing: %+v %+v", v.ContactAccess, v.Contact)
				}
				var reveal profile.ContactReveal
				w, e := call(t, a, "POST", "/api/v1/profile/partner/contact-view/"+groom.Code, "", bride.auth()...)
				json.Unmarshal(e.Data, &reveal)
				if w.Code != 200 || !reveal.Charged || reveal.ContactViewsLeft != 49 || reveal.Contact.Phone != groom.Phone || reveal.Contact.Email != groom.Email {
					t.Fatalf("contact view: %d %s", w.Code, w.Body.String())
				}
				_, e = call(t, a, "POST", "/api/v1/profile/partner/contact-view/"+groom.Code, "", bride.auth()...)
				json.Unmarshal(e.Data, &reveal)
				if reveal.Charged || reveal.ContactViewsLeft != 49 {
					t.Fatalf("the same member again: %+v", reveal)
				}
				if v := partner(bride, groom); v.ContactAccess.State != profile.AccessShown || v.Contact.Masked || v.Contact.Phone != groom.Phone {
					t.Fatalf("profile after the view: %+v %+v", v.ContactAccess, v.Contact)
				}
				w, e = call(t, a, "GET", "/api/v1/list-of-contactview", "", bride.auth()...)
				var list struct {
					Items []profile.ContactCard `json:"items"`
					Total int64                 `json:"total"`
				}
				json.Unmarshal(e.Data, &list)
				if w.Code != 200 || list.Total != 1 || list.Items[0].ProfileID != groom.Code || list.Items[0].Contact.Phone != groom.Phone {
					t.Fatalf("list-of-contactview: %d %s", w.Code, w.Body.String())
				}
				// The owner's contact filter still applies, and spends nothing.
				strict := newMember(t, a, 10, "Tomy Kurian", 31)
				a.DB.Exec("UPDATE profiles SET contact_filter = ? WHERE id = ?", profile.ContactVerified, strict.ID)
				if w, e := call(t, a, "POST", "/api/v1/profile/partner/contact-view/"+strict.Code, "", bride.auth()...); w.Code != 403 || e.Meta.Message != profile.MsgContactVerified {
					t.Fatalf("filter 'verified': %d %s", w.Code, w.Body.String())
				}
				// A block drops the member from the list at once and hides the profile.
				call(t, a, "POST", "/api/v1/profile/block/"+bride.Code, "", groom.auth()...)
				if w, _ := call(t, a, "POST", "/api/v1/profile/partner/contact-view/"+groom.Code, "", bride.auth()...); w.Code != 404 {
					t.Fatalf("a member who blocked me: %d", w.Code)
				}
				_, e = call(t, a, "GET", "/api/v1/list-of-contactview", "", bride.auth()...)
				json.Unmarshal(e.Data, &list)
				if list.Total != 0 || len(list.Items) != 0 {
					t.Fatalf("list after the block: %+v", list)
				}
				if ent, _ := a.Plans.Entitlements(ctx, bride.ID); ent.ContactViewsLeft != 49 {
					t.Fatalf("views left: %d", ent.ContactViewsLeft)
				}
			})

			t.Run("OKFailedPaymentGrantsNothing", func(t *testing.T) {
				_, e := call(t, a, "POST", "/api/v1/create-payment", `{"plan":"TFM-EXECUTIVE"}`, other.auth()...)
				var c checkoutAnswer
				json.Unmarshal(e.Data, &c)
				back := payThroughCheckoutPage(t, a, c.CheckoutURL, "fail")
				if back.Query().Get("error") != "payment_failed" {
					t.Fatalf("sent back with %v", back.Query())
				}
				_, e = call(t, a, "GET", "/api/v1/payment/"+c.Order.ID, "", other.auth()...)
				var o billing.Order
				json.Unmarshal(e.Data, &o)
				if o.Status != "failed" || o.Invoice != nil {
					t.Fatalf("after failing: %+v", o)
				}
				if sub, ent := profileEntitlements(t, a, other); sub != nil || ent.Paid {
					t.Fatalf("a failed payment granted %+v", ent)
				}
			})

			t.Run("OKInvitationLimitIsThePlanRows", func(t *testing.T) {
				// An admin's edit of the paid plan's number is what the invitation limit enforces.
				a.DB.Exec("UPDATE plans SET daily_invitations = 1 WHERE name = 'TFM-CLASSIC'")
				defer a.DB.Exec("UPDATE plans SET daily_invitations = 50 WHERE name = 'TFM-CLASSIC'")
				g1, g2 := newMember(t, a, 10, "Groom Alpha", 30), newMember(t, a, 10, "Groom Beta", 30)
				if w, _ := call(t, a, "POST", "/api/v1/profile/invite/"+g1.Code, "", bride.auth()...); w.Code != 200 {
					t.Fatalf("first invitation: %d", w.Code)
				}
				w, e := call(t, a, "POST", "/api/v1/profile/invite/"+g2.Code, "", bride.auth()...)
				if w.Code != 429 || !strings.Contains(e.Meta.Message, "sent 1 invitations today") {
					t.Fatalf("second invitation: %d %s", w.Code, w.Body.String())
				}
			})
		})
	}
}

// P8: a webhook with a bad signature is refused and logged without its body.
func TestBadWebhookIsRefusedAndLoggedWithoutTheBody(t *testing.T) {
	a := masterApp(t, "")
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&logs, nil)))
	defer slog.SetDefault(prev)
	body := `{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_SECRETBODY0001","order_id":"order_x","amount":100,"email":"victim@example.in","contact":"+919847012345"}}}}`
	w, e := call(t, a, "POST", "/api/v1/payment/webhook", body, "X-Razorpay-Signature", strings.Repeat("ab", 32), "X-Razorpay-Event-Id", "evt_probe")
	if w.Code != 400 || e.Meta.Message != billing.MsgBadWebhook {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	out := logs.String()
	if !strings.Contains(out, "payment webhook refused") || !strings.Contains(out, "evt_probe") {
		t.Fatalf("the refusal was not logged: %s", out)
	}
	for _, leak := range []string{"SECRETBODY", "victim@example.in", "9847012345", "payment.captured"} {
		if strings.Contains(out, leak) {
			t.Fatalf("the log carries the body (%q): %s", leak, out)
		}
	}
}

// The demo data shows billing: every demo member on a paid plan has the
// order, payment and invoice that bought it.
func TestDemoPlansHaveOrdersAndInvoices(t *testing.T) {
	a := newApp(t, "", true)
	var subs, orphans, invoices int64
	a.DB.Table("subscriptions").Count(&subs)
	a.DB.Table("subscriptions").Where("order_id IS NULL").Count(&orphans)
	a.DB.Table("invoices i").Joins("JOIN orders o ON o.id = i.order_id").Where("o.status = ?", "paid").Count(&invoices)
	if subs == 0 || orphans != 0 || invoices != subs {
		t.Fatalf("%d demo plans, %d without an order, %d invoices", subs, orphans, invoices)
	}
	// Spent contact views are listed: Inbox → Contacts agrees with "N left".
	var used, listed int64
	a.DB.Table("subscriptions").Select("COALESCE(SUM(contact_views_used), 0)").Scan(&used)
	a.DB.Table("contact_views").Count(&listed)
	if used == 0 || listed != used {
		t.Fatalf("%d contact views spent on demo plans, %d listed", used, listed)
	}
	// Seeding again adds nothing.
	if _, err := a.Seeder().Demo(context.Background()); err != nil {
		t.Fatal(err)
	}
	var again, listedAgain int64
	a.DB.Table("orders").Count(&again)
	a.DB.Table("contact_views").Count(&listedAgain)
	if again != subs || listedAgain != listed {
		t.Fatalf("%d orders and %d contact views after a second seeding, want %d and %d", again, listedAgain, subs, listed)
	}
}
