package chat

import (
	"context"
	"sync"
	"time"

	"gorm.io/gorm"
)

// Group commit. Every message is one short write transaction. Run one per
// sender and they queue for the database's single writer: on SQLite a
// waiting writer sleeps in the busy handler (1, 2, 5 ... 100 ms), which is
// where a chat's p99 went. So the service has at most one write transaction
// of messages in flight: sends arriving while it runs wait and then go
// together in the next one, each inside a savepoint so that a refused one
// (a reused client id) is rolled back alone. Every caller still returns
// only after the commit that holds its message, so "stored before
// acknowledged" is unchanged; a batch costs one commit instead of one per
// message.

// maxCommitBatch bounds the writes of one group transaction.
const maxCommitBatch = 128

// commitTimeout bounds one group transaction. Callers wait for the outcome
// whatever their own context says: a write that may still commit must not be
// reported as failed.
const commitTimeout = 10 * time.Second

// writeReq is one write waiting for a group commit.
type writeReq struct {
	fn   func(tx *gorm.DB) error
	done chan error
}

// groupCommit queues writes; a committer goroutine runs while any wait.
type groupCommit struct {
	mu      sync.Mutex
	pending []*writeReq
	running bool
}

// write runs fn in a transaction shared with other concurrent writes and
// returns fn's error once that transaction ended. fn may run twice (alone,
// after its group failed as a whole), so it must set all its outputs anew.
func (s *Service) write(fn func(tx *gorm.DB) error) error {
	r := &writeReq{fn: fn, done: make(chan error, 1)}
	s.commits.mu.Lock()
	s.commits.pending = append(s.commits.pending, r)
	start := !s.commits.running
	s.commits.running = true
	s.commits.mu.Unlock()
	if start {
		go s.commitLoop()
	}
	return <-r.done
}

// commitLoop commits the queued writes in groups until none is left.
func (s *Service) commitLoop() {
	for {
		s.commits.mu.Lock()
		batch := s.commits.pending
		if len(batch) > maxCommitBatch {
			batch = batch[:maxCommitBatch:maxCommitBatch]
			s.commits.pending = s.commits.pending[maxCommitBatch:]
		} else {
			s.commits.pending = nil
		}
		if len(batch) == 0 {
			s.commits.running = false
			s.commits.mu.Unlock()
			return
		}
		s.commits.mu.Unlock()
		s.commitBatch(batch)
	}
}

// commitBatch runs a group of writes in one transaction, each in its own
// savepoint. If the transaction itself fails (a deadlock on MySQL, a full
// disk), every write runs again alone, so one cannot fail the others.
func (s *Service) commitBatch(batch []*writeReq) {
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	db := s.db.WithContext(ctx) // a plain *sql.Tx, for storeMessage's statements
	if len(batch) == 1 {
		batch[0].done <- db.Transaction(batch[0].fn)
		return
	}
	errs := make([]error, len(batch))
	err := db.Transaction(func(tx *gorm.DB) error {
		for i, r := range batch {
			// One savepoint name serves: each ROLLBACK TO goes back to
			// the latest SAVEPOINT of that name, which is this write's.
			if err := tx.Exec("SAVEPOINT w").Error; err != nil {
				return err
			}
			if errs[i] = r.fn(tx); errs[i] != nil {
				if err := tx.Exec("ROLLBACK TO SAVEPOINT w").Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		for _, r := range batch {
			r.done <- db.Transaction(r.fn)
		}
		return
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}
