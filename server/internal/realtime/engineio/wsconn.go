package engineio

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/gobwas/ws"
)

// The WebSocket of a session is RFC 6455 framing written here over the
// hijacked connection, with github.com/gobwas/ws for the handshake and the
// frame headers. A general-purpose WebSocket library (coder/websocket,
// gorilla/websocket) keeps about 2 kB per connection for its whole life:
// buffered reader and writer, locks built from channels, message reader and
// writer state. A chat server holds thousands of idle connections, so this
// one keeps only the socket: a reader borrows a buffer while it has bytes to
// parse, and a writer builds its batch in a pooled buffer.

// wsReadBuffer is the size of the buffered readers a session's reader
// borrows while it has bytes to parse.
const wsReadBuffer = 4096

// wsReadChunk is how much of a message's announced length is allocated
// before its bytes arrive.
const wsReadChunk = 32 << 10

// maxKeptFrameBuffer bounds the batch buffers returned to the pool: a large
// packet (an online list) must not stay allocated once written.
const maxKeptFrameBuffer = 64 << 10

// wsReaderPool lends buffered readers to the sessions' readers.
var wsReaderPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, wsReadBuffer) }}

// wsBatchPool lends batch buffers to the sessions' writers.
var wsBatchPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// errPeerClosed is returned by readMessage when the client closed the
// WebSocket (a close frame, answered before returning).
var errPeerClosed = errors.New("engineio: websocket closed by peer")

// errProtocol is returned by readMessage when the client broke RFC 6455 (the
// connection has been failed with a close frame).
var errProtocol = errors.New("engineio: websocket protocol error")

// wsMessage is one received WebSocket data message.
type wsMessage struct {
	binary bool
	data   []byte
}

// wsConn is the WebSocket of one session. Reads happen from one goroutine at
// a time (the probe, then one reader after another); writes from any
// goroutine, serialized by writeMu.
type wsConn struct {
	nc      net.Conn
	raw     syscall.RawConn // the socket, for the poller; nil when it is not one (TLS)
	timeout time.Duration   // bounds every network write (Options.WriteTimeout)
	limit   int64           // largest message accepted

	// Reader state.
	early []byte        // bytes received with the handshake, read before nc's
	br    *bufio.Reader // borrowed from wsReaderPool while it holds unread bytes
	hdr   [ws.MaxHeaderSize - 2]byte
	peek  [1]byte // waitReadable's peek buffer

	// Writer state, guarded by writeMu, except closing (the flags sit
	// beside peek so that the struct fits a 128-byte allocation).
	closeSent bool        // a close frame went out: nothing may follow it
	closing   atomic.Bool // shutdown runs: the connection closes by itself
	writeMu   sync.Mutex
	deadline  int64 // the write deadline set on nc, on monoEpoch's clock (a time.Time would cost 16 bytes more)
}

// monoEpoch is the origin of wsConn.deadline: durations since it are
// monotonic, as time.Time's comparisons are.
var monoEpoch = time.Now()

// newWSConn returns the WebSocket over nc, starting with early, the bytes
// the client sent right after its handshake.
func newWSConn(nc net.Conn, early []byte, timeout time.Duration, limit int64) *wsConn {
	w := &wsConn{nc: nc, timeout: timeout, limit: limit}
	if len(early) > 0 {
		w.early = append([]byte(nil), early...)
	}
	if sc, ok := nc.(syscall.Conn); ok {
		if rc, err := sc.SyscallConn(); err == nil {
			w.raw = rc
		}
	}
	return w
}

// Read feeds the borrowed bufio.Reader: the early bytes first, then the socket.
func (w *wsConn) Read(p []byte) (int, error) {
	if len(w.early) > 0 {
		n := copy(p, w.early)
		w.early = w.early[n:]
		if len(w.early) == 0 {
			w.early = nil
		}
		return n, nil
	}
	return w.nc.Read(p)
}

// buffered reports whether received bytes wait to be parsed.
func (w *wsConn) buffered() bool {
	return len(w.early) > 0 || (w.br != nil && w.br.Buffered() > 0)
}

// release returns the borrowed reader when it holds nothing unread.
func (w *wsConn) release() {
	if w.br != nil && w.br.Buffered() == 0 {
		w.br.Reset(nil)
		wsReaderPool.Put(w.br)
		w.br = nil
	}
}

// readMessage reads the next data message, answering pings and a close on
// the way. It returns errPeerClosed after a close frame, errProtocol (after
// failing the connection) when the client broke the protocol or exceeded the
// size limit, and the network error otherwise.
func (w *wsConn) readMessage() (wsMessage, error) {
	if w.br == nil {
		w.br = wsReaderPool.Get().(*bufio.Reader)
		w.br.Reset(w)
	}
	var msg wsMessage
	var data []byte
	state := ws.StateServerSide
	for {
		h, err := ws.ReadHeaderBuffer(w.br, w.hdr[:])
		if err != nil {
			return msg, err
		}
		if err := ws.CheckHeader(h, state); err != nil {
			return msg, w.fail(ws.StatusProtocolError, err.Error())
		}
		if h.OpCode.IsControl() {
			var b [ws.MaxControlFramePayloadSize]byte
			p := b[:h.Length]
			if _, err := io.ReadFull(w.br, p); err != nil {
				return msg, err
			}
			ws.Cipher(p, h.Mask, 0)
			switch h.OpCode {
			case ws.OpPing:
				if err := w.writeControl(ws.OpPong, p); err != nil {
					return msg, err
				}
			case ws.OpClose:
				code, reason := ws.ParseCloseFrameData(p)
				if len(p) > 0 && ws.CheckCloseFrameData(code, reason) != nil {
					return msg, w.fail(ws.StatusProtocolError, "bad close frame")
				}
				if code == 0 {
					code = ws.StatusNormalClosure
				}
				_ = w.writeControl(ws.OpClose, ws.NewCloseFrameBody(code, ""))
				return msg, errPeerClosed
			}
			continue
		}
		if h.Length > w.limit-int64(len(data)) {
			return msg, w.fail(ws.StatusMessageTooBig, "message too big")
		}
		// Grow with what actually arrives: a header alone must not make the
		// server allocate the size it announces.
		start := len(data)
		for left := h.Length; left > 0; {
			k := min(left, wsReadChunk)
			n := len(data)
			data = append(data, make([]byte, k)...)
			if _, err := io.ReadFull(w.br, data[n:]); err != nil {
				return msg, err
			}
			left -= k
		}
		ws.Cipher(data[start:], h.Mask, 0)
		if h.OpCode != ws.OpContinuation {
			msg.binary = h.OpCode == ws.OpBinary
		}
		if !h.Fin {
			state = state.Set(ws.StateFragmented)
			continue
		}
		if !msg.binary && !utf8.Valid(data) {
			return msg, w.fail(ws.StatusInvalidFramePayloadData, "invalid utf-8")
		}
		msg.data = data
		return msg, nil
	}
}

// fail sends a close frame with code and returns errProtocol.
func (w *wsConn) fail(code ws.StatusCode, reason string) error {
	_ = w.writeControl(ws.OpClose, ws.NewCloseFrameBody(code, reason))
	return errProtocol
}

// appendFrame appends an unmasked, final server frame to b.
func appendFrame(b []byte, op ws.OpCode, payload []byte) []byte {
	return appendFrameParts(b, op, nil, payload)
}

// appendFrameParts appends an unmasked, final server frame whose payload is
// head followed by payload.
func appendFrameParts(b []byte, op ws.OpCode, head, payload []byte) []byte {
	n := len(head) + len(payload)
	switch {
	case n < 126:
		b = append(b, 0x80|byte(op), byte(n))
	case n <= 0xffff:
		b = append(b, 0x80|byte(op), 126, byte(n>>8), byte(n))
	default:
		b = append(b, 0x80|byte(op), 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(append(b, head...), payload...)
}

// putBatch returns a batch buffer to wsBatchPool unless it grew too large
// to keep.
func putBatch(bp *[]byte) {
	if cap(*bp) <= maxKeptFrameBuffer {
		*bp = (*bp)[:0]
		wsBatchPool.Put(bp)
	}
}

// writeFrames writes a batch of frames with one network write.
func (w *wsConn) writeFrames(b []byte) error {
	w.writeMu.Lock()
	defer w.writeMu.Unlock()
	return w.writeLocked(b)
}

// writeLocked writes b, waiting at most the write timeout; writeMu is held.
func (w *wsConn) writeLocked(b []byte) error {
	if w.closeSent {
		return net.ErrClosed
	}
	w.armLocked()
	_, err := w.nc.Write(b)
	return err
}

// writeControl writes one control frame; after a close frame nothing more
// is written.
func (w *wsConn) writeControl(op ws.OpCode, payload []byte) error {
	var b [ws.MaxHeaderSize + ws.MaxControlFramePayloadSize]byte
	w.writeMu.Lock()
	defer w.writeMu.Unlock()
	if w.closeSent {
		return net.ErrClosed
	}
	if op == ws.OpClose {
		w.closeSent = true
	}
	w.armLocked()
	_, err := w.nc.Write(appendFrame(b[:0], op, payload))
	return err
}

// armLocked makes sure a write starting now ends within timeout, moving the
// deadline only when less than half of it is left: setting a deadline costs
// about as much as a small write, so doing it for every batch would double
// the cost of a fan-out.
func (w *wsConn) armLocked() {
	now := time.Now()
	mono := int64(now.Sub(monoEpoch))
	if time.Duration(w.deadline-mono) >= w.timeout/2 {
		return
	}
	w.deadline = mono + int64(w.timeout)
	_ = w.nc.SetWriteDeadline(now.Add(w.timeout))
}

// shutdown ends the WebSocket gracefully: a close frame with code, then the
// end of our side of the stream, so that the client reads everything sent
// before it (closing a socket that still holds unread bytes would reset it,
// and the client could lose the last packets). The connection is closed
// after grace, or earlier by closeNow's CloseNow once the client answered.
func (w *wsConn) shutdown(code ws.StatusCode, grace time.Duration) {
	w.closing.Store(true)
	_ = w.writeControl(ws.OpClose, ws.NewCloseFrameBody(code, ""))
	if cw, ok := w.nc.(interface{ CloseWrite() error }); ok && cw.CloseWrite() == nil {
		time.AfterFunc(grace, func() { _ = w.nc.Close() })
		return
	}
	_ = w.nc.Close()
}

// CloseNow closes the connection at once, unless shutdown already runs. It
// does not wait for writeMu: a writer stuck on a client that reads nothing
// holds it for up to the write timeout, and closing the socket is what ends
// that write.
func (w *wsConn) CloseNow() {
	if !w.closing.Load() {
		_ = w.nc.Close()
	}
}
