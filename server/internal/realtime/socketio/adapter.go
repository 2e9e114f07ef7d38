package socketio

import (
	"iter"
	"slices"
	"sync"
)

// BroadcastOptions selects the sockets of a namespace a broadcast or a
// server-side operation applies to.
type BroadcastOptions struct {
	// Rooms limits the target to sockets in any of these rooms; empty means
	// every socket of the namespace.
	Rooms []string `json:"rooms,omitempty"`
	// Except removes sockets in any of these rooms.
	Except []string `json:"except,omitempty"`
	// Local restricts the operation to this node.
	Local bool `json:"local,omitempty"`
}

// Adapter keeps the room membership of a namespace and delivers broadcasts,
// possibly across nodes. Every socket is also in the room named by its id.
type Adapter interface {
	// AddAll adds the local socket id to rooms.
	AddAll(id string, rooms ...string)
	// Del removes the local socket id from room.
	Del(id, room string)
	// DelAll removes the local socket id from every room.
	DelAll(id string)
	// SocketRooms returns the rooms of the local socket id.
	SocketRooms(id string) []string
	// LocalSockets returns the ids of the local sockets selected by opts.
	LocalSockets(opts BroadcastOptions) []string
	// Broadcast sends p to the selected sockets on every node (this node only
	// when opts.Local).
	Broadcast(p *EncodedPacket, opts BroadcastOptions) error
	// SocketsJoin makes the selected sockets on every node join rooms.
	SocketsJoin(opts BroadcastOptions, rooms ...string) error
	// SocketsLeave makes the selected sockets on every node leave rooms.
	SocketsLeave(opts BroadcastOptions, rooms ...string) error
	// DisconnectSockets disconnects the selected sockets on every node,
	// closing their whole connection when closeConn is true.
	DisconnectSockets(opts BroadcastOptions, closeConn bool) error
	// Close releases the adapter's resources.
	Close() error
}

// AdapterFactory builds the Adapter of a namespace.
type AdapterFactory func(nsp *Namespace) Adapter

// MemoryAdapter is the single-node Adapter; other adapters embed it for the
// local part of their work.
type MemoryAdapter struct {
	nsp   *Namespace
	mu    sync.RWMutex
	rooms map[string]roomSet  // room → socket ids, except each socket's own room (see room)
	sids  map[string][]string // socket id → rooms other than its own (a handful each)
	socks map[string]*Socket  // socket id → the local socket, so broadcasts need no namespace lookups
	left  map[string]struct{} // sockets that left their own room (rare; nil until one does)
}

// room returns the sockets in room r. Every socket is in a room named after
// its id, which Socket.IO creates at connect; that room is not stored: it is
// the socket itself while the socket is known here and has not left it. A
// stored entry under a socket's id exists only when other sockets joined
// that room too, and then holds the owner as well. This saves every
// connection a map entry and a string in its room list.
func (a *MemoryAdapter) room(r string) roomSet {
	if members, ok := a.rooms[r]; ok {
		return members
	}
	if a.inOwnRoomLocked(r) {
		return roomSet{one: r}
	}
	return roomSet{}
}

// inOwnRoomLocked reports whether socket id is known and in its own room.
func (a *MemoryAdapter) inOwnRoomLocked(id string) bool {
	if _, known := a.sids[id]; !known {
		return false
	}
	_, gone := a.left[id]
	return !gone
}

// roomSet is the sockets in a room. Most rooms hold one socket (each
// socket's own room, a member's room), which needs no map of its own.
type roomSet struct {
	one  string              // the only socket, while many is nil
	many map[string]struct{} // the sockets, once there were two
}

func (r *roomSet) add(id string) {
	switch {
	case r.many != nil:
		r.many[id] = struct{}{}
	case r.one == "" || r.one == id:
		r.one = id
	default:
		r.many = map[string]struct{}{r.one: {}, id: {}}
		r.one = ""
	}
}

func (r *roomSet) del(id string) {
	if r.many != nil {
		delete(r.many, id)
	} else if r.one == id {
		r.one = ""
	}
}

func (r roomSet) has(id string) bool {
	if r.many != nil {
		_, ok := r.many[id]
		return ok
	}
	return r.one != "" && r.one == id
}

func (r roomSet) len() int {
	if r.many != nil {
		return len(r.many)
	}
	if r.one != "" {
		return 1
	}
	return 0
}

// all yields the sockets of the room.
func (r roomSet) all() iter.Seq[string] {
	return func(yield func(string) bool) {
		if r.many == nil {
			if r.one != "" {
				yield(r.one)
			}
			return
		}
		for id := range r.many {
			if !yield(id) {
				return
			}
		}
	}
}

// targetPool recycles the recipient slices of broadcasts (thousands of
// pointers for a presence announcement).
var targetPool = sync.Pool{New: func() any { s := make([]*Socket, 0, 64); return &s }}

// NewMemoryAdapter returns an in-memory adapter for nsp; it is the default
// AdapterFactory.
func NewMemoryAdapter(nsp *Namespace) Adapter { return newMemoryAdapter(nsp) }

func newMemoryAdapter(nsp *Namespace) *MemoryAdapter {
	return &MemoryAdapter{nsp: nsp, rooms: map[string]roomSet{}, sids: map[string][]string{},
		socks: map[string]*Socket{}}
}

// AddAll adds the socket id to rooms.
func (a *MemoryAdapter) AddAll(id string, rooms ...string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	mine, known := a.sids[id]
	if !known {
		if s := a.nsp.Socket(id); s != nil {
			a.socks[id] = s
		}
		if mine == nil {
			mine = []string{}
		}
		a.sids[id] = mine
	}
	for _, r := range rooms {
		if r == id { // its own room: implicit, unless it was stored for others too
			delete(a.left, id)
			if members, ok := a.rooms[id]; ok {
				members.add(id)
				a.rooms[id] = members
			}
			continue
		}
		if !slices.Contains(mine, r) {
			mine = append(mine, r)
		}
		members, stored := a.rooms[r]
		if !stored && a.inOwnRoomLocked(r) {
			members.add(r) // another socket's own room is joined: store it, with its owner
		}
		members.add(id)
		a.rooms[r] = members
	}
	a.sids[id] = mine
}

// Del removes the socket id from room.
func (a *MemoryAdapter) Del(id, room string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.delLocked(id, room)
}

func (a *MemoryAdapter) delLocked(id, room string) {
	if room == id {
		if _, known := a.sids[id]; known {
			if a.left == nil {
				a.left = map[string]struct{}{}
			}
			a.left[id] = struct{}{}
		}
	}
	if mine, ok := a.sids[id]; ok {
		if i := slices.Index(mine, room); i >= 0 {
			a.sids[id] = slices.Delete(mine, i, i+1)
		}
	}
	a.dropLocked(id, room)
}

// dropLocked removes socket id from the stored room, deleting the room once
// it is empty.
func (a *MemoryAdapter) dropLocked(id, room string) {
	if members, ok := a.rooms[room]; ok {
		members.del(id)
		if members.len() == 0 {
			delete(a.rooms, room)
		} else {
			a.rooms[room] = members
		}
	}
}

// DelAll removes the socket id from every room.
func (a *MemoryAdapter) DelAll(id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range slices.Clone(a.sids[id]) {
		a.delLocked(id, r)
	}
	a.dropLocked(id, id) // its own room, if stored because others joined it
	delete(a.sids, id)
	delete(a.socks, id)
	delete(a.left, id)
}

// SocketRooms returns the rooms of the socket id, sorted.
func (a *MemoryAdapter) SocketRooms(id string) []string {
	a.mu.RLock()
	defer a.mu.RUnlock()
	out := slices.Clone(a.sids[id])
	if out == nil {
		out = []string{}
	}
	if a.inOwnRoomLocked(id) {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// LocalSockets returns the ids of the local sockets selected by opts.
func (a *MemoryAdapter) LocalSockets(opts BroadcastOptions) []string {
	a.mu.RLock()
	defer a.mu.RUnlock()
	excluded := func(id string) bool {
		for _, r := range opts.Except {
			if a.room(r).has(id) {
				return true
			}
		}
		return false
	}
	var out []string
	if len(opts.Rooms) == 0 {
		for id := range a.sids {
			if !excluded(id) {
				out = append(out, id)
			}
		}
		return out
	}
	seen := map[string]struct{}{}
	for _, r := range opts.Rooms {
		for id := range a.room(r).all() {
			if _, dup := seen[id]; dup || excluded(id) {
				continue
			}
			seen[id] = struct{}{}
			out = append(out, id)
		}
	}
	return out
}

// Broadcast sends p, encoded once, to the selected local sockets without
// blocking; the lock is released before any send.
func (a *MemoryAdapter) Broadcast(p *EncodedPacket, opts BroadcastOptions) error {
	tp := targetPool.Get().(*[]*Socket)
	targets := a.appendTargets((*tp)[:0], opts)
	for _, s := range targets {
		s.sendEncoded(p)
	}
	clear(targets)
	*tp = targets[:0]
	targetPool.Put(tp)
	return nil
}

// appendTargets appends the local sockets selected by opts to dst. A single
// room (the usual case: a member's or a gender's room) needs no dedupe.
func (a *MemoryAdapter) appendTargets(dst []*Socket, opts BroadcastOptions) []*Socket {
	a.mu.RLock()
	defer a.mu.RUnlock()
	excluded := func(id string) bool {
		for _, r := range opts.Except {
			if a.room(r).has(id) {
				return true
			}
		}
		return false
	}
	add := func(id string) {
		if s := a.socks[id]; s != nil && !excluded(id) {
			dst = append(dst, s)
		}
	}
	switch {
	case len(opts.Rooms) == 0:
		for id := range a.sids {
			add(id)
		}
	case len(opts.Rooms) == 1:
		for id := range a.room(opts.Rooms[0]).all() {
			add(id)
		}
	default:
		seen := map[string]struct{}{}
		for _, r := range opts.Rooms {
			for id := range a.room(r).all() {
				if _, dup := seen[id]; !dup {
					seen[id] = struct{}{}
					add(id)
				}
			}
		}
	}
	return dst
}

// SocketsJoin makes the selected local sockets join rooms.
func (a *MemoryAdapter) SocketsJoin(opts BroadcastOptions, rooms ...string) error {
	for _, id := range a.LocalSockets(opts) {
		if s := a.nsp.Socket(id); s != nil {
			s.Join(rooms...)
		}
	}
	return nil
}

// SocketsLeave makes the selected local sockets leave rooms.
func (a *MemoryAdapter) SocketsLeave(opts BroadcastOptions, rooms ...string) error {
	for _, id := range a.LocalSockets(opts) {
		if s := a.nsp.Socket(id); s != nil {
			for _, r := range rooms {
				s.Leave(r)
			}
		}
	}
	return nil
}

// DisconnectSockets disconnects the selected local sockets.
func (a *MemoryAdapter) DisconnectSockets(opts BroadcastOptions, closeConn bool) error {
	for _, id := range a.LocalSockets(opts) {
		if s := a.nsp.Socket(id); s != nil {
			s.disconnect(closeConn)
		}
	}
	return nil
}

// Close does nothing for the in-memory adapter.
func (a *MemoryAdapter) Close() error { return nil }
