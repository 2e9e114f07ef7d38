package socketio

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestForgetCredentialsDropsTheTokenAfterConnect: a connect middleware reads
// the token from the CONNECT auth payload and the query, then forgets them;
// the connected socket's handshake keeps its headers and address but no
// longer holds the token, while a handshake read before still does.
func TestForgetCredentialsDropsTheTokenAfterConnect(t *testing.T) {
	srv := NewServer(Options{})
	var before *Handshake
	seen := make(chan *Socket, 1)
	root := srv.Of("/")
	root.Use(func(s *Socket, auth map[string]any) error {
		before = s.Handshake()
		if auth["token"] != "secret-token" || s.Handshake().Query.Get("token") != "query-token" {
			t.Errorf("middleware saw auth %v, query %v", auth, s.Handshake().Query)
		}
		s.ForgetCredentials()
		return nil
	})
	root.OnConnection(func(s *Socket) { seen <- s })
	hs := serve(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/engine.io/?EIO=4&transport=websocket&token=query-token",
		&websocket.DialOptions{HTTPHeader: http.Header{"User-Agent": {"tfm-test"}}})
	if err != nil {
		t.Fatal(err)
	}
	c := &rawClient{t: t, ws: ws}
	t.Cleanup(func() { _ = ws.CloseNow() })
	c.read() // open
	c.write(`40{"token":"secret-token"}`)
	if m := c.next(); !strings.HasPrefix(m, `0{"sid":`) {
		t.Fatalf("connect answer %q", m)
	}
	s := <-seen
	after := s.Handshake()
	if after.Auth != nil || after.Query.Get("token") != "" || len(after.Query) != 0 {
		t.Fatalf("after connect the handshake still holds auth %v, query %v", after.Auth, after.Query)
	}
	if after.Header.Get("User-Agent") != "tfm-test" || after.Address == "" || after.Protocol != 5 || after.EIO != 4 {
		t.Fatalf("the rest of the handshake was lost: %+v", after)
	}
	if before.Auth["token"] != "secret-token" {
		t.Fatal("a handshake read before ForgetCredentials changed under its reader")
	}
}
