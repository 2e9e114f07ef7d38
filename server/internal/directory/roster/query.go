package roster

import (
	"iter"
	"slices"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
)

// interner numbers the short codes (marital status, diet, smoking, drinking,
// income band) so an entry holds a uint16 for each; "" is 0. A snapshot's
// interner is never changed once published: a sync clones it first.
type interner struct {
	ids   map[string]uint16
	names []string
}

func newInterner() *interner { return &interner{ids: map[string]uint16{"": 0}, names: []string{""}} }

func (c *interner) clone() *interner {
	n := &interner{ids: make(map[string]uint16, len(c.ids)), names: slices.Clone(c.names)}
	for k, v := range c.ids {
		n.ids[k] = v
	}
	return n
}

// other is the code of every value past the 65,535th: no query can ask for it.
const other = 1<<16 - 1

func (c *interner) code(s string) uint16 {
	if v, ok := c.ids[s]; ok {
		return v
	}
	if len(c.names) >= other {
		return other
	}
	v := uint16(len(c.names))
	c.names, c.ids[s] = append(c.names, s), v
	return v
}

func (c *interner) entry(r *row) entry {
	e := entry{id: r.ID, created: r.CreatedAt.UnixMilli(), dob: days(r.DOB), gender: int8(r.Gender),
		visible:   r.Status == directory.StatusActive && !r.Hidden,
		community: id32(r.CommunityID), motherTongue: id32(r.MotherTongueID), degree: id32(r.DegreeID),
		profession: id32(r.ProfessionID), country: id32(r.CountryID), state: id32(r.StateID), city: id32(r.CityID),
		marital: c.code(r.MaritalStatus), diet: c.code(r.Diet), smoking: c.code(r.Smoking), drinking: c.code(r.Drinking),
		income: c.code(r.IncomeBand), hasPref: r.HasPref, ageStrict: r.AgeStrict,
		ageMin: uint8(min(max(r.AgeMin, 0), 255)), ageMax: uint8(min(max(r.AgeMax, 0), 255))}
	if r.HeightCM != nil {
		e.height = int16(*r.HeightCM)
	}
	if r.LastActiveAt != nil {
		e.active = r.LastActiveAt.UnixMilli()
	}
	return e
}

// id32 keeps a master id; master tables hold thousands of rows, far below 2^32.
func id32(p *uint64) uint32 {
	if p == nil || *p > 1<<32-1 {
		return 0
	}
	return uint32(*p)
}

func days(t time.Time) int32 {
	y, m, d := t.Date()
	return int32(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// Query is what a list or a search asks of the roster, the same conditions
// as its SQL: a zero or nil field asks nothing. Ranges are inclusive unless
// named otherwise; every condition on an unknown fact (no height, no city)
// fails, as NULL does in SQL.
type Query struct {
	Gender  int             // required
	Exclude map[uint64]bool // the viewer and those directory.Excluded names
	// DOBFrom and DOBBefore bound the date of birth: dob >= DOBFrom, dob < DOBBefore (see match.DOBBounds).
	DOBFrom, DOBBefore   time.Time
	HeightMin, HeightMax int
	// HeightKnown asks for a height even when no bound is set.
	HeightKnown                                                       bool
	Community, MotherTongue, Degree, Profession, Country, State, City []uint64
	Marital, Diet, Smoking, Drinking, Income                          []string
	// Income set but empty matches nobody, as "IN ()" would.
	IncomeSet bool
	// CreatedFrom and ActiveFrom: joined, or last active, at or after.
	CreatedFrom, ActiveFrom time.Time
	// Reverse leaves out members whose saved strict age range does not take
	// Age (stretched by Slack years each way): the candidates whose own wishes already rule the viewer out.
	Reverse *Reverse
}

// Reverse is the viewer's age as the candidates' saved preferences judge it.
type Reverse struct{ Age, Slack int }

// compiled is a Query made ready for one snapshot: codes resolved, sets as slices of uint32.
type compiled struct {
	q                                                                 *Query
	gender                                                            int8
	dobFrom, dobBefore                                                int32
	hasDOBFrom, hasDOBBefore                                          bool
	community, motherTongue, degree, profession, country, state, city []uint32
	marital, diet, smoking, drinking, income                          []uint16
	hasMarital, hasDiet, hasSmoking, hasDrinking, hasIncome           bool
	createdFrom, activeFrom                                           int64
	joinedFrom                                                        uint16 // joinedDay(createdFrom)
	keyCommunity, keyState, keyCity                                   keyBits
}

func ids32(v []uint64) []uint32 {
	if len(v) == 0 {
		return nil
	}
	out := make([]uint32, 0, len(v))
	for _, x := range v {
		if x > 0 && x <= 1<<32-1 {
			out = append(out, uint32(x))
		}
	}
	if len(out) == 0 { // asked for ids no member can have: keep the set, empty, so nothing matches
		return []uint32{}
	}
	return out
}

func (c *interner) codes(v []string) []uint16 {
	out := make([]uint16, 0, len(v))
	for _, s := range v {
		if x, ok := c.ids[s]; ok && x != other {
			out = append(out, x)
		}
	}
	return out
}

func (s *snapshot) compile(q *Query) *compiled {
	c := &compiled{q: q, gender: int8(q.Gender),
		community: ids32(q.Community), motherTongue: ids32(q.MotherTongue), degree: ids32(q.Degree),
		profession: ids32(q.Profession), country: ids32(q.Country), state: ids32(q.State), city: ids32(q.City)}
	if !q.DOBFrom.IsZero() {
		c.dobFrom, c.hasDOBFrom = days(q.DOBFrom), true
	}
	if !q.DOBBefore.IsZero() {
		c.dobBefore, c.hasDOBBefore = days(q.DOBBefore), true
	}
	c.keyCommunity, c.keyState, c.keyCity = keyBitsOf(c.community), keyBitsOf(c.state), keyBitsOf(c.city)
	c.marital, c.hasMarital = s.codes.codes(q.Marital), len(q.Marital) > 0
	c.diet, c.hasDiet = s.codes.codes(q.Diet), len(q.Diet) > 0
	c.smoking, c.hasSmoking = s.codes.codes(q.Smoking), len(q.Smoking) > 0
	c.drinking, c.hasDrinking = s.codes.codes(q.Drinking), len(q.Drinking) > 0
	c.income, c.hasIncome = s.codes.codes(q.Income), len(q.Income) > 0 || q.IncomeSet
	if !q.CreatedFrom.IsZero() {
		c.createdFrom = q.CreatedFrom.UnixMilli()
		c.joinedFrom = joinedDay(c.createdFrom)
	}
	if !q.ActiveFrom.IsZero() {
		c.activeFrom = q.ActiveFrom.UnixMilli()
	}
	return c
}

func in32(set []uint32, v uint32) bool { return set == nil || (v != 0 && slices.Contains(set, v)) }

func in16(has bool, set []uint16, v uint16) bool { return !has || slices.Contains(set, v) }

// match is the whole condition on one entry; the cheapest and most
// selective tests come first.
func (c *compiled) match(e *entry) bool {
	if !e.visible || e.gender != c.gender {
		return false
	}
	if (c.hasDOBFrom && e.dob < c.dobFrom) || (c.hasDOBBefore && e.dob >= c.dobBefore) {
		return false
	}
	if !in32(c.community, e.community) || !in32(c.state, e.state) || !in32(c.city, e.city) ||
		!in32(c.motherTongue, e.motherTongue) || !in32(c.country, e.country) ||
		!in32(c.degree, e.degree) || !in32(c.profession, e.profession) {
		return false
	}
	q := c.q
	if (q.HeightKnown || q.HeightMin > 0 || q.HeightMax > 0) && e.height == 0 {
		return false
	}
	if (q.HeightMin > 0 && int(e.height) < q.HeightMin) || (q.HeightMax > 0 && int(e.height) > q.HeightMax) {
		return false
	}
	if !in16(c.hasMarital, c.marital, e.marital) || !in16(c.hasDiet, c.diet, e.diet) || !in16(c.hasSmoking, c.smoking, e.smoking) ||
		!in16(c.hasDrinking, c.drinking, e.drinking) || !in16(c.hasIncome, c.income, e.income) {
		return false
	}
	if (c.createdFrom != 0 && e.created < c.createdFrom) || (c.activeFrom != 0 && e.active < c.activeFrom) {
		return false
	}
	if rv := q.Reverse; rv != nil && e.hasPref && e.ageStrict &&
		(int(e.ageMin) > rv.Age+rv.Slack || int(e.ageMax) < rv.Age-rv.Slack) {
		return false
	}
	return !q.Exclude[e.id]
}

// facts turns an entry back into the facts the ranking reads. The values
// its pointers point at share one allocation: a window turns hundreds of
// entries into facts on every first ask.
func (s *snapshot) facts(e *entry) directory.Facts {
	v := new(struct {
		ids    [7]uint64
		height int
		active time.Time
	})
	ptr := func(i int, id uint32) *uint64 {
		if id == 0 {
			return nil
		}
		v.ids[i] = uint64(id)
		return &v.ids[i]
	}
	f := directory.Facts{ID: e.id, Gender: int(e.gender), DOB: time.Unix(int64(e.dob)*86400, 0).UTC(),
		MaritalStatus: s.codes.names[e.marital], IncomeBand: s.codes.names[e.income], Diet: s.codes.names[e.diet],
		Smoking: s.codes.names[e.smoking], Drinking: s.codes.names[e.drinking], CreatedAt: time.UnixMilli(e.created).UTC(),
		CommunityID: ptr(0, e.community), MotherTongueID: ptr(1, e.motherTongue), DegreeID: ptr(2, e.degree),
		ProfessionID: ptr(3, e.profession), CountryID: ptr(4, e.country), StateID: ptr(5, e.state), CityID: ptr(6, e.city)}
	if e.height != 0 {
		v.height = int(e.height)
		f.HeightCM = &v.height
	}
	if e.active != 0 {
		v.active = time.UnixMilli(e.active).UTC()
		f.LastActiveAt = &v.active
	}
	return f
}

// pre is the part of the condition the activity order's keys answer alone.
func (c *compiled) pre(k *key) bool {
	if k.flags&keyVisible == 0 || (c.hasDOBFrom && k.dob < c.dobFrom) || (c.hasDOBBefore && k.dob >= c.dobBefore) ||
		k.joined < c.joinedFrom {
		return false
	}
	if !c.keyCommunity.has(k.community) || !c.keyState.has(k.state) || !c.keyCity.has(k.city) ||
		!in16(c.hasMarital, c.marital, k.marital) {
		return false
	}
	q := c.q
	if (q.HeightKnown || q.HeightMin > 0 || q.HeightMax > 0) && (k.height == 0 ||
		(q.HeightMin > 0 && int(k.height) < q.HeightMin) || (q.HeightMax > 0 && int(k.height) > q.HeightMax)) {
		return false
	}
	if rv := q.Reverse; rv != nil && k.flags&keyAgeStrict != 0 && (int(k.ageMin) > rv.Age+rv.Slack || int(k.ageMax) < rv.Age-rv.Slack) {
		return false
	}
	return true
}

// slotOf finds id's slot: each gender's id order is sorted, highest first.
func (s *snapshot) slotOf(id uint64) (int32, bool) {
	for _, order := range s.byID {
		i, found := slices.BinarySearchFunc(order, id, func(slot int32, id uint64) int {
			switch x := s.entries.at(slot).id; {
			case x > id:
				return -1
			case x < id:
				return 1
			}
			return 0
		})
		if found {
			return order[i], true
		}
	}
	return 0, false
}

// Candidates is what Window found: the members' facts, most recently
// active first, with the entries the scan read them from, so Wishes judges
// their saved partner preferences with no second lookup by id. The zero
// snapshot (a window the database served) has no Wishes.
type Candidates struct {
	Facts []directory.Facts
	// Full says the window filled up: there may be more members who match.
	Full    bool
	snap    *snapshot
	entries []*entry // parallel to Facts
}

// Window returns, most recently active first, up to limit members who
// match q, ready for Wishes to judge their saved preferences. ok is false until the roster has
// loaded: the caller reads the database instead.
func (r *Roster) Window(q *Query, limit int) (c Candidates, ok bool) {
	s := r.loaded()
	if s == nil {
		return Candidates{}, false
	}
	cq := s.compile(q)
	c.snap = s
	for e := range s.byActivity(genderSlot(int8(q.Gender)), cq) {
		if !cq.match(e) {
			continue
		}
		if len(c.Facts) == limit {
			c.Full = true
			return c, true
		}
		c.Facts, c.entries = append(c.Facts, s.facts(e)), append(c.entries, e)
	}
	return c, true
}

// loaded is the snapshot to read, nil when there is no roster or it has not loaded.
func (r *Roster) loaded() *snapshot {
	if r == nil {
		return nil
	}
	return r.fresh()
}

// byActivity yields, most recently active first, the entries of gender slot
// g whose keys pass c's pre-test, among the positions the facets allow, and
// stops at the first one active too long ago for c (the order is by activity:
// nobody after is active recently enough). The caller applies c.match.
func (s *snapshot) byActivity(g int, c *compiled) iter.Seq[*entry] {
	keys := s.byActive[g]
	return func(yield func(*entry) bool) {
		for i := range s.positions(g, c) {
			if !c.pre(&keys[i]) {
				continue
			}
			e := s.entries.at(keys[i].slot)
			if (c.activeFrom != 0 && e.active < c.activeFrom) || !yield(e) {
				return
			}
		}
	}
}

// Order is the order of a keyset page.
type Order int

// The orders a keyset page reads in.
const (
	ByActive Order = iota // most recently active first (never active last), then higher id
	ByNewest              // higher id first
)

// Page is one keyset page: the members after the cursor (or, without one,
// after skip matches), the total up to cap (capped: there are more), and
// whether a further page exists.
type Page struct {
	Facts  []directory.Facts
	Total  int64
	Capped bool
	More   bool
}

// Keyset reads limit members matching q in order, after the member the
// cursor names (at, id: at 0 for a member never active, as
// directory.Cursor), or after the first skip matches when id is 0, and
// counts the matches up to totalCap. ok is false until the roster has loaded.
func (r *Roster) Keyset(q *Query, order Order, afterAt int64, afterID uint64, skip, limit, totalCap int) (p Page, ok bool) {
	s := r.loaded()
	if s == nil {
		return Page{}, false
	}
	c := s.compile(q)
	g := genderSlot(int8(q.Gender))
	after := func(e *entry) bool {
		if afterID == 0 {
			return true
		}
		if order == ByNewest {
			return e.id < afterID
		}
		return e.active < afterAt || (e.active == afterAt && e.id < afterID)
	}
	var n int64
	// visit takes the next member in order; false: the page and the count are done.
	visit := func(e *entry) bool {
		if !c.match(e) {
			return true
		}
		if n < int64(totalCap)+1 {
			n++
		}
		switch {
		case !after(e):
		case skip > 0:
			skip--
		case len(p.Facts) < limit:
			p.Facts = append(p.Facts, s.facts(e))
		default:
			p.More = true
		}
		return !p.More || n <= int64(totalCap)
	}
	if order == ByNewest {
		for _, slot := range s.byID[g] {
			if !visit(s.entries.at(slot)) {
				break
			}
		}
	} else {
		for e := range s.byActivity(g, c) {
			if !visit(e) {
				break
			}
		}
	}
	p.Total, p.Capped = n, n > int64(totalCap)
	if p.Capped {
		p.Total = int64(totalCap)
	}
	return p, true
}
