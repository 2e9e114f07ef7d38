package engineio

import (
	"bytes"
	"testing"
)

func TestUTF16LenCountsLikeJavaScript(t *testing.T) {
	cases := map[string]int{"": 0, "abc": 3, "€": 1, "🙏": 2, "നമസ്കാരം": 8, "👨‍👩‍👧": 8, "வணக்கம்": 7}
	for s, want := range cases {
		if got := utf16Len([]byte(s)); got != want {
			t.Errorf("utf16Len(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestPayloadV3RoundTripsUnicodeAndBinary(t *testing.T) {
	in := []Packet{
		{Type: PacketMessage, Data: []byte("€🙏നമസ്കാരം")},
		{Type: PacketMessage, Data: []byte{0, 1, 0xff}, Binary: true},
		{Type: PacketPing, Data: []byte("probe")},
	}
	enc := encodePayloadV3(in)
	if want := "12:4€🙏നമസ്കാരം6:b4AAH/6:2probe"; string(enc) != want {
		t.Fatalf("encoded %q, want %q", enc, want)
	}
	out, err := decodePayloadV3(enc)
	if err != nil {
		t.Fatal(err)
	}
	assertPackets(t, out, in)
}

func TestBinaryPayloadV3RoundTrips(t *testing.T) {
	in := []Packet{{Type: PacketMessage, Data: []byte("hé")}, {Type: PacketMessage, Data: []byte{1, 2, 3}, Binary: true}}
	enc := encodeBinaryPayloadV3(in)
	want := append([]byte{0, 4, 0xff}, "4hé"...)
	want = append(want, 1, 4, 0xff, 4, 1, 2, 3)
	if !bytes.Equal(enc, want) {
		t.Fatalf("encoded %v, want %v", enc, want)
	}
	out, err := decodeBinaryPayloadV3(enc)
	if err != nil {
		t.Fatal(err)
	}
	assertPackets(t, out, in)
}

func TestPayloadV4RoundTrips(t *testing.T) {
	in := []Packet{{Type: PacketMessage, Data: []byte("वणक्कम 🙏")}, {Type: PacketMessage, Data: []byte{9, 8}, Binary: true}, {Type: PacketPong}}
	enc := encodePayloadV4(in)
	if want := "4वणक्कम 🙏\x1ebCQg=\x1e3"; string(enc) != want {
		t.Fatalf("encoded %q, want %q", enc, want)
	}
	out, err := decodePayloadV4(enc)
	if err != nil {
		t.Fatal(err)
	}
	assertPackets(t, out, in)
}

func TestDecodersRejectMalformedPayloads(t *testing.T) {
	for _, s := range []string{"", "4:", "x:4abc", "99:4ab", "2:4🙏", "0:", "-1:4", "3:b4*", "1:9"} {
		if _, err := decodePayloadV3([]byte(s)); err == nil {
			t.Errorf("decodePayloadV3(%q) succeeded", s)
		}
	}
	for _, s := range []string{"", "9", "b!!", "4a\x1e", "\x1e"} {
		if _, err := decodePayloadV4([]byte(s)); err == nil {
			t.Errorf("decodePayloadV4(%q) succeeded", s)
		}
	}
	for _, b := range [][]byte{{}, {2}, {0, 0xff}, {0, 9, 0xff, '4'}, {1, 1, 0xff, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 0xff}} {
		if _, err := decodeBinaryPayloadV3(b); err == nil {
			t.Errorf("decodeBinaryPayloadV3(%v) succeeded", b)
		}
	}
}

func assertPackets(t *testing.T, got, want []Packet) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d packets, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].Type != want[i].Type || got[i].Binary != want[i].Binary || !bytes.Equal(got[i].Data, want[i].Data) {
			t.Errorf("packet %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
