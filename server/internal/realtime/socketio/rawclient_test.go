package socketio

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// serve starts srv on a test HTTP server, closed (server first) when the
// test ends.
func serve(t *testing.T, srv *Server) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Close(ctx)
		hs.Close()
	})
	return hs
}

// rawClient is a minimal Socket.IO 5 client over an EIO4 WebSocket, used by
// tests that need no Node.js.
type rawClient struct {
	t  *testing.T
	ws *websocket.Conn
}

// dialRaw connects to the main namespace and returns once CONNECT is answered.
func dialRaw(t *testing.T, baseURL string) *rawClient {
	t.Helper()
	return dialRawQuery(t, baseURL, "")
}

// dialRawQuery is dialRaw with query (starting with "&") added to the
// handshake URL.
func dialRawQuery(t *testing.T, baseURL, query string) *rawClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(baseURL, "http")+"/engine.io/?EIO=4&transport=websocket"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	c := &rawClient{t: t, ws: ws}
	t.Cleanup(func() { _ = ws.CloseNow() })
	if m := c.read(); !strings.HasPrefix(m, "0{") {
		t.Fatalf("open packet %q", m)
	}
	c.write("40")
	if m := c.next(); !strings.HasPrefix(m, `0{"sid":`) {
		t.Fatalf("connect answer %q", m)
	}
	return c
}

func (c *rawClient) write(s string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatalf("write %q: %v", s, err)
	}
}

func (c *rawClient) read() string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, m, err := c.ws.Read(ctx)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return string(m)
}

// next returns the next Socket.IO packet text, answering pings.
func (c *rawClient) next() string {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		m := c.read()
		switch {
		case m == "2":
			c.write("3")
		case strings.HasPrefix(m, "4"):
			return m[1:]
		}
	}
	c.t.Fatal("no packet within 5s")
	return ""
}

// expect reads packets until one equals want.
func (c *rawClient) expect(want string) {
	c.t.Helper()
	for range 20 {
		if m := c.next(); m == want {
			return
		}
	}
	c.t.Fatalf("never received %q", want)
}
