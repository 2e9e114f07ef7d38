package content

import "strings"

// Slugify makes a blog's URI from its title (spec §2): lower case, runs of
// anything but a–z and 0–9 become one "-", trimmed. The client's slugify matches it.
func Slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimRight(b.String(), "-")
}
