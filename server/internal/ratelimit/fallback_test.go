package ratelimit

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// deadRedis is a client for a port nothing listens on: every command fails
// with "connection refused", as when Redis is down (dialled once per call,
// not go-redis's five times, to keep the test short).
func deadRedis(t *testing.T) *Redis {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialerRetries: 1, DialTimeout: 200 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	return NewRedis(rdb)
}

// liveRedis is TEST_REDIS_URL's Redis, or a miniredis.
func liveRedis(t *testing.T) Limiter {
	t.Helper()
	for name, l := range limiters(t) {
		if name != "memory" {
			return l
		}
	}
	t.Fatal("no Redis limiter")
	return nil
}

// switchable sends each call to the live limiter or, while down, to the dead one.
type switchable struct {
	live, dead Limiter
	down       atomic.Bool
	liveCalls  atomic.Int64
}

func (s *switchable) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	if s.down.Load() {
		return s.dead.Allow(ctx, key, limit, window)
	}
	s.liveCalls.Add(1)
	return s.live.Allow(ctx, key, limit, window)
}

func allowN(t *testing.T, l Limiter, key string, n, limit int) {
	t.Helper()
	for i := 1; i <= n; i++ {
		if ok, _, err := l.Allow(context.Background(), key, limit, time.Minute); err != nil || !ok {
			t.Fatalf("call %d of %d: ok=%v err=%v", i, limit, ok, err)
		}
	}
}

func TestFallback(t *testing.T) {
	ctx := context.Background()
	if _, _, err := deadRedis(t).Allow(ctx, "k", 1, time.Minute); err == nil {
		t.Fatal("the dead Redis answered")
	}
	for _, probe := range []time.Duration{0, time.Second} {
		name := "EveryCallTriesRedis"
		if probe > 0 {
			name = "RedisSkippedBetweenProbes"
		}
		t.Run("OKLimitHoldsWhileRedisIsDown/"+name, func(t *testing.T) {
			var logs bytes.Buffer
			f := NewFallback(deadRedis(t), slog.New(slog.NewTextHandler(&logs, nil)))
			f.ProbeEvery = probe
			key := "test:down:" + time.Now().String()
			allowN(t, f, key, 10, 10)
			ok, retry, err := f.Allow(ctx, key, 10, time.Minute)
			if err != nil || ok {
				t.Fatalf("11th call of a 10-limit: ok=%v err=%v", ok, err)
			}
			if retry <= 0 || retry > time.Minute {
				t.Fatalf("retryAfter = %v", retry)
			}
			if n := fallbacks(t, f); n != 11 {
				t.Fatalf("fallback counter = %v, want 11", n)
			}
			// Eleven failures, one warning.
			if n := strings.Count(logs.String(), "Redis unavailable"); n != 1 {
				t.Fatalf("%d warnings, want 1:\n%s", n, logs.String())
			}
		})
	}
	t.Run("OKWarnsAgainAfterWarnEvery", func(t *testing.T) {
		var logs bytes.Buffer
		f := NewFallback(deadRedis(t), slog.New(slog.NewTextHandler(&logs, nil)))
		f.ProbeEvery = 0
		now := time.Unix(1000, 0)
		f.now = func() time.Time { return now }
		allowN(t, f, "w", 5, 100)
		now = now.Add(f.WarnEvery)
		allowN(t, f, "w", 5, 100)
		if n := strings.Count(logs.String(), "Redis unavailable"); n != 2 {
			t.Fatalf("%d warnings, want 2:\n%s", n, logs.String())
		}
		if !strings.Contains(logs.String(), "served_in_process=5") {
			t.Fatalf("second warning does not count the calls since the first:\n%s", logs.String())
		}
	})
	t.Run("OKBackToRedisWhenItAnswers", func(t *testing.T) {
		var logs bytes.Buffer
		s := &switchable{live: liveRedis(t), dead: deadRedis(t)}
		f := NewFallback(s, slog.New(slog.NewTextHandler(&logs, nil)))
		now := time.Unix(1000, 0)
		f.now = func() time.Time { return now }
		key := "test:back:" + time.Now().String()

		allowN(t, f, key, 2, 10) // counted in Redis
		s.down.Store(true)
		allowN(t, f, key, 3, 10) // counted in memory
		s.down.Store(false)
		allowN(t, f, key, 1, 10) // within ProbeEvery of the failure: still memory
		if got := s.liveCalls.Load(); got != 2 {
			t.Fatalf("Redis got %d calls before the probe interval passed, want 2", got)
		}
		now = now.Add(f.ProbeEvery)
		allowN(t, f, key, 8, 10) // Redis again: its count (2) goes on to 10
		if ok, _, err := f.Allow(ctx, key, 10, time.Minute); err != nil || ok {
			t.Fatalf("11th call counted in Redis allowed: ok=%v err=%v", ok, err)
		}
		if got := s.liveCalls.Load(); got != 11 {
			t.Fatalf("Redis got %d calls, want 11", got)
		}
		if n := fallbacks(t, f); n != 4 {
			t.Fatalf("fallback counter = %v, want 4", n)
		}
		if !strings.Contains(logs.String(), "Redis answers again") {
			t.Fatalf("no recovery line:\n%s", logs.String())
		}
	})
	t.Run("ErrCallerGone", func(t *testing.T) {
		f := NewFallback(deadRedis(t), slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil)))
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, _, err := f.Allow(cctx, "gone", 10, time.Minute); err == nil {
			t.Fatal("a cancelled call was counted")
		}
	})
}

// fallbacks reads the fallback counter through a registry, as /metrics would.
func fallbacks(t *testing.T, f *Fallback) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(f.Collector())
	mfs, err := reg.Gather()
	if err != nil || len(mfs) != 1 || mfs[0].GetName() != "tfm_ratelimit_fallback_total" {
		t.Fatalf("gather: %v %v", mfs, err)
	}
	return mfs[0].GetMetric()[0].GetCounter().GetValue()
}
