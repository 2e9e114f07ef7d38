package chat

import "testing"

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
