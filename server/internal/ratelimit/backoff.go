package ratelimit

import (
	"context"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// BackoffPolicy is how failures earn waiting: the first Free failures cost
// nothing, then each one doubles the wait from Base up to Max. Failures are
// forgotten TTL after the last one, or at once on Reset (a success).
type BackoffPolicy struct {
	Free      int
	Base, Max time.Duration
	TTL       time.Duration
}

// delay is the wait that the n-th failure earns.
func (p BackoffPolicy) delay(n int64) time.Duration {
	if n <= int64(p.Free) {
		return 0
	}
	d := p.Base
	for i := int64(p.Free) + 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	return min(d, p.Max)
}

// Backoff counts failures per key (a login's account and source, say) and
// the growing wait they earn, so that guessing slows down for the guesser
// without locking anyone else out.
type Backoff interface {
	// Wait reports how long key must still wait before its next attempt,
	// and how many failures it has on record.
	Wait(ctx context.Context, key string) (wait time.Duration, failures int64, err error)
	// Fail records one failure of key under p and returns the wait it now
	// earns and how many failures key has on record.
	Fail(ctx context.Context, key string, p BackoffPolicy) (wait time.Duration, failures int64, err error)
	// Reset forgets key's failures.
	Reset(ctx context.Context, key string) error
}

// MemoryBackoff is an in-process Backoff for single-node setups, tests, and
// as the stand-in while Redis is unreachable.
type MemoryBackoff struct {
	mu     sync.Mutex
	m      map[string]*backoffEntry
	now    func() time.Time
	sweeps int
}

type backoffEntry struct {
	n       int64
	until   time.Time // no attempt before this
	expires time.Time // forgotten after this
}

// NewMemoryBackoff builds an in-process Backoff.
func NewMemoryBackoff() *MemoryBackoff { return NewMemoryBackoffClock(time.Now) }

// NewMemoryBackoffClock builds an in-process Backoff on the given clock (tests pass theirs).
func NewMemoryBackoffClock(now func() time.Time) *MemoryBackoff {
	return &MemoryBackoff{m: map[string]*backoffEntry{}, now: now}
}

// Wait implements Backoff.
func (b *MemoryBackoff) Wait(_ context.Context, key string) (time.Duration, int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	e := b.m[key]
	if e == nil || now.After(e.expires) {
		return 0, 0, nil
	}
	return max(0, e.until.Sub(now)), e.n, nil
}

// Fail implements Backoff.
func (b *MemoryBackoff) Fail(_ context.Context, key string, p BackoffPolicy) (time.Duration, int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if b.sweeps++; b.sweeps%1024 == 0 { // drop forgotten entries now and then so memory stays bounded
		for k, e := range b.m {
			if now.After(e.expires) {
				delete(b.m, k)
			}
		}
	}
	e := b.m[key]
	if e == nil || now.After(e.expires) {
		e = &backoffEntry{}
		b.m[key] = e
	}
	e.n++
	d := p.delay(e.n)
	e.until, e.expires = now.Add(d), now.Add(max(p.TTL, d))
	return d, e.n, nil
}

// Reset implements Backoff.
func (b *MemoryBackoff) Reset(_ context.Context, key string) error {
	b.mu.Lock()
	delete(b.m, key)
	b.mu.Unlock()
	return nil
}

// RedisBackoff is a Backoff shared by every node through Redis: one hash
// per key holding the failure count and the earliest next attempt.
type RedisBackoff struct{ rdb redis.UniversalClient }

// NewRedisBackoff builds a Redis-backed Backoff.
func NewRedisBackoff(rdb redis.UniversalClient) *RedisBackoff { return &RedisBackoff{rdb: rdb} }

func backoffKey(key string) string { return "tfm:bo:" + key }

// Wait implements Backoff.
func (r *RedisBackoff) Wait(ctx context.Context, key string) (time.Duration, int64, error) {
	vals, err := r.rdb.HMGet(ctx, backoffKey(key), "n", "until").Result()
	if err != nil {
		return 0, 0, err
	}
	n, until := toInt(vals[0]), toInt(vals[1])
	wait := time.Until(time.UnixMilli(until))
	return max(0, wait), n, nil
}

// Fail implements Backoff. The count is one atomic HINCRBY, so concurrent
// failures on several nodes each earn their own, growing, wait.
func (r *RedisBackoff) Fail(ctx context.Context, key string, p BackoffPolicy) (time.Duration, int64, error) {
	k := backoffKey(key)
	n, err := r.rdb.HIncrBy(ctx, k, "n", 1).Result()
	if err != nil {
		return 0, 0, err
	}
	d := p.delay(n)
	_, err = r.rdb.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
		pipe.HSet(ctx, k, "until", time.Now().Add(d).UnixMilli())
		pipe.PExpire(ctx, k, max(p.TTL, d))
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	return d, n, nil
}

// Reset implements Backoff.
func (r *RedisBackoff) Reset(ctx context.Context, key string) error {
	return r.rdb.Del(ctx, backoffKey(key)).Err()
}

// toInt reads an HMGET value (a string, or nil when absent).
func toInt(v any) int64 {
	s, _ := v.(string)
	var n int64
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int64(c-'0')
	}
	return n
}

// fallbackBackoff answers from shared (Redis) and, for any call shared
// fails, from an in-process Backoff, so that throttling never switches off
// while Redis is away (counts are then per node, as with Fallback).
type fallbackBackoff struct{ shared, local Backoff }

// NewFallbackBackoff returns a Backoff over shared that stands in with an
// in-process one while shared fails; with shared nil it is in process only.
// Its calls never fail.
func NewFallbackBackoff(shared Backoff) Backoff {
	if shared == nil {
		return NewMemoryBackoff()
	}
	return &fallbackBackoff{shared: shared, local: NewMemoryBackoff()}
}

func (f *fallbackBackoff) Wait(ctx context.Context, key string) (time.Duration, int64, error) {
	if w, n, err := f.shared.Wait(ctx, key); err == nil {
		return w, n, nil
	}
	return f.local.Wait(ctx, key)
}

func (f *fallbackBackoff) Fail(ctx context.Context, key string, p BackoffPolicy) (time.Duration, int64, error) {
	if d, n, err := f.shared.Fail(ctx, key, p); err == nil {
		return d, n, nil
	}
	return f.local.Fail(ctx, key, p)
}

func (f *fallbackBackoff) Reset(ctx context.Context, key string) error {
	_ = f.shared.Reset(ctx, key)   // unreachable Redis: its count expires by itself
	return f.local.Reset(ctx, key) // and what was counted here meanwhile goes too
}
