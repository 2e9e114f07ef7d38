package admin

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// Areas are the services whose rows the back office acts on. Every action
// below goes through the area that owns the rows and leaves one audit line;
// every view of a member's private data leaves one too.
type Areas struct {
	Accounts  *account.Service
	Profiles  *profile.Service
	Relations *relation.Store
	Chat      *chat.Service
	Events    *event.Outbox
	Billing   *billing.Service
	Content   *content.Service
	// Disk and Images store and re-encode blog covers.
	Disk   *media.Disk
	Images *media.Processor
}

// SetAreas gives the back office the areas it acts on (app wires them).
func (s *Service) SetAreas(a Areas) { s.areas = a }

// reason trims a moderator's reason and refuses a missing or long one.
func reason(r string, required bool) (string, error) {
	r = strings.TrimSpace(r)
	if required && r == "" {
		return "", apperr.Validation(map[string]string{"reason": "Give a reason; it is kept in the audit log"}, "reason")
	}
	if utf8.RuneCountInString(r) > 500 {
		return "", apperr.Validation(map[string]string{"reason": "Keep the reason under 500 characters"}, "reason")
	}
	return r, nil
}

// ---- members ----------------------------------------------------------------

// MemberPage is a page of the member search.
type MemberPage struct {
	Items []profile.AdminMemberRow `json:"items"`
	Total int64                    `json:"total"`
}

// Members searches members (masked contact details; no audit line: nothing private is shown).
func (s *Service) Members(ctx context.Context, f profile.AdminMemberFilter) (*MemberPage, error) {
	items, total, err := s.areas.Profiles.AdminSearch(ctx, f)
	if err != nil {
		return nil, err
	}
	return &MemberPage{Items: items, Total: total}, nil
}

// MemberDetail is a member with private data, report counts and orders.
type MemberDetail struct {
	*profile.AdminMemberDetail
	Reports struct {
		Against int64 `json:"against"`
		Filed   int64 `json:"filed"`
	} `json:"reports"`
	Orders int64 `json:"orders"`
}

// Member opens member code with private data, and records the view.
func (s *Service) Member(ctx context.Context, p *Principal, code string) (*MemberDetail, error) {
	d, err := s.areas.Profiles.AdminMember(ctx, code)
	if err != nil {
		return nil, err
	}
	out := &MemberDetail{AdminMemberDetail: d}
	if out.Reports.Against, out.Reports.Filed, err = s.areas.Relations.ReportCounts(ctx, d.ID()); err != nil {
		return nil, err
	}
	if out.Orders, err = s.areas.Billing.OrderCount(ctx, d.ID()); err != nil {
		return nil, err
	}
	if err := s.Record(ctx, nil, p, Entry{Action: "member.view", Object: "member", ObjectID: d.ProfileID}); err != nil {
		return nil, err
	}
	return out, nil
}

// MemberPhoto is the file of a member's photo for the back office. It writes
// no audit row of its own: the photos are part of the member view that listed
// them (one "member.view" row per opening, as the issue asks).
func (s *Service) MemberPhoto(ctx context.Context, code, key string) (string, error) {
	return s.areas.Profiles.AdminPhotoPath(ctx, code, key)
}

// Suspend suspends member code for days (1–365), ending their sessions and sockets at once.
func (s *Service) Suspend(ctx context.Context, p *Principal, code string, days int, why string) error {
	why, err := reason(why, true)
	if err != nil {
		return err
	}
	if days < 1 || days > 365 {
		return apperr.Validation(map[string]string{"days": "Suspend for 1 to 365 days"}, "days")
	}
	m, err := s.areas.Profiles.MemberByCode(ctx, code)
	if err != nil {
		return err
	}
	until := s.clock().Add(time.Duration(days) * 24 * time.Hour)
	if err := s.areas.Accounts.Suspend(ctx, m.UserID, until); err != nil {
		return err
	}
	return s.Record(ctx, nil, p, Entry{Action: "member.suspend", Object: "member", ObjectID: m.Code,
		Detail: map[string]any{"days": days, "until": dates.Day(until), "reason": why}})
}

// Ban bans member code (their sessions and sockets end at once).
func (s *Service) Ban(ctx context.Context, p *Principal, code, why string) error {
	return s.onAccount(ctx, p, code, why, "member.ban", s.areas.Accounts.Ban)
}

// Unban lifts member code's ban or suspension.
func (s *Service) Unban(ctx context.Context, p *Principal, code, why string) error {
	return s.onAccount(ctx, p, code, why, "member.unban", s.areas.Accounts.Unban)
}

// onAccount applies act to member code's account for a required reason, and
// audits it as action.
func (s *Service) onAccount(ctx context.Context, p *Principal, code, why, action string, act func(context.Context, uint64) error) error {
	why, err := reason(why, true)
	if err != nil {
		return err
	}
	m, err := s.areas.Profiles.MemberByCode(ctx, code)
	if err != nil {
		return err
	}
	if err := act(ctx, m.UserID); err != nil {
		return err
	}
	return s.Record(ctx, nil, p, Entry{Action: action, Object: "member", ObjectID: m.Code, Detail: map[string]any{"reason": why}})
}

// SetHidden hides or shows member code's profile.
func (s *Service) SetHidden(ctx context.Context, p *Principal, code string, hidden bool, why string) error {
	why, err := reason(why, true)
	if err != nil {
		return err
	}
	m, err := s.areas.Profiles.MemberByCode(ctx, code)
	if err != nil {
		return err
	}
	if err := s.areas.Accounts.SetHidden(ctx, m.UserID, hidden); err != nil {
		return err
	}
	action := "member.unhide"
	if hidden {
		action = "member.hide"
	}
	return s.Record(ctx, nil, p, Entry{Action: action, Object: "member", ObjectID: m.Code, Detail: map[string]any{"reason": why}})
}

// RemovePhoto removes member code's photo key.
func (s *Service) RemovePhoto(ctx context.Context, p *Principal, code, key, why string) error {
	why, err := reason(why, true)
	if err != nil {
		return err
	}
	if err := s.areas.Profiles.RemovePhoto(ctx, code, key); err != nil {
		return err
	}
	return s.Record(ctx, nil, p, Entry{Action: "photo.delete", Object: "member", ObjectID: strings.ToUpper(code),
		Detail: map[string]any{"photo": key, "reason": why}})
}

// ---- proofs -----------------------------------------------------------------

// ProofPage is a page of the proof queue.
type ProofPage struct {
	Items []profile.ProofQueueRow `json:"items"`
	Total int64                   `json:"total"`
}

// Proofs pages the proof queue by status.
func (s *Service) Proofs(ctx context.Context, status string, skip, limit int) (*ProofPage, error) {
	items, total, err := s.areas.Profiles.ProofQueue(ctx, status, skip, limit)
	if err != nil {
		return nil, err
	}
	return &ProofPage{Items: items, Total: total}, nil
}

// ProofImage opens proof id's image (one audit line per opening).
func (s *Service) ProofImage(ctx context.Context, p *Principal, id uint64) ([]byte, error) {
	b, row, err := s.areas.Profiles.ProofImageByID(ctx, id)
	if err != nil {
		return nil, err
	}
	return b, s.Record(ctx, nil, p, Entry{Action: "proof.view", Object: "proof", ObjectID: strconv.FormatUint(id, 10),
		Detail: map[string]any{"member": row.Member.ProfileID, "kind": row.Kind}})
}

// ProofVerdict verifies or rejects proof id.
func (s *Service) ProofVerdict(ctx context.Context, p *Principal, id uint64, verdict, why string) (*profile.ProofQueueRow, error) {
	row, err := s.areas.Profiles.ProofVerdict(ctx, id, verdict, why, p.AdminID)
	if err != nil {
		return nil, err
	}
	return row, s.Record(ctx, nil, p, Entry{Action: "proof." + verdict, Object: "proof", ObjectID: strconv.FormatUint(id, 10),
		Detail: map[string]any{"member": row.Member.ProfileID, "kind": row.Kind, "reason": row.Note}})
}

// ---- reports ----------------------------------------------------------------

// ReportPage is a page of the report queue.
type ReportPage struct {
	Items []relation.ReportRow `json:"items"`
	Total int64                `json:"total"`
}

// Reports pages the report queue.
func (s *Service) Reports(ctx context.Context, status string, skip, limit int) (*ReportPage, error) {
	items, total, err := s.areas.Relations.Reports(ctx, status, skip, limit)
	if err != nil {
		return nil, err
	}
	return &ReportPage{Items: items, Total: total}, nil
}

// ReportDetail is a report with the chat excerpt a moderator reads.
type ReportDetail struct {
	*relation.ReportRow
	Excerpt []ExcerptLine `json:"excerpt"`
}

// ExcerptLine is a chat message in a report's excerpt.
type ExcerptLine struct {
	From string    `json:"from"` // reporter or reported
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// ExcerptSize is how many of the last messages a chat report shows.
const ExcerptSize = 20

// Report opens report id with, for a chat report, the last messages between
// the two (one audit line: the messages are private data).
func (s *Service) Report(ctx context.Context, p *Principal, id uint64) (*ReportDetail, error) {
	r, err := s.areas.Relations.ReportByID(ctx, id)
	if err != nil {
		return nil, err
	}
	out := &ReportDetail{ReportRow: r, Excerpt: []ExcerptLine{}}
	if r.Kind == relation.ReportChat {
		lines, err := s.areas.Chat.Excerpt(ctx, r.Reporter.ID, r.Reported.ID, ExcerptSize)
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			from := "reported"
			if l.SenderID == r.Reporter.ID {
				from = "reporter"
			}
			out.Excerpt = append(out.Excerpt, ExcerptLine{From: from, Text: l.Text, At: l.At})
		}
	}
	return out, s.Record(ctx, nil, p, Entry{Action: "report.view", Object: "report", ObjectID: strconv.FormatUint(id, 10),
		Detail: map[string]any{"reported": r.Reported.ProfileID, "messages": len(out.Excerpt)}})
}

// Report actions a moderator takes.
const (
	ActDismiss = "dismiss"
	ActWarn    = "warn"
	ActSuspend = "suspend"
	ActBan     = "ban"
)

// ActOnReport closes open report id with action: dismiss, warn (the
// reported member gets a notice), suspend for days or ban (their sessions
// end at once). The reporter is told the report was reviewed and whether
// action was taken, never which. The report, the notices and the audit line
// commit together; the suspension or ban comes first, so a failure there
// leaves the report open.
func (s *Service) ActOnReport(ctx context.Context, p *Principal, id uint64, action, note string, days int) (*relation.ReportRow, error) {
	note, err := reason(note, action != ActDismiss)
	if err != nil {
		return nil, err
	}
	r, err := s.areas.Relations.ReportByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.Status != relation.ReportOpen {
		return nil, apperr.New(apperr.Conflict, "This report was already handled")
	}
	outcome := map[string]string{ActDismiss: relation.OutcomeDismissed, ActWarn: relation.OutcomeWarned,
		ActSuspend: relation.OutcomeSuspended, ActBan: relation.OutcomeBanned}[action]
	if outcome == "" {
		return nil, apperr.Validation(map[string]string{"action": "Choose dismiss, warn, suspend or ban"}, "action")
	}
	var userID uint64
	if action == ActSuspend || action == ActBan {
		m, err := s.areas.Profiles.MemberByCode(ctx, r.Reported.ProfileID)
		if err != nil {
			return nil, err
		}
		userID = m.UserID
	}
	detail := map[string]any{"action": action, "reported": r.Reported.ProfileID, "note": note}
	switch action {
	case ActSuspend:
		if days < 1 || days > 365 {
			return nil, apperr.Validation(map[string]string{"days": "Suspend for 1 to 365 days"}, "days")
		}
		until := s.clock().Add(time.Duration(days) * 24 * time.Hour)
		if err := s.areas.Accounts.Suspend(ctx, userID, until); err != nil {
			return nil, err
		}
		detail["days"], detail["until"] = days, dates.Day(until)
	case ActBan:
		if err := s.areas.Accounts.Ban(ctx, userID); err != nil {
			return nil, err
		}
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.areas.Relations.CloseReport(ctx, tx, id, outcome, note, p.AdminID); err != nil {
			return err
		}
		seen := "noAction"
		if action != ActDismiss {
			seen = "acted"
		}
		if _, err := s.areas.Events.Record(tx, event.Event{Kind: event.ReportReviewed, Recipient: r.Reporter.ID,
			Detail: seen + "|" + dates.Day(r.CreatedAt), DedupeKey: fmt.Sprintf("report:%d:reviewed", id)}); err != nil {
			return err
		}
		if action == ActWarn {
			if _, err := s.areas.Events.Record(tx, event.Event{Kind: event.MemberWarned, Recipient: r.Reported.ID,
				DedupeKey: fmt.Sprintf("report:%d:warned", id)}); err != nil {
				return err
			}
		}
		return s.Record(ctx, tx, p, Entry{Action: "report." + action, Object: "report", ObjectID: strconv.FormatUint(id, 10), Detail: detail})
	})
	if err != nil {
		return nil, internal(err)
	}
	s.areas.Relations.AnnounceReportClosed(ctx, r.Reporter.ID, r.Reported.ID)
	return s.areas.Relations.ReportByID(ctx, id)
}

// ---- finance ----------------------------------------------------------------

// UpdatePlan changes plan id (audited with the old and new numbers).
func (s *Service) UpdatePlan(ctx context.Context, p *Principal, id uint64, in billing.PlanInput) (*billing.AdminPlan, error) {
	plans, err := s.areas.Billing.AdminPlans(ctx)
	if err != nil {
		return nil, err
	}
	var before *billing.AdminPlan
	for i := range plans {
		if plans[i].ID == id {
			before = &plans[i]
		}
	}
	out, err := s.areas.Billing.UpdatePlan(ctx, id, in)
	if err != nil {
		return nil, err
	}
	detail := map[string]any{"plan": out.Name}
	if before != nil {
		detail["priceInr"] = fmt.Sprintf("%d → %d", before.PriceINR, out.PriceINR)
		detail["contactViews"] = fmt.Sprintf("%d → %d", before.ContactViews, out.ContactViews)
		detail["dailyInvitations"] = fmt.Sprintf("%d → %d", before.DailyInvitations, out.DailyInvitations)
		detail["months"] = fmt.Sprintf("%d → %d", before.Months, out.Months)
		detail["active"] = fmt.Sprintf("%v → %v", before.Active, out.Active)
	}
	return out, s.Record(ctx, nil, p, Entry{Action: "plan.update", Object: "plan", ObjectID: strconv.FormatUint(id, 10), Detail: detail})
}

// CreateCoupon makes a coupon (audited).
func (s *Service) CreateCoupon(ctx context.Context, p *Principal, in billing.CouponInput) (*billing.AdminCoupon, error) {
	c, err := s.areas.Billing.CreateCoupon(ctx, in)
	if err != nil {
		return nil, err
	}
	return c, s.Record(ctx, nil, p, Entry{Action: "coupon.create", Object: "coupon", ObjectID: strconv.FormatUint(c.ID, 10), Detail: couponDetail(c)})
}

// UpdateCoupon changes coupon id (audited).
func (s *Service) UpdateCoupon(ctx context.Context, p *Principal, id uint64, in billing.CouponInput) (*billing.AdminCoupon, error) {
	c, err := s.areas.Billing.UpdateCoupon(ctx, id, in)
	if err != nil {
		return nil, err
	}
	return c, s.Record(ctx, nil, p, Entry{Action: "coupon.update", Object: "coupon", ObjectID: strconv.FormatUint(id, 10), Detail: couponDetail(c)})
}

// SetCouponActive pauses or resumes coupon id (audited).
func (s *Service) SetCouponActive(ctx context.Context, p *Principal, id uint64, active bool) (*billing.AdminCoupon, error) {
	c, err := s.areas.Billing.SetCouponActive(ctx, id, active)
	if err != nil {
		return nil, err
	}
	action := "coupon.pause"
	if active {
		action = "coupon.resume"
	}
	return c, s.Record(ctx, nil, p, Entry{Action: action, Object: "coupon", ObjectID: strconv.FormatUint(id, 10), Detail: map[string]any{"code": c.Code}})
}

func couponDetail(c *billing.AdminCoupon) map[string]any {
	d := map[string]any{"code": c.Code, "kind": c.Kind, "value": c.Value, "maxUses": c.MaxUses,
		"validFrom": dates.Day(c.ValidFrom), "validUntil": dates.Day(c.ValidUntil)}
	if c.Plan != nil {
		d["plan"] = *c.Plan
	}
	return d
}

// Invoice renders order orderNo's invoice for finance (audited: it names the buyer).
func (s *Service) Invoice(ctx context.Context, p *Principal, orderNo string) (*billing.Invoice, error) {
	inv, err := s.areas.Billing.AdminInvoicePDF(ctx, orderNo)
	if err != nil {
		return nil, err
	}
	return inv, s.Record(ctx, nil, p, Entry{Action: "invoice.view", Object: "order", ObjectID: strings.ToUpper(orderNo)})
}

// ---- content ----------------------------------------------------------------

// CreateBlog makes a blog (audited).
func (s *Service) CreateBlog(ctx context.Context, p *Principal, in content.BlogInput) (*content.AdminBlog, error) {
	b, err := s.areas.Content.CreateBlog(ctx, in)
	if err != nil {
		return nil, err
	}
	return b, s.Record(ctx, nil, p, Entry{Action: "blog.create", Object: "blog", ObjectID: strconv.FormatUint(b.ID, 10),
		Detail: map[string]any{"title": b.Title, "status": b.Status}})
}

// UpdateBlog changes blog id (audited).
func (s *Service) UpdateBlog(ctx context.Context, p *Principal, id uint64, in content.BlogInput) (*content.AdminBlog, error) {
	b, err := s.areas.Content.UpdateBlog(ctx, id, in)
	if err != nil {
		return nil, err
	}
	return b, s.Record(ctx, nil, p, Entry{Action: "blog.update", Object: "blog", ObjectID: strconv.FormatUint(id, 10),
		Detail: map[string]any{"title": b.Title, "status": b.Status}})
}

// DeleteBlog deletes blog id and its cover (audited).
func (s *Service) DeleteBlog(ctx context.Context, p *Principal, id uint64) error {
	b, err := s.areas.Content.AdminBlog(ctx, id)
	if err != nil {
		return err
	}
	cover, err := s.areas.Content.DeleteBlog(ctx, id)
	if err != nil {
		return err
	}
	if cover != "" {
		if err := s.areas.Disk.RemoveCover(cover); err != nil {
			s.log.Warn("admin: removing a deleted blog's cover", "error", err)
		}
	}
	return s.Record(ctx, nil, p, Entry{Action: "blog.delete", Object: "blog", ObjectID: strconv.FormatUint(id, 10), Detail: map[string]any{"title": b.Title}})
}

// SetBlogCover re-encodes data as blog id's cover (metadata stripped),
// replacing the old one (audited).
func (s *Service) SetBlogCover(ctx context.Context, p *Principal, id uint64, data []byte) (*content.AdminBlog, error) {
	if _, err := s.areas.Content.AdminBlog(ctx, id); err != nil {
		return nil, err
	}
	img, err := s.areas.Images.Cover(ctx, data)
	if err != nil {
		return nil, err
	}
	key, err := media.NewKey()
	if err != nil {
		return nil, internal(err)
	}
	if err := s.areas.Disk.SaveCover(key, img); err != nil {
		return nil, internal(err)
	}
	old, err := s.areas.Content.SetBlogCover(ctx, id, key)
	if err != nil {
		_ = s.areas.Disk.RemoveCover(key)
		return nil, err
	}
	if old != "" {
		_ = s.areas.Disk.RemoveCover(old)
	}
	if err := s.Record(ctx, nil, p, Entry{Action: "blog.cover", Object: "blog", ObjectID: strconv.FormatUint(id, 10)}); err != nil {
		return nil, err
	}
	return s.areas.Content.AdminBlog(ctx, id)
}

// UpdateStory edits story id (audited).
func (s *Service) UpdateStory(ctx context.Context, p *Principal, id uint64, in content.StoryInput) (*content.AdminStory, error) {
	st, err := s.areas.Content.UpdateStory(ctx, id, in)
	if err != nil {
		return nil, err
	}
	return st, s.Record(ctx, nil, p, Entry{Action: "story.update", Object: "story", ObjectID: strconv.FormatUint(id, 10)})
}

// ApproveStory publishes story id (audited).
func (s *Service) ApproveStory(ctx context.Context, p *Principal, id uint64) (*content.AdminStory, error) {
	st, err := s.areas.Content.ApproveStory(ctx, id)
	if err != nil {
		return nil, err
	}
	return st, s.Record(ctx, nil, p, Entry{Action: "story.approve", Object: "story", ObjectID: strconv.FormatUint(id, 10)})
}

// RejectStory rejects story id with a reason (kept in the audit line).
func (s *Service) RejectStory(ctx context.Context, p *Principal, id uint64, why string) (*content.AdminStory, error) {
	st, kept, err := s.areas.Content.RejectStory(ctx, id, why)
	if err != nil {
		return nil, err
	}
	return st, s.Record(ctx, nil, p, Entry{Action: "story.reject", Object: "story", ObjectID: strconv.FormatUint(id, 10), Detail: map[string]any{"reason": kept}})
}

// CreateFAQ adds a question (audited).
func (s *Service) CreateFAQ(ctx context.Context, p *Principal, in content.FAQInput) (*content.AdminFAQ, error) {
	f, err := s.areas.Content.CreateFAQ(ctx, in)
	if err != nil {
		return nil, err
	}
	return f, s.Record(ctx, nil, p, Entry{Action: "faq.create", Object: "faq", ObjectID: strconv.FormatUint(f.ID, 10)})
}

// UpdateFAQ changes question id (audited).
func (s *Service) UpdateFAQ(ctx context.Context, p *Principal, id uint64, in content.FAQInput) (*content.AdminFAQ, error) {
	f, err := s.areas.Content.UpdateFAQ(ctx, id, in)
	if err != nil {
		return nil, err
	}
	return f, s.Record(ctx, nil, p, Entry{Action: "faq.update", Object: "faq", ObjectID: strconv.FormatUint(id, 10)})
}

// DeleteFAQ removes question id (audited).
func (s *Service) DeleteFAQ(ctx context.Context, p *Principal, id uint64) error {
	if err := s.areas.Content.DeleteFAQ(ctx, id); err != nil {
		return err
	}
	return s.Record(ctx, nil, p, Entry{Action: "faq.delete", Object: "faq", ObjectID: strconv.FormatUint(id, 10)})
}

// SavePage changes static page key (audited).
func (s *Service) SavePage(ctx context.Context, p *Principal, key string, in content.PageInput) (*content.AdminPage, error) {
	pg, err := s.areas.Content.SavePage(ctx, key, in)
	if err != nil {
		return nil, err
	}
	return pg, s.Record(ctx, nil, p, Entry{Action: "page.update", Object: "page", ObjectID: key})
}

// ---- site -------------------------------------------------------------------

// UpdateSettings saves the site settings (audited).
func (s *Service) UpdateSettings(ctx context.Context, p *Principal, in content.SettingsInput) (*content.Settings, error) {
	st, err := s.areas.Content.UpdateSettings(ctx, in)
	if err != nil {
		return nil, err
	}
	return st, s.Record(ctx, nil, p, Entry{Action: "settings.update", Object: "settings"})
}

// SetMaintenance switches maintenance mode without a restart (audited).
func (s *Service) SetMaintenance(ctx context.Context, p *Principal, on bool) error {
	if err := s.areas.Content.SetMaintenance(ctx, on); err != nil {
		return err
	}
	return s.Record(ctx, nil, p, Entry{Action: "maintenance.set", Object: "settings", Detail: map[string]any{"on": on}})
}

// ---- support ----------------------------------------------------------------

// ContactMessage opens a contact-us message (audited: it carries a person's e-mail and phone).
func (s *Service) ContactMessage(ctx context.Context, p *Principal, id uint64) (*content.ContactDetail, error) {
	m, err := s.areas.Content.ContactMessage(ctx, id)
	if err != nil {
		return nil, err
	}
	return m, s.Record(ctx, nil, p, Entry{Action: "contact.view", Object: "contact", ObjectID: strconv.FormatUint(id, 10)})
}

// Assignee is an admin a contact-us message can be handed to.
type Assignee struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"` // the e-mail address when the admin has no name
}

// MsgCannotWorkInbox refuses handing a message to an admin whose roles do not open the inbox.
const MsgCannotWorkInbox = "This admin cannot work the contact inbox"

// Assignees are the active admins whose roles open the contact inbox
// (contact:read), by name: whom a message may be handed to.
func (s *Service) Assignees(ctx context.Context) ([]Assignee, error) {
	var rows []adminRow
	if err := s.db.WithContext(ctx).Where("status = ?", StatusActive).Order("name, email").Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := []Assignee{}
	for _, r := range rows {
		ok, err := s.rbac.Allowed(ctx, r.ID, rbac.ContactRead)
		if err != nil {
			return nil, internal(err)
		}
		if ok {
			name := r.Name
			if name == "" {
				name = r.Email
			}
			out = append(out, Assignee{ID: r.ID, Name: name})
		}
	}
	return out, nil
}

// AssignContact gives message id to admin to (0: to p), who must be able to
// work the inbox.
func (s *Service) AssignContact(ctx context.Context, p *Principal, id, to uint64) (*content.ContactDetail, error) {
	if to == 0 {
		to = p.AdminID
	}
	if to != p.AdminID {
		ok, err := s.rbac.Allowed(ctx, to, rbac.ContactRead)
		if err != nil {
			return nil, internal(err)
		}
		if !ok {
			return nil, apperr.Validation(map[string]string{"adminId": MsgCannotWorkInbox}, "adminId")
		}
	}
	m, err := s.areas.Content.AssignContact(ctx, id, to)
	if err != nil {
		return nil, err
	}
	return m, s.Record(ctx, nil, p, Entry{Action: "contact.assign", Object: "contact", ObjectID: strconv.FormatUint(id, 10), Detail: map[string]any{"to": to}})
}

// AnswerContact marks message id answered with a note.
func (s *Service) AnswerContact(ctx context.Context, p *Principal, id uint64, note string) (*content.ContactDetail, error) {
	m, err := s.areas.Content.AnswerContact(ctx, id, p.AdminID, note)
	if err != nil {
		return nil, err
	}
	return m, s.Record(ctx, nil, p, Entry{Action: "contact.answer", Object: "contact", ObjectID: strconv.FormatUint(id, 10)})
}
