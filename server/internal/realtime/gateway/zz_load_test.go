package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// lean connects, registers and waits for the ack, then only drains frames.
var phase [3]atomic.Int64

func lean(t *testing.T, url, token string) {
	ctx := context.Background()
	t0 := time.Now()
	ws, _, err := websocket.Dial(ctx, wsURL(url), nil)
	if err != nil {
		t.Error(err)
		return
	}
	ws.SetReadLimit(16 << 20)
	_, _, _ = ws.Read(ctx) // open
	t1 := time.Now()
	phase[0].Add(int64(t1.Sub(t0)))
	var t2 time.Time
	auth, _ := json.Marshal(map[string]string{"token": token})
	_ = ws.Write(ctx, websocket.MessageText, append([]byte("40"), auth...))
	sent := false
	for {
		_, m, err := ws.Read(ctx)
		if err != nil {
			t.Error(err)
			return
		}
		switch {
		case len(m) == 1 && m[0] == '2':
			_ = ws.Write(ctx, websocket.MessageText, []byte("3"))
		case !sent && bytes.HasPrefix(m, []byte("40")):
			_ = ws.Write(ctx, websocket.MessageText, []byte(`421["registerNewUser"]`))
			sent = true
			t2 = time.Now()
			phase[1].Add(int64(t2.Sub(t1)))
		case bytes.HasPrefix(m, []byte("431")):
			phase[2].Add(int64(time.Since(t2)))
			go func() {
				for {
					if _, _, err := ws.Read(ctx); err != nil {
						return
					}
				}
			}()
			return
		}
	}
}

func TestZZLoad(t *testing.T) {
	if os.Getenv("TFM_LOAD") == "" {
		t.Skip()
	}
	online, _ := strconv.Atoi(os.Getenv("TFM_LOAD"))
	const extra = 300
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	toks := make([]string, online+extra)
	for i := range toks {
		m := st.member(t, chattest.Options{Bride: i%2 == 0, Photo: true})
		toks[i] = st.token(t, m)
	}
	run := func(from, to, par int) time.Duration {
		start := time.Now()
		var wg sync.WaitGroup
		sem := make(chan struct{}, par)
		for i := from; i < to; i++ {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				lean(t, st.url, toks[i])
			})
		}
		wg.Wait()
		return time.Since(start)
	}
	d := run(0, online, 32)
	for i := range phase {
		t.Logf("phase %d avg %v", i, time.Duration(phase[i].Swap(0)/int64(online)))
	}
	t.Logf("first %d: %v (%.0f/s)", online, d, float64(online)/d.Seconds())
	d = run(online, online+extra, 32)
	t.Logf("next %d with %d online: %v (%.0f/s)", extra, online, d, float64(extra)/d.Seconds())
	for i := range phase {
		t.Logf("phase %d avg %v", i, time.Duration(phase[i].Swap(0)/int64(extra)))
	}
}
