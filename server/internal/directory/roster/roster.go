// Package roster keeps, in memory, the facts that match lists and searches
// filter on and the saved partner preferences they rank by, for every
// member, in the two orders those lists read: most recently active first
// and newest first, the first indexed by denomination, state and recent
// joining (facets.go). A list's window or a search page is then a scan of
// compact entries, only where they can match (at most a few milliseconds at
// a million members),
// instead of an index walk that reads tens of thousands of rows from the
// database for every first ask (scripts/bench/discovery has the figures).
//
// The roster is a candidate generator, never the authority on who may be
// seen: the pages built from it check visibility again in SQL (blocks,
// hidden profiles, suspensions) and build the cards from the database, and
// the caller reads the viewer's own facts and preferences afresh. A member's
// changed facts reach the roster within SyncEvery (the profiles changed or
// active since the last read, by index), and everything else (a deleted
// profile, a suspended account) within ReloadEvery, a full reread.
//
// Why hand-written: what this needs is a sorted slice of small structs and a
// predicate loop; an embedded search engine (bleve, a columnar store) would
// bring its own storage, a second copy on disk and a query language for a
// dozen equality and range tests.
package roster

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// How often the roster rereads changes, and everything.
const (
	SyncEvery   = 2 * time.Second
	ReloadEvery = 10 * time.Minute
	// overlap rereads a little before the last read: clocks of nodes that
	// write updated_at differ by a little, and applying a change twice is harmless.
	overlap = 5 * time.Second
	// batch is how many profiles one read of the full load takes, in id order.
	batch = 20000
)

// entry is one member, compact: ids as uint32 (0 is none), codes interned
// as small numbers, times as unix milliseconds. About 96 bytes, with the
// preference lists in the snapshot's pool besides.
type entry struct {
	id                                          uint64
	active, created                             int64 // unix ms; active 0: never
	dob                                         int32 // days since 1970-01-01
	community, motherTongue, degree, profession uint32
	country, state, city                        uint32
	height                                      int16 // cm; 0 unknown
	gender                                      int8
	visible                                     bool // an active account and a profile not hidden, at the last read
	hasPref, ageStrict                          bool
	ageMin, ageMax                              uint8
	marital, diet, smoking, drinking, income    uint16
	// The saved partner preferences (hasPref): the age range above, and here
	// the rest, the lists as prefN values from prefOff in the snapshot's pool.
	prefOff                int32
	prefN                  uint16
	prefHMin, prefHMax     int16
	prefIncMin, prefIncMax uint16
	prefStrict             uint16 // bit per prefField, and bitHeight, bitIncome
}

// key is one place in the activity order, with the facts most lists narrow
// by, so a scan reads the order sequentially and touches an entry (a cache
// miss each) only for the members who pass these. Ids above 65,534 are kept
// as keyOverflow: the entry decides for them.
type key struct {
	slot                   int32
	dob                    int32
	community, state, city uint16
	marital                uint16
	height                 int16
	flags                  uint8 // keyVisible, keyAgeStrict
	ageMin, ageMax         uint8
	joined                 uint16 // the day the profile was created, as days since joinedEpoch (see joinedDay)
}

// joinedEpoch is day 0 of key.joined: 2000-01-01, as days since 1970.
const joinedEpoch = 10957

// joinedDay is the key's day of a creation time in unix ms: a day's
// precision is enough for the key to rule out, before the entry is read,
// the members who joined too early for New matches (the entry decides to
// the millisecond).
func joinedDay(ms int64) uint16 {
	return uint16(min(max(ms/86_400_000-joinedEpoch, 0), 1<<16-1))
}

const (
	keyOverflow  = 1<<16 - 1
	keyVisible   = 1
	keyAgeStrict = 2 // saved preferences with a strict age range: ageMin and ageMax hold
)

func id16(v uint32) uint16 { return uint16(min(v, keyOverflow)) }

func keyOf(slot int32, e *entry) key {
	k := key{slot: slot, dob: e.dob, community: id16(e.community), state: id16(e.state), city: id16(e.city),
		marital: e.marital, height: e.height, ageMin: e.ageMin, ageMax: e.ageMax, joined: joinedDay(e.created)}
	if e.visible {
		k.flags |= keyVisible
	}
	if e.hasPref && e.ageStrict {
		k.flags |= keyAgeStrict
	}
	return k
}

// chunkBits sizes the chunks entries are kept in: a sync copies only the
// chunks it changes (1,024 entries, about 80 kB each), never the whole roster.
const chunkBits = 10

// entries are the members by slot, in chunks of 1<<chunkBits.
type entries [][]entry

func (es entries) at(slot int32) *entry { return &es[slot>>chunkBits][slot&(1<<chunkBits-1)] }

// append adds e at the next slot (in place: only for a slice not yet published) and returns the slot.
func (es *entries) append(e entry, n int32) int32 {
	if int(n>>chunkBits) == len(*es) {
		*es = append(*es, make([]entry, 0, 1<<chunkBits))
	}
	c := &(*es)[n>>chunkBits]
	*c = append(*c, e)
	return n
}

// snapshot is what readers scan: the entries and the two orders, replaced
// whole by a sync (entries changed in place are copied first), never changed.
type snapshot struct {
	entries  entries
	n        int32      // how many slots are in use
	byActive [3][]key   // per gender (see genderSlot): most recently active first, then higher id
	byID     [3][]int32 // per gender: slots, highest id first
	facets   [3]*facets // per gender: byActive indexed by denomination and state
	codes    *interner
	// pool holds the preference lists of every entry; a sync only appends
	// (readers of an older snapshot never read past its length), a load
	// starts it afresh.
	pool []uint32
	at   time.Time // when the reads behind it began
}

// Roster is the in-memory roster; the zero value is not usable, see New.
type Roster struct {
	db   *store.DB
	log  *slog.Logger
	snap atomic.Pointer[snapshot]
	slot map[uint64]int32 // id → slot; the sync goroutine's alone
	mu   sync.Mutex       // one sync or load at a time
	now  func() time.Time
	// readThrough: every Window and Keyset rereads everything first (tests).
	readThrough bool
}

// New builds an empty roster over db; it serves nothing until Load or Run has read it.
func New(db *store.DB, log *slog.Logger) *Roster {
	if log == nil {
		log = slog.Default()
	}
	return &Roster{db: db, log: log, now: time.Now}
}

// ReadThrough makes every Window and Keyset reread everything first, so a
// list sees the member a test made a line before; never for serving.
func (r *Roster) ReadThrough() { r.readThrough = true }

// fresh is the snapshot a read scans: the current one, or a new full read
// under ReadThrough (on error the current one, which may be none).
func (r *Roster) fresh() *snapshot {
	if r.readThrough {
		if err := r.Load(context.Background()); err != nil {
			r.log.Error("roster: read-through load failed", "err", err)
		}
	}
	return r.snap.Load()
}

// Ready reports whether the roster has been read once and may answer.
func (r *Roster) Ready() bool { return r != nil && (r.readThrough || r.snap.Load() != nil) }

// Age is how long ago the reads behind the current roster began; -1 s before the first load.
func (r *Roster) Age() time.Duration {
	if s := r.snap.Load(); s != nil {
		return r.now().Sub(s.at)
	}
	return -time.Second
}

// Size is the number of members the roster holds (visible or not).
func (r *Roster) Size() int {
	if s := r.snap.Load(); s != nil {
		return int(s.n)
	}
	return 0
}

// Run loads the roster, then rereads changes every SyncEvery and everything
// every ReloadEvery, until ctx ends. A failed read is logged and retried at
// the next tick; the roster keeps answering from what it had.
func (r *Roster) Run(ctx context.Context) {
	if err := r.Load(ctx); err != nil && ctx.Err() == nil {
		r.log.Error("roster: first load failed; lists read the database until it loads", "err", err)
	}
	sync, reload := time.NewTicker(SyncEvery), time.NewTicker(ReloadEvery)
	defer sync.Stop()
	defer reload.Stop()
	for {
		var err error
		select {
		case <-ctx.Done():
			return
		case <-reload.C:
			err = r.Load(ctx)
		case <-sync.C:
			if r.Ready() {
				err = r.Sync(ctx)
			} else {
				err = r.Load(ctx)
			}
		}
		if err != nil && ctx.Err() == nil {
			r.log.Warn("roster: read failed; answering from the previous read", "err", err)
		}
	}
}

// row is what the roster reads of one profile.
type row struct {
	directory.Facts
	Status    string
	Hidden    bool
	HasPref   bool
	AgeStrict bool
	AgeMin    int
	AgeMax    int
}

const rowColumns = directory.FactsColumns + `, u.status, p.hidden,
 (pp.profile_id IS NOT NULL) AS has_pref, COALESCE(pp.age_strict, 0) AS age_strict,
 COALESCE(pp.age_min, 0) AS age_min, COALESCE(pp.age_max, 0) AS age_max`

func (r *Roster) rows(ctx context.Context) *gorm.DB {
	return r.db.WithContext(ctx).Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Joins("LEFT JOIN partner_preferences pp ON pp.profile_id = p.id").Select(rowColumns)
}

// Load reads every profile afresh, in batches by id, with its saved
// preferences, and replaces the roster.
func (r *Roster) Load(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	began := r.now()
	s := &snapshot{codes: newInterner(), at: began}
	slot := make(map[uint64]int32, r.Size()+1024)
	var after uint64
	for {
		var rs []row
		if err := r.rows(ctx).Where("p.id > ?", after).Order("p.id").Limit(batch).Scan(&rs).Error; err != nil {
			return err
		}
		if len(rs) == 0 {
			break
		}
		first := s.n
		for i := range rs {
			e := s.codes.entry(&rs[i])
			slot[e.id] = s.entries.append(e, s.n)
			s.byID[genderSlot(e.gender)] = append(s.byID[genderSlot(e.gender)], s.n)
			s.n++
		}
		prefs, err := r.readPrefs(ctx, "profile_id BETWEEN ? AND ?", rs[0].ID, rs[len(rs)-1].ID)
		if err != nil {
			return err
		}
		for i := first; i < s.n; i++ {
			s.setPref(s.entries.at(i), prefs[s.entries.at(i).id])
		}
		if len(rs) < batch {
			break
		}
		after = rs[len(rs)-1].ID
	}
	for g := range s.byID {
		s.byActive[g] = make([]key, len(s.byID[g]))
		for i, slot := range s.byID[g] {
			s.byActive[g][i] = keyOf(slot, s.entries.at(slot))
		}
		slices.SortFunc(s.byActive[g], func(a, b key) int { return activeOrder(s.entries.at(a.slot), s.entries.at(b.slot)) })
		slices.Reverse(s.byID[g]) // read in id order: highest first
		s.facets[g] = buildFacets(s.byActive[g], began.UnixMilli())
	}
	r.slot = slot
	r.snap.Store(s)
	return nil
}

// Sync applies the profiles changed or active, and the preferences saved,
// since the last read (with a few seconds of overlap).
func (r *Roster) Sync(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.snap.Load()
	if old == nil {
		return nil
	}
	began := r.now()
	// Milliseconds, as the columns keep: MariaDB does not range-scan an
	// index with a literal of nine fractional digits (it read every row).
	since := old.at.Add(-overlap).UTC().Truncate(time.Millisecond)
	seen := map[uint64]bool{}
	var changed []row
	for _, cond := range []string{"p.updated_at >= ?", "p.last_active_at >= ?", "pp.updated_at >= ?"} {
		var rs []row
		if err := r.rows(ctx).Where(cond, since).Scan(&rs).Error; err != nil {
			return err
		}
		for _, x := range rs {
			if !seen[x.ID] {
				seen[x.ID] = true
				changed = append(changed, x)
			}
		}
	}
	next := *old
	next.at = began
	if len(changed) > 0 {
		ids := make([]uint64, 0, len(changed))
		for _, c := range changed {
			ids = append(ids, c.ID)
		}
		prefs := map[uint64]*savedPref{}
		for chunk := range slices.Chunk(ids, store.MaxInList) {
			part, err := r.readPrefs(ctx, "profile_id IN ?", chunk)
			if err != nil {
				return err
			}
			for k, v := range part {
				prefs[k] = v
			}
		}
		next = *r.apply(old, changed, prefs, began)
	}
	r.snap.Store(&next)
	return nil
}

// apply makes the next snapshot: the changed entries' chunks copied, new
// entries appended, and the orders merged (unchanged members keep their
// place; the changed ones, sorted, are merged in), so a sync costs a pass
// over the orders, not a copy of the roster or a sort of it.
func (r *Roster) apply(old *snapshot, changed []row, prefs map[uint64]*savedPref, at time.Time) *snapshot {
	s := &snapshot{codes: old.codes.clone(), at: at, n: old.n, entries: slices.Clone(old.entries), pool: old.pool}
	copied := map[int32]bool{}
	oldGender := map[int32]int{} // slot → its gender order before, for slots that existed
	moved := map[int32]bool{}
	for i := range changed {
		e := s.codes.entry(&changed[i])
		s.setPref(&e, prefs[e.id])
		if slot, ok := r.slot[e.id]; ok {
			if c := slot >> chunkBits; !copied[c] {
				s.entries[c] = slices.Clone(s.entries[c])
				copied[c] = true
			}
			oldGender[slot] = genderSlot(old.entries.at(slot).gender)
			*s.entries.at(slot) = e
			moved[slot] = true
			continue
		}
		if c := s.n >> chunkBits; int(c) < len(s.entries) && !copied[c] {
			s.entries[c] = slices.Clip(slices.Clone(s.entries[c])) // the last chunk: never append into the old one
			copied[c] = true
		}
		slot := s.entries.append(e, s.n)
		s.n++
		r.slot[e.id] = slot
		moved[slot] = true
	}
	byActive := func(a, b key) int { return activeOrder(s.entries.at(a.slot), s.entries.at(b.slot)) }
	byID := func(a, b int32) int { return idOrder(s.entries.at(a), s.entries.at(b)) }
	for g := range s.byActive {
		var now []key
		var joined []int32
		left := map[int32]bool{}
		for slot := range moved {
			ng := genderSlot(s.entries.at(slot).gender)
			if ng == g {
				now = append(now, keyOf(slot, s.entries.at(slot)))
			}
			og, existed := oldGender[slot]
			switch {
			case ng == g && (!existed || og != g):
				joined = append(joined, slot)
			case existed && og == g && ng != g:
				left[slot] = true
			}
		}
		slices.SortFunc(now, byActive)
		s.byActive[g] = merge(old.byActive[g], now, func(k key) bool { return moved[k.slot] }, func(a, b key) bool { return byActive(a, b) < 0 })
		s.facets[g] = buildFacets(s.byActive[g], at.UnixMilli())
		slices.SortFunc(joined, byID)
		s.byID[g] = merge(old.byID[g], joined, func(slot int32) bool { return left[slot] }, func(a, b int32) bool { return byID(a, b) < 0 })
	}
	return s
}

// merge returns base without the elements drop names, with ins (sorted by less) merged in.
func merge[T any](base, ins []T, drop func(T) bool, less func(a, b T) bool) []T {
	out := make([]T, 0, len(base)+len(ins))
	j := 0
	for _, b := range base {
		if drop(b) {
			continue
		}
		for j < len(ins) && less(ins[j], b) {
			out = append(out, ins[j])
			j++
		}
		out = append(out, b)
	}
	return append(out, ins[j:]...)
}

// activeOrder sorts most recently active first (never active last), then higher id first.
func activeOrder(a, b *entry) int {
	if a.active != b.active {
		if a.active > b.active {
			return -1
		}
		return 1
	}
	return idOrder(a, b)
}

// idOrder sorts higher id (newer profile) first.
func idOrder(a, b *entry) int {
	switch {
	case a.id > b.id:
		return -1
	case a.id < b.id:
		return 1
	}
	return 0
}

// genderSlot is the order a gender's members are kept in: one each for
// grooms and brides (profile.GenderMale, GenderFemale), one for anything else.
func genderSlot(g int8) int {
	switch int(g) {
	case profile.GenderMale:
		return 1
	case profile.GenderFemale:
		return 2
	}
	return 0
}
