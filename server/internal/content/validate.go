package content

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lengthMsg checks v (already trimmed) against min..max characters and returns
// the message of the house style ("Title is required", "Minimum 3 characters
// required", "Maximum 200 characters allowed"), or "" when it fits. Characters
// are runes, as MySQL's VARCHAR(n) counts them under utf8mb4.
func lengthMsg(v, label string, min, max int) string {
	n := utf8.RuneCountInString(v)
	switch {
	case n == 0 && min > 0:
		return label + " is required"
	case n < min:
		return "Minimum " + thousands(min) + " characters required"
	case n > max:
		return "Maximum " + thousands(max) + " characters allowed"
	}
	return ""
}

// thousands writes n in groups of three digits ("100,000"), so the longest
// limits read at a glance.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// setErr records msg for field unless it is empty or the field already has one.
func setErr(errs map[string]string, field, msg string) {
	if msg != "" && errs[field] == "" {
		errs[field] = msg
	}
}

// The no-HTML rule. Bodies are Markdown, and the client renders them with its
// own small renderer that never injects HTML; refusing markup when it is
// written keeps anything unsafe out of the database too, so a future renderer,
// an export or a feed cannot be turned into a script carrier by old rows.
var (
	// htmlTag is what a browser starts a tag, comment or processing
	// instruction with: "<" directly followed by a letter, "/", "!" or "?".
	// "a < b" and "<3" are prose and pass.
	htmlTag = regexp.MustCompile(`<[a-zA-Z/!?]`)
	// eventAttr is an inline event handler written as an attribute
	// (onerror=…, onclick = "…"); "online = safe" in prose has no quote and passes.
	eventAttr = regexp.MustCompile(`(?i)\bon[a-z]{3,}\s*=\s*["'\x60]|\bon[a-z]{3,}=[^\s"'\x60]`)
	// scriptSchemes are URL schemes that run code when followed as a link.
	scriptSchemes = []string{"javascript:", "vbscript:", "data:text/html"}
)

// hasHTML reports markup the no-HTML rule refuses: tags (<script>, <iframe>,
// <style>, any other), event-handler attributes and script URLs. It looks at
// the text as written and with HTML entities decoded (&lt;script&gt;,
// &#106;avascript:), and at script schemes with spaces and control
// characters removed ("java\tscript:"), since browsers skip those.
func hasHTML(s string) bool {
	if !strings.ContainsAny(s, "<&:=") {
		return false
	}
	for _, t := range []string{s, html.UnescapeString(s)} {
		if htmlTag.MatchString(t) || eventAttr.MatchString(t) {
			return true
		}
		squeezed := strings.Map(func(r rune) rune {
			if r <= ' ' || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				return -1
			}
			return unicode.ToLower(r)
		}, t)
		for _, scheme := range scriptSchemes {
			if strings.Contains(squeezed, scheme) {
				return true
			}
		}
	}
	return false
}

// slugPattern is the shape Slugify makes: a–z and 0–9 words joined by single hyphens.
var slugPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// maxSlug is the width of blogs.slug (VARCHAR(191), the longest utf8mb4 key InnoDB indexes whole).
const maxSlug = 191

// slugFromTitle applies Slugify and, for a title too long for the column,
// cuts the result at the last word end that fits.
func slugFromTitle(title string) string {
	s := Slugify(title)
	if len(s) <= maxSlug {
		return s
	}
	if i := strings.LastIndexByte(s[:maxSlug+1], '-'); i > 0 {
		return s[:i]
	}
	return s[:maxSlug]
}
