package socketio

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PacketType is the Socket.IO packet type.
type PacketType byte

// Socket.IO packet types; ConnectError is ERROR in protocol 4.
const (
	PacketConnect      PacketType = 0
	PacketDisconnect   PacketType = 1
	PacketEvent        PacketType = 2
	PacketAck          PacketType = 3
	PacketConnectError PacketType = 4
	PacketBinaryEvent  PacketType = 5
	PacketBinaryAck    PacketType = 6
)

// Decoder limits that keep hostile packets cheap.
const (
	// DefaultMaxAttachments bounds binary attachments per packet.
	DefaultMaxAttachments = 10
	// maxJSONDepth bounds nesting of a packet's JSON payload.
	maxJSONDepth = 32
	// maxAckID is the largest ack id accepted (JavaScript's MAX_SAFE_INTEGER).
	maxAckID = 1<<53 - 1
)

// ErrInvalidPacket is returned for any malformed Socket.IO packet.
var ErrInvalidPacket = errors.New("socketio: invalid packet")

// packet is a decoded Socket.IO packet header plus its raw JSON payload.
type packet struct {
	Type        PacketType
	Namespace   string
	Query       string // protocol 4 CONNECT: the "?query" part of the namespace
	HasID       bool
	ID          uint64
	Data        []byte // raw JSON, nil when absent
	Attachments int
}

// reservedEvents may not be emitted by clients.
var reservedEvents = map[string]bool{
	"connect": true, "connect_error": true, "disconnect": true,
	"disconnecting": true, "newListener": true, "removeListener": true,
}

// decodePacket decodes the text part of a Socket.IO packet and validates its
// payload the way socket.io-parser v4 does.
func decodePacket(s []byte, maxAttachments int) (packet, error) {
	var p packet
	if len(s) == 0 || s[0] < '0' || s[0] > '6' {
		return p, ErrInvalidPacket
	}
	p.Type = PacketType(s[0] - '0')
	i := 1
	if p.Type == PacketBinaryEvent || p.Type == PacketBinaryAck {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 4 {
			j++
		}
		if j == i || j >= len(s) || s[j] != '-' {
			return p, ErrInvalidPacket
		}
		n, err := strconv.Atoi(string(s[i:j]))
		if err != nil || n > maxAttachments {
			return p, ErrInvalidPacket
		}
		p.Attachments = n
		i = j + 1
	}
	p.Namespace = "/"
	if i < len(s) && s[i] == '/' {
		j := bytes.IndexByte(s[i:], ',')
		end := len(s)
		if j >= 0 {
			end = i + j
		}
		nsp := string(s[i:end])
		if !utf8.ValidString(nsp) || len(nsp) > 256 {
			return p, ErrInvalidPacket
		}
		p.Namespace, p.Query, _ = strings.Cut(nsp, "?")
		i = end
		if j >= 0 {
			i++
		}
	}
	if i < len(s) && s[i] >= '0' && s[i] <= '9' {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		id, err := strconv.ParseUint(string(s[i:j]), 10, 64)
		if err != nil || id > maxAckID {
			return p, ErrInvalidPacket
		}
		p.HasID, p.ID = true, id
		i = j
	}
	if i < len(s) {
		p.Data = s[i:]
		if !jsonDepthOK(p.Data, maxJSONDepth) || !json.Valid(p.Data) {
			return p, ErrInvalidPacket
		}
	}
	if !payloadValid(p) {
		return p, ErrInvalidPacket
	}
	return p, nil
}

// payloadValid applies socket.io-parser's isPayloadValid to client packets.
func payloadValid(p packet) bool {
	first := firstNonSpace(p.Data)
	switch p.Type {
	case PacketConnect:
		return p.Data == nil || first == '{'
	case PacketDisconnect:
		return p.Data == nil
	case PacketEvent, PacketBinaryEvent:
		if first != '[' {
			return false
		}
		var head []json.RawMessage
		if json.Unmarshal(p.Data, &head) != nil || len(head) == 0 {
			return false
		}
		var name string
		if json.Unmarshal(head[0], &name) != nil {
			return false
		}
		return !reservedEvents[name]
	case PacketAck, PacketBinaryAck:
		return first == '[' && p.HasID
	}
	return false // clients never send CONNECT_ERROR
}

func firstNonSpace(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}

// jsonDepthOK reports whether arrays/objects in data nest at most max deep.
func jsonDepthOK(data []byte, max int) bool {
	depth := 0
	inString, escaped := false, false
	for _, c := range data {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			depth++
			if depth > max {
				return false
			}
		case ']', '}':
			depth--
		}
	}
	return true
}

// encodePacket encodes the text part of p.
func encodePacket(p packet) []byte {
	b := make([]byte, 0, 16+len(p.Namespace)+len(p.Data))
	b = append(b, '0'+byte(p.Type))
	if p.Type == PacketBinaryEvent || p.Type == PacketBinaryAck {
		b = strconv.AppendInt(b, int64(p.Attachments), 10)
		b = append(b, '-')
	}
	if p.Namespace != "" && p.Namespace != "/" {
		b = append(b, p.Namespace...)
		b = append(b, ',')
	}
	if p.HasID {
		b = strconv.AppendUint(b, p.ID, 10)
	}
	return append(b, p.Data...)
}

// decodeArgs parses an EVENT/ACK payload and substitutes attachments for
// their placeholders; a placeholder with an invalid num is an error.
func decodeArgs(data []byte, attachments [][]byte) ([]any, error) {
	var args []any
	if err := json.Unmarshal(data, &args); err != nil {
		return nil, ErrInvalidPacket
	}
	if len(attachments) == 0 && !bytes.Contains(data, []byte(`"_placeholder"`)) {
		return args, nil
	}
	for i, a := range args {
		v, err := fillPlaceholders(a, attachments)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	return args, nil
}

func fillPlaceholders(v any, atts [][]byte) (any, error) {
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			r, err := fillPlaceholders(e, atts)
			if err != nil {
				return nil, err
			}
			x[i] = r
		}
	case map[string]any:
		if ph, ok := x["_placeholder"].(bool); ok && ph {
			num, ok := x["num"].(float64)
			if !ok || num < 0 || num >= float64(len(atts)) || num != float64(int(num)) {
				return nil, ErrInvalidPacket
			}
			return atts[int(num)], nil
		}
		for k, e := range x {
			r, err := fillPlaceholders(e, atts)
			if err != nil {
				return nil, err
			}
			x[k] = r
		}
	}
	return v, nil
}

// Raw is an event argument that is already JSON; it is spliced into the
// packet as is. encoding/json would validate and compact a json.RawMessage
// byte by byte, which for a list of thousands of pre-encoded members costs
// more than the rest of a connect. The caller guarantees valid JSON.
type Raw []byte

// extractArgs moves every []byte of args into an attachment replaced by a
// placeholder; it returns args itself when there is none.
func extractArgs(args []any) ([]any, [][]byte) {
	var atts [][]byte
	vals := args
	if hasBinary(args, 0) {
		vals = make([]any, len(args))
		for i, a := range args {
			vals[i] = extractBinary(a, &atts)
		}
	}
	if vals == nil {
		vals = []any{}
	}
	return vals, atts
}

// writeArgs appends vals to buf as a JSON array; Raw values are copied
// verbatim.
func writeArgs(buf *bytes.Buffer, vals []any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if !hasRaw(vals) {
		if err := enc.Encode(vals); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1) // the Encoder's newline
		return nil
	}
	buf.WriteByte('[')
	for i, v := range vals {
		if i > 0 {
			buf.WriteByte(',')
		}
		if r, ok := v.(Raw); ok {
			buf.Write(r)
			continue
		}
		if err := enc.Encode(v); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte(']')
	return nil
}

// rawSize is the bytes of the Raw values in vals.
func rawSize(vals []any) int {
	n := 0
	for _, v := range vals {
		if r, ok := v.(Raw); ok {
			n += len(r) + 1
		}
	}
	return n
}

func hasRaw(vals []any) bool {
	for _, v := range vals {
		if _, ok := v.(Raw); ok {
			return true
		}
	}
	return false
}

func hasBinary(v any, depth int) bool {
	if depth > maxJSONDepth {
		return false
	}
	switch x := v.(type) {
	case []byte:
		return true
	case []any:
		for _, e := range x {
			if hasBinary(e, depth+1) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if hasBinary(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func extractBinary(v any, atts *[][]byte) any {
	switch x := v.(type) {
	case []byte:
		n := len(*atts)
		*atts = append(*atts, x)
		return map[string]any{"_placeholder": true, "num": n}
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = extractBinary(e, atts)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = extractBinary(e, atts)
		}
		return out
	}
	return v
}

// EncodedPacket is a Socket.IO packet ready for the wire: the text packet and
// its binary attachments. The EVENT encoding is the same in protocols 4 and
// 5, so a broadcast is encoded once and sent to every client; adapters ship
// it between nodes as JSON.
type EncodedPacket struct {
	// Text is the text packet.
	Text []byte `json:"t"`
	// Attachments are the binary attachments, in order.
	Attachments [][]byte `json:"a,omitempty"`
	// framed is Text with the Engine.IO message type byte in front (Text
	// is framed[1:]), so that a WebSocket write needs no copy per
	// recipient; nil for packets that came from another node.
	framed []byte
}

// newEventPacket encodes an EVENT/BINARY_EVENT for nsp.
func newEventPacket(nsp, event string, args []any, id uint64, hasID bool) (*EncodedPacket, error) {
	all := make([]any, 0, len(args)+1)
	all = append(all, event)
	all = append(all, args...)
	return newDataPacket(PacketEvent, nsp, all, id, hasID)
}

// newDataPacket encodes an EVENT or ACK with data, switching to the binary
// variant when data holds []byte values.
func newDataPacket(typ PacketType, nsp string, data []any, id uint64, hasID bool) (*EncodedPacket, error) {
	vals, atts := extractArgs(data)
	p := packet{Type: typ, Namespace: nsp, ID: id, HasID: hasID}
	if len(atts) > 0 {
		p.Type += PacketBinaryEvent - PacketEvent
		p.Attachments = len(atts)
	}
	// The header and the arguments go into one buffer: for a large list a
	// second copy would be most of the cost.
	// The Engine.IO message type goes in front too (see framed).
	var buf bytes.Buffer
	hdr := encodePacket(p)
	buf.Grow(1 + len(hdr) + rawSize(vals) + 64)
	buf.WriteByte('4')
	buf.Write(hdr)
	if err := writeArgs(&buf, vals); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	return &EncodedPacket{Text: b[1:], Attachments: atts, framed: b}, nil
}

// newAppendedEventPacket encodes an EVENT for nsp whose only argument is the
// JSON that appendArg appends: the argument is written once, in the packet's
// own buffer (sizeHint bytes are reserved for it).
func newAppendedEventPacket(nsp, event string, sizeHint int, appendArg func(dst []byte) []byte) (*EncodedPacket, error) {
	hdr := encodePacket(packet{Type: PacketEvent, Namespace: nsp})
	var buf bytes.Buffer
	buf.Grow(1 + len(hdr) + len(event) + 8)
	buf.WriteByte('4')
	buf.Write(hdr)
	buf.WriteByte('[')
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(event); err != nil {
		return nil, err
	}
	buf.Truncate(buf.Len() - 1) // the Encoder's newline
	buf.WriteByte(',')
	b := make([]byte, buf.Len(), buf.Len()+max(sizeHint, 0)+1)
	copy(b, buf.Bytes())
	b = appendArg(b)
	b = append(b, ']')
	return &EncodedPacket{Text: b[1:], framed: b}, nil
}
