package engineio

import (
	"context"
	"net/http/httptest"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// BenchmarkWebSocketSend measures one session's write path: packets of
// 100 bytes queued in bursts (as a presence batch, a message and its ack
// arrive together) and read by a client over loopback. ns/op is per packet.
func BenchmarkWebSocketSend(b *testing.B) {
	for _, burst := range []int{1, 8, 32} {
		b.Run("burst="+strconv.Itoa(burst), func(b *testing.B) {
			srv := NewServer(Options{PingInterval: time.Hour, PingTimeout: time.Hour, MaxQueuedPackets: 4096})
			conns := make(chan *Conn, 1)
			srv.OnConnection(func(c *Conn) { conns <- c })
			hs := httptest.NewServer(srv)
			defer func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				_ = srv.Close(ctx)
				hs.CloseClientConnections()
				hs.Close()
			}()
			ctx := context.Background()
			ws, _, err := websocket.Dial(ctx, wsURL(hs.URL), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer ws.CloseNow()
			c := <-conns
			if _, _, err := ws.Read(ctx); err != nil { // the open packet
				b.Fatal(err)
			}
			msg := Message{Data: make([]byte, 100)}
			for i := range msg.Data {
				msg.Data[i] = 'a'
			}
			got := make(chan struct{})
			go func() {
				defer close(got)
				for range b.N {
					if _, _, err := ws.Read(ctx); err != nil {
						return
					}
				}
			}()
			b.SetBytes(100)
			b.ResetTimer()
			cpu0 := cpuTime()
			for sent := 0; sent < b.N; {
				n := min(burst, b.N-sent)
				for range n {
					if err := c.Send(msg); err != nil {
						b.Fatal(err)
					}
				}
				sent += n
				// Leave the writer room to drain, as a real sender would.
				for c.queued() > 2048 {
					time.Sleep(10 * time.Microsecond)
				}
			}
			<-got
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// queued returns the number of packets waiting (benchmarks only).
func (c *Conn) queued() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.queue)
}

// cpuTime returns the CPU time this process used so far: on a shared
// machine a benchmark's wall time mostly measures the neighbours, so the
// benchmarks also report CPU per operation (cpu-ns/op).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
