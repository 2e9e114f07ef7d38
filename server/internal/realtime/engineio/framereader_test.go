package engineio

import (
	"bytes"
	"io"
	"net"
	"testing"
)

// chunkConn returns its chunks one Read at a time, then io.EOF.
type chunkConn struct {
	net.Conn
	chunks [][]byte
}

func (c *chunkConn) Read(p []byte) (int, error) {
	if len(c.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.chunks[0])
	if n == len(c.chunks[0]) {
		c.chunks = c.chunks[1:]
	} else {
		c.chunks[0] = c.chunks[0][n:]
	}
	return n, nil
}

// wsFrame builds a masked client frame with a zero mask.
func wsFrame(payload []byte) []byte {
	h := []byte{0x81}
	switch n := len(payload); {
	case n < 126:
		h = append(h, 0x80|byte(n))
	case n < 1<<16:
		h = append(h, 0x80|126, byte(n>>8), byte(n))
	default:
		h = append(h, 0x80|127, 0, 0, 0, 0, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
	return append(append(h, 0, 0, 0, 0), payload...)
}

func TestFrameReaderNeverReadsPastAFrame(t *testing.T) {
	frames := [][]byte{wsFrame([]byte("40")), wsFrame(bytes.Repeat([]byte("a"), 300)), wsFrame(bytes.Repeat([]byte("b"), 70000)), wsFrame(nil)}
	stream := bytes.Join(frames, nil)
	for _, split := range []int{1, 2, 3, 7, 100, 5000, len(stream)} {
		var chunks [][]byte
		for rest := stream; len(rest) > 0; {
			n := min(split, len(rest))
			chunks = append(chunks, rest[:n])
			rest = rest[n:]
		}
		r := newFrameReader(&chunkConn{chunks: chunks}, nil)
		for i, f := range frames {
			got := make([]byte, 0, len(f))
			buf := make([]byte, 16+split%2*5000) // odd splits also take the large-payload path
			for len(got) < len(f) {
				n, err := r.Read(buf)
				if err != nil {
					t.Fatalf("split %d, frame %d: %v", split, i, err)
				}
				got = append(got, buf[:n]...)
			}
			if !bytes.Equal(got, f) {
				t.Fatalf("split %d, frame %d: read past the frame or lost bytes", split, i)
			}
		}
		if r.pending() {
			t.Fatalf("split %d: bytes left over", split)
		}
	}
}

func TestFrameLength(t *testing.T) {
	for _, n := range []int{0, 125, 126, 65535, 65536, 1 << 20} {
		f := wsFrame(make([]byte, n))
		if got, ok := frameLength(f[:min(len(f), 10)]); !ok || got != int64(len(f)) {
			t.Fatalf("payload %d: got %d %v, want %d", n, got, ok, len(f))
		}
	}
	if _, ok := frameLength([]byte{0x81}); ok {
		t.Fatal("one byte cannot tell a frame's length")
	}
}
