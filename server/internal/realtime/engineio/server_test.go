package engineio

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// testServer starts an engine whose connections echo every message back.
func testServer(t *testing.T, opts Options) (*Server, *httptest.Server, chan *Conn) {
	t.Helper()
	return testServerWrapped(t, opts, nil)
}

// testServerWrapped is testServer with the engine behind wrap (nil: none).
func testServerWrapped(t *testing.T, opts Options, wrap func(http.Handler) http.Handler) (*Server, *httptest.Server, chan *Conn) {
	t.Helper()
	if opts.PingInterval == 0 {
		opts.PingInterval = time.Second
		opts.PingTimeout = time.Second
	}
	srv := NewServer(opts)
	conns := make(chan *Conn, 16)
	srv.OnConnection(func(c *Conn) {
		c.OnMessage(func(m Message) { _ = c.Send(m) })
		conns <- c
	})
	var h http.Handler = srv
	if wrap != nil {
		h = wrap(srv)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Close(ctx)
		hs.CloseClientConnections()
		hs.Close()
	})
	return srv, hs, conns
}

func get(t *testing.T, url string, hdr ...string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "text/plain;charset=UTF-8", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

type openPacket struct {
	SID          string   `json:"sid"`
	Upgrades     []string `json:"upgrades"`
	PingInterval int      `json:"pingInterval"`
	PingTimeout  int      `json:"pingTimeout"`
	MaxPayload   *int     `json:"maxPayload"`
}

func handshake(t *testing.T, base string, eio int) openPacket {
	t.Helper()
	u := base + "/engine.io/?EIO=4&transport=polling"
	if eio == 3 {
		u = base + "/engine.io/?EIO=3&transport=polling&b64=1"
	}
	code, body := get(t, u)
	if code != 200 {
		t.Fatalf("handshake: %d %s", code, body)
	}
	if eio == 3 {
		_, body, _ = strings.Cut(body, ":")
	}
	var op openPacket
	if !strings.HasPrefix(body, "0") || json.Unmarshal([]byte(body[1:]), &op) != nil {
		t.Fatalf("bad open packet %q", body)
	}
	return op
}

func TestHandshakeOpenPacketHasExactlyTheProtocolFields(t *testing.T) {
	_, hs, _ := testServer(t, Options{PingInterval: 300 * time.Millisecond, PingTimeout: 200 * time.Millisecond})
	_, body := get(t, hs.URL+"/engine.io/?EIO=4&transport=polling")
	var m map[string]any
	if err := json.Unmarshal([]byte(body[1:]), &m); err != nil {
		t.Fatal(body, err)
	}
	if len(m) != 5 || m["pingInterval"] != 300.0 || m["pingTimeout"] != 200.0 || m["maxPayload"] != 1e6 || len(m["sid"].(string)) < 22 {
		t.Fatalf("EIO4 open packet %v", m)
	}
	if ups := m["upgrades"].([]any); len(ups) != 1 || ups[0] != "websocket" {
		t.Fatalf("upgrades %v", ups)
	}
	_, body = get(t, hs.URL+"/engine.io/?EIO=3&transport=polling")
	_, body, _ = strings.Cut(body, ":")
	m = nil
	if err := json.Unmarshal([]byte(body[1:]), &m); err != nil {
		t.Fatal(body, err)
	}
	if len(m) != 4 || m["maxPayload"] != nil {
		t.Fatalf("EIO3 open packet %v", m)
	}
}

func TestRefusedRequestsGetProtocolErrorBodies(t *testing.T) {
	_, hs, _ := testServer(t, Options{CheckOrigin: AllowOrigins("https://tfm.example")})
	u := hs.URL + "/engine.io/"
	cases := []struct {
		name, query, method, origin string
		status                      int
		body                        string
	}{
		{"ErrUnsupportedProtocolVersion", "EIO=5&transport=polling", "GET", "", 400, `{"code":5,"message":"Unsupported protocol version"}`},
		{"ErrMissingEIO", "transport=polling", "GET", "", 400, `{"code":5,"message":"Unsupported protocol version"}`},
		{"ErrUnknownTransport", "EIO=4&transport=__proto__", "GET", "", 400, `{"code":0,"message":"Transport unknown"}`},
		{"ErrUnknownSID", "EIO=4&transport=polling&sid=nope", "GET", "", 400, `{"code":1,"message":"Session ID unknown"}`},
		{"ErrBadHandshakeMethod", "EIO=4&transport=polling", "POST", "", 400, `{"code":2,"message":"Bad handshake method"}`},
		{"ErrWebSocketWithoutUpgrade", "EIO=4&transport=websocket", "GET", "", 400, `{"code":3,"message":"Bad request"}`},
		{"ErrBadQuery", "EIO=4&transport=polling&%zz", "GET", "", 400, `{"code":3,"message":"Bad request"}`},
		{"ErrForbiddenOrigin", "EIO=4&transport=polling", "GET", "https://evil.example", 403, `{"code":4,"message":"Forbidden"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, u+"?"+tc.query, nil)
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status || string(b) != tc.body || resp.Header.Get("Content-Type") != "application/json" {
				t.Fatalf("got %d %s", resp.StatusCode, b)
			}
		})
	}
	t.Run("OKAllowedOrigin", func(t *testing.T) {
		code, _ := get(t, u+"?EIO=4&transport=polling", "Origin", "https://tfm.example")
		if code != 200 {
			t.Fatalf("allowed origin refused: %d", code)
		}
	})
	t.Run("ErrForbiddenOriginWithSID", func(t *testing.T) {
		op := handshake(t, hs.URL, 4)
		code, body := get(t, u+"?EIO=4&transport=polling&sid="+op.SID, "Origin", "https://evil.example")
		if code != 403 || !strings.Contains(body, `"code":4`) {
			t.Fatalf("got %d %s", code, body)
		}
	})
	t.Run("ErrForbiddenOriginAtUpgrade", func(t *testing.T) {
		op := handshake(t, hs.URL, 4)
		_, resp, err := websocket.Dial(context.Background(), wsURL(hs.URL)+"&sid="+op.SID, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
		if err == nil || resp == nil || resp.StatusCode != 403 {
			t.Fatalf("upgrade with bad origin not refused: %v", err)
		}
	})
}

func wsURL(base string) string {
	return "ws" + strings.TrimPrefix(base, "http") + "/engine.io/?EIO=4&transport=websocket"
}

func TestPollingEchoesUnicodeAndBinary(t *testing.T) {
	_, hs, _ := testServer(t, Options{})
	t.Run("EIO4", func(t *testing.T) {
		op := handshake(t, hs.URL, 4)
		u := hs.URL + "/engine.io/?EIO=4&transport=polling&sid=" + op.SID
		if code, body := post(t, u, "4നമസ്കാരം 🙏\x1ebAAEC"); code != 200 || body != "ok" {
			t.Fatalf("post: %d %s", code, body)
		}
		if _, body := get(t, u); body != "4നമസ്കാരം 🙏\x1ebAAEC" {
			t.Fatalf("poll: %q", body)
		}
	})
	t.Run("EIO3", func(t *testing.T) {
		op := handshake(t, hs.URL, 3)
		u := hs.URL + "/engine.io/?EIO=3&transport=polling&b64=1&sid=" + op.SID
		if code, body := post(t, u, "9:4நமஸ்தே🙏6:b4AAEC1:2"); code != 200 || body != "ok" {
			t.Fatalf("post: %d %s", code, body)
		}
		if _, body := get(t, u); body != "9:4நமஸ்தே🙏6:b4AAEC1:3" {
			t.Fatalf("poll: %q", body)
		}
	})
}

func TestOversizedPostIsRefusedAndClosesSession(t *testing.T) {
	_, hs, conns := testServer(t, Options{MaxPayload: 100})
	op := handshake(t, hs.URL, 4)
	c := <-conns
	code, _ := post(t, hs.URL+"/engine.io/?EIO=4&transport=polling&sid="+op.SID, "4"+strings.Repeat("x", 200))
	if code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d", code)
	}
	<-c.Done()
}

func TestMalformedPostClosesOnlyThatSession(t *testing.T) {
	_, hs, conns := testServer(t, Options{})
	bad := handshake(t, hs.URL, 3)
	c := <-conns
	good := handshake(t, hs.URL, 3)
	if code, _ := post(t, hs.URL+"/engine.io/?EIO=3&transport=polling&sid="+bad.SID, "99:4a"); code != 400 {
		t.Fatalf("status %d", code)
	}
	<-c.Done()
	if c.CloseReason() != "parse error" {
		t.Fatalf("reason %q", c.CloseReason())
	}
	if code, _ := post(t, hs.URL+"/engine.io/?EIO=3&transport=polling&sid="+good.SID, "2:4a"); code != 200 {
		t.Fatalf("other session broken: %d", code)
	}
}

func TestHeartbeatTimeoutClosesSession(t *testing.T) {
	for _, eio := range []int{3, 4} {
		_, hs, conns := testServer(t, Options{PingInterval: 50 * time.Millisecond, PingTimeout: 50 * time.Millisecond})
		handshake(t, hs.URL, eio)
		c := <-conns
		select {
		case <-c.Done():
			if c.CloseReason() != "ping timeout" {
				t.Fatalf("EIO%d reason %q", eio, c.CloseReason())
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("EIO%d session not closed", eio)
		}
	}
}

func TestEIO4ServerPingsAndPongKeepsSessionAlive(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: 50 * time.Millisecond, PingTimeout: 100 * time.Millisecond})
	op := handshake(t, hs.URL, 4)
	c := <-conns
	u := hs.URL + "/engine.io/?EIO=4&transport=polling&sid=" + op.SID
	for range 4 {
		if _, body := get(t, u); body != "2" {
			t.Fatalf("expected ping, got %q", body)
		}
		post(t, u, "3")
	}
	select {
	case <-c.Done():
		t.Fatalf("closed: %s", c.CloseReason())
	default:
	}
}

func TestOverlappingPollClosesSession(t *testing.T) {
	_, hs, conns := testServer(t, Options{})
	op := handshake(t, hs.URL, 4)
	c := <-conns
	u := hs.URL + "/engine.io/?EIO=4&transport=polling&sid=" + op.SID
	first := make(chan string)
	go func() { _, b := get(t, u); first <- b }()
	time.Sleep(50 * time.Millisecond)
	if code, _ := get(t, u); code != 400 {
		t.Fatalf("overlap status %d", code)
	}
	<-c.Done()
	if b := <-first; b != "1" {
		t.Fatalf("pending poll got %q, want close packet", b)
	}
}

func TestUpgradeDeliversMessagesQueuedDuringSwitchExactlyOnce(t *testing.T) {
	for _, eio := range []string{"3", "4"} {
		t.Run("EIO"+eio, func(t *testing.T) {
			_, hs, conns := testServer(t, Options{})
			_, body := get(t, hs.URL+"/engine.io/?EIO="+eio+"&transport=polling&b64=1")
			var op openPacket
			_ = json.Unmarshal([]byte(body[strings.Index(body, "{"):]), &op)
			c := <-conns
			pu := hs.URL + "/engine.io/?EIO=" + eio + "&transport=polling&b64=1&sid=" + op.SID
			pending := make(chan string, 1)
			go func() { _, b := get(t, pu); pending <- b }()
			time.Sleep(30 * time.Millisecond)

			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/engine.io/?EIO="+eio+"&transport=websocket&sid="+op.SID, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.CloseNow()
			_ = ws.Write(ctx, websocket.MessageText, []byte("2probe"))
			if _, m, _ := ws.Read(ctx); string(m) != "3probe" {
				t.Fatalf("probe answer %q", m)
			}
			if b := <-pending; !strings.HasSuffix(b, "6") {
				t.Fatalf("pending poll got %q, want noop", b)
			}
			_ = c.Send(Message{Data: []byte("during")}, Message{Binary: true, Data: []byte{7}})
			_ = ws.Write(ctx, websocket.MessageText, []byte("5"))
			if _, m, _ := ws.Read(ctx); string(m) != "4during" {
				t.Fatalf("first ws message %q", m)
			}
			typ, m, _ := ws.Read(ctx)
			wantBin := []byte{7}
			if eio == "3" {
				wantBin = []byte{4, 7}
			}
			if typ != websocket.MessageBinary || string(m) != string(wantBin) {
				t.Fatalf("binary ws message %v %v", typ, m)
			}
			_ = c.Send(Message{Data: []byte("after")})
			if _, m, _ := ws.Read(ctx); string(m) != "4after" {
				t.Fatalf("after upgrade %q", m)
			}
			if c.Transport() != TransportWebSocket {
				t.Fatal("transport not switched")
			}
			if code, _ := get(t, pu); code != 400 {
				t.Fatalf("polling after upgrade: %d", code)
			}
		})
	}
}

func TestWebSocketOnlySessionEchoes(t *testing.T) {
	_, hs, _ := testServer(t, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, wsURL(hs.URL), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	_, m, _ := ws.Read(ctx)
	var op openPacket
	if m[0] != '0' || json.Unmarshal(m[1:], &op) != nil || len(op.Upgrades) != 0 || op.MaxPayload == nil {
		t.Fatalf("open %q", m)
	}
	_ = ws.Write(ctx, websocket.MessageText, []byte("4👨‍👩‍👧"))
	if _, m, _ := ws.Read(ctx); string(m) != "4👨‍👩‍👧" {
		t.Fatalf("echo %q", m)
	}
	_ = ws.Write(ctx, websocket.MessageBinary, []byte{1, 2})
	if typ, m, _ := ws.Read(ctx); typ != websocket.MessageBinary || len(m) != 2 {
		t.Fatalf("binary echo %v %v", typ, m)
	}
}

func TestOversizedWebSocketMessageClosesSession(t *testing.T) {
	_, hs, conns := testServer(t, Options{MaxPayload: 64})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, wsURL(hs.URL), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := <-conns
	_ = ws.Write(ctx, websocket.MessageText, []byte("4"+strings.Repeat("x", 100)))
	<-c.Done()
}

func TestSlowConsumerIsClosedWithoutBlockingSenders(t *testing.T) {
	_, hs, conns := testServer(t, Options{MaxQueuedPackets: 8})
	handshake(t, hs.URL, 4) // never polls again
	c := <-conns
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 100 {
			_ = c.Send(Message{Data: []byte("x")})
		}
	}()
	wg.Wait()
	<-c.Done()
	if c.CloseReason() != "slow consumer" {
		t.Fatalf("reason %q", c.CloseReason())
	}
	if err := c.Send(Message{Data: []byte("x")}); err != ErrClosed {
		t.Fatalf("send after close: %v", err)
	}
}

func TestGracefulCloseFlushesQueueOverPolling(t *testing.T) {
	_, hs, conns := testServer(t, Options{})
	op := handshake(t, hs.URL, 4)
	c := <-conns
	_ = c.Send(Message{Data: []byte("bye")})
	_ = c.Close()
	if _, body := get(t, hs.URL+"/engine.io/?EIO=4&transport=polling&sid="+op.SID); body != "4bye\x1e1" {
		t.Fatalf("got %q", body)
	}
	<-c.Done()
}

func TestSessionKeepsOnlyTheNamedHandshakeHeaders(t *testing.T) {
	for _, tc := range []struct {
		keep []string
		want map[string]string
	}{
		{nil, map[string]string{"User-Agent": "Kochi-Phone/1", "Cookie": "refresh=secret"}},
		{[]string{"user-agent"}, map[string]string{"User-Agent": "Kochi-Phone/1"}},
		{[]string{}, map[string]string{}},
	} {
		_, hs, conns := testServer(t, Options{KeepHeaders: tc.keep})
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		ws, _, err := websocket.Dial(ctx, wsURL(hs.URL), &websocket.DialOptions{HTTPHeader: http.Header{
			"User-Agent": {"Kochi-Phone/1"}, "Cookie": {"refresh=secret"}}})
		if err != nil {
			t.Fatal(err)
		}
		h := (<-conns).Request().Header
		for k, v := range tc.want {
			if h.Get(k) != v {
				t.Errorf("keep %v: %s = %q, want %q", tc.keep, k, h.Get(k), v)
			}
		}
		if tc.keep != nil && len(h) != len(tc.want) {
			t.Errorf("keep %v: kept %v", tc.keep, h)
		}
		_ = ws.CloseNow()
		cancel()
	}
}

func TestRequestContextEndsWithTheSession(t *testing.T) {
	_, hs, conns := testServer(t, Options{})
	handshake(t, hs.URL, 4)
	c := <-conns
	ctx := c.Request().Context()
	if ctx.Err() != nil {
		t.Fatalf("open session: %v", ctx.Err())
	}
	stopped := make(chan struct{})
	context.AfterFunc(ctx, func() { close(stopped) })
	c.Abort("forced close")
	<-ctx.Done()
	<-stopped
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Fatalf("closed session: %v", ctx.Err())
	}
}
