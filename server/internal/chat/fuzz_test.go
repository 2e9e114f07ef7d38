package chat

import (
	"testing"
	"unicode/utf8"
)

func FuzzParseRoom(f *testing.F) {
	for _, s := range []string{"chat-TM1000001-TM2000002", "chat-", "chat-__proto__-TM1", "chat-TM1-TM1", "chat-a-b", "chat-TM1-TM2-TM3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, room string) {
		a, b, ok := ParseRoom(room)
		if ok && (RoomName(a, b) != room || RoomName(b, a) != room || !validCode(a) || !validCode(b)) {
			t.Fatalf("ParseRoom(%q) = %q, %q is not canonical", room, a, b)
		}
	})
}

func FuzzMessageText(f *testing.F) {
	for _, s := range []string{"", " ", "നമസ്കാരം", "send money", "+91 98470 12345", "\x00\xff\xfe", "९८४७०१२३४५"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		_ = screen(text)
		clean, err := cleanText(text)
		if err != nil {
			return
		}
		if clean == "" || !utf8.ValidString(clean) || utf8.RuneCountInString(clean) > MaxMessageRunes {
			t.Fatalf("cleanText(%q) = %q", text, clean)
		}
	})
}
