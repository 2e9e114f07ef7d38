package engineio

import (
	"bufio"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"
)

// maxCorked bounds the bytes a corked connection holds before writing them
// out anyway; a larger batch simply takes more than one write.
const maxCorked = 64 << 10

// Buffer sizes of a hijacked connection. net/http hands over 4 kB for each
// direction, kept for the life of the connection. Reads are buffered by the
// frameReader below coder/websocket's bufio.Reader, and writes by the cork
// below its bufio.Writer, so both bufio buffers only need to be as small as
// bufio allows: every byte saved is saved per idle connection.
const (
	hijackReadBuffer  = 16
	hijackWriteBuffer = 128
)

// corkPool lends batch buffers, so that an idle connection holds none.
var corkPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// corkConn is the net.Conn under a session's WebSocket. coder/websocket
// flushes its buffered writer after every message, which costs one write
// system call per Engine.IO packet; it offers no way to write several
// messages with one flush. So the write loop corks this connection, hands
// coder/websocket every queued packet (each flush then lands in buf) and
// uncorks it, which writes the whole batch at once. Frames stay whole and
// in order because coder/websocket writes each one under its own lock;
// control frames it writes meanwhile (a pong, a close) join the batch.
type corkConn struct {
	net.Conn
	timeout time.Duration   // bounds every network write (Options.WriteTimeout)
	fr      *frameReader    // the reader under coder/websocket's bufio.Reader
	raw     syscall.RawConn // the socket, for the poller; nil when it is not one (TLS)
	peek    [1]byte         // waitReadable's peek buffer, used by the session's reader only

	mu       sync.Mutex
	corked   bool
	buf      *[]byte   // from corkPool while corked
	deadline time.Time // the write deadline set on Conn
}

// Read reads through the frameReader: coder/websocket resets the bufio.Reader
// it gets from Hijack to read from this connection.
func (c *corkConn) Read(p []byte) (int, error) { return c.fr.Read(p) }

// Write buffers p while corked (up to maxCorked) and writes through otherwise.
func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked && len(*c.buf)+len(p) <= maxCorked {
		*c.buf = append(*c.buf, p...)
		return len(p), nil
	}
	c.armLocked()
	if err := c.flushLocked(); err != nil {
		return 0, err
	}
	return c.Conn.Write(p)
}

// armLocked makes sure a write starting now ends within timeout, moving the
// deadline only when less than half of it is left: setting a deadline costs
// about as much as a small write, so doing it for every batch would double
// the cost of a fan-out.
func (c *corkConn) armLocked() {
	now := time.Now()
	if c.deadline.Sub(now) >= c.timeout/2 {
		return
	}
	c.deadline = now.Add(c.timeout)
	_ = c.Conn.SetWriteDeadline(c.deadline)
}

// cork starts a batch.
func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.buf = corkPool.Get().(*[]byte)
	c.mu.Unlock()
}

// uncork writes the batch.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.armLocked()
	err := c.flushLocked()
	c.corked = false
	if c.buf != nil && cap(*c.buf) <= maxCorked {
		corkPool.Put(c.buf)
	}
	c.buf = nil
	return err
}

func (c *corkConn) flushLocked() error {
	if c.buf == nil || len(*c.buf) == 0 {
		return nil
	}
	_, err := c.Conn.Write(*c.buf)
	*c.buf = (*c.buf)[:0]
	return err
}

// corkingWriter hands coder/websocket's Accept a hijacked connection wrapped
// in a corkConn; everything else is the original ResponseWriter.
type corkingWriter struct {
	http.ResponseWriter
	timeout time.Duration
	conn    *corkConn
}

// WriteHeaderNow forwards to Gin's writer, which only sends the 101 status
// line when asked (coder/websocket calls it when present).
func (w *corkingWriter) WriteHeaderNow() {
	if n, ok := w.ResponseWriter.(interface{ WriteHeaderNow() }); ok {
		n.WriteHeaderNow()
	}
}

// Hijack takes over the connection and routes the buffered writer that
// coder/websocket frames into through the corkConn.
func (w *corkingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		_ = nc.Close()
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: nc, timeout: w.timeout}
	// Smaller buffers (see hijackReadBuffer): received bytes wait in the
	// frameReader, which borrows its buffer only while it holds some; bytes
	// the client sent right after the handshake start it off.
	early, _ := brw.Reader.Peek(brw.Reader.Buffered())
	w.conn.fr = newFrameReader(nc, early)
	if sc, ok := nc.(syscall.Conn); ok {
		if rc, err := sc.SyscallConn(); err == nil {
			w.conn.raw = rc
		}
	}
	r := bufio.NewReaderSize(w.conn.fr, hijackReadBuffer)
	return w.conn, bufio.NewReadWriter(r, bufio.NewWriterSize(w.conn, hijackWriteBuffer)), nil
}
