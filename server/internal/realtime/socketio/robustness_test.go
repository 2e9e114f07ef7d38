package socketio

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestMalformedPacketsCloseOnlyTheirConnection(t *testing.T) {
	srv, url := appServer(t, Options{})
	healthy := dialRaw(t, url)
	for _, bad := range cvePackets {
		c := dialRaw(t, url)
		c.write("4" + bad)
		if strings.HasPrefix(bad, "51-") {
			_ = c.ws.Write(context.Background(), websocket.MessageBinary, []byte{1}) // the attachment
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		var err error
		for err == nil {
			_, _, err = c.ws.Read(ctx)
		}
		if ctx.Err() != nil {
			t.Errorf("connection survived %q", bad)
		}
		cancel()
	}
	// Stray binary frame without a pending BINARY_EVENT.
	c := dialRaw(t, url)
	c.write("451-[\"a\",{\"_placeholder\":true,\"num\":0}]")
	c.write("42[\"echo\"]") // text where the attachment was due
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	var err error
	for err == nil {
		_, _, err = c.ws.Read(ctx)
	}
	if ctx.Err() != nil {
		t.Error("connection survived a missing attachment")
	}
	healthy.write(`421["echo","ok"]`)
	healthy.expect(`31["ok"]`)
	eventually(t, "only the healthy socket left", func() bool { return len(srv.Of("/").Sockets()) == 1 })
}
