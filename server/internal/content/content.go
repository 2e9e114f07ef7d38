// Package content owns the site's content: blogs, success stories, FAQ,
// static pages, site settings (with the run-time maintenance switch) and the
// contact-us inbox. The public site reads published rows only; the admin back
// office (issue 21) edits them through the methods of blogadmin.go,
// storyadmin.go, faqpages.go, settings.go and contact.go, which validate
// everything (no HTML in Markdown bodies included) before it is stored.
package content

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Blog is a published article; its link is /blogs/ + Slug.
type Blog struct {
	ID          uint64    `json:"id"`
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Summary     string    `json:"summary"`
	Body        string    `json:"body"`
	Author      string    `json:"author"`
	Tags        Tags      `json:"tags" gorm:"type:text"`
	ReadMinutes int       `json:"readMinutes" gorm:"-"`
	PublishedAt time.Time `json:"publishedAt"`
	Status      string    `json:"-"`
	CoverKey    *string   `json:"-"` // a media key (media.CoverURL makes its address); nil without a cover
	CreatedAt   time.Time `json:"-"`
	UpdatedAt   time.Time `json:"-"`
}

// Tags is a comma-separated list in the database and a JSON array outside.
type Tags []string

// SuccessStory is a couple's story; only published ones are public.
type SuccessStory struct {
	ID             uint64     `json:"id"`
	SeedKey        *string    `json:"-"`
	Title          string     `json:"title"`
	BrideName      string     `json:"brideName"`
	GroomName      string     `json:"groomName"`
	Denomination   string     `json:"denomination"`
	City           string     `json:"city"`
	WeddingDate    *time.Time `json:"weddingDate" gorm:"type:date"`
	Summary        string     `json:"summary"`
	Story          string     `json:"story"`
	Status         string     `json:"-"`
	SubmitterEmail string     `json:"-"`
	SubmitterPhone string     `json:"-"`
	CreatedAt      time.Time  `json:"-"`
	UpdatedAt      time.Time  `json:"-"`
}

// FAQ is one question and answer.
type FAQ struct {
	ID       uint64 `json:"id" gorm:"column:id"`
	Category string `json:"category"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Sort     int    `json:"-"`
}

// TableName pins the FAQ table name.
func (FAQ) TableName() string { return "faqs" }

// Page is a static page such as about-us or privacy.
type Page struct {
	Key       string    `json:"key" gorm:"column:page_key;primaryKey"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// ContactMessage is a message sent through the contact-us form.
type ContactMessage struct {
	ID        uint64
	Name      string
	Email     string
	Phone     string
	Subject   string
	Message   string
	IPHash    string
	Status    string
	CreatedAt time.Time
}

// PageKeys are the static pages the site serves.
var PageKeys = []string{"about-us", "privacy", "terms-and-use", "return-and-cancellation"}

// Service reads and writes content. It keeps one piece of state, the
// maintenance switch's short cache (see Maintenance), so use it by pointer.
type Service struct {
	db    *store.DB
	maint maintenanceCache
}

// NewService builds the content service on db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// BlogFilter selects blogs: one by ID or Slug, or a page matching Search.
type BlogFilter struct {
	ID     uint64 `json:"id"`
	Slug   string `json:"slug"`
	Search string `json:"search"`
	Skip   int    `json:"skip"`
	Limit  int    `json:"limit"`
}

// FilterBlogs returns published blogs, newest first, and the total matching.
func (s *Service) FilterBlogs(ctx context.Context, f BlogFilter) ([]Blog, int64, error) {
	q := s.db.WithContext(ctx).Model(&Blog{}).Where("status = ?", "published")
	switch {
	case f.ID != 0:
		q = q.Where("id = ?", f.ID)
	case f.Slug != "":
		q = q.Where("slug = ?", strings.ToLower(f.Slug))
	case strings.TrimSpace(f.Search) != "":
		if utf8.RuneCountInString(f.Search) > 80 {
			return nil, 0, apperr.New(apperr.Invalid, "The search text is too long")
		}
		like := "%" + escapeLike(strings.TrimSpace(f.Search)) + "%"
		q = q.Where("(title LIKE ? ESCAPE '!' OR summary LIKE ? ESCAPE '!' OR tags LIKE ? ESCAPE '!')", like, like, like)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	p := pagination.New(f.Skip, f.Limit, pagination.DefaultLimit)
	var out []Blog
	if err := q.Order("published_at DESC, id DESC").Offset(p.Skip).Limit(p.Limit).Find(&out).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	if (f.ID != 0 || f.Slug != "") && len(out) == 0 {
		return nil, 0, apperr.New(apperr.NotFound, "Blog not found")
	}
	for i := range out {
		out[i].ReadMinutes = readMinutes(out[i].Body)
	}
	return out, total, nil
}

// BlogTitles returns every published blog's id, title and slug for the footer grid.
func (s *Service) BlogTitles(ctx context.Context, limit int) ([]Blog, error) {
	var out []Blog
	err := s.db.WithContext(ctx).Select("id, slug, title, summary, published_at").
		Where("status = ?", "published").Order("published_at DESC, id DESC").Limit(limit).Find(&out).Error
	return out, store.Translate(err, "", "")
}

// StoryFilter selects success stories: one by ID or a page.
type StoryFilter struct {
	ID    uint64
	Skip  int
	Limit int
}

// ListStories returns published success stories, latest wedding first.
func (s *Service) ListStories(ctx context.Context, f StoryFilter) ([]SuccessStory, int64, error) {
	q := s.db.WithContext(ctx).Model(&SuccessStory{}).Where("status = ?", "published")
	if f.ID != 0 {
		q = q.Where("id = ?", f.ID)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	p := pagination.New(f.Skip, f.Limit, pagination.DefaultLimit)
	var out []SuccessStory
	if err := q.Order("wedding_date DESC, id DESC").Offset(p.Skip).Limit(p.Limit).Find(&out).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	if f.ID != 0 && len(out) == 0 {
		return nil, 0, apperr.New(apperr.NotFound, "Success story not found")
	}
	return out, total, nil
}

// StorySubmission is a couple's story sent for review.
type StorySubmission struct {
	BrideName   string `json:"brideName"`
	GroomName   string `json:"groomName"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	WeddingDate string `json:"weddingDate"`
	Story       string `json:"story"`
}

// SubmitStory validates and stores a story as pending; it is public only after review.
func (s *Service) SubmitStory(ctx context.Context, in StorySubmission) (uint64, error) {
	in.BrideName, in.GroomName = strings.TrimSpace(in.BrideName), strings.TrimSpace(in.GroomName)
	in.Email, in.Phone, in.Story = strings.ToLower(strings.TrimSpace(in.Email)), strings.TrimSpace(in.Phone), strings.TrimSpace(in.Story)
	errs := map[string]string{}
	if m := ValidateName(in.BrideName); m != "" {
		errs["brideName"] = m
	}
	if m := ValidateName(in.GroomName); m != "" {
		errs["groomName"] = m
	}
	if m := ValidateEmail(in.Email); m != "" {
		errs["email"] = m
	}
	if in.Phone != "" && !PhonePattern.MatchString(in.Phone) {
		errs["phone"] = "Phone number is not valid"
	}
	wd, err := time.Parse("2006-01-02", in.WeddingDate)
	if err != nil {
		errs["weddingDate"] = "Wedding date is required"
	} else if wd.After(time.Now().AddDate(0, 0, 1)) {
		errs["weddingDate"] = "Wedding date cannot be in the future"
	}
	if n := utf8.RuneCountInString(in.Story); n < 50 {
		errs["story"] = "Please tell us your story in at least 50 characters"
	} else if n > 5000 {
		errs["story"] = "Maximum 5000 characters allowed"
	}
	if len(errs) > 0 {
		return 0, apperr.Validation(errs, "brideName", "groomName", "email", "phone", "weddingDate", "story")
	}
	st := SuccessStory{
		Title: in.BrideName + " & " + in.GroomName, BrideName: in.BrideName, GroomName: in.GroomName,
		WeddingDate: &wd, Story: in.Story, Status: "pending", SubmitterEmail: in.Email, SubmitterPhone: in.Phone,
	}
	if err := s.db.WithContext(ctx).Create(&st).Error; err != nil {
		return 0, store.Translate(err, "", "")
	}
	return st.ID, nil
}

// FAQFilter narrows the FAQ by category or text.
type FAQFilter struct {
	Category string `json:"category"`
	Search   string `json:"search"`
}

// FilterFAQ returns FAQ entries in their editorial order.
func (s *Service) FilterFAQ(ctx context.Context, f FAQFilter) ([]FAQ, error) {
	q := s.db.WithContext(ctx).Model(&FAQ{})
	if c := strings.TrimSpace(f.Category); c != "" {
		q = q.Where("category = ?", c)
	}
	if t := strings.TrimSpace(f.Search); t != "" {
		if utf8.RuneCountInString(t) > 80 {
			return nil, apperr.New(apperr.Invalid, "The search text is too long")
		}
		like := "%" + escapeLike(t) + "%"
		q = q.Where("(question LIKE ? ESCAPE '!' OR answer LIKE ? ESCAPE '!')", like, like)
	}
	var out []FAQ
	err := q.Order("sort, id").Find(&out).Error
	return out, store.Translate(err, "", "")
}

// GetPage returns a static page by key.
func (s *Service) GetPage(ctx context.Context, key string) (*Page, error) {
	var p Page
	err := s.db.WithContext(ctx).Where("page_key = ?", key).Take(&p).Error
	if err != nil {
		return nil, store.Translate(err, "Page not found", "")
	}
	return &p, nil
}

// ContactInput is what the contact-us form sends.
type ContactInput struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// PhonePattern is an Indian mobile number: 10 digits starting 6-9 (spec §5).
var PhonePattern = regexp.MustCompile(`^[6-9][0-9]{9}$`)

// NamePattern is a person's name: letters, with the combining vowel signs and
// viramas that Malayalam, Tamil or Hindi letters carry (\p{M}), spaces, dots,
// apostrophes and hyphens, starting with a letter.
var NamePattern = regexp.MustCompile(`^\p{L}[\p{L}\p{M} .'-]*$`)

// ValidateName applies the spec §5 name messages to a person's name (letters and spaces, 3–25).
func ValidateName(n string) string {
	switch {
	case n == "":
		return "Name is required"
	case !NamePattern.MatchString(n):
		return "Name can only contain letters"
	case LookalikeName(n) != "":
		return LookalikeName(n)
	case utf8.RuneCountInString(n) < 3:
		return "Minimum 3 characters required"
	case utf8.RuneCountInString(n) > 25:
		return "Maximum 25 character allowed"
	}
	return ""
}

// ValidateEmail checks an e-mail address is present and well formed.
func ValidateEmail(e string) string {
	if e == "" {
		return "Email is required"
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || !strings.Contains(e[strings.LastIndex(e, "@")+1:], ".") || len(e) > 191 {
		return "Please enter a valid email address"
	}
	return ""
}

// SubmitContact validates and stores a contact-us message; ip is kept only as a salted hash.
func (s *Service) SubmitContact(ctx context.Context, in ContactInput, ip string) (uint64, error) {
	in.Name, in.Email = strings.TrimSpace(in.Name), strings.ToLower(strings.TrimSpace(in.Email))
	in.Phone, in.Subject, in.Message = strings.TrimSpace(in.Phone), strings.TrimSpace(in.Subject), strings.TrimSpace(in.Message)
	errs := map[string]string{}
	switch {
	case in.Name == "":
		errs["name"] = "Name is required"
	case !NamePattern.MatchString(in.Name):
		errs["name"] = "Name can only contain letters"
	case utf8.RuneCountInString(in.Name) < 3:
		errs["name"] = "Minimum 3 characters required"
	case utf8.RuneCountInString(in.Name) > 50:
		errs["name"] = "Maximum 50 characters allowed"
	}
	if m := ValidateEmail(in.Email); m != "" {
		errs["email"] = m
	}
	if in.Phone != "" && !PhonePattern.MatchString(in.Phone) {
		errs["phone"] = "Phone number is not valid"
	}
	if in.Subject == "" {
		errs["subject"] = "Subject is required"
	} else if utf8.RuneCountInString(in.Subject) > 120 {
		errs["subject"] = "Maximum 120 characters allowed"
	}
	if n := utf8.RuneCountInString(in.Message); n == 0 {
		errs["message"] = "Message is required"
	} else if n < 10 {
		errs["message"] = "Minimum 10 characters required"
	} else if n > 2000 {
		errs["message"] = "Maximum 2000 characters allowed"
	}
	if len(errs) > 0 {
		return 0, apperr.Validation(errs, "name", "email", "phone", "subject", "message")
	}
	sum := sha256.Sum256([]byte("tfm-contact:" + ip))
	m := ContactMessage{Name: in.Name, Email: in.Email, Phone: in.Phone, Subject: in.Subject,
		Message: in.Message, IPHash: hex.EncodeToString(sum[:]), Status: "new"}
	if err := s.db.WithContext(ctx).Create(&m).Error; err != nil {
		return 0, store.Translate(err, "", "")
	}
	return m.ID, nil
}

// Settings are the public site settings of spec §3 (siteSettings).
type Settings struct {
	SupportEmail  string            `json:"supportEmail"`
	ContactNo     []string          `json:"contactNo"`
	Whatsapp      string            `json:"whatsapp"`
	Social        map[string]string `json:"social"`
	OfficeAddress map[string]string `json:"officeAddress"`
	OfficeHours   string            `json:"officeHours"`
}

// GetSettings reads the site settings; missing keys stay empty.
func (s *Service) GetSettings(ctx context.Context) (*Settings, error) {
	var rows []struct {
		SettingKey string
		Value      string
	}
	if err := s.db.WithContext(ctx).Table("settings").Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	doc := map[string]json.RawMessage{}
	for _, r := range rows {
		doc[r.SettingKey] = json.RawMessage(r.Value)
	}
	b, _ := json.Marshal(doc)
	out := &Settings{ContactNo: []string{}, Social: map[string]string{}, OfficeAddress: map[string]string{}}
	if err := json.Unmarshal(b, out); err != nil {
		return nil, apperr.Wrap(apperr.Internal, "Site settings are unreadable", err)
	}
	return out, nil
}

// SaveSettings stores each top-level key of doc as one settings row (used by the seed and, later, admins).
func (s *Service) SaveSettings(ctx context.Context, doc map[string]json.RawMessage, overwrite bool) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for k, v := range doc {
			var n int64
			if err := tx.Table("settings").Where("setting_key = ?", k).Count(&n).Error; err != nil {
				return err
			}
			now := time.Now().UTC()
			switch {
			case n == 0:
				err := tx.Table("settings").Create(map[string]any{"setting_key": k, "value": string(v), "updated_at": now}).Error
				if err != nil {
					return err
				}
			case overwrite:
				err := tx.Table("settings").Where("setting_key = ?", k).Updates(map[string]any{"value": string(v), "updated_at": now}).Error
				if err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func escapeLike(q string) string {
	return strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(q)
}

// readMinutes estimates reading time at 200 words a minute, at least 1.
func readMinutes(body string) int {
	n := len(strings.Fields(body)) / 200
	if n < 1 {
		return 1
	}
	return n
}
