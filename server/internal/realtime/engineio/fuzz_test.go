package engineio

import (
	"bytes"
	"testing"
)

var payloadSeeds = []string{
	"", "1:4", "6:4hello", "12:4€🙏നമസ്കാരം", "6:b4AAH/", "2:4🙏", "99999999999:4", "-1:4", "3:b4*",
	"4hello\x1ebAQI=\x1e3", "\x1e\x1e", "b!!", "4\xff\xfe", "2probe", "1:1", "0:",
}

func FuzzDecodePayloadV3(f *testing.F) {
	for _, s := range payloadSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		pkts, err := decodePayloadV3(b)
		if err != nil {
			return
		}
		again, err := decodePayloadV3(encodePayloadV3(pkts))
		if err != nil || len(again) != len(pkts) {
			t.Fatalf("re-encoding %q failed: %v", b, err)
		}
	})
}

func FuzzDecodeBinaryPayloadV3(f *testing.F) {
	f.Add([]byte{0, 4, 0xff, '4', 'h', 'é'})
	f.Add([]byte{1, 4, 0xff, 4, 1, 2, 3})
	f.Add([]byte{0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 0xff})
	f.Add([]byte{1, 1, 0xff, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		pkts, err := decodeBinaryPayloadV3(b)
		if err != nil {
			return
		}
		if _, err := decodeBinaryPayloadV3(encodeBinaryPayloadV3(pkts)); err != nil {
			t.Fatalf("re-encoding %v failed: %v", b, err)
		}
	})
}

func FuzzDecodePayloadV4(f *testing.F) {
	for _, s := range payloadSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		pkts, err := decodePayloadV4(b)
		if err != nil {
			return
		}
		for _, p := range pkts {
			if !p.Binary && bytes.IndexByte(p.Data, recordSeparator) >= 0 {
				t.Fatalf("separator inside packet from %q", b)
			}
		}
	})
}

func FuzzDecodePacket(f *testing.F) {
	for _, s := range []string{"4hello", "2probe", "6", "9", "", "4\xff", "b4AAE="} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := decodeTextPacket(b)
		if err != nil {
			return
		}
		if !bytes.Equal(appendTextPacket(nil, p), b) {
			t.Fatalf("text packet %q does not round trip", b)
		}
		_, _ = decodePacketV3String(b)
	})
}

func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{
		"EIO=4&transport=polling", "EIO=3&transport=websocket&sid=abc&b64=1", "transport=__proto__",
		"EIO=5&transport=polling", "EIO=4&transport=polling&sid=a&sid=b", "%zz", "EIO=4&transport=constructor",
		"EIO=4&transport=polling&t=\xff\xfe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, _, ok := parseQuery(raw, func(string) bool { return true })
		if ok && (q.EIO != 3 && q.EIO != 4 || q.Transport != TransportPolling && q.Transport != TransportWebSocket) {
			t.Fatalf("accepted %q as %+v", raw, q)
		}
	})
}
