// Package event owns the domain events and their outbox: an area that
// changes something a member should hear about records an Event with
// Record, in the same transaction as the change, and the Outbox's workers
// deliver it to each registered consumer (in-app notifications, e-mail).
//
// Delivery guarantees:
//   - An event is recorded if and only if its change commits: a crash
//     before the commit loses both, a crash after it loses neither, because
//     the delivery rows are in the database and any node's worker finds them.
//   - One node delivers each (event, consumer) at a time: a worker claims a
//     delivery row with a lease by a conditional UPDATE, and the database
//     decides which claim wins. A worker that dies mid-delivery loses its
//     lease after LeaseTTL and the row is delivered again, so consumers are
//     at least once; a Transactional consumer finishes in the same
//     transaction that deletes the delivery row, which makes its effect
//     exactly once (the in-app notification).
//   - A failed delivery is retried with doubling waits (Backoff) up to
//     MaxAttempts, then kept with failed_at set for an operator.
package event

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Kind names what happened.
type Kind string

// The events members hear about (product.md "Notifications").
const (
	InvitationReceived Kind = "invitationReceived"
	InvitationAccepted Kind = "invitationAccepted"
	InvitationDeclined Kind = "invitationDeclined"
	// RequestReceived and RequestAccepted carry the request's kind (photo or phone) in Detail.
	RequestReceived Kind = "requestReceived"
	RequestAccepted Kind = "requestAccepted"
	ProfileViewed   Kind = "profileViewed"
	// PlanExpiring carries the days left (7 or 1) in Detail.
	PlanExpiring Kind = "planExpiring"
	// PlanActivated is a paid plan granted (its Detail: plan name|expiry day|order id);
	// PlanEnded is one ended early by a refund or a lost dispute, or put on
	// hold by a dispute (Detail: plan name|refunded, lost or on_hold|order id).
	PlanActivated Kind = "planActivated"
	PlanEnded     Kind = "planEnded"
	// ProofRejected is a moderator's refusal of an ID or parish proof (Detail: id or parish).
	ProofRejected Kind = "proofRejected"
	// ReportReviewed tells a reporter their report was handled (Detail:
	// "acted" or "noAction", then "|" and the day it was filed); never what was done.
	ReportReviewed Kind = "reportReviewed"
	// MemberWarned is a moderator's warning after a report about the member.
	MemberWarned Kind = "memberWarned"
	// BadgeGranted carries the badge kind (mobile, email, id, parish) in Detail.
	BadgeGranted Kind = "badgeGranted"
	// MatchDigest is the e-mail digest of new matches; it has no in-app notification.
	MatchDigest Kind = "matchDigest"
)

// Event is one thing that happened to Recipient, done by Actor (0 when no
// member did it, as for a plan about to expire).
type Event struct {
	ID        uint64
	Kind      Kind
	Recipient uint64
	Actor     uint64
	Detail    string
	// DedupeKey, when set, makes Record a no-op for a second event with the
	// same key (one profile-view notification a day, one reminder per expiry).
	DedupeKey string
	CreatedAt time.Time
}

// Consumer is a worker's share of the events: Handle is called once per
// event of the kinds it Wants, on one node at a time.
type Consumer struct {
	// Name identifies the consumer's delivery rows; at most 20 bytes.
	Name string
	// Wants reports whether the consumer takes events of kind k.
	Wants func(k Kind) bool
	// Handle delivers e. With Transactional, tx is the transaction that also
	// removes the delivery row, so what Handle writes with it happens
	// exactly once; otherwise tx is nil and Handle may be repeated after a
	// crash (at least once).
	Handle func(ctx context.Context, tx *gorm.DB, e Event) error
	// After, when set, runs after a Transactional delivery committed (a live
	// push of what Handle wrote); its failures are only logged.
	After         func(ctx context.Context, e Event)
	Transactional bool
}

// Tuning of the workers; Options overrides them.
const (
	// LeaseTTL is how long a claimed delivery stays with its worker before
	// another node may take it over.
	LeaseTTL = 30 * time.Second
	// MaxAttempts is how many times a delivery is tried before it is parked as failed.
	MaxAttempts = 8
	// PollInterval is how often an idle worker looks for events other nodes recorded.
	PollInterval = time.Second
	// BatchSize is how many deliveries a worker claims at once.
	BatchSize = 50
)

// Options tunes an Outbox; zero fields take the package defaults.
type Options struct {
	LeaseTTL     time.Duration
	PollInterval time.Duration
	// Backoff is the wait before retry n (1-based); default 5 s doubling to 1 h.
	Backoff func(n int) time.Duration
	Now     func() time.Time
	Log     *slog.Logger
}

// Outbox records events and runs the workers that deliver them.
type Outbox struct {
	db        *store.DB
	opts      Options
	owner     string // this node's lease name
	consumers []Consumer
	kick      chan struct{}
	claims    atomic.Uint64

	mu      sync.Mutex
	running bool
	wg      sync.WaitGroup
	stop    context.CancelFunc
}

// New builds an Outbox over db; Start runs its workers.
func New(db *store.DB, opts Options) *Outbox {
	if opts.LeaseTTL <= 0 {
		opts.LeaseTTL = LeaseTTL
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = PollInterval
	}
	if opts.Backoff == nil {
		opts.Backoff = func(n int) time.Duration {
			return min(5*time.Second<<min(n-1, 20), time.Hour)
		}
	}
	if opts.Now == nil {
		opts.Now = func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	return &Outbox{db: db, opts: opts, owner: hex.EncodeToString(b[:]), kick: make(chan struct{}, 1)}
}

// Register adds a consumer; call it before Start. Events recorded before a
// consumer is registered are not delivered to it.
func (o *Outbox) Register(c Consumer) {
	if c.Name == "" || len(c.Name) > 20 || c.Handle == nil || c.Wants == nil {
		panic("event: a consumer needs a name of at most 20 bytes, Wants and Handle")
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.running {
		panic("event: Register after Start")
	}
	o.consumers = append(o.consumers, c)
}

// Record writes e and one delivery row per consumer that wants it, with
// tx (the transaction of the change it announces). It reports false, and
// writes nothing, when an event with the same DedupeKey exists or o is nil.
func (o *Outbox) Record(tx *gorm.DB, e Event) (bool, error) {
	if o == nil { // a service built without events (some unit tests) announces nothing
		return false, nil
	}
	if e.Kind == "" || e.Recipient == 0 {
		return false, errors.New("event: an event needs a kind and a recipient")
	}
	now := o.opts.Now()
	if e.CreatedAt.IsZero() {
		e.CreatedAt = now
	}
	var key *string
	if e.DedupeKey != "" {
		key = &e.DedupeKey
	}
	row := &eventRow{Kind: string(e.Kind), RecipientID: e.Recipient, ActorID: e.Actor, Detail: e.Detail, DedupeKey: key, CreatedAt: e.CreatedAt}
	// A plain INSERT: a duplicate key fails only this statement on MySQL and
	// SQLite, not the change's transaction (ON CONFLICT DO NOTHING reports
	// rows differently on the two engines).
	if err := tx.Create(row).Error; err != nil {
		if key != nil && store.IsUniqueViolation(err) {
			return false, nil
		}
		return false, err
	}
	o.mu.Lock()
	cs := o.consumers
	o.mu.Unlock()
	var rows []map[string]any
	for _, c := range cs {
		if c.Wants(e.Kind) {
			rows = append(rows, map[string]any{"event_id": row.ID, "consumer": c.Name, "attempts": 0, "due_at": now, "last_error": ""})
		}
	}
	if len(rows) > 0 {
		if err := tx.Table("event_deliveries").Create(rows).Error; err != nil {
			return false, err
		}
	}
	o.Kick()
	return true, nil
}

// RecordNow is Record in a transaction of its own, for events that announce
// no stored change of their own (a scheduled reminder).
func (o *Outbox) RecordNow(ctx context.Context, e Event) (bool, error) {
	var ok bool
	err := o.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		ok, err = o.Record(tx, e)
		return err
	})
	return ok, err
}

// Kick makes the workers look for new deliveries now rather than at their
// next poll; Record calls it (a rolled-back event is simply not found).
func (o *Outbox) Kick() {
	select {
	case o.kick <- struct{}{}:
	default:
	}
}

// Start runs the workers until ctx ends or Stop is called.
func (o *Outbox) Start(ctx context.Context) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.running {
		return
	}
	o.running = true
	ctx, o.stop = context.WithCancel(ctx)
	o.wg.Add(1)
	go o.loop(ctx)
}

// Stop ends the workers and waits for a delivery in progress to finish.
func (o *Outbox) Stop() {
	o.mu.Lock()
	stop := o.stop
	o.mu.Unlock()
	if stop != nil {
		stop()
	}
	o.wg.Wait()
}

func (o *Outbox) loop(ctx context.Context) {
	defer o.wg.Done()
	t := time.NewTicker(o.opts.PollInterval)
	defer t.Stop()
	for {
		for o.RunOnce(ctx) > 0 && ctx.Err() == nil {
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-o.kick:
			// The recording transaction commits just after Record returns.
			select {
			case <-time.After(20 * time.Millisecond):
			case <-ctx.Done():
				return
			}
		}
	}
}

// RunOnce claims and delivers one batch for every consumer and returns how
// many deliveries it made or retried; tests call it to step the workers.
func (o *Outbox) RunOnce(ctx context.Context) int {
	o.mu.Lock()
	cs := o.consumers
	o.mu.Unlock()
	n := 0
	for _, c := range cs {
		claimed, err := o.claim(ctx, c.Name)
		if err != nil {
			if ctx.Err() == nil {
				o.opts.Log.Warn("event: claiming deliveries", "consumer", c.Name, "err", err)
			}
			continue
		}
		for _, d := range claimed {
			o.deliver(ctx, c, d)
			n++
		}
	}
	return n
}

type eventRow struct {
	ID          uint64 `gorm:"primaryKey"`
	Kind        string
	RecipientID uint64
	ActorID     uint64
	Detail      string
	DedupeKey   *string
	CreatedAt   time.Time
}

func (eventRow) TableName() string { return "events" }

type claimed struct {
	Event
	Attempts   int
	leaseOwner string
}

// claim leases up to BatchSize due deliveries of consumer to this node.
// The UPDATE's condition is re-checked by the database under its row lock,
// so of two nodes claiming the same row exactly one changes it.
func (o *Outbox) claim(ctx context.Context, consumer string) ([]claimed, error) {
	now := o.opts.Now()
	db := o.db.WithContext(ctx)
	var ids []uint64
	if err := db.Table("event_deliveries").Where("consumer = ? AND failed_at IS NULL AND due_at <= ? AND (lease_until IS NULL OR lease_until < ?)", consumer, now, now).
		Order("due_at, event_id").Limit(BatchSize).Pluck("event_id", &ids).Error; err != nil || len(ids) == 0 {
		return nil, err
	}
	lease := fmt.Sprintf("%s-%x", o.owner, o.claims.Add(1)) // fits lease_owner's 32 bytes
	if err := db.Table("event_deliveries").Where("consumer = ? AND event_id IN ? AND failed_at IS NULL AND (lease_until IS NULL OR lease_until < ?)", consumer, ids, now).
		Updates(map[string]any{"lease_owner": lease, "lease_until": now.Add(o.opts.LeaseTTL), "attempts": gorm.Expr("attempts + 1")}).Error; err != nil {
		return nil, err
	}
	var rows []struct {
		ID          uint64
		Kind        string
		RecipientID uint64
		ActorID     uint64
		Detail      string
		DedupeKey   *string
		CreatedAt   time.Time
		Attempts    int
	}
	if err := db.Table("event_deliveries d").Joins("JOIN events e ON e.id = d.event_id").
		Select("e.id, e.kind, e.recipient_id, e.actor_id, e.detail, e.dedupe_key, e.created_at, d.attempts").
		Where("d.consumer = ? AND d.lease_owner = ?", consumer, lease).Order("e.id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]claimed, 0, len(rows))
	for _, r := range rows {
		e := Event{ID: r.ID, Kind: Kind(r.Kind), Recipient: r.RecipientID, Actor: r.ActorID, Detail: r.Detail, CreatedAt: r.CreatedAt}
		if r.DedupeKey != nil {
			e.DedupeKey = *r.DedupeKey
		}
		out = append(out, claimed{Event: e, Attempts: r.Attempts})
	}
	for i := range out {
		out[i].leaseOwner = lease
	}
	return out, nil
}

// errLeaseLost rolls back a transactional delivery whose lease another node took over.
var errLeaseLost = errors.New("event: the delivery's lease was taken over")

// deliver hands d to c and removes its delivery row, or schedules a retry.
func (o *Outbox) deliver(ctx context.Context, c Consumer, d claimed) {
	db := o.db.WithContext(ctx)
	done := func(tx *gorm.DB) error {
		res := tx.Table("event_deliveries").Where("event_id = ? AND consumer = ? AND lease_owner = ?", d.ID, c.Name, d.leaseOwner).
			Delete(nil)
		if res.Error == nil && res.RowsAffected == 0 {
			return errLeaseLost
		}
		return res.Error
	}
	var err error
	if c.Transactional {
		err = db.Transaction(func(tx *gorm.DB) error {
			if err := c.Handle(ctx, tx, d.Event); err != nil {
				return err
			}
			return done(tx)
		})
		if err == nil && c.After != nil {
			c.After(ctx, d.Event)
		}
	} else if err = c.Handle(ctx, nil, d.Event); err == nil {
		err = done(db)
	}
	if err == nil || errors.Is(err, errLeaseLost) || ctx.Err() != nil {
		return
	}
	now := o.opts.Now()
	upd := map[string]any{"lease_owner": nil, "lease_until": nil, "due_at": now.Add(o.opts.Backoff(d.Attempts)), "last_error": truncate(err.Error(), 255)}
	if d.Attempts >= MaxAttempts || errors.Is(err, ErrPermanent) {
		upd["failed_at"] = now
	}
	o.opts.Log.Warn("event: delivery failed", "consumer", c.Name, "event", d.ID, "kind", string(d.Kind), "attempt", d.Attempts,
		"parked", upd["failed_at"] != nil, "err", err)
	if uerr := db.Table("event_deliveries").Where("event_id = ? AND consumer = ? AND lease_owner = ?", d.ID, c.Name, d.leaseOwner).
		Updates(upd).Error; uerr != nil {
		o.opts.Log.Warn("event: scheduling a retry", "consumer", c.Name, "event", d.ID, "err", uerr)
	}
}

// ErrPermanent, wrapped into a Handle error, parks the delivery at once
// instead of retrying it (the recipient's address was refused).
var ErrPermanent = errors.New("event: permanent delivery failure")

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// Stats counts the deliveries waiting (due or not) and parked as failed, per consumer.
func (o *Outbox) Stats(ctx context.Context) (pending, failed map[string]int64, err error) {
	var rows []struct {
		Consumer string
		Failed   bool
		N        int64
	}
	err = o.db.WithContext(ctx).Table("event_deliveries").
		Select("consumer, failed_at IS NOT NULL AS failed, COUNT(*) AS n").Group("consumer, failed_at IS NOT NULL").Scan(&rows).Error
	pending, failed = map[string]int64{}, map[string]int64{}
	for _, r := range rows {
		if r.Failed {
			failed[r.Consumer] += r.N
		} else {
			pending[r.Consumer] += r.N
		}
	}
	return pending, failed, err
}

// Prune deletes events older than before that no consumer still has to
// deliver; it returns how many it deleted. Notifications keep their own rows.
func (o *Outbox) Prune(ctx context.Context, before time.Time) (int64, error) {
	res := o.db.WithContext(ctx).Exec("DELETE FROM events WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.event_id = events.id)", before)
	return res.RowsAffected, res.Error
}
