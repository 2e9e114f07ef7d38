package engineio

import (
	"context"
	"crypto/tls"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Session states.
const (
	stateOpen    = iota // normal operation
	stateClosing        // flush the queue, then close
	stateClosed         // gone
)

// Conn is one Engine.IO session (a "socket" in Node's engine.io). It is safe
// for concurrent use.
type Conn struct {
	srv      *Server
	id       string
	protocol uint8 // 3 or 4 (a byte: it packs with b64)
	b64      bool
	hs       handshakeRequest
	client   string   // the client address the session is bound to and counted for
	bind     [16]byte // binding(client, User-Agent) of the handshake

	// recvMu serializes message and close callbacks.
	recvMu    sync.Mutex
	onMessage func(Message)
	onClose   func(reason string)

	mu          sync.Mutex
	transport   string
	queue       []Packet
	wake        chan struct{}
	state       int
	closeReason string
	upgrading   bool
	polling     bool // a GET is pending
	posting     bool // a POST is being read
	ws          *wsConn
	writing     bool // the queue is with a write worker or a writer goroutine (see kickLocked)
	closeTimer  *time.Timer
	done        chan struct{}

	// Heartbeat state (see heartbeats). hbDue is when the next heartbeat
	// action is due on the wheel's clock: the EIO4 ping, the EIO4 pong
	// deadline while hbAwaitPong, or the EIO3 client-ping deadline. It is
	// written under mu and read by the wheel without it.
	hbDue       atomic.Int64
	hbAwaitPong bool
	// The session's place in the wheel, guarded by the wheel's lock.
	hbPrev, hbNext *Conn
	hbSlot         int32
	hbLinked       bool

	pollKey uint32 // the session's key in srv.poll while registered there; guarded by the poller's lock
}

func newConn(s *Server, r *http.Request, q requestQuery, transport string) *Conn {
	return &Conn{
		srv:       s,
		id:        newSessionID(),
		protocol:  uint8(q.EIO),
		hs:        keepHandshake(r, s.opts.KeepHeaders),
		b64:       q.B64,
		transport: transport,
		done:      make(chan struct{}),
	}
}

// ID returns the session id (sid).
func (c *Conn) ID() string { return c.id }

// Protocol returns the Engine.IO protocol revision, 3 or 4.
func (c *Conn) Protocol() int { return int(c.protocol) }

// handshakeRequest is what a session keeps of its handshake request: the
// parts Request gives back, not the whole request (whose clone costs about
// a kilobyte per connection, for its life). The URL is parsed again from
// requestURI when asked for, which happens once per namespace connect.
type handshakeRequest struct {
	method     string
	proto      string
	header     http.Header
	host       string
	remoteAddr string
	requestURI string
	tls        *tls.ConnectionState
}

// keepHandshake copies what a session keeps of r: the headers named by keep
// (all when keep is nil), copied so that none of the request's buffers stay
// referenced.
func keepHandshake(r *http.Request, keep []string) handshakeRequest {
	h := handshakeRequest{method: r.Method, proto: r.Proto, host: r.Host,
		remoteAddr: r.RemoteAddr, requestURI: r.RequestURI, tls: r.TLS}
	if keep == nil {
		h.header = r.Header.Clone()
	} else {
		for _, k := range keep {
			k = http.CanonicalHeaderKey(k)
			for _, v := range r.Header[k] {
				if h.header == nil {
					h.header = make(http.Header, len(keep))
				}
				h.header[k] = append(h.header[k], strings.Clone(v))
			}
		}
	}
	if h.requestURI == "" && r.URL != nil {
		h.requestURI = r.URL.RequestURI()
	}
	return h
}

// Request returns a copy of the handshake request (method, headers, URL,
// query, host, remote address, TLS state); its body is empty and its
// context ends when the session closes. The headers are shared between
// calls and must not be modified; they are nil when none were kept.
func (c *Conn) Request() *http.Request {
	u, err := url.ParseRequestURI(c.hs.requestURI)
	if err != nil {
		u = &url.URL{} // it was parsed once already, by net/http
	}
	// With no headers kept, Header is nil: reading it works as on an empty
	// map, and callers that keep the request (socketio's Handshake) then
	// hold no map per session.
	r := &http.Request{Method: c.hs.method, URL: u, Proto: c.hs.proto, Header: c.hs.header, Body: http.NoBody,
		Host: c.hs.host, RemoteAddr: c.hs.remoteAddr, RequestURI: c.hs.requestURI, TLS: c.hs.tls}
	r.ProtoMajor, r.ProtoMinor, _ = http.ParseHTTPVersion(c.hs.proto)
	return r.WithContext(sessionContext{c})
}

// sessionContext is the context of a session: done when the session
// closes. It reads the session's done channel instead of being a
// context.WithCancel, which would cost every connection a cancelCtx and a
// cancel function for its whole life.
type sessionContext struct{ c *Conn }

// Deadline reports that a session has none.
func (sessionContext) Deadline() (time.Time, bool) { return time.Time{}, false }

// Done is closed when the session closes.
func (s sessionContext) Done() <-chan struct{} { return s.c.done }

// Err is context.Canceled once the session closed.
func (s sessionContext) Err() error {
	select {
	case <-s.c.done:
		return context.Canceled
	default:
		return nil
	}
}

// Value holds nothing.
func (sessionContext) Value(any) any { return nil }

// Transport returns the current transport name.
func (c *Conn) Transport() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.transport
}

// Done returns a channel closed when the session is closed.
func (c *Conn) Done() <-chan struct{} { return c.done }

// CloseReason returns why the session closed, or "" while it is open.
func (c *Conn) CloseReason() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closeReason
}

// OnMessage sets the function receiving client messages. Calls are
// serialized; a panic in fn closes the session.
func (c *Conn) OnMessage(fn func(Message)) {
	c.recvMu.Lock()
	c.onMessage = fn
	c.recvMu.Unlock()
}

// OnClose sets the function called once, from its own goroutine, after the
// session closed, with a reason such as "transport close", "ping timeout",
// "transport error", "parse error", "slow consumer" or "forced close".
func (c *Conn) OnClose(fn func(reason string)) {
	c.recvMu.Lock()
	c.onClose = fn
	c.recvMu.Unlock()
}

// Send queues messages for delivery, in order and contiguously, without
// blocking. It returns ErrClosed after close and ErrSlowConsumer (closing the
// session) when the queue would exceed Options.MaxQueuedPackets.
func (c *Conn) Send(msgs ...Message) error {
	if len(msgs) == 1 { // the common case, without allocating
		return c.enqueue(messagePacket(msgs[0]))
	}
	pkts := make([]Packet, len(msgs))
	for i, m := range msgs {
		pkts[i] = messagePacket(m)
	}
	return c.enqueue(pkts...)
}

// messagePacket wraps m in a message packet, keeping its framed form only
// when it is the text packet of Data.
func messagePacket(m Message) Packet {
	p := Packet{Type: PacketMessage, Data: m.Data, Binary: m.Binary}
	if !m.Binary && len(m.Framed) == len(m.Data)+1 && m.Framed[0] == '0'+byte(PacketMessage) {
		p.framed = m.Framed
	}
	return p
}

func (c *Conn) enqueue(pkts ...Packet) error {
	c.mu.Lock()
	if c.state != stateOpen {
		c.mu.Unlock()
		return ErrClosed
	}
	if !c.appendLocked(pkts...) {
		c.mu.Unlock()
		c.closeNow("slow consumer")
		return ErrSlowConsumer
	}
	c.mu.Unlock()
	return nil
}

// appendLocked queues pkts and wakes the transport, or reports false when
// they would overflow the queue (the caller then closes the session as a
// slow consumer). The session is open and mu is held.
func (c *Conn) appendLocked(pkts ...Packet) bool {
	if len(c.queue)+len(pkts) > c.srv.opts.MaxQueuedPackets {
		return false
	}
	c.queue = append(c.queue, pkts...)
	c.signalLocked()
	c.kickLocked()
	return true
}

// signalLocked wakes whoever waits for queue or state changes.
func (c *Conn) signalLocked() {
	if c.wake != nil {
		close(c.wake)
		c.wake = nil
	}
}

// waitChLocked returns a channel closed at the next signal.
func (c *Conn) waitChLocked() chan struct{} {
	if c.wake == nil {
		c.wake = make(chan struct{})
	}
	return c.wake
}

// Close closes the session gracefully: queued packets are flushed first
// (bounded by Options.CloseTimeout), then the transport is closed.
func (c *Conn) Close() error {
	c.mu.Lock()
	if c.state != stateOpen {
		c.mu.Unlock()
		return nil
	}
	c.state = stateClosing
	c.closeTimer = time.AfterFunc(c.srv.opts.CloseTimeout, func() { c.closeNow("forced close") })
	c.signalLocked()
	c.kickLocked()
	c.mu.Unlock()
	return nil
}

// closeNow closes the session at once and schedules the close callback.
func (c *Conn) closeNow(reason string) {
	c.mu.Lock()
	if c.state == stateClosed {
		c.mu.Unlock()
		return
	}
	c.state = stateClosed
	c.closeReason = reason
	// Count the close callback as running before the session leaves the
	// server's table, so a Server.Close that no longer sees this session
	// still waits for its callback.
	c.srv.wg.Add()
	if c.closeTimer != nil {
		c.closeTimer.Stop()
	}
	c.srv.hb.remove(c)
	c.queue = nil
	ws := c.ws
	c.signalLocked()
	close(c.done)
	c.mu.Unlock()
	c.srv.poll.forget(c)
	c.srv.remove(c)
	if ws != nil {
		ws.CloseNow()
	}
	go func() {
		defer c.srv.wg.Done()
		c.recvMu.Lock()
		fn := c.onClose
		c.onMessage = nil
		c.recvMu.Unlock()
		if fn != nil {
			defer func() { _ = recover() }()
			fn(reason)
		}
	}()
}

// startHeartbeat puts the session on the server's heartbeat wheel: EIO4
// servers ping after PingInterval; EIO3 clients must ping within
// PingInterval + PingTimeout.
func (c *Conn) startHeartbeat() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state != stateOpen {
		return
	}
	d := c.srv.opts.PingInterval
	if c.protocol == 3 {
		d += c.srv.opts.PingTimeout
	}
	c.hbDue.Store(c.srv.hb.after(d))
	c.srv.hb.schedule(c)
}

// heartbeatDue is called by the wheel, without its lock, when the
// session's heartbeat time has come: an EIO4 session gets its ping and a
// pong deadline; a missed pong or EIO3 client ping closes the session. It
// never closes on the wheel's goroutine, because closing waits for a
// writer that may be stuck on a slow client for WriteTimeout.
func (c *Conn) heartbeatDue(now int64) {
	c.mu.Lock()
	if c.state != stateOpen {
		c.mu.Unlock()
		return
	}
	if c.hbDue.Load() > now { // a packet moved the deadline after the wheel looked
		c.srv.hb.schedule(c)
		c.mu.Unlock()
		return
	}
	if c.protocol == 3 || c.hbAwaitPong {
		c.mu.Unlock()
		// Not on the wheel's goroutine: closing may wait for a writer.
		go c.closeNow("ping timeout")
		return
	}
	c.hbAwaitPong = true
	// The pong deadline counts from now, not from when the wheel looked:
	// the sessions before this one in the batch took some time.
	c.hbDue.Store(c.srv.hb.now() + int64(c.srv.opts.PingTimeout))
	c.srv.hb.schedule(c)
	if !c.appendLocked(Packet{Type: PacketPing}) {
		c.mu.Unlock()
		go c.closeNow("slow consumer") // as enqueue would, but off the wheel's goroutine
		return
	}
	c.mu.Unlock()
}

// onPacket handles one packet received over any transport.
func (c *Conn) onPacket(p Packet) {
	c.mu.Lock()
	if c.state == stateClosed {
		c.mu.Unlock()
		return
	}
	if c.protocol == 3 { // any packet counts as a heartbeat (the wheel moves it lazily)
		c.hbDue.Store(c.srv.hb.after(c.srv.opts.PingInterval + c.srv.opts.PingTimeout))
	}
	c.mu.Unlock()
	switch p.Type {
	case PacketMessage:
		c.deliver(Message{Binary: p.Binary, Data: p.Data})
	case PacketPing:
		if c.protocol != 3 {
			c.closeNow("transport error") // invalid heartbeat direction
			return
		}
		_ = c.enqueue(Packet{Type: PacketPong, Data: p.Data})
	case PacketPong:
		if c.protocol == 3 {
			c.closeNow("transport error")
			return
		}
		c.mu.Lock()
		if c.hbAwaitPong {
			c.hbAwaitPong = false
			due := c.srv.hb.after(c.srv.opts.PingInterval)
			earlier := due < c.hbDue.Load()
			c.hbDue.Store(due)
			if earlier && c.state == stateOpen {
				// The wheel only finds later deadlines by itself (the pong
				// deadline's slot comes first); an earlier one is moved now.
				c.srv.hb.schedule(c)
			}
		}
		c.mu.Unlock()
	case PacketClose:
		c.closeNow("transport close")
	}
}

// deliver hands a message to the OnMessage callback.
func (c *Conn) deliver(m Message) {
	c.recvMu.Lock()
	defer c.recvMu.Unlock()
	fn := c.onMessage
	if fn == nil {
		return
	}
	select {
	case <-c.done:
		return
	default:
	}
	defer func() {
		if recover() != nil {
			c.closeNow("parse error")
		}
	}()
	fn(m)
}

// takeLocked removes and returns the queued packets.
func (c *Conn) takeLocked() []Packet {
	q := c.queue
	c.queue = nil
	return q
}

// Abort closes the session at once, dropping queued packets; reason is passed
// to the close callback (for example "parse error").
func (c *Conn) Abort(reason string) { c.closeNow(reason) }
