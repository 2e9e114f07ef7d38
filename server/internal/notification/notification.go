// Package notification owns what members are told about what happens to
// them (product.md "Notifications"): the in-app notifications with their
// unread count and live push, the e-mail alerts that obey the member's
// switches with a one-click unsubscribe, and the scheduled reminders (a
// plan about to expire, the new-matches digest).
//
// It consumes the domain events of package event: the "notify" consumer
// writes a notification in the transaction that completes the delivery
// (exactly once) and then pushes the new unread count over the socket; the
// "mail" consumer sends the e-mail (at least once, retried with backoff).
//
// Privacy: who the recipient may see is decided when a notification is
// read, pushed or mailed, never only when it was written, so a block, a
// "don't show" mark or a hidden, suspended or deleted profile after the
// event removes it from every list, count, push and e-mail.
package notification

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// MsgNotFound answers a notification that is not the caller's or does not exist.
const MsgNotFound = "Notification not found"

// DashSize is how many notifications the dashboard and the header bell show.
const DashSize = 5

// Type is what a notification says happened, as the client names it.
type Type string

// The notification types (product.md "Notifications").
const (
	InvitationReceived   Type = "invitationReceived"
	InvitationAccepted   Type = "invitationAccepted"
	InvitationDeclined   Type = "invitationDeclined"
	PhotoRequestReceived Type = "photoRequestReceived"
	PhotoRequestAccepted Type = "photoRequestAccepted"
	PhoneRequestReceived Type = "phoneRequestReceived"
	PhoneRequestAccepted Type = "phoneRequestAccepted"
	ProfileViewed        Type = "profileViewed"
	PlanExpiring         Type = "planExpiring"
	PlanActivated        Type = "planActivated"
	PlanEnded            Type = "planEnded"
	ProofRejected        Type = "proofRejected"
	ReportReviewed       Type = "reportReviewed"
	MemberWarned         Type = "memberWarned"
	BadgeGranted         Type = "badgeGranted"
)

// Notification is one in-app notification as its recipient sees it.
type Notification struct {
	ID        uint64    `json:"id"`
	Type      Type      `json:"type"`
	Message   string    `json:"message"`
	Link      string    `json:"link"` // a client route
	Read      bool      `json:"read"`
	CreatedAt time.Time `json:"createdAt"`
	// Member is the other member's card; absent for plan and badge notices.
	Member *profile.Card `json:"member,omitempty"`
}

// Page is a page of notifications with the total and the unread count.
type Page struct {
	Items  []Notification `json:"items"`
	Total  int64          `json:"total"`
	Unread int64          `json:"unread"`
}

// Live is the socket's "notification" event: the new unread count, with
// the notification that raised it (none when a read elsewhere lowered it).
type Live struct {
	Unread       int64         `json:"unread"`
	Notification *Notification `json:"notification,omitempty"`
}

// Pusher delivers a Live notice to the member's open sockets on every node
// (the realtime gateway implements it).
type Pusher interface {
	PushNotification(ctx context.Context, profileID uint64, l Live)
}

// Deps are the Service's collaborators.
type Deps struct {
	DB       *store.DB
	Outbox   *event.Outbox
	Profiles *profile.Service // cards and the e-mail alert switches
	Mail     mail.Sender
	// Matches counts and lists new matches for the digest; nil sends no digest.
	Matches Digester
	// Plans lists the plans about to end for the reminders; nil builds one on DB.
	Plans *billing.Meter
	// Secret signs the unsubscribe links (the server secret).
	Secret    []byte
	SiteURL   string
	BrandName string
	Log       *slog.Logger
	Now       func() time.Time
}

// Service reads and marks notifications, and delivers events.
type Service struct {
	db       *store.DB
	outbox   *event.Outbox
	profiles *profile.Service
	mail     mail.Sender
	matches  Digester
	plans    *billing.Meter
	unsubKey []byte
	siteURL  string
	brand    string
	log      *slog.Logger
	now      func() time.Time
	pusher   Pusher
}

// New builds the Service and registers its consumers with d.Outbox.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Outbox == nil || d.Profiles == nil || d.Mail == nil {
		return nil, errors.New("notification: DB, Outbox, Profiles and Mail are required")
	}
	if len(d.Secret) < 32 {
		return nil, errors.New("notification: Secret must be at least 32 bytes")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Plans == nil {
		d.Plans = billing.NewMeter(d.DB, d.Now)
	}
	s := &Service{db: d.DB, outbox: d.Outbox, profiles: d.Profiles, mail: d.Mail, matches: d.Matches, plans: d.Plans,
		unsubKey: subkey(d.Secret, "unsubscribe"), siteURL: strings.TrimRight(d.SiteURL, "/"), brand: d.BrandName,
		log: d.Log, now: d.Now}
	if s.brand == "" {
		s.brand = "TFM Matrimony"
	}
	s.register()
	return s, nil
}

// SetPusher sets where new notifications are pushed live (the gateway,
// built after this service).
func (s *Service) SetPusher(p Pusher) { s.pusher = p }

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// visible keeps the notifications whose other member the viewer may still
// see (directory.Visible); notices without one always stay.
func (s *Service) visible(db *gorm.DB, viewer uint64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		sub := directory.Members(db.Session(&gorm.Session{NewDB: true}), viewer).Select("1").Where("p.id = n.actor_id")
		return q.Where("n.profile_id = ?", viewer).Where("n.actor_id = 0 OR EXISTS (?)", sub)
	}
}

type row struct {
	ID        uint64
	Kind      string
	ActorID   uint64
	Detail    string
	ReadAt    *time.Time
	CreatedAt time.Time
}

// List pages viewer's notifications, newest first (profile/notification).
func (s *Service) List(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page, error) {
	db := s.db.WithContext(ctx)
	q := db.Table("notifications n").Scopes(s.visible(db, viewerID)).Session(&gorm.Session{})
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	out := &Page{Items: []Notification{}}
	if err := q.Count(&out.Total).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	var err error
	if out.Unread, err = s.Unread(ctx, viewerID); err != nil {
		return nil, err
	}
	var rows []row
	if err := q.Select("n.id, n.kind, n.actor_id, n.detail, n.read_at, n.created_at").Order("n.id DESC").
		Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if out.Items, err = s.build(ctx, viewerID, viewerCode, rows); err != nil {
		return nil, err
	}
	return out, nil
}

// Dash is the dashboard's and the bell's view: the latest DashSize
// notifications and the unread count (profile/dash-notification).
func (s *Service) Dash(ctx context.Context, viewerID uint64, viewerCode string) (*Page, error) {
	p, err := s.List(ctx, viewerID, viewerCode, 0, DashSize)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Unread counts viewer's unread notifications that they may still see.
func (s *Service) Unread(ctx context.Context, viewerID uint64) (int64, error) {
	db := s.db.WithContext(ctx)
	var n int64
	err := db.Table("notifications n").Scopes(s.visible(db, viewerID)).Where("n.read_at IS NULL").Count(&n).Error
	return n, store.Translate(err, "", "")
}

// MarkRead marks one of viewer's notifications read and returns the unread
// count; the member's other tabs get the new count live.
func (s *Service) MarkRead(ctx context.Context, viewerID, id uint64) (int64, error) {
	db := s.db.WithContext(ctx)
	res := db.Table("notifications").Where("id = ? AND profile_id = ? AND read_at IS NULL", id, viewerID).Update("read_at", s.clock())
	if res.Error != nil {
		return 0, store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		var n int64
		if err := db.Table("notifications n").Scopes(s.visible(db, viewerID)).Where("n.id = ?", id).Count(&n).Error; err != nil {
			return 0, store.Translate(err, "", "")
		}
		if n == 0 {
			return 0, apperr.New(apperr.NotFound, MsgNotFound)
		}
	}
	return s.unreadChanged(ctx, viewerID, res.RowsAffected > 0)
}

// MarkAllRead marks all of viewer's notifications read.
func (s *Service) MarkAllRead(ctx context.Context, viewerID uint64) (int64, error) {
	res := s.db.WithContext(ctx).Table("notifications").Where("profile_id = ? AND read_at IS NULL", viewerID).Update("read_at", s.clock())
	if res.Error != nil {
		return 0, store.Translate(res.Error, "", "")
	}
	return s.unreadChanged(ctx, viewerID, res.RowsAffected > 0)
}

func (s *Service) unreadChanged(ctx context.Context, viewerID uint64, changed bool) (int64, error) {
	n, err := s.Unread(ctx, viewerID)
	if err != nil {
		return 0, err
	}
	if changed && s.pusher != nil {
		s.pusher.PushNotification(ctx, viewerID, Live{Unread: n})
	}
	return n, nil
}

// build turns rows into notifications with the other members' cards,
// leaving out any whose member the viewer may no longer see.
func (s *Service) build(ctx context.Context, viewerID uint64, viewerCode string, rows []row) ([]Notification, error) {
	var ids []uint64
	for _, r := range rows {
		if r.ActorID != 0 {
			ids = append(ids, r.ActorID)
		}
	}
	byID := map[uint64]profile.Card{}
	if len(ids) > 0 {
		cards, err := s.profiles.Cards(ctx, viewerID, viewerCode, profile.UniqueIDs(ids))
		if err != nil {
			return nil, err
		}
		for _, c := range cards {
			byID[c.InternalID()] = c
		}
	}
	out := make([]Notification, 0, len(rows))
	for _, r := range rows {
		n := Notification{ID: r.ID, Read: r.ReadAt != nil, CreatedAt: r.CreatedAt.UTC()}
		var name string
		if r.ActorID != 0 {
			c, ok := byID[r.ActorID]
			if !ok {
				continue
			}
			n.Member = &c
			name = c.UserName
		}
		t := describe(event.Kind(r.Kind), r.Detail, name)
		n.Type, n.Message, n.Link = t.typ, t.message, t.link
		if n.Member != nil && t.link == "" {
			n.Link = ProfileLink(n.Member.ProfileID)
		}
		out = append(out, n)
	}
	return out, nil
}

// ProfileLink is the client route of a member's profile.
func ProfileLink(code string) string { return "/profile?profileId=" + code }

// text is how one notification reads: its type, message and link, and the
// e-mail subject and alert category of the same event.
type text struct {
	typ      Type
	message  string
	link     string // "" links to the other member's profile
	subject  string
	category string // the e-mail alert switch (profile.EmailAlerts)
}

var badgeLabels = map[string]string{"mobile": "Mobile verified", "email": "Email verified", "id": "ID verified", "parish": "Parish verified"}

// describe words an event for its recipient; name is the other member's.
func describe(k event.Kind, detail, name string) text {
	switch k {
	case event.InvitationReceived:
		return text{InvitationReceived, name + " sent you an invitation", "/inbox/received", name + " sent you an invitation", "invitations"}
	case event.InvitationAccepted:
		return text{InvitationAccepted, name + " accepted your invitation", "", name + " accepted your invitation", "invitations"}
	case event.InvitationDeclined:
		return text{InvitationDeclined, name + " declined your invitation", "/inbox/sent", name + " declined your invitation", "invitations"}
	case event.RequestReceived:
		if detail == "phone" {
			return text{PhoneRequestReceived, name + " asked for your phone number", "/inbox/requests", name + " asked for your phone number", "requests"}
		}
		return text{PhotoRequestReceived, name + " asked to see your photos", "/inbox/requests", name + " asked to see your photos", "requests"}
	case event.RequestAccepted:
		if detail == "phone" {
			return text{PhoneRequestAccepted, name + " shared their phone number with you", "", name + " shared their phone number with you", "requests"}
		}
		return text{PhotoRequestAccepted, name + " accepted your photo request", "", name + " shared their photos with you", "requests"}
	case event.ProfileViewed:
		return text{ProfileViewed, name + " viewed your profile", "", name + " viewed your profile", "profileViews"}
	case event.PlanExpiring:
		plan, day, _ := strings.Cut(detail, "|")
		msg := fmt.Sprintf("Your %s plan expires on %s. Renew it to keep your contact views and chats.", plan, day)
		return text{PlanExpiring, msg, "/plans", "Your " + plan + " plan expires on " + day, "planExpiry"}
	case event.PlanActivated:
		plan, rest, _ := strings.Cut(detail, "|")
		day, order, _ := strings.Cut(rest, "|")
		msg := fmt.Sprintf("Payment received for order %s. Your %s plan is active till %s.", order, plan, day)
		return text{PlanActivated, msg, "/my-matrimony/orders", "Payment received: your " + plan + " plan is active", "planExpiry"}
	case event.PlanEnded:
		plan, rest, _ := strings.Cut(detail, "|")
		why, order, _ := strings.Cut(rest, "|")
		msg := fmt.Sprintf("Your %s plan ended because the payment for order %s was refunded.", plan, order)
		subject := "Your " + plan + " plan ended"
		switch why {
		case "lost":
			msg = fmt.Sprintf("Your %s plan ended because the payment for order %s was reversed by your bank.", plan, order)
		case "on_hold":
			msg = fmt.Sprintf("Your %s plan is on hold while your bank reviews a dispute about the payment for order %s.", plan, order)
			subject = "Your " + plan + " plan is on hold"
		}
		return text{PlanEnded, msg, "/my-matrimony/orders", subject, "planExpiry"}
	case event.ProofRejected:
		what := "ID proof"
		if detail == "parish" {
			what = "parish letter"
		}
		msg := "Your " + what + " could not be verified. The reason is on your profile's proofs; please upload a clearer copy."
		return text{ProofRejected, msg, "/my-matrimony/my-profile", "Your " + what + " could not be verified", "badges"}
	case event.ReportReviewed:
		outcome, day, _ := strings.Cut(detail, "|")
		msg := fmt.Sprintf("We reviewed the report you made on %s and took action. Thank you for helping keep the community safe.", day)
		if outcome != "acted" {
			msg = fmt.Sprintf("We reviewed the report you made on %s. Thank you for telling us; the member stays hidden from you.", day)
		}
		return text{ReportReviewed, msg, "/inbox/notification", "We reviewed your report", ""}
	case event.MemberWarned:
		msg := "A member reported your profile and our team found it broke our community guidelines. Please read them again: a further breach leads to suspension."
		return text{MemberWarned, msg, "/terms-and-use", "A warning about your profile", ""}
	case event.BadgeGranted:
		label := badgeLabels[detail]
		if label == "" {
			label = detail
		}
		return text{BadgeGranted, "You earned the " + label + " badge", "/my-matrimony/my-profile", "You earned the " + label + " badge", "badges"}
	}
	return text{typ: Type(k), message: string(k), link: "/inbox/notification", subject: string(k)}
}

// expiryDetail is PlanExpiring's Detail: the plan's name and its last day.
func expiryDetail(plan string, expires time.Time) string {
	return plan + "|" + dates.Day(expires)
}
