package content

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Success story statuses: a submitted story is pending until reviewed; only published ones are public.
const (
	StoryPending   = "pending"
	StoryPublished = "published"
	StoryRejected  = "rejected"
)

// The messages of the story rules that are not plain lengths.
const (
	MsgStoryNotFound  = "Success story not found"
	MsgStoryStatus    = "Status must be pending, published or rejected"
	MsgReasonRequired = "Please give a reason"
	MsgWeddingDate    = "Wedding date is required"
	MsgWeddingFuture  = "Wedding date cannot be in the future"
)

// Submitter is who sent a story through the public form.
type Submitter struct {
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// AdminStory is a success story as the back office reviews it, any status.
// SubmittedBy is nil for the stories the seed wrote (they have no submitter).
type AdminStory struct {
	ID           uint64     `json:"id"`
	Title        string     `json:"title"`
	BrideName    string     `json:"brideName"`
	GroomName    string     `json:"groomName"`
	Denomination string     `json:"denomination"`
	City         string     `json:"city"`
	WeddingDate  *time.Time `json:"weddingDate"`
	Summary      string     `json:"summary"`
	Story        string     `json:"story"`
	Status       string     `json:"status"`
	SubmittedBy  *Submitter `json:"submittedBy"`
	CreatedAt    time.Time  `json:"createdAt"`
}

func adminStory(st *SuccessStory) *AdminStory {
	out := &AdminStory{ID: st.ID, Title: st.Title, BrideName: st.BrideName, GroomName: st.GroomName,
		Denomination: st.Denomination, City: st.City, WeddingDate: st.WeddingDate, Summary: st.Summary,
		Story: st.Story, Status: st.Status, CreatedAt: st.CreatedAt}
	if st.SubmitterEmail != "" || st.SubmitterPhone != "" {
		out.SubmittedBy = &Submitter{Email: st.SubmitterEmail, Phone: st.SubmitterPhone}
	}
	return out
}

// AdminStories lists stories of one status ("" for all), newest first, and the total.
func (s *Service) AdminStories(ctx context.Context, status string, skip, limit int) ([]AdminStory, int64, error) {
	q := s.db.WithContext(ctx).Model(&SuccessStory{})
	switch status {
	case "":
	case StoryPending, StoryPublished, StoryRejected:
		q = q.Where("status = ?", status)
	default:
		return nil, 0, apperr.Validation(map[string]string{"status": MsgStoryStatus}, "status")
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	p := pagination.New(skip, limit, pagination.DefaultLimit)
	var rows []SuccessStory
	if err := q.Order("created_at DESC, id DESC").Offset(p.Skip).Limit(p.Limit).Find(&rows).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	out := make([]AdminStory, len(rows))
	for i := range rows {
		out[i] = *adminStory(&rows[i])
	}
	return out, total, nil
}

// AdminStory returns one story, any status; NotFound when there is none.
func (s *Service) AdminStory(ctx context.Context, id uint64) (*AdminStory, error) {
	var st SuccessStory
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&st).Error; err != nil {
		return nil, store.Translate(err, MsgStoryNotFound, "")
	}
	return adminStory(&st), nil
}

// StoryInput is the back office's edit of a story. WeddingDate is
// "YYYY-MM-DD"; an RFC 3339 time at midnight UTC, as AdminStory writes it, is
// taken too, so a form can send back what it read.
type StoryInput struct {
	Title        string `json:"title"`
	BrideName    string `json:"brideName"`
	GroomName    string `json:"groomName"`
	Denomination string `json:"denomination"`
	City         string `json:"city"`
	WeddingDate  string `json:"weddingDate"`
	Summary      string `json:"summary"`
	Story        string `json:"story"`
}

// parseWeddingDate reads "YYYY-MM-DD", or the date of an RFC 3339 time.
func parseWeddingDate(v string) (time.Time, bool) {
	if d, err := time.Parse(time.DateOnly, v); err == nil {
		return d, true
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		t = t.UTC()
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

// clean trims the input, checks every field and returns the wedding date.
func (in *StoryInput) clean() (time.Time, error) {
	trim := strings.TrimSpace
	in.Title, in.BrideName, in.GroomName = trim(in.Title), trim(in.BrideName), trim(in.GroomName)
	in.Denomination, in.City, in.WeddingDate = trim(in.Denomination), trim(in.City), trim(in.WeddingDate)
	in.Summary, in.Story = trim(in.Summary), trim(in.Story)
	errs := map[string]string{}
	setErr(errs, "title", lengthMsg(in.Title, "Title", 3, 200))
	setErr(errs, "brideName", ValidateName(in.BrideName))
	setErr(errs, "groomName", ValidateName(in.GroomName))
	setErr(errs, "denomination", lengthMsg(in.Denomination, "Denomination", 0, 100))
	setErr(errs, "city", lengthMsg(in.City, "City", 0, 100))
	wd, ok := parseWeddingDate(in.WeddingDate)
	switch {
	case !ok:
		errs["weddingDate"] = MsgWeddingDate
	case wd.After(time.Now().AddDate(0, 0, 1)):
		errs["weddingDate"] = MsgWeddingFuture
	}
	setErr(errs, "summary", lengthMsg(in.Summary, "Summary", 0, 500))
	if n := utf8.RuneCountInString(in.Story); n < 50 {
		errs["story"] = "Please tell us your story in at least 50 characters"
	} else if n > 5000 {
		errs["story"] = "Maximum 5000 characters allowed"
	}
	for _, f := range []struct{ field, v string }{{"title", in.Title}, {"denomination", in.Denomination},
		{"city", in.City}, {"summary", in.Summary}, {"story", in.Story}} {
		if hasHTML(f.v) {
			setErr(errs, f.field, MsgHTMLNotAllowed)
		}
	}
	if len(errs) > 0 {
		return time.Time{}, apperr.Validation(errs, "title", "brideName", "groomName", "denomination", "city", "weddingDate", "summary", "story")
	}
	return wd, nil
}

// UpdateStory replaces a story's text and facts, under SubmitStory's rules
// (names, a wedding date not in the future, the story 50–5,000 characters)
// plus the title (3–200), denomination and city (≤ 100) and summary (≤ 500).
// The status does not change. Errors: NotFound, Invalid (per field).
func (s *Service) UpdateStory(ctx context.Context, id uint64, in StoryInput) (*AdminStory, error) {
	wd, err := in.clean()
	if err != nil {
		return nil, err
	}
	res := s.db.WithContext(ctx).Model(&SuccessStory{}).Where("id = ?", id).Updates(map[string]any{
		"title": in.Title, "bride_name": in.BrideName, "groom_name": in.GroomName, "denomination": in.Denomination,
		"city": in.City, "wedding_date": wd, "summary": in.Summary, "story": in.Story, "updated_at": s.db.NowFunc()})
	if res.Error != nil {
		return nil, store.Translate(res.Error, MsgStoryNotFound, "")
	}
	return s.AdminStory(ctx, id)
}

// setStoryStatus moves a story to status and returns it.
func (s *Service) setStoryStatus(ctx context.Context, id uint64, status string) (*AdminStory, error) {
	res := s.db.WithContext(ctx).Model(&SuccessStory{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": s.db.NowFunc()})
	if res.Error != nil {
		return nil, store.Translate(res.Error, "", "")
	}
	return s.AdminStory(ctx, id)
}

// ApproveStory publishes a story: ListStories shows it at once. Approving a
// published story changes nothing. Errors: NotFound.
func (s *Service) ApproveStory(ctx context.Context, id uint64) (*AdminStory, error) {
	return s.setStoryStatus(ctx, id, StoryPublished)
}

// RejectStory marks a story rejected (a published one leaves the public site).
// success_stories has no column for the reason, so it is not stored: the
// trimmed reason comes back for the caller's audit log. Errors: Invalid on
// "reason" (required, ≤ 500 characters), NotFound.
func (s *Service) RejectStory(ctx context.Context, id uint64, reason string) (*AdminStory, string, error) {
	reason = strings.TrimSpace(reason)
	if m := lengthMsg(reason, "Reason", 1, 500); m != "" {
		if reason == "" {
			m = MsgReasonRequired
		}
		return nil, "", apperr.Validation(map[string]string{"reason": m}, "reason")
	}
	st, err := s.setStoryStatus(ctx, id, StoryRejected)
	if err != nil {
		return nil, "", err
	}
	return st, reason, nil
}
