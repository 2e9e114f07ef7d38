//go:build linux

package engineio

import (
	"syscall"
	"unsafe"
)

// peekReadable reports whether the socket fd has bytes to read, has ended or
// has failed, without waiting and without consuming anything. It calls
// recvfrom directly: syscall.Recvfrom allocates the sender's address.
func peekReadable(fd uintptr, peek *[1]byte) bool {
	_, _, errno := syscall.Syscall6(syscall.SYS_RECVFROM, fd, uintptr(unsafe.Pointer(&peek[0])), 1,
		syscall.MSG_PEEK|syscall.MSG_DONTWAIT, 0, 0)
	return errno != syscall.EAGAIN && errno != syscall.EWOULDBLOCK
}
