package socketio

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

func TestClosedConnectionsAndServerLeakNoGoroutines(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	// CloseTimeout bounds how long Close waits for the live client, which
	// never answers the close frame (nothing reads it).
	srv := NewServer(Options{Engine: engineio.Options{PingInterval: 100 * time.Millisecond, PingTimeout: 200 * time.Millisecond, CloseTimeout: 300 * time.Millisecond},
		ConnectTimeout: 100 * time.Millisecond})
	mountApp(srv)
	hs := httptest.NewServer(srv)
	defer hs.Close()

	// A websocket client that disconnects itself, one that vanishes, and a
	// polling client that never polls again (ping timeout), plus one that
	// never joins a namespace (connect timeout).
	gone := dialRaw(t, hs.URL)
	gone.write(`42["ticks"]`)
	_ = gone.ws.CloseNow()
	bye := dialRaw(t, hs.URL)
	bye.write("41")
	for _, q := range []string{"EIO=4&transport=polling", "EIO=3&transport=polling&b64=1"} {
		resp, err := http.Get(hs.URL + "/engine.io/?" + q)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	kept := dialRaw(t, hs.URL)
	kept.write(`421["join","room"]`)
	kept.expect(`31["joined"]`)

	deadline := time.Now().Add(3 * time.Second)
	for srv.Engine().Count() > 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := srv.Engine().Count(); n > 1 {
		t.Fatalf("%d sessions left, want at most the live one", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Close(ctx); err != nil {
		t.Fatal(err)
	}
	_ = kept.ws.CloseNow()
	hs.CloseClientConnections()
	hs.Close()
	if got := len(srv.Of("/").Sockets()); got != 0 {
		t.Fatalf("%d sockets left after close", got)
	}
	if rooms := srv.Of("/").Adapter().LocalSockets(BroadcastOptions{Rooms: []string{"room"}}); len(rooms) != 0 {
		t.Fatalf("room still holds %v", rooms)
	}
}
