package socketio

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// chatUsers returns n encoded chat users, as presence keeps them.
func chatUsers(n int) []json.RawMessage {
	out := make([]json.RawMessage, n)
	for i := range out {
		out[i], _ = json.Marshal(map[string]any{"gender": 20, "photos": []any{map[string]any{"imagePath": "/media/photos/ab/",
			"images": map[string]string{"small": "ab12cd34_small.jpg", "large": "ab12cd34_large.jpg"}, "isDefault": true}},
			"profileID": fmt.Sprintf("TM%07d", 1000000+i), "userName": "Bench Bride " + strconv.Itoa(i)})
	}
	return out
}

// BenchmarkBroadcastToRoom measures a presence announcement fanned out to
// the sockets of one room over loopback WebSockets: encode once, queue for
// every recipient, write, until every client has read it. ns/op is per
// broadcast; the recipients' reads run on the same machine.
func BenchmarkBroadcastToRoom(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run("sockets="+strconv.Itoa(n), func(b *testing.B) {
			srv := NewServer(Options{Engine: engineOptsForBench()})
			joined := make(chan struct{}, n)
			srv.Of("/").OnConnection(func(s *Socket) {
				s.Join("g:20")
				joined <- struct{}{}
			})
			hs := httptest.NewServer(srv)
			defer func() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				_ = srv.Close(ctx)
				hs.CloseClientConnections()
				hs.Close()
			}()
			var received atomic.Int64
			var wg sync.WaitGroup
			ctx := context.Background()
			url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/engine.io/?EIO=4&transport=websocket"
			for range n {
				ws, _, err := websocket.Dial(ctx, url, nil)
				if err != nil {
					b.Fatal(err)
				}
				defer ws.CloseNow()
				if _, _, err := ws.Read(ctx); err != nil {
					b.Fatal(err)
				}
				if err := ws.Write(ctx, websocket.MessageText, []byte("40")); err != nil {
					b.Fatal(err)
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						_, m, err := ws.Read(ctx)
						if err != nil {
							return
						}
						if strings.HasPrefix(string(m), "42") {
							received.Add(1)
						}
					}
				}()
			}
			for range n {
				<-joined
			}
			user := chatUsers(1)[0]
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := range b.N {
				if err := srv.Of("/").To("g:20").Emit("userConnected", user); err != nil {
					b.Fatal(err)
				}
				for received.Load() < int64((i+1)*n) {
					time.Sleep(20 * time.Microsecond)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// engineOptsForBench keeps heartbeats out of the measurement.
func engineOptsForBench() engineio.Options {
	return engineio.Options{PingInterval: time.Hour, PingTimeout: time.Hour}
}

// cpuTime returns the CPU time this process used so far: on a shared
// machine a benchmark's wall time mostly measures the neighbours, so the
// benchmarks also report CPU per operation (cpu-ns/op).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
