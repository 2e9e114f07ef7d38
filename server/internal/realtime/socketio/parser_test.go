package socketio

import (
	"bytes"
	"reflect"
	"testing"
)

func TestDecodePacketParsesHeaderFields(t *testing.T) {
	cases := []struct {
		in   string
		want packet
	}{
		{`0`, packet{Type: PacketConnect, Namespace: "/"}},
		{`0/admin,{"token":"x"}`, packet{Type: PacketConnect, Namespace: "/admin", Data: []byte(`{"token":"x"}`)}},
		{`0/admin?token=abc&x=1,`, packet{Type: PacketConnect, Namespace: "/admin", Query: "token=abc&x=1"}},
		{`2["hi",1]`, packet{Type: PacketEvent, Namespace: "/", Data: []byte(`["hi",1]`)}},
		{`2/chat,12["hi"]`, packet{Type: PacketEvent, Namespace: "/chat", HasID: true, ID: 12, Data: []byte(`["hi"]`)}},
		{`3/chat,7["ok"]`, packet{Type: PacketAck, Namespace: "/chat", HasID: true, ID: 7, Data: []byte(`["ok"]`)}},
		{`52-/chat,3["f",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]`, packet{Type: PacketBinaryEvent, Namespace: "/chat", HasID: true, ID: 3, Attachments: 2, Data: []byte(`["f",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]`)}},
		{`1/chat,`, packet{Type: PacketDisconnect, Namespace: "/chat"}},
	}
	for _, tc := range cases {
		got, err := decodePacket([]byte(tc.in), DefaultMaxAttachments)
		if err != nil {
			t.Errorf("decode %q: %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("decode %q = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// cvePackets are malformed packets behind past socket.io advisories.
var cvePackets = []string{
	`2[{"toString":"foo"}]`,
	`51-[{"num":"splice"}]`,
	`51-["a",{"_placeholder":true,"num":"splice"}]`,
	`5999999999999999999-["x"]`,
	`2/nsp,99999999999999999999["a"]`,
	`2["connect"]`,
	`2[]`,
	`2{}`,
	`2"x"`,
	`3[]`,
	`1/nsp,"x"`,
	`0"x"`,
	`4{"message":"x"}`,
	`7`,
	``,
	`2[` + string(bytes.Repeat([]byte("["), 100)),
	"2[\"\xff\xfe\"",
}

func TestDecodePacketRejectsMalformedAndCVEPackets(t *testing.T) {
	for _, in := range cvePackets {
		p, err := decodePacket([]byte(in), DefaultMaxAttachments)
		if err != nil {
			continue
		}
		// Packets that pass header validation must fail payload decoding.
		if _, err := decodeArgs(p.Data, nil); err == nil && p.Type != PacketConnect {
			t.Errorf("%q accepted as %+v", in, p)
		}
	}
}

func TestPlaceholderWithInvalidNumIsRejected(t *testing.T) {
	for _, data := range []string{`["a",{"_placeholder":true,"num":"splice"}]`, `["a",{"_placeholder":true,"num":1}]`, `["a",{"_placeholder":true,"num":-1}]`, `["a",{"_placeholder":true,"num":0.5}]`} {
		if _, err := decodeArgs([]byte(data), [][]byte{{1}}); err == nil {
			t.Errorf("%s accepted", data)
		}
	}
}

func TestEncodeEventMovesBytesToAttachments(t *testing.T) {
	p, err := newEventPacket("/chat", "file", []any{"നമസ്കാരം", []byte{1, 2}, map[string]any{"b": []byte{3}}}, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	want := `52-/chat,5["file","നമസ്കാരം",{"_placeholder":true,"num":0},{"b":{"_placeholder":true,"num":1}}]`
	if string(p.Text) != want || len(p.Attachments) != 2 {
		t.Fatalf("got %s %v", p.Text, p.Attachments)
	}
	dp, err := decodePacket(p.Text, DefaultMaxAttachments)
	if err != nil {
		t.Fatal(err)
	}
	args, err := decodeArgs(dp.Data, p.Attachments)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(args[2].([]byte), []byte{1, 2}) || !bytes.Equal(args[3].(map[string]any)["b"].([]byte), []byte{3}) {
		t.Fatalf("round trip %v", args)
	}
}

func TestEncodeAckWithoutArgsIsEmptyArray(t *testing.T) {
	p, _ := newDataPacket(PacketAck, "/", nil, 3, true)
	if string(p.Text) != "33[]" {
		t.Fatalf("got %s", p.Text)
	}
}
