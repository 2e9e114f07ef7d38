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
	// offsiteRe matches moves to other channels and e-mail addresses.
	offsiteRe = regexp.MustCompile(`(?i)\bwhats\s*app\b|\bwhatsapp\b|\bwa\.me\b|\btelegram\b|\bsignal\s*app\b|\bsnap\s*chat\b|\binstagram\b|\binsta\s*id\b|\bskype\b|\bwechat\b|\bhangouts?\b` +
		`|\bmy\s*(mobile|phone|cell|contact)\s*(number|no\.?)\b|\bcall\s*me\s*(on|at)\b|\btext\s*me\s*(on|at)\b|\bemail\s*me\b|\bmail\s*me\b` +
		`|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
	// phoneRe matches ten or more digits, allowing separators and a country code.
	phoneRe = regexp.MustCompile(`(?:\+?\d{1,3}[\s.-]*)?\d(?:[\s.()-]*\d){9,}`)
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

// asciiDigits maps every decimal digit to an ASCII digit so that phone
// numbers typed in Indian scripts are seen; only their count matters.
func asciiDigits(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r > 0x7f && unicode.IsDigit(r) }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r > 0x7f && unicode.IsDigit(r) {
			return '0'
		}
		return r
	}, s)
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
