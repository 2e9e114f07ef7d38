package content

import "testing"

func TestLookalikeName(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		// Allowed: one script, Common punctuation, precomposed or composable accents.
		{"Latin", "Mary Thomas", ""},
		{"LatinPunctuation", "Mary-Ann O'Neil Jr.", ""},
		{"Precomposed", "José Müller", ""},
		{"ComposesUnderNFC", "Jose\u0301 Mu\u0308ller", ""},
		{"Okina", "Kaʻiulani", ""},
		{"Malayalam", "അന്ന മരിയ", ""},
		{"MalayalamChillu", "ജോൺ പോൾ", ""},
		{"Tamil", "அன்பு செல்வி", ""},
		{"Devanagari", "अनीता", ""},
		{"DevanagariNukta", "फ़ातिमा ज़ैदी", ""},
		{"Telugu", "సీత", ""},
		{"Kannada", "ಲಕ್ಷ್ಮಿ", ""},
		{"Bengali", "অনিতা", ""},
		{"Gurmukhi", "ਹਰਪ੍ਰੀਤ", ""},
		{"Cyrillic", "Анна Иванова", ""},
		{"Greek", "Ελένη", ""},
		{"Thai", "สำราญ", ""},
		{"Japanese", "やまだ 太郎", ""},
		{"Korean", "김 민준", ""},

		// Mixed scripts.
		{"LatinCyrillicA", "\u0410nna", MsgNameMixedScripts},
		{"LatinCyrillicO", "J\u043ehn", MsgNameMixedScripts},
		{"LatinGreekAlpha", "\u0391nna", MsgNameMixedScripts},
		{"LatinGreekOmicron", "R\u03bfse", MsgNameMixedScripts},
		{"MalayalamTamil", "അന்ന செல்வி", MsgNameMixedScripts},
		{"DevanagariLatin", "अनीता Rao", MsgNameMixedScripts},
		{"MalayalamSignOnTamil", "க\u0d3fமா", MsgNameMixedScripts},
		{"LatinCherokee", "\u13aanna", MsgNameMixedScripts},
		{"LatinHan", "Taro 太郎", MsgNameMixedScripts},

		// Hidden characters and leftover combining marks.
		{"ZeroWidthSpace", "An\u200bna", MsgNameHidden},
		{"ZeroWidthJoiner", "An\u200dna", MsgNameHidden},
		{"BidiOverride", "\u202eAnna", MsgNameHidden},
		{"BidiIsolate", "Anna\u2066", MsgNameHidden},
		{"SoftHyphen", "An\u00adna", MsgNameHidden},
		{"HangulFiller", "Anna\u3164", MsgNameHidden},
		{"NoPrecomposedForm", "Joh\u0301n", MsgNameHidden},
		{"StrokeOverlay", "J\u0335ohn", MsgNameHidden},
		{"StackedAcute", "Jos\u00e9\u0301", MsgNameHidden},
		{"GraphemeJoiner", "An\u034fna", MsgNameHidden},
		{"VariationSelector", "Ann\ufe00a", MsgNameHidden},
		{"MarkAfterSpace", "Anna \u0301", MsgNameHidden},
		{"IndicSignAfterSpace", "അന്ന \u0d3f", MsgNameHidden},

		// Styled and compatibility letters.
		{"MathBold", "\U0001d400nna", MsgNameStyled},
		{"MathScriptAll", "\U0001d4d0\U0001d4f7\U0001d4f7\U0001d4ea", MsgNameStyled},
		{"FullWidth", "\uff21nna", MsgNameStyled},
		{"Ligature", "So\ufb01a", MsgNameStyled},
		{"BlackLetter", "\u210cenry", MsgNameStyled},
		{"SpacingAcute", "Jo\u02cahn", MsgNameStyled},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := LookalikeName(c.in); got != c.want {
				t.Errorf("LookalikeName(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// TestValidateNameLookalikes checks that the rule every name check goes
// through (registration, profile edits, success stories) applies it, after
// the letters-only rule and before the length rules.
func TestValidateNameLookalikes(t *testing.T) {
	cases := map[string]string{
		"\u0410nna Thomas": MsgNameMixedScripts,
		"Jo\u0335hn":       MsgNameHidden,
		"\uff21nu":         MsgNameStyled,
		"\u0410n":          MsgNameMixedScripts, // lookalike before "Minimum 3 characters required"
		"An\u200bna":       "Name can only contain letters",
		"José Thomas":      "",
		"Jose\u0301":       "",
	}
	for in, want := range cases {
		if got := ValidateName(in); got != want {
			t.Errorf("ValidateName(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkLookalikeName(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if LookalikeName("Mary-Ann Thomas") != "" {
			b.Fatal("refused")
		}
	}
}
