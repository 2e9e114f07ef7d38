package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Member is one bench member: the JSON that `tfm bench-members` writes and
// that -synthetic makes up for the Node reference.
type Member struct {
	ProfileID string `json:"profileID"`
	Token     string `json:"token"`
	Gender    int    `json:"gender"`
}

// EventFunc receives a server event: its name and the raw JSON array of the
// whole packet (["name", arg...]). It runs on the connection's read goroutine
// and must not block.
type EventFunc func(c *Client, event string, raw []byte)

// Client is one Socket.IO 5 connection over a raw Engine.IO 4 websocket.
// Only the root namespace is used, as the chat client does.
type Client struct {
	M    Member
	conn *websocket.Conn

	onEvent atomic.Pointer[EventFunc]

	ackSeq atomic.Uint64
	mu     sync.Mutex
	acks   map[uint64]func(raw []byte)

	registered chan struct{}
	regOnce    sync.Once
	done       chan struct{}
	closeOnce  sync.Once

	// Counters read by the scenarios.
	Presence       atomic.Int64 // members announced online or offline (userConnected, userDisConnected, onlineUsersChanged entries)
	PresenceFrames atomic.Int64 // presence packets received
	Errors         atomic.Int64 // chatError received
}

// Dialer opens clients against one server URL.
type Dialer struct {
	URL string // ws://host:port/engine.io/?EIO=4&transport=websocket
}

// errConnectRefused is a CONNECT_ERROR ("44") from the server.
var errConnectRefused = errors.New("socket.io CONNECT_ERROR")

// Dial opens the websocket, reads the Engine.IO open packet, sends the
// Socket.IO CONNECT with {token} and waits for the CONNECT answer. The
// read loop starts after that.
func (d *Dialer) Dial(ctx context.Context, m Member, h EventFunc) (*Client, error) {
	conn, _, err := websocket.Dial(ctx, d.URL, &websocket.DialOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(64 << 20) // sendActiveMatchedProfiles with thousands online is large
	c := &Client{M: m, conn: conn, acks: map[uint64]func([]byte){}, registered: make(chan struct{}), done: make(chan struct{})}
	if h != nil {
		c.onEvent.Store(&h)
	}
	_, b, err := conn.Read(ctx)
	if err != nil {
		conn.CloseNow()
		return nil, fmt.Errorf("reading open packet: %w", err)
	}
	if len(b) == 0 || b[0] != '0' {
		conn.CloseNow()
		return nil, fmt.Errorf("unexpected first packet %q", trunc(b))
	}
	auth, _ := json.Marshal(map[string]string{"token": m.Token})
	if err := conn.Write(ctx, websocket.MessageText, append([]byte("40"), auth...)); err != nil {
		conn.CloseNow()
		return nil, err
	}
	for {
		_, b, err := conn.Read(ctx)
		if err != nil {
			conn.CloseNow()
			return nil, fmt.Errorf("waiting for CONNECT: %w", err)
		}
		switch {
		case bytes.Equal(b, []byte("2")):
			_ = conn.Write(ctx, websocket.MessageText, []byte("3"))
			continue
		case bytes.HasPrefix(b, []byte("40")):
		case bytes.HasPrefix(b, []byte("44")):
			conn.CloseNow()
			return nil, fmt.Errorf("%w: %s", errConnectRefused, trunc(b[2:]))
		default:
			conn.CloseNow()
			return nil, fmt.Errorf("unexpected packet before CONNECT: %q", trunc(b))
		}
		break
	}
	go c.readLoop()
	return c, nil
}

func trunc(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}

// SetHandler replaces the event handler.
func (c *Client) SetHandler(h EventFunc) { c.onEvent.Store(&h) }

// Registered is closed once sendActiveMatchedProfiles arrived.
func (c *Client) Registered() <-chan struct{} { return c.registered }

// Done is closed when the connection ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Close closes the websocket without the close handshake.
func (c *Client) Close() {
	c.conn.CloseNow()
	<-c.done
}

func (c *Client) finish() {
	c.closeOnce.Do(func() { close(c.done) })
}

func (c *Client) readLoop() {
	defer c.finish()
	ctx := context.Background()
	for {
		typ, b, err := c.conn.Read(ctx)
		if err != nil {
			return
		}
		if typ != websocket.MessageText || len(b) == 0 {
			continue
		}
		switch b[0] {
		case '2': // ping → pong
			if err := c.conn.Write(ctx, websocket.MessageText, []byte("3")); err != nil {
				return
			}
		case '1': // engine close
			c.conn.CloseNow()
			return
		case '4':
			if len(b) < 2 {
				continue
			}
			switch b[1] {
			case '2':
				c.dispatchEvent(b[2:])
			case '3':
				c.dispatchAck(b[2:])
			case '1': // DISCONNECT from the server
				c.conn.CloseNow()
				return
			}
		}
	}
}

// dispatchEvent handles `["name",...]` (an ack id before it is skipped).
func (c *Client) dispatchEvent(b []byte) {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	b = b[i:]
	name := eventName(b)
	switch name {
	case "sendActiveMatchedProfiles":
		c.regOnce.Do(func() { close(c.registered) })
	case "userConnected", "userDisConnected":
		c.Presence.Add(1)
		c.PresenceFrames.Add(1)
	case "onlineUsersChanged":
		// Ours batches announcements: one frame carries several members.
		c.Presence.Add(int64(batchEntries(b)))
		c.PresenceFrames.Add(1)
	case "chatError":
		c.Errors.Add(1)
	}
	if h := c.onEvent.Load(); h != nil && *h != nil {
		(*h)(c, name, b)
	}
}

// batchEntries counts the members in an onlineUsersChanged payload
// ({connected: [ChatUser], disconnected: [profileID]}) without decoding it:
// every chat user has one "profileID" key, and the disconnected ids are
// plain strings. Thousands of clients get every batch, so the generator must
// not spend the machine's CPU on decoding them.
func batchEntries(b []byte) int {
	n := bytes.Count(b, []byte(`"profileID"`))
	if i := bytes.Index(b, []byte(`"disconnected":[`)); i >= 0 {
		rest := b[i+len(`"disconnected":[`):]
		if j := bytes.IndexByte(rest, ']'); j >= 0 {
			n += bytes.Count(rest[:j], []byte{'"'}) / 2
		}
	}
	return n
}

// eventName reads the first string of a JSON array without decoding it all.
func eventName(b []byte) string {
	if len(b) < 4 || b[0] != '[' || b[1] != '"' {
		return ""
	}
	end := bytes.IndexByte(b[2:], '"')
	if end < 0 {
		return ""
	}
	return string(b[2 : 2+end])
}

func (c *Client) dispatchAck(b []byte) {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	id, err := strconv.ParseUint(string(b[:i]), 10, 64)
	if err != nil {
		return
	}
	c.mu.Lock()
	fn := c.acks[id]
	delete(c.acks, id)
	c.mu.Unlock()
	if fn != nil {
		fn(b[i:])
	}
}

// Emit sends `42["event",payload]`.
func (c *Client) Emit(ctx context.Context, event string, payload any) error {
	return c.emit(ctx, event, payload, nil)
}

// EmitAck sends `42<id>["event",payload]`; fn gets the raw ack array.
func (c *Client) EmitAck(ctx context.Context, event string, payload any, fn func(raw []byte)) error {
	return c.emit(ctx, event, payload, fn)
}

func (c *Client) emit(ctx context.Context, event string, payload any, fn func([]byte)) error {
	body, err := json.Marshal([]any{event, payload})
	if err != nil {
		return err
	}
	buf := make([]byte, 0, len(body)+24)
	buf = append(buf, '4', '2')
	if fn != nil {
		id := c.ackSeq.Add(1)
		c.mu.Lock()
		c.acks[id] = fn
		c.mu.Unlock()
		buf = strconv.AppendUint(buf, id, 10)
	}
	buf = append(buf, body...)
	return c.conn.Write(ctx, websocket.MessageText, buf)
}

// Call is EmitAck that waits for the answer.
func (c *Client) Call(ctx context.Context, event string, payload any) ([]byte, error) {
	ch := make(chan []byte, 1)
	if err := c.EmitAck(ctx, event, payload, func(raw []byte) { ch <- append([]byte(nil), raw...) }); err != nil {
		return nil, err
	}
	select {
	case raw := <-ch:
		return raw, nil
	case <-c.done:
		return nil, errors.New("connection closed while waiting for an ack")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Register emits registerNewUser and waits for sendActiveMatchedProfiles.
func (c *Client) Register(ctx context.Context) error {
	if err := c.Emit(ctx, "registerNewUser", map[string]any{}); err != nil {
		return err
	}
	select {
	case <-c.registered:
		return nil
	case <-c.done:
		return errors.New("connection closed before sendActiveMatchedProfiles")
	case <-ctx.Done():
		return fmt.Errorf("waiting for sendActiveMatchedProfiles: %w", ctx.Err())
	}
}

// ackResult is the common shape of both servers' acks: {ok, code, message, roomName}.
type ackResult struct {
	OK       bool   `json:"ok"`
	Code     string `json:"code"`
	Message  any    `json:"message"`
	RoomName string `json:"roomName"`
}

// parseAck decodes `[{...}]`.
func parseAck(raw []byte) (ackResult, error) {
	var arr []json.RawMessage
	var r ackResult
	if err := json.Unmarshal(raw, &arr); err != nil || len(arr) == 0 {
		return r, fmt.Errorf("bad ack %q", trunc(raw))
	}
	err := json.Unmarshal(arr[0], &r)
	return r, err
}

// connectAndRegister dials and registers one member, returning the client
// and the time from dial to sendActiveMatchedProfiles.
func (d *Dialer) connectAndRegister(ctx context.Context, m Member, h EventFunc) (*Client, time.Duration, error) {
	t0 := time.Now()
	c, err := d.Dial(ctx, m, h)
	if err != nil {
		return nil, 0, err
	}
	if err := c.Register(ctx); err != nil {
		c.Close()
		return nil, 0, err
	}
	return c, time.Since(t0), nil
}
