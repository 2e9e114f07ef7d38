//go:build linux

package engineio

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// registered is the number of sessions waiting in the poller.
func (p *poller) registered() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.entries)
}

func (p *poller) running() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.epfd >= 0
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting: %s", what)
		}
	}
}

// TestIdleWebSocketSessionsWaitInThePoller: quiet sessions hand their socket
// to the poller (their readers end), the poller starts a reader again for
// every message, text or binary, as often as they come, and sessions that
// end are forgotten, after which the poller itself stops.
func TestIdleWebSocketSessionsWaitInThePoller(t *testing.T) {
	old := idleHandover
	idleHandover = 20 * time.Millisecond
	t.Cleanup(func() { idleHandover = old })
	srv, hs, _ := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	const n = 12 // testServer buffers 16 new sessions
	clients := make([]*websocket.Conn, n)
	for i := range clients {
		ws, _, err := websocket.Dial(ctx, wsURL(hs.URL), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		if _, m, err := ws.Read(ctx); err != nil || m[0] != '0' {
			t.Fatalf("open %q %v", m, err)
		}
		clients[i] = ws
	}
	for round := range 3 {
		waitFor(t, fmt.Sprintf("round %d: all %d sessions in the poller", round, n), func() bool { return srv.poll.registered() == n })
		for i, ws := range clients {
			text := fmt.Sprintf("4നമസ്കാരം %d/%d", round, i)
			if err := ws.Write(ctx, websocket.MessageText, []byte(text)); err != nil {
				t.Fatal(err)
			}
			if _, m, err := ws.Read(ctx); err != nil || string(m) != text {
				t.Fatalf("round %d client %d: echo %q %v", round, i, m, err)
			}
			if err := ws.Write(ctx, websocket.MessageBinary, []byte{byte(round), byte(i)}); err != nil {
				t.Fatal(err)
			}
			if typ, m, err := ws.Read(ctx); err != nil || typ != websocket.MessageBinary || len(m) != 2 || m[1] != byte(i) {
				t.Fatalf("round %d client %d: binary echo %v %v %v", round, i, typ, m, err)
			}
		}
	}
	waitFor(t, "sessions back in the poller", func() bool { return srv.poll.registered() == n })
	for _, ws := range clients {
		_ = ws.Close(websocket.StatusNormalClosure, "")
	}
	waitFor(t, "closed sessions forgotten", func() bool { return srv.poll.registered() == 0 && srv.Count() == 0 })
	waitFor(t, "the poller stopped", func() bool { return !srv.poll.running() })
}

// TestAHeartbeatHandsTheSessionToThePollerAtOnce: after a pong the reader
// ends without waiting idleHandover (here an hour), so an idle member holds
// no goroutine between heartbeats; after a message it still waits.
func TestAHeartbeatHandsTheSessionToThePollerAtOnce(t *testing.T) {
	old := idleHandover
	idleHandover = time.Hour
	t.Cleanup(func() { idleHandover = old })
	srv, hs, _ := testServer(t, Options{PingInterval: 300 * time.Millisecond, PingTimeout: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, wsURL(hs.URL), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	echoes := make(chan string, 4)
	go func() {
		for {
			_, m, err := ws.Read(ctx)
			if err != nil {
				return
			}
			switch m[0] {
			case '2':
				_ = ws.Write(ctx, websocket.MessageText, []byte("3"))
			case '4':
				echoes <- string(m)
			}
		}
	}()
	waitFor(t, "the reader ended after a pong", func() bool { return srv.readers.Load() == 0 && srv.poll.registered() == 1 })
	if err := ws.Write(ctx, websocket.MessageText, []byte("4hello")); err != nil {
		t.Fatal(err)
	}
	if got := <-echoes; got != "4hello" {
		t.Fatalf("echo %q", got)
	}
	if n := srv.readers.Load(); n != 1 {
		t.Fatalf("%d readers right after a message, want the one that waits idleHandover", n)
	}
	waitFor(t, "the next pong ended the reader again", func() bool { return srv.readers.Load() == 0 })
}
