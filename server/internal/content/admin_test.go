package content

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// eachEngine runs fn on a fresh, migrated database of every engine this run has.
func eachEngine(t *testing.T, fn func(t *testing.T, db *store.DB, s *Service)) {
	t.Helper()
	for d, db := range storetest.Engines(t) {
		t.Run(string(d), func(t *testing.T) { fn(t, db, NewService(db)) })
	}
}

// wantErr fails unless err is an apperr of kind whose field carries msg
// (field "" checks the headline message instead).
func wantErr(t *testing.T, err error, kind apperr.Kind, field, msg string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind {
		t.Fatalf("got %v, want %s", err, kind)
	}
	got := e.Message
	if field != "" {
		got = e.Fields[field]
	}
	if got != msg {
		t.Fatalf("%s: got %q (fields %v), want %q", field, got, e.Fields, msg)
	}
}

func blogInput(title, status string) BlogInput {
	return BlogInput{Title: title, Summary: "A short summary", Body: "## Heading\n\nSome **Markdown** text.\n\n- a point",
		Author: "TFM Team", Tags: []string{"Safety", "Family"}, Status: status}
}

func publicSlugs(t *testing.T, s *Service) map[string]bool {
	t.Helper()
	titles, err := s.BlogTitles(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, b := range titles {
		out[b.Slug] = true
	}
	return out
}

func TestAdminBlogs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachEngine(t, func(t *testing.T, db *store.DB, s *Service) {
		var draftID uint64
		t.Run("OKDraftGetsSlugAndStaysPrivate", func(t *testing.T) {
			b, err := s.CreateBlog(ctx, blogInput("  Staying Safe Online: Never Send Money ", BlogDraft))
			if err != nil {
				t.Fatal(err)
			}
			draftID = b.ID
			if b.Slug != "staying-safe-online-never-send-money" || b.Title != "Staying Safe Online: Never Send Money" {
				t.Fatalf("slug %q title %q", b.Slug, b.Title)
			}
			if b.PublishedAt != nil || b.Status != BlogDraft || len(b.Tags) != 2 || b.CoverKey != nil {
				t.Fatalf("draft %+v", b)
			}
			if _, _, err := s.FilterBlogs(ctx, BlogFilter{Slug: b.Slug}); apperr.KindOf(err) != apperr.NotFound {
				t.Fatalf("a draft is public: %v", err)
			}
			if publicSlugs(t, s)[b.Slug] {
				t.Fatal("a draft is in BlogTitles")
			}
		})
		t.Run("OKDraftSlugFollowsTitle", func(t *testing.T) {
			b, err := s.UpdateBlog(ctx, draftID, blogInput("Staying Safe Online", BlogDraft))
			if err != nil {
				t.Fatal(err)
			}
			if b.Slug != "staying-safe-online" {
				t.Fatalf("slug %q", b.Slug)
			}
		})
		var firstPublished time.Time
		t.Run("OKPublishShowsAtOnce", func(t *testing.T) {
			b, err := s.UpdateBlog(ctx, draftID, blogInput("Staying Safe Online", BlogPublished))
			if err != nil {
				t.Fatal(err)
			}
			if b.PublishedAt == nil || time.Since(*b.PublishedAt) > time.Minute {
				t.Fatalf("publishedAt %v", b.PublishedAt)
			}
			firstPublished = *b.PublishedAt
			got, total, err := s.FilterBlogs(ctx, BlogFilter{Slug: "staying-safe-online"})
			if err != nil || total != 1 || got[0].ID != draftID {
				t.Fatalf("public read: %v %d %v", got, total, err)
			}
			if !publicSlugs(t, s)["staying-safe-online"] {
				t.Fatal("not in BlogTitles")
			}
		})
		t.Run("OKResaveKeepsFirstPublishedAt", func(t *testing.T) {
			time.Sleep(5 * time.Millisecond)
			for _, status := range []string{BlogPublished, BlogDraft, BlogPublished} {
				b, err := s.UpdateBlog(ctx, draftID, blogInput("Staying Safe Online, Revised", status))
				if err != nil {
					t.Fatal(err)
				}
				if b.PublishedAt == nil || !b.PublishedAt.Equal(firstPublished) {
					t.Fatalf("%s: publishedAt %v, want %v", status, b.PublishedAt, firstPublished)
				}
				// Once published, the address stays although the title changed.
				if b.Slug != "staying-safe-online" {
					t.Fatalf("slug moved to %q", b.Slug)
				}
				if status == BlogDraft && publicSlugs(t, s)[b.Slug] {
					t.Fatal("an unpublished blog is still public")
				}
			}
		})
		t.Run("OKPublishedOnCreate", func(t *testing.T) {
			in := blogInput("Dowry is illegal — and why we say so!", BlogPublished)
			in.Tags = []string{" Law ", "law", "", "Family"}
			b, err := s.CreateBlog(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			if b.Slug != "dowry-is-illegal-and-why-we-say-so" || b.PublishedAt == nil {
				t.Fatalf("%+v", b)
			}
			if strings.Join(b.Tags, "|") != "Law|Family" {
				t.Fatalf("tags %q", b.Tags)
			}
			got, err := s.AdminBlog(ctx, b.ID)
			if err != nil || strings.Join(got.Tags, "|") != "Law|Family" || got.Body != in.Body {
				t.Fatalf("%+v %v", got, err)
			}
		})
		t.Run("OKGivenSlug", func(t *testing.T) {
			in := blogInput("നമസ്കാരം", BlogDraft)
			in.Slug = "namaskaram-2026"
			b, err := s.CreateBlog(ctx, in)
			if err != nil || b.Slug != "namaskaram-2026" {
				t.Fatalf("%+v %v", b, err)
			}
		})
		t.Run("ErrDuplicateSlug", func(t *testing.T) {
			_, err := s.CreateBlog(ctx, blogInput("Staying safe online!", BlogDraft))
			wantErr(t, err, apperr.Conflict, "slug", MsgSlugTaken)
			in := blogInput("Anything else", BlogDraft)
			in.Slug = "namaskaram-2026"
			_, err = s.CreateBlog(ctx, in)
			wantErr(t, err, apperr.Conflict, "slug", MsgSlugTaken)
			_, err = s.UpdateBlog(ctx, draftID, in)
			wantErr(t, err, apperr.Conflict, "slug", MsgSlugTaken)
		})
		t.Run("ErrUniqueKeyIsAlsoTheSlug409", func(t *testing.T) {
			// The race the up-front check cannot see ends in the same answer.
			err := db.Create(&Blog{Slug: "raced", Title: "Raced", Body: "x", Status: BlogDraft, PublishedAt: neverPublished}).Error
			if err != nil {
				t.Fatal(err)
			}
			err = db.Create(&Blog{Slug: "raced", Title: "Raced", Body: "x", Status: BlogDraft, PublishedAt: neverPublished}).Error
			wantErr(t, saveErr(err), apperr.Conflict, "slug", MsgSlugTaken)
		})
		t.Run("ErrValidation", func(t *testing.T) {
			long := func(n int) string { return strings.Repeat("a", n) }
			manyTags := make([]string, 11)
			for i := range manyTags {
				manyTags[i] = "tag" + string(rune('a'+i))
			}
			cases := map[string]struct {
				edit       func(*BlogInput)
				field, msg string
			}{
				// (A published blog keeps its slug, so a title without a–z only fails a create; see below.)
				"ErrTitleMissing":  {func(in *BlogInput) { in.Title = "  " }, "title", "Title is required"},
				"ErrTitleShort":    {func(in *BlogInput) { in.Title = "Hi" }, "title", "Minimum 3 characters required"},
				"ErrTitleLong":     {func(in *BlogInput) { in.Title = long(201) }, "title", "Maximum 200 characters allowed"},
				"ErrSlugShape":     {func(in *BlogInput) { in.Slug = "Not A Slug" }, "slug", MsgSlugShape},
				"ErrSlugDashes":    {func(in *BlogInput) { in.Slug = "a--b" }, "slug", MsgSlugShape},
				"ErrSummaryLong":   {func(in *BlogInput) { in.Summary = long(501) }, "summary", "Maximum 500 characters allowed"},
				"ErrBodyMissing":   {func(in *BlogInput) { in.Body = "\n " }, "body", "Blog text is required"},
				"ErrBodyLong":      {func(in *BlogInput) { in.Body = long(100_001) }, "body", "Maximum 100,000 characters allowed"},
				"ErrAuthorLong":    {func(in *BlogInput) { in.Author = long(101) }, "author", "Maximum 100 characters allowed"},
				"ErrTooManyTags":   {func(in *BlogInput) { in.Tags = manyTags }, "tags", MsgTooManyTags},
				"ErrTagLong":       {func(in *BlogInput) { in.Tags = []string{long(31)} }, "tags", MsgTagTooLong},
				"ErrTagComma":      {func(in *BlogInput) { in.Tags = []string{"a,b"} }, "tags", MsgTagComma},
				"ErrStatus":        {func(in *BlogInput) { in.Status = "archived" }, "status", MsgBlogStatus},
				"ErrStatusMissing": {func(in *BlogInput) { in.Status = "" }, "status", MsgBlogStatus},
			}
			for name, c := range cases {
				t.Run(name, func(t *testing.T) {
					in := blogInput("A valid title here", BlogDraft)
					c.edit(&in)
					_, err := s.CreateBlog(ctx, in)
					wantErr(t, err, apperr.Invalid, c.field, c.msg)
					_, err = s.UpdateBlog(ctx, draftID, in)
					wantErr(t, err, apperr.Invalid, c.field, c.msg)
				})
			}
			t.Run("ErrNoSlugInTitle", func(t *testing.T) {
				_, err := s.CreateBlog(ctx, blogInput("നമസ്കാരം", BlogDraft))
				wantErr(t, err, apperr.Invalid, "slug", MsgSlugFromTitle)
			})
			t.Run("OKLongestAllowed", func(t *testing.T) {
				in := blogInput(long(200), BlogDraft)
				in.Summary, in.Body, in.Author = long(500), long(100_000), long(100)
				in.Tags = manyTags[:10]
				if _, err := s.CreateBlog(ctx, in); err != nil {
					t.Fatal(err)
				}
			})
		})
		t.Run("ErrHTMLRefused", func(t *testing.T) {
			for _, body := range []string{
				"Hello <script>alert(1)</script>",
				"<iframe src=\"https://evil.example\"></iframe>",
				"<style>body{display:none}</style>",
				"<SCRIPT SRC=//evil.example/x.js>",
				"</p>",
				"<!-- hidden -->",
				"<img src=x onerror=alert(1)>",
				"a picture onload = \"steal()\"",
				"[click](javascript:alert(1))",
				"[click](JaVa\tScRiPt:alert(1))",
				"[click](&#106;avascript:alert(1))",
				"&lt;script&gt;alert(1)&lt;/script&gt;",
				"[x](data:text/html;base64,PHNjcmlwdD4=)",
				"<?php echo 1; ?>",
			} {
				in := blogInput("HTML test", BlogDraft)
				in.Body = body
				_, err := s.CreateBlog(ctx, in)
				wantErr(t, err, apperr.Invalid, "body", MsgBlogHTML)
			}
			for _, body := range []string{"If a < b and c > d", "We <3 weddings", "Being online = being careful",
				"Costs: 5 < 10", "## Heading\n\n- **bold** point", "Email us at support@tfmmatrimony.in"} {
				in := blogInput("Prose "+body, BlogDraft)
				in.Body = body
				if _, err := s.CreateBlog(ctx, in); err != nil {
					t.Errorf("%q refused: %v", body, err)
				}
			}
		})
		t.Run("OKAdminList", func(t *testing.T) {
			all, total, err := s.AdminBlogs(ctx, AdminBlogFilter{Limit: 100})
			if err != nil || int(total) != len(all) || total < 5 {
				t.Fatalf("%d %d %v", len(all), total, err)
			}
			for i := 1; i < len(all); i++ {
				if all[i].ID > all[i-1].ID {
					t.Fatal("not newest first")
				}
			}
			pub, ptotal, err := s.AdminBlogs(ctx, AdminBlogFilter{Status: BlogPublished})
			if err != nil || ptotal != 2 || len(pub) != 2 {
				t.Fatalf("published: %d %v", ptotal, err)
			}
			drafts, dtotal, _ := s.AdminBlogs(ctx, AdminBlogFilter{Status: BlogDraft, Limit: 2})
			if dtotal != total-2 || len(drafts) != 2 {
				t.Fatalf("drafts: %d of %d", len(drafts), dtotal)
			}
			found, ftotal, err := s.AdminBlogs(ctx, AdminBlogFilter{Search: "dowry"})
			if err != nil || ftotal != 1 || found[0].Slug != "dowry-is-illegal-and-why-we-say-so" {
				t.Fatalf("search: %v %v", found, err)
			}
			if _, _, err := s.AdminBlogs(ctx, AdminBlogFilter{Status: "gone"}); apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("bad status: %v", err)
			}
		})
		t.Run("OKCoverSetAndDelete", func(t *testing.T) {
			k1, _ := media.NewKey()
			k2, _ := media.NewKey()
			old, err := s.SetBlogCover(ctx, draftID, k1)
			if err != nil || old != "" {
				t.Fatalf("%q %v", old, err)
			}
			if old, err = s.SetBlogCover(ctx, draftID, k2); err != nil || old != k1 {
				t.Fatalf("%q %v", old, err)
			}
			b, _ := s.AdminBlog(ctx, draftID)
			if b.CoverKey == nil || *b.CoverKey != k2 {
				t.Fatalf("cover %v", b.CoverKey)
			}
			// A re-save of the text keeps the cover.
			if b, err = s.UpdateBlog(ctx, draftID, blogInput("Staying Safe Online", BlogPublished)); err != nil || b.CoverKey == nil {
				t.Fatalf("%+v %v", b, err)
			}
			key, err := s.DeleteBlog(ctx, draftID)
			if err != nil || key != k2 {
				t.Fatalf("%q %v", key, err)
			}
			if _, err := s.AdminBlog(ctx, draftID); apperr.KindOf(err) != apperr.NotFound {
				t.Fatalf("deleted blog: %v", err)
			}
			if publicSlugs(t, s)["staying-safe-online"] {
				t.Fatal("a deleted blog is public")
			}
		})
		t.Run("ErrCover", func(t *testing.T) {
			_, err := s.SetBlogCover(ctx, draftID, strings.Repeat("ab", 16))
			wantErr(t, err, apperr.NotFound, "", MsgBlogNotFound)
			all, _, _ := s.AdminBlogs(ctx, AdminBlogFilter{})
			if _, err := s.SetBlogCover(ctx, all[0].ID, "../../etc/passwd"); apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("bad key: %v", err)
			}
			old, err := s.SetBlogCover(ctx, all[0].ID, "")
			if err != nil || old != "" {
				t.Fatalf("clearing: %q %v", old, err)
			}
		})
		t.Run("ErrNotFound", func(t *testing.T) {
			_, err := s.DeleteBlog(ctx, draftID)
			wantErr(t, err, apperr.NotFound, "", MsgBlogNotFound)
			_, err = s.UpdateBlog(ctx, draftID, blogInput("Whatever title", BlogDraft))
			wantErr(t, err, apperr.NotFound, "", MsgBlogNotFound)
		})
	})
}

func TestAdminStories(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	valid := StoryInput{Title: "Anu & Jobin", BrideName: "Anu", GroomName: "Jobin", Denomination: "Marthoma",
		City: "Thiruvalla", WeddingDate: "2025-11-20", Summary: "Met on TFM",
		Story: strings.Repeat("We met through our parents and the rest is history. ", 2)}
	eachEngine(t, func(t *testing.T, db *store.DB, s *Service) {
		id, err := s.SubmitStory(ctx, StorySubmission{BrideName: "Anu", GroomName: "Jobin", Email: "Anu@Example.in",
			Phone: "9847012345", WeddingDate: "2025-11-20", Story: valid.Story})
		if err != nil {
			t.Fatal(err)
		}
		seedKey := "seeded story"
		seeded := SuccessStory{SeedKey: &seedKey, Title: "Seeded", BrideName: "Mary", GroomName: "Tom", Story: valid.Story, Status: StoryPublished}
		if err := db.Create(&seeded).Error; err != nil {
			t.Fatal(err)
		}
		public := func() map[uint64]bool {
			got, _, err := s.ListStories(ctx, StoryFilter{Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			out := map[uint64]bool{}
			for _, st := range got {
				out[st.ID] = true
			}
			return out
		}
		t.Run("OKPendingListedWithSubmitter", func(t *testing.T) {
			got, total, err := s.AdminStories(ctx, StoryPending, 0, 10)
			if err != nil || total != 1 || got[0].ID != id {
				t.Fatalf("%v %d %v", got, total, err)
			}
			if sb := got[0].SubmittedBy; sb == nil || sb.Email != "anu@example.in" || sb.Phone != "9847012345" {
				t.Fatalf("submittedBy %+v", sb)
			}
			all, total, _ := s.AdminStories(ctx, "", 0, 10)
			if total != 2 || all[0].ID != seeded.ID || all[0].SubmittedBy != nil {
				t.Fatalf("all: %d, first %+v", total, all[0])
			}
			if public()[id] {
				t.Fatal("a pending story is public")
			}
		})
		t.Run("OKApproveMakesPublic", func(t *testing.T) {
			st, err := s.ApproveStory(ctx, id)
			if err != nil || st.Status != StoryPublished {
				t.Fatalf("%+v %v", st, err)
			}
			if !public()[id] {
				t.Fatal("an approved story is not public")
			}
		})
		t.Run("OKUpdate", func(t *testing.T) {
			in := valid
			in.WeddingDate = "2025-11-21T00:00:00Z" // what AdminStory wrote, sent back
			st, err := s.UpdateStory(ctx, id, in)
			if err != nil {
				t.Fatal(err)
			}
			if st.Title != "Anu & Jobin" || st.City != "Thiruvalla" || st.WeddingDate == nil ||
				st.WeddingDate.Format(time.DateOnly) != "2025-11-21" || st.Status != StoryPublished {
				t.Fatalf("%+v", st)
			}
			got, _, err := s.ListStories(ctx, StoryFilter{ID: id})
			if err != nil || got[0].Denomination != "Marthoma" {
				t.Fatalf("public: %+v %v", got, err)
			}
		})
		t.Run("ErrUpdateValidation", func(t *testing.T) {
			cases := map[string]struct {
				edit       func(*StoryInput)
				field, msg string
			}{
				"ErrTitle":       {func(in *StoryInput) { in.Title = "" }, "title", "Title is required"},
				"ErrBrideName":   {func(in *StoryInput) { in.BrideName = "A1" }, "brideName", "Name can only contain letters"},
				"ErrGroomName":   {func(in *StoryInput) { in.GroomName = "" }, "groomName", "Name is required"},
				"ErrCity":        {func(in *StoryInput) { in.City = strings.Repeat("c", 101) }, "city", "Maximum 100 characters allowed"},
				"ErrDate":        {func(in *StoryInput) { in.WeddingDate = "20-11-2025" }, "weddingDate", MsgWeddingDate},
				"ErrFutureDate":  {func(in *StoryInput) { in.WeddingDate = time.Now().AddDate(0, 1, 0).Format(time.DateOnly) }, "weddingDate", MsgWeddingFuture},
				"ErrSummaryLong": {func(in *StoryInput) { in.Summary = strings.Repeat("s", 501) }, "summary", "Maximum 500 characters allowed"},
				"ErrStoryShort":  {func(in *StoryInput) { in.Story = "Too short" }, "story", "Please tell us your story in at least 50 characters"},
				"ErrStoryHTML":   {func(in *StoryInput) { in.Story += "<script>x</script>" }, "story", MsgHTMLNotAllowed},
			}
			for name, c := range cases {
				t.Run(name, func(t *testing.T) {
					in := valid
					c.edit(&in)
					_, err := s.UpdateStory(ctx, id, in)
					wantErr(t, err, apperr.Invalid, c.field, c.msg)
				})
			}
			_, err := s.UpdateStory(ctx, 999999, valid)
			wantErr(t, err, apperr.NotFound, "", MsgStoryNotFound)
		})
		t.Run("ErrRejectNeedsReason", func(t *testing.T) {
			_, _, err := s.RejectStory(ctx, id, "  ")
			wantErr(t, err, apperr.Invalid, "reason", MsgReasonRequired)
			_, _, err = s.RejectStory(ctx, id, strings.Repeat("r", 501))
			wantErr(t, err, apperr.Invalid, "reason", "Maximum 500 characters allowed")
			if !public()[id] {
				t.Fatal("a refused rejection changed the story")
			}
		})
		t.Run("OKRejectHidesAndReturnsReason", func(t *testing.T) {
			st, reason, err := s.RejectStory(ctx, id, "  Names do not match the photo ")
			if err != nil || st.Status != StoryRejected || reason != "Names do not match the photo" {
				t.Fatalf("%+v %q %v", st, reason, err)
			}
			if public()[id] {
				t.Fatal("a rejected story is public")
			}
			got, total, _ := s.AdminStories(ctx, StoryRejected, 0, 10)
			if total != 1 || got[0].ID != id {
				t.Fatalf("rejected list %v", got)
			}
		})
		t.Run("ErrNotFoundAndBadStatus", func(t *testing.T) {
			_, err := s.ApproveStory(ctx, 999999)
			wantErr(t, err, apperr.NotFound, "", MsgStoryNotFound)
			_, _, err = s.RejectStory(ctx, 999999, "spam")
			wantErr(t, err, apperr.NotFound, "", MsgStoryNotFound)
			_, _, err = s.AdminStories(ctx, "deleted", 0, 10)
			wantErr(t, err, apperr.Invalid, "status", MsgStoryStatus)
		})
	})
}

func TestAdminFAQ(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachEngine(t, func(t *testing.T, db *store.DB, s *Service) {
		var first, second *AdminFAQ
		t.Run("OKCreateAppends", func(t *testing.T) {
			var err error
			first, err = s.CreateFAQ(ctx, FAQInput{Question: "How do I register?", Answer: "Tap **Register**.", Category: "Account"})
			if err != nil || first.Sort != 1 {
				t.Fatalf("%+v %v", first, err)
			}
			second, err = s.CreateFAQ(ctx, FAQInput{Question: "Is my phone number shown?", Answer: "Only to paying members.", Category: "Privacy"})
			if err != nil || second.Sort != 2 {
				t.Fatalf("%+v %v", second, err)
			}
			third, err := s.CreateFAQ(ctx, FAQInput{Question: "Can my parents create it?", Answer: "Yes, they can.", Category: "Account", Sort: 5})
			if err != nil || third.Sort != 5 {
				t.Fatalf("%+v %v", third, err)
			}
			pub, err := s.FilterFAQ(ctx, FAQFilter{Category: "Account"})
			if err != nil || len(pub) != 2 || pub[0].ID != first.ID {
				t.Fatalf("public: %+v %v", pub, err)
			}
		})
		t.Run("OKListByCategoryThenSort", func(t *testing.T) {
			all, err := s.AdminFAQ(ctx)
			if err != nil || len(all) != 3 {
				t.Fatalf("%v %v", all, err)
			}
			if all[0].Category != "Account" || all[0].Sort != 1 || all[1].Sort != 5 || all[2].Category != "Privacy" {
				t.Fatalf("order %+v", all)
			}
		})
		t.Run("OKUpdate", func(t *testing.T) {
			f, err := s.UpdateFAQ(ctx, second.ID, FAQInput{Question: "Is my mobile number shown?", Answer: "Only to members with a plan.", Category: "Privacy"})
			if err != nil || f.Sort != 2 || f.Question != "Is my mobile number shown?" {
				t.Fatalf("%+v %v", f, err)
			}
			pub, _ := s.FilterFAQ(ctx, FAQFilter{Search: "mobile"})
			if len(pub) != 1 || pub[0].Answer != "Only to members with a plan." {
				t.Fatalf("public %+v", pub)
			}
		})
		t.Run("ErrDuplicateQuestion", func(t *testing.T) {
			_, err := s.CreateFAQ(ctx, FAQInput{Question: "How do I register?", Answer: "Again.", Category: "Account"})
			wantErr(t, err, apperr.Conflict, "question", MsgFAQTaken)
			_, err = s.UpdateFAQ(ctx, second.ID, FAQInput{Question: "How do I register?", Answer: "Again.", Category: "Account"})
			wantErr(t, err, apperr.Conflict, "question", MsgFAQTaken)
		})
		t.Run("ErrValidation", func(t *testing.T) {
			ok := FAQInput{Question: "A real question?", Answer: "A real answer.", Category: "General"}
			cases := map[string]struct {
				edit       func(*FAQInput)
				field, msg string
			}{
				"ErrQuestionShort": {func(in *FAQInput) { in.Question = "Why" }, "question", "Minimum 5 characters required"},
				"ErrQuestionLong":  {func(in *FAQInput) { in.Question = strings.Repeat("q", 301) }, "question", "Maximum 300 characters allowed"},
				"ErrAnswerMissing": {func(in *FAQInput) { in.Answer = "" }, "answer", "Answer is required"},
				"ErrAnswerLong":    {func(in *FAQInput) { in.Answer = strings.Repeat("a", 5001) }, "answer", "Maximum 5,000 characters allowed"},
				"ErrAnswerHTML":    {func(in *FAQInput) { in.Answer = "See <a href=x>here</a>" }, "answer", MsgAnswerHTML},
				"ErrCategoryShort": {func(in *FAQInput) { in.Category = "A" }, "category", "Minimum 2 characters required"},
				"ErrCategoryLong":  {func(in *FAQInput) { in.Category = strings.Repeat("c", 61) }, "category", "Maximum 60 characters allowed"},
				"ErrSort":          {func(in *FAQInput) { in.Sort = -1 }, "sort", MsgFAQSort},
			}
			for name, c := range cases {
				t.Run(name, func(t *testing.T) {
					in := ok
					c.edit(&in)
					_, err := s.CreateFAQ(ctx, in)
					wantErr(t, err, apperr.Invalid, c.field, c.msg)
				})
			}
		})
		t.Run("OKDelete", func(t *testing.T) {
			if err := s.DeleteFAQ(ctx, first.ID); err != nil {
				t.Fatal(err)
			}
			if pub, _ := s.FilterFAQ(ctx, FAQFilter{Search: "register"}); len(pub) != 0 {
				t.Fatalf("deleted entry is public: %+v", pub)
			}
			wantErr(t, s.DeleteFAQ(ctx, first.ID), apperr.NotFound, "", MsgFAQNotFound)
			_, err := s.UpdateFAQ(ctx, first.ID, FAQInput{Question: "Gone question?", Answer: "Gone answer.", Category: "Account"})
			wantErr(t, err, apperr.NotFound, "", MsgFAQNotFound)
		})
	})
}

func TestAdminPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachEngine(t, func(t *testing.T, db *store.DB, s *Service) {
		t.Run("OKEveryKeyEvenUnwritten", func(t *testing.T) {
			pages, err := s.AdminPages(ctx)
			if err != nil || len(pages) != len(PageKeys) {
				t.Fatalf("%v %v", pages, err)
			}
			for i, p := range pages {
				if p.Key != PageKeys[i] || p.Title != "" || p.Body != "" || p.UpdatedAt != nil {
					t.Fatalf("%+v", p)
				}
			}
		})
		t.Run("OKSaveShowsInGetPage", func(t *testing.T) {
			p, err := s.SavePage(ctx, "privacy", PageInput{Title: " Privacy Policy ", Body: "## What we keep\n\n- your e-mail"})
			if err != nil || p.Title != "Privacy Policy" || p.UpdatedAt == nil {
				t.Fatalf("%+v %v", p, err)
			}
			got, err := s.GetPage(ctx, "privacy")
			if err != nil || got.Body != "## What we keep\n\n- your e-mail" {
				t.Fatalf("%+v %v", got, err)
			}
			if _, err := s.SavePage(ctx, "privacy", PageInput{Title: "Privacy", Body: "Changed"}); err != nil {
				t.Fatal(err)
			}
			if got, _ := s.GetPage(ctx, "privacy"); got.Title != "Privacy" || got.Body != "Changed" {
				t.Fatalf("%+v", got)
			}
			pages, _ := s.AdminPages(ctx)
			if pages[1].Key != "privacy" || pages[1].Title != "Privacy" || pages[1].UpdatedAt == nil || pages[0].UpdatedAt != nil {
				t.Fatalf("%+v", pages)
			}
		})
		t.Run("ErrUnknownKey", func(t *testing.T) {
			_, err := s.SavePage(ctx, "careers", PageInput{Title: "Careers", Body: "Join us"})
			wantErr(t, err, apperr.NotFound, "", MsgPageNotFound)
		})
		t.Run("ErrValidation", func(t *testing.T) {
			_, err := s.SavePage(ctx, "terms-and-use", PageInput{Title: "Te", Body: "x"})
			wantErr(t, err, apperr.Invalid, "title", "Minimum 3 characters required")
			_, err = s.SavePage(ctx, "terms-and-use", PageInput{Title: "Terms", Body: strings.Repeat("b", 200_001)})
			wantErr(t, err, apperr.Invalid, "body", "Maximum 200,000 characters allowed")
			_, err = s.SavePage(ctx, "terms-and-use", PageInput{Title: "Terms", Body: "<style>*{}</style>"})
			wantErr(t, err, apperr.Invalid, "body", MsgPageHTML)
		})
	})
}

func validSettings() SettingsInput {
	return SettingsInput{
		SupportEmail: "Help@TFMMatrimony.in",
		ContactNo:    []string{"+91 44 4860 1100", "+91  98400 21100", "+91 9447021100"},
		Whatsapp:     "https://wa.me/919840021100",
		Social: SocialLinks{Facebook: "https://www.facebook.com/tfmmatrimony", Instagram: "https://instagram.com/tfm",
			Twitter: "https://x.com/tfmmatrimony", Youtube: "https://www.youtube.com/@tfmmatrimony"},
		OfficeAddress: OfficeAddress{Line1: "14 Cathedral Road", Line2: "Gopalapuram", City: "Chennai", State: "Tamil Nadu",
			Pincode: "600086", Country: "India"},
		OfficeHours: "Monday to Saturday, 9:30 am to 6:30 pm IST",
	}
}

func TestUpdateSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachEngine(t, func(t *testing.T, db *store.DB, s *Service) {
		t.Run("OKSavedAndReadAtOnce", func(t *testing.T) {
			got, err := s.UpdateSettings(ctx, validSettings())
			if err != nil {
				t.Fatal(err)
			}
			again, err := s.GetSettings(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range []*Settings{got, again} {
				if st.SupportEmail != "help@tfmmatrimony.in" || strings.Join(st.ContactNo, "|") != "+91 44 4860 1100|+91 98400 21100|+91 9447021100" ||
					st.Social["twitter"] != "https://x.com/tfmmatrimony" || st.OfficeAddress["pincode"] != "600086" ||
					st.OfficeHours != "Monday to Saturday, 9:30 am to 6:30 pm IST" || st.Whatsapp != "https://wa.me/919840021100" {
					t.Fatalf("%+v", st)
				}
			}
			in := validSettings()
			in.OfficeHours = "Every day, 9 am to 9 pm"
			in.Social.Youtube = ""
			if _, err := s.UpdateSettings(ctx, in); err != nil {
				t.Fatal(err)
			}
			if st, _ := s.GetSettings(ctx); st.OfficeHours != "Every day, 9 am to 9 pm" || st.Social["youtube"] != "" {
				t.Fatalf("second save: %+v", st)
			}
		})
		cases := map[string]struct {
			edit       func(*SettingsInput)
			field, msg string
		}{
			"ErrEmail":          {func(in *SettingsInput) { in.SupportEmail = "help@" }, "supportEmail", "Please enter a valid email address"},
			"ErrTwoNumbers":     {func(in *SettingsInput) { in.ContactNo = in.ContactNo[:2] }, "contactNo", MsgContactCount},
			"ErrNoPrefix":       {func(in *SettingsInput) { in.ContactNo[1] = "98400 21100" }, "contactNo.1", MsgContactNo},
			"ErrDashes":         {func(in *SettingsInput) { in.ContactNo[2] = "+91 98400-21100" }, "contactNo.2", MsgContactNo},
			"ErrNineDigits":     {func(in *SettingsInput) { in.ContactNo[0] = "+91 98400 2110" }, "contactNo.0", MsgContactNo},
			"ErrWhatsappHost":   {func(in *SettingsInput) { in.Whatsapp = "https://evil.example/919840021100" }, "whatsapp", MsgWhatsapp},
			"ErrWhatsappHTTP":   {func(in *SettingsInput) { in.Whatsapp = "http://wa.me/919840021100" }, "whatsapp", MsgWhatsapp},
			"ErrWhatsappNumber": {func(in *SettingsInput) { in.Whatsapp = "https://wa.me/tfm" }, "whatsapp", MsgWhatsapp},
			"ErrFacebookHTTP":   {func(in *SettingsInput) { in.Social.Facebook = "http://facebook.com/tfm" }, "social.facebook", MsgSocialPrefix + "facebook.com"},
			"ErrFacebookLookalike": {func(in *SettingsInput) { in.Social.Facebook = "https://facebook.com.evil.example/tfm" },
				"social.facebook", MsgSocialPrefix + "facebook.com"},
			"ErrInstagramUserinfo": {func(in *SettingsInput) { in.Social.Instagram = "https://instagram.com@evil.example/" },
				"social.instagram", MsgSocialPrefix + "instagram.com"},
			"ErrTwitterOtherSite": {func(in *SettingsInput) { in.Social.Twitter = "https://mastodon.social/@tfm" },
				"social.twitter", MsgSocialPrefix + "twitter.com or x.com"},
			"ErrYoutubeScript": {func(in *SettingsInput) { in.Social.Youtube = "javascript:alert(1)//youtube.com" },
				"social.youtube", MsgSocialPrefix + "youtube.com"},
			"ErrLine1Missing": {func(in *SettingsInput) { in.OfficeAddress.Line1 = "" }, "officeAddress.line1", "Address line 1 is required"},
			"ErrLine2Long":    {func(in *SettingsInput) { in.OfficeAddress.Line2 = strings.Repeat("l", 201) }, "officeAddress.line2", "Maximum 200 characters allowed"},
			"ErrPincode":      {func(in *SettingsInput) { in.OfficeAddress.Pincode = "60008" }, "officeAddress.pincode", MsgPincode},
			"ErrPincodeZero":  {func(in *SettingsInput) { in.OfficeAddress.Pincode = "060086" }, "officeAddress.pincode", MsgPincode},
			"ErrHoursLong":    {func(in *SettingsInput) { in.OfficeHours = strings.Repeat("h", 121) }, "officeHours", "Maximum 120 characters allowed"},
			"ErrHoursMissing": {func(in *SettingsInput) { in.OfficeHours = " " }, "officeHours", "Office hours is required"},
		}
		for name, c := range cases {
			t.Run(name, func(t *testing.T) {
				in := validSettings()
				c.edit(&in)
				_, err := s.UpdateSettings(ctx, in)
				wantErr(t, err, apperr.Invalid, c.field, c.msg)
			})
		}
		t.Run("OKRefusedSaveChangesNothing", func(t *testing.T) {
			in := validSettings()
			in.SupportEmail = "changed@tfmmatrimony.in"
			in.OfficeAddress.Pincode = "12"
			_, err := s.UpdateSettings(ctx, in)
			wantErr(t, err, apperr.Invalid, "officeAddress.pincode", MsgPincode)
			if st, _ := s.GetSettings(ctx); st.SupportEmail != "help@tfmmatrimony.in" {
				t.Fatalf("a refused save wrote %q", st.SupportEmail)
			}
		})
	})
}

func TestMaintenance(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachEngine(t, func(t *testing.T, db *store.DB, a *Service) {
		b := NewService(db) // another node on the same database
		// waitFor polls b until it reports want, and fails after 2 seconds.
		waitFor := func(t *testing.T, want bool, since time.Time) {
			t.Helper()
			for {
				on, err := b.Maintenance(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if on == want {
					return
				}
				if time.Since(since) > 2*time.Second {
					t.Fatalf("the other node still says %v after 2 s", on)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		t.Run("OKOffWhenNeverSet", func(t *testing.T) {
			for _, s := range []*Service{a, b} {
				if on, err := s.Maintenance(ctx); err != nil || on {
					t.Fatalf("%v %v", on, err)
				}
			}
		})
		t.Run("OKOnAtOnceHereAndSoonElsewhere", func(t *testing.T) {
			b.maint.mu.Lock()
			b.maint.until = time.Time{} // make b read the database now
			b.maint.mu.Unlock()
			read := time.Now()
			b.Maintenance(ctx) // b now holds "off" in its cache
			set := time.Now()
			if err := a.SetMaintenance(ctx, true); err != nil {
				t.Fatal(err)
			}
			if on, err := a.Maintenance(ctx); err != nil || !on {
				t.Fatalf("the node that switched says %v %v", on, err)
			}
			// b answers from its copy: no query until it is MaintenanceTTL old.
			if on, _ := b.Maintenance(ctx); on && time.Since(read) < MaintenanceTTL/2 {
				t.Fatal("the other node read the database although its copy was fresh")
			}
			waitFor(t, true, set)
		})
		t.Run("OKOffAgain", func(t *testing.T) {
			set := time.Now()
			if err := a.SetMaintenance(ctx, false); err != nil {
				t.Fatal(err)
			}
			if on, _ := a.Maintenance(ctx); on {
				t.Fatal("still on here")
			}
			waitFor(t, false, set)
		})
		t.Run("OKSettingsUnaffected", func(t *testing.T) {
			if err := a.SetMaintenance(ctx, true); err != nil {
				t.Fatal(err)
			}
			if _, err := a.UpdateSettings(ctx, validSettings()); err != nil {
				t.Fatal(err)
			}
			if st, err := a.GetSettings(ctx); err != nil || st.SupportEmail != "help@tfmmatrimony.in" {
				t.Fatalf("%+v %v", st, err)
			}
			if on, _ := NewService(db).Maintenance(ctx); !on {
				t.Fatal("a settings save turned maintenance off")
			}
		})
		t.Run("OKHotPathRarelyQueries", func(t *testing.T) {
			var queries atomic.Int64
			err := db.Callback().Query().After("gorm:query").Register("test:count_maintenance", func(tx *gorm.DB) {
				if strings.Contains(tx.Statement.SQL.String(), "settings") {
					queries.Add(1)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Callback().Query().Remove("test:count_maintenance")
			c := NewService(db)
			start := time.Now()
			var wg sync.WaitGroup
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range 500 {
						if on, err := c.Maintenance(ctx); err != nil || !on {
							t.Errorf("%v %v", on, err)
							return
						}
					}
				}()
			}
			wg.Wait()
			// One read fills the copy, and at most one more per MaintenanceTTL
			// (several only in the first instant, before any copy exists).
			limit := 8 + int64(time.Since(start)/MaintenanceTTL)
			if n := queries.Load(); n == 0 || n > limit {
				t.Fatalf("4,000 checks ran %d queries, want 1..%d", n, limit)
			}
		})
		t.Run("ErrStorageKeepsLastValue", func(t *testing.T) {
			c := NewService(db)
			if on, _ := c.Maintenance(ctx); !on {
				t.Fatal("want on")
			}
			c.maint.mu.Lock()
			c.maint.until = time.Time{} // expire the copy
			c.maint.mu.Unlock()
			cancelled, cancel := context.WithCancel(ctx)
			cancel()
			on, err := c.Maintenance(cancelled)
			if err == nil || !on {
				t.Fatalf("got %v %v, want the last value and an error", on, err)
			}
		})
	})
}

func TestContactInbox(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	eachEngine(t, func(t *testing.T, db *store.DB, s *Service) {
		now := time.Now().UTC()
		admin := func(email, name, status string) uint64 {
			t.Helper()
			err := db.Exec("INSERT INTO admins (email, password_hash, role, created_at, name, status) VALUES (?, 'x', '', ?, ?, ?)",
				email, now, name, status).Error
			if err != nil {
				t.Fatal(err)
			}
			var id uint64
			db.Raw("SELECT id FROM admins WHERE email = ?", email).Scan(&id)
			return id
		}
		asha := admin("asha@tfm.in", "Asha Kurian", "active")
		off := admin("gone@tfm.in", "Gone Admin", "disabled")
		noName := admin("support2@tfm.in", "", "active")
		var ids []uint64
		for i, subj := range []string{"Payment failed", "Profile hidden", "Change my e-mail"} {
			id, err := s.SubmitContact(ctx, ContactInput{Name: "Mary Thomas", Email: "mary@example.in", Phone: "9847012345",
				Subject: subj, Message: "Please help me with this, thank you."}, "10.0.0."+string(rune('1'+i)))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
			time.Sleep(3 * time.Millisecond) // distinct created_at, so "newest first" is tested by time
		}
		list := func(f ContactFilter) ([]ContactRow, int64) {
			t.Helper()
			rows, total, err := s.ContactMessages(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			return rows, total
		}
		t.Run("OKNewestFirst", func(t *testing.T) {
			rows, total := list(ContactFilter{})
			if total != 3 || rows[0].ID != ids[2] || rows[2].ID != ids[0] || rows[0].Status != ContactNew || rows[0].AssignedTo != nil {
				t.Fatalf("%d %+v", total, rows)
			}
			if rows, total := list(ContactFilter{Status: ContactNew, Skip: 1, Limit: 1}); total != 3 || len(rows) != 1 || rows[0].ID != ids[1] {
				t.Fatalf("paged: %d %+v", total, rows)
			}
		})
		t.Run("OKAssign", func(t *testing.T) {
			d, err := s.AssignContact(ctx, ids[0], asha)
			if err != nil {
				t.Fatal(err)
			}
			if d.Status != ContactAssigned || d.AssignedTo == nil || *d.AssignedTo != (AdminRef{ID: asha, Name: "Asha Kurian"}) ||
				d.Email != "mary@example.in" || d.Message == "" || d.AnsweredAt != nil || d.AnsweredBy != nil {
				t.Fatalf("%+v", d)
			}
			if rows, total := list(ContactFilter{Status: ContactAssigned}); total != 1 || rows[0].AssignedTo.Name != "Asha Kurian" {
				t.Fatalf("%+v", rows)
			}
			if _, total := list(ContactFilter{AssignedTo: asha}); total != 1 {
				t.Fatal("mine")
			}
			if _, total := list(ContactFilter{AssignedTo: noName}); total != 0 {
				t.Fatal("someone else's")
			}
		})
		t.Run("ErrAssignToDisabledOrMissingAdmin", func(t *testing.T) {
			for _, id := range []uint64{off, 999999} {
				_, err := s.AssignContact(ctx, ids[1], id)
				wantErr(t, err, apperr.Invalid, "adminId", MsgAdminNotActive)
			}
			if d, _ := s.ContactMessage(ctx, ids[1]); d.Status != ContactNew || d.AssignedTo != nil {
				t.Fatalf("changed: %+v", d)
			}
		})
		t.Run("OKAnswered", func(t *testing.T) {
			d, err := s.AnswerContact(ctx, ids[0], noName, "  Refund started; told her by e-mail ")
			if err != nil {
				t.Fatal(err)
			}
			if d.Status != ContactAnswered || d.AnsweredAt == nil || d.AnsweredBy == nil || d.AnsweredBy.Name != "support2@tfm.in" ||
				d.AdminNote != "Refund started; told her by e-mail" || d.AssignedTo.ID != asha {
				t.Fatalf("%+v", d)
			}
			// Reassigning an answered message keeps it answered.
			if d, err = s.AssignContact(ctx, ids[0], noName); err != nil || d.Status != ContactAnswered || d.AssignedTo.ID != noName {
				t.Fatalf("%+v %v", d, err)
			}
			// An answer to a message nobody took assigns it to whoever answered.
			if d, err = s.AnswerContact(ctx, ids[2], asha, ""); err != nil || d.AssignedTo == nil || d.AssignedTo.ID != asha {
				t.Fatalf("%+v %v", d, err)
			}
			if rows, total := list(ContactFilter{Status: ContactAnswered}); total != 2 || rows[0].AnsweredAt == nil {
				t.Fatalf("%+v", rows)
			}
			if _, total := list(ContactFilter{Status: ContactNew}); total != 1 {
				t.Fatal("new count")
			}
		})
		t.Run("ErrNoteTooLong", func(t *testing.T) {
			_, err := s.AnswerContact(ctx, ids[1], asha, strings.Repeat("n", 1001))
			wantErr(t, err, apperr.Invalid, "note", "Maximum 1,000 characters allowed")
		})
		t.Run("ErrNotFoundAndBadStatus", func(t *testing.T) {
			_, err := s.ContactMessage(ctx, 999999)
			wantErr(t, err, apperr.NotFound, "", MsgContactNotFound)
			_, err = s.AssignContact(ctx, 999999, asha)
			wantErr(t, err, apperr.NotFound, "", MsgContactNotFound)
			_, err = s.AnswerContact(ctx, 999999, asha, "")
			wantErr(t, err, apperr.NotFound, "", MsgContactNotFound)
			_, _, err = s.ContactMessages(ctx, ContactFilter{Status: "closed"})
			wantErr(t, err, apperr.Invalid, "status", MsgContactStatus)
		})
	})
}
