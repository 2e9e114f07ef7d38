package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// raw is a minimal Socket.IO 5 client over an EIO4 WebSocket for tests that
// need exact packets (abuse, ordering) without Node.js. A reader goroutine
// answers pings and keeps every event received.
type raw struct {
	t      *testing.T
	ws     *websocket.Conn
	mu     sync.Mutex
	events []rawEvent
	acks   map[int]json.RawMessage
	closed bool
	wake   chan struct{}
	nextID int
}

// rawEvent is one EVENT packet: its name and first argument.
type rawEvent struct {
	Name string
	Arg  json.RawMessage
}

func wsURL(base string) string {
	return "ws" + strings.TrimPrefix(base, "http") + "/engine.io/?EIO=4&transport=websocket"
}

// dialRaw connects with token in the CONNECT auth payload and returns once
// the namespace is joined.
func dialRaw(t *testing.T, base, token string) *raw {
	t.Helper()
	c := dialOpen(t, base)
	auth, _ := json.Marshal(map[string]string{"token": token})
	c.write("40" + string(auth))
	eventually(t, "CONNECT answer", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.connected() || c.closed
	})
	if !c.connected() {
		t.Fatalf("connect refused: %v", c.eventNames())
	}
	return c
}

// dialOpen opens the Engine.IO session only.
func dialOpen(t *testing.T, base string) *raw {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, wsURL(base), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(4 << 20)
	c := &raw{t: t, ws: ws, acks: map[int]json.RawMessage{}, wake: make(chan struct{})}
	t.Cleanup(func() { _ = ws.CloseNow() })
	go c.read()
	return c
}

func (c *raw) connected() bool {
	for _, e := range c.events {
		if e.Name == "<connect>" {
			return true
		}
	}
	return false
}

func (c *raw) eventNames() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, e := range c.events {
		out = append(out, e.Name+" "+string(e.Arg))
	}
	return out
}

func (c *raw) read() {
	defer func() {
		c.mu.Lock()
		c.closed = true
		c.notify()
		c.mu.Unlock()
	}()
	for {
		_, m, err := c.ws.Read(context.Background())
		if err != nil {
			return
		}
		s := string(m)
		switch {
		case s == "2":
			_ = c.ws.Write(context.Background(), websocket.MessageText, []byte("3"))
		case strings.HasPrefix(s, "40"):
			c.add(rawEvent{Name: "<connect>", Arg: json.RawMessage(strings.TrimPrefix(s, "40"))})
		case strings.HasPrefix(s, "44"):
			c.add(rawEvent{Name: "<connect_error>", Arg: json.RawMessage(strings.TrimPrefix(s, "44"))})
		case strings.HasPrefix(s, "41"):
			c.add(rawEvent{Name: "<disconnect>"})
		case strings.HasPrefix(s, "42"):
			var arr []json.RawMessage
			if json.Unmarshal([]byte(s[2:]), &arr) == nil && len(arr) > 0 {
				var name string
				_ = json.Unmarshal(arr[0], &name)
				ev := rawEvent{Name: name}
				if len(arr) > 1 {
					ev.Arg = arr[1]
				}
				c.add(ev)
				if name == "onlineUsersChanged" {
					// A batch stands for the single events it replaces.
					var b struct {
						Connected    []json.RawMessage `json:"connected"`
						Disconnected []string          `json:"disconnected"`
					}
					_ = json.Unmarshal(ev.Arg, &b)
					for _, u := range b.Connected {
						c.add(rawEvent{Name: "userConnected", Arg: u})
					}
					for _, code := range b.Disconnected {
						arg, _ := json.Marshal(map[string]string{"profileID": code})
						c.add(rawEvent{Name: "userDisConnected", Arg: arg})
					}
				}
			}
		case strings.HasPrefix(s, "43"):
			i := 2
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			var id int
			fmt.Sscan(s[2:i], &id)
			var arr []json.RawMessage
			_ = json.Unmarshal([]byte(s[i:]), &arr)
			c.mu.Lock()
			if len(arr) > 0 {
				c.acks[id] = arr[0]
			} else {
				c.acks[id] = json.RawMessage("null")
			}
			c.notify()
			c.mu.Unlock()
		}
	}
}

func (c *raw) add(e rawEvent) {
	c.mu.Lock()
	c.events = append(c.events, e)
	c.notify()
	c.mu.Unlock()
}

// notify wakes waiters; the caller holds mu.
func (c *raw) notify() {
	close(c.wake)
	c.wake = make(chan struct{})
}

func (c *raw) write(s string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = c.ws.Write(ctx, websocket.MessageText, []byte(s))
}

// emit sends an event without an ack.
func (c *raw) emit(event string, payload any) {
	b, _ := json.Marshal([]any{event, payload})
	c.write("42" + string(b))
}

// call sends an event with an ack id and returns the decoded ack.
func (c *raw) call(event string, payload any) map[string]any {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	c.mu.Unlock()
	b, _ := json.Marshal([]any{event, payload})
	c.write(fmt.Sprintf("42%d%s", id, b))
	var res map[string]any
	c.waitUntil("ack of "+event, func() bool {
		r, ok := c.acks[id]
		if ok {
			_ = json.Unmarshal(r, &res)
		}
		return ok
	})
	return res
}

// waitUntil waits, with mu held during cond, until cond holds or the
// connection closes; the timeout only guards against hangs.
func (c *raw) waitUntil(what string, cond func() bool) {
	c.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		c.mu.Lock()
		ok, closed, wake := cond(), c.closed, c.wake
		c.mu.Unlock()
		if ok {
			return
		}
		if closed {
			c.t.Fatalf("connection closed while waiting for %s", what)
		}
		select {
		case <-wake:
		case <-timeout:
			c.t.Fatalf("timed out waiting for %s; got %v", what, c.eventNames())
		}
	}
}

// waitEvent returns the first event named name whose argument satisfies
// match (nil matches any), waiting for it.
func (c *raw) waitEvent(name string, match func(json.RawMessage) bool) json.RawMessage {
	c.t.Helper()
	var got json.RawMessage
	c.waitUntil(name, func() bool {
		for _, e := range c.events {
			if e.Name == name && (match == nil || match(e.Arg)) {
				got = e.Arg
				return true
			}
		}
		return false
	})
	return got
}

// count returns how many events named name matched.
func (c *raw) count(name string, match func(json.RawMessage) bool) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, e := range c.events {
		if e.Name == name && (match == nil || match(e.Arg)) {
			n++
		}
	}
	return n
}

// waitClosed waits until the server closes the connection.
func (c *raw) waitClosed(what string) {
	c.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		c.mu.Lock()
		closed, wake := c.closed, c.wake
		c.mu.Unlock()
		if closed {
			return
		}
		select {
		case <-wake:
		case <-timeout:
			c.t.Fatalf("%s: connection still open", what)
		}
	}
}

// profileIs matches a payload whose profileID is code.
func profileIs(code string) func(json.RawMessage) bool {
	return func(r json.RawMessage) bool {
		var v struct {
			ProfileID string `json:"profileID"`
		}
		return json.Unmarshal(r, &v) == nil && v.ProfileID == code
	}
}

// listHas matches a chat-user list holding code.
func listHas(code string) func(json.RawMessage) bool {
	return func(r json.RawMessage) bool {
		var v []struct {
			ProfileID string `json:"profileID"`
		}
		_ = json.Unmarshal(r, &v)
		for _, u := range v {
			if u.ProfileID == code {
				return true
			}
		}
		return false
	}
}

// lastList returns the profile ids of the latest sendActiveMatchedProfiles.
func (c *raw) lastList() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.events) - 1; i >= 0; i-- {
		if c.events[i].Name == "sendActiveMatchedProfiles" {
			var v []struct {
				ProfileID string `json:"profileID"`
			}
			_ = json.Unmarshal(c.events[i].Arg, &v)
			out := []string{}
			for _, u := range v {
				out = append(out, u.ProfileID)
			}
			return out
		}
	}
	return nil
}
