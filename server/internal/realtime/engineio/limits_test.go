package engineio

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// addrServer serves srv with the client address taken from X-Test-Addr, as
// the HTTP layer hands it over (WithClientAddr) behind trusted proxies.
func addrServer(t *testing.T, opts Options) (*Server, string) {
	t.Helper()
	srv, hs, _ := testServerWrapped(t, opts, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if a := r.Header.Get("X-Test-Addr"); a != "" {
				r = r.WithContext(WithClientAddr(r.Context(), a))
			}
			next.ServeHTTP(w, r)
		})
	})
	return srv, hs.URL
}

// open handshakes over polling from addr with the given User-Agent and returns the sid, or the refusal.
func open(t *testing.T, base, addr, ua string) (sid string, status int, body string, retry string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/engine.io/?EIO=4&transport=polling", nil)
	req.Header.Set("X-Test-Addr", addr)
	req.Header.Set("User-Agent", ua)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.WriteString(string(buf[:n]))
		if err != nil {
			break
		}
	}
	if resp.StatusCode != http.StatusOK {
		return "", resp.StatusCode, b.String(), resp.Header.Get("Retry-After")
	}
	var op openPacket
	if err := json.Unmarshal([]byte(strings.TrimPrefix(b.String(), "0")), &op); err != nil {
		t.Fatalf("open packet %q: %v", b.String(), err)
	}
	return op.SID, resp.StatusCode, "", ""
}

// pollAs sends a polling request for sid from addr with ua.
func pollAs(t *testing.T, base, sid, method, addr, ua string) int {
	t.Helper()
	var body *strings.Reader
	if method == http.MethodPost {
		body = strings.NewReader("4hello")
	} else {
		body = strings.NewReader("")
	}
	req, _ := http.NewRequest(method, base+"/engine.io/?EIO=4&transport=polling&sid="+sid, body)
	req.Header.Set("X-Test-Addr", addr)
	req.Header.Set("User-Agent", ua)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return resp.StatusCode
}

// Issue 18 item 2: polling sessions that never upgrade count against the
// per-address and the server-wide caps, and are refused with a clear answer.
func TestSessionCaps(t *testing.T) {
	srv, base := addrServer(t, Options{MaxSessionsPerClient: 3, MaxSessions: 5})
	var sids []string
	for i := 0; i < 3; i++ {
		sid, code, body, _ := open(t, base, "203.0.113.7", "ua")
		if code != 200 {
			t.Fatalf("session %d refused: %d %s", i, code, body)
		}
		sids = append(sids, sid)
	}
	_, code, body, retry := open(t, base, "203.0.113.7", "ua")
	if code != http.StatusTooManyRequests || retry == "" || !strings.Contains(body, "Too many connections") {
		t.Fatalf("a 4th session from one address: %d %q Retry-After %q", code, body, retry)
	}
	// Other addresses fill the server up to its cap, then everyone is refused with 503.
	for _, a := range []string{"198.51.100.1", "198.51.100.2"} {
		if _, code, body, _ := open(t, base, a, "ua"); code != 200 {
			t.Fatalf("%s refused: %d %s", a, code, body)
		}
	}
	_, code, body, retry = open(t, base, "198.51.100.3", "ua")
	if code != http.StatusServiceUnavailable || retry == "" || !strings.Contains(body, "busy") {
		t.Fatalf("past the server cap: %d %q Retry-After %q", code, body, retry)
	}
	if perClient, full := srv.Refused(); perClient != 1 || full != 1 {
		t.Fatalf("refusals counted %d per client, %d full; want 1 and 1", perClient, full)
	}
	// A closed session gives its place back.
	if code := pollAs(t, base, sids[0], http.MethodPost, "203.0.113.7", "ua"); code != 200 {
		t.Fatalf("post: %d", code)
	}
	srv.lookup(sids[0]).closeNow("test")
	deadline := time.Now().Add(5 * time.Second)
	for srv.Count() != 4 {
		if time.Now().After(deadline) {
			t.Fatalf("the closed session is still counted: %d open", srv.Count())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if _, code, body, _ := open(t, base, "203.0.113.7", "ua"); code != 200 {
		t.Fatalf("after a close, the address is still refused: %d %s", code, body)
	}
}

// The WebSocket handshake counts too, and a refused one is answered before the upgrade.
func TestSessionCapsWebSocket(t *testing.T) {
	_, base := addrServer(t, Options{MaxSessionsPerClient: 1})
	hdr := http.Header{"X-Test-Addr": {"192.0.2.1"}}
	url := "ws" + strings.TrimPrefix(base, "http") + "/engine.io/?EIO=4&transport=websocket"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: hdr})
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a second WebSocket from the address: err %v, resp %v", err, resp)
	}
}

// Issue 18 item 8: a session id replayed from another address, or from
// another browser at the same address, is unknown to the server.
func TestSessionIsBoundToItsClient(t *testing.T) {
	_, base := addrServer(t, Options{})
	const ua = "Mozilla/5.0 (Linux; Android 13) Chrome/120"
	sid, _, _, _ := open(t, base, "203.0.113.9", ua)
	if code := pollAs(t, base, sid, http.MethodGet, "198.51.100.66", ua); code != http.StatusBadRequest {
		t.Fatalf("a GET from another address: %d, want 400 (Session ID unknown)", code)
	}
	if code := pollAs(t, base, sid, http.MethodPost, "198.51.100.66", ua); code != http.StatusBadRequest {
		t.Fatalf("a POST from another address: %d", code)
	}
	if code := pollAs(t, base, sid, http.MethodGet, "203.0.113.9", "curl/8.0"); code != http.StatusBadRequest {
		t.Fatalf("a GET from another browser at the same address: %d", code)
	}
	url := "ws" + strings.TrimPrefix(base, "http") + "/engine.io/?EIO=4&transport=websocket&sid=" + sid
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if _, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"X-Test-Addr": {"198.51.100.66"}}}); err == nil || resp == nil || resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("an upgrade from another address: err %v resp %v", err, resp)
	}
	// The owner still gets through.
	if code := pollAs(t, base, sid, http.MethodPost, "203.0.113.9", ua); code != http.StatusOK {
		t.Fatalf("the owner's POST: %d", code)
	}
}
