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
// message checked, stored and published before Send returns. "opening":
// one side writes and nobody has replied, so every send takes the slow path
// (both members, the conversation, blocks, the plan read each time).
// "established": both have written past the early messages, so sends take
// the fast path (fastpath.go).
func BenchmarkSendConcurrently(b *testing.B) {
	for _, established := range []bool{false, true} {
		name := "opening"
		if established {
			name = "established"
		}
		b.Run(name, func(b *testing.B) { benchSend(b, established) })
	}
}

func benchSend(b *testing.B, established bool) {
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
		for k := 0; established && k < 2*chat.EarlyChatMessages; k++ {
			from := g.ID
			if k%2 == 1 {
				from = br.ID
			}
			if _, err := s.Send(context.Background(), chat.SendInput{From: from, RoomName: ps[i].room, Text: "hello"}); err != nil {
				b.Fatal(err)
			}
		}
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
