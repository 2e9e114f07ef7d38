package socketio

import (
	"slices"
	"testing"
)

// adapterWith returns the memory adapter of a fresh namespace holding
// sockets with the given ids, connected as Namespace.add connects them.
func adapterWith(t *testing.T, ids ...string) (*MemoryAdapter, map[string]*Socket) {
	t.Helper()
	nsp := NewServer(Options{}).Of("/")
	a, ok := nsp.Adapter().(*MemoryAdapter)
	if !ok {
		t.Fatalf("adapter %T", nsp.Adapter())
	}
	socks := map[string]*Socket{}
	for _, id := range ids {
		s := newSocket(id, nsp, nil, nil)
		s.connected = true
		nsp.add(s)
		socks[id] = s
	}
	return a, socks
}

func selected(a *MemoryAdapter, opts BroadcastOptions) []string {
	ids := a.LocalSockets(opts)
	slices.Sort(ids)
	return ids
}

func targets(a *MemoryAdapter, opts BroadcastOptions) []string {
	var ids []string
	for _, s := range a.appendTargets(nil, opts) {
		ids = append(ids, s.id)
	}
	slices.Sort(ids)
	return ids
}

func TestEverySocketIsInItsOwnRoomWithoutAStoredEntry(t *testing.T) {
	a, s := adapterWith(t, "s1", "s2")
	s["s1"].Join("m:7")
	if len(a.rooms) != 1 {
		t.Fatalf("stored rooms %v, want only m:7", a.rooms)
	}
	if got := s["s1"].Rooms(); !slices.Equal(got, []string{"m:7", "s1"}) {
		t.Fatalf("rooms of s1: %v", got)
	}
	for _, opts := range []BroadcastOptions{{Rooms: []string{"s1"}}, {Rooms: []string{"s1", "m:7"}}} {
		if got := targets(a, opts); !slices.Equal(got, []string{"s1"}) {
			t.Fatalf("%v reaches %v", opts.Rooms, got)
		}
	}
	if got := selected(a, BroadcastOptions{Except: []string{"s1"}}); !slices.Equal(got, []string{"s2"}) {
		t.Fatalf("everyone except s1: %v", got)
	}
	// Leaving its own room is possible, and joining it again.
	s["s1"].Leave("s1")
	if got := targets(a, BroadcastOptions{Rooms: []string{"s1"}}); got != nil {
		t.Fatalf("s1's room after it left: %v", got)
	}
	if got := s["s1"].Rooms(); !slices.Equal(got, []string{"m:7"}) {
		t.Fatalf("rooms of s1 after leaving its own: %v", got)
	}
	s["s1"].Join("s1")
	if got := selected(a, BroadcastOptions{Rooms: []string{"s1"}}); !slices.Equal(got, []string{"s1"}) {
		t.Fatalf("s1's room after it joined again: %v", got)
	}
	// A socket that is gone has no room any more.
	a.nsp.remove(s["s2"])
	if got := selected(a, BroadcastOptions{Rooms: []string{"s2"}}); got != nil {
		t.Fatalf("s2's room after it left: %v", got)
	}
}

func TestJoiningAnotherSocketsOwnRoomKeepsItsOwner(t *testing.T) {
	a, s := adapterWith(t, "s1", "s2", "s3")
	s["s2"].Join("s1")
	if got := targets(a, BroadcastOptions{Rooms: []string{"s1"}}); !slices.Equal(got, []string{"s1", "s2"}) {
		t.Fatalf("s1's room: %v", got)
	}
	if got := selected(a, BroadcastOptions{Except: []string{"s1"}}); !slices.Equal(got, []string{"s3"}) {
		t.Fatalf("everyone except s1's room: %v", got)
	}
	s["s1"].Leave("s1")
	if got := selected(a, BroadcastOptions{Rooms: []string{"s1"}}); !slices.Equal(got, []string{"s2"}) {
		t.Fatalf("s1's room after s1 left it: %v", got)
	}
	s["s2"].Leave("s1")
	if got := selected(a, BroadcastOptions{Rooms: []string{"s1"}}); got != nil {
		t.Fatalf("s1's room once both left: %v", got)
	}
	s["s1"].Join("s1")
	s["s3"].Join("s1")
	a.nsp.remove(s["s1"])
	if got := selected(a, BroadcastOptions{Rooms: []string{"s1"}}); !slices.Equal(got, []string{"s3"}) {
		t.Fatalf("s1's room after s1 disconnected: %v", got)
	}
	if len(a.left) != 0 {
		t.Fatalf("left still holds %v", a.left)
	}
}
