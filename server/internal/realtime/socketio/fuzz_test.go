package socketio

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// fuzzSeeds are valid packets plus the malformed packets behind past
// socket.io CVEs.
func fuzzSeeds() []string {
	return append([]string{
		`0`, `0/admin,{"token":"x"}`, `0/admin?token=a&b=c,`, `0/admin,{"__proto__":{}}`,
		`2["hi",1,{"a":[1,2]}]`, `2/chat,12["hi"]`, `3/chat,7["ok"]`, `1/chat,`,
		`52-/chat,3["f",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]`,
		`61-5[{"_placeholder":true,"num":0}]`,
		`2[` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `]`,
		"2[\"\xff\xfe\xfd\"]",
	}, cvePackets...)
}

// fuzzDecode runs everything the server does with an incoming text packet.
func fuzzDecode(t *testing.T, b []byte, proto int) {
	p, err := decodePacket(b, DefaultMaxAttachments)
	if err != nil {
		return
	}
	if p.Attachments > DefaultMaxAttachments {
		t.Fatalf("accepted %d attachments", p.Attachments)
	}
	if p.HasID && p.ID > maxAckID {
		t.Fatalf("accepted ack id %d", p.ID)
	}
	atts := make([][]byte, p.Attachments)
	switch p.Type {
	case PacketConnect:
		if proto == 4 {
			_, _ = url.ParseQuery(p.Query)
		} else if p.Data != nil {
			var auth map[string]any
			_ = json.Unmarshal(p.Data, &auth)
		}
	case PacketEvent, PacketBinaryEvent:
		args, err := decodeArgs(p.Data, atts)
		if err == nil {
			if _, ok := args[0].(string); !ok {
				t.Fatalf("event name %T accepted from %q", args[0], b)
			}
		}
	case PacketAck, PacketBinaryAck:
		_, _ = decodeArgs(p.Data, atts)
	}
}

func FuzzDecodePacketV4(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { fuzzDecode(t, b, 4) })
}

func FuzzDecodePacketV5(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { fuzzDecode(t, b, 5) })
}

func FuzzDecodeArgs(f *testing.F) {
	f.Add([]byte(`["a",{"_placeholder":true,"num":0}]`), 1)
	f.Add([]byte(`["a",{"_placeholder":true,"num":"splice"}]`), 1)
	f.Add([]byte(`[{"toString":"foo"}]`), 0)
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		if n < 0 || n > DefaultMaxAttachments || !jsonDepthOK(data, maxJSONDepth) {
			return
		}
		_, _ = decodeArgs(data, make([][]byte, n))
	})
}
