// Package memreduce gives the Go heap's slack back to the operating system
// once the process has gone quiet after a burst, as V8's memory reducer does
// for Node.
//
// Go's collector lets the heap grow to twice the live data before it
// collects (GOGC=100), and when allocation stops it does not collect again
// until its two-minute forced cycle; the scavenger then keeps up to that
// goal. A chat node that has just taken a wave of connections therefore
// holds the wave's garbage for minutes while its members sit idle. The
// Reducer watches the runtime's own metrics once a second and, when the
// allocation rate has stayed low for a while and the heap's garbage and
// free pages add up to a quarter of the live heap (and at least 4 MB), runs
// debug.FreeOSMemory once: a full collection followed by returning every
// free page. An idle server thus stays within about a quarter of its live
// heap, where Go alone keeps up to twice the live heap. The cost is one
// extra collection each time that much garbage has gathered, at most one
// every 8 seconds, and only while allocation is under 1 MB/s. It never runs while the process is busy,
// and it does not change GOGC or set a memory limit, so the collector's
// pacing under load is untouched.
package memreduce

import (
	"context"
	"log/slog"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Defaults follow V8's memory reducer: a process counts as quiet below
// about 1 MB/s of allocation, and it must stay quiet for 8 seconds.
const (
	DefaultQuiet     = 8 * time.Second
	DefaultQuietRate = 1 << 20 // bytes allocated per second
	DefaultMinSlack  = 4 << 20 // bytes of garbage and free heap worth returning
)

// Sample is what the Reducer reads of the runtime at each tick.
type Sample struct {
	Allocated uint64 // bytes allocated since the process started
	Live      uint64 // heap bytes marked live by the last collection
	Slack     uint64 // heap bytes a collection and a release would give back: garbage plus free pages not yet released
}

// Reducer decides when to give memory back; the zero value is ready to Run
// with the defaults.
type Reducer struct {
	Quiet     time.Duration // how long the allocation rate must stay low (DefaultQuiet)
	QuietRate uint64        // bytes per second under which a tick counts as quiet (DefaultQuietRate)
	MinSlack  uint64        // the least slack worth a reduction (DefaultMinSlack); it must also be a quarter of the live heap
	Interval  time.Duration // sampling period, 1 s
	Log       *slog.Logger  // reductions are logged at debug level; nil: not logged

	Read   func() Sample // the runtime's metrics by default
	Reduce func()        // debug.FreeOSMemory by default

	prev    Sample
	started bool
	quiet   time.Duration
}

// Run samples until ctx ends.
func (r *Reducer) Run(ctx context.Context) {
	r.defaults()
	t := time.NewTicker(r.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			r.Tick()
		}
	}
}

func (r *Reducer) defaults() {
	if r.Quiet <= 0 {
		r.Quiet = DefaultQuiet
	}
	if r.QuietRate == 0 {
		r.QuietRate = DefaultQuietRate
	}
	if r.MinSlack == 0 {
		r.MinSlack = DefaultMinSlack
	}
	if r.Interval <= 0 {
		r.Interval = time.Second
	}
	if r.Read == nil {
		r.Read = ReadRuntime
	}
	if r.Reduce == nil {
		r.Reduce = debug.FreeOSMemory
	}
}

// Tick takes one sample and reduces if the process has been quiet for long
// enough and holds enough slack. It reports whether it reduced.
func (r *Reducer) Tick() bool {
	r.defaults()
	s := r.Read()
	if !r.started {
		r.prev, r.started = s, true
		return false
	}
	rate := float64(s.Allocated-r.prev.Allocated) / r.Interval.Seconds()
	r.prev = s
	if rate > float64(r.QuietRate) {
		r.quiet = 0
		return false
	}
	r.quiet += r.Interval
	if r.quiet < r.Quiet || s.Slack < max(r.MinSlack, s.Live/4) {
		return false
	}
	start := time.Now()
	r.Reduce()
	after := r.Read()
	r.prev = after
	r.quiet = 0
	if r.Log != nil {
		r.Log.Debug("memory returned to the system", "slack_mb", s.Slack>>20, "live_mb", after.Live>>20,
			"took", time.Since(start).Round(time.Millisecond))
	}
	return true
}

// runtimeMetrics are the runtime/metrics names ReadRuntime reads.
var runtimeMetrics = []string{
	"/gc/heap/allocs:bytes",
	"/gc/heap/live:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/free:bytes",
}

// ReadRuntime samples the Go runtime: slack is the heap's objects beyond
// the last collection's live bytes (garbage, mostly) plus its free pages
// that are still mapped.
func ReadRuntime() Sample {
	ms := make([]metrics.Sample, len(runtimeMetrics))
	for i, n := range runtimeMetrics {
		ms[i].Name = n
	}
	metrics.Read(ms)
	v := func(i int) uint64 {
		if ms[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return ms[i].Value.Uint64()
	}
	objects, live := v(2), v(1)
	garbage := uint64(0)
	if objects > live {
		garbage = objects - live
	}
	return Sample{Allocated: v(0), Live: live, Slack: garbage + v(3)}
}
