//go:build !unix

package engineio

import (
	"net"
	"syscall"
	"time"
)

// waitReadable returns at once: the read itself waits.
func waitReadable(syscall.RawConn, *[1]byte) {}

// waitReadableFor reports false at once: there is no poller to hand over to.
func waitReadableFor(net.Conn, syscall.RawConn, *[1]byte, time.Duration) bool { return false }
