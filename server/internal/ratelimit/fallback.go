package ratelimit

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Fallback is a Limiter that counts in a primary limiter (Redis) and, for any
// call the primary cannot answer, in an in-process Memory limiter instead, so
// that chat and per-IP limits still hold while Redis is down. Counts made
// during an outage are per node and start from zero; once the primary answers
// again every call goes back to it.
//
// After a failure the primary is left alone for ProbeEvery (calls go straight
// to memory), so an unreachable Redis does not add go-redis's dial retries to
// every request; the first call after that tries it again, for at most
// ProbeTimeout.
type Fallback struct {
	primary   Limiter
	secondary *Memory
	log       *slog.Logger
	fallbacks prometheus.Counter
	now       func() time.Time

	// ProbeEvery is how long calls skip the primary after it failed.
	ProbeEvery time.Duration
	// ProbeTimeout bounds a call to the primary while it is known to be down.
	ProbeTimeout time.Duration
	// WarnEvery is the least time between two "limiter unavailable" warnings.
	WarnEvery time.Duration

	skipUntil atomic.Int64 // unix nanoseconds; zero while the primary answers
	lastWarn  atomic.Int64 // unix nanoseconds of the last warning
	down      atomic.Bool  // the primary's last call failed
	missed    atomic.Int64 // calls served in memory since the last warning
}

// NewFallback builds a Limiter over primary that falls back to memory while primary fails; log may be nil.
func NewFallback(primary Limiter, log *slog.Logger) *Fallback {
	if log == nil {
		log = slog.Default()
	}
	return &Fallback{
		primary: primary, secondary: NewMemory(), log: log, now: time.Now,
		ProbeEvery: time.Second, ProbeTimeout: 500 * time.Millisecond, WarnEvery: time.Minute,
		fallbacks: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tfm_ratelimit_fallback_total",
			Help: "Rate-limit checks counted in process because Redis did not answer.",
		}),
	}
}

// Collector returns the counter of checks served in process, for a Prometheus registry.
func (f *Fallback) Collector() prometheus.Collector { return f.fallbacks }

// Allow implements Limiter. It returns an error only when ctx itself is done
// and the primary failed: the caller has gone, so there is nothing to limit.
func (f *Fallback) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	now := f.now().UnixNano()
	if until := f.skipUntil.Load(); until == 0 || now >= until {
		pctx := ctx
		if f.down.Load() && f.ProbeTimeout > 0 {
			var cancel context.CancelFunc
			pctx, cancel = context.WithTimeout(ctx, f.ProbeTimeout)
			defer cancel()
		}
		ok, retry, err := f.primary.Allow(pctx, key, limit, window)
		if err == nil {
			if f.down.Swap(false) {
				f.skipUntil.Store(0)
				f.log.InfoContext(ctx, "rate limiter: Redis answers again; counting there", "served_in_process", f.missed.Swap(0))
			}
			return ok, retry, nil
		}
		if ctx.Err() != nil {
			return false, 0, err
		}
		f.down.Store(true)
		now = f.now().UnixNano() // the failed call may have taken a while (dial retries)
		f.skipUntil.Store(now + int64(f.ProbeEvery))
		f.warn(ctx, now, err)
	}
	f.missed.Add(1)
	f.fallbacks.Inc()
	return f.secondary.Allow(ctx, key, limit, window)
}

// warn logs the primary's failure at most once per WarnEvery, however many calls fail.
func (f *Fallback) warn(ctx context.Context, now int64, err error) {
	last := f.lastWarn.Load()
	if last != 0 && now-last < int64(f.WarnEvery) {
		return
	}
	if !f.lastWarn.CompareAndSwap(last, now) {
		return // another call is logging this one
	}
	f.log.WarnContext(ctx, "rate limiter: Redis unavailable; counting in process on this node",
		"error", err, "served_in_process", f.missed.Swap(0))
}
