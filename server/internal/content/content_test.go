package content

import (
	"encoding/json"
	"testing"

	"github.com/tfmmatrimony/tfm/db"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

func TestSlugify(t *testing.T) {
	cases := map[string]string{
		"Staying Safe Online: Never Send Money":      "staying-safe-online-never-send-money",
		"  Dowry is illegal — and why we say so!  ":  "dowry-is-illegal-and-why-we-say-so",
		"Pre-Cana & the Marriage Preparation Course": "pre-cana-the-marriage-preparation-course",
		"നമസ്കാരം 2026":                              "2026",
	}
	for in, want := range cases {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidateName(t *testing.T) {
	cases := map[string]string{
		"":                           "Name is required",
		"Jo1":                        "Name can only contain letters",
		"Al":                         "Minimum 3 characters required",
		"Abcdefghijklmnopqrstuvwxyz": "Maximum 25 character allowed",
		"Mary Thomas":                "",
		"Lalnunmawii":                "",
		"അന്ന മരിയ":                  "",                              // Malayalam: vowel signs and viramas are marks, not letters
		"அன்பு செல்வி":               "",                              // Tamil
		"अनीता":                      "",                              // Hindi
		"\u0d4dabc":                  "Name can only contain letters", // a name cannot start with a combining mark
	}
	for in, want := range cases {
		if got := ValidateName(in); got != want {
			t.Errorf("ValidateName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidateEmail(t *testing.T) {
	for _, bad := range []string{"", "x@", "a b@c.in", "Mary <m@x.in>", "m@localhost"} {
		if ValidateEmail(bad) == "" {
			t.Errorf("%q accepted", bad)
		}
	}
	if m := ValidateEmail("mary.thomas@example.in"); m != "" {
		t.Errorf("valid address refused: %s", m)
	}
}

func TestHasHTML(t *testing.T) {
	refused := []string{
		"<script>alert(1)</script>", "<ScRiPt>", "</div>", "<iframe src=x>", "<style>", "<svg/onload=alert(1)>",
		"<!-- c -->", "<!DOCTYPE html>", "<?xml ?>", "ONERROR=alert(1)", `onclick = "x()"`, "onmouseover='x'",
		"javascript:alert(1)", "JAVASCRIPT:x", "java\nscript:x", "java\u200bscript:x", "&#106;avascript:x",
		"&#x6A;avascript:x", "&lt;script&gt;", "vbscript:msgbox", "data:text/html,<b>", "DATA:TEXT/HTML;base64,x",
	}
	for _, s := range refused {
		if !hasHTML(s) {
			t.Errorf("%q passed", s)
		}
	}
	allowed := []string{
		"", "Plain text", "a < b", "5 <= 6", "We <3 you", "x > y", "Being online = being careful", "one=1",
		"Time: 10:30", "Mention = done", "AT&T", "Fish & chips", "## Heading\n\n- **bold**", "email: a@b.in",
		"Read John 3:16", "https://www.tfmmatrimony.in/blogs/x",
	}
	for _, s := range allowed {
		if hasHTML(s) {
			t.Errorf("%q refused", s)
		}
	}
}

// TestSeedContentPassesAdminRules makes sure what the seed ships can be
// saved back unchanged from the back office.
func TestSeedContentPassesAdminRules(t *testing.T) {
	read := func(name string, v any) {
		t.Helper()
		b, err := db.Seed.ReadFile("seed/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatal(err)
		}
	}
	var blogs []BlogInput
	read("content/blogs.json", &blogs)
	for _, b := range blogs {
		b.Status = BlogPublished
		if _, err := b.clean(true); err != nil {
			t.Errorf("blog %q: %v %v", b.Title, err, fieldsOf(err))
		}
	}
	var faq []FAQInput
	read("content/faq.json", &faq)
	for _, f := range faq {
		if err := f.clean(); err != nil {
			t.Errorf("faq %q: %v %v", f.Question, err, fieldsOf(err))
		}
	}
	var pages []PageInput
	read("content/pages.json", &pages)
	for _, p := range pages {
		if err := p.clean(); err != nil {
			t.Errorf("page %q: %v %v", p.Title, err, fieldsOf(err))
		}
	}
	var stories []StoryInput
	read("content/success_stories.json", &stories)
	for _, st := range stories {
		if _, err := st.clean(); err != nil {
			t.Errorf("story %q: %v %v", st.Title, err, fieldsOf(err))
		}
	}
	var settings SettingsInput
	read("settings.json", &settings)
	if err := settings.clean(); err != nil {
		t.Errorf("settings: %v %v", err, fieldsOf(err))
	}
	if len(blogs) == 0 || len(faq) == 0 || len(pages) != len(PageKeys) || len(stories) == 0 {
		t.Fatalf("seed not read: %d %d %d %d", len(blogs), len(faq), len(pages), len(stories))
	}
}

func fieldsOf(err error) map[string]string {
	if e, ok := apperr.As(err); ok {
		return e.Fields
	}
	return nil
}
