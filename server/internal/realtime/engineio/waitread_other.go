//go:build !unix

package engineio

import "net"

// waitReadable returns at once: the read itself waits.
func waitReadable(net.Conn, *[1]byte) {}
