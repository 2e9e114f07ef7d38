package ratelimit

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// testRedis returns TEST_REDIS_URL's Redis, or an in-process miniredis, and its name.
func testRedis(t *testing.T) (string, *redis.Client) {
	t.Helper()
	if url := os.Getenv("TEST_REDIS_URL"); url != "" {
		opt, err := redis.ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		rdb := redis.NewClient(opt)
		t.Cleanup(func() { rdb.Close() })
		return "redis", rdb
	}
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	return "miniredis", rdb
}

func limiters(t *testing.T) map[string]Limiter {
	t.Helper()
	name, rdb := testRedis(t)
	return map[string]Limiter{"memory": NewMemory(), name: NewRedis(rdb)}
}

func TestAllow(t *testing.T) {
	for name, l := range limiters(t) {
		t.Run(name+"/OKWithinLimitThenRefused", func(t *testing.T) {
			key := "test:" + t.Name() + time.Now().String()
			for i := 0; i < 3; i++ {
				ok, _, err := l.Allow(context.Background(), key, 3, time.Minute)
				if err != nil || !ok {
					t.Fatalf("hit %d: ok=%v err=%v", i, ok, err)
				}
			}
			ok, retry, err := l.Allow(context.Background(), key, 3, time.Minute)
			if err != nil || ok {
				t.Fatalf("4th hit allowed: ok=%v err=%v", ok, err)
			}
			if retry <= 0 || retry > time.Minute {
				t.Fatalf("retryAfter = %v", retry)
			}
		})
		t.Run(name+"/OKKeysAreIndependent", func(t *testing.T) {
			a, b := "a:"+time.Now().String(), "b:"+time.Now().String()
			l.Allow(context.Background(), a, 1, time.Minute)
			if ok, _, _ := l.Allow(context.Background(), b, 1, time.Minute); !ok {
				t.Fatal("key b limited by key a")
			}
		})
	}
}

func TestMemoryWindowResets(t *testing.T) {
	m := NewMemory()
	now := time.Unix(1000, 0)
	m.now = func() time.Time { return now }
	m.Allow(context.Background(), "k", 1, time.Second)
	if ok, _, _ := m.Allow(context.Background(), "k", 1, time.Second); ok {
		t.Fatal("second hit in window allowed")
	}
	now = now.Add(2 * time.Second)
	if ok, _, _ := m.Allow(context.Background(), "k", 1, time.Second); !ok {
		t.Fatal("hit after window refused")
	}
}
