//go:build linux

package engineio

import (
	"sync"
	"syscall"
)

// poller lets an idle WebSocket session hold no goroutine at all: when a
// session's reader finds nothing to read, it registers the socket here and
// ends, and the poller starts a new reader once the socket is readable. A
// goroutine parked in a read keeps at least a 4 kB stack (8 kB once it has
// handled a message), which the garbage collector's heap goal then counts a
// second time: for an idle chat connection that was most of its memory. One
// goroutine waits in epoll_wait for all the sessions of a Server, and only
// while some are registered. Written here rather than taken from an
// event-loop library (lesismal/nbio, panjf2000/gnet): those own the
// listener and replace net/http's server and the WebSocket library, where
// this hands idle sockets of the standard stack over and back.
// A socket may sit in this epoll set and in Go's netpoller at once; this set
// uses EPOLLONESHOT and never reads, so the runtime's edge-triggered
// registration is unaffected.
type poller struct {
	srv *Server

	mu      sync.Mutex
	epfd    int    // -1 while no poller goroutine runs
	wake    [2]int // pipe that wakes the poller goroutine when it should end
	broken  bool   // epoll failed: readers wait in their goroutines
	next    uint32
	entries map[uint32]*pollEntry

	// The epoll_ctl call of arm, under mu: a method value bound once,
	// because a closure capturing its results would be garbage at every
	// hand-over of an idle session.
	ctl    func(fd uintptr)
	ctlOp  int
	ctlKey uint32
	ctlErr error
}

// pollEntry is a registered session and what its next reader needs.
type pollEntry struct {
	c  *Conn
	wc *wsConn
}

// wakeKey is the epoll key of the wake pipe.
const wakeKey = 0

func newPoller(s *Server) *poller {
	p := &poller{srv: s, epfd: -1, entries: map[uint32]*pollEntry{}}
	p.ctl = p.ctlLocked
	return p
}

// ctlLocked registers fd (again) for one notification under ctlKey.
func (p *poller) ctlLocked(fd uintptr) {
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLONESHOT, Fd: int32(p.ctlKey)}
	p.ctlErr = syscall.EpollCtl(p.epfd, p.ctlOp, int(fd), &ev)
	if p.ctlErr == syscall.EEXIST && p.ctlOp == syscall.EPOLL_CTL_ADD {
		p.ctlErr = syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_MOD, int(fd), &ev)
	}
}

// arm registers the session for one readiness notification, after which a
// new reader runs c.readLoop(wc); it reports false when the caller must
// wait itself (the session closed, the socket cannot be polled, epoll failed).
func (p *poller) arm(c *Conn, wc *wsConn) bool {
	if p == nil || wc.raw == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-c.done:
		return false // forget has run or will find nothing to forget
	default:
	}
	if p.broken || (p.epfd < 0 && !p.startLocked()) {
		return false
	}
	op := syscall.EPOLL_CTL_MOD
	key := c.pollKey
	if key == 0 || p.entries[key] == nil {
		p.next++
		if p.next == wakeKey {
			p.next++
		}
		for p.entries[p.next] != nil {
			p.next++
		}
		key = p.next
		c.pollKey = key
		p.entries[key] = &pollEntry{c: c, wc: wc}
		op = syscall.EPOLL_CTL_ADD
	}
	p.ctlOp, p.ctlKey, p.ctlErr = op, key, nil
	cerr := wc.raw.Control(p.ctl)
	err := p.ctlErr
	if cerr != nil || err != nil {
		p.forgetLocked(c)
		return false
	}
	return true
}

// forget drops the session (it closed).
func (p *poller) forget(c *Conn) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.forgetLocked(c)
	p.mu.Unlock()
}

func (p *poller) forgetLocked(c *Conn) {
	if c.pollKey == 0 {
		return
	}
	delete(p.entries, c.pollKey)
	c.pollKey = 0
	if len(p.entries) == 0 && p.epfd >= 0 {
		_, _ = syscall.Write(p.wake[1], []byte{0})
	}
}

// startLocked creates the epoll instance and starts the poller goroutine.
func (p *poller) startLocked() bool {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		p.broken = true
		return false
	}
	if err := syscall.Pipe2(p.wake[:], syscall.O_NONBLOCK|syscall.O_CLOEXEC); err != nil {
		_ = syscall.Close(epfd)
		p.broken = true
		return false
	}
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: wakeKey}
	if err := syscall.EpollCtl(epfd, syscall.EPOLL_CTL_ADD, p.wake[0], &ev); err != nil {
		_ = syscall.Close(epfd)
		_ = syscall.Close(p.wake[0])
		_ = syscall.Close(p.wake[1])
		p.broken = true
		return false
	}
	p.epfd = epfd
	p.srv.goTracked(func() { p.run(epfd) })
	return true
}

// run waits for readiness and starts the readers, until no session is
// registered.
func (p *poller) run(epfd int) {
	evs := make([]syscall.EpollEvent, 128)
	var drain [64]byte
	for {
		n, err := syscall.EpollWait(epfd, evs, -1)
		if err == syscall.EINTR {
			continue
		}
		p.mu.Lock()
		if err != nil {
			// Hand every registered session back to a reader of its own.
			p.broken = true
			for key, e := range p.entries {
				delete(p.entries, key)
				e.c.pollKey = 0
				p.srv.goTracked(func() { e.c.readLoop(e.wc) })
			}
		}
		for _, ev := range evs[:max(n, 0)] {
			if ev.Fd == wakeKey {
				for {
					if k, _ := syscall.Read(p.wake[0], drain[:]); k <= 0 {
						break
					}
				}
				continue
			}
			if e := p.entries[uint32(ev.Fd)]; e != nil {
				p.srv.goTracked(func() { e.c.readLoop(e.wc) })
			}
		}
		if len(p.entries) == 0 {
			_ = syscall.Close(epfd)
			_ = syscall.Close(p.wake[0])
			_ = syscall.Close(p.wake[1])
			p.epfd = -1
			p.mu.Unlock()
			return
		}
		p.mu.Unlock()
	}
}
