package chat

import (
	"regexp"
	"strings"
	"unicode"
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

var (
	// moneyRe matches requests for money and payment details (English and
	// common Indian terms); word boundaries keep "bank officer" or "cupid" out.
	moneyRe = regexp.MustCompile(`(?i)\b(send|transfer|need|lend|borrow|give)\s+(me\s+)?(some\s+)?(money|cash|funds|rs\.?|rupees|inr)\b` +
		`|\bmoney\s*(transfer|order|urgently|urgent)\b|\bwestern\s*union\b|\bmoney\s*gram\b|\bgift\s*cards?\b|\b(itunes|google\s*play|amazon|steam)\s*(gift\s*)?cards?\b` +
		`|\bupi\b|\bupi\s*id\b|\bpaytm\b|\bg\s*pay\b|\bgoogle\s*pay\b|\bphone\s*pe\b|\bbhim\b|\bbank\s*(account|details|a/?c)\b|\baccount\s*(number|no\.?)\b|\ba/c\s*(no|number)\b|\bifsc\b` +
		`|\bbitcoin\b|\bcrypto\b|\busdt\b|\bforex\b|\bcustoms\s*(fee|charges?|duty)\b|\bcourier\s*(fee|charges?)\b` +
		`|₹\s*\d|\brs\.?\s*\d|\d\s*(rupees|lakhs?|crores?)\b|पैसे|पैसा|रुपये|പണം|രൂപ|பணம்|ரூபாய்`)
	// offsiteRe matches moves to other channels (WhatsApp and Telegram as
	// people spell them, t.me and wa.me links), web links and e-mail addresses.
	offsiteRe = regexp.MustCompile(`(?i)\bwh?ats?\s*app?\b|\bwa\.me\b|\btele\s*gram\b|\bt\.me/|\bsignal\s*app\b|\bsnap\s*chat\b|\binstagram\b|\binsta\s*id\b|\bskype\b|\bwechat\b|\bhangouts?\b` +
		`|\bmy\s*(mobile|phone|cell|contact|whatsapp)\s*(number|no\.?)\b|\bcall\s*me\s*(on|at)\b|\btext\s*me\s*(on|at)\b|\bemail\s*me\b|\bmail\s*me\b` +
		`|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}` +
		`|\bhttps?://|\bwww\.[a-z0-9-]+\.|\b[a-z0-9-]+\.(com|in|net|org|info|me|io|co|app|link|ly)(/|\b)`)
	// phoneRe matches an Indian mobile number: ten digits starting with 6 to
	// 9, optionally after +91, 91 or 0, with single spaces or dashes between
	// digits, and not part of a longer run of digits (a timestamp, an order
	// number or an amount is not a phone number).
	phoneRe = regexp.MustCompile(`(?:^|[^0-9])(?:\+?91[ -]?|0)?[6-9](?:[ -]?[0-9]){9}(?:[^0-9]|$)`)
)

// screen returns the warning code of an early message, or "". Digits of any
// script (Devanagari, Malayalam, Tamil...) count as digits.
func screen(text string) string {
	if moneyRe.MatchString(text) {
		return WarningMoney
	}
	if offsiteRe.MatchString(text) || phoneRe.MatchString(asciiDigits(text)) {
		return WarningOffsite
	}
	return ""
}

// asciiDigits maps every decimal digit of any script to the ASCII digit of
// the same value, so that phone numbers typed in Indian scripts are seen.
func asciiDigits(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r > 0x7f && unicode.IsDigit(r) }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r > 0x7f && unicode.IsDigit(r) {
			return '0' + digitValue(r)
		}
		return r
	}, s)
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

func warningFor(code string, forSender bool) *Warning {
	if code == "" {
		return nil
	}
	if forSender {
		return &Warning{Code: code, Message: senderWarnings[code]}
	}
	return &Warning{Code: code, Message: receiverWarnings[code]}
}
