package engineio

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// TestTrackerReusesParkedGoroutines: functions run one after another reuse
// one goroutine; Wait does not wait for parked goroutines; Stop ends them and
// later functions still run (on goroutines of their own).
func TestTrackerReusesParkedGoroutines(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var tr Tracker
	ids := make(chan uint64, 10)
	for i := 0; i < 10; i++ {
		tr.Go(func() { ids <- goid() })
		waitParked(t, &tr, 1)
	}
	first := <-ids
	for i := 1; i < 10; i++ {
		if id := <-ids; id != first {
			t.Fatalf("function %d ran on goroutine %d, the first on %d", i, id, first)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := tr.Wait(ctx); err != nil {
		t.Fatal("Wait waited for a parked goroutine:", err)
	}

	// Concurrent functions get goroutines of their own.
	var wg sync.WaitGroup
	wg.Add(3)
	release := make(chan struct{})
	for i := 0; i < 3; i++ {
		tr.Go(func() { wg.Done(); <-release })
	}
	wg.Wait()
	close(release)
	waitParked(t, &tr, 3)

	tr.Stop()
	waitParked(t, &tr, 0)
	done := make(chan struct{})
	tr.Go(func() { close(done) })
	<-done
	if err := tr.Wait(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestTrackerParkedGoroutinesTimeOut: a parked goroutine exits after
// workerIdle without work.
func TestTrackerParkedGoroutinesTimeOut(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var tr Tracker
	before := runtime.NumGoroutine()
	tr.Go(func() {})
	waitParked(t, &tr, 1)
	deadline := time.Now().Add(workerIdle + 5*time.Second)
	for runtime.NumGoroutine() > before || parkedCount(&tr) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("a parked goroutine is still there %v after its last function", workerIdle+5*time.Second)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTrackerWaitsForRunningFunctions: Wait returns only when every function
// handed to Go has returned, parked goroutines or not.
func TestTrackerWaitsForRunningFunctions(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var tr Tracker
	defer tr.Stop()
	tr.Go(func() {})
	waitParked(t, &tr, 1)
	release := make(chan struct{})
	tr.Go(func() { <-release }) // runs on the parked goroutine
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := tr.Wait(ctx); err == nil {
		t.Fatal("Wait returned while a function ran")
	}
	close(release)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if err := tr.Wait(ctx2); err != nil {
		t.Fatal(err)
	}
}

func parkedCount(tr *Tracker) int {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return len(tr.parked)
}

func waitParked(t *testing.T, tr *Tracker, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); parkedCount(tr) != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines parked, want %d", parkedCount(tr), n)
		}
	}
}

// goid returns the current goroutine's id, read from its stack header.
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	var id uint64
	for _, c := range b[len("goroutine "):] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + uint64(c-'0')
	}
	return id
}
