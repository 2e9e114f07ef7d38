package chat_test

import (
	"context"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// BenchmarkSendConcurrently measures Send on SQLite with 64 conversations
// writing at once (b.SetParallelism), as the chat does under load: every
// message checked, stored and published before Send returns.
func BenchmarkSendConcurrently(b *testing.B) {
	db := storetest.SQLite(b)
	rel := relation.New(db)
	s, err := chat.New(chat.Deps{DB: db, Relations: rel, Limiter: ratelimit.NewMemory(), Scope: "bench", SendLimit: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	const pairs = 64
	type pair struct {
		from uint64
		room string
	}
	ps := make([]pair, pairs)
	for i := range ps {
		g := chattest.NewMember(b, db, chattest.Options{Paid: true})
		br := chattest.NewMember(b, db, chattest.Options{Bride: true, Paid: true})
		ps[i] = pair{g.ID, chat.RoomName(g.Code, br.Code)}
	}
	var next atomic.Int64
	b.SetParallelism(pairs / 2) // GOMAXPROCS × 32 senders
	b.ResetTimer()
	cpu0 := cpuTime()
	b.RunParallel(func(pb *testing.PB) {
		p := ps[int(next.Add(1)-1)%pairs]
		ctx := context.Background()
		for pb.Next() {
			if _, err := s.Send(ctx, chat.SendInput{From: p.from, RoomName: p.room, Text: "Praise the Lord, hope your week went well."}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}

// cpuTime returns the CPU time this process used so far: on a shared
// machine a benchmark's wall time mostly measures the neighbours, so the
// benchmarks also report CPU per operation (cpu-ns/op).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
