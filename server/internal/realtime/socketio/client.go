package socketio

import (
	"encoding/json"
	"errors"
	"maps"
	"net/url"
	"slices"
	"time"

	"sync"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// inboxSize bounds the events of one connection waiting for its worker; a
// full inbox applies back-pressure to that connection's reader only.
const inboxSize = 64

// client is the Socket.IO state of one Engine.IO session.
type client struct {
	srv   *Server
	conn  *engineio.Conn
	proto uint8 // Socket.IO protocol: 4 (EIO3) or 5 (EIO4); a byte, packed with closed

	closed       bool // guarded by mu
	mu           sync.Mutex
	sockets      []*Socket // one per namespace joined: nearly always one, which a map would cost 200 bytes for
	connectTimer *time.Timer

	// reassembly state, touched only by onMessage (serialized by engineio)
	pending *packet
	buffers [][]byte

	// The handlers waiting for the worker. A slice under a lock rather than
	// a buffered channel: an idle connection then holds no inbox at all.
	qmu     sync.Mutex
	inbox   []func()
	room    chan struct{} // closed when the inbox has room again; made by a waiting enqueue
	working bool          // a worker goroutine runs (see enqueue)
	quit    bool          // the connection closed: enqueue drops handlers
}

func newClient(srv *Server, conn *engineio.Conn) *client {
	c := &client{srv: srv, conn: conn, proto: 5}
	if conn.Protocol() == 3 {
		c.proto = 4
	}
	conn.OnMessage(c.onMessage)
	conn.OnClose(c.onClose)
	if c.proto == 4 {
		// v2 clients are connected to "/" implicitly.
		c.enqueue(func() { c.connectNamespace("/", nil, "") })
	} else {
		c.mu.Lock()
		c.connectTimer = time.AfterFunc(srv.opts.ConnectTimeout, func() {
			c.mu.Lock()
			idle := len(c.sockets) == 0
			c.mu.Unlock()
			if idle {
				_ = conn.Close()
			}
		})
		c.mu.Unlock()
	}
	return c
}

// work runs the connection's handlers one at a time until the inbox is
// empty. Workers start on demand, so an idle connection holds no goroutine
// (and no stack grown by earlier handlers) for its handlers.
func (c *client) work() {
	for {
		c.qmu.Lock()
		if len(c.inbox) == 0 {
			c.inbox = nil
			c.working = false
			c.qmu.Unlock()
			return
		}
		f := c.inbox[0]
		c.inbox[0] = nil
		c.inbox = c.inbox[1:]
		c.wakeLocked()
		c.qmu.Unlock()
		c.run(f)
	}
}

// wakeLocked releases the enqueues waiting for room.
func (c *client) wakeLocked() {
	if c.room != nil {
		close(c.room)
		c.room = nil
	}
}

// run calls f; a panicking handler closes this connection only.
func (c *client) run(f func()) {
	defer func() {
		if recover() != nil {
			c.conn.Abort("server error")
		}
	}()
	f()
}

// enqueue hands f to the worker, starting one when none runs; after close
// it is dropped. Handlers queued before the close still run. A full inbox
// (inboxSize handlers) blocks the caller, the connection's reader, until
// the worker catches up or the connection closes.
func (c *client) enqueue(f func()) {
	c.qmu.Lock()
	for len(c.inbox) >= inboxSize && !c.quit {
		if c.room == nil {
			c.room = make(chan struct{})
		}
		room := c.room
		c.qmu.Unlock()
		<-room
		c.qmu.Lock()
	}
	if c.quit {
		c.qmu.Unlock()
		return
	}
	c.inbox = append(c.inbox, f)
	start := !c.working
	c.working = true
	c.qmu.Unlock()
	if start {
		c.srv.wg.Go(c.work)
	}
}

// send queues an encoded packet and its attachments contiguously.
func (c *client) send(p *EncodedPacket) error {
	if len(p.Attachments) == 0 {
		return c.conn.Send(engineio.Message{Data: p.Text, Framed: p.framed})
	}
	msgs := make([]engineio.Message, 0, 1+len(p.Attachments))
	msgs = append(msgs, engineio.Message{Data: p.Text, Framed: p.framed})
	for _, a := range p.Attachments {
		msgs = append(msgs, engineio.Message{Binary: true, Data: a})
	}
	return c.conn.Send(msgs...)
}

func (c *client) socket(nsp string) *Socket {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := c.socketIndexLocked(nsp); i >= 0 {
		return c.sockets[i]
	}
	return nil
}

// socketIndexLocked returns the index in c.sockets of the socket in
// namespace nsp, or -1.
func (c *client) socketIndexLocked(nsp string) int {
	return slices.IndexFunc(c.sockets, func(s *Socket) bool { return s.nsp.name == nsp })
}

func (c *client) removeSocket(s *Socket) {
	c.mu.Lock()
	if i := slices.Index(c.sockets, s); i >= 0 {
		c.sockets = slices.Delete(c.sockets, i, i+1)
	}
	c.mu.Unlock()
}

// onMessage decodes Engine.IO messages into Socket.IO packets, reassembling
// binary packets; any protocol violation closes the connection.
func (c *client) onMessage(m engineio.Message) {
	if c.pending != nil {
		if !m.Binary {
			c.conn.Abort("parse error")
			return
		}
		c.buffers = append(c.buffers, m.Data)
		if len(c.buffers) == c.pending.Attachments {
			p, bufs := *c.pending, c.buffers
			c.pending, c.buffers = nil, nil
			c.onPacket(p, bufs)
		}
		return
	}
	if m.Binary {
		c.conn.Abort("parse error")
		return
	}
	p, err := decodePacket(m.Data, c.srv.opts.MaxAttachments)
	if err != nil {
		c.conn.Abort("parse error")
		return
	}
	if p.Attachments > 0 {
		c.pending = &p
		return
	}
	c.onPacket(p, nil)
}

func (c *client) onPacket(p packet, atts [][]byte) {
	if c.srv.draining.Load() && (p.Type == PacketConnect || p.Type == PacketEvent || p.Type == PacketBinaryEvent) {
		return // shutting down (see Server.Close): the client sends it again after reconnecting
	}
	switch p.Type {
	case PacketConnect:
		var auth map[string]any
		if p.Data != nil && json.Unmarshal(p.Data, &auth) != nil {
			c.conn.Abort("parse error")
			return
		}
		if c.proto == 4 && p.Namespace == "/" {
			return // already connected implicitly
		}
		c.enqueue(func() { c.connectNamespace(p.Namespace, auth, p.Query) })
	case PacketDisconnect:
		c.enqueue(func() {
			if s := c.socket(p.Namespace); s != nil && s.markDisconnected() {
				c.removeSocket(s)
				c.fireDisconnect(s, "client namespace disconnect")
			}
		})
	case PacketEvent, PacketBinaryEvent:
		args, err := decodeArgs(p.Data, atts)
		if err != nil {
			c.conn.Abort("parse error")
			return
		}
		event, _ := args[0].(string)
		c.enqueue(func() {
			if s := c.socket(p.Namespace); s != nil {
				s.dispatch(event, args[1:], p.HasID, p.ID)
			}
		})
	case PacketAck, PacketBinaryAck:
		args, err := decodeArgs(p.Data, atts)
		if err != nil {
			c.conn.Abort("parse error")
			return
		}
		if s := c.socket(p.Namespace); s != nil {
			s.resolveAck(p.ID, args)
		}
	}
}

// connectNamespace runs on the worker: middlewares, registration, the
// CONNECT answer and the connection handlers.
func (c *client) connectNamespace(name string, auth map[string]any, query string) {
	nsp := c.srv.namespace(name)
	if nsp == nil {
		c.sendConnectError(name, &ConnectError{Message: "Invalid namespace"})
		return
	}
	if c.socket(name) != nil {
		return
	}
	id := engineio.NewID()
	if c.proto == 4 {
		id = c.conn.ID()
		if name != "/" {
			id = name + "#" + id
		}
	}
	s := newSocket(id, nsp, c, c.handshake(auth, query))
	middlewares, handlers := nsp.handlers()
	for _, mw := range middlewares {
		if err := mw(s, auth); err != nil {
			c.sendConnectError(name, err)
			return
		}
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	s.connected = true
	if i := c.socketIndexLocked(name); i >= 0 {
		c.sockets[i] = s
	} else {
		c.sockets = append(c.sockets, s)
	}
	nsp.add(s)
	if c.connectTimer != nil {
		c.connectTimer.Stop()
		c.connectTimer = nil // its memory, for the life of the connection
	}
	c.mu.Unlock()
	ack := packet{Type: PacketConnect, Namespace: name}
	if c.proto == 5 {
		ack.Data, _ = json.Marshal(map[string]string{"sid": id})
	}
	_ = c.conn.Send(engineio.Message{Data: encodePacket(ack)})
	for _, h := range handlers {
		h(s)
	}
}

// sendConnectError answers a refused CONNECT in the client's protocol.
func (c *client) sendConnectError(nsp string, err error) {
	var ce *ConnectError
	if !errors.As(err, &ce) {
		ce = &ConnectError{Message: err.Error()}
	}
	var data []byte
	switch {
	case c.proto == 5:
		body := map[string]any{"message": ce.Message}
		if ce.Data != nil {
			body["data"] = ce.Data
		}
		data, _ = json.Marshal(body)
	case ce.Data != nil:
		data, _ = json.Marshal(ce.Data)
	default:
		data, _ = json.Marshal(ce.Message)
	}
	if data == nil {
		data, _ = json.Marshal(ce.Message)
	}
	_ = c.conn.Send(engineio.Message{Data: encodePacket(packet{Type: PacketConnectError, Namespace: nsp, Data: data})})
}

func (c *client) handshake(auth map[string]any, nspQuery string) *Handshake {
	r := c.conn.Request()
	q := maps.Clone(r.URL.Query())
	if nspQuery != "" {
		if extra, err := url.ParseQuery(nspQuery); err == nil {
			for k, v := range extra {
				q[k] = v
			}
		}
	}
	return &Handshake{
		Header:   r.Header,
		Query:    q,
		Auth:     auth,
		Address:  r.RemoteAddr,
		Secure:   r.TLS != nil,
		Time:     time.Now(),
		EIO:      c.conn.Protocol(),
		Protocol: int(c.proto),
	}
}

// onClose disconnects every socket of the closed connection.
func (c *client) onClose(reason string) {
	c.mu.Lock()
	c.closed = true
	if c.connectTimer != nil {
		c.connectTimer.Stop()
	}
	sockets := c.sockets
	c.sockets = nil
	c.mu.Unlock()
	var gone []*Socket
	for _, s := range sockets {
		if s.markDisconnected() {
			gone = append(gone, s)
		}
	}
	c.runDisconnectHandlers(gone, reason)
	c.qmu.Lock()
	c.quit = true
	c.wakeLocked()
	c.qmu.Unlock()
}

// runDisconnectHandlers queues the OnDisconnect callbacks of sockets.
func (c *client) runDisconnectHandlers(sockets []*Socket, reason string) {
	if len(sockets) == 0 {
		return
	}
	c.enqueue(func() {
		for _, s := range sockets {
			c.fireDisconnect(s, reason)
		}
	})
}

func (c *client) fireDisconnect(s *Socket, reason string) {
	s.mu.Lock()
	fns := s.onDisconnect
	s.onDisconnect = nil
	s.mu.Unlock()
	for _, fn := range fns {
		fn(reason)
	}
}
