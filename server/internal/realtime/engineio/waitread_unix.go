//go:build unix

package engineio

import (
	"net"
	"syscall"
)

// waitReadable blocks until nc has bytes to read, has ended or has failed,
// parking the goroutine in the network poller with a shallow stack: a
// goroutine parked deep in coder/websocket's read path keeps a stack that
// the runtime can never shrink below 8 kB. It returns at once when nc is not
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
