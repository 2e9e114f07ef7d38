package engineio

import (
	"context"
	"sync"
	"sync/atomic"
)

// Tracker counts running goroutines so that a server can wait for them on
// close; unlike sync.WaitGroup, Go may be called while Wait is in progress.
// Add and Done are one atomic operation each (the lock is only taken when
// the count drops to zero), because every WebSocket write batch starts a
// tracked goroutine.
type Tracker struct {
	active atomic.Int64
	mu     sync.Mutex
	idle   chan struct{}
}

// Go runs fn in a tracked goroutine.
func (t *Tracker) Go(fn func()) {
	t.Add()
	go func() {
		defer t.Done()
		fn()
	}()
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
