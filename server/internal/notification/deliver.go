package notification

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/keys"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Consumer names of this package's workers (event_deliveries.consumer).
const (
	ConsumerNotify = "notify"
	ConsumerMail   = "mail"
)

// register adds the in-app and e-mail consumers to the outbox.
func (s *Service) register() {
	s.outbox.Register(event.Consumer{Name: ConsumerNotify, Transactional: true,
		Wants:  func(k event.Kind) bool { return k != event.MatchDigest },
		Handle: s.store, After: s.push})
	s.outbox.Register(event.Consumer{Name: ConsumerMail,
		Wants:  func(event.Kind) bool { return true },
		Handle: func(ctx context.Context, _ *gorm.DB, e event.Event) error { return s.send(ctx, e) }})
}

// store writes e's notification in the delivery's transaction, so it exists
// exactly once (the unique event_id is a second guard). A recipient that no
// longer exists gets nothing.
func (s *Service) store(_ context.Context, tx *gorm.DB, e event.Event) error {
	var n int64
	if err := tx.Table("profiles").Where("id = ?", e.Recipient).Count(&n).Error; err != nil || n == 0 {
		return err
	}
	return tx.Table("notifications").Create(map[string]any{"profile_id": e.Recipient, "event_id": e.ID, "kind": string(e.Kind),
		"actor_id": e.Actor, "detail": e.Detail, "created_at": e.CreatedAt}).Error
}

// push tells the recipient's open sockets about the new notification,
// unless they may no longer see the member it names.
func (s *Service) push(ctx context.Context, e event.Event) {
	if s.pusher == nil {
		return
	}
	db := s.db.WithContext(ctx)
	var r row
	var code string
	if err := db.Table("notifications n").Scopes(s.visible(db, e.Recipient)).Select("n.id, n.kind, n.actor_id, n.detail, n.read_at, n.created_at").
		Where("n.event_id = ?", e.ID).Limit(1).Scan(&r).Error; err != nil || r.ID == 0 {
		return
	}
	if err := db.Table("profiles").Where("id = ?", e.Recipient).Limit(1).Pluck("profile_code", &code).Error; err != nil {
		return
	}
	items, err := s.build(ctx, e.Recipient, code, []row{r})
	if err != nil || len(items) == 0 {
		return
	}
	unread, err := s.Unread(ctx, e.Recipient)
	if err != nil {
		return
	}
	s.pusher.PushNotification(ctx, e.Recipient, Live{Unread: unread, Notification: &items[0]})
}

// recipient is what an e-mail needs of its recipient.
type recipient struct {
	Email           string
	Name            string
	Code            string `gorm:"column:profile_code"`
	EmailVerifiedAt *time.Time
	Status          string
	Hidden          bool
}

// send e-mails e to its recipient when their switch for its category is
// on, their address is verified and they may still see the other member.
// A refused address (5xx) is parked at once; anything else is retried.
func (s *Service) send(ctx context.Context, e event.Event) error {
	db := s.db.WithContext(ctx)
	var r recipient
	res := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Select("u.email, p.name, p.profile_code, u.email_verified_at, u.status, p.hidden").Where("p.id = ?", e.Recipient).Limit(1).Scan(&r)
	if res.Error != nil {
		return res.Error
	}
	// Mail goes only to a verified address of an active member: an
	// unverified one may be somebody else's.
	if res.RowsAffected == 0 || r.EmailVerifiedAt == nil || r.Status != directory.StatusActive || r.Email == "" {
		return nil
	}
	if e.Kind == event.MatchDigest {
		return s.sendDigest(ctx, e, r)
	}
	var name string
	if e.Actor != 0 {
		var n int64
		if err := directory.Members(db, e.Recipient).Where("p.id = ?", e.Actor).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		cards, err := s.profiles.Cards(ctx, e.Recipient, r.Code, []uint64{e.Actor})
		if err != nil || len(cards) == 0 {
			return err
		}
		name = fmt.Sprintf("%s (%s)", cards[0].UserName, cards[0].ProfileID)
		if t := describe(e.Kind, e.Detail, name); t.link == "" {
			return s.mailOne(ctx, e, r, t, ProfileLink(cards[0].ProfileID))
		}
	}
	t := describe(e.Kind, e.Detail, name)
	return s.mailOne(ctx, e, r, t, t.link)
}

func (s *Service) mailOne(ctx context.Context, e event.Event, r recipient, t text, link string) error {
	if t.category == "" {
		return nil
	}
	on, err := s.profiles.WantsEmail(ctx, e.Recipient, t.category)
	if err != nil || !on {
		return err
	}
	body := t.message + "."
	if strings.HasSuffix(t.message, ".") {
		body = t.message
	}
	return s.deliverMail(ctx, r, e.Recipient, t.category, t.subject, []string{body}, link, "Open "+s.brand)
}

// deliverMail sends one alert with its unsubscribe link and headers.
func (s *Service) deliverMail(ctx context.Context, r recipient, profileID uint64, category, subject string, lines []string, link, action string) error {
	token := s.UnsubscribeToken(profileID, category)
	oneClick := s.siteURL + "/api/v1/email/unsubscribe?t=" + url.QueryEscape(token)
	page := s.siteURL + "/unsubscribe?t=" + url.QueryEscape(token)
	open := s.siteURL + link
	var text, htm strings.Builder
	fmt.Fprintf(&text, "Dear %s,\n\n", r.Name)
	fmt.Fprintf(&htm, `<p>Dear %s,</p>`, html.EscapeString(r.Name))
	for _, l := range lines {
		fmt.Fprintf(&text, "%s\n", l)
		fmt.Fprintf(&htm, "<p>%s</p>", html.EscapeString(l))
	}
	fmt.Fprintf(&text, "\n%s: %s\n\n", action, open)
	fmt.Fprintf(&htm, `<p><a href="%s">%s</a></p>`, html.EscapeString(open), html.EscapeString(action))
	label := CategoryLabel(category)
	fmt.Fprintf(&text, "-- \nYou get this e-mail because %s alerts are on for your profile %s.\nStop e-mails about %s: %s\nAll alert settings: %s/email-alerts\n",
		label, r.Code, label, page, s.siteURL)
	fmt.Fprintf(&htm, `<hr><p style="font-size:12px;color:#666">You get this e-mail because %s alerts are on for your profile %s. `+
		`<a href="%s">Stop e-mails about %s</a> · <a href="%s/email-alerts">All alert settings</a></p>`,
		html.EscapeString(label), html.EscapeString(r.Code), html.EscapeString(page), html.EscapeString(label), html.EscapeString(s.siteURL))
	err := s.mail.Send(ctx, mail.Message{To: r.Email, Subject: subject + " | " + s.brand, Text: text.String(), HTML: htm.String(),
		Headers: map[string]string{"List-Unsubscribe": "<" + oneClick + ">", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}})
	var perr *textproto.Error
	if errors.As(err, &perr) && perr.Code >= 500 {
		return fmt.Errorf("%w: %v", event.ErrPermanent, err)
	}
	return err
}

// categoryLabels are the e-mail alert categories as the member reads them.
var categoryLabels = map[string]string{"invitations": "Invitations", "requests": "Photo and phone requests",
	"profileViews": "Profile views", "planExpiry": "Plan reminders", "badges": "Badges", "matches": "New matches",
	"newsletter": "News and success stories"}

// CategoryLabel names an e-mail alert category for people.
func CategoryLabel(category string) string { return categoryLabels[category] }

// MsgBadUnsubscribe answers an unsubscribe link that was altered or is not ours.
const MsgBadUnsubscribe = "This unsubscribe link is not valid"

// UnsubscribeToken signs "turn off category for profileID": the one thing
// the link can do, without a login, and it does not expire (RFC 8058).
func (s *Service) UnsubscribeToken(profileID uint64, category string) string {
	msg := strconv.FormatUint(profileID, 10) + "." + category
	m := hmac.New(sha256.New, s.unsubKey)
	m.Write([]byte(msg))
	return msg + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// parseUnsubscribe checks a token and returns what it turns off.
func (s *Service) parseUnsubscribe(token string) (uint64, string, error) {
	bad := apperr.New(apperr.BadRequest, MsgBadUnsubscribe)
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return 0, "", bad
	}
	id, err := strconv.ParseUint(parts[0], 10, 64)
	if err != nil || categoryLabels[parts[1]] == "" || !hmac.Equal([]byte(s.UnsubscribeToken(id, parts[1])), []byte(token)) {
		return 0, "", bad
	}
	return id, parts[1], nil
}

// Unsubscription says which category a link turns off.
type Unsubscription struct {
	Category string `json:"category"`
	Label    string `json:"label"`
}

// CheckUnsubscribe says what the link token turns off, without changing anything.
func (s *Service) CheckUnsubscribe(ctx context.Context, token string) (*Unsubscription, error) {
	_, cat, err := s.parseUnsubscribe(token)
	if err != nil {
		return nil, err
	}
	return &Unsubscription{Category: cat, Label: CategoryLabel(cat)}, nil
}

// Unsubscribe turns off the category the link token names (one click, no
// login); a profile deleted since gets the same answer, as there is nothing left to send.
func (s *Service) Unsubscribe(ctx context.Context, token string) (*Unsubscription, error) {
	id, cat, err := s.parseUnsubscribe(token)
	if err != nil {
		return nil, err
	}
	off := false
	in := profile.EmailAlertsUpdate{}
	switch cat {
	case "invitations":
		in.Invitations = &off
	case "requests":
		in.Requests = &off
	case "profileViews":
		in.ProfileViews = &off
	case "planExpiry":
		in.PlanExpiry = &off
	case "badges":
		in.Badges = &off
	case "matches":
		in.Matches = &off
	case "newsletter":
		in.Newsletter = &off
	}
	var n int64
	if err := s.db.WithContext(ctx).Table("profiles").Where("id = ?", id).Count(&n).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if n > 0 {
		if _, err := s.profiles.UpdateEmailAlerts(ctx, id, in); err != nil {
			return nil, err
		}
	}
	return &Unsubscription{Category: cat, Label: CategoryLabel(cat)}, nil
}

// subkey derives a purpose-specific key from the server secret.
func subkey(secret []byte, purpose string) []byte {
	return keys.Derive(secret, "notification/"+purpose)
}
