//go:build unix

package engineio

import (
	"net"
	"syscall"
)

// tryWriteLocked writes as much of b as the socket takes now, without
// waiting, and returns how much that was; writeMu is held. A short count
// with a nil error means the client's receive window is full. It writes on
// the raw socket: net.Conn's Write would park the goroutine until the rest
// fits, which a write worker must never do.
func (w *wsConn) tryWriteLocked(b []byte) (int, error) {
	if w.closeSent {
		return 0, net.ErrClosed
	}
	// RawConn.Write fails at once, without trying, when the deadline an
	// earlier blocking write set has passed: keep it in the future, as
	// every other write does.
	w.armLocked()
	n := 0
	var werr error
	err := w.raw.Write(func(fd uintptr) bool {
		for n < len(b) {
			k, e := syscall.Write(int(fd), b[n:])
			switch {
			case e == syscall.EINTR:
				continue
			case e == syscall.EAGAIN:
				return true
			case e != nil:
				werr = e
				return true
			case k <= 0:
				return true
			}
			n += k
		}
		return true
	})
	if err == nil {
		err = werr
	}
	return n, err
}
