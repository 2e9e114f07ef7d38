package engineio

import "sync"

// A presence announcement queues a packet for thousands of sessions at once.
// Starting a writer goroutine per session (as the blocking writer does) made
// thousands of goroutines and stacks for a few microseconds of work each:
// about 16 MB of stacks for one announcement to 2,000 members, kept by the
// runtime long after, and a goroutine start plus stack growth for every
// delivered chat message. Instead, a session with something to send goes
// into the server's ready list, and a few write workers (at most
// GOMAXPROCS) write each session's whole queue with one non-blocking
// write. Only a session whose socket cannot take everything at once (a slow
// client) gets a goroutine of its own, which waits with the write deadline;
// so a slow or vanished client never holds up a worker or anyone else.

// writePool is the server's ready list of sessions and its write workers.
type writePool struct {
	srv *Server
	max int // most workers running at once

	mu      sync.Mutex
	ready   []*Conn // sessions to write, in the order they became ready
	head    int     // ready[head:] is still to do
	workers int
}

// maxKeptReadyList bounds the ready list's backing array kept once empty.
const maxKeptReadyList = 1024

func newWritePool(s *Server, workers int) *writePool {
	return &writePool{srv: s, max: max(workers, 1)}
}

// add puts c in the ready list and starts a worker if fewer than max run.
// The caller has set c.writing, so c is in the list at most once.
func (p *writePool) add(c *Conn) {
	p.mu.Lock()
	p.ready = append(p.ready, c)
	start := p.workers < p.max
	if start {
		p.workers++
	}
	p.mu.Unlock()
	if start {
		p.srv.goTracked(p.work)
	}
}

// work writes ready sessions until the list is empty.
func (p *writePool) work() {
	for {
		p.mu.Lock()
		if p.head == len(p.ready) {
			p.workers--
			if cap(p.ready) > maxKeptReadyList {
				p.ready = nil
			} else {
				p.ready = p.ready[:0]
			}
			p.head = 0
			p.mu.Unlock()
			return
		}
		c := p.ready[p.head]
		p.ready[p.head] = nil
		p.head++
		if p.head >= maxKeptReadyList && p.head*2 >= len(p.ready) {
			// Under load that never lets the list empty, move what is
			// left to the front instead of growing the array forever.
			n := copy(p.ready, p.ready[p.head:])
			clear(p.ready[n:])
			p.ready = p.ready[:n]
			p.head = 0
		}
		p.mu.Unlock()
		c.flush()
	}
}
