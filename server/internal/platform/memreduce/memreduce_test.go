package memreduce

import (
	"context"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// fakeRuntime is a scripted process: each tick allocates rate bytes; a
// reduction turns all slack into released memory.
type fakeRuntime struct {
	s       Sample
	rate    uint64
	reduced int
}

func (f *fakeRuntime) reducer() *Reducer {
	return &Reducer{
		Read: func() Sample { return f.s },
		Reduce: func() {
			f.reduced++
			f.s.Slack = 0
		},
	}
}

// tick advances the fake process by one second, then lets r sample it.
func (f *fakeRuntime) tick(r *Reducer, n int) {
	for range n {
		f.s.Allocated += f.rate
		f.s.Slack += f.rate
		r.Tick()
	}
}

func TestReducerWaitsForEightQuietSecondsAfterABurstThenForSlackToReturn(t *testing.T) {
	f := &fakeRuntime{s: Sample{Live: 20 << 20}}
	r := f.reducer()
	f.rate = 50 << 20 // a connect wave: 50 MB/s of allocation
	f.tick(r, 10)
	if f.reduced != 0 {
		t.Fatal("reduced while busy")
	}
	f.rate = 100 << 10 // idle members answering pings
	f.tick(r, 7)
	if f.reduced != 0 {
		t.Fatal("reduced before eight quiet seconds")
	}
	f.tick(r, 1)
	if f.reduced != 1 {
		t.Fatalf("reduced %d times after eight quiet seconds, want 1", f.reduced)
	}
	// Still quiet: the pings' garbage (100 kB/s) reaches a quarter of the
	// live heap (5 MB) after about 52 s, and only then is it returned again.
	f.tick(r, 50)
	if f.reduced != 1 {
		t.Fatalf("reduced %d times while idle, want 1", f.reduced)
	}
	f.tick(r, 4)
	if f.reduced != 2 {
		t.Fatalf("reduced %d times once the garbage reached a quarter of the live heap, want 2", f.reduced)
	}
}

func TestReducerLeavesASmallOrBusyHeapAlone(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    fakeRuntime
	}{
		{"quiet, but the slack is less than a quarter of the live heap", fakeRuntime{s: Sample{Live: 100 << 20, Slack: 20 << 20}, rate: 10 << 10}},
		{"quiet, but a tiny heap has less than MinSlack to gain", fakeRuntime{s: Sample{Live: 1 << 20, Slack: 3 << 20}, rate: 1 << 10}},
		{"lots of slack, but steady traffic above the quiet rate", fakeRuntime{s: Sample{Live: 20 << 20, Slack: 200 << 20}, rate: 2 << 20}},
	} {
		f := tc.f
		f.tick(f.reducer(), 60)
		if f.reduced != 0 {
			t.Errorf("%s: reduced %d times", tc.name, f.reduced)
		}
	}
	// One busy second in the quiet period starts the count again.
	f := &fakeRuntime{s: Sample{Live: 20 << 20, Slack: 200 << 20}, rate: 1 << 10}
	r := f.reducer()
	f.tick(r, 6)
	f.rate = 5 << 20
	f.tick(r, 1)
	f.rate = 1 << 10
	f.tick(r, 7)
	if f.reduced != 0 {
		t.Fatal("a busy second did not restart the quiet period")
	}
	f.tick(r, 2)
	if f.reduced != 1 {
		t.Fatalf("reduced %d times, want 1", f.reduced)
	}
}

var sink [][]byte

func TestReadRuntimeSeesGarbageAndAReductionReturnsIt(t *testing.T) {
	// With the collector off, the garbage stays until the reduction.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	before := ReadRuntime()
	for range 4096 {
		sink = append(sink, make([]byte, 8<<10))
	}
	sink = nil // 32 MB of garbage
	mid := ReadRuntime()
	if mid.Allocated < before.Allocated+32<<20 {
		t.Fatalf("allocated went from %d to %d", before.Allocated, mid.Allocated)
	}
	if mid.Slack < 32<<20 {
		t.Fatalf("slack %d after dropping 32 MB", mid.Slack)
	}
	r := &Reducer{}
	r.defaults()
	r.Reduce()
	after := ReadRuntime()
	if after.Slack >= mid.Slack/2 {
		t.Fatalf("slack %d after the reduction, was %d", after.Slack, mid.Slack)
	}
}

func TestRunStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		(&Reducer{Interval: time.Millisecond}).Run(ctx)
		close(done)
	}()
	time.Sleep(10 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Run did not return")
	}
}
