package chat

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Safety notices. The receiver's goes on the message; the author's comes as
// a separate notice. Neither blocks the message (product.md "Rights and safety").
var (
	receiverWarnings = map[string]string{
		WarningMoney:   "Be careful: this message mentions money, payments or bank details. Never send money to someone you have not met in person.",
		WarningOffsite: "Be careful: this message shares contact details or asks to continue elsewhere. Take your time before leaving the site.",
	}
	senderWarnings = map[string]string{
		WarningMoney:   "For your safety, do not ask for or send money, UPI or bank details in chat. Messages like this are flagged to the other member.",
		WarningOffsite: "For your safety, keep early conversations on the site until you know each other. Messages sharing numbers or other apps are flagged to the other member.",
	}
)

// rule is a pattern and the strings one of which every match contains: a
// text holding none of them skips the pattern. A few small patterns behind
// such checks read a long message many times faster than one large
// alternation does (Go's regexp runs every alternative at every position).
type rule struct {
	needs []string
	re    *regexp.Regexp
}

// newRule compiles pattern behind needs, strings separated by "|".
func newRule(needs, pattern string) rule {
	return rule{needs: strings.Split(needs, "|"), re: regexp.MustCompile(pattern)}
}

func (r rule) match(s string) bool {
	for _, n := range r.needs {
		if strings.Contains(s, n) {
			return r.re.MatchString(s)
		}
	}
	return false
}

// matchAny reports whether a rule of rules matches one of the texts.
func matchAny(rules []rule, texts []string) bool {
	for _, t := range texts {
		for _, r := range rules {
			if r.match(t) {
				return true
			}
		}
	}
	return false
}

// The rules read folded text (see screen): lower case, plain letters and
// ASCII digits. Where "l" may be typed as "1", which the leet view reads as
// "i", a pattern accepts either ("te[li]egram"). Word boundaries keep
// "bank officer", "cupid", "my visa interview" and "what's up" out.
var (
	// moneyRules match requests for money and payment details (English and
	// common Indian terms), and the fees of advance-fee scams (a visa or
	// processing fee, a gift or parcel held at customs).
	moneyRules = []rule{
		newRule("money|cash|fund|rs|rupee|inr", `\b(send|transfer|need|lend|borrow|give)\s+(me\s+)?(some\s+)?(money|cash|funds|rs\.?|rupees|inr)\b`),
		newRule("money", `\bmoney\s*(transfer|order|urgently|urgent|gram)\b`),
		newRule("union", `\bwestern\s*union\b`),
		newRule("card", `\bgift\s*cards?\b|\b(itunes|goog[li]e\s*play|amazon|steam)\s*(gift\s*)?cards?\b`),
		newRule("upi|paytm|pay|bhim|ifsc", `\bupi\b|\bpaytm\b|\bg\s*pay\b|\bgoog[li]e\s*pay\b|\bbhim\b|\bifsc\b`),
		newRule("phone", `\bphone\s*pe\b`),
		newRule("bank|account|a/c", `\bbank\s*(account|details|a/?c)\b|\baccount\s*(number|no\.?)\b|\ba/c\s*(no|number)\b`),
		newRule("bitcoin|crypto|usdt|forex", `\bbitcoin\b|\bcrypto\b|\busdt\b|\bforex\b`),
		newRule("fee|charge|duty|tax", `\b(courier|visa|processing|clearance|release|customs?)\s*(clearance\s*)?(fees?|charges?|duty|tax)\b`),
		newRule("custom", `\b(stuck|held|detained|seized|blocked|waiting|caught)\s+(up\s+)?(at|in|by|with)\s+(the\s+)?(airport\s+)?customs\b`+
			`|\b(gifts?|parcels?|packages?|courier|consignment|shipment)\b[^.!?\n]{0,40}\bcustoms\b`+
			`|\bcustoms\b[^.!?\n]{0,40}\b(gifts?|parcels?|packages?|consignment|shipment)\b`),
		newRule("₹|rs|rupee|lakh|crore", `₹\s*\d|\brs\.?\s*\d|\d\s*(rupees|lakhs?|crores?)\b`),
		newRule("पैसे|पैसा|रुपये|പണം|രൂപ|பணம்|ரூபாய்", `पैसे|पैसा|रुपये|പണം|രൂപ|பணம்|ரூபாய்`),
	}
	// offsiteRules match moves to other channels (WhatsApp, Telegram and
	// other apps as people spell them, t.me and wa.me links), web links and
	// e-mail addresses, also spelled out ("anu at gmail dot com", "anu (at)
	// gmail (dot) com", "anu at the rate gmail.com").
	offsiteRules = []rule{
		newRule("ap", `\bwh?ats?\s*app?\b`),
		newRule("wa.me|t.me/", `\bwa\.me\b|\bt\.me/`),
		newRule("gram", `\bte[li]e\s*gram\b|\binstagram\b`),
		newRule("app|chat|insta|skype|hangout|viber", `\bsigna[li]\s*app\b|\bsnap\s*chat\b|\binsta\s*id\b|\bskype\b|\bwechat\b|\bhangouts?\b|\bviber\b`),
		newRule("number|no", `\bmy\s*(mobile|phone|cell|contact|whatsapp)\s*(number|no\.?)\b`),
		newRule("me", `\b(call|text)\s*me\s*(on|at)\b|\b(e-?)?mai[li]\s*me\b`),
		newRule("@", `[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}|@\s*(gmail|yahoo|hotmail|outlook|rediffmail|rediff|ymail|icloud|protonmail|zoho)\b`),
		newRule("http|www|.com|.in|.net|.org|.info|.me|.io|.co|.app|.link|.ly",
			`\bhttps?://|\bwww\.[a-z0-9-]+\.|\b[a-z0-9-]+\.(com|in|net|org|info|me|io|co|app|link|ly)(/|\b)`),
		newRule("at", `\b[a-z0-9._%+-]+\s*[(\[{<]\s*at\s*[)\]}>]\s*[a-z0-9-]+`+
			`|\b[a-z0-9._%+-]+\s+at(\s*the\s*rate(\s*of)?)?\s+[a-z0-9-]+(\.|\s*[(\[{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)(com|in|net|org|co|info|me|io|edu|ac)\b`+
			`|\bat(\s*the\s*rate(\s*of)?)?\s+(gmail|hotmail|rediffmail|ymail|protonmail)\b`),
		newRule("dot", `\b[a-z0-9-]{2,}(\s*[(\[{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)(com|net|org|info|io)\b`),
	}
	// phoneRe matches an Indian mobile number: ten digits starting with 6 to
	// 9, optionally after +91, 91 or 0, with up to two spaces, dots, dashes
	// or brackets between digits, and not part of a longer run of digits (a
	// timestamp, an order number or an amount is not a phone number). It
	// reads the phone view, where spelled digits are digits.
	phoneRe = regexp.MustCompile(`(?:^|[^0-9])(?:\+\s?91[ .\-]{0,2}|91[ .\-]{0,2}|0[ .\-]?)?[6-9](?:[ \t.\-()_*]{0,2}[0-9]){9}(?:[^0-9]|$)`)

	// degreeRe matches the degrees B.Com and M.Com, which are not links.
	degreeRe = regexp.MustCompile(`\b([bm])\s?\.\s?com\b`)
	// numberWordRe matches the English words of digits, and "double" and
	// "triple" before one ("nine double eight").
	numberWordRe = regexp.MustCompile(`\b(zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple)\b`)
	// digitTokenRe matches a run of digits that may have O for 0 or l and I
	// for 1 inside ("98470l2345"): at least three digits.
	digitTokenRe = regexp.MustCompile(`\b[0-9oli]*[0-9][0-9oli]*[0-9][0-9oli]*[0-9][0-9oli]*\b`)
)

// screen returns the warning code of an early message, or "". It reads the
// text as people disguise it: folded (see fold), with spaced-out letters
// joined (squeeze: "w h a t s a p p"), with leetspeak read as letters
// (leetify: "wh4tsapp", "whats@pp"), and, for phone numbers, with spelled
// digits as digits (phoneView: "nine eight four...").
func screen(text string) string {
	f := fold(text)
	sq := squeeze(f)
	vs := distinct(f, sq, leetify(sq))
	if matchAny(moneyRules, vs) {
		return WarningMoney
	}
	if matchAny(offsiteRules, vs) {
		return WarningOffsite
	}
	for _, v := range distinct(f, sq) {
		if v = phoneView(v); countDigits(v) >= 10 && phoneRe.MatchString(v) {
			return WarningOffsite
		}
	}
	return ""
}

// distinct returns vs without repeats of the previous reading: each view
// differs from the one it was made from only when it changed something.
func distinct(vs ...string) []string {
	out := []string{vs[0]}
	for _, v := range vs[1:] {
		if v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

// lookalikes are Cyrillic and Greek letters that look like Latin ones, as
// lower case.
var lookalikes = map[rune]rune{
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's',
	'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'һ': 'h', 'ɡ': 'g', 'ο': 'o', 'α': 'a', 'ρ': 'p', 'ν': 'v', 'ι': 'i',
	'κ': 'k', 'τ': 't', 'ε': 'e', 'υ': 'u',
}

// fold returns text as the patterns read it: NFKC (full-width, styled and
// circled letters and digits become plain ones), lower case, look-alike
// Cyrillic and Greek letters as Latin ones, invisible format characters
// (zero-width spaces and joiners, soft hyphens) and combining marks on
// Latin letters dropped, digits of any script as ASCII digits, and "B.Com"
// and "M.Com" written as the degrees they are, not links.
func fold(text string) string {
	t := norm.NFKC.String(text)
	var b strings.Builder
	b.Grow(len(t))
	prev := rune(' ')
	for _, r := range t {
		switch {
		case unicode.Is(unicode.Cf, r):
			continue
		case (unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r)) && prev < utf8.RuneSelf:
			continue // "w̲h̲a̲t̲s̲a̲p̲p̲"; marks of Indian scripts follow their own letters
		case r >= utf8.RuneSelf && unicode.IsDigit(r):
			r = '0' + digitValue(r)
		}
		r = unicode.ToLower(r)
		if l, ok := lookalikes[r]; ok {
			r = l
		}
		b.WriteRune(r)
		prev = r
	}
	out := b.String()
	if strings.Contains(out, "com") {
		out = degreeRe.ReplaceAllString(out, "${1}com")
	}
	return out
}

// tokenRune tells the characters of a word for squeeze: letters, digits,
// the marks of Indian scripts, and the @ and $ of leetspeak.
func tokenRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r) || r == '@' || r == '$'
}

// squeeze joins three or more one-character words set apart by at most
// three other characters: "w h a t s a p p", "w.h.a.t.s.a.p.p" and
// "u-p-i" become "whatsapp" and "upi". Ordinary text seldom has three
// one-letter words in a row ("I will be at home" has none).
func squeeze(s string) string {
	type word struct{ start, end, runes int }
	var words []word
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !tokenRune(r) {
			i += w
			continue
		}
		wd := word{start: i}
		for i < len(s) {
			r, w = utf8.DecodeRuneInString(s[i:])
			if !tokenRune(r) {
				break
			}
			i += w
			wd.runes++
		}
		wd.end = i
		words = append(words, wd)
	}
	var b strings.Builder
	last := 0
	for k := 0; k < len(words); {
		if words[k].runes != 1 {
			k++
			continue
		}
		m := k
		for m+1 < len(words) && words[m+1].runes == 1 && utf8.RuneCountInString(s[words[m].end:words[m+1].start]) <= 3 {
			m++
		}
		if m-k >= 2 {
			b.WriteString(s[last:words[k].start])
			for q := k; q <= m; q++ {
				b.WriteString(s[words[q].start:words[q].end])
			}
			last = words[m].end
		}
		k = m + 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// leet maps the digits and signs that stand for letters in leetspeak.
var leet = map[byte]byte{'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's'}

// leetify reads leetspeak in words that mix ASCII letters with digits or
// signs standing for letters: "wh4tsapp" and "whats@pp" become "whatsapp".
// Words without a letter (numbers, amounts) stay as they are.
func leetify(s string) string {
	isWord := func(c byte) bool { return c >= 'a' && c <= 'z' || leet[c] != 0 || c >= '0' && c <= '9' }
	var b []byte
	for i := 0; i < len(s); {
		if !isWord(s[i]) {
			i++
			continue
		}
		j, letter, mapped := i, false, false
		for ; j < len(s) && isWord(s[j]); j++ {
			letter = letter || s[j] >= 'a' && s[j] <= 'z'
			mapped = mapped || leet[s[j]] != 0
		}
		if letter && mapped {
			if b == nil {
				b = []byte(s)
			}
			for k := i; k < j; k++ {
				if l := leet[s[k]]; l != 0 {
					b[k] = l
				}
			}
		}
		i = j
	}
	if b == nil {
		return s
	}
	return string(b)
}

// digitLetters reads the letters typed for digits inside a run of digits.
var digitLetters = strings.NewReplacer("o", "0", "l", "1", "i", "1")

// numberWords are what every match of numberWordRe contains.
var numberWords = []string{"zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// countDigits returns the number of ASCII digits in s.
func countDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

// digitWords are the values of numberWordRe's words; "double" and "triple"
// repeat the next digit.
var digitWords = map[string]string{"zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4",
	"five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}

// phoneView returns folded text with spelled digits written as digits, so
// that phoneRe sees a number typed as words or with letters for digits:
// runs of digit words become one run of digits ("nine eight four, seven"
// becomes "9847"; "double five" becomes "55"; "oh" counts only next to
// another digit word), and O, l and I inside a run of digits become 0, 1
// and 1 ("98470l2345").
func phoneView(f string) string {
	if countDigits(f) >= 3 {
		f = digitTokenRe.ReplaceAllStringFunc(f, digitLetters.Replace)
	}
	if !slices.ContainsFunc(numberWords, func(w string) bool { return strings.Contains(f, w) }) {
		return f
	}
	locs := numberWordRe.FindAllStringIndex(f, -1)
	if len(locs) == 0 {
		return f
	}
	var b strings.Builder
	last := 0
	for k := 0; k < len(locs); {
		// A run: words set apart by at most three characters that are
		// neither letters nor digits.
		m := k
		for m+1 < len(locs) && gapOnlySeparators(f[locs[m][1]:locs[m+1][0]]) {
			m++
		}
		var digits strings.Builder
		repeat := 1
		for q := k; q <= m; q++ {
			w := f[locs[q][0]:locs[q][1]]
			switch w {
			case "double":
				repeat = 2
			case "triple":
				repeat = 3
			case "oh":
				if k == m {
					repeat = 0 // "oh" alone is a word, not a zero
				}
				fallthrough
			default:
				digits.WriteString(strings.Repeat(digitWords[w], repeat))
				repeat = 1
			}
		}
		if digits.Len() > 0 {
			b.WriteString(f[last:locs[k][0]])
			b.WriteString(digits.String())
			last = locs[m][1]
		}
		k = m + 1
	}
	b.WriteString(f[last:])
	return b.String()
}

// gapOnlySeparators reports whether gap, between two digit words, is at
// most three characters, none a letter or a digit.
func gapOnlySeparators(gap string) bool {
	if utf8.RuneCountInString(gap) > 3 {
		return false
	}
	return !strings.ContainsFunc(gap, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// digitValue returns the value of a Unicode decimal digit. Unicode keeps
// each script's digits as one run of ten code points from zero to nine
// (runs may follow each other, as the mathematical digits do), so the value
// is the number of digits before r in its run, modulo ten.
func digitValue(r rune) rune {
	n := rune(0)
	for n < 60 && unicode.IsDigit(r-n-1) {
		n++
	}
	return n % 10
}

// sentEarly returns how many messages member has written in conv, counted
// up to EarlyChatMessages: the screen reads each member's first
// EarlyChatMessages messages in a conversation, and the fast path serves a
// member only past them. While the whole conversation holds fewer than
// EarlyChatMessages-1 messages, its count stands in for the member's (it
// bounds it, and both decisions come out the same), so early sends cost
// no query.
func (s *Service) sentEarly(ctx context.Context, conv *conversation, member uint64) (int, error) {
	if conv.MessageCount+1 < EarlyChatMessages {
		return conv.MessageCount, nil
	}
	var n int64
	err := s.hot.WithContext(ctx).Raw("SELECT COUNT(*) FROM (SELECT 1 FROM chat_messages WHERE conversation_id = ? AND sender_id = ? LIMIT ?) t",
		conv.ID, member, EarlyChatMessages).Scan(&n).Error
	if err != nil {
		return 0, internal(err)
	}
	return int(n), nil
}

func warningFor(code string, forSender bool) *Warning {
	if code == "" {
		return nil
	}
	if forSender {
		return &Warning{Code: code, Message: senderWarnings[code]}
	}
	return &Warning{Code: code, Message: receiverWarnings[code]}
}
