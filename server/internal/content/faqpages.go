package content

import (
	"context"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// The messages of the FAQ and page rules that are not plain lengths.
const (
	MsgFAQNotFound  = "Question not found"
	MsgFAQTaken     = "This question is already in the FAQ"
	MsgFAQSort      = "Sort must be between 0 and 1,000,000"
	MsgPageNotFound = "Page not found"
	MsgPageHTML     = "Page text may not contain HTML; use Markdown"
	MsgAnswerHTML   = "The answer may not contain HTML; use Markdown"
)

// maxFAQSort bounds the editorial position, well inside an INT.
const maxFAQSort = 1_000_000

// AdminFAQ is an FAQ entry with its editorial position, which the public
// FAQ type keeps out of its JSON.
type AdminFAQ struct {
	ID       uint64 `json:"id"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Category string `json:"category"`
	Sort     int    `json:"sort"`
}

func adminFAQ(f *FAQ) *AdminFAQ {
	return &AdminFAQ{ID: f.ID, Question: f.Question, Answer: f.Answer, Category: f.Category, Sort: f.Sort}
}

// AdminFAQ lists every FAQ entry by category, then by position in it.
func (s *Service) AdminFAQ(ctx context.Context) ([]AdminFAQ, error) {
	var rows []FAQ
	if err := s.db.WithContext(ctx).Order("category, sort, id").Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	out := make([]AdminFAQ, len(rows))
	for i := range rows {
		out[i] = *adminFAQ(&rows[i])
	}
	return out, nil
}

// FAQInput is a new or edited FAQ entry. Sort 0 puts a new entry last and
// leaves an edited one where it is.
type FAQInput struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Category string `json:"category"`
	Sort     int    `json:"sort"`
}

func (in *FAQInput) clean() error {
	in.Question, in.Answer, in.Category = strings.TrimSpace(in.Question), strings.TrimSpace(in.Answer), strings.TrimSpace(in.Category)
	errs := map[string]string{}
	setErr(errs, "question", lengthMsg(in.Question, "Question", 5, 300))
	if hasHTML(in.Question) {
		setErr(errs, "question", MsgHTMLNotAllowed)
	}
	setErr(errs, "answer", lengthMsg(in.Answer, "Answer", 5, 5000))
	if hasHTML(in.Answer) {
		setErr(errs, "answer", MsgAnswerHTML)
	}
	setErr(errs, "category", lengthMsg(in.Category, "Category", 2, 60))
	if hasHTML(in.Category) {
		setErr(errs, "category", MsgHTMLNotAllowed)
	}
	if in.Sort < 0 || in.Sort > maxFAQSort {
		errs["sort"] = MsgFAQSort
	}
	if len(errs) > 0 {
		return apperr.Validation(errs, "question", "answer", "category", "sort")
	}
	return nil
}

// faqErr translates a write's error: the unique key on the question is a 409 on that field.
func faqErr(err error) error {
	if store.IsUniqueViolation(err) {
		return &apperr.Error{Kind: apperr.Conflict, Message: MsgFAQTaken, Fields: map[string]string{"question": MsgFAQTaken}, Err: err}
	}
	return store.Translate(err, MsgFAQNotFound, "")
}

// CreateFAQ adds an entry; the public FAQ shows it at once. Errors: Invalid,
// Conflict (409 on "question": the same question exists).
func (s *Service) CreateFAQ(ctx context.Context, in FAQInput) (*AdminFAQ, error) {
	if err := in.clean(); err != nil {
		return nil, err
	}
	f := FAQ{Question: in.Question, Answer: in.Answer, Category: in.Category, Sort: in.Sort}
	if f.Sort == 0 {
		// The public list is ordered by sort alone (then id), so "last" is after every entry.
		var top *int
		if err := s.db.WithContext(ctx).Model(&FAQ{}).Select("MAX(sort)").Scan(&top).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		if top != nil {
			f.Sort = min(*top+1, maxFAQSort)
		} else {
			f.Sort = 1
		}
	}
	if err := s.db.WithContext(ctx).Create(&f).Error; err != nil {
		return nil, faqErr(err)
	}
	return adminFAQ(&f), nil
}

// UpdateFAQ replaces an entry's text, category and (unless 0) position.
// Errors: NotFound, Invalid, Conflict (409 on "question").
func (s *Service) UpdateFAQ(ctx context.Context, id uint64, in FAQInput) (*AdminFAQ, error) {
	if err := in.clean(); err != nil {
		return nil, err
	}
	set := map[string]any{"question": in.Question, "answer": in.Answer, "category": in.Category}
	if in.Sort != 0 {
		set["sort"] = in.Sort
	}
	if err := s.db.WithContext(ctx).Model(&FAQ{}).Where("id = ?", id).Updates(set).Error; err != nil {
		return nil, faqErr(err)
	}
	var f FAQ
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&f).Error; err != nil {
		return nil, store.Translate(err, MsgFAQNotFound, "")
	}
	return adminFAQ(&f), nil
}

// DeleteFAQ removes an entry. Errors: NotFound.
func (s *Service) DeleteFAQ(ctx context.Context, id uint64) error {
	res := s.db.WithContext(ctx).Where("id = ?", id).Delete(&FAQ{})
	if res.Error != nil {
		return store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		return apperr.New(apperr.NotFound, MsgFAQNotFound)
	}
	return nil
}

// AdminPage is a static page as the back office edits it: one per PageKeys
// entry, with an empty title and body (and a null updatedAt) for a page not
// written yet.
type AdminPage struct {
	Key       string     `json:"key"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	UpdatedAt *time.Time `json:"updatedAt"`
}

// AdminPages returns every page the site serves, in the order of PageKeys.
func (s *Service) AdminPages(ctx context.Context) ([]AdminPage, error) {
	var rows []Page
	if err := s.db.WithContext(ctx).Where("page_key IN ?", PageKeys).Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	out := make([]AdminPage, len(PageKeys))
	for i, k := range PageKeys {
		out[i] = AdminPage{Key: k}
		for j := range rows {
			if rows[j].Key == k {
				t := rows[j].UpdatedAt
				out[i] = AdminPage{Key: k, Title: rows[j].Title, Body: rows[j].Body, UpdatedAt: &t}
			}
		}
	}
	return out, nil
}

// PageInput is a page's new title and Markdown body.
type PageInput struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

func (in *PageInput) clean() error {
	in.Title, in.Body = strings.TrimSpace(in.Title), strings.TrimSpace(in.Body)
	errs := map[string]string{}
	setErr(errs, "title", lengthMsg(in.Title, "Title", 3, 200))
	if hasHTML(in.Title) {
		setErr(errs, "title", MsgHTMLNotAllowed)
	}
	setErr(errs, "body", lengthMsg(in.Body, "Page text", 0, 200_000))
	if hasHTML(in.Body) {
		setErr(errs, "body", MsgPageHTML)
	}
	if len(errs) > 0 {
		return apperr.Validation(errs, "title", "body")
	}
	return nil
}

// SavePage writes one of the PageKeys pages, creating its row if needed;
// GetPage serves it at once. Errors: NotFound (a key the site does not serve),
// Invalid (title 3–200, body ≤ 200,000 characters, no HTML).
func (s *Service) SavePage(ctx context.Context, key string, in PageInput) (*AdminPage, error) {
	if !slices.Contains(PageKeys, key) {
		return nil, apperr.New(apperr.NotFound, MsgPageNotFound)
	}
	if err := in.clean(); err != nil {
		return nil, err
	}
	p := Page{Key: key, Title: in.Title, Body: in.Body, UpdatedAt: s.db.NowFunc()}
	// One statement on both engines (ON DUPLICATE KEY UPDATE / ON CONFLICT DO
	// UPDATE), so two first saves at once cannot collide on the key.
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "page_key"}},
		DoUpdates: clause.AssignmentColumns([]string{"title", "body", "updated_at"}),
	}).Create(&p).Error
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	return &AdminPage{Key: p.Key, Title: p.Title, Body: p.Body, UpdatedAt: &p.UpdatedAt}, nil
}
