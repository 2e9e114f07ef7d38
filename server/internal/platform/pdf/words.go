package pdf

import (
	"strconv"
	"strings"
)

// RupeesInWords writes an amount of paise in Indian English, grouping by
// crore, lakh, thousand and hundred as Indian invoices and cheques do:
// 359900 → "Rupees Three Thousand Five Hundred Ninety-Nine Only",
// 123456789 → "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred
// Sixty-Seven and Eighty-Nine Paise Only". Zero is "Rupees Zero Only" and an
// amount under a rupee names the paise alone ("One Paisa Only"). Crores
// above 99 are themselves written in lakh and thousand ("One Thousand Crore").
// A negative amount, which no invoice prints, is written with a leading
// "Minus " rather than refused, so that a caller's bug shows on the page
// instead of a blank.
func RupeesInWords(paise int64) string {
	abs, neg := magnitude(paise)
	rupees, rest := abs/100, abs%100
	var s string
	switch {
	case rupees > 0 && rest > 0:
		s = "Rupees " + indianWords(rupees) + " and " + paiseWords(rest) + " Only"
	case rupees > 0:
		s = "Rupees " + indianWords(rupees) + " Only"
	case rest > 0:
		s = paiseWords(rest) + " Only"
	default:
		return "Rupees Zero Only"
	}
	if neg {
		s = "Minus " + s
	}
	return s
}

// FormatINR formats paise as rupees with the rupee sign and Indian digit
// grouping (the last three digits, then pairs): 123456789 → "₹12,34,567.89",
// 359900 → "₹3,599.00", 0 → "₹0.00". A negative amount gets an ASCII
// hyphen-minus before the sign ("-₹359.90"), which survives copying into a
// spreadsheet where U+2212 would not.
func FormatINR(paise int64) string {
	abs, neg := magnitude(paise)
	digits := strconv.FormatUint(abs/100, 10)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString("₹")
	if len(digits) > 3 {
		head := digits[:len(digits)-3]
		// The head is grouped in pairs counted from its right end, so an odd
		// length leaves a single leading digit.
		first := len(head) % 2
		if first == 0 {
			first = 2
		}
		b.WriteString(head[:first])
		for i := first; i < len(head); i += 2 {
			b.WriteByte(',')
			b.WriteString(head[i : i+2])
		}
		b.WriteByte(',')
		digits = digits[len(digits)-3:]
	}
	b.WriteString(digits)
	b.WriteByte('.')
	cents := abs % 100
	b.WriteByte(byte('0' + cents/10))
	b.WriteByte(byte('0' + cents%10))
	return b.String()
}

// magnitude returns |paise| without overflowing on math.MinInt64, whose
// absolute value does not fit an int64.
func magnitude(paise int64) (abs uint64, neg bool) {
	if paise < 0 {
		return uint64(-(paise + 1)) + 1, true
	}
	return uint64(paise), false
}

// paiseWords names 1–99 paise with the singular for one.
func paiseWords(n uint64) string {
	if n == 1 {
		return "One Paisa"
	}
	return belowHundred(n) + " Paise"
}

// indianWords writes n > 0 in the Indian system. The crore count recurses, so
// figures beyond 99 crore read "One Thousand Two Hundred Crore" as Indian
// usage has it, rather than switching to arab and kharab.
func indianWords(n uint64) string {
	const crore, lakh, thousand = 10_000_000, 100_000, 1_000
	var parts []string
	if n >= crore {
		parts = append(parts, indianWords(n/crore)+" Crore")
		n %= crore
	}
	if l := n / lakh; l > 0 {
		parts = append(parts, belowHundred(l)+" Lakh")
		n %= lakh
	}
	if t := n / thousand; t > 0 {
		parts = append(parts, belowHundred(t)+" Thousand")
		n %= thousand
	}
	if h := n / 100; h > 0 {
		parts = append(parts, belowHundred(h)+" Hundred")
		n %= 100
	}
	if n > 0 {
		parts = append(parts, belowHundred(n))
	}
	return strings.Join(parts, " ")
}

// belowHundred names 1–99, hyphenating compound tens ("Ninety-Nine").
func belowHundred(n uint64) string {
	ones := [...]string{"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
		"Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"}
	tens := [...]string{"", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"}
	if n < 20 {
		return ones[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + "-" + ones[n%10]
}
