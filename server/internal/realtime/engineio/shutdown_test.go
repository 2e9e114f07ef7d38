package engineio

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/gobwas/ws"
)

// Issue 18, "On SIGTERM": a server going away closes its WebSocket sessions
// with their queued packets, the close packet and a close frame saying
// "going away" (1001), and waits for the client's side rather than dropping
// the connection.
func TestServerCloseSaysGoingAwayToWebSocketSessions(t *testing.T) {
	srv, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute, CloseTimeout: 10 * time.Second})
	c := dialRawWS(t, hs, nil)
	conn := <-conns
	_ = conn.Send(Message{Data: []byte("last words")})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	closed := make(chan error, 1)
	go func() { closed <- srv.Close(ctx) }()

	if op, p := c.read(); op != ws.OpText || string(p) != "4last words" {
		t.Fatalf("queued packet: %v %q", op, p)
	}
	if op, p := c.read(); op != ws.OpText || string(p) != "1" {
		t.Fatalf("close packet: %v %q", op, p)
	}
	if code := c.closeCode(); code != ws.StatusGoingAway {
		t.Fatalf("close code %d, want 1001 (going away)", code)
	}
	if _, err := c.br.ReadByte(); err != io.EOF {
		t.Fatalf("after the close frame: %v", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) before the client answered", err)
	default:
	}
	// The client answers and ends its side: Close returns without waiting
	// out CloseTimeout.
	c.send(frame(ws.OpClose, true, ws.NewCloseFrameBody(ws.StatusGoingAway, "")), 100)
	_ = c.nc.Close()
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Close took %v", d)
	}
	<-conn.Done()
}

// A pending polling GET is held while the server drains and answered at
// the close with everything queued and the close packet; a polling session
// with no GET pending is closed at once; no session opens meanwhile.
func TestServerCloseAnswersAPendingPollWithQueuedPacketsAndClose(t *testing.T) {
	srv, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute, CloseTimeout: 10 * time.Second})
	op := handshake(t, hs.URL, 4)
	conn := <-conns
	handshake(t, hs.URL, 4)
	idle := <-conns

	body := make(chan string, 1)
	go func() {
		resp, err := http.Get(hs.URL + "/engine.io/?EIO=4&transport=polling&sid=" + op.SID)
		if err != nil {
			body <- "error: " + err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		body <- string(b)
	}()
	for deadline := time.Now().Add(5 * time.Second); ; {
		conn.mu.Lock()
		polling := conn.polling
		conn.mu.Unlock()
		if polling {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the GET never arrived")
		}
		time.Sleep(time.Millisecond)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if code, b := get(t, hs.URL+"/engine.io/?EIO=4&transport=polling"); code != http.StatusBadRequest {
		t.Fatalf("handshake while draining: %d %s", code, b)
	}
	_ = conn.Send(Message{Data: []byte("bye")})
	select {
	case b := <-body:
		t.Fatalf("the GET was answered while draining: %q", b)
	case <-time.After(100 * time.Millisecond):
	}

	start := time.Now()
	if err := srv.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if b := <-body; b != "4bye\x1e1" {
		t.Fatalf("pending GET got %q, want the queued packet and the close packet", b)
	}
	<-conn.Done()
	<-idle.Done()
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Close took %v", d)
	}
	if code, b := get(t, hs.URL+"/engine.io/?EIO=4&transport=polling&sid="+op.SID); code != http.StatusBadRequest {
		t.Fatalf("poll after close: %d %s", code, b)
	}
}
