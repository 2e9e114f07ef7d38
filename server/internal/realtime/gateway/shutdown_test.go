package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// sendSpy is the chat's rate limiter, telling when a send has begun.
type sendSpy struct {
	ratelimit.Limiter
	mu    sync.Mutex
	began chan struct{} // closed at the next send's rate check; nil: not watching
}

func (l *sendSpy) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	if strings.HasPrefix(key, "chat:send:") {
		l.mu.Lock()
		if l.began != nil {
			close(l.began)
			l.began = nil
		}
		l.mu.Unlock()
	}
	return l.Limiter.Allow(ctx, key, limit, window)
}

// watch returns a channel closed when the next send begins.
func (l *sendSpy) watch() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.began = make(chan struct{})
	return l.began
}

// newSpiedStack is newStack on SQLite with the chat's sends watched by spy.
func newSpiedStack(t *testing.T, spy *sendSpy) *stack {
	t.Helper()
	return buildStack(t, storetest.SQLite(t), nil, uniqueScope(), nil, spy)
}

// Issue 18, "On SIGTERM": a message whose commit is under way when the
// node starts shutting down is stored and acknowledged to its sender
// before the connection closes; the node takes no new connection meanwhile.
func TestShutdownAcknowledgesASendCommittingWhenItBegins(t *testing.T) {
	spy := &sendSpy{Limiter: ratelimit.NewMemory()}
	st := newSpiedStack(t, spy)
	g, b, _ := st.pair(t)
	c := dialRaw(t, st.url, st.token(t, g))
	room := c.call("getRoomName", map[string]any{"toProfileId": b.Code})["roomName"]
	if first := c.call("sendMessage", map[string]any{"roomName": room, "message": "Hello", "clientId": "first"}); first["ok"] != true {
		t.Fatalf("first send: %v", first)
	}

	// Hold SQLite's write lock, so that the next send's commit waits for it.
	ctx := context.Background()
	tx, err := st.db.SQL().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, "UPDATE chat_conversations SET updated_at = updated_at WHERE id = 0"); err != nil {
		t.Fatal(err)
	}
	began := spy.watch()
	payload, _ := json.Marshal([]any{"sendMessage", map[string]any{"roomName": room, "message": "Goodnight", "clientId": "in-flight"}})
	const ackID = 100
	c.write(fmt.Sprintf("42%d%s", ackID, payload))
	<-began

	closeCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	closed := make(chan error, 1)
	go func() { closed <- st.gw.Close(closeCtx) }()
	eventually(t, "the node to refuse new connections", func() bool {
		resp, err := http.Get(st.url + "/engine.io/?EIO=4&transport=polling")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusBadRequest
	})
	// An event arriving now is not taken (the client sends it again after
	// reconnecting elsewhere), and the connection stays open for the ack.
	c.write(`42101["getUnreadCounts"]`)
	time.Sleep(50 * time.Millisecond)
	c.mu.Lock()
	dropped := c.closed
	c.mu.Unlock()
	if dropped {
		t.Fatal("the connection closed while a send was committing")
	}

	if err := tx.Commit(); err != nil { // the send's commit goes ahead
		t.Fatal(err)
	}
	var ack map[string]any
	c.waitUntil("the in-flight send's ack", func() bool {
		r, ok := c.acks[ackID]
		if ok {
			_ = json.Unmarshal(r, &ack)
		}
		return ok
	})
	msg, _ := ack["message"].(map[string]any)
	if ack["ok"] != true || msg["clientId"] != "in-flight" || msg["message"] != "Goodnight" {
		t.Fatalf("ack %v", ack)
	}
	c.waitClosed("the connection after the shutdown")
	if err := <-closed; err != nil {
		t.Fatalf("gateway close: %v", err)
	}
	c.mu.Lock()
	_, answered := c.acks[101]
	c.mu.Unlock()
	if answered {
		t.Fatal("an event sent during the shutdown was handled")
	}

	page, err := st.chat.Since(ctx, g.ID, room.(string), 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	var stored []string
	for _, m := range page.Messages {
		stored = append(stored, m.ClientID)
	}
	if len(stored) != 2 || stored[1] != "in-flight" || uint64(msg["id"].(float64)) != page.Messages[1].ID {
		t.Fatalf("stored %v, acked %v", stored, msg)
	}
}
