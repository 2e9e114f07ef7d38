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
