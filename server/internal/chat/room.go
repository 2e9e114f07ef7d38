package chat

import "strings"

// roomPrefix starts every room name.
const roomPrefix = "chat-"

// RoomName is the name of the conversation between two public profile ids:
// "chat-<lower id>-<higher id>", the same whoever asks. It is not a secret:
// every use checks that the caller is one of the two.
func RoomName(codeA, codeB string) string {
	if codeB < codeA {
		codeA, codeB = codeB, codeA
	}
	return roomPrefix + codeA + "-" + codeB
}

// ParseRoom returns the two profile ids of a room name, or ok false when the
// name is not one this package made.
func ParseRoom(room string) (a, b string, ok bool) {
	rest, found := strings.CutPrefix(room, roomPrefix)
	if !found {
		return "", "", false
	}
	a, b, found = strings.Cut(rest, "-")
	if !found || !validCode(a) || !validCode(b) || a == b || room != RoomName(a, b) {
		return "", "", false
	}
	return a, b, true
}

// validCode accepts the shape of profile codes: 1 to 16 capital letters and digits.
func validCode(s string) bool {
	if len(s) == 0 || len(s) > 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// NormalizeCode trims and upper-cases a profile id typed or sent by a client.
func NormalizeCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
