package engineio

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Tracker counts running goroutines so that a server can wait for them on
// close; unlike sync.WaitGroup, Go may be called while Wait is in progress.
// Add and Done are one atomic operation each (the lock is only taken when
// the count drops to zero).
//
// Go reuses goroutines: one that has run its function waits workerIdle for
// the next before it exits. A chat handler grows its goroutine's stack
// (JSON, then SQLite, a few tens of kB deep); a fresh goroutine per message
// grew it again every time, about 5% of the server's CPU at 4,000 messages
// a second. Parked goroutines are not counted by Wait; Stop ends them.
type Tracker struct {
	active atomic.Int64
	mu     sync.Mutex
	idle   chan struct{}
	// parked holds the channels of goroutines waiting for a function,
	// most recently parked last (reused first, so the others time out).
	parked  []chan func()
	stopped bool
}

// workerIdle is how long a goroutine of Go waits for another function
// before it exits.
const workerIdle = time.Second

// Go runs fn in a tracked goroutine, a parked one when there is one.
func (t *Tracker) Go(fn func()) {
	t.Add()
	t.mu.Lock()
	if n := len(t.parked); n > 0 {
		ch := t.parked[n-1]
		t.parked[n-1] = nil
		t.parked = t.parked[:n-1]
		t.mu.Unlock()
		ch <- fn // buffered, and only this call was given ch
		return
	}
	t.mu.Unlock()
	go t.work(fn)
}

// work runs fn, then the functions handed to it while parked, until it has
// waited workerIdle for one or the tracker is stopped.
func (t *Tracker) work(fn func()) {
	ch := make(chan func(), 1)
	var timer *time.Timer
	for fn != nil {
		t.run(fn)
		if !t.park(ch) {
			return
		}
		if timer == nil {
			timer = time.NewTimer(workerIdle)
		} else {
			timer.Reset(workerIdle)
		}
		select {
		case fn = <-ch:
		case <-timer.C:
			if t.unpark(ch) {
				return
			}
			fn = <-ch // Go or Stop took ch before the timeout: it sends
		}
	}
}

// run calls fn and counts it done.
func (t *Tracker) run(fn func()) {
	defer t.Done()
	fn()
}

// park offers ch for the next function; false once stopped.
func (t *Tracker) park(ch chan func()) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return false
	}
	t.parked = append(t.parked, ch)
	return true
}

// unpark withdraws ch after a timeout; false when Go or Stop already took it.
func (t *Tracker) unpark(ch chan func()) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, c := range t.parked {
		if c == ch {
			t.parked = append(t.parked[:i], t.parked[i+1:]...)
			return true
		}
	}
	return false
}

// Stop ends the parked goroutines; from then on Go starts a goroutine per
// call, which exits when its function returns. Running functions are not
// affected (Wait waits for them).
func (t *Tracker) Stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	for _, ch := range t.parked {
		ch <- nil
	}
	t.parked = nil
}

// Add records one running goroutine; pair it with Done.
func (t *Tracker) Add() { t.active.Add(1) }

// Done records the end of a goroutine recorded by Add.
func (t *Tracker) Done() {
	if t.active.Add(-1) != 0 {
		return
	}
	t.mu.Lock()
	if t.active.Load() == 0 && t.idle != nil {
		close(t.idle)
		t.idle = nil
	}
	t.mu.Unlock()
}

// Wait blocks until no tracked goroutine runs or ctx is done.
func (t *Tracker) Wait(ctx context.Context) error {
	for {
		t.mu.Lock()
		if t.active.Load() == 0 {
			t.mu.Unlock()
			return nil
		}
		if t.idle == nil {
			t.idle = make(chan struct{})
		}
		ch := t.idle
		t.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
