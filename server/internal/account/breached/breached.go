// Package breached tells whether a password is one of the most common
// passwords seen in public data breaches, offline, from an embedded list.
//
// The list (passwords.txt.gz, see README.md for its source and licence) holds
// the 200,000 most frequent entries of the "10 million passwords" breach corpus
// that a password passing the spec's rule can still match: lower-cased,
// sorted, one per line. It is decompressed once, on first use (about 16 ms),
// into one byte slice plus a table of line offsets (2.5 MB of heap in all,
// against 8.8 MB for a map of the same strings), and searched by binary
// search: a check takes about a microsecond and three small allocations.
//
// Matching is case-insensitive, and looks past the special characters that the
// spec's rule forces into every password: "Password@123" is refused because
// "password123" is a top breached password, and "P@$$w0rd!" because
// "passw0rd" is. See Common for the exact variants.
package breached

import (
	"bytes"
	"compress/gzip"
	_ "embed" // the list
	"encoding/binary"
	"io"
	"sort"
	"strings"
	"sync"
)

//go:embed passwords.txt.gz
var packed []byte

var (
	loadOnce sync.Once
	blob     []byte   // the sorted entries, each followed by '\n'
	starts   []uint32 // where each entry begins in blob
)

// specials are the characters the spec's rule asks for (one of them is required).
const specials = "!@#$%^&*"

// load decompresses the embedded list; the list is part of the binary, so a
// failure is a build error and panics.
func load() {
	if len(packed) < 4 {
		panic("breached: embedded list missing")
	}
	size := binary.LittleEndian.Uint32(packed[len(packed)-4:]) // gzip ISIZE: the exact length
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		panic("breached: embedded list unreadable: " + err.Error())
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(zr, b); err != nil {
		panic("breached: embedded list unreadable: " + err.Error())
	}
	st := make([]uint32, 0, bytes.Count(b, []byte{'\n'}))
	for i := 0; i < len(b); {
		st = append(st, uint32(i))
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			panic("breached: embedded list not newline terminated")
		}
		i += j + 1
	}
	blob, starts = b, st
}

// Len returns the number of entries in the embedded list.
func Len() int {
	loadOnce.Do(load)
	return len(starts)
}

// Load decompresses the list now rather than on the first check, so a server
// can pay the few milliseconds at start-up; calling it is optional.
func Load() { loadOnce.Do(load) }

// entry returns the i'th entry without its newline.
func entry(i int) []byte {
	end := len(blob)
	if i+1 < len(starts) {
		end = int(starts[i+1])
	}
	return blob[starts[i] : end-1]
}

// contains reports whether key (already lower-cased) is an entry.
func contains(key string) bool {
	i := sort.Search(len(starts), func(i int) bool { return string(entry(i)) >= key })
	return i < len(starts) && string(entry(i)) == key
}

// Common reports whether password is a common breached password. It is
// case-insensitive and tries three forms of the password in turn:
//
//  1. lower-cased as it is ("p@ssword1!" when that exact string is listed);
//  2. lower-cased without the characters !@#$%^&* ("Password@123" → "password123");
//  3. like 2 but reading @ as a and $ as s first ("P@$$w0rd!" → "passw0rd").
//
// The list holds only entries one of these forms can produce from a password
// that passes ValidatePassword's rule, so a password the rule already refuses
// need not be checked here.
func Common(password string) bool {
	loadOnce.Do(load)
	lower := strings.ToLower(password)
	if contains(lower) {
		return true
	}
	stripped := strip(lower, false)
	if stripped != lower && contains(stripped) {
		return true
	}
	unleet := strip(lower, true)
	return unleet != stripped && contains(unleet)
}

// strip drops the spec's special characters from s; with leet, @ and $ become
// a and s instead of being dropped.
func strip(s string, leet bool) string {
	if !strings.ContainsAny(s, specials) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case leet && c == '@':
			b.WriteByte('a')
		case leet && c == '$':
			b.WriteByte('s')
		case strings.IndexByte(specials, c) >= 0:
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
