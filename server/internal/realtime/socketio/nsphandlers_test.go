package socketio

import (
	"testing"
)

// TestNamespaceHandlersServeEverySocketUnlessItHasItsOwn: a handler
// registered on the namespace answers sockets connected before and after it
// was registered, with their own identity; a socket's own handler for the
// same event wins, and re-registering replaces the namespace's handler.
func TestNamespaceHandlersServeEverySocketUnlessItHasItsOwn(t *testing.T) {
	srv := NewServer(Options{})
	root := srv.Of("/")
	root.OnConnection(func(s *Socket) {
		s.SetData(s.ID())
		if s.Handshake().Query.Get("own") == "1" {
			s.On("whoami", func(s *Socket, _ []any, ack func(...any)) { ack("own handler") })
		}
	})
	hs := serve(t, srv)
	early := dialRaw(t, hs.URL)
	root.On("whoami", func(s *Socket, _ []any, ack func(...any)) { ack("old", s.Data()) })
	root.On("whoami", func(s *Socket, _ []any, ack func(...any)) { ack("shared", s.Data() == s.ID()) })
	late := dialRaw(t, hs.URL)
	for _, c := range []*rawClient{early, late} {
		c.write(`421["whoami"]`)
		c.expect(`31["shared",true]`)
	}
	own := dialRawQuery(t, hs.URL, "&own=1")
	own.write(`427["whoami"]`)
	own.expect(`37["own handler"]`)
}
