// Package ratelimit counts attempts per key in fixed windows, in Redis when it
// is configured (so every node shares the count) and in process otherwise, or
// while Redis does not answer (Fallback).
package ratelimit

import (
	"context"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Limiter allows at most limit hits per key per window.
type Limiter interface {
	// Allow records one hit on key and reports whether it is within limit,
	// and if not, how long until the window resets.
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// Memory is an in-process Limiter for single-node setups and tests.
type Memory struct {
	mu      sync.Mutex
	windows map[string]*memWindow
	now     func() time.Time
	sweeps  int
}

type memWindow struct {
	count int
	reset time.Time
}

// NewMemory builds an in-process limiter.
func NewMemory() *Memory { return &Memory{windows: map[string]*memWindow{}, now: time.Now} }

// Allow implements Limiter.
func (m *Memory) Allow(_ context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if m.sweeps++; m.sweeps%1024 == 0 { // drop expired windows now and then so memory stays bounded
		for k, w := range m.windows {
			if now.After(w.reset) {
				delete(m.windows, k)
			}
		}
	}
	w := m.windows[key]
	if w == nil || now.After(w.reset) {
		w = &memWindow{reset: now.Add(window)}
		m.windows[key] = w
	}
	w.count++
	if w.count > limit {
		return false, w.reset.Sub(now), nil
	}
	return true, 0, nil
}

// Redis is a Limiter shared by every node through Redis.
type Redis struct{ rdb redis.UniversalClient }

// NewRedis builds a Redis-backed limiter.
func NewRedis(rdb redis.UniversalClient) *Redis { return &Redis{rdb: rdb} }

// incr increments the counter and sets its expiry on first use, atomically.
var incr = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`)

// Allow implements Limiter.
func (r *Redis) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	res, err := incr.Run(ctx, r.rdb, []string{"tfm:rl:" + key}, window.Milliseconds()).Int64Slice()
	if err != nil {
		return false, 0, err
	}
	if int(res[0]) > limit {
		return false, time.Duration(res[1]) * time.Millisecond, nil
	}
	return true, 0, nil
}
