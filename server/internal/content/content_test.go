package content

import "testing"

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
