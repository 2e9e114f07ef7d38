package content

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Blog statuses: only published blogs are public.
const (
	BlogDraft     = "draft"
	BlogPublished = "published"
)

// Blog limits (characters).
const (
	MaxBlogTitle   = 200
	MinBlogTitle   = 3
	MaxBlogSummary = 500
	MaxBlogBody    = 100_000
	MaxBlogAuthor  = 100
	MaxBlogTags    = 10
	MaxBlogTag     = 30
)

// The messages of the blog rules that are not plain lengths.
const (
	MsgBlogNotFound   = "Blog not found"
	MsgBlogHTML       = "Blog text may not contain HTML; use Markdown"
	MsgSlugTaken      = "Another blog already uses this address"
	MsgSlugShape      = "Use only lower-case letters a–z, digits and single hyphens"
	MsgSlugFromTitle  = "The title has no letters a–z or digits to make an address from; please enter one"
	MsgBlogStatus     = "Status must be draft or published"
	MsgTooManyTags    = "At most 10 tags allowed"
	MsgTagTooLong     = "Each tag may have at most 30 characters"
	MsgTagComma       = "Tags cannot contain commas"
	MsgHTMLNotAllowed = "HTML is not allowed here"
)

// neverPublished stands in blogs.published_at (NOT NULL) for a draft that was
// never published, so a first publish can tell itself from a re-save.
var neverPublished = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)

// AdminBlog is a blog as the back office edits it, drafts included. CoverKey
// is the media key of its cover (nil without one): the HTTP layer turns it
// into coverUrl (media.CoverURL), so the key itself is not in the JSON.
type AdminBlog struct {
	ID          uint64     `json:"id"`
	Slug        string     `json:"slug"`
	Title       string     `json:"title"`
	Summary     string     `json:"summary"`
	Body        string     `json:"body"`
	Author      string     `json:"author"`
	Tags        Tags       `json:"tags"`
	Status      string     `json:"status"`
	PublishedAt *time.Time `json:"publishedAt"` // null for a draft never published
	CoverKey    *string    `json:"-"`
	UpdatedAt   time.Time  `json:"updatedAt"`
}

// adminBlog makes the back office's view of a stored row.
func adminBlog(b *Blog) *AdminBlog {
	out := &AdminBlog{ID: b.ID, Slug: b.Slug, Title: b.Title, Summary: b.Summary, Body: b.Body, Author: b.Author,
		Tags: b.Tags, Status: b.Status, CoverKey: b.CoverKey, UpdatedAt: b.UpdatedAt}
	if out.Tags == nil {
		out.Tags = Tags{}
	}
	if b.PublishedAt.After(neverPublished) {
		p := b.PublishedAt
		out.PublishedAt = &p
	}
	return out
}

// AdminBlogFilter selects blogs for the back office: Search in the title,
// summary, tags or slug, Status "draft" or "published" ("" for both).
type AdminBlogFilter struct {
	Search string
	Status string
	Skip   int
	Limit  int
}

// AdminBlogs lists blogs of every status, newest first, and the total matching.
func (s *Service) AdminBlogs(ctx context.Context, f AdminBlogFilter) ([]AdminBlog, int64, error) {
	q := s.db.WithContext(ctx).Model(&Blog{})
	switch f.Status {
	case "":
	case BlogDraft, BlogPublished:
		q = q.Where("status = ?", f.Status)
	default:
		return nil, 0, apperr.Validation(map[string]string{"status": MsgBlogStatus}, "status")
	}
	if t := strings.TrimSpace(f.Search); t != "" {
		if utf8.RuneCountInString(t) > 80 {
			return nil, 0, apperr.New(apperr.Invalid, "The search text is too long")
		}
		like := "%" + escapeLike(t) + "%"
		q = q.Where("(title LIKE ? ESCAPE '!' OR summary LIKE ? ESCAPE '!' OR tags LIKE ? ESCAPE '!' OR slug LIKE ? ESCAPE '!')",
			like, like, like, like)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	p := pagination.New(f.Skip, f.Limit, pagination.DefaultLimit)
	var rows []Blog
	if err := q.Order("created_at DESC, id DESC").Offset(p.Skip).Limit(p.Limit).Find(&rows).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	out := make([]AdminBlog, len(rows))
	for i := range rows {
		out[i] = *adminBlog(&rows[i])
	}
	return out, total, nil
}

// AdminBlog returns one blog, draft or published; NotFound when there is none.
func (s *Service) AdminBlog(ctx context.Context, id uint64) (*AdminBlog, error) {
	b, err := s.blogRow(ctx, id)
	if err != nil {
		return nil, err
	}
	return adminBlog(b), nil
}

func (s *Service) blogRow(ctx context.Context, id uint64) (*Blog, error) {
	var b Blog
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&b).Error; err != nil {
		return nil, store.Translate(err, MsgBlogNotFound, "")
	}
	return &b, nil
}

// BlogInput is what the back office sends to create or update a blog. Slug
// is optional: without one it is made from the title (spec §2).
type BlogInput struct {
	Title   string   `json:"title"`
	Summary string   `json:"summary"`
	Body    string   `json:"body"`
	Author  string   `json:"author"`
	Tags    []string `json:"tags"`
	Status  string   `json:"status"`
	Slug    string   `json:"slug"`
}

// clean trims the input and checks every rule but the slug's uniqueness.
// autoSlug says whether an empty Slug is made from the title; when false the
// caller keeps the stored one.
func (in *BlogInput) clean(autoSlug bool) (Tags, error) {
	in.Title, in.Summary, in.Author = strings.TrimSpace(in.Title), strings.TrimSpace(in.Summary), strings.TrimSpace(in.Author)
	in.Body, in.Status, in.Slug = strings.TrimSpace(in.Body), strings.TrimSpace(in.Status), strings.TrimSpace(in.Slug)
	errs := map[string]string{}
	setErr(errs, "title", lengthMsg(in.Title, "Title", MinBlogTitle, MaxBlogTitle))
	if hasHTML(in.Title) {
		setErr(errs, "title", MsgHTMLNotAllowed)
	}
	switch {
	case in.Slug != "":
		if len(in.Slug) > maxSlug {
			errs["slug"] = "Maximum 191 characters allowed"
		} else if !slugPattern.MatchString(in.Slug) {
			errs["slug"] = MsgSlugShape
		}
	case autoSlug && errs["title"] == "":
		if in.Slug = slugFromTitle(in.Title); in.Slug == "" {
			errs["slug"] = MsgSlugFromTitle
		}
	}
	setErr(errs, "summary", lengthMsg(in.Summary, "Summary", 0, MaxBlogSummary))
	if hasHTML(in.Summary) {
		setErr(errs, "summary", MsgHTMLNotAllowed)
	}
	setErr(errs, "body", lengthMsg(in.Body, "Blog text", 1, MaxBlogBody))
	if hasHTML(in.Body) {
		setErr(errs, "body", MsgBlogHTML)
	}
	setErr(errs, "author", lengthMsg(in.Author, "Author", 0, MaxBlogAuthor))
	if hasHTML(in.Author) {
		setErr(errs, "author", MsgHTMLNotAllowed)
	}
	tags, msg := cleanTags(in.Tags)
	setErr(errs, "tags", msg)
	if in.Status != BlogDraft && in.Status != BlogPublished {
		errs["status"] = MsgBlogStatus
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "title", "slug", "summary", "body", "author", "tags", "status")
	}
	return tags, nil
}

// cleanTags trims the tags, drops empty ones and repeats (letter case aside)
// and checks the limits. Tags are stored comma-separated, so a comma cannot be part of one.
func cleanTags(in []string) (Tags, string) {
	out := Tags{}
	seen := map[string]bool{}
	for _, t := range in {
		t = strings.TrimSpace(t)
		k := strings.ToLower(t)
		if t == "" || seen[k] {
			continue
		}
		seen[k] = true
		switch {
		case strings.Contains(t, ","):
			return nil, MsgTagComma
		case utf8.RuneCountInString(t) > MaxBlogTag:
			return nil, MsgTagTooLong
		case hasHTML(t):
			return nil, MsgHTMLNotAllowed
		}
		out = append(out, t)
	}
	if len(out) > MaxBlogTags {
		return nil, MsgTooManyTags
	}
	return out, ""
}

// slugConflict is the 409 of a slug another blog has, on the slug field.
func slugConflict(cause error) error {
	return &apperr.Error{Kind: apperr.Conflict, Message: MsgSlugTaken, Fields: map[string]string{"slug": MsgSlugTaken}, Err: cause}
}

// checkSlugFree refuses a slug that a blog other than id uses. The unique key
// is the real guard (a race ends in the same 409); asking first only gives the
// usual case a clean answer.
func (s *Service) checkSlugFree(ctx context.Context, slug string, id uint64) error {
	var n int64
	if err := s.db.WithContext(ctx).Model(&Blog{}).Where("slug = ? AND id <> ?", slug, id).Count(&n).Error; err != nil {
		return store.Translate(err, "", "")
	}
	if n > 0 {
		return slugConflict(nil)
	}
	return nil
}

// saveErr translates a write's error, turning the slug's unique key into the slug 409.
func saveErr(err error) error {
	if store.IsUniqueViolation(err) {
		return slugConflict(err)
	}
	return store.Translate(err, MsgBlogNotFound, "")
}

// CreateBlog validates and stores a new blog. A published one gets
// published_at now and shows on the public site at once. Errors: Invalid
// (422, per field), Conflict (409 on "slug").
func (s *Service) CreateBlog(ctx context.Context, in BlogInput) (*AdminBlog, error) {
	tags, err := in.clean(true)
	if err != nil {
		return nil, err
	}
	if err := s.checkSlugFree(ctx, in.Slug, 0); err != nil {
		return nil, err
	}
	now := s.db.NowFunc()
	b := Blog{Slug: in.Slug, Title: in.Title, Summary: in.Summary, Body: in.Body, Author: in.Author, Tags: tags,
		Status: in.Status, PublishedAt: neverPublished, CreatedAt: now, UpdatedAt: now}
	if in.Status == BlogPublished {
		b.PublishedAt = now
	}
	if err := s.db.WithContext(ctx).Create(&b).Error; err != nil {
		return nil, saveErr(err)
	}
	return adminBlog(&b), nil
}

// UpdateBlog replaces a blog's fields. Without a slug in the input, a blog
// that was never published takes one from its (new) title, and one that was
// published keeps its address, so links already shared keep working. The
// first publish sets published_at; a re-save, or unpublishing and publishing
// again, keeps it. Errors: NotFound, Invalid, Conflict (409 on "slug").
func (s *Service) UpdateBlog(ctx context.Context, id uint64, in BlogInput) (*AdminBlog, error) {
	cur, err := s.blogRow(ctx, id)
	if err != nil {
		return nil, err
	}
	everPublished := cur.PublishedAt.After(neverPublished)
	tags, err := in.clean(!everPublished)
	if err != nil {
		return nil, err
	}
	if in.Slug == "" {
		in.Slug = cur.Slug
	}
	if in.Slug != cur.Slug {
		if err := s.checkSlugFree(ctx, in.Slug, id); err != nil {
			return nil, err
		}
	}
	now := s.db.NowFunc()
	pub := cur.PublishedAt
	if in.Status == BlogPublished && !everPublished {
		pub = now
	}
	res := s.db.WithContext(ctx).Model(&Blog{}).Where("id = ?", id).Updates(map[string]any{
		"slug": in.Slug, "title": in.Title, "summary": in.Summary, "body": in.Body, "author": in.Author,
		"tags": tags, "status": in.Status, "published_at": pub, "updated_at": now})
	if res.Error != nil {
		return nil, saveErr(res.Error)
	}
	return s.AdminBlog(ctx, id)
}

// DeleteBlog deletes a blog and returns its cover's media key ("" when it had
// none), for the caller to remove the file once the row is gone. Errors: NotFound.
func (s *Service) DeleteBlog(ctx context.Context, id uint64) (coverKey string, err error) {
	b, err := s.blogRow(ctx, id)
	if err != nil {
		return "", err
	}
	res := s.db.WithContext(ctx).Where("id = ?", id).Delete(&Blog{})
	if res.Error != nil {
		return "", store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		return "", apperr.New(apperr.NotFound, MsgBlogNotFound)
	}
	if b.CoverKey != nil {
		coverKey = *b.CoverKey
	}
	return coverKey, nil
}

// SetBlogCover points a blog at a new cover image (key "" removes the cover)
// and returns the previous key ("" when there was none), for the caller to
// remove that file. The caller saves the new file first (media.Disk.SaveCover),
// so the row never names a missing file. Errors: NotFound, Invalid (a malformed key).
func (s *Service) SetBlogCover(ctx context.Context, id uint64, key string) (old string, err error) {
	var val any // NULL without a cover
	if key != "" {
		if !media.ValidKey(key) {
			return "", apperr.New(apperr.Invalid, "The cover image key is malformed")
		}
		val = key
	}
	// Read and write in one transaction (the row locked on MySQL; SQLite's
	// write lock is taken at BEGIN), so two uploads at once cannot both
	// report the same old key and leave one new file unreferenced.
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var b Blog
		if err := lockRow(tx, s.db.Dialect).Select("id, cover_key").Where("id = ?", id).Take(&b).Error; err != nil {
			return err
		}
		if b.CoverKey != nil {
			old = *b.CoverKey
		}
		return tx.Model(&Blog{}).Where("id = ?", id).Updates(map[string]any{"cover_key": val, "updated_at": s.db.NowFunc()}).Error
	})
	if err != nil {
		return "", store.Translate(err, MsgBlogNotFound, "")
	}
	return old, nil
}

// lockRow adds FOR UPDATE on MySQL; SQLite transactions already hold the
// database's write lock from BEGIN (_txlock=immediate) and have no such clause.
func lockRow(tx *gorm.DB, d store.Dialect) *gorm.DB {
	if d == store.MySQL {
		return tx.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return tx
}
