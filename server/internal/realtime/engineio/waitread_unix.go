//go:build unix

package engineio

import (
	"net"
	"syscall"
	"time"
)

// waitReadable blocks until nc has bytes to read, has ended or has failed,
// parking the goroutine in the network poller with a shallow stack: a
// goroutine parked deep in a frame read keeps a stack that the runtime can
// never shrink below 8 kB. It returns at once when nc is not
// a plain socket (TLS, for example).
func waitReadable(nc net.Conn, peek *[1]byte) {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Read(func(fd uintptr) bool { return peekReadable(fd, peek) })
}

// waitReadableFor is waitReadable for at most d; it reports whether nc is
// readable (or has ended or failed), and false when d passed first or nc is
// not a plain socket.
func waitReadableFor(nc net.Conn, peek *[1]byte, d time.Duration) bool {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	if peekReadableConn(rc, peek) {
		return true
	}
	if nc.SetReadDeadline(time.Now().Add(d)) != nil {
		return false
	}
	err = rc.Read(func(fd uintptr) bool { return peekReadable(fd, peek) })
	_ = nc.SetReadDeadline(time.Time{})
	return err == nil
}

// peekReadableConn peeks without waiting.
func peekReadableConn(rc syscall.RawConn, peek *[1]byte) bool {
	readable := true
	_ = rc.Control(func(fd uintptr) { readable = peekReadable(fd, peek) })
	return readable
}
