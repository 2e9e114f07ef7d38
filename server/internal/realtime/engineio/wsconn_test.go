package engineio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gobwas/ws"
)

// rawWS is a hand-driven WebSocket client: every byte it sends is chosen by
// the test, so that framing the official clients never produce (fragments,
// control frames between them, bad masks, split writes) can be checked.
type rawWS struct {
	t  *testing.T
	nc net.Conn
	br *bufio.Reader
}

// dialRawWS opens a WebSocket session at hs, writing early right after the
// upgrade request in the same write.
func dialRawWS(t *testing.T, hs *httptest.Server, early []byte) *rawWS {
	t.Helper()
	nc, err := net.Dial("tcp", strings.TrimPrefix(hs.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = nc.Close() })
	_ = nc.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET /engine.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := nc.Write(append([]byte(req), early...)); err != nil {
		t.Fatal(err)
	}
	c := &rawWS{t: t, nc: nc, br: bufio.NewReader(nc)}
	for {
		line, err := c.br.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(line, "HTTP/1.1 ") && !strings.HasPrefix(line, "HTTP/1.1 101") {
			t.Fatalf("upgrade refused: %q", line)
		}
		if line == "\r\n" {
			break
		}
	}
	if op, data := c.read(); op != ws.OpText || data[0] != '0' {
		t.Fatalf("open packet: %v %q", op, data)
	}
	return c
}

// frame builds a masked client frame.
func frame(op ws.OpCode, fin bool, payload []byte) []byte {
	b0 := byte(op)
	if fin {
		b0 |= 0x80
	}
	h := []byte{b0}
	switch n := len(payload); {
	case n < 126:
		h = append(h, 0x80|byte(n))
	case n < 1<<16:
		h = append(h, 0x80|126, byte(n>>8), byte(n))
	default:
		h = append(h, 0x80|127)
		h = binary.BigEndian.AppendUint64(h, uint64(n))
	}
	mask := [4]byte{0x1f, 0x8b, 0x37, 0xc4}
	p := append([]byte(nil), payload...)
	ws.Cipher(p, mask, 0)
	return append(append(h, mask[:]...), p...)
}

// send writes b in pieces of at most chunk bytes.
func (c *rawWS) send(b []byte, chunk int) {
	c.t.Helper()
	for len(b) > 0 {
		n := min(chunk, len(b))
		if _, err := c.nc.Write(b[:n]); err != nil {
			c.t.Fatal(err)
		}
		b = b[n:]
		if chunk < 16 {
			time.Sleep(time.Millisecond) // really separate reads on the server
		}
	}
}

// read returns the next server frame, which must be unmasked and final.
func (c *rawWS) read() (ws.OpCode, []byte) {
	c.t.Helper()
	//lint:ignore SA1019 the peer is our own server under test, whose frames are small; ReadFrame keeps the test short.
	f, err := ws.ReadFrame(c.br)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	if f.Header.Masked || !f.Header.Fin {
		c.t.Fatalf("server frame masked or not final: %+v", f.Header)
	}
	return f.Header.OpCode, f.Payload
}

// closeCode reads until the server's close frame and returns its code.
func (c *rawWS) closeCode() ws.StatusCode {
	c.t.Helper()
	for {
		op, p := c.read()
		if op == ws.OpClose {
			code, _ := ws.ParseCloseFrameData(p)
			return code
		}
	}
}

func TestWebSocketReassemblesFragmentsAroundControlFramesInAnySplit(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute})
	text := "4അന്ന മരിയ, வணக்கம், नमस्ते 🙏"
	cut := strings.Index(text, "മ") + 1 // inside a multi-byte character
	for _, chunk := range []int{1, 3, 1000, 1 << 20} {
		size := 70_000 // a 64-bit length
		if chunk < 16 {
			size = 300 // a 16-bit length, sent a byte or three at a time
		}
		stream := bytes.Join([][]byte{
			frame(ws.OpText, false, []byte(text[:cut])),
			frame(ws.OpPing, true, []byte("are you there")),
			frame(ws.OpContinuation, false, nil),
			frame(ws.OpContinuation, true, []byte(text[cut:])),
			frame(ws.OpBinary, true, bytes.Repeat([]byte{7}, size)),
			frame(ws.OpText, true, []byte("4second")),
		}, nil)
		c := dialRawWS(t, hs, nil)
		conn := <-conns
		c.send(stream, chunk)
		if op, p := c.read(); op != ws.OpPong || string(p) != "are you there" {
			t.Fatalf("chunk %d: pong: %v %q", chunk, op, p)
		}
		if op, p := c.read(); op != ws.OpText || string(p) != text {
			t.Fatalf("chunk %d: echo: %v %q", chunk, op, p)
		}
		if op, p := c.read(); op != ws.OpBinary || len(p) != size || p[size-1] != 7 {
			t.Fatalf("chunk %d: binary echo: %v %d", chunk, op, len(p))
		}
		if op, p := c.read(); op != ws.OpText || string(p) != "4second" {
			t.Fatalf("chunk %d: second echo: %v %q", chunk, op, p)
		}
		_ = conn.Close()
	}
}

func TestWebSocketReadsMessagesSentWithTheHandshake(t *testing.T) {
	_, hs, _ := testServer(t, Options{})
	c := dialRawWS(t, hs, append(frame(ws.OpText, true, []byte("4early")), frame(ws.OpText, true, []byte("4bird"))...))
	for _, want := range []string{"4early", "4bird"} {
		if op, p := c.read(); op != ws.OpText || string(p) != want {
			t.Fatalf("got %v %q, want %q", op, p, want)
		}
	}
}

func TestWebSocketProtocolErrorsFailOnlyThatSession(t *testing.T) {
	_, hs, conns := testServer(t, Options{MaxPayload: 100})
	unmasked := []byte{0x81, 2, '4', 'x'}
	rsv := frame(ws.OpText, true, []byte("4x"))
	rsv[0] |= 0x40
	cases := []struct {
		name string
		send []byte
		code ws.StatusCode
	}{
		{"unmasked", unmasked, ws.StatusProtocolError},
		{"reserved bit", rsv, ws.StatusProtocolError},
		{"continuation first", frame(ws.OpContinuation, true, []byte("4x")), ws.StatusProtocolError},
		{"new message inside a fragmented one", append(frame(ws.OpText, false, []byte("4")), frame(ws.OpText, true, []byte("x"))...), ws.StatusProtocolError},
		{"fragmented ping", frame(ws.OpPing, false, nil), ws.StatusProtocolError},
		{"oversized", frame(ws.OpText, true, []byte("4"+strings.Repeat("x", 200))), ws.StatusMessageTooBig},
		{"oversized in fragments", append(frame(ws.OpText, false, bytes.Repeat([]byte("x"), 60)), frame(ws.OpContinuation, true, bytes.Repeat([]byte("x"), 60))...), ws.StatusMessageTooBig},
		{"invalid utf-8", frame(ws.OpText, true, []byte{'4', 0xff, 0xfe}), ws.StatusInvalidFramePayloadData},
		{"bad close code", frame(ws.OpClose, true, []byte{0x03, 0xed}), ws.StatusProtocolError},
	}
	good := dialRawWS(t, hs, nil)
	<-conns
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := dialRawWS(t, hs, nil)
			conn := <-conns
			c.send(tc.send, len(tc.send))
			if code := c.closeCode(); code != tc.code {
				t.Fatalf("close code %d, want %d", code, tc.code)
			}
			<-conn.Done()
			if conn.CloseReason() != "parse error" {
				t.Fatalf("reason %q", conn.CloseReason())
			}
		})
	}
	good.send(frame(ws.OpText, true, []byte("4still here")), 100)
	if op, p := good.read(); op != ws.OpText || string(p) != "4still here" {
		t.Fatalf("other session broken: %v %q", op, p)
	}
}

func TestWebSocketCloseHandshakeBothWays(t *testing.T) {
	_, hs, conns := testServer(t, Options{})
	t.Run("client closes", func(t *testing.T) {
		c := dialRawWS(t, hs, nil)
		conn := <-conns
		c.send(frame(ws.OpClose, true, ws.NewCloseFrameBody(ws.StatusGoingAway, "bye")), 100)
		if code := c.closeCode(); code != ws.StatusGoingAway {
			t.Fatalf("echoed code %d", code)
		}
		<-conn.Done()
		if conn.CloseReason() != "transport close" {
			t.Fatalf("reason %q", conn.CloseReason())
		}
	})
	t.Run("server closes", func(t *testing.T) {
		c := dialRawWS(t, hs, nil)
		conn := <-conns
		c.send(frame(ws.OpText, true, []byte("4last words")), 100)
		if _, p := c.read(); string(p) != "4last words" {
			t.Fatalf("echo %q", p)
		}
		_ = conn.Close()
		if op, p := c.read(); op != ws.OpText || string(p) != "1" {
			t.Fatalf("close packet: %v %q", op, p)
		}
		if code := c.closeCode(); code != ws.StatusNormalClosure {
			t.Fatalf("close code %d", code)
		}
		// The server ends its side of the stream at once and never sends
		// anything after its close frame.
		if _, err := c.br.ReadByte(); err != io.EOF {
			t.Fatalf("after close: %v", err)
		}
		c.send(frame(ws.OpClose, true, ws.NewCloseFrameBody(ws.StatusNormalClosure, "")), 100)
		<-conn.Done()
	})
}

// pipeConn reads from r and discards writes.
type pipeConn struct {
	net.Conn
	r io.Reader
}

func (c *pipeConn) Read(p []byte) (int, error)       { return c.r.Read(p) }
func (c *pipeConn) Write(p []byte) (int, error)      { return len(p), nil }
func (c *pipeConn) SetWriteDeadline(time.Time) error { return nil }
func (c *pipeConn) Close() error                     { return nil }

func FuzzWebSocketFrames(f *testing.F) {
	f.Add(frame(ws.OpText, true, []byte("42[\"sendMessage\",{\"message\":\"നമസ്കാരം\"}]")))
	f.Add(append(frame(ws.OpText, false, []byte("4")), append(frame(ws.OpPing, true, []byte("x")), frame(ws.OpContinuation, true, []byte("a"))...)...))
	f.Add(frame(ws.OpBinary, true, bytes.Repeat([]byte{1}, 300)))
	f.Add(frame(ws.OpClose, true, ws.NewCloseFrameBody(ws.StatusNormalClosure, "")))
	f.Add([]byte{0x81, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0x81, 0x7e})
	f.Fuzz(func(t *testing.T, b []byte) {
		const limit = 1000
		w := newWSConn(&pipeConn{r: bytes.NewReader(b)}, nil, time.Second, limit)
		for {
			m, err := w.readMessage()
			if err != nil {
				return
			}
			if len(m.data) > limit || (!m.binary && !utf8.Valid(m.data)) {
				t.Fatalf("accepted a message of %d bytes (binary %v)", len(m.data), m.binary)
			}
		}
	})
}

func TestWebSocketBatchKeepsLargeAndSmallPacketsInOrder(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute})
	c := dialRawWS(t, hs, nil)
	conn := <-conns
	big := bytes.Repeat([]byte("नमस्ते "), 5000) // 50 kB of text
	huge := bytes.Repeat([]byte{9}, 100_000)     // beyond the pooled batch size
	want := []Message{{Data: []byte("first")}, {Data: big}, {Data: []byte("between")}, {Data: huge, Binary: true},
		{Data: []byte("last")}}
	if err := conn.Send(want...); err != nil {
		t.Fatal(err)
	}
	for i, m := range want {
		op, p := c.read()
		switch {
		case m.Binary && (op != ws.OpBinary || !bytes.Equal(p, m.Data)):
			t.Fatalf("message %d: binary %v, %d bytes", i, op, len(p))
		case !m.Binary && (op != ws.OpText || string(p) != "4"+string(m.Data)):
			t.Fatalf("message %d: text %v, %d bytes", i, op, len(p))
		}
	}
}

func TestSlowWebSocketClientHoldsUpNoOneAndGetsEverythingInOrder(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute,
		MaxQueuedPackets: 1000, WriteTimeout: time.Minute})
	slow := dialRawWS(t, hs, nil)
	slowConn := <-conns
	fast := dialRawWS(t, hs, nil)
	fastConn := <-conns

	// Far more than the loopback socket buffers hold: the write workers'
	// non-blocking writes come up short, and the rest waits in the slow
	// session's own goroutine.
	const n = 300
	payload := func(i int) []byte {
		return append([]byte{byte(i), byte(i >> 8)}, bytes.Repeat([]byte{byte(i)}, 64<<10)...)
	}
	for i := range n {
		if err := slowConn.Send(Message{Data: payload(i), Binary: true}); err != nil {
			t.Fatal(err)
		}
	}
	// A ping from the slow client makes its reader write a pong, which must
	// land between frames, never inside the batch being written.
	slow.send(frame(ws.OpPing, true, []byte("p")), 1<<20)

	// Meanwhile the other member is served at once.
	for i := range 50 {
		if err := fastConn.Send(Message{Data: []byte("hello " + string(rune('a'+i%26)))}); err != nil {
			t.Fatal(err)
		}
		if op, p := fast.read(); op != ws.OpText || !strings.HasPrefix(string(p), "4hello ") {
			t.Fatalf("fast member, message %d: %v %q", i, op, p)
		}
	}

	// The slow client finally reads: everything, whole and in order, and one pong.
	pongs := 0
	for i := 0; i < n; {
		op, p := slow.read()
		if op == ws.OpPong {
			pongs++
			continue
		}
		if op != ws.OpBinary || !bytes.Equal(p, payload(i)) {
			t.Fatalf("slow member, message %d: %v, %d bytes", i, op, len(p))
		}
		i++
	}
	for pongs == 0 {
		if op, _ := slow.read(); op == ws.OpPong {
			pongs++
		}
	}
}

func TestWebSocketClientThatStopsReadingIsClosedAtTheWriteTimeout(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute,
		MaxQueuedPackets: 1000, WriteTimeout: 300 * time.Millisecond})
	_ = dialRawWS(t, hs, nil) // reads nothing more
	c := <-conns
	big := bytes.Repeat([]byte{7}, 64<<10)
	for range 300 {
		if c.Send(Message{Data: big, Binary: true}) != nil {
			break
		}
	}
	<-c.Done()
	if r := c.CloseReason(); r != "transport error" {
		t.Fatalf("close reason %q", r)
	}
}

func TestWritesGoOnAfterAnEarlierWriteDeadlinePassed(t *testing.T) {
	// A blocking write (here the pong) sets the socket's write deadline; the
	// write workers' non-blocking writes must not fail once it has passed.
	_, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute,
		WriteTimeout: 200 * time.Millisecond})
	c := dialRawWS(t, hs, nil)
	conn := <-conns
	c.send(frame(ws.OpPing, true, []byte("p")), 1<<20)
	if op, _ := c.read(); op != ws.OpPong {
		t.Fatalf("got %v, want a pong", op)
	}
	for i := range 3 {
		time.Sleep(300 * time.Millisecond) // past the deadline the pong set
		if err := conn.Send(Message{Data: []byte("still here")}); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
		if op, p := c.read(); op != ws.OpText || string(p) != "4still here" {
			t.Fatalf("message %d: %v %q (session closed: %q)", i, op, p, conn.CloseReason())
		}
	}
}

// Closing a session whose writer is stuck on a client that reads nothing
// does not wait for that write: closing the socket is what ends it. Before,
// the close waited up to WriteTimeout for the writer, and Server.Close did
// so for each such session in turn.
func TestClosingASessionDoesNotWaitForAWriteStuckOnItsClient(t *testing.T) {
	srv, hs, conns := testServer(t, Options{PingInterval: time.Minute, PingTimeout: time.Minute,
		MaxQueuedPackets: 1000, WriteTimeout: time.Minute})
	_ = dialRawWS(t, hs, nil) // reads nothing more
	c := <-conns
	big := bytes.Repeat([]byte{7}, 64<<10)
	for range 200 { // 12.8 MB: far more than the socket buffers hold
		if err := c.Send(Message{Data: big, Binary: true}); err != nil {
			t.Fatal(err)
		}
	}
	// Stuck: the writer is at it and the queue has not moved for 100 ms. (The writer
	// may have started before all 200 sends were queued, so the queue need not be empty.)
	last := -1
	waitFor(t, "a writer stuck on the client", func() bool {
		if !c.mu.TryLock() {
			return false
		}
		writing, queued := c.writing, len(c.queue)
		c.mu.Unlock()
		stuck := writing && queued == last
		last = queued
		if !stuck {
			time.Sleep(100 * time.Millisecond)
		}
		return stuck
	})
	done := make(chan struct{})
	go func() {
		c.Abort("forced close")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second): // WriteTimeout is a minute
		t.Fatal("closing waited for the stuck write")
	}
	<-c.Done()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Close(ctx); err != nil {
		t.Fatalf("server close: %v", err)
	}
}
