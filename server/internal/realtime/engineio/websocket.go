package engineio

import (
	"bytes"
	"context"
	"net/http"

	"github.com/coder/websocket"
)

// acceptWebSocket completes the WebSocket handshake. The Origin has already
// been checked by ServeHTTP against Options.CheckOrigin.
func (s *Server) acceptWebSocket(w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(s.opts.MaxPayload + 1) // +1 for the EIO3 binary type byte
	return ws, nil
}

// serveWebSocketHandshake opens a session directly over WebSocket.
func (s *Server) serveWebSocketHandshake(w http.ResponseWriter, r *http.Request, q requestQuery) {
	ws, err := s.acceptWebSocket(w, r)
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
	c.ws = ws
	c.mu.Unlock()
	s.goTracked(func() { c.writeLoop(ws) })
	c.readLoop(ws)
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
	ws, err := s.acceptWebSocket(w, r)
	if err != nil {
		return
	}
	s.wg.Add()
	defer s.wg.Done()
	if !c.probe(ws) {
		c.mu.Lock()
		if c.ws != ws {
			c.upgrading = false
			c.signalLocked()
		}
		c.mu.Unlock()
		_ = ws.CloseNow()
		return
	}
	s.goTracked(func() { c.writeLoop(ws) })
	c.readLoop(ws)
}

// probe runs the upgrade exchange on ws within Options.UpgradeTimeout and
// reports whether the session switched to it.
func (c *Conn) probe(ws *websocket.Conn) bool {
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
			c.ws = ws
			c.signalLocked()
			c.mu.Unlock()
			return true
		default:
			// Node ignores anything else before the upgrade packet.
		}
	}
}

// readLoop reads frames until the WebSocket fails or the session closes.
func (c *Conn) readLoop(ws *websocket.Conn) {
	defer func() {
		if recover() != nil {
			c.closeNow("parse error")
		}
	}()
	for {
		typ, data, err := ws.Read(c.ctx)
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

// writeLoop writes queued packets to ws; it never holds the session lock
// while writing.
func (c *Conn) writeLoop(ws *websocket.Conn) {
	var buf []byte
	for {
		c.mu.Lock()
		if c.state == stateClosed || c.ws != ws {
			c.mu.Unlock()
			return
		}
		pkts := c.takeLocked()
		closing := c.state == stateClosing
		var ch chan struct{}
		if len(pkts) == 0 && !closing {
			ch = c.waitChLocked()
		}
		c.mu.Unlock()
		if ch != nil {
			select {
			case <-ch:
			case <-c.done:
				return
			}
			continue
		}
		for _, p := range pkts {
			typ := websocket.MessageText
			buf = buf[:0]
			switch {
			case p.Binary && c.protocol == 3:
				typ = websocket.MessageBinary
				buf = append(append(buf, byte(PacketMessage)), p.Data...)
			case p.Binary:
				typ = websocket.MessageBinary
				buf = append(buf, p.Data...)
			default:
				buf = appendTextPacket(buf, p)
			}
			ctx, cancel := context.WithTimeout(c.ctx, c.srv.opts.WriteTimeout)
			err := ws.Write(ctx, typ, buf)
			cancel()
			if err != nil {
				c.closeNow("transport error")
				return
			}
		}
		if closing && len(pkts) == 0 {
			ctx, cancel := context.WithTimeout(c.ctx, c.srv.opts.WriteTimeout)
			_ = ws.Write(ctx, websocket.MessageText, []byte{'0' + byte(PacketClose)})
			cancel()
			_ = ws.Close(websocket.StatusNormalClosure, "")
			c.closeNow("forced close")
			return
		}
	}
}
