//go:build !unix

package engineio

import "net"

// tryWriteLocked writes nothing here: every batch goes to a writer
// goroutine, which waits with the write deadline.
func (w *wsConn) tryWriteLocked([]byte) (int, error) {
	if w.closeSent {
		return 0, net.ErrClosed
	}
	return 0, nil
}
