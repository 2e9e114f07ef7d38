//go:build unix && !linux

package engineio

import "syscall"

// peekReadable reports whether the socket fd has bytes to read, has ended or
// has failed, without waiting and without consuming anything.
func peekReadable(fd uintptr, peek *[1]byte) bool {
	_, _, err := syscall.Recvfrom(int(fd), peek[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	return err != syscall.EAGAIN && err != syscall.EWOULDBLOCK
}
