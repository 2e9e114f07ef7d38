package match

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Warming: the dashboard is where a member lands after signing in, and My
// matches and Today's ten (chosen from it) are where most go next. When the
// dashboard counts new matches it also queues the member's My matches to be
// computed and kept in the background, and the day's ten to be chosen if
// they are not yet, so opening either reads what is ready (about half the
// work of computing it, and no ranking or writing) instead of computing it
// while the member waits.
//
// Warming is spare work, kept small beside what members ask for: one
// worker at a time per node, a bounded queue, and a member already queued
// is not queued again (one whose list is kept costs a read by key). When the queue is full (a
// burst of sign-ins), a member's list is computed at their first ask, as
// without warming.
const (
	warmWorkers = 1
	warmQueue   = 512
	// warmTimeout bounds one list's computation in the background.
	warmTimeout = 10 * time.Second
)

// warmer is the queue of members whose My matches are to be computed.
type warmer struct {
	mu      sync.Mutex
	queue   []Viewer
	queued  map[uint64]bool
	running int
	stopped bool       // StopWarming was called: nothing more is queued
	idle    *sync.Cond // broadcast when the queue is empty and no worker runs
}

func newWarmer() *warmer {
	w := &warmer{queued: map[uint64]bool{}}
	w.idle = sync.NewCond(&w.mu)
	return w
}

// warm queues v's My matches to be computed and kept, unless there is no
// cache to keep them in, v is queued already or the queue is full.
func (s *Service) warm(v Viewer) {
	w := s.warmer
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped || w.queued[v.ID] || len(w.queue) >= warmQueue {
		return
	}
	w.queue, w.queued[v.ID] = append(w.queue, v), true
	if w.running < warmWorkers {
		w.running++
		go s.warmWork()
	}
}

// warmWork computes queued lists until the queue is empty, then ends.
func (s *Service) warmWork() {
	w := s.warmer
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.running--
			if w.running == 0 {
				w.idle.Broadcast()
			}
			w.mu.Unlock()
			return
		}
		v := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()

		ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
		if err := s.warmOne(ctx, v); err != nil {
			slog.Warn("match: warming a member's lists failed", "profile_id", v.ID, "err", err)
		}
		cancel()

		w.mu.Lock()
		delete(w.queued, v.ID)
		w.mu.Unlock()
	}
}

// warmOne keeps v's My matches and chooses their ten for today, unless chosen.
func (s *Service) warmOne(ctx context.Context, v Viewer) error {
	if _, err := s.cachedRanked(ctx, v, My); err != nil {
		return err
	}
	today := day(s.clock())
	if chosen, err := s.todayRows(ctx, v.ID, today); err != nil || len(chosen) > 0 {
		return err
	}
	// From the list just kept; two choices at once store one (see chooseToday).
	return s.chooseToday(ctx, v, today)
}

// WaitWarm blocks until no list is queued or being warmed (for the
// benchmark and the tests, which ask after the dashboard as a member would
// a moment later).
func (s *Service) WaitWarm() {
	w := s.warmer
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(w.queue) > 0 || w.running > 0 {
		w.idle.Wait()
	}
}

// StopWarming drops the lists still queued, queues no more, and waits for
// the one being computed: a node that shuts down closes its database after.
func (s *Service) StopWarming() {
	w := s.warmer
	if w == nil {
		return
	}
	w.mu.Lock()
	w.stopped, w.queue = true, nil
	w.mu.Unlock()
	s.WaitWarm()
}
