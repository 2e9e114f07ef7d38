package socketio

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// ErrDisconnected is returned when emitting on, or awaiting an ack from, a
// socket that is disconnected.
var ErrDisconnected = errors.New("socketio: socket disconnected")

// ErrReservedEvent is returned when emitting a reserved event name such as
// "connect" or "disconnect".
var ErrReservedEvent = errors.New("socketio: reserved event name")

// EventHandler handles an event; ack is nil when the client did not ask for
// an acknowledgement, and sends the ACK at most once otherwise.
type EventHandler func(s *Socket, args []any, ack func(args ...any))

// Handshake describes the connection request of a socket.
type Handshake struct {
	// Header holds the HTTP headers of the Engine.IO handshake request that
	// the engine kept (engineio.Options.KeepHeaders); nil when it kept none.
	// It is shared and must not be modified.
	Header http.Header
	// Query holds the handshake query, plus, for protocol 4 clients, the
	// query they attached to the namespace.
	Query url.Values
	// Auth is the protocol 5 CONNECT payload (nil for protocol 4).
	Auth map[string]any
	// Address is the remote address of the handshake request.
	Address string
	// Secure tells whether the handshake came over TLS.
	Secure bool
	// Time is when the socket connected.
	Time time.Time
	// EIO is the Engine.IO revision: 3 (socket.io-client v2) or 4.
	EIO int
	// Protocol is the Socket.IO protocol: 4 (v2 clients) or 5.
	Protocol int
}

// namedHandler is the handler of one event.
type namedHandler struct {
	event string
	h     EventHandler
}

// Socket is one client connected to one namespace.
type Socket struct {
	id     string
	nsp    *Namespace
	client *client
	hs     *Handshake

	mu           sync.Mutex
	connected    bool
	handlers     []namedHandler // a handful per socket: a slice costs less than a map
	onDisconnect []func(reason string)
	acks         map[uint64]chan []any
	nextAck      uint64
	data         any
}

func newSocket(id string, nsp *Namespace, c *client, hs *Handshake) *Socket {
	return &Socket{id: id, nsp: nsp, client: c, hs: hs}
}

// ID returns the socket id (for v2 clients the Engine.IO sid, prefixed by
// "/nsp#" outside the main namespace).
func (s *Socket) ID() string { return s.id }

// Namespace returns the socket's namespace.
func (s *Socket) Namespace() *Namespace { return s.nsp }

// Handshake returns the connection request details.
func (s *Socket) Handshake() *Handshake {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hs
}

// ForgetCredentials drops the CONNECT auth payload and the handshake query
// once a connect middleware has used them: a bearer token then does not
// stay in memory for the socket's life, and an idle socket is about a
// kilobyte and a half smaller. Handshake returns the rest (headers, address,
// times, protocol) as before; a Handshake read earlier is not changed.
func (s *Socket) ForgetCredentials() {
	s.mu.Lock()
	defer s.mu.Unlock()
	hs := *s.hs
	hs.Auth, hs.Query = nil, nil
	s.hs = &hs
}

// Conn returns the underlying Engine.IO session, shared by the client's
// sockets in every namespace.
func (s *Socket) Conn() *engineio.Conn { return s.client.conn }

// Data returns the per-socket user value set by SetData.
func (s *Socket) Data() any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data
}

// SetData stores a per-socket user value, typically the authenticated user.
func (s *Socket) SetData(v any) {
	s.mu.Lock()
	s.data = v
	s.mu.Unlock()
}

// Connected tells whether the socket is still connected.
func (s *Socket) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connected
}

// On sets the handler of an event, replacing any previous one.
func (s *Socket) On(event string, h EventHandler) {
	s.mu.Lock()
	for i := range s.handlers {
		if s.handlers[i].event == event {
			s.handlers[i].h = h
			s.mu.Unlock()
			return
		}
	}
	s.handlers = append(s.handlers, namedHandler{event, h})
	s.mu.Unlock()
}

// OnDisconnect registers a function called once with the reason ("transport
// close", "ping timeout", "client namespace disconnect", "server namespace
// disconnect", ...) after the socket left all its rooms.
func (s *Socket) OnDisconnect(fn func(reason string)) {
	s.mu.Lock()
	s.onDisconnect = append(s.onDisconnect, fn)
	s.mu.Unlock()
}

// Emit sends an event to this socket without waiting.
func (s *Socket) Emit(event string, args ...any) error {
	if reservedEvents[event] {
		return ErrReservedEvent
	}
	if !s.Connected() {
		return ErrDisconnected
	}
	p, err := newEventPacket(s.nsp.name, event, args, 0, false)
	if err != nil {
		return err
	}
	return s.client.send(p)
}

// EmitAppended sends an event with one argument, the JSON that appendArg
// appends to the packet being built (about sizeHint bytes): a large argument
// is written once, in place, instead of being built apart and copied into
// the packet. appendArg must append valid JSON and must not keep dst.
func (s *Socket) EmitAppended(event string, sizeHint int, appendArg func(dst []byte) []byte) error {
	if reservedEvents[event] {
		return ErrReservedEvent
	}
	if !s.Connected() {
		return ErrDisconnected
	}
	p, err := newAppendedEventPacket(s.nsp.name, event, sizeHint, appendArg)
	if err != nil {
		return err
	}
	return s.client.send(p)
}

// EmitWithAck sends an event and waits for the client's acknowledgement.
func (s *Socket) EmitWithAck(ctx context.Context, event string, args ...any) ([]any, error) {
	if reservedEvents[event] {
		return nil, ErrReservedEvent
	}
	s.mu.Lock()
	if !s.connected {
		s.mu.Unlock()
		return nil, ErrDisconnected
	}
	s.nextAck++
	id := s.nextAck
	ch := make(chan []any, 1)
	if s.acks == nil {
		s.acks = map[uint64]chan []any{} // most sockets never wait for an ack
	}
	s.acks[id] = ch
	s.mu.Unlock()
	forget := func() {
		s.mu.Lock()
		delete(s.acks, id)
		s.mu.Unlock()
	}
	p, err := newEventPacket(s.nsp.name, event, args, id, true)
	if err == nil {
		err = s.client.send(p)
	}
	if err != nil {
		forget()
		return nil, err
	}
	select {
	case res, ok := <-ch:
		if !ok {
			return nil, ErrDisconnected
		}
		return res, nil
	case <-ctx.Done():
		forget()
		return nil, ctx.Err()
	}
}

// Join adds the socket to rooms.
func (s *Socket) Join(rooms ...string) {
	if s.Connected() {
		s.nsp.adapter.AddAll(s.id, rooms...)
	}
}

// Leave removes the socket from room.
func (s *Socket) Leave(room string) { s.nsp.adapter.Del(s.id, room) }

// Rooms returns the rooms the socket is in, including its own id.
func (s *Socket) Rooms() []string { return s.nsp.adapter.SocketRooms(s.id) }

// To returns a broadcast operator targeting rooms, excluding this socket.
func (s *Socket) To(rooms ...string) *BroadcastOperator {
	return s.nsp.To(rooms...).Except(s.id)
}

// In is an alias of To.
func (s *Socket) In(rooms ...string) *BroadcastOperator { return s.To(rooms...) }

// Broadcast returns a broadcast operator targeting every other socket of the
// namespace.
func (s *Socket) Broadcast() *BroadcastOperator { return s.nsp.Except(s.id) }

// Disconnect disconnects the socket from its namespace; the underlying
// connection stays open for the client's other namespaces.
func (s *Socket) Disconnect() { s.disconnect(false) }

// DisconnectAll disconnects the socket and closes the underlying connection.
func (s *Socket) DisconnectAll() { s.disconnect(true) }

func (s *Socket) disconnect(closeConn bool) {
	if s.markDisconnected() {
		_ = s.client.conn.Send(engineio.Message{Data: encodePacket(packet{Type: PacketDisconnect, Namespace: s.nsp.name})})
		s.client.removeSocket(s)
		s.client.runDisconnectHandlers([]*Socket{s}, "server namespace disconnect")
	}
	if closeConn {
		_ = s.client.conn.Close()
	}
}

// markDisconnected flips the socket to disconnected, fails pending acks and
// removes it from its namespace and rooms; it reports whether it was
// connected.
func (s *Socket) markDisconnected() bool {
	s.mu.Lock()
	if !s.connected {
		s.mu.Unlock()
		return false
	}
	s.connected = false
	for id, ch := range s.acks {
		close(ch)
		delete(s.acks, id)
	}
	s.mu.Unlock()
	s.nsp.remove(s)
	return true
}

// sendEncoded queues a pre-encoded packet; errors close the connection.
func (s *Socket) sendEncoded(p *EncodedPacket) { _ = s.client.send(p) }

// resolveAck delivers the client's ACK for id.
func (s *Socket) resolveAck(id uint64, args []any) {
	s.mu.Lock()
	ch := s.acks[id]
	delete(s.acks, id)
	s.mu.Unlock()
	if ch != nil {
		ch <- args
	}
}

// dispatch runs the handler of an incoming event on the client's worker.
func (s *Socket) dispatch(event string, args []any, hasID bool, id uint64) {
	s.mu.Lock()
	var h EventHandler
	for _, nh := range s.handlers {
		if nh.event == event {
			h = nh.h
			break
		}
	}
	ok := s.connected
	s.mu.Unlock()
	if h == nil {
		h = s.nsp.handler(event)
	}
	if h == nil || !ok {
		return
	}
	var ack func(...any)
	if hasID {
		var once sync.Once
		ack = func(a ...any) {
			once.Do(func() {
				p, err := newDataPacket(PacketAck, s.nsp.name, a, id, true)
				if err == nil {
					_ = s.client.send(p)
				}
			})
		}
	}
	h(s, args, ack)
}
