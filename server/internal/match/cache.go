package match

import (
	"context"
	"fmt"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Cache sizing: a computed list is kept for CacheTTL, and at most
// CacheLists lists are kept per node (about 25 kB each at a full window,
// so some 50 MB at most). Paging, reloads, the dashboard and Today's choice
// then read a list that one request computed, instead of walking the index
// again: at a million members computing a list costs tens of milliseconds of
// database time, reading a kept page about one.
const (
	CacheTTL   = 10 * time.Minute
	CacheLists = 2048
)

// cachedList is a ranked list as the cache keeps it: compact, without the
// facts a page does not need (the cards are read afresh for each page).
type cachedList struct {
	items []cachedItem
	full  bool
	at    time.Time // when it was computed; older than CacheTTL counts as absent
}

type cachedItem struct {
	id                uint64
	mine, theirs      uint16 // bit i: criteria[i] met
	distance          string
	created, activeAt int64 // unix ms; activeAt 0 when never active
}

// listCache keeps computed lists per viewer, list and version, where the
// version changes whenever the viewer's own facts or preferences do, so a
// saved preference is seen at once. What changes on the other side (someone
// new, someone's new preferences) is seen within CacheTTL; whom the viewer
// may see is checked again on every page (see Service.page).
//
// The plain LRU with an age check on read, rather than the library's
// expirable LRU: that one starts a goroutine that never ends.
type listCache struct {
	lru   *lru.Cache[string, *cachedList]
	group singleflight.Group
}

func newListCache() *listCache {
	c, err := lru.New[string, *cachedList](CacheLists)
	if err != nil { // only for a size below 1
		panic(err)
	}
	return &listCache{lru: c}
}

// get returns the list kept under k, unless it is older than CacheTTL.
func (c *listCache) get(k string) (*cachedList, bool) {
	l, ok := c.lru.Get(k)
	if !ok || time.Since(l.at) > CacheTTL {
		return nil, false
	}
	return l, true
}

func unmask(m uint16) []string {
	out := []string{}
	for i, c := range criteria {
		if m&(1<<i) != 0 {
			out = append(out, c.key)
		}
	}
	return out
}

func compact(r []Ranked, full bool) *cachedList {
	out := &cachedList{items: make([]cachedItem, len(r)), full: full}
	for i, x := range r {
		it := cachedItem{id: x.Facts.ID, mine: x.Mine.met, theirs: x.Theirs.met, distance: x.Distance,
			created: x.Facts.CreatedAt.UnixMilli()}
		if x.Facts.LastActiveAt != nil {
			it.activeAt = x.Facts.LastActiveAt.UnixMilli()
		}
		out.items[i] = it
	}
	return out
}

// ranked is one kept item as Ranked (a page expands only its own members).
func (it *cachedItem) ranked() Ranked {
	f := directory.Facts{ID: it.id, CreatedAt: time.UnixMilli(it.created).UTC()}
	if it.activeAt != 0 {
		t := time.UnixMilli(it.activeAt).UTC()
		f.LastActiveAt = &t
	}
	return Ranked{Facts: f, Mine: Verdict{met: it.mine}, Theirs: Verdict{met: it.theirs}, Distance: it.distance}
}

// cachedRanked returns kind's list for v from the cache, computing it once
// (concurrent first calls share one computation) when it is not there. A
// kept list is found by the times the viewer's profile and preferences last
// changed (one read by key), so reading it needs neither of them whole.
func (s *Service) cachedRanked(ctx context.Context, v Viewer, kind Kind) (*cachedList, error) {
	st, err := s.stamp(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	k := st.key(v.ID, kind)
	if l, ok := s.cache.get(k); ok {
		return l, nil
	}
	sk, err := s.seekerSince(ctx, v, st)
	if err != nil {
		return nil, err
	}
	return s.kept(k, CacheTTL, func() ([]Ranked, bool, error) { return s.rankedFor(ctx, sk, kind) })
}

// stamps are when a member's profile and partner preferences were last
// written (profiles.updated_at changes with every fact a list reads, as the
// roster's sync relies on; partner_preferences.updated_at with every saved
// preference), as the engine prints them and, where they parse, as times.
type stamps struct {
	profile, pref     string
	profileAt, prefAt time.Time // zero when absent or unreadable
}

// key names a member's list of kind at these stamps.
func (st stamps) key(id uint64, kind Kind) string {
	return fmt.Sprintf("%s/%d/%s/%s", kind, id, st.profile, st.pref)
}

// stamp reads a member's stamps; a NotFound error when there is no such profile.
func (s *Service) stamp(ctx context.Context, id uint64) (stamps, error) {
	// Two lookups by key, as scalar subqueries: as a LEFT JOIN, SQLite
	// planned a scan of partner_preferences.
	var row struct {
		ProfileAt *string
		PrefAt    *string
	}
	err := s.db.WithContext(ctx).Raw(`SELECT (SELECT updated_at FROM profiles WHERE id = ?) AS profile_at,
 (SELECT updated_at FROM partner_preferences WHERE profile_id = ?) AS pref_at`, id, id).Scan(&row).Error
	if err != nil {
		return stamps{}, store.Translate(err, "", "")
	}
	if row.ProfileAt == nil {
		return stamps{}, apperr.New(apperr.NotFound, profile.MsgNotFound)
	}
	st := stamps{profile: *row.ProfileAt, profileAt: store.TimeText(*row.ProfileAt)}
	if row.PrefAt != nil {
		st.pref, st.prefAt = *row.PrefAt, store.TimeText(*row.PrefAt)
	}
	return st, nil
}

// seekerSince is seeker, with the viewer's facts and saved preferences
// taken from the roster when its copy was read after both stamps (so it
// holds every change up to them) and they saved preferences; else, or
// without a roster, read from the database.
func (s *Service) seekerSince(ctx context.Context, v Viewer, st stamps) (*seeker, error) {
	if !st.profileAt.IsZero() && !st.prefAt.IsZero() {
		if f, pref, ok := s.roster.Member(v.ID, latest(st.profileAt, st.prefAt)); ok {
			f.ProfileCode = v.Code
			j, err := s.newJudge(s.db.WithContext(ctx))
			if err != nil {
				return nil, err
			}
			return &seeker{Viewer: v, facts: f, pref: pref, j: j, other: otherGender(f.Gender)}, nil
		}
	}
	return s.seeker(ctx, v)
}

func latest(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// kept returns the list kept under k if it is younger than ttl, else
// computes it once (concurrent first calls share one computation) and keeps it.
func (s *Service) kept(k string, ttl time.Duration, compute func() ([]Ranked, bool, error)) (*cachedList, error) {
	if l, ok := s.cache.get(k); ok && time.Since(l.at) <= ttl {
		return l, nil
	}
	res, err, _ := s.cache.group.Do(k, func() (any, error) {
		r, full, err := compute()
		if err != nil {
			return nil, err
		}
		l := compact(r, full)
		l.at = time.Now()
		s.cache.lru.Add(k, l)
		return l, nil
	})
	if err != nil {
		return nil, err
	}
	return res.(*cachedList), nil
}

// SearchTTL is how long a ranked search result is kept for its next pages
// and reloads: shorter than a match list's, as a member who searches again
// a little later expects to see who joined since.
const SearchTTL = 2 * time.Minute

// Kept is a ranked list as the service keeps it; RankedPage reads a page of it.
type Kept = cachedList

// KeptSearch returns the ranked result of a search v ran (named by
// filterKey, which must change with anything in the search that changes the
// result): kept for SearchTTL, so the next pages read it rather than
// scanning and ranking again, or computed by compute for the seeker. Like a
// kept list, it is found by v's update stamps (a change to their profile or
// preferences is a new search), so a kept page needs neither read whole;
// without a cache it computes.
func (s *Service) KeptSearch(ctx context.Context, v Viewer, filterKey string, compute func(*Seeker) ([]Ranked, bool, error)) (*Kept, error) {
	if s.cache == nil {
		sk, err := s.seeker(ctx, v)
		if err != nil {
			return nil, err
		}
		r, full, err := compute(sk)
		if err != nil {
			return nil, err
		}
		return compact(r, full), nil
	}
	st, err := s.stamp(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	k := st.key(v.ID, Kind("search:"+filterKey))
	if l, ok := s.cache.get(k); ok && time.Since(l.at) <= SearchTTL {
		return l, nil
	}
	sk, err := s.seekerSince(ctx, v, st)
	if err != nil {
		return nil, err
	}
	return s.kept(k, SearchTTL, func() ([]Ranked, bool, error) { return compute(sk) })
}
