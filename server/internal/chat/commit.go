package chat

import (
	"context"
	"database/sql"
	"errors"
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
	fn func(tx *gorm.DB) error
	// route, when set, must still be allowed when the transaction runs
	// (checkRoutes), or the write is not made and gets errRevoked.
	route *route
	// row, when set (fast-path sends on SQLite), is inserted by insertRows
	// with the other rows of its group, before the savepoints; fn is nil then.
	row  *messageRow
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
	return s.enqueue(&writeReq{fn: fn, done: make(chan error, 1)})
}

func (s *Service) enqueue(r *writeReq) error {
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
// savepoint (rows of fast-path sends go in together, see insertRows). If the
// transaction itself fails (a deadlock on MySQL, a full disk), every write
// runs again alone, so one cannot fail the others.
func (s *Service) commitBatch(batch []*writeReq) {
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	errs := make([]error, len(batch))
	// A plain *sql.Tx inside, for storeMessage's statements.
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return s.runBatch(ctx, tx, batch, errs) })
	switch {
	case errors.Is(err, errSoleFailed):
		batch[0].done <- errs[0]
	case err != nil && len(batch) == 1:
		batch[0].done <- err
	case err != nil:
		for _, r := range batch {
			s.commitBatch([]*writeReq{r})
		}
	default:
		for i, r := range batch {
			r.done <- errs[i]
		}
	}
}

// errSoleFailed rolls back a transaction of one write that failed; the
// write's own error is reported.
var errSoleFailed = errors.New("chat: the only write failed")

// runBatch runs the writes of one transaction, setting errs; a returned
// error rolls the transaction back.
func (s *Service) runBatch(ctx context.Context, tx *gorm.DB, batch []*writeReq, errs []error) error {
	revoked, err := s.checkRoutes(ctx, tx, batch)
	if err != nil {
		return err
	}
	if err := s.insertRows(ctx, tx, batch, revoked, errs); err != nil {
		return err
	}
	if len(batch) == 1 {
		switch r := batch[0]; {
		case revoked[0]:
			errs[0] = errRevoked
		case r.row == nil:
			errs[0] = r.fn(tx)
		}
		if errs[0] != nil {
			return errSoleFailed
		}
		return nil
	}
	exec := func(q string) error { return tx.Exec(q).Error }
	if sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx); ok {
		// Straight to the driver: GORM's callbacks cost more than
		// these two statements.
		exec = func(q string) error { _, err := sqlTx.ExecContext(ctx, q); return err }
	}
	for i, r := range batch {
		if revoked[i] {
			errs[i] = errRevoked
			continue
		}
		if r.row != nil {
			continue // inserted by insertRows
		}
		// One savepoint name serves: each ROLLBACK TO goes back to the
		// latest SAVEPOINT of that name, which is this write's.
		if err := exec("SAVEPOINT w"); err != nil {
			return err
		}
		if errs[i] = r.fn(tx); errs[i] != nil {
			if err := exec("ROLLBACK TO SAVEPOINT w"); err != nil {
				return err
			}
		}
	}
	return nil
}
