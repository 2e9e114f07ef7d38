package roster

import (
	"iter"
	"math/bits"
	"slices"
)

// facets index a gender's activity order by denomination and by state: for
// each value, a bitset over the positions in byActive of the members who
// have it. A query that asks for some denominations or states then visits
// only the positions in the union of theirs (intersected across the two),
// still in activity order, instead of the gender's whole order: a narrow
// search (one denomination in one state) reads a few thousand keys rather
// than half a million, and a window that fills early is no cheaper or
// dearer than before.
//
// They are rebuilt whole with every snapshot whose order changed: one pass
// over the keys (a few milliseconds at a million members) and about 8 MB,
// cheaper to keep right than an index patched at each sync. Values past the
// key's 16 bits share the keyOverflow set, which every union includes (the
// entry decides for them, as in pre).
type facets struct {
	community, state valueSets
	// cityStates are the states members of each city have (one, unless
	// profiles disagree; 0 among them when some have a city and no state):
	// a query by cities alone (Near me) visits the positions of their states.
	cityStates byValue[[]uint16]
	// recent is the members who joined on recentFrom (a key's joined day)
	// or later: New matches asks for the last 30 days, and a scan for so few
	// would otherwise read every key.
	recent     bitset
	recentFrom uint16
}

// recentDays is how far back the recent set reaches: a little more than
// match.NewWindow, so a set built some minutes ago still covers it.
const recentDays = 32

// bitset is a set of positions, bit i of word i/64.
type bitset []uint64

func (b bitset) set(i int) { b[i>>6] |= 1 << (i & 63) }

// byValue keeps one T per key value: in a slice for the small values
// master ids are (a sync rebuilds the facets, so the per-key step must be
// an index, not a map lookup), in a map for the rest.
type byValue[T any] struct {
	dense  []T
	sparse map[uint16]T
}

// denseValues is where byValue switches from its slice to its map.
const denseValues = 4096

// put sets v's T.
func (b *byValue[T]) put(v uint16, x T) {
	if v >= denseValues {
		if b.sparse == nil {
			b.sparse = map[uint16]T{}
		}
		b.sparse[v] = x
		return
	}
	if int(v) >= len(b.dense) {
		b.dense = append(b.dense, make([]T, int(v)+1-len(b.dense))...)
	}
	b.dense[v] = x
}

// get reads v's T without adding it.
func (b *byValue[T]) get(v uint16) T {
	var zero T
	if v < denseValues {
		if int(v) < len(b.dense) {
			return b.dense[v]
		}
		return zero
	}
	return b.sparse[v]
}

// valueSets are the positions of each value of one fact.
type valueSets struct {
	byValue[bitset]
	words int
}

func (s *valueSets) add(v uint16, i int) {
	if v == 0 { // unknown: no query value matches it
		return
	}
	b := s.get(v)
	if b == nil {
		b = make(bitset, s.words)
		s.put(v, b)
	}
	b.set(i)
}

// buildFacets indexes keys (one gender's activity order) as of now (unix ms).
func buildFacets(keys []key, now int64) *facets {
	words := (len(keys) + 63) / 64
	f := &facets{community: valueSets{words: words}, state: valueSets{words: words},
		recent: make(bitset, words), recentFrom: joinedDay(now) - recentDays}
	for i := range keys {
		k := &keys[i]
		f.community.add(k.community, i)
		f.state.add(k.state, i)
		if k.city != 0 {
			if st := f.cityStates.get(k.city); !slices.Contains(st, k.state) {
				f.cityStates.put(k.city, append(st, k.state))
			}
		}
		if k.joined >= f.recentFrom {
			f.recent.set(i)
		}
	}
	return f
}

// union is the positions of members with any of ids in m (nil ids: no
// condition, so nil), and of those whose id overflowed the key.
func union(m *valueSets, ids []uint32, words int) bitset {
	if ids == nil {
		return nil
	}
	out := make(bitset, words)
	or := func(b bitset) {
		for w := range b {
			out[w] |= b[w]
		}
	}
	for _, id := range ids {
		if id < keyOverflow {
			or(m.get(uint16(id)))
		}
	}
	or(m.get(keyOverflow))
	return out
}

// candidates is the positions of g's activity order that c's denominations
// and states allow, or nil when c asks for neither (every position).
func (s *snapshot) candidates(g int, c *compiled) bitset {
	f := s.facets[g]
	if f == nil {
		return nil
	}
	states := c.state
	if states == nil && c.city != nil {
		states = f.statesOf(c.city)
	}
	words := (len(s.byActive[g]) + 63) / 64
	var out bitset
	for _, b := range []bitset{union(&f.community, c.community, words), union(&f.state, states, words), f.recentFor(c)} {
		switch {
		case b == nil:
		case out == nil:
			out = slices.Clone(b)
		default:
			for w := range out {
				out[w] &= b[w]
			}
		}
	}
	return out
}

// recentFor is the recent set when c asks only for members it holds (joined on recentFrom or later), else nil.
func (f *facets) recentFor(c *compiled) bitset {
	if c.createdFrom == 0 || c.joinedFrom < f.recentFrom {
		return nil
	}
	return f.recent
}

// statesOf is the states members of the cities have, or nil when some
// member of one of them has no state (then the states cannot narrow).
func (f *facets) statesOf(cities []uint32) []uint32 {
	out := []uint32{}
	for _, c := range cities {
		for _, st := range f.cityStates.get(id16(c)) {
			if st == 0 {
				return nil
			}
			if !slices.Contains(out, uint32(st)) {
				out = append(out, uint32(st))
			}
		}
	}
	return out
}

// keyBits is a set of key values (ids cut to 16 bits) for a scan to test in
// one step: a list of cities within 50 km runs to dozens. Nil asks nothing;
// keyOverflow is always in (the entry decides), 0 (unknown) never.
type keyBits []uint64

func keyBitsOf(ids []uint32) keyBits {
	if ids == nil {
		return nil
	}
	b := make(keyBits, (keyOverflow+1)/64)
	for _, id := range ids {
		if v := id16(id); v != 0 {
			b[v>>6] |= 1 << (v & 63)
		}
	}
	b[keyOverflow>>6] |= 1 << (keyOverflow & 63)
	return b
}

func (b keyBits) has(v uint16) bool { return b == nil || b[v>>6]&(1<<(v&63)) != 0 }

// positions yields the positions of g's activity order to visit for c, in order.
func (s *snapshot) positions(g int, c *compiled) iter.Seq[int] {
	n := len(s.byActive[g])
	cand := s.candidates(g, c)
	if cand == nil {
		return func(yield func(int) bool) {
			for i := 0; i < n; i++ {
				if !yield(i) {
					return
				}
			}
		}
	}
	return func(yield func(int) bool) {
		for w, x := range cand {
			for x != 0 {
				i := w<<6 + bits.TrailingZeros64(x)
				if !yield(i) {
					return
				}
				x &= x - 1
			}
		}
	}
}
