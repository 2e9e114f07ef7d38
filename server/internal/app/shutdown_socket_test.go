package app_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Issue 18, "On SIGTERM": an open chat socket is told the server is going
// away (the close packet, then close status 1001) instead of losing its
// connection, and Serve still returns cleanly.
func TestServeClosesChatSocketsAsGoingAwayOnShutdown(t *testing.T) {
	a := newApp(t, "", false)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- a.ServeListener(ctx, ln) }()

	dctx, dcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer dcancel()
	ws, _, err := websocket.Dial(dctx, "ws://"+ln.Addr().String()+"/engine.io/?EIO=4&transport=websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if _, open, err := ws.Read(dctx); err != nil || !strings.HasPrefix(string(open), "0{") {
		t.Fatalf("open packet %q: %v", open, err)
	}

	cancel() // what SIGTERM does in main
	rctx, rcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer rcancel()
	var last string
	for {
		_, m, err := ws.Read(rctx)
		if err != nil {
			if got := websocket.CloseStatus(err); got != websocket.StatusGoingAway {
				t.Fatalf("socket ended with %v (status %d), want close status 1001", err, got)
			}
			break
		}
		last = string(m)
	}
	if last != "1" {
		t.Fatalf("last packet before the close frame %q, want the close packet", last)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
}
