package content

import (
	"slices"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The lookalike-name messages (security issue 18): names built to pass for another.
const (
	// MsgNameMixedScripts refuses letters from two alphabets, such as a Cyrillic "А" in "Аnna".
	MsgNameMixedScripts = "Please use letters from one alphabet only"
	// MsgNameStyled refuses compatibility and styled letters, such as "𝐀nna" or full-width "Ａnna".
	MsgNameStyled = "Please use plain letters, not styled or full-width ones"
	// MsgNameHidden refuses invisible characters and combining marks left over after NFC.
	MsgNameHidden = "Name cannot contain hidden characters or separate accent marks"
)

// compatExempt are ordinary letters of a living alphabet that NFKC would
// still rewrite: Thai and Lao sara am, the Lao ligatures hho/hmo and the
// Armenian ech-yiwn ligature. Indian scripts have none.
var compatExempt = map[rune]bool{0x0E33: true, 0x0EB3: true, 0x0EDC: true, 0x0EDD: true, 0x0587: true}

// apostrophes are the modifier letters written as apostrophes in names
// (ʻokina, ʼ); the other letters of no script are styling or phonetics.
var apostrophes = map[rune]bool{0x02BB: true, 0x02BC: true}

// invisibleLetters are letters that draw nothing (the Hangul fillers).
var invisibleLetters = map[rune]bool{0x115F: true, 0x1160: true, 0x3164: true, 0xFFA0: true}

// cjkSets are the script mixes that East Asian names are written in, after
// UTS #39's "highly restrictive" level; any other mix is refused.
var cjkSets = []map[string]bool{
	{"Han": true, "Hiragana": true, "Katakana": true},
	{"Han": true, "Hangul": true},
	{"Han": true, "Bopomofo": true},
}

// scriptOrder puts the scripts names here are written in first, so the
// usual lookup ends after a table or two; the rest follow in any order.
var scriptOrder = func() []string {
	first := []string{"Latin", "Malayalam", "Tamil", "Devanagari", "Telugu", "Kannada", "Bengali", "Gujarati",
		"Gurmukhi", "Oriya", "Common", "Inherited"}
	seen := map[string]bool{}
	for _, s := range first {
		seen[s] = true
	}
	for s := range unicode.Scripts {
		if !seen[s] {
			first = append(first, s)
		}
	}
	return first
}()

// scriptOf names the Unicode script of r ("Common" when it has none).
func scriptOf(r rune) string {
	for _, s := range scriptOrder {
		if unicode.Is(unicode.Scripts[s], r) {
			return s
		}
	}
	return "Common"
}

// LookalikeName returns a message when a name is built to pass for another
// name, or "" when it is not. The name is judged in Unicode NFC form, so an
// accented letter typed as letter + accent ("Jose\u0301") is the same as the
// precomposed one ("José") and passes. Refused are:
//   - invisible characters: zero-width spaces and joiners, bidi controls and
//     other format characters, the Hangul fillers (MsgNameHidden);
//   - combining marks that belong to no script and are still separate after
//     NFC, such as an acute over an n or a stroke overlay, and any mark not
//     following a letter (MsgNameHidden); the vowel signs and viramas of
//     Indian scripts belong to their script and pass;
//   - styled and compatibility forms: mathematical bold or script letters,
//     full-width letters, ligatures such as "ﬁ", and letters of no script
//     other than the apostrophes ʻ and ʼ (MsgNameStyled);
//   - letters from more than one script, such as Latin with a Cyrillic "А" or
//     a Greek "Α" (MsgNameMixedScripts), except the Han mixes of Japanese,
//     Korean and Chinese names.
//
// Spaces and punctuation (script Common) do not count as a script. A name
// written wholly in one script is allowed even where its letters resemble
// Latin ones (an all-Cyrillic "Анна"): that needs a confusables table.
func LookalikeName(n string) string {
	n = norm.NFC.String(n)
	// Only when the whole name is not NFKC-stable can a letter be a compatibility form.
	compat := !norm.NFKC.IsNormalString(n)
	var scripts []string // the distinct scripts seen, usually one
	prevLetter := false
	styled := false
	for _, r := range n {
		if unicode.Is(unicode.Cf, r) || invisibleLetters[r] {
			return MsgNameHidden
		}
		isMark := unicode.IsMark(r)
		if !isMark && !unicode.IsLetter(r) {
			prevLetter = false
			continue
		}
		sc := scriptOf(r)
		if isMark && (sc == "Inherited" || sc == "Common" || !prevLetter) {
			return MsgNameHidden
		}
		prevLetter = true
		if compat && !compatExempt[r] && !norm.NFKC.IsNormalString(string(r)) {
			styled = true // a compatibility form: 𝐀, Ａ, ﬁ, ª
		}
		if !isMark && sc == "Common" && !apostrophes[r] {
			styled = true // a letter of no script: ℌ, ˊ, tatweel
		}
		if sc != "Common" && sc != "Inherited" && !slices.Contains(scripts, sc) {
			scripts = append(scripts, sc)
		}
	}
	if styled {
		return MsgNameStyled
	}
	if len(scripts) > 1 && !cjkMix(scripts) {
		return MsgNameMixedScripts
	}
	return ""
}

// cjkMix reports whether scripts all fall within one of the East Asian name mixes.
func cjkMix(scripts []string) bool {
	for _, set := range cjkSets {
		ok := true
		for _, s := range scripts {
			if !set[s] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
