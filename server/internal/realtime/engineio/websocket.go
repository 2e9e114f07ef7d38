package engineio

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// maxKeptFrameBuffer bounds the frame buffer a write loop keeps between
// batches: a large packet (an online list) must not stay allocated for the
// whole life of an idle connection.
const maxKeptFrameBuffer = 16 << 10

// acceptWebSocket completes the WebSocket handshake over a corkable
// connection. The Origin has already been checked by ServeHTTP against
// Options.CheckOrigin.
func (s *Server) acceptWebSocket(w http.ResponseWriter, r *http.Request) (*websocket.Conn, *corkConn, error) {
	cw := &corkingWriter{ResponseWriter: w, timeout: s.opts.WriteTimeout}
	ws, err := websocket.Accept(cw, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil, nil, err
	}
	ws.SetReadLimit(s.opts.MaxPayload + 1) // +1 for the EIO3 binary type byte
	return ws, cw.conn, nil
}

// serveWebSocketHandshake opens a session directly over WebSocket. The
// session's reader runs in a goroutine of its own and the handler returns:
// net/http keeps its per-connection state (request, response, 4 kB read and
// write buffers, the handler's stack) alive for as long as a handler runs,
// which for a chat connection is its whole life.
func (s *Server) serveWebSocketHandshake(w http.ResponseWriter, r *http.Request, q requestQuery) {
	ws, cc, err := s.acceptWebSocket(w, r)
	if err != nil {
		return
	}
	s.wg.Add()
	defer s.wg.Done()
	c := s.newConn(r, q, TransportWebSocket)
	if c == nil {
		_ = ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	c.mu.Lock()
	if c.state == stateClosed {
		c.mu.Unlock()
		_ = ws.CloseNow()
		return
	}
	c.ws, c.cork = ws, cc
	c.kickLocked()
	c.mu.Unlock()
	s.goTracked(func() { c.readLoop(ws, cc) })
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
	ws, cc, err := s.acceptWebSocket(w, r)
	if err != nil {
		return
	}
	s.wg.Add()
	defer s.wg.Done()
	if !c.probe(ws, cc) {
		c.mu.Lock()
		if c.ws != ws {
			c.upgrading = false
			c.signalLocked()
		}
		c.mu.Unlock()
		_ = ws.CloseNow()
		return
	}
	s.goTracked(func() { c.readLoop(ws, cc) })
}

// probe runs the upgrade exchange on ws within Options.UpgradeTimeout and
// reports whether the session switched to it.
func (c *Conn) probe(ws *websocket.Conn, cc *corkConn) bool {
	ctx, cancel := context.WithTimeout(c.ctx, c.srv.opts.UpgradeTimeout)
	defer cancel()
	for {
		typ, data, err := ws.Read(ctx)
		if err != nil || typ != websocket.MessageText {
			return false
		}
		switch {
		case bytes.Equal(data, []byte("2probe")):
			c.mu.Lock()
			if c.state != stateOpen || c.upgrading || c.transport != TransportPolling {
				c.mu.Unlock()
				return false
			}
			c.upgrading = true
			c.signalLocked() // a pending GET answers noop
			c.mu.Unlock()
			if err := ws.Write(ctx, websocket.MessageText, []byte("3probe")); err != nil {
				return false
			}
		case bytes.Equal(data, []byte("5")):
			c.mu.Lock()
			if !c.upgrading || c.state == stateClosed {
				c.mu.Unlock()
				return false
			}
			c.upgrading = false
			c.transport = TransportWebSocket
			c.ws, c.cork = ws, cc
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
// hands the socket to the poller and ends (a variable for tests).
var idleHandover = 2 * time.Second

// readLoop reads frames until the WebSocket fails or the session closes.
func (c *Conn) readLoop(ws *websocket.Conn, cc *corkConn) {
	defer func() {
		if recover() != nil {
			c.closeNow("parse error")
		}
	}()
	for {
		// Wait for the network here, not deep inside coder/websocket: an
		// idle connection then keeps a small stack (see waitReadable). The
		// frameReader holds every received byte not read yet, so nothing
		// can be waiting in coder/websocket's buffer meanwhile.
		if !cc.fr.pending() {
			// Nothing to read. A session that stays quiet for idleHandover
			// is handed to the poller, which starts a new reader when the
			// socket is readable, so that an idle session holds no
			// goroutine. A busy one keeps its reader: handing over after
			// every message (a peek, an epoll_ctl and a new goroutine whose
			// stack grows again) cost a fifth of the chat's throughput.
			if cc.raw != nil && !waitReadableFor(cc.Conn, &cc.peek, idleHandover) && c.srv.poll.arm(c, ws, cc) {
				return
			}
			waitReadable(cc.Conn, &cc.peek)
		}
		// No context: closeNow closes ws, which ends the Read, and a
		// cancelable context would keep a registration (context.AfterFunc)
		// alive per idle connection.
		typ, data, err := ws.Read(context.Background())
		if err != nil {
			c.closeNow("transport close")
			return
		}
		var p Packet
		if typ == websocket.MessageBinary {
			if c.protocol == 3 {
				if len(data) == 0 || data[0] != byte(PacketMessage) {
					c.closeNow("parse error")
					return
				}
				data = data[1:]
			}
			p = Packet{Type: PacketMessage, Data: data, Binary: true}
		} else {
			p, err = decodeTextPacket(data)
			if err != nil {
				c.closeNow("parse error")
				return
			}
		}
		c.onPacket(p)
	}
}

// kickLocked starts the session's WebSocket writer when there is something
// to write (or a close to perform) and none runs. The writer exits once the
// queue is empty, so an idle connection costs no goroutine for writing.
func (c *Conn) kickLocked() {
	if c.ws == nil || c.writing || c.state == stateClosed || (len(c.queue) == 0 && c.state != stateClosing) {
		return
	}
	c.writing = true
	ws, cc := c.ws, c.cork
	c.srv.goTracked(func() { c.writeLoop(ws, cc) })
}

// writeLoop writes the queued packets to ws in batches, each with one
// network write (see corkConn), until the queue is empty; it never holds the
// session lock while writing.
func (c *Conn) writeLoop(ws *websocket.Conn, cc *corkConn) {
	var buf []byte
	for {
		c.mu.Lock()
		if c.state == stateClosed || c.ws != ws {
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
			cc.cork()
			for _, p := range pkts {
				typ, data := c.frame(&buf, p)
				// No per-write context: corkConn's deadline bounds the
				// network writes, and a context would cost a timer per packet.
				if err := ws.Write(context.Background(), typ, data); err != nil {
					_ = cc.uncork()
					c.closeNow("transport error")
					return
				}
			}
			if err := cc.uncork(); err != nil {
				c.closeNow("transport error")
				return
			}
			if cap(buf) > maxKeptFrameBuffer {
				buf = nil
			}
			continue
		}
		ctx, cancel := context.WithTimeout(c.ctx, c.srv.opts.WriteTimeout)
		_ = ws.Write(ctx, websocket.MessageText, []byte{'0' + byte(PacketClose)})
		cancel()
		_ = ws.Close(websocket.StatusNormalClosure, "")
		c.closeNow("forced close")
		return
	}
}

// frame returns the WebSocket message type and bytes of p, using *buf for
// text packets (which need their type byte in front).
func (c *Conn) frame(buf *[]byte, p Packet) (websocket.MessageType, []byte) {
	switch {
	case p.Binary && c.protocol == 3:
		*buf = append(append((*buf)[:0], byte(PacketMessage)), p.Data...)
		return websocket.MessageBinary, *buf
	case p.Binary:
		return websocket.MessageBinary, p.Data
	case p.framed != nil:
		return websocket.MessageText, p.framed
	default:
		*buf = appendTextPacket((*buf)[:0], p)
		return websocket.MessageText, *buf
	}
}
