//go:build unix

package engineio

import (
	"net"
	"syscall"
	"time"
)

// waitReadable blocks until raw has bytes to read, has ended or has
// failed, parking the goroutine in the network poller with a shallow stack:
// a goroutine parked deep in a frame read keeps a stack that the runtime can
// never shrink below 8 kB. It returns at once when raw is nil (not a plain
// socket: TLS, for example).
func waitReadable(raw syscall.RawConn, peek *[1]byte) {
	if raw == nil {
		return
	}
	o := getRawOp()
	defer o.put()
	o.peek = peek
	_ = raw.Read(o.peekRead)
}

// waitReadableFor is waitReadable for at most d; it reports whether the
// socket is readable (or has ended or failed), and false when d passed
// first or raw is nil; with d ≤ 0 it only looks. nc is raw's connection,
// for the deadline.
func waitReadableFor(nc net.Conn, raw syscall.RawConn, peek *[1]byte, d time.Duration) bool {
	if raw == nil {
		return false
	}
	o := getRawOp()
	defer o.put()
	o.peek = peek
	if err := raw.Control(o.peekCtl); err != nil || o.ok || d <= 0 {
		return err != nil || o.ok // a closed socket counts as readable: the read reports it
	}
	if nc.SetReadDeadline(time.Now().Add(d)) != nil {
		return false
	}
	err := raw.Read(o.peekRead)
	_ = nc.SetReadDeadline(time.Time{})
	return err == nil
}
