package gateway

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
)

// activityWindow is how long connects and disconnects are gathered before
// profiles.last_active_at is written for all of them at once. The profile
// pages show activity coarsely (today, this week...), so seconds do not
// matter, while a write per connect would put every connect storm on the
// database's single writer.
const activityWindow = 3 * time.Second

// activity gathers the members whose last_active_at is due.
type activity struct {
	chat *chat.Service
	log  *slog.Logger

	mu     sync.Mutex
	due    map[uint64]struct{}
	timer  *time.Timer
	closed bool
	wg     sync.WaitGroup // a timer's flush that may be running
}

func newActivity(c *chat.Service, log *slog.Logger) *activity {
	return &activity{chat: c, log: log, due: map[uint64]struct{}{}}
}

// touch records that the member connected or left now.
func (a *activity) touch(id uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	a.due[id] = struct{}{}
	if a.timer == nil {
		a.wg.Add(1)
		a.timer = time.AfterFunc(activityWindow, func() {
			defer a.wg.Done()
			a.flush()
		})
	}
}

// flush writes what was gathered.
func (a *activity) flush() {
	a.mu.Lock()
	a.timer = nil
	ids := make([]uint64, 0, len(a.due))
	for id := range a.due {
		ids = append(ids, id)
	}
	clear(a.due)
	a.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	if err := a.chat.MarkActive(ctx, time.Now(), ids); err != nil {
		a.log.Warn("gateway: recording last activity", "members", len(ids), "err", err)
	}
}

// close writes what is left and stops gathering.
func (a *activity) close() {
	a.mu.Lock()
	a.closed = true
	if a.timer != nil && a.timer.Stop() {
		a.wg.Done()
	}
	a.timer = nil
	a.mu.Unlock()
	a.flush()
	a.wg.Wait()
}
