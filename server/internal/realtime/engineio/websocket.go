package engineio

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/gobwas/ws"
)

// acceptWebSocket completes the WebSocket handshake (gobwas/ws checks the
// request and writes the 101 response on the hijacked connection). The
// Origin has already been checked by ServeHTTP against Options.CheckOrigin.
func (s *Server) acceptWebSocket(w http.ResponseWriter, r *http.Request) (*wsConn, error) {
	nc, brw, _, err := ws.HTTPUpgrader{Timeout: s.opts.WriteTimeout}.Upgrade(r, w)
	if err != nil {
		if nc != nil {
			_ = nc.Close()
		}
		return nil, err
	}
	// net/http's 4 kB buffers are dropped here; bytes the client sent right
	// after its handshake are kept.
	early, _ := brw.Reader.Peek(brw.Reader.Buffered())
	return newWSConn(nc, early, s.opts.WriteTimeout, s.opts.MaxPayload+1), nil // +1 for the EIO3 binary type byte
}

// serveWebSocketHandshake opens a session directly over WebSocket. The
// session's reader runs in a goroutine of its own and the handler returns:
// net/http keeps its per-connection state (request, response, 4 kB read and
// write buffers, the handler's stack) alive for as long as a handler runs,
// which for a chat connection is its whole life.
func (s *Server) serveWebSocketHandshake(w http.ResponseWriter, r *http.Request, q requestQuery, addr string) {
	wc, err := s.acceptWebSocket(w, r)
	if err != nil {
		s.release(addr)
		return
	}
	s.wg.Add()
	defer s.wg.Done()
	c := s.newConn(r, q, TransportWebSocket, addr)
	if c == nil {
		s.release(addr)
		wc.shutdown(ws.StatusGoingAway, time.Second)
		return
	}
	c.mu.Lock()
	if c.state == stateClosed {
		c.mu.Unlock()
		wc.CloseNow()
		return
	}
	c.ws = wc
	c.kickLocked()
	c.mu.Unlock()
	s.goTracked(func() { c.readLoop(wc) })
}

// serveUpgrade runs the polling→websocket upgrade of an existing session:
// "2probe" is answered with "3probe", polling is paused (a pending GET gets a
// noop) and "5" switches the session to the WebSocket.
func (s *Server) serveUpgrade(w http.ResponseWriter, r *http.Request, c *Conn) {
	c.mu.Lock()
	ok := c.transport == TransportPolling && !c.upgrading && c.state == stateOpen
	c.mu.Unlock()
	if !ok {
		writeError(w, ErrBadRequest)
		return
	}
	wc, err := s.acceptWebSocket(w, r)
	if err != nil {
		return
	}
	s.wg.Add()
	defer s.wg.Done()
	if !c.probe(wc) {
		c.mu.Lock()
		if c.ws != wc {
			c.upgrading = false
			c.signalLocked()
		}
		c.mu.Unlock()
		wc.CloseNow()
		return
	}
	s.goTracked(func() { c.readLoop(wc) })
}

// probe runs the upgrade exchange on wc within Options.UpgradeTimeout (or
// until the session closes) and reports whether the session switched to it.
func (c *Conn) probe(wc *wsConn) bool {
	_ = wc.nc.SetReadDeadline(time.Now().Add(c.srv.opts.UpgradeTimeout))
	stop := context.AfterFunc(sessionContext{c}, func() { _ = wc.nc.SetReadDeadline(time.Now()) })
	defer func() {
		if stop() {
			_ = wc.nc.SetReadDeadline(time.Time{})
		}
	}()
	for {
		m, err := wc.readMessage()
		if err != nil || m.binary {
			return false
		}
		switch {
		case bytes.Equal(m.data, []byte("2probe")):
			c.mu.Lock()
			if c.state != stateOpen || c.upgrading || c.transport != TransportPolling {
				c.mu.Unlock()
				return false
			}
			c.upgrading = true
			c.signalLocked() // a pending GET answers noop
			c.mu.Unlock()
			if err := wc.writeFrames(appendFrame(nil, ws.OpText, []byte("3probe"))); err != nil {
				return false
			}
		case bytes.Equal(m.data, []byte("5")):
			c.mu.Lock()
			if !c.upgrading || c.state == stateClosed {
				c.mu.Unlock()
				return false
			}
			c.upgrading = false
			c.transport = TransportWebSocket
			c.ws = wc
			c.signalLocked()
			c.kickLocked()
			c.mu.Unlock()
			return true
		default:
			// Node ignores anything else before the upgrade packet.
		}
	}
}

// idleHandover is how long a session's reader waits for bytes before it
// hands the socket to the poller and ends, unless the last thing it read
// was a heartbeat (then it hands over at once). A variable for tests.
var idleHandover = 500 * time.Millisecond

// readLoop reads messages until the WebSocket fails or the session closes.
func (c *Conn) readLoop(wc *wsConn) {
	c.srv.readers.Add(1)
	defer c.srv.readers.Add(-1)
	defer func() {
		if recover() != nil {
			c.closeNow("parse error")
		}
	}()
	// After a heartbeat the reader hands over at once instead of waiting
	// idleHandover: an idle member's only traffic is a pong every
	// PingInterval, and members who connected together ping together, so
	// lingering readers made a wave of thousands of goroutine stacks (5 MB
	// with 5,000 members) every ping interval.
	linger := idleHandover
	for {
		if !wc.buffered() {
			// Nothing to parse: give the read buffer back and wait for the
			// network with a shallow stack. A session that stays quiet for
			// linger (idleHandover, or nothing after a heartbeat) is handed
			// to the poller, which starts a new reader when the socket is
			// readable, so that an idle session holds no goroutine. A busy
			// one keeps its reader: handing over after every message (a
			// peek, an epoll_ctl and a new goroutine whose stack grows
			// again) cost a fifth of the chat's throughput.
			wc.release()
			if wc.raw != nil && !waitReadableFor(wc.nc, wc.raw, &wc.peek, linger) && c.srv.poll.arm(c, wc) {
				return
			}
			waitReadable(wc.raw, &wc.peek)
		}
		m, err := wc.readMessage()
		if err != nil {
			wc.release()
			if errors.Is(err, errProtocol) {
				c.closeNow("parse error")
			} else {
				c.closeNow("transport close")
			}
			return
		}
		var p Packet
		if m.binary {
			data := m.data
			if c.protocol == 3 {
				if len(data) == 0 || data[0] != byte(PacketMessage) {
					c.closeNow("parse error")
					return
				}
				data = data[1:]
			}
			p = Packet{Type: PacketMessage, Data: data, Binary: true}
		} else {
			p, err = decodeTextPacket(m.data)
			if err != nil {
				c.closeNow("parse error")
				return
			}
		}
		linger = idleHandover
		if p.Type == PacketPing || p.Type == PacketPong {
			linger = 0
		}
		c.onPacket(p)
	}
}

// kickLocked arranges for the session's queue to be written when there is
// something to write (or a close to perform) and no writer has it yet: an
// open session over a socket goes to the server's write workers (see
// writers.go); a closing one, or one over TLS, gets a writer goroutine. Either
// stops once the queue is empty, so an idle connection costs no goroutine for
// writing.
func (c *Conn) kickLocked() {
	if c.ws == nil || c.writing || c.state == stateClosed || (len(c.queue) == 0 && c.state != stateClosing) {
		return
	}
	c.writing = true
	wc := c.ws
	if c.state == stateOpen && wc.raw != nil {
		c.srv.writers.add(c)
		return
	}
	c.srv.goTracked(func() { c.writeLoop(wc) })
}

// flush writes the queue for a write worker without waiting: all of it with
// one non-blocking write, or what the socket takes now, leaving the rest to a
// writer goroutine of the session's own.
func (c *Conn) flush() {
	c.mu.Lock()
	wc := c.ws
	if c.state == stateClosed || wc == nil {
		c.writing = false
		c.mu.Unlock()
		return
	}
	if c.state != stateOpen { // Close ran meanwhile: the writer flushes, then closes
		c.mu.Unlock()
		c.srv.goTracked(func() { c.writeLoop(wc) })
		return
	}
	pkts := c.takeLocked()
	if len(pkts) == 0 {
		c.writing = false
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	bp := c.frameBatch(pkts)
	b := *bp
	if !wc.writeMu.TryLock() {
		// The reader is writing a control frame (a pong, a close), which may
		// wait for the client: wait for it in a goroutine, not here.
		c.srv.goTracked(func() {
			wc.writeMu.Lock()
			c.finishWrite(wc, bp, 0)
		})
		return
	}
	n, err := wc.tryWriteLocked(b)
	if err == nil && n < len(b) {
		// The client's receive window is full. The goroutine takes over the
		// locked writeMu, so that nothing else is written into the middle of
		// this batch's frames.
		c.srv.goTracked(func() { c.finishWrite(wc, bp, n) })
		return
	}
	wc.writeMu.Unlock()
	putBatch(bp)
	if err != nil {
		// Not here: closing takes writeMu, which the reader may hold while
		// it waits for this client, and a worker never waits for a client.
		c.srv.goTracked(func() { c.closeNow("transport error") })
		return
	}
	c.mu.Lock()
	if c.state == stateOpen && c.ws == wc && len(c.queue) > 0 {
		c.mu.Unlock()
		c.srv.writers.add(c) // queued while writing: back of the list, still ours
		return
	}
	c.writing = false
	c.kickLocked() // Close ran meanwhile
	c.mu.Unlock()
}

// finishWrite writes the rest of a batch, from n on, waiting as long as the
// write deadline allows; it is called holding wc.writeMu, which it releases.
// The goroutine then goes on as the session's writer.
func (c *Conn) finishWrite(wc *wsConn, bp *[]byte, n int) {
	err := wc.writeLocked((*bp)[n:])
	wc.writeMu.Unlock()
	putBatch(bp)
	if err != nil {
		c.closeNow("transport error")
		return
	}
	c.writeLoop(wc)
}

// writeLoop writes the queued packets to wc in batches, each with one
// network write, until the queue is empty; it never holds the session lock
// while writing.
func (c *Conn) writeLoop(wc *wsConn) {
	for {
		c.mu.Lock()
		if c.state == stateClosed || c.ws != wc {
			c.mu.Unlock()
			return
		}
		pkts := c.takeLocked()
		closing := c.state == stateClosing
		if len(pkts) == 0 && !closing {
			c.writing = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		if len(pkts) > 0 {
			bp := c.frameBatch(pkts)
			err := wc.writeFrames(*bp)
			putBatch(bp)
			if err != nil {
				c.closeNow("transport error")
				return
			}
			continue
		}
		_ = wc.writeFrames(appendFrame(nil, ws.OpText, []byte{'0' + byte(PacketClose)}))
		if !c.srv.draining.Load() {
			wc.shutdown(ws.StatusNormalClosure, c.srv.opts.CloseTimeout)
			c.closeNow("forced close")
			return
		}
		// The server shuts down: "going away" (the client connects again,
		// elsewhere), and Server.Close waits for the client's side to end.
		wc.shutdown(ws.StatusGoingAway, c.srv.opts.CloseTimeout)
		c.closeNow("forced close")
		wc.awaitPeerClose()
		return
	}
}

// frameBatch frames pkts, one WebSocket frame each, into a buffer from
// wsBatchPool; the caller returns it with putBatch once written.
func (c *Conn) frameBatch(pkts []Packet) *[]byte {
	bp := wsBatchPool.Get().(*[]byte)
	b := (*bp)[:0]
	for _, p := range pkts {
		b = c.appendPacketFrame(b, p)
	}
	*bp = b
	return bp
}

// appendPacketFrame appends p as one WebSocket frame to b.
func (c *Conn) appendPacketFrame(b []byte, p Packet) []byte {
	switch {
	case p.Binary && c.protocol == 3:
		return appendFrameParts(b, ws.OpBinary, []byte{byte(PacketMessage)}, p.Data)
	case p.Binary:
		return appendFrame(b, ws.OpBinary, p.Data)
	case p.framed != nil:
		return appendFrame(b, ws.OpText, p.framed)
	default:
		return appendFrameParts(b, ws.OpText, []byte{'0' + byte(p.Type)}, p.Data)
	}
}
