//go:build !linux

package engineio

// poller is Linux only: elsewhere every session's reader waits in its own
// goroutine.
type poller struct{}

func newPoller(*Server) *poller { return nil }

func (p *poller) arm(*Conn, *wsConn) bool { return false }

func (p *poller) forget(*Conn) {}
