//go:build unix

package engineio

import (
	"sync"
	"syscall"
)

// rawOp carries the arguments and results of one syscall.RawConn callback.
// RawConn's Read, Write and Control take a func, and a func literal that
// captures its results escapes to the heap on every call: an idle member's
// ping and pong cost five such closures, most of the garbage an idle server
// makes. The callbacks are therefore method values bound once to pooled
// rawOps; a rawOp holds nothing between uses.
type rawOp struct {
	peek *[1]byte
	buf  []byte
	n    int
	ok   bool
	err  error

	peekCtl   func(fd uintptr)
	peekRead  func(fd uintptr) bool
	writeOnce func(fd uintptr) bool
}

var rawOpPool = sync.Pool{New: func() any {
	o := &rawOp{}
	o.peekCtl = o.doPeekCtl
	o.peekRead = o.doPeekRead
	o.writeOnce = o.doWrite
	return o
}}

func getRawOp() *rawOp { return rawOpPool.Get().(*rawOp) }

func (o *rawOp) put() {
	*o = rawOp{peekCtl: o.peekCtl, peekRead: o.peekRead, writeOnce: o.writeOnce}
	rawOpPool.Put(o)
}

func (o *rawOp) doPeekCtl(fd uintptr) { o.ok = peekReadable(fd, o.peek) }

func (o *rawOp) doPeekRead(fd uintptr) bool { return peekReadable(fd, o.peek) }

// doWrite writes o.buf[o.n:] until done or the socket is full (EAGAIN); it
// never asks the poller to wait.
func (o *rawOp) doWrite(fd uintptr) bool {
	for o.n < len(o.buf) {
		k, e := syscall.Write(int(fd), o.buf[o.n:])
		switch {
		case e == syscall.EINTR:
			continue
		case e == syscall.EAGAIN:
			return true
		case e != nil:
			o.err = e
			return true
		case k <= 0:
			return true
		}
		o.n += k
	}
	return true
}
