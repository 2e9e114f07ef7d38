//go:build unix

package engineio

import "net"

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
	o := getRawOp()
	defer o.put()
	o.buf = b
	err := w.raw.Write(o.writeOnce)
	if err == nil {
		err = o.err
	}
	return o.n, err
}
