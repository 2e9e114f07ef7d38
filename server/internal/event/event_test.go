package event_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// counter is a consumer that counts each event it is handed.
type counter struct {
	mu   sync.Mutex
	seen map[uint64]int
	fail func(e event.Event) error
}

func (c *counter) consumer(name string, tx bool) event.Consumer {
	return event.Consumer{Name: name, Transactional: tx, Wants: func(k event.Kind) bool { return k != event.MatchDigest },
		Handle: func(_ context.Context, _ *gorm.DB, e event.Event) error {
			if c.fail != nil {
				if err := c.fail(e); err != nil {
					return err
				}
			}
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.seen == nil {
				c.seen = map[uint64]int{}
			}
			c.seen[e.ID]++
			return nil
		}}
}

func (c *counter) counts() map[uint64]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[uint64]int{}
	for k, v := range c.seen {
		out[k] = v
	}
	return out
}

// clock is a settable time source shared by the outboxes of one test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func record(t *testing.T, db *store.DB, o *event.Outbox, e event.Event) bool {
	t.Helper()
	var ok bool
	if err := db.Transaction(func(tx *gorm.DB) error {
		var err error
		ok, err = o.Record(tx, e)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return ok
}

func pendingRows(t *testing.T, db *store.DB) int64 {
	var n int64
	if err := db.Table("event_deliveries").Where("failed_at IS NULL").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOutbox(t *testing.T) {
	for dialect, db := range storetest.Engines(t) {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			clk := &clock{t: time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)}

			t.Run("OKDeliveredAfterACrashBetweenCommitAndDelivery", func(t *testing.T) {
				// Node one records and "dies" before its worker runs; a fresh
				// outbox on the same database (the restarted node) delivers
				// the event once, to every consumer.
				dead := event.New(db, event.Options{Now: clk.now})
				var c1, c2 counter
				dead.Register(c1.consumer("notify", true))
				dead.Register(c2.consumer("mail", false))
				if !record(t, db, dead, event.Event{Kind: event.InvitationReceived, Recipient: 7, Actor: 8}) {
					t.Fatal("not recorded")
				}
				restarted := event.New(db, event.Options{Now: clk.now})
				var r1, r2 counter
				restarted.Register(r1.consumer("notify", true))
				restarted.Register(r2.consumer("mail", false))
				for restarted.RunOnce(ctx) > 0 {
				}
				if len(r1.counts()) != 1 || len(r2.counts()) != 1 {
					t.Fatalf("delivered %v / %v", r1.counts(), r2.counts())
				}
				for id, n := range r1.counts() {
					if n != 1 || r2.counts()[id] != 1 {
						t.Fatalf("event %d delivered %d and %d times", id, n, r2.counts()[id])
					}
				}
				if restarted.RunOnce(ctx) != 0 || pendingRows(t, db) != 0 {
					t.Fatal("delivered again, or rows left")
				}
			})

			t.Run("OKRolledBackChangeRecordsNothing", func(t *testing.T) {
				o := event.New(db, event.Options{Now: clk.now})
				var c counter
				o.Register(c.consumer("notify", true))
				boom := errors.New("the change failed")
				err := db.Transaction(func(tx *gorm.DB) error {
					if _, err := o.Record(tx, event.Event{Kind: event.InvitationReceived, Recipient: 7, Actor: 9}); err != nil {
						return err
					}
					return boom
				})
				if !errors.Is(err, boom) || o.RunOnce(ctx) != 0 || len(c.counts()) != 0 {
					t.Fatalf("err %v, delivered %v", err, c.counts())
				}
			})

			t.Run("OKDedupeKeyRecordsOnce", func(t *testing.T) {
				o := event.New(db, event.Options{Now: clk.now})
				var c counter
				o.Register(c.consumer("notify", true))
				e := event.Event{Kind: event.ProfileViewed, Recipient: 7, Actor: 9, DedupeKey: "view:9:7:2026-11-26"}
				if !record(t, db, o, e) || record(t, db, o, e) {
					t.Fatal("dedupe key not honoured")
				}
				for o.RunOnce(ctx) > 0 {
				}
				if len(c.counts()) != 1 {
					t.Fatalf("delivered %v", c.counts())
				}
			})

			t.Run("OKTwoNodesDeliverEachEventOnce", func(t *testing.T) {
				const events = 120
				producer := event.New(db, event.Options{Now: clk.now})
				producer.Register(event.Consumer{Name: "notify", Transactional: true, Wants: func(event.Kind) bool { return true },
					Handle: func(context.Context, *gorm.DB, event.Event) error { return nil }})
				for i := range events {
					record(t, db, producer, event.Event{Kind: event.RequestReceived, Recipient: uint64(100 + i), Actor: 1, Detail: "photo"})
				}
				var handled sync.Map
				var dup atomic.Int32
				node := func() *event.Outbox {
					o := event.New(db, event.Options{Now: clk.now})
					o.Register(event.Consumer{Name: "notify", Transactional: true, Wants: func(event.Kind) bool { return true },
						Handle: func(_ context.Context, tx *gorm.DB, e event.Event) error {
							if _, loaded := handled.LoadOrStore(e.ID, true); loaded {
								dup.Add(1)
							}
							return nil
						}})
					return o
				}
				a, b := node(), node()
				var wg sync.WaitGroup
				for _, o := range []*event.Outbox{a, b} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for o.RunOnce(ctx) > 0 {
						}
					}()
				}
				wg.Wait()
				n := 0
				handled.Range(func(any, any) bool { n++; return true })
				if n != events || dup.Load() != 0 || pendingRows(t, db) != 0 {
					t.Fatalf("handled %d of %d, %d twice, %d left", n, events, dup.Load(), pendingRows(t, db))
				}
			})

			t.Run("OKLeaseTakenOverAfterAWorkerDiedMidDelivery", func(t *testing.T) {
				o := event.New(db, event.Options{Now: clk.now, LeaseTTL: time.Minute})
				stuck := make(chan struct{})
				var once sync.Once
				// The first worker claims the delivery and never finishes (its
				// process hangs or dies); another node waits out the lease.
				o.Register(event.Consumer{Name: "notify", Transactional: false, Wants: func(event.Kind) bool { return true },
					Handle: func(ctx context.Context, _ *gorm.DB, e event.Event) error {
						once.Do(func() { close(stuck) })
						<-ctx.Done()
						return ctx.Err()
					}})
				record(t, db, o, event.Event{Kind: event.BadgeGranted, Recipient: 7, Detail: "mobile"})
				cctx, cancel := context.WithCancel(ctx)
				done := make(chan struct{})
				go func() { o.RunOnce(cctx); close(done) }()
				select {
				case <-stuck:
				case <-done:
					t.Fatal("the first worker claimed nothing")
				}
				var c counter
				other := event.New(db, event.Options{Now: clk.now})
				other.Register(c.consumer("notify", false))
				if other.RunOnce(ctx) != 0 {
					t.Fatal("took over a live lease")
				}
				clk.add(2 * time.Minute)
				for other.RunOnce(ctx) > 0 {
				}
				cancel()
				<-done
				if len(c.counts()) != 1 || pendingRows(t, db) != 0 {
					t.Fatalf("delivered %v, %d left", c.counts(), pendingRows(t, db))
				}
			})

			t.Run("OKRetriedWithBackoffThenParked", func(t *testing.T) {
				var waits []time.Duration
				o := event.New(db, event.Options{Now: clk.now, Backoff: func(n int) time.Duration {
					d := time.Duration(n) * time.Minute
					waits = append(waits, d)
					return d
				}})
				var c counter
				c.fail = func(event.Event) error { return fmt.Errorf("smtp: 451 try later") }
				o.Register(c.consumer("mail", false))
				record(t, db, o, event.Event{Kind: event.InvitationAccepted, Recipient: 7, Actor: 8})
				for i := 1; i <= event.MaxAttempts; i++ {
					if got := o.RunOnce(ctx); got != 1 {
						t.Fatalf("attempt %d: ran %d", i, got)
					}
					if o.RunOnce(ctx) != 0 {
						t.Fatalf("attempt %d retried before its wait", i)
					}
					clk.add(time.Duration(i) * time.Minute)
				}
				var parked struct {
					Attempts  int
					LastError string
				}
				db.Table("event_deliveries").Select("attempts, last_error").Where("failed_at IS NOT NULL").Scan(&parked)
				if parked.Attempts != event.MaxAttempts || parked.LastError != "smtp: 451 try later" || o.RunOnce(ctx) != 0 {
					t.Fatalf("parked %+v", parked)
				}
				if len(waits) != event.MaxAttempts || waits[2] != 3*time.Minute {
					t.Fatalf("waits %v", waits)
				}
				_, failed, err := o.Stats(ctx)
				if err != nil || failed["mail"] != 1 {
					t.Fatalf("stats %v %v", failed, err)
				}
				db.Exec("DELETE FROM event_deliveries")
			})

			t.Run("OKPermanentFailureParksAtOnce", func(t *testing.T) {
				o := event.New(db, event.Options{Now: clk.now})
				var c counter
				c.fail = func(event.Event) error { return fmt.Errorf("550 no such user: %w", event.ErrPermanent) }
				o.Register(c.consumer("mail", false))
				record(t, db, o, event.Event{Kind: event.InvitationAccepted, Recipient: 7, Actor: 8})
				o.RunOnce(ctx)
				clk.add(24 * time.Hour)
				if o.RunOnce(ctx) != 0 || pendingRows(t, db) != 0 {
					t.Fatal("a permanent failure was retried")
				}
				db.Exec("DELETE FROM event_deliveries")
			})

			t.Run("OKTransactionalHandlerErrorLeavesNoEffect", func(t *testing.T) {
				o := event.New(db, event.Options{Now: clk.now})
				fail := true
				o.Register(event.Consumer{Name: "notify", Transactional: true, Wants: func(event.Kind) bool { return true },
					Handle: func(_ context.Context, tx *gorm.DB, e event.Event) error {
						if err := tx.Exec("UPDATE events SET detail = 'touched' WHERE id = ?", e.ID).Error; err != nil {
							return err
						}
						if fail {
							return errors.New("half way")
						}
						return nil
					}})
				record(t, db, o, event.Event{Kind: event.BadgeGranted, Recipient: 70, Detail: "email"})
				o.RunOnce(ctx)
				var detail string
				db.Table("events").Where("recipient_id = 70").Pluck("detail", &detail)
				if detail != "email" {
					t.Fatalf("a failed transactional delivery left %q", detail)
				}
				fail = false
				clk.add(time.Hour)
				o.RunOnce(ctx)
				db.Table("events").Where("recipient_id = 70").Pluck("detail", &detail)
				if detail != "touched" || pendingRows(t, db) != 0 {
					t.Fatalf("detail %q", detail)
				}
			})

			t.Run("OKPruneKeepsUndelivered", func(t *testing.T) {
				o := event.New(db, event.Options{Now: clk.now})
				var c counter
				o.Register(c.consumer("mail", false))
				record(t, db, o, event.Event{Kind: event.BadgeGranted, Recipient: 71, Detail: "id"})
				n, err := o.Prune(ctx, clk.now().Add(time.Hour))
				if err != nil {
					t.Fatal(err)
				}
				var left int64
				db.Table("events").Where("recipient_id = 71").Count(&left)
				if left != 1 || n == 0 {
					t.Fatalf("pruned %d, undelivered left %d", n, left)
				}
			})
		})
	}
}
