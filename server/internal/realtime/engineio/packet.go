package engineio

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strconv"
	"unicode/utf8"
)

// PacketType is the Engine.IO packet type, identical in protocol 3 and 4.
type PacketType byte

// Engine.IO packet types.
const (
	PacketOpen    PacketType = 0
	PacketClose   PacketType = 1
	PacketPing    PacketType = 2
	PacketPong    PacketType = 3
	PacketMessage PacketType = 4
	PacketUpgrade PacketType = 5
	PacketNoop    PacketType = 6
)

// recordSeparator joins packets in an Engine.IO 4 polling payload.
const recordSeparator = 0x1e

// ErrInvalidPacket is returned by the decoders for malformed input.
var ErrInvalidPacket = errors.New("engineio: invalid packet")

// ErrInvalidPayload is returned by the payload decoders for malformed input.
var ErrInvalidPayload = errors.New("engineio: invalid payload")

// Packet is one decoded Engine.IO packet. Binary is only ever true for
// message packets.
type Packet struct {
	Type   PacketType
	Data   []byte
	Binary bool
	// framed, when set, is the text packet "4<Data>" already laid out in
	// one buffer (see Message.Framed).
	framed []byte
}

// Message is an application message carried by a message packet.
type Message struct {
	// Binary tells whether Data is a binary message rather than UTF-8 text.
	Binary bool
	// Data is the message body.
	Data []byte
	// Framed is optional: the text message with the Engine.IO message type
	// byte in front ('4' followed by Data, usually Data's own buffer sliced
	// one byte earlier). The WebSocket transport then writes it as is
	// instead of copying Data behind the type byte for every recipient of a
	// broadcast. It must not be modified after Send.
	Framed []byte
}

// decodeTextPacket decodes "<type><data>" as found in a text frame.
func decodeTextPacket(s []byte) (Packet, error) {
	if len(s) == 0 || s[0] < '0' || s[0] > '6' {
		return Packet{}, ErrInvalidPacket
	}
	return Packet{Type: PacketType(s[0] - '0'), Data: s[1:]}, nil
}

// appendTextPacket appends the text form "<type><data>" of a non-binary packet.
func appendTextPacket(dst []byte, p Packet) []byte {
	dst = append(dst, '0'+byte(p.Type))
	return append(dst, p.Data...)
}

// decodePayloadV4 decodes an Engine.IO 4 polling payload.
func decodePayloadV4(body []byte) ([]Packet, error) {
	if len(body) == 0 {
		return nil, ErrInvalidPayload
	}
	var out []Packet
	for part := range bytes.SplitSeq(body, []byte{recordSeparator}) {
		if len(part) > 0 && part[0] == 'b' {
			data, err := base64.StdEncoding.DecodeString(string(part[1:]))
			if err != nil {
				return nil, ErrInvalidPayload
			}
			out = append(out, Packet{Type: PacketMessage, Data: data, Binary: true})
			continue
		}
		p, err := decodeTextPacket(part)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// encodePayloadV4 encodes packets as an Engine.IO 4 polling payload.
func encodePayloadV4(packets []Packet) []byte {
	var b []byte
	for i, p := range packets {
		if i > 0 {
			b = append(b, recordSeparator)
		}
		if p.Binary {
			b = append(b, 'b')
			b = base64.StdEncoding.AppendEncode(b, p.Data)
			continue
		}
		b = appendTextPacket(b, p)
	}
	return b
}

// utf16Len counts UTF-16 code units of UTF-8 text as JavaScript's
// String.length does; each invalid byte counts as one U+FFFD.
func utf16Len(s []byte) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRune(s)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		s = s[size:]
	}
	return n
}

// utf16Prefix returns the byte length of the longest prefix of s holding
// exactly units UTF-16 code units, or -1 if that splits a character or s is
// too short.
func utf16Prefix(s []byte, units int) int {
	i := 0
	for units > 0 {
		if i >= len(s) {
			return -1
		}
		r, size := utf8.DecodeRune(s[i:])
		if r >= 0x10000 {
			units -= 2
		} else {
			units--
		}
		i += size
	}
	if units < 0 {
		return -1
	}
	return i
}

// maxLengthDigits bounds the length prefix of an Engine.IO 3 payload entry.
const maxLengthDigits = 10

// decodePayloadV3 decodes an Engine.IO 3 text polling payload
// ("<len>:<packet>" repeated, len in UTF-16 code units, binary as "b4"+base64).
func decodePayloadV3(body []byte) ([]Packet, error) {
	if len(body) == 0 {
		return nil, ErrInvalidPayload
	}
	var out []Packet
	for len(body) > 0 {
		colon := bytes.IndexByte(body, ':')
		if colon <= 0 || colon > maxLengthDigits {
			return nil, ErrInvalidPayload
		}
		n, err := strconv.Atoi(string(body[:colon]))
		if err != nil || n <= 0 {
			return nil, ErrInvalidPayload
		}
		body = body[colon+1:]
		end := utf16Prefix(body, n)
		if end < 0 {
			return nil, ErrInvalidPayload
		}
		p, err := decodePacketV3String(body[:end])
		if err != nil {
			return nil, err
		}
		out = append(out, p)
		body = body[end:]
	}
	return out, nil
}

// decodePacketV3String decodes one Engine.IO 3 string packet, including the
// "b<type><base64>" binary form.
func decodePacketV3String(s []byte) (Packet, error) {
	if len(s) > 0 && s[0] == 'b' {
		if len(s) < 2 || s[1] != '4' {
			return Packet{}, ErrInvalidPacket
		}
		data, err := base64.StdEncoding.DecodeString(string(s[2:]))
		if err != nil {
			return Packet{}, ErrInvalidPacket
		}
		return Packet{Type: PacketMessage, Data: data, Binary: true}, nil
	}
	return decodeTextPacket(s)
}

// encodePayloadV3 encodes packets as an Engine.IO 3 text payload.
func encodePayloadV3(packets []Packet) []byte {
	var b []byte
	var tmp []byte
	for _, p := range packets {
		tmp = tmp[:0]
		if p.Binary {
			tmp = append(tmp, 'b', '4')
			tmp = base64.StdEncoding.AppendEncode(tmp, p.Data)
		} else {
			tmp = appendTextPacket(tmp, p)
		}
		b = strconv.AppendInt(b, int64(utf16Len(tmp)), 10)
		b = append(b, ':')
		b = append(b, tmp...)
	}
	return b
}

// decodeBinaryPayloadV3 decodes the Engine.IO 3 XHR2 binary payload format:
// for each packet <0 string|1 binary><length digits as bytes 0-9>0xFF<packet>.
func decodeBinaryPayloadV3(body []byte) ([]Packet, error) {
	if len(body) == 0 {
		return nil, ErrInvalidPayload
	}
	var out []Packet
	for len(body) > 0 {
		kind := body[0]
		if kind > 1 {
			return nil, ErrInvalidPayload
		}
		i, n := 1, 0
		for ; i < len(body) && body[i] != 0xff; i++ {
			if body[i] > 9 || i > maxLengthDigits {
				return nil, ErrInvalidPayload
			}
			n = n*10 + int(body[i])
		}
		if i == 1 || i >= len(body) || n <= 0 || n > len(body)-i-1 {
			return nil, ErrInvalidPayload
		}
		data := body[i+1 : i+1+n]
		body = body[i+1+n:]
		if kind == 0 {
			p, err := decodePacketV3String(data)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
			continue
		}
		if data[0] != byte(PacketMessage) {
			return nil, ErrInvalidPacket
		}
		out = append(out, Packet{Type: PacketMessage, Data: data[1:], Binary: true})
	}
	return out, nil
}

// encodeBinaryPayloadV3 encodes packets in the Engine.IO 3 binary payload
// format used with XHR2 clients.
func encodeBinaryPayloadV3(packets []Packet) []byte {
	var b []byte
	for _, p := range packets {
		var n int
		if p.Binary {
			b = append(b, 1)
			n = len(p.Data) + 1
		} else {
			b = append(b, 0)
			n = len(p.Data) + 1
		}
		for _, d := range strconv.Itoa(n) {
			b = append(b, byte(d-'0'))
		}
		b = append(b, 0xff)
		if p.Binary {
			b = append(b, byte(PacketMessage))
			b = append(b, p.Data...)
		} else {
			b = appendTextPacket(b, p)
		}
	}
	return b
}

// hasBinary reports whether any packet is binary.
func hasBinary(packets []Packet) bool {
	for _, p := range packets {
		if p.Binary {
			return true
		}
	}
	return false
}
