package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/notification"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
)

// pushes records what would go to members' sockets.
type pushes struct {
	mu  sync.Mutex
	got map[uint64][]notification.Live
}

func (p *pushes) PushNotification(_ context.Context, id uint64, l notification.Live) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.got == nil {
		p.got = map[uint64][]notification.Live{}
	}
	p.got[id] = append(p.got[id], l)
}

func (p *pushes) last(id uint64) (notification.Live, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.got[id]
	if len(l) == 0 {
		return notification.Live{}, false
	}
	return l[len(l)-1], true
}

// deliverEvents runs the outbox's workers until nothing is left, as the
// background workers of a serving node would.
func deliverEvents(t *testing.T, a *app.App) {
	t.Helper()
	for a.Events.RunOnce(t.Context()) > 0 {
	}
}

type notificationJSON struct {
	ID      uint64
	Type    string
	Message string
	Link    string
	Read    bool
	Member  *struct {
		ProfileID string `json:"profileID"`
	}
}

func notificationsOf(t *testing.T, a *app.App, m testMember) (items []notificationJSON, total, unread int) {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile/notification?skip=0&limit=50", "", m.auth()...)
	if w.Code != 200 {
		t.Fatalf("notifications: %d %s", w.Code, e.Meta.Message)
	}
	var p struct {
		Items         []notificationJSON
		Total, Unread int
	}
	json.Unmarshal(e.Data, &p)
	return p.Items, p.Total, p.Unread
}

// mailsTo returns the alert e-mails sent to addr, oldest first.
func mailsTo(a *app.App, addr string) []mail.Sent {
	var out []mail.Sent
	l := a.MailOutbox.List()
	for i := len(l) - 1; i >= 0; i-- {
		if l[i].To == addr {
			out = append(out, l[i])
		}
	}
	return out
}

// TestNotifications: issue 20's in-app notifications and e-mail alerts over
// HTTP: who is told what, the live push, read marks, one-click
// unsubscribe, and that blocks and hides take notifications away.
func TestNotifications(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			live := &pushes{}
			a.Notifications.SetPusher(live)
			bride := newMember(t, a, 20, "Merin Jacob", 26)
			groom := newMember(t, a, 10, "Tom Varghese", 30)
			other := newMember(t, a, 10, "Jose Mathew", 31)

			t.Run("InvitationReceivedIsNotifiedPushedAndMailed", func(t *testing.T) {
				expectPost(t, a, "invite", groom, "invite/"+bride.Code, 200, "Invitation sent")
				deliverEvents(t, a)
				items, total, unread := notificationsOf(t, a, bride)
				if total != 1 || unread != 1 || len(items) != 1 {
					t.Fatalf("her notifications: %+v total %d unread %d", items, total, unread)
				}
				n := items[0]
				if n.Type != "invitationReceived" || n.Member == nil || n.Member.ProfileID != groom.Code || n.Read ||
					n.Link != "/inbox/received" || n.Message != "Tom Varghese sent you an invitation" {
					t.Fatalf("notification %+v", n)
				}
				if l, ok := live.last(bride.ID); !ok || l.Unread != 1 || l.Notification == nil || l.Notification.ID != n.ID {
					t.Fatalf("live push %+v", l)
				}
				if _, ok := live.last(groom.ID); ok {
					t.Fatal("the sender was pushed a notification")
				}
				mails := mailsTo(a, bride.Email)
				if len(mails) != 1 {
					t.Fatalf("mails to her: %d", len(mails))
				}
				m := mails[0]
				if !strings.Contains(m.Subject, "Tom Varghese ("+groom.Code+") sent you an invitation") || !strings.Contains(m.Text, "Dear Merin Jacob") {
					t.Fatalf("mail %q %q", m.Subject, m.Text)
				}
				unsub := m.Headers["List-Unsubscribe"]
				if !strings.HasPrefix(unsub, "<") || !strings.Contains(unsub, "/api/v1/email/unsubscribe?t=") ||
					m.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
					t.Fatalf("unsubscribe headers %v", m.Headers)
				}
				for _, secret := range []string{groom.Phone, groom.Email, bride.Phone, bride.Token, groom.Token} {
					if strings.Contains(m.Text, secret) || strings.Contains(m.HTML, secret) {
						t.Fatalf("the mail carries %q", secret)
					}
				}
				// Delivered once: running the workers again adds nothing.
				deliverEvents(t, a)
				if _, total, _ := notificationsOf(t, a, bride); total != 1 || len(mailsTo(a, bride.Email)) != 1 {
					t.Fatal("delivered twice")
				}
			})

			t.Run("AcceptedIsToldToTheSender", func(t *testing.T) {
				expectPost(t, a, "accept", bride, "accept-invitation/"+groom.Code, 200, "Invitation accepted")
				deliverEvents(t, a)
				items, _, unread := notificationsOf(t, a, groom)
				if len(items) != 1 || items[0].Type != "invitationAccepted" || unread != 1 ||
					items[0].Link != notification.ProfileLink(bride.Code) || items[0].Message != "Merin Jacob accepted your invitation" {
					t.Fatalf("his notifications %+v", items)
				}
				if got := mailsTo(a, groom.Email); len(got) != 1 || !strings.Contains(got[0].Subject, "accepted your invitation") {
					t.Fatalf("his mails %+v", got)
				}
			})

			t.Run("RequestsAndViewsAreNotifiedOnceADay", func(t *testing.T) {
				expectPost(t, a, "phone request", groom, "phone-request/"+bride.Code, 200, "Phone request sent")
				view(t, a, groom, bride)
				view(t, a, groom, bride)
				deliverEvents(t, a)
				expectPost(t, a, "accept", bride, "phone-request-accept/"+groom.Code, 200, "Phone request accepted")
				deliverEvents(t, a)
				var types []string
				items, _, _ := notificationsOf(t, a, bride)
				for _, n := range items {
					types = append(types, n.Type)
				}
				if fmt.Sprint(types) != "[profileViewed phoneRequestReceived invitationReceived]" {
					t.Fatalf("her notifications, newest first: %v", types)
				}
				items, _, _ = notificationsOf(t, a, groom)
				if items[0].Type != "phoneRequestAccepted" || items[0].Message != "Merin Jacob shared their phone number with you" {
					t.Fatalf("his newest %+v", items[0])
				}
				for _, m := range mailsTo(a, groom.Email) {
					if strings.Contains(m.Text, bride.Phone) {
						t.Fatal("a mail carries her phone number")
					}
				}
			})

			t.Run("MarkReadAndDash", func(t *testing.T) {
				items, _, unread := notificationsOf(t, a, bride)
				if unread != 3 {
					t.Fatalf("unread %d", unread)
				}
				w, e := call(t, a, "POST", fmt.Sprintf("/api/v1/profile/notification/read/%d", items[0].ID), "", bride.auth()...)
				var got struct{ Unread int }
				json.Unmarshal(e.Data, &got)
				if w.Code != 200 || got.Unread != 2 {
					t.Fatalf("read one: %d %+v", w.Code, got)
				}
				if l, _ := live.last(bride.ID); l.Unread != 2 || l.Notification != nil {
					t.Fatalf("her other tabs were not told: %+v", l)
				}
				// Someone else's notification is not found, and a visitor is refused.
				his, _, _ := notificationsOf(t, a, groom)
				if w, e := call(t, a, "POST", fmt.Sprintf("/api/v1/profile/notification/read/%d", his[0].ID), "", bride.auth()...); w.Code != 404 || e.Meta.Message != notification.MsgNotFound {
					t.Fatalf("his notification as hers: %d %s", w.Code, e.Meta.Message)
				}
				for _, path := range []string{"/api/v1/profile/notification", "/api/v1/profile/dash-notification"} {
					if w, _ := call(t, a, "GET", path, ""); w.Code != 401 {
						t.Fatalf("visitor %s: %d", path, w.Code)
					}
				}
				if w, _ := call(t, a, "POST", "/api/v1/profile/notification/read-all", ""); w.Code != 401 {
					t.Fatalf("visitor read-all: %d", w.Code)
				}
				w, e = call(t, a, "GET", "/api/v1/profile/dash-notification", "", bride.auth()...)
				var dash struct {
					Items  []notificationJSON
					Unread int
				}
				json.Unmarshal(e.Data, &dash)
				if w.Code != 200 || len(dash.Items) != 3 || dash.Unread != 2 || !dash.Items[0].Read {
					t.Fatalf("dash %d %+v", w.Code, dash)
				}
				if w, e := call(t, a, "POST", "/api/v1/profile/notification/read-all", "", bride.auth()...); w.Code != 200 || !strings.Contains(string(e.Data), `"unread":0`) {
					t.Fatalf("read all: %d %s", w.Code, e.Data)
				}
			})

			t.Run("OneClickUnsubscribeTurnsOffThatCategoryOnly", func(t *testing.T) {
				mails := mailsTo(a, bride.Email)
				hdr := mails[0].Headers["List-Unsubscribe"]
				u, err := url.Parse(strings.Trim(hdr, "<>"))
				if err != nil {
					t.Fatal(err)
				}
				if w, e := call(t, a, "GET", u.RequestURI(), ""); w.Code != 200 || !strings.Contains(string(e.Data), `"category":"invitations"`) {
					t.Fatalf("check: %d %s", w.Code, e.Data)
				}
				// As a mail client does it (RFC 8058): no login, a form body.
				if w, e := call(t, a, "POST", u.RequestURI(), "List-Unsubscribe=One-Click", "Content-Type", "application/x-www-form-urlencoded"); w.Code != 200 {
					t.Fatalf("one-click: %d %s", w.Code, e.Meta.Message)
				}
				_, e := call(t, a, "GET", "/api/v1/profile/email-alerts", "", bride.auth()...)
				var alerts map[string]any
				json.Unmarshal(e.Data, &alerts)
				if alerts["invitations"] != false || alerts["requests"] != true || alerts["profileViews"] != true {
					t.Fatalf("alerts after unsubscribe %v", alerts)
				}
				before := len(mailsTo(a, bride.Email))
				expectPost(t, a, "invite", other, "invite/"+bride.Code, 200, "Invitation sent")
				deliverEvents(t, a)
				if len(mailsTo(a, bride.Email)) != before {
					t.Fatal("mailed after unsubscribing")
				}
				if items, _, _ := notificationsOf(t, a, bride); items[0].Type != "invitationReceived" || items[0].Member.ProfileID != other.Code {
					t.Fatalf("the in-app notification stays whatever the e-mail switch: %+v", items[0])
				}
				// A tampered link is refused and changes nothing.
				q := u.Query()
				tampered := strings.Replace(q.Get("t"), ".invitations.", ".requests.", 1)
				for _, tok := range []string{tampered, "", "1.invitations.AAAA", "x"} {
					if w, e := call(t, a, "POST", "/api/v1/email/unsubscribe?t="+url.QueryEscape(tok), ""); w.Code != 400 || e.Meta.Message != notification.MsgBadUnsubscribe {
						t.Fatalf("token %q: %d %s", tok, w.Code, e.Meta.Message)
					}
				}
			})

			t.Run("BlockAndHideTakeNotificationsAway", func(t *testing.T) {
				_, before, _ := notificationsOf(t, a, bride)
				if err := a.Relations.Block(t.Context(), bride.ID, other.ID); err != nil {
					t.Fatal(err)
				}
				items, total, _ := notificationsOf(t, a, bride)
				if total != before-1 {
					t.Fatalf("after the block: %d of %d", total, before)
				}
				for _, n := range items {
					if n.Member != nil && n.Member.ProfileID == other.Code {
						t.Fatal("a blocked member is still in her notifications")
					}
				}
				a.Relations.Unblock(t.Context(), bride.ID, other.ID)
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, groom.auth()...)
				if _, total, _ := notificationsOf(t, a, bride); total != before-3 { // his invitation, view and phone request
					t.Fatalf("while he is hidden: %d", total)
				}
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":false}`, groom.auth()...)
				if _, total, _ := notificationsOf(t, a, bride); total != before {
					t.Fatalf("shown again: %d", total)
				}
				// An event about a member blocked before delivery is neither pushed nor mailed.
				a.Relations.Block(t.Context(), groom.ID, bride.ID)
				mailsBefore := len(mailsTo(a, groom.Email))
				if err := a.Relations.Unblock(t.Context(), groom.ID, bride.ID); err != nil {
					t.Fatal(err)
				}
				view(t, a, bride, groom)
				a.Relations.Block(t.Context(), groom.ID, bride.ID)
				deliverEvents(t, a)
				if len(mailsTo(a, groom.Email)) != mailsBefore {
					t.Fatal("mailed about a member he blocked")
				}
				if l, _ := live.last(groom.ID); l.Notification != nil && l.Notification.Type == "profileViewed" {
					t.Fatal("pushed a view by a member he blocked")
				}
			})

			t.Run("BadgeOnMobileVerified", func(t *testing.T) {
				if w, _ := call(t, a, "GET", "/api/v1/user/mobile-otp", "", other.auth()...); w.Code != 200 {
					t.Fatalf("mobile-otp: %d", w.Code)
				}
				otp := lastOTP(t, a, other.Phone)
				if w, e := call(t, a, "PATCH", "/api/v1/user/mobile-verify", `{"otp":"`+otp+`"}`, other.auth()...); w.Code != 200 {
					t.Fatalf("mobile-verify: %d %s", w.Code, e.Meta.Message)
				}
				deliverEvents(t, a)
				items, _, _ := notificationsOf(t, a, other)
				if len(items) == 0 || items[0].Type != "badgeGranted" || items[0].Message != "You earned the Mobile verified badge" || items[0].Member != nil {
					t.Fatalf("his notifications %+v", items)
				}
				if got := mailsTo(a, other.Email); len(got) == 0 || !strings.Contains(got[len(got)-1].Subject, "Mobile verified badge") {
					t.Fatal("no badge e-mail")
				}
			})

			t.Run("PlanReminderOncePerExpiry", func(t *testing.T) {
				var planID uint64
				a.DB.Table("plans").Order("id").Limit(1).Pluck("id", &planID)
				now := time.Now().UTC()
				a.DB.Table("subscriptions").Create(map[string]any{"profile_id": bride.ID, "plan_id": planID, "starts_at": now.AddDate(0, -3, 0),
					"expires_at": now.Add(5 * 24 * time.Hour), "created_at": now})
				for range 2 {
					if err := a.Notifications.Sweep(t.Context()); err != nil {
						t.Fatal(err)
					}
					deliverEvents(t, a)
				}
				items, _, _ := notificationsOf(t, a, bride)
				n := 0
				for _, it := range items {
					if it.Type == "planExpiring" {
						n++
						if it.Member != nil || it.Link != "/plans" || !strings.Contains(it.Message, "expires on") {
							t.Fatalf("reminder %+v", it)
						}
					}
				}
				if n != 1 {
					t.Fatalf("%d reminders", n)
				}
			})
		})
	}
}
