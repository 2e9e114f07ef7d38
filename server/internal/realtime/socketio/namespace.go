package socketio

import (
	"slices"
	"sync"
	"sync/atomic"
)

// ConnectFunc authorizes a socket connecting to a namespace; auth is the
// protocol 5 CONNECT payload (nil for v2 clients, which pass credentials in
// the query). Returning an error refuses the connection with CONNECT_ERROR;
// use *ConnectError to send data along with the message.
type ConnectFunc func(s *Socket, auth map[string]any) error

// ConnectError refuses a connection with a message and optional data, sent
// as {"message":...,"data":...} (protocol 5) or as the data, or else the
// message, of an ERROR packet (protocol 4).
type ConnectError struct {
	// Message is the error message shown by the client's connect_error.
	Message string
	// Data is optional JSON-serializable detail.
	Data any
}

// Error returns the message.
func (e *ConnectError) Error() string { return e.Message }

// Namespace is a Socket.IO namespace: its middlewares, connection handlers,
// local sockets and adapter.
type Namespace struct {
	name    string
	srv     *Server
	adapter Adapter

	mu          sync.RWMutex
	middlewares []ConnectFunc
	onConn      []func(*Socket)
	sockets     map[string]*Socket

	events atomic.Pointer[[]namedHandler] // Namespace.On's handlers, copied on write
}

func newNamespace(srv *Server, name string) *Namespace {
	n := &Namespace{name: name, srv: srv, sockets: map[string]*Socket{}}
	factory := srv.opts.Adapter
	if factory == nil {
		factory = NewMemoryAdapter
	}
	n.adapter = factory(n)
	return n
}

// Name returns the namespace name, such as "/" or "/admin".
func (n *Namespace) Name() string { return n.name }

// Adapter returns the namespace's adapter.
func (n *Namespace) Adapter() Adapter { return n.adapter }

// Use appends a connect middleware; middlewares run in order and the first
// error refuses the connection.
func (n *Namespace) Use(fn ConnectFunc) {
	n.mu.Lock()
	n.middlewares = append(n.middlewares, fn)
	n.mu.Unlock()
}

// On registers h for event on every socket of the namespace, present and
// future; a handler the socket registered itself (Socket.On) takes
// precedence. One handler serves all the sockets, where Socket.On keeps one
// per socket for its whole life.
func (n *Namespace) On(event string, h EventHandler) {
	n.mu.Lock()
	defer n.mu.Unlock()
	var hs []namedHandler
	if old := n.events.Load(); old != nil {
		hs = append(hs, *old...)
	}
	for i := range hs {
		if hs[i].event == event {
			hs[i].h = h
			n.events.Store(&hs)
			return
		}
	}
	hs = append(hs, namedHandler{event, h})
	n.events.Store(&hs)
}

// handler returns the namespace's handler for event, or nil.
func (n *Namespace) handler(event string) EventHandler {
	if hs := n.events.Load(); hs != nil {
		for _, nh := range *hs {
			if nh.event == event {
				return nh.h
			}
		}
	}
	return nil
}

// OnConnection registers a handler called for every socket that connected.
func (n *Namespace) OnConnection(fn func(*Socket)) {
	n.mu.Lock()
	n.onConn = append(n.onConn, fn)
	n.mu.Unlock()
}

// Socket returns the local socket with the given id, or nil.
func (n *Namespace) Socket(id string) *Socket {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.sockets[id]
}

// Sockets returns the local sockets of the namespace.
func (n *Namespace) Sockets() []*Socket {
	n.mu.RLock()
	defer n.mu.RUnlock()
	out := make([]*Socket, 0, len(n.sockets))
	for _, s := range n.sockets {
		out = append(out, s)
	}
	return out
}

// SocketsIn returns the local sockets in any of rooms.
func (n *Namespace) SocketsIn(rooms ...string) []*Socket {
	var out []*Socket
	for _, id := range n.adapter.LocalSockets(BroadcastOptions{Rooms: rooms}) {
		if s := n.Socket(id); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// To returns a broadcast operator targeting rooms (on every node).
func (n *Namespace) To(rooms ...string) *BroadcastOperator {
	return (&BroadcastOperator{nsp: n}).To(rooms...)
}

// In is an alias of To.
func (n *Namespace) In(rooms ...string) *BroadcastOperator { return n.To(rooms...) }

// Except returns a broadcast operator targeting every socket not in rooms.
func (n *Namespace) Except(rooms ...string) *BroadcastOperator {
	return (&BroadcastOperator{nsp: n}).Except(rooms...)
}

// Local returns a broadcast operator limited to this node.
func (n *Namespace) Local() *BroadcastOperator { return (&BroadcastOperator{nsp: n}).Local() }

// Emit broadcasts an event to every socket of the namespace on every node.
func (n *Namespace) Emit(event string, args ...any) error {
	return (&BroadcastOperator{nsp: n}).Emit(event, args...)
}

func (n *Namespace) add(s *Socket) {
	n.mu.Lock()
	n.sockets[s.id] = s
	n.mu.Unlock()
	n.adapter.AddAll(s.id, s.id)
}

func (n *Namespace) remove(s *Socket) {
	n.mu.Lock()
	if n.sockets[s.id] == s {
		delete(n.sockets, s.id)
	}
	n.mu.Unlock()
	n.adapter.DelAll(s.id)
}

func (n *Namespace) handlers() ([]ConnectFunc, []func(*Socket)) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return slices.Clone(n.middlewares), slices.Clone(n.onConn)
}

// BroadcastOperator selects sockets of a namespace, on every node, for a
// broadcast or a server-side room operation. Methods return a new operator.
type BroadcastOperator struct {
	nsp  *Namespace
	opts BroadcastOptions
}

func (b *BroadcastOperator) clone() *BroadcastOperator {
	c := *b
	c.opts.Rooms = slices.Clone(b.opts.Rooms)
	c.opts.Except = slices.Clone(b.opts.Except)
	return &c
}

// To adds rooms to the target (sockets in any of the rooms).
func (b *BroadcastOperator) To(rooms ...string) *BroadcastOperator {
	c := b.clone()
	c.opts.Rooms = append(c.opts.Rooms, rooms...)
	return c
}

// In is an alias of To.
func (b *BroadcastOperator) In(rooms ...string) *BroadcastOperator { return b.To(rooms...) }

// Except excludes sockets in any of rooms.
func (b *BroadcastOperator) Except(rooms ...string) *BroadcastOperator {
	c := b.clone()
	c.opts.Except = append(c.opts.Except, rooms...)
	return c
}

// Local limits the operation to this node.
func (b *BroadcastOperator) Local() *BroadcastOperator {
	c := b.clone()
	c.opts.Local = true
	return c
}

// Emit sends an event to the selected sockets. The packet is encoded once;
// sending never blocks on a slow client.
func (b *BroadcastOperator) Emit(event string, args ...any) error {
	if reservedEvents[event] {
		return ErrReservedEvent
	}
	p, err := newEventPacket(b.nsp.name, event, args, 0, false)
	if err != nil {
		return err
	}
	return b.nsp.adapter.Broadcast(p, b.opts)
}

// SocketsJoin makes the selected sockets join rooms.
func (b *BroadcastOperator) SocketsJoin(rooms ...string) error {
	return b.nsp.adapter.SocketsJoin(b.opts, rooms...)
}

// SocketsLeave makes the selected sockets leave rooms.
func (b *BroadcastOperator) SocketsLeave(rooms ...string) error {
	return b.nsp.adapter.SocketsLeave(b.opts, rooms...)
}

// DisconnectSockets disconnects the selected sockets, closing their
// underlying connection when closeConn is true.
func (b *BroadcastOperator) DisconnectSockets(closeConn bool) error {
	return b.nsp.adapter.DisconnectSockets(b.opts, closeConn)
}

// LocalSockets returns the selected sockets of this node.
func (b *BroadcastOperator) LocalSockets() []*Socket {
	var out []*Socket
	for _, id := range b.nsp.adapter.LocalSockets(b.opts) {
		if s := b.nsp.Socket(id); s != nil {
			out = append(out, s)
		}
	}
	return out
}
