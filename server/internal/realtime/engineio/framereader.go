package engineio

import (
	"encoding/binary"
	"math"
	"net"
	"sync"
)

// frameReaderBuffer is the size of the buffers a frameReader borrows to
// receive into; it holds them only while they hold unread bytes.
const frameReaderBuffer = 4096

// frameReaderPool lends receive buffers to every frameReader.
var frameReaderPool = sync.Pool{New: func() any { b := make([]byte, frameReaderBuffer); return &b }}

// frameReader is the reader under coder/websocket's (tiny) bufio.Reader. It
// receives from the connection into a pooled buffer and never hands the
// bufio.Reader bytes beyond the end of the WebSocket frame being read, so
// that once a message has been read every byte received and not yet read is
// in this reader, where pending can see it without touching the
// bufio.Reader (which coder/websocket's close handshake may be reading).
// That lets the session's reader wait for the network outside
// coder/websocket's deep read path (see waitReadable), and an idle
// connection holds no receive buffer.
type frameReader struct {
	nc net.Conn

	mu  sync.Mutex
	buf *[]byte // received bytes are (*buf)[off:end]; nil when there are none
	off int
	end int

	// Frame boundary tracking, touched only by Read (coder/websocket
	// serializes its reads).
	left  int64    // bytes of the current frame still to hand over, once known
	known bool     // left is known (the frame's header has been seen)
	hdr   [10]byte // the current frame's first bytes while its length is unknown
	hdrN  int
}

// newFrameReader returns a frameReader over nc starting with early, the
// bytes already received with the handshake.
func newFrameReader(nc net.Conn, early []byte) *frameReader {
	r := &frameReader{nc: nc}
	if len(early) > 0 {
		b := make([]byte, len(early))
		copy(b, early)
		r.buf, r.end = &b, len(b)
	}
	return r
}

// pending reports whether received bytes wait to be read.
func (r *frameReader) pending() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.off < r.end
}

// Read hands over received bytes of the current frame, receiving more from
// the connection when none are left.
func (r *frameReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.mu.Lock()
	if r.off == r.end {
		r.mu.Unlock()
		if r.known && int64(len(p)) >= frameReaderBuffer {
			// A large payload goes straight to the caller.
			n, err := r.nc.Read(p[:min(int64(len(p)), r.left)])
			r.left -= int64(n)
			if r.left == 0 {
				r.known = false
			}
			return n, err
		}
		bp := frameReaderPool.Get().(*[]byte)
		n, err := r.nc.Read(*bp)
		if n == 0 {
			frameReaderPool.Put(bp)
			return 0, err
		}
		r.mu.Lock()
		r.buf, r.off, r.end = bp, 0, n
		// A read error comes back on the next call, once the bytes are gone.
	}
	avail := (*r.buf)[r.off:r.end]
	n := r.allow(avail)
	n = copy(p, avail[:n])
	r.off += n
	if r.known {
		r.left -= int64(n)
		if r.left == 0 {
			r.known = false
		}
	}
	if r.off == r.end {
		if r.buf != nil && cap(*r.buf) == frameReaderBuffer {
			frameReaderPool.Put(r.buf)
		}
		r.buf, r.off, r.end = nil, 0, 0
	}
	r.mu.Unlock()
	return n, nil
}

// allow returns how many bytes of avail belong to the current frame, learning
// the frame's length from its header when it is not known yet.
func (r *frameReader) allow(avail []byte) int {
	if !r.known {
		var h [len(r.hdr)]byte
		k := copy(h[:], r.hdr[:r.hdrN])
		k += copy(h[k:], avail)
		if total, ok := frameLength(h[:k]); ok {
			r.left, r.known = total-int64(r.hdrN), true
			r.hdrN = 0
		} else {
			// Everything available is still header: the frame's header is
			// longer than what has been received of it.
			r.hdrN += copy(r.hdr[r.hdrN:], avail)
			return len(avail)
		}
	}
	return int(min(int64(len(avail)), r.left))
}

// frameLength returns the length of a WebSocket frame, header included, from
// its first bytes, or false when they do not tell yet.
func frameLength(h []byte) (int64, bool) {
	if len(h) < 2 {
		return 0, false
	}
	hl := int64(2)
	if h[1]&0x80 != 0 {
		hl += 4 // masking key
	}
	var payload uint64
	switch l := h[1] & 0x7f; l {
	case 126:
		if len(h) < 4 {
			return 0, false
		}
		hl += 2
		payload = uint64(binary.BigEndian.Uint16(h[2:4]))
	case 127:
		if len(h) < 10 {
			return 0, false
		}
		hl += 8
		payload = binary.BigEndian.Uint64(h[2:10])
	default:
		payload = uint64(l)
	}
	if payload > math.MaxInt64/2 {
		payload = math.MaxInt64 / 2 // coder/websocket refuses it anyway
	}
	return hl + int64(payload), true
}
