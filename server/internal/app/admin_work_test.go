package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// auditCount counts audit lines of action on objectID.
func auditCount(t *testing.T, a *app.App, action, objectID string) int64 {
	t.Helper()
	var n int64
	a.DB.Table("audit_log").Where("action = ? AND object_id = ?", action, objectID).Count(&n)
	return n
}

// rawAs answers a request without reading an envelope (images, PDFs).
func rawAs(a *app.App, method, path string, s adminSession) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	req.RemoteAddr = "203.0.113.50:5555"
	req.Header.Set("Authorization", "Bearer "+s.Token)
	w := httptest.NewRecorder()
	a.Handler.ServeHTTP(w, req)
	return w
}

func TestAdminWork(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			mod := newAdmin(t, a, "moderator")
			sup := newAdmin(t, a, "support")
			fin := newAdmin(t, a, "finance")
			cont := newAdmin(t, a, "content")
			boss := newAdmin(t, a, "superadmin")
			bride := newMember(t, a, 20, "Sneha Mathew", 27)
			groom := newMember(t, a, 10, "Tony Jacob", 30)

			t.Run("OKMemberSearchMasksAndTheViewIsAuditedOnce", func(t *testing.T) {
				w, e := call(t, a, "GET", "/api/admin/members?q="+bride.Email, "", sup.auth()...)
				var pg struct {
					Items []struct{ ProfileID, Email, Phone, Status string }
					Total int64
				}
				json.Unmarshal(e.Data, &pg)
				if w.Code != 200 || pg.Total != 1 || pg.Items[0].ProfileID != bride.Code || strings.Contains(pg.Items[0].Email, "member") ||
					strings.Contains(pg.Items[0].Phone, bride.Phone) {
					t.Fatalf("search: %d %s", w.Code, w.Body.String())
				}
				if n := auditCount(t, a, "member.view", bride.Code); n != 0 {
					t.Fatalf("a search left %d view lines", n)
				}
				w, e = call(t, a, "GET", "/api/admin/members/"+bride.Code, "", sup.auth()...)
				var d struct{ Email, Phone string }
				json.Unmarshal(e.Data, &d)
				if w.Code != 200 || d.Email != bride.Email || !strings.Contains(d.Phone, bride.Phone) {
					t.Fatalf("member view: %d %s", w.Code, w.Body.String())
				}
				if n := auditCount(t, a, "member.view", bride.Code); n != 1 {
					t.Fatalf("%d audit lines for one member view", n)
				}
			})

			t.Run("OKProofVerifiedGrantsTheBadgeAndEveryImageViewIsAudited", func(t *testing.T) {
				w, _ := upload(t, a, "/api/v1/profile/proof", bride, "aadhaar.jpg", "image/jpeg", mediatest.JPEG(900, 600), "kind", "id")
				if w.Code != 200 {
					t.Fatalf("upload: %d %s", w.Code, w.Body.String())
				}
				_, e := call(t, a, "GET", "/api/admin/proofs?status=pending", "", mod.auth()...)
				var q struct {
					Items []struct {
						ID     uint64
						Kind   string
						Member struct{ ProfileID string }
					}
				}
				json.Unmarshal(e.Data, &q)
				var id uint64
				for _, it := range q.Items {
					if it.Member.ProfileID == bride.Code {
						id = it.ID
					}
				}
				if id == 0 {
					t.Fatalf("the proof is not in the queue: %s", e.Data)
				}
				img := rawAs(a, "GET", fmt.Sprintf("/api/admin/proofs/%d/image", id), mod)
				if img.Code != 200 || img.Header().Get("Content-Type") != "image/jpeg" || img.Header().Get("Cache-Control") != "private, no-store" {
					t.Fatalf("proof image: %d %v", img.Code, img.Header())
				}
				if n := auditCount(t, a, "proof.view", fmt.Sprint(id)); n != 1 {
					t.Fatalf("%d audit lines for one proof view", n)
				}
				// Finance may not see proofs.
				if w := rawAs(a, "GET", fmt.Sprintf("/api/admin/proofs/%d/image", id), fin); w.Code != 403 {
					t.Fatalf("finance opened a proof: %d", w.Code)
				}
				if w, e := call(t, a, "POST", fmt.Sprintf("/api/admin/proofs/%d/verdict", id), `{"verdict":"rejected"}`, mod.auth()...); w.Code != 422 || !strings.Contains(string(e.Data), "reason") {
					t.Fatalf("reject without a reason: %d %s", w.Code, w.Body.String())
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/proofs/%d/verdict", id), `{"verdict":"verified"}`, mod.auth()...); w.Code != 200 {
					t.Fatalf("verify: %d %s", w.Code, w.Body.String())
				}
				_, e = call(t, a, "GET", "/api/v1/profile/partner/"+bride.Code, "", groom.auth()...)
				if !strings.Contains(string(e.Data), `"kind":"id"`) {
					t.Fatalf("the groom does not see her ID badge: %s", e.Data)
				}
				deliverEvents(t, a)
				var n int64
				a.DB.Table("notifications").Where("profile_id = ? AND kind = ? AND detail = ?", bride.ID, "badgeGranted", "id").Count(&n)
				if n != 1 {
					t.Fatalf("%d badge notifications", n)
				}
				if auditCount(t, a, "proof.verified", fmt.Sprint(id)) != 1 {
					t.Fatal("the verdict was not audited")
				}
				// 31 days on, the image goes and the verdict stays.
				a.DB.Exec("UPDATE profile_proofs SET reviewed_at = ? WHERE id = ?", time.Now().UTC().AddDate(0, 0, -31), id)
				if n, err := a.Profiles.PurgeProofImages(ctx); err != nil || n != 1 {
					t.Fatalf("purged %d, %v", n, err)
				}
				if w := rawAs(a, "GET", fmt.Sprintf("/api/admin/proofs/%d/image", id), mod); w.Code != 404 {
					t.Fatalf("the image after 30 days: %d", w.Code)
				}
				var status string
				a.DB.Table("profile_proofs").Where("id = ?", id).Pluck("status", &status)
				if status != "verified" {
					t.Fatalf("verdict after the purge: %q", status)
				}
			})

			t.Run("OKChatReportWarnedAndTheReporterToldNotHow", func(t *testing.T) {
				b2, g2 := newMember(t, a, 20, "Divya Joseph", 26), newMember(t, a, 10, "Bibin Thomas", 29)
				// A chat between them, then her report of it.
				lo, hi := min(b2.ID, g2.ID), max(b2.ID, g2.ID)
				now := time.Now().UTC()
				a.DB.Table("chat_conversations").Create(map[string]any{"low_id": lo, "high_id": hi, "started_by": g2.ID, "message_count": 2, "created_at": now, "updated_at": now})
				var conv uint64
				a.DB.Table("chat_conversations").Where("low_id = ? AND high_id = ?", lo, hi).Pluck("id", &conv)
				a.DB.Table("chat_messages").Create(map[string]any{"conversation_id": conv, "sender_id": g2.ID, "body": "Send me 5000 for the visa fee", "created_at": now})
				a.DB.Table("chat_messages").Create(map[string]any{"conversation_id": conv, "sender_id": b2.ID, "body": "No.", "created_at": now.Add(time.Second)})
				if w, _ := call(t, a, "POST", "/api/v1/profile/report/"+g2.Code, `{"kind":"chat","reason":"money","details":"asked for money"}`, b2.auth()...); w.Code != 200 {
					t.Fatalf("report: %d %s", w.Code, w.Body.String())
				}
				var rid uint64
				a.DB.Table("reports").Where("reporter_id = ? AND reported_id = ?", b2.ID, g2.ID).Pluck("id", &rid)
				w, e := call(t, a, "GET", fmt.Sprintf("/api/admin/reports/%d", rid), "", mod.auth()...)
				var rep struct {
					Excerpt []struct{ From, Text string }
				}
				json.Unmarshal(e.Data, &rep)
				if w.Code != 200 || len(rep.Excerpt) != 2 || rep.Excerpt[0].From != "reported" || rep.Excerpt[0].Text != "Send me 5000 for the visa fee" {
					t.Fatalf("report view: %d %s", w.Code, w.Body.String())
				}
				if n := auditCount(t, a, "report.view", fmt.Sprint(rid)); n != 1 {
					t.Fatalf("%d audit lines for one report view", n)
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/reports/%d/action", rid), `{"action":"warn"}`, mod.auth()...); w.Code != 422 {
					t.Fatalf("warn without a note: %d", w.Code)
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/reports/%d/action", rid), `{"action":"warn","note":"asked for money"}`, mod.auth()...); w.Code != 200 {
					t.Fatalf("warn: %d %s", w.Code, w.Body.String())
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/reports/%d/action", rid), `{"action":"ban","note":"again"}`, mod.auth()...); w.Code != 409 {
					t.Fatalf("a second action on a closed report: %d", w.Code)
				}
				deliverEvents(t, a)
				var msg string
				a.DB.Table("notifications").Where("profile_id = ? AND kind = ?", b2.ID, "reportReviewed").Pluck("detail", &msg)
				if !strings.HasPrefix(msg, "acted|") {
					t.Fatalf("the reporter's notice: %q", msg)
				}
				_, e = call(t, a, "GET", "/api/v1/profile/notification", "", b2.auth()...)
				if strings.Contains(string(e.Data), "warn") || strings.Contains(string(e.Data), "suspend") || !strings.Contains(string(e.Data), "took action") {
					t.Fatalf("the reporter learns the action's details: %s", e.Data)
				}
				var warned int64
				a.DB.Table("notifications").Where("profile_id = ? AND kind = ?", g2.ID, "memberWarned").Count(&warned)
				if warned != 1 {
					t.Fatalf("%d warnings", warned)
				}
				var status string
				a.DB.Table("reports").Where("id = ?", rid).Pluck("status", &status)
				if status != relation.ReportClosed {
					t.Fatalf("report status %q", status)
				}
			})

			t.Run("OKSuspensionEndsSessionsAndLiftsItself", func(t *testing.T) {
				m := newMember(t, a, 10, "Sam Philip", 32)
				if w, _ := call(t, a, "POST", "/api/admin/members/"+m.Code+"/suspend", `{"days":3,"reason":"fake photos"}`, mod.auth()...); w.Code != 200 {
					t.Fatalf("suspend: %d %s", w.Code, w.Body.String())
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", m.auth()...); w.Code != 401 {
					t.Fatalf("a suspended member's session: %d", w.Code)
				}
				w, e := call(t, a, "POST", "/api/v1/auth/login", fmt.Sprintf(`{"email":%q,"pwd":%q,"loginType":"password"}`, m.Email, m.Pwd), "Remote-Addr", "198.51.100.200:1000")
				if w.Code != 403 || !strings.Contains(e.Meta.Message, "suspended until") {
					t.Fatalf("login while suspended: %d %s", w.Code, w.Body.String())
				}
				a.DB.Exec("UPDATE users SET suspended_until = ? WHERE id = ?", time.Now().UTC().Add(-time.Minute), m.UserID)
				if n, err := a.Accounts.LiftSuspensions(ctx); err != nil || n != 1 {
					t.Fatalf("lifted %d, %v", n, err)
				}
				if w, _ := call(t, a, "POST", "/api/v1/auth/login", fmt.Sprintf(`{"email":%q,"pwd":%q,"loginType":"password"}`, m.Email, m.Pwd), "Remote-Addr", "198.51.100.201:1000"); w.Code != 200 {
					t.Fatalf("login after the suspension: %d", w.Code)
				}
				if auditCount(t, a, "member.suspend", m.Code) != 1 {
					t.Fatal("the suspension was not audited")
				}
			})

			t.Run("OKPublishedBlogIsPublicAtOnce", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/admin/blogs", `{"title":"Choosing a Parish for the Wedding","summary":"A short guide","body":"Talk to **both** parishes early.","author":"TFM Team","tags":["wedding"],"status":"published"}`, cont.auth()...)
				var b struct {
					ID   uint64
					Slug string
				}
				json.Unmarshal(e.Data, &b)
				if w.Code != 200 || b.Slug != "choosing-a-parish-for-the-wedding" {
					t.Fatalf("create: %d %s", w.Code, w.Body.String())
				}
				w2 := raw(a, "GET", "/api/blogs")
				if !strings.Contains(w2.Body.String(), "Choosing a Parish for the Wedding") {
					t.Fatal("the published blog is not in GET /api/blogs")
				}
				// A cover, re-encoded and served publicly.
				var body bytes.Buffer
				mw := multipart.NewWriter(&body)
				fw, _ := mw.CreateFormFile("image", "cover.jpg")
				fw.Write(mediatest.JPEGWithGPS(1600, 900, 1))
				mw.Close()
				req := httptest.NewRequest("POST", fmt.Sprintf("/api/admin/blogs/%d/cover", b.ID), &body)
				req.RemoteAddr = "203.0.113.51:5555"
				req.Header.Set("Content-Type", mw.FormDataContentType())
				req.Header.Set("Authorization", "Bearer "+cont.Token)
				rec := httptest.NewRecorder()
				a.Handler.ServeHTTP(rec, req)
				var cv struct{ CoverURL string }
				var env envelope
				json.Unmarshal(rec.Body.Bytes(), &env)
				json.Unmarshal(env.Data, &cv)
				if rec.Code != 200 || !strings.HasPrefix(cv.CoverURL, "/media/covers/") {
					t.Fatalf("cover: %d %s", rec.Code, rec.Body.String())
				}
				img := raw(a, "GET", cv.CoverURL)
				if img.Code != 200 || img.Header().Get("Content-Type") != "image/jpeg" || bytes.Contains(img.Body.Bytes(), []byte("Exif")) {
					t.Fatalf("the cover as served: %d %v", img.Code, img.Header())
				}
				// Content may not touch plans; finance may not write blogs.
				if w, _ := call(t, a, "GET", "/api/admin/plans", "", cont.auth()...); w.Code != 403 {
					t.Fatalf("content on plans: %d", w.Code)
				}
				if w, _ := call(t, a, "POST", "/api/admin/blogs", `{}`, fin.auth()...); w.Code != 403 {
					t.Fatalf("finance on blogs: %d", w.Code)
				}
			})

			t.Run("OKFinanceCouponAMemberThenUses", func(t *testing.T) {
				from := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
				until := time.Now().UTC().AddDate(0, 1, 0).Format(time.RFC3339)
				w, _ := call(t, a, "POST", "/api/admin/coupons", fmt.Sprintf(`{"code":"monsoon15","description":"Monsoon","kind":"percent","value":15,"validFrom":%q,"validUntil":%q,"maxUses":100}`, from, until), fin.auth()...)
				if w.Code != 200 {
					t.Fatalf("create coupon: %d %s", w.Code, w.Body.String())
				}
				w, e := call(t, a, "POST", "/api/v1/coupon/isValid", `{"plan":"TFM-CLASSIC","coupon":"MONSOON15"}`, groom.auth()...)
				if w.Code != 200 || !strings.Contains(string(e.Data), `"discountPaise":59900`) {
					t.Fatalf("the member's quote: %d %s", w.Code, w.Body.String())
				}
				// The member pays with it; finance sees the order, its payment, and the invoice.
				var order checkoutAnswer
				w, e = call(t, a, "POST", "/api/v1/create-payment", `{"plan":"TFM-CLASSIC","coupon":"MONSOON15"}`, groom.auth()...)
				json.Unmarshal(e.Data, &order)
				if w.Code != 200 {
					t.Fatalf("create-payment: %d %s", w.Code, w.Body.String())
				}
				back := payThroughCheckoutPage(t, a, order.CheckoutURL, "success").Query()
				proof := fmt.Sprintf(`{"razorpay_payment_id":%q,"razorpay_order_id":%q,"razorpay_signature":%q}`,
					back.Get("razorpay_payment_id"), back.Get("razorpay_order_id"), back.Get("razorpay_signature"))
				if w, _ := call(t, a, "POST", "/api/v1/payment/"+order.Order.ID, proof, groom.auth()...); w.Code != 200 {
					t.Fatalf("payment: %d %s", w.Code, w.Body.String())
				}
				w, e = call(t, a, "GET", "/api/admin/orders?q="+groom.Code, "", fin.auth()...)
				var orders struct {
					Items []struct {
						ID          string `json:"id"`
						Plan        string `json:"plan"`
						Status      string `json:"status"`
						AmountPaise int64  `json:"amountPaise"`
						Coupon      string `json:"coupon"`
						CreatedAt   time.Time
						Member      struct{ ProfileID, Name string }
						Payments    []struct {
							ID     string `json:"id"`
							Status string `json:"status"`
						}
						Invoice *struct{ Number string }
					}
					Total int64
				}
				json.Unmarshal(e.Data, &orders)
				if w.Code != 200 || orders.Total != 1 {
					t.Fatalf("orders: %d %s", w.Code, w.Body.String())
				}
				o := orders.Items[0]
				if o.ID != order.Order.ID || o.Plan != "TFM-CLASSIC" || o.Status != "paid" || o.AmountPaise != order.AmountPaise || o.Coupon != "MONSOON15" ||
					o.CreatedAt.IsZero() || o.Member.ProfileID != groom.Code || o.Member.Name == "" || len(o.Payments) != 1 ||
					o.Payments[0].ID != back.Get("razorpay_payment_id") || o.Invoice == nil {
					t.Fatalf("the order as finance sees it: %s", e.Data)
				}
				if w := raw(a, "GET", "/api/admin/orders/"+o.ID+"/invoice", fin.auth()...); w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte("%PDF")) {
					t.Fatalf("invoice: %d", w.Code)
				}
				if auditCount(t, a, "invoice.view", o.ID) != 1 {
					t.Fatal("the invoice download was not audited once")
				}
				if w, _ := call(t, a, "GET", "/api/admin/orders?q="+groom.Code, "", sup.auth()...); w.Code != 403 {
					t.Fatalf("support reading orders: %d", w.Code)
				}
				var cid uint64
				a.DB.Table("coupons").Where("code = ?", "MONSOON15").Pluck("id", &cid)
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/coupons/%d/pause", cid), "", fin.auth()...); w.Code != 200 {
					t.Fatalf("pause: %d", w.Code)
				}
				if w, e := call(t, a, "POST", "/api/v1/coupon/isValid", `{"plan":"TFM-CLASSIC","coupon":"MONSOON15"}`, groom.auth()...); w.Code != 422 || e.Meta.Message != "Invalid coupon" {
					t.Fatalf("a paused coupon: %d", w.Code)
				}
				if auditCount(t, a, "coupon.create", fmt.Sprint(cid)) != 1 || auditCount(t, a, "coupon.pause", fmt.Sprint(cid)) != 1 {
					t.Fatal("coupon changes were not audited")
				}
			})

			t.Run("OKMaintenanceWithoutRestart", func(t *testing.T) {
				if w, _ := call(t, a, "PUT", "/api/admin/maintenance", `{"on":true}`, boss.auth()...); w.Code != 200 {
					t.Fatalf("switch on: %d %s", w.Code, w.Body.String())
				}
				w, e := call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", groom.auth()...)
				if w.Code != 503 || e.Meta.Message != "Site Under Maintenance. We'll be back soon!" {
					t.Fatalf("member API in maintenance: %d %s", w.Code, w.Body.String())
				}
				if w, _ := call(t, a, "GET", "/api/admin/me", "", boss.auth()...); w.Code != 200 {
					t.Fatalf("admin API in maintenance: %d", w.Code)
				}
				if w := raw(a, "GET", "/healthz"); w.Code != 200 {
					t.Fatalf("health in maintenance: %d", w.Code)
				}
				if w, _ := call(t, a, "PUT", "/api/admin/maintenance", `{"on":false}`, boss.auth()...); w.Code != 200 {
					t.Fatalf("switch off: %d", w.Code)
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", groom.auth()...); w.Code != 200 {
					t.Fatalf("member API after maintenance: %d", w.Code)
				}
				if w, _ := call(t, a, "PUT", "/api/admin/maintenance", `{"on":true}`, mod.auth()...); w.Code != 403 {
					t.Fatalf("a moderator switched maintenance: %d", w.Code)
				}
			})

			t.Run("OKContactInboxAssignAnswerAndAuditedView", func(t *testing.T) {
				if w, _ := call(t, a, "POST", "/api/v1/common/contact-us", `{"name":"Mary George","email":"mary.george@example.in","phone":"9847012345","subject":"Refund","message":"I paid twice for my son's plan, please help."}`); w.Code != 200 {
					t.Fatalf("contact-us: %d %s", w.Code, w.Body.String())
				}
				var id uint64
				a.DB.Table("contact_messages").Where("email = ?", "mary.george@example.in").Pluck("id", &id)
				// The list to hand a message to names who can work the inbox (support, superadmin), not finance.
				w, e := call(t, a, "GET", "/api/admin/contact/assignees", "", sup.auth()...)
				var who struct{ Items []struct{ ID uint64 } }
				json.Unmarshal(e.Data, &who)
				has := map[uint64]bool{}
				for _, x := range who.Items {
					has[x.ID] = true
				}
				if w.Code != 200 || !has[sup.ID] || !has[boss.ID] || has[fin.ID] || has[mod.ID] {
					t.Fatalf("assignees: %d %s", w.Code, e.Data)
				}
				if w, e := call(t, a, "POST", fmt.Sprintf("/api/admin/contact/%d/assign", id), fmt.Sprintf(`{"adminId":%d}`, fin.ID), sup.auth()...); w.Code != 422 ||
					!strings.Contains(string(e.Data), admin.MsgCannotWorkInbox) {
					t.Fatalf("handing a message to finance: %d %s", w.Code, e.Data)
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/contact/%d/assign", id), fmt.Sprintf(`{"adminId":%d}`, boss.ID), sup.auth()...); w.Code != 200 {
					t.Fatalf("handing a message to the superadmin: %d", w.Code)
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/contact/%d/assign", id), `{"adminId":null}`, sup.auth()...); w.Code != 200 {
					t.Fatalf("assign: %d %s", w.Code, w.Body.String())
				}
				w, e = call(t, a, "GET", fmt.Sprintf("/api/admin/contact/%d", id), "", sup.auth()...)
				if w.Code != 200 || !strings.Contains(string(e.Data), "mary.george@example.in") {
					t.Fatalf("open: %d %s", w.Code, w.Body.String())
				}
				if n := auditCount(t, a, "contact.view", fmt.Sprint(id)); n != 1 {
					t.Fatalf("%d audit lines for one message view", n)
				}
				if w, _ := call(t, a, "POST", fmt.Sprintf("/api/admin/contact/%d/answered", id), `{"note":"Refunded the duplicate"}`, sup.auth()...); w.Code != 200 {
					t.Fatalf("answered: %d", w.Code)
				}
				_, e = call(t, a, "GET", "/api/admin/contact?status=answered&mine=1", "", sup.auth()...)
				if !strings.Contains(string(e.Data), `"total":1`) {
					t.Fatalf("my answered messages: %s", e.Data)
				}
			})

			t.Run("OKAuditSearch", func(t *testing.T) {
				_, e := call(t, a, "GET", fmt.Sprintf("/api/admin/audit?adminId=%d&action=member.view", sup.ID), "", boss.auth()...)
				var pg struct {
					Items []struct {
						Action   string
						ObjectID string `json:"objectId"`
					}
					Total int64
				}
				json.Unmarshal(e.Data, &pg)
				if pg.Total != 1 || pg.Items[0].ObjectID != bride.Code {
					t.Fatalf("audit search: %s", e.Data)
				}
				if w, _ := call(t, a, "GET", "/api/admin/audit?from=2026-13-01", "", boss.auth()...); w.Code != 422 {
					t.Fatalf("a bad date: %d", w.Code)
				}
			})
		})
	}
}

// TestDemoBackOffice: `tfm seed --demo` leaves the back office work to show
// (proofs waiting, open reports, contact messages) and one demo admin per
// role, who logs in like any admin; seeding again adds nothing, and demo
// admins are never made in production.
func TestDemoBackOffice(t *testing.T) {
	a := newApp(t, "", true)
	ctx := t.Context()
	if n, err := a.SeedDemoAdmins(ctx); err != nil || n != 5 {
		t.Fatalf("demo admins: %d %v", n, err)
	}
	if n, err := a.SeedDemoAdmins(ctx); err != nil || n != 0 {
		t.Fatalf("demo admins again: %d %v", n, err)
	}
	if _, err := a.Seeder().Demo(ctx); err != nil {
		t.Fatal(err)
	}
	// The demo moderator enrolls with the documented password.
	w, e := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":"demo.moderator@demo.tfmmatrimony.in","password":%q}`, app.DemoAdminPassword))
	var step struct {
		Token  string
		Enroll *struct{ Secret string }
	}
	json.Unmarshal(e.Data, &step)
	if w.Code != 200 || step.Enroll == nil {
		t.Fatalf("demo moderator login: %d %s", w.Code, w.Body.String())
	}
	code, _ := totp.GenerateCode(step.Enroll.Secret, time.Now())
	w, e = call(t, a, "POST", "/api/admin/auth/totp", fmt.Sprintf(`{"code":%q}`, code), "Authorization", "Bearer "+step.Token)
	var out struct{ Token string }
	json.Unmarshal(e.Data, &out)
	if w.Code != 200 || out.Token == "" {
		t.Fatalf("second factor: %d %s", w.Code, w.Body.String())
	}
	mod := adminSession{Token: out.Token}
	sup := newAdmin(t, a, "support")
	type page struct {
		Items []struct {
			ID uint64 `json:"id"`
		}
		Total int64
	}
	for _, c := range []struct {
		path string
		who  adminSession
		want int64
	}{{"/api/admin/proofs?status=pending", mod, 3}, {"/api/admin/proofs?status=rejected", mod, 1}, {"/api/admin/reports", mod, 2},
		{"/api/admin/contact", sup, 3}} {
		w, e := call(t, a, "GET", c.path, "", c.who.auth()...)
		var p page
		json.Unmarshal(e.Data, &p)
		if w.Code != 200 || p.Total != c.want {
			t.Fatalf("%s: %d, %d rows, want %d: %s", c.path, w.Code, p.Total, c.want, e.Data)
		}
		if strings.Contains(c.path, "pending") {
			if w := rawAs(a, "GET", fmt.Sprintf("/api/admin/proofs/%d/image", p.Items[0].ID), mod); w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte{0xff, 0xd8}) {
				t.Fatalf("a demo proof image: %d", w.Code)
			}
		}
	}
	a.Cfg.AppEnv = "prod"
	defer func() { a.Cfg.AppEnv = "test" }()
	if _, err := a.SeedDemoAdmins(ctx); err == nil {
		t.Fatal("demo admins made in production")
	}
}
