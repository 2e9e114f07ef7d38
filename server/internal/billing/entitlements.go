package billing

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Subscription states (subscriptions.status).
const (
	SubActive   = "active"
	SubRenewed  = "renewed"  // superseded by a renewal, which carried its days and views forward
	SubRefunded = "refunded" // its payment was refunded or a dispute was lost
	SubOnHold   = "on_hold"  // its payment is disputed
)

// activeSQL is the one definition of "a plan that runs now" over a
// subscriptions row aliased s; its arguments are now, now.
const activeSQL = "s.status = 'active' AND s.starts_at <= ? AND s.expires_at > ?"

// Entitlements is what a member may do now, from the plan they hold (the
// free tier when none): the one answer that chat, invitations, contact
// views, browsing limits and the header's plan summary read.
type Entitlements struct {
	Paid      bool       `json:"paid"`
	PlanName  string     `json:"planName"`
	ExpiresAt *time.Time `json:"expiresAt"`
	// ContactViewsLeft is ContactViewsTotal - ContactViewsUsed + PrevContactViewPending.
	ContactViewsLeft       int  `json:"contactViewsLeft"`
	ContactViewsTotal      int  `json:"contactViewsTotal"`
	ContactViewsUsed       int  `json:"contactViewsUsed"`
	PrevContactViewPending int  `json:"prevContactViewPending"`
	DailyInvitations       int  `json:"dailyInvitations"`
	StartChats             bool `json:"startChats"`
	ProfileHighlight       bool `json:"profileHighlight"`
	PrioritySupport        bool `json:"prioritySupport"`

	PlanID         uint64    `json:"-"`
	SubscriptionID uint64    `json:"-"`
	StartsAt       time.Time `json:"-"`
	// PeriodStart begins the unbroken paid period: a contact viewed since then is free to see again.
	PeriodStart time.Time `json:"-"`
}

// SearchPagesPerHour is how many pages of matches and results the member may open an hour.
func (e Entitlements) SearchPagesPerHour() int {
	if e.Paid {
		return PaidSearchPagesPerHour
	}
	return FreeSearchPagesPerHour
}

// ProfileViewsPerHour is how many profiles the member may open an hour.
func (e Entitlements) ProfileViewsPerHour() int {
	if e.Paid {
		return PaidProfileViewsPerHour
	}
	return FreeProfileViewsPerHour
}

// subRow is a subscription with its plan's features.
type subRow struct {
	ID                     uint64
	ProfileID              uint64
	PlanID                 uint64
	OrderID                *uint64
	Status                 string
	StartsAt               time.Time
	ExpiresAt              time.Time
	PeriodStart            *time.Time
	RenewedFromID          *uint64
	ContactViewsTotal      int
	ContactViewsUsed       int
	PrevContactViewPending int
	PlanName               string
	StartChats             bool
	ProfileHighlight       bool
	PrioritySupport        bool
	DailyInvitations       int
}

const subColumns = `s.id, s.profile_id, s.plan_id, s.order_id, s.status, s.starts_at, s.expires_at, s.period_start, s.renewed_from_id,
	s.contact_views_total, s.contact_views_used, s.prev_contact_view_pending,
	pl.name AS plan_name, pl.start_chats, pl.profile_highlight, pl.priority_support, pl.daily_invitations`

// current returns the member's running subscription, or nil.
func current(db *gorm.DB, member uint64, now time.Time) (*subRow, error) {
	var rows []subRow
	err := db.Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").Select(subColumns).
		Where("s.profile_id = ? AND "+activeSQL, member, now, now).Order("s.expires_at DESC, s.id DESC").Limit(1).Scan(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// Entitlements returns what member may do now.
func (r *Meter) Entitlements(ctx context.Context, member uint64) (Entitlements, error) {
	e, err := r.entitlements(r.db.WithContext(ctx), member)
	return e, store.Translate(err, "", "")
}

// entitlements reads them through db (a transaction, when a caller spends from them).
func (r *Meter) entitlements(db *gorm.DB, member uint64) (Entitlements, error) {
	now := r.clock()
	sub, err := current(db, member, now)
	if err != nil {
		return Entitlements{}, err
	}
	if sub == nil {
		free, err := r.freePlan(db)
		if err != nil {
			return Entitlements{}, err
		}
		return Entitlements{PlanName: free.Name, PlanID: free.ID, DailyInvitations: free.DailyInvitations, StartChats: free.StartChats,
			ProfileHighlight: free.ProfileHighlight, PrioritySupport: free.PrioritySupport}, nil
	}
	return sub.entitlements(), nil
}

// entitlements turns a running subscription into what it grants.
func (s *subRow) entitlements() Entitlements {
	exp := s.ExpiresAt.UTC()
	e := Entitlements{Paid: true, PlanName: s.PlanName, ExpiresAt: &exp, ContactViewsTotal: s.ContactViewsTotal,
		ContactViewsUsed: s.ContactViewsUsed, PrevContactViewPending: s.PrevContactViewPending,
		DailyInvitations: s.DailyInvitations, StartChats: s.StartChats, ProfileHighlight: s.ProfileHighlight,
		PrioritySupport: s.PrioritySupport, PlanID: s.PlanID, SubscriptionID: s.ID, StartsAt: s.StartsAt.UTC(), PeriodStart: s.StartsAt.UTC()}
	if s.PeriodStart != nil {
		e.PeriodStart = s.PeriodStart.UTC()
	}
	e.ContactViewsLeft = max(0, s.ContactViewsTotal-s.ContactViewsUsed+s.PrevContactViewPending)
	return e
}

// MayStartChats reports whether member's plan lets them start a chat with
// anyone whose setting allows it (product.md "Chat").
func (r *Meter) MayStartChats(ctx context.Context, member uint64) (bool, error) {
	e, err := r.Entitlements(ctx, member)
	return e.StartChats, err
}

// WithActivePlan keeps the rows whose member (the column col, e.g. "p.id")
// holds a plan that runs now: the premium members list.
func (r *Meter) WithActivePlan(col string) func(*gorm.DB) *gorm.DB {
	now := r.clock()
	return func(db *gorm.DB) *gorm.DB {
		return db.Where("EXISTS (SELECT 1 FROM subscriptions s WHERE s.profile_id = "+col+" AND "+activeSQL+")", now, now)
	}
}

// WithHighlight keeps the rows whose member (col) holds a running plan
// with profile highlight.
func (r *Meter) WithHighlight(col string) func(*gorm.DB) *gorm.DB {
	now := r.clock()
	return func(db *gorm.DB) *gorm.DB {
		return db.Where("EXISTS (SELECT 1 FROM subscriptions s JOIN plans pl ON pl.id = s.plan_id WHERE s.profile_id = "+col+
			" AND pl.profile_highlight <> 0 AND "+activeSQL+")", now, now)
	}
}

// HighlightsTTL is how old the ranking's view of highlighted members may
// grow (see HighlightSet): a member who has just bought highlight ranks
// first among equal matches within it on every node.
const HighlightsTTL = 30 * time.Second

// highlights keeps, per member, the periods of their plans with profile
// highlight that have not ended, read whole at most every HighlightsTTL.
// Ranking asks about hundreds of candidates at once; a query with their
// ids on every first ask cost more than the rest of the ranking, and the
// whole set is small (a few per cent of members hold such a plan).
type highlights struct {
	mu      sync.Mutex   // held by the one caller rereading the set
	current atomic.Value // *highlightSnap
}

type highlightSnap struct {
	periods map[uint64][][2]int64 // unix ms [starts, expires) of each running or coming plan
	at      time.Time
}

// HighlightSet returns a test of whether a member holds a running plan with
// profile highlight, as of a read at most about HighlightsTTL old: what
// ranking orders equal matches by and cards mark. The first call reads the
// set; once it has aged, one caller starts a reread in the background
// (about 30,000 rows at a million members) and every caller goes on with
// the old set until the new one is in.
func (r *Meter) HighlightSet(ctx context.Context) (func(id uint64) bool, error) {
	snap, _ := r.hl.current.Load().(*highlightSnap)
	if snap == nil {
		r.hl.mu.Lock()
		defer r.hl.mu.Unlock()
		if snap, _ = r.hl.current.Load().(*highlightSnap); snap == nil {
			fresh, err := r.readHighlights(ctx)
			if err != nil {
				return nil, err
			}
			r.hl.current.Store(fresh)
			snap = fresh
		}
	} else if time.Since(snap.at) > HighlightsTTL && r.hl.mu.TryLock() {
		go func() {
			defer r.hl.mu.Unlock()
			bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			if fresh, err := r.readHighlights(bg); err == nil {
				r.hl.current.Store(fresh)
			} // else the old set stays, and the next caller tries again
		}()
	}
	return snap.has(r.clock()), nil
}

func (r *Meter) readHighlights(ctx context.Context) (*highlightSnap, error) {
	at := time.Now()
	var rows []struct {
		ProfileID           uint64
		StartsAt, ExpiresAt time.Time
	}
	err := r.db.WithContext(ctx).Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").
		Select("s.profile_id, s.starts_at, s.expires_at").
		Where("s.status = ? AND s.expires_at > ? AND pl.profile_highlight <> 0", SubActive, r.clock()).Scan(&rows).Error
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	out := &highlightSnap{periods: make(map[uint64][][2]int64, len(rows)), at: at}
	for _, x := range rows {
		out.periods[x.ProfileID] = append(out.periods[x.ProfileID], [2]int64{x.StartsAt.UnixMilli(), x.ExpiresAt.UnixMilli()})
	}
	return out, nil
}

// has tests membership at now: a plan that ends after the read drops out on time.
func (h *highlightSnap) has(now time.Time) func(uint64) bool {
	ms := now.UnixMilli()
	return func(id uint64) bool {
		for _, p := range h.periods[id] {
			if p[0] <= ms && ms < p[1] {
				return true
			}
		}
		return false
	}
}

// Expiring is a member whose last running plan ends in a window (the plan
// reminders of package notification).
type Expiring struct {
	SubscriptionID uint64
	ProfileID      uint64
	PlanName       string
	ExpiresAt      time.Time
}

// ExpiringBetween lists members whose running plan ends in [from, to) and
// who have no later plan, at most limit of them.
func (r *Meter) ExpiringBetween(ctx context.Context, from, to time.Time, limit int) ([]Expiring, error) {
	var out []Expiring
	err := r.db.WithContext(ctx).Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").
		Select("s.id AS subscription_id, s.profile_id, pl.name AS plan_name, s.expires_at").
		Where("s.status = 'active' AND s.expires_at >= ? AND s.expires_at < ?", from, to).
		Where("NOT EXISTS (SELECT 1 FROM subscriptions s2 WHERE s2.profile_id = s.profile_id AND s2.status = 'active' AND s2.expires_at > s.expires_at)").
		Order("s.expires_at").Limit(limit).Scan(&out).Error
	return out, store.Translate(err, "", "")
}
