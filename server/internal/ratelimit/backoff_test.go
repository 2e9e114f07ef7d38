package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

func backoffs(t *testing.T) map[string]Backoff {
	t.Helper()
	name, rdb := testRedis(t)
	return map[string]Backoff{"memory": NewMemoryBackoff(), name: NewRedisBackoff(rdb)}
}

func TestBackoffPolicyDelays(t *testing.T) {
	p := BackoffPolicy{Free: 3, Base: time.Second, Max: 5 * time.Second}
	for n, want := range map[int64]time.Duration{1: 0, 3: 0, 4: time.Second, 5: 2 * time.Second, 6: 4 * time.Second, 7: 5 * time.Second, 40: 5 * time.Second} {
		if got := p.delay(n); got != want {
			t.Errorf("delay(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestBackoff(t *testing.T) {
	ctx := context.Background()
	p := BackoffPolicy{Free: 2, Base: time.Hour, Max: 4 * time.Hour, TTL: 24 * time.Hour}
	for name, b := range backoffs(t) {
		t.Run(name, func(t *testing.T) {
			key := "test:" + t.Name() + time.Now().String()
			for i := 1; i <= 2; i++ {
				if d, n, err := b.Fail(ctx, key, p); err != nil || d != 0 || n != int64(i) {
					t.Fatalf("free failure %d: %v %v", i, d, err)
				}
			}
			if w, n, err := b.Wait(ctx, key); err != nil || w != 0 || n != 2 {
				t.Fatalf("after the free failures: wait %v, %d failures, %v", w, n, err)
			}
			if d, _, _ := b.Fail(ctx, key, p); d != time.Hour {
				t.Fatalf("third failure earns %v, want 1h", d)
			}
			if d, n, _ := b.Fail(ctx, key, p); d != 2*time.Hour || n != 4 {
				t.Fatalf("fourth failure earns %v, want 2h", d)
			}
			w, n, err := b.Wait(ctx, key)
			if err != nil || n != 4 || w <= time.Hour || w > 2*time.Hour {
				t.Fatalf("wait %v with %d failures (%v), want just under 2h", w, n, err)
			}
			if w, _, _ := b.Wait(ctx, key+"-other"); w != 0 {
				t.Fatalf("another key waits %v", w)
			}
			if err := b.Reset(ctx, key); err != nil {
				t.Fatal(err)
			}
			if w, n, _ := b.Wait(ctx, key); w != 0 || n != 0 {
				t.Fatalf("after Reset: wait %v, %d failures", w, n)
			}
		})
	}
}

func TestMemoryBackoffForgetsAfterTTL(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	b := NewMemoryBackoffClock(func() time.Time { return now })
	p := BackoffPolicy{Free: 0, Base: time.Minute, Max: time.Minute, TTL: time.Hour}
	_, _, _ = b.Fail(context.Background(), "k", p)
	now = now.Add(time.Hour + time.Second)
	if w, n, _ := b.Wait(context.Background(), "k"); w != 0 || n != 0 {
		t.Fatalf("after the TTL: wait %v, %d failures", w, n)
	}
}

// While Redis is away, a fallback Backoff keeps counting in process, and a
// key's waits still hold (login throttling never switches off).
func TestFallbackBackoffWhileRedisIsDown(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	b := NewFallbackBackoff(NewRedisBackoff(rdb))
	ctx := context.Background()
	p := BackoffPolicy{Free: 1, Base: time.Hour, Max: time.Hour, TTL: time.Hour}
	if _, _, err := b.Fail(ctx, "k", p); err != nil {
		t.Fatal(err)
	}
	if d, n, err := b.Fail(ctx, "k", p); err != nil || d != time.Hour || n != 2 {
		t.Fatalf("second failure: %v %d %v", d, n, err)
	}
	if w, _, err := b.Wait(ctx, "k"); err != nil || w <= 0 {
		t.Fatalf("wait while Redis is down: %v %v", w, err)
	}
	if err := b.Reset(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if w, _, _ := b.Wait(ctx, "k"); w != 0 {
		t.Fatalf("after Reset: %v", w)
	}
}
