package chat

import (
	"strings"
	"testing"
)

func TestScreenFlagsMoneyAndOffSiteButNotOrdinaryText(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"Hi, nice to meet you. I work as a nurse in Kottayam.", ""},
		{"I work in a bank, at the Ernakulam branch.", ""},
		{"നമസ്കാരം, സുഖമാണോ?", ""},
		{"வணக்கம், எப்படி இருக்கிறீர்கள்?", ""},
		{"नमस्ते, आप कैसे हैं? 🙏", ""},
		{"We got married in 2019 and moved in 2021.", ""},
		{"Please send me money for my mother's surgery", WarningMoney},
		{"Can you do a Western Union transfer?", WarningMoney},
		{"buy me an Amazon gift card", WarningMoney},
		{"my UPI id is abc@okhdfc", WarningMoney},
		{"share your bank account details", WarningMoney},
		{"I need ₹ 5000 urgently", WarningMoney},
		{"എനിക്ക് പണം വേണം", WarningMoney},
		{"message me on WhatsApp", WarningOffsite},
		{"call me on 98470 12345", WarningOffsite},
		{"+91 98470-12345", WarningOffsite},
		{"९८४७०१२३४५ पर फोन करो", WarningOffsite},
		{"write to anu.thomas@gmail.com", WarningOffsite},
		{"find me on telegram", WarningOffsite},
		// Indian mobile numbers, however they are typed.
		{"My number is 9847012345.", WarningOffsite},
		{"098470 12345", WarningOffsite},
		{"919847012345", WarningOffsite},
		{"+91-98470-12345 evenings", WarningOffsite},
		{"ring 6282-123-456", WarningOffsite},
		{"൯൮൪൭൦൧൨൩൪൫", WarningOffsite}, // Malayalam digits
		// Digit runs that are not phone numbers.
		{"Sent at 1732456789012 by the app", ""},
		{"Order 20241124143301 was delivered", ""},
		{"Reference 5123456789 from the parish office", ""},
		{"Reference 12345678901234567890", ""},
		{"He was born in 1994, is 5 ft 10 in and lives at house 42", ""},
		{"Call between 9 and 10 tomorrow", ""},
		// Other apps, links and e-mail.
		{"add me on whats app", WarningOffsite},
		{"my watsapp is the same", WarningOffsite},
		{"https://t.me/anu_thomas", WarningOffsite},
		{"see my photos at www.example.com", WarningOffsite},
		{"see bit.ly/anu-photos", WarningOffsite},
		{"email: anu_thomas1996@yahoo.co.in", WarningOffsite},
		{"Mr.Thomas and St. Mary's church, e.g. on Sunday", ""},
	}
	for _, c := range cases {
		if got := screen(c.text); got != c.want {
			t.Errorf("screen(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestScreenSeesDisguisedHandlesAndScams: contact handles spaced out,
// dotted, in leetspeak, in styled or look-alike letters or with invisible
// characters inside; phone numbers with dots or spelled as words; e-mail
// addresses written with "at" and "dot"; advance-fee scams. Ordinary
// sentences that come close stay clean.
func TestScreenSeesDisguisedHandlesAndScams(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		// Apps, however they are disguised.
		{"w h a t s a p p", WarningOffsite},
		{"add me on W H A T S A P P", WarningOffsite},
		{"w.h.a.t.s.a.p.p", WarningOffsite},
		{"w-h-a-t-s-a-p-p me", WarningOffsite},
		{"whats@pp", WarningOffsite},
		{"wh4tsapp", WarningOffsite},
		{"WH4TS@PP number please", WarningOffsite},
		{"whats a p p", WarningOffsite},
		{"t e l e g r a m", WarningOffsite},
		{"find me on te1egram", WarningOffsite},
		{"t3l3gram", WarningOffsite},
		{"ｗｈａｔｓａｐｐ", WarningOffsite},                                                 // full-width
		{"𝐰𝐡𝐚𝐭𝐬𝐚𝐩𝐩", WarningOffsite},                                                 // mathematical bold
		{"ⓦⓗⓐⓣⓢⓐⓟⓟ", WarningOffsite},                                                 // circled
		{"wh\u200bats\u200bapp", WarningOffsite},                                     // zero-width spaces
		{"wh\u00adatsapp", WarningOffsite},                                           // a soft hyphen
		{"wһatsаpp", WarningOffsite},                                                 // Cyrillic һ and а
		{"w\u0332h\u0332a\u0332t\u0332s\u0332a\u0332p\u0332p\u0332", WarningOffsite}, // underlined with combining marks
		{"u p i id please", WarningMoney},
		// Phone numbers.
		{"9.8.4.7.0.1.2.3.4.5", WarningOffsite},
		{"9-8-4-7-0-1-2-3-4-5", WarningOffsite},
		{"9 8 4 7 0 1 2 3 4 5", WarningOffsite},
		{"98470.12345", WarningOffsite},
		{"(984) 701-2345", WarningOffsite},
		{"nine eight four seven zero one two three four five", WarningOffsite},
		{"Nine-Eight-Four-Seven-Zero-One-Two-Three-Four-Five", WarningOffsite},
		{"nine, eight, four, seven, zero, one, two, three, four, five", WarningOffsite},
		{"98470 one two three four five", WarningOffsite},
		{"nine double eight four seven zero one two three four", WarningOffsite},
		{"n i n e eight four seven zero one two three four five", WarningOffsite},
		{"9847O12345", WarningOffsite},  // the letter O
		{"98470 l2345", WarningOffsite}, // the letter l
		{"０９８４７０１２３４５", WarningOffsite}, // full-width digits
		// E-mail addresses spelled out.
		{"anu thomas at gmail dot com", WarningOffsite},
		{"anu.thomas (at) gmail (dot) com", WarningOffsite},
		{"anu [at] yahoo [dot] co [dot] in", WarningOffsite},
		{"anuthomas at the rate gmail.com", WarningOffsite},
		{"anu at rediffmail", WarningOffsite},
		{"anu@gmail", WarningOffsite},
		{"my site is anuthomas dot com", WarningOffsite},
		// Advance-fee scams.
		{"I need help with the visa fee", WarningMoney},
		{"there is a processing fee of 5000", WarningMoney},
		{"Your gift is stuck at customs", WarningMoney},
		{"you must pay the customs clearance charge", WarningMoney},
		{"the parcel is held at customs in Delhi", WarningMoney},
		{"my parcel with gold and dollars is in customs", WarningMoney},
		{"customs are asking a release fee for the package", WarningMoney},
		{"pay the clearance charges today", WarningMoney},
		{"I sent you a gift, customs officers want duty", WarningMoney},
		{"P R O C E S S I N G fee", WarningMoney},
		// Ordinary sentences that come close.
		{"I will be at home", ""},
		{"I will be at home. In the evening we go to church", ""},
		{"Thanks a lot, I will be at home tomorrow.", ""},
		{"what's up", ""},
		{"whats up? what's app-roved at your office?", ""},
		{"my visa interview went well", ""},
		{"My visa got approved last week, I fly in June", ""},
		{"My father is a retired customs officer.", ""},
		{"The customs at the airport took 2 hours", ""},
		{"I sent a parcel to my brother in Dubai", ""},
		{"my application is still processing", ""},
		{"I did my M.Com from Kerala University", ""},
		{"I am a B.Com graduate working at Infosys", ""},
		{"I work at Zoho in Chennai", ""},
		{"interest at the rate of 8 percent", ""},
		{"I have two brothers, one sister and three cousins", ""},
		{"one two three four five six seven eight nine ten", ""},
		{"Oh one more thing, I love music", ""},
		{"we meet at 7.30 pm on the 5th", ""},
		{"dates 9.8.2024 and 7.3.2025", ""},
		{"My pincode is 686001 and house no 12", ""},
		{"I am 5 ft 8 in, born in 1994", ""},
		{"Plan A, B or C", ""},
		{"U.S.A. is far from Kerala", ""},
		{"covid19 was hard, my i10 car was idle", ""},
		{"lol 123", ""},
		{"What a lovely day, I am at the beach", ""},
		{"the wedding is at St. Mary's church", ""},
		{"2 kids, 3 dogs and 4 cats", ""},
		{"നമസ്കാരം, സുഖമാണോ? ഞാൻ വീട്ടിലാണ്", ""},
		{"मैं घर पर हूँ, आप कैसे हैं?", ""},
	}
	for _, c := range cases {
		if got := screen(c.text); got != c.want {
			t.Errorf("screen(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// BenchmarkScreenLongMessage screens a message of the longest length.
func BenchmarkScreenLongMessage(b *testing.B) {
	text := strings.Repeat("Hi, nice to meet you. I work as a nurse in Kottayam and we are at home at 6 pm. ", 30)[:MaxMessageRunes]
	for b.Loop() {
		screen(text)
	}
}

func TestRoomNamesAreCanonicalAndStrict(t *testing.T) {
	r := RoomName("TM4821937", "TM1234567")
	if r != "chat-TM1234567-TM4821937" || RoomName("TM1234567", "TM4821937") != r {
		t.Fatalf("room %q", r)
	}
	if a, b, ok := ParseRoom(r); !ok || a != "TM1234567" || b != "TM4821937" {
		t.Fatalf("parse %q %q %v", a, b, ok)
	}
	for _, bad := range []string{"", "chat-", "chat-TM1", "chat-TM2-TM1", "chat-TM1-TM1", "chat-tm1-TM2", "room-TM1-TM2",
		"chat-TM1-TM2-TM3", "chat-TM1-TM2 ", "chat-__proto__-TM1", "chat-TM1-TM2\x00"} {
		if _, _, ok := ParseRoom(bad); ok {
			t.Errorf("ParseRoom(%q) accepted", bad)
		}
	}
}
