package socketio

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// Issue 18, "On SIGTERM": Close stops taking events, lets a handler that
// is running finish (still matching the client's ACKs) and sends its ack
// before the connection closes as "going away".
func TestCloseLetsRunningHandlersAnswerFirst(t *testing.T) {
	srv := NewServer(Options{Engine: engineio.Options{PingInterval: time.Minute, PingTimeout: time.Minute}})
	started, release := make(chan struct{}), make(chan struct{})
	var runs atomic.Int32
	srv.Of("/").On("slow", func(s *Socket, args []any, ack func(...any)) {
		if runs.Add(1) > 1 {
			return
		}
		close(started)
		<-release
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := s.EmitWithAck(ctx, "confirm")
		if err != nil {
			ack("error: " + err.Error())
			return
		}
		ack(res...)
	})
	hs := serve(t, srv)
	c := dialRaw(t, hs.URL)
	c.write(`421["slow"]`)
	<-started

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	closed := make(chan error, 1)
	go func() { closed <- srv.Close(ctx) }()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		resp, err := http.Get(hs.URL + "/engine.io/?EIO=4&transport=polling")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusBadRequest {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("handshakes still taken after Close began")
		}
	}
	c.write(`422["slow"]`) // arrives after Close began: not taken
	close(release)

	if m := c.next(); m != `21["confirm"]` {
		t.Fatalf("got %q, want the handler's question", m)
	}
	c.write(`431["sure"]`)
	if m := c.next(); m != `31["sure"]` {
		t.Fatalf("got %q, want the running handler's ack", m)
	}
	rctx, rcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer rcancel()
	for {
		_, m, err := c.ws.Read(rctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusGoingAway {
				t.Fatalf("connection ended with %v, want close status 1001", err)
			}
			break
		}
		if string(m) != "1" {
			t.Fatalf("after the ack: %q", m)
		}
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if n := runs.Load(); n != 1 {
		t.Fatalf("the handler ran %d times", n)
	}
}
