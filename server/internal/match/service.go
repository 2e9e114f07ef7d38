// Package match finds a member's matches (product.md "Partner preferences
// and matches"): My matches are opposite-gender members who meet the
// member's strict preferences and whose strict preferences the member meets,
// ranked by the preferences met on both sides, then by recent activity; New
// matches are those who joined in the last 30 days; Nearby those within 50 km
// (city to city, shown only as a band); Today's ten are chosen once a day and
// kept; Discovery relaxes the member's own strict preferences. Every list
// leaves out what directory.Visible leaves out.
//
// A list is ranked over a bounded window: the Window most recently active
// members that pass the strict preferences in SQL (one indexed walk), scored
// in memory. Scoring a million rows on every page would not be a product,
// and a member's best match who has not logged in for months is not the one
// to show first anyway.
package match

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Window is how many candidates a ranked list considers at most, unless Deps.Window says otherwise.
const Window = 600

// NewWindow is how recently a member must have joined to be a new match.
const NewWindow = 30 * 24 * time.Hour

// Messages of this area.
const (
	MsgPastEnd   = "This page is past the end of the results"
	MsgBadCursor = "This page link is no longer valid. Please start from the first page"
)

// Kind names a match list.
type Kind string

// The match lists.
const (
	My        Kind = "my"  // My matches
	Fresh     Kind = "new" // New matches: joined in the last 30 days
	Nearby    Kind = "nearby"
	Discovery Kind = "discovery"
)

// Why says which of the viewer's preferences a member meets (Mine) and which
// of the member's preferences the viewer meets (Theirs), as preference keys.
type Why struct {
	Mine   []string `json:"mine"`
	Theirs []string `json:"theirs"`
}

// Card is a member in a match or search list.
type Card struct {
	profile.Card
	Why          Why    `json:"why"`
	Distance     string `json:"distance,omitempty"` // Nearby only: under10, under25 or under50
	IsNew        bool   `json:"isNew"`              // joined in the last 30 days
	ActiveWithin string `json:"activeWithin"`       // today, this_week, this_month or earlier (profile.LastActive)
	Viewed       *bool  `json:"viewed,omitempty"`   // Today's matches only
}

// Page is one page of a list. Total stops at directory.TotalCap, or at the
// window of a ranked list; TotalCapped says there are more than Total.
// Cursor opens the next page, nil at the end.
type Page struct {
	Items       []Card  `json:"items"`
	Total       int64   `json:"total"`
	TotalCapped bool    `json:"totalCapped"`
	Cursor      *string `json:"cursor"`
	// Notice explains an empty list that the member can fix: NoticeNoCity
	// when Nearby has no city (or none with coordinates) to measure from.
	Notice string `json:"notice,omitempty"`
}

// NoticeNoCity is Page.Notice for a Nearby list without a city to measure from.
const NoticeNoCity = "no_city"

// Viewer is the member asking: internal id and public code.
type Viewer struct {
	ID   uint64
	Code string
}

// PageRequest is where a page starts (Cursor wins over Skip) and its size.
type PageRequest struct {
	Skip   int    `json:"skip"`
	Limit  int    `json:"limit"`
	Cursor string `json:"cursor"`
}

// Deps is what the match service needs; DB and Profiles are required.
type Deps struct {
	DB       *store.DB
	Profiles *profile.Service
	Now      func() time.Time // the clock; time.Now when nil
	// Window bounds the candidates a ranked list considers; Window when 0.
	// The discovery benchmark sets it past the member count to measure the
	// naive, unbounded ranking side by side.
	Window int
	// NoCache computes every list on every call (the naive benchmark).
	NoCache bool
	// Plans says which candidates hold a plan with profile highlight (they
	// come first among equal scores); nil builds one on DB.
	Plans *billing.Meter
	// Roster, once loaded, serves the windows from memory; nil, or until it
	// has loaded, they are read from the database.
	Roster *roster.Roster
	// Master, when set, gives Near me the cities' coordinates from its kept
	// labels; nil reads them from the database on every first ask.
	Master *master.Service
}

// Service finds matches.
type Service struct {
	db       *store.DB
	profiles *profile.Service
	plans    *billing.Meter
	now      func() time.Time
	window   int
	cache    *listCache // nil: no cache
	warmer   *warmer    // nil without a cache
	roster   *roster.Roster
	master   *master.Service

	incomeMu sync.Mutex
	income   map[string]incomeBand // the income scale, read at incomeAt; replaced, never changed
	incomeAt time.Time
}

// New builds the match service.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Profiles == nil {
		return nil, errors.New("match: DB and Profiles are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Window <= 0 {
		d.Window = Window
	}
	if d.Plans == nil {
		d.Plans = billing.NewMeter(d.DB, d.Now)
	}
	s := &Service{db: d.DB, profiles: d.Profiles, plans: d.Plans, now: d.Now, window: d.Window, roster: d.Roster, master: d.Master}
	if !d.NoCache {
		s.cache, s.warmer = newListCache(), newWarmer()
	}
	return s, nil
}

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// seeker is the viewer with their facts, preferences and the request's judge.
type seeker struct {
	Viewer
	facts directory.Facts
	pref  *profile.Preference
	j     *judge
	other int // the gender the viewer is matched with
}

func (s *Service) seeker(ctx context.Context, v Viewer) (*seeker, error) {
	db := s.db.WithContext(ctx)
	f, ok, err := directory.LoadFacts(db, v.ID)
	if err != nil {
		return nil, store.Translate(err, profile.MsgNotFound, "")
	}
	if !ok {
		return nil, apperr.New(apperr.NotFound, profile.MsgNotFound)
	}
	pref, err := s.profiles.PreferenceValues(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	j, err := s.newJudge(db)
	if err != nil {
		return nil, err
	}
	return &seeker{Viewer: v, facts: f, pref: pref, j: j, other: otherGender(f.Gender)}, nil
}

// otherGender is the gender a member of gender g is matched with.
func otherGender(g int) int {
	if g == profile.GenderFemale {
		return profile.GenderMale
	}
	return profile.GenderFemale
}

// incomeTTL is how long the income scale is kept between reads: admins
// rarely edit the bands, and every list and search compares with them.
const incomeTTL = time.Minute

func (s *Service) newJudge(db *gorm.DB) (*judge, error) {
	s.incomeMu.Lock()
	defer s.incomeMu.Unlock()
	if s.income == nil || time.Since(s.incomeAt) > incomeTTL {
		var bands []struct {
			Code           string
			Sort           int
			MinINR, MaxINR int64
		}
		if err := db.Table("income_bands").Select("code, sort, min_inr, max_inr").Find(&bands).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		s.income = make(map[string]incomeBand, len(bands))
		for _, b := range bands {
			s.income[b.Code] = incomeBand{Sort: b.Sort, Disclosed: b.MinINR != 0 || b.MaxINR != 0}
		}
		s.incomeAt = time.Now()
	}
	return &judge{now: s.clock(), income: s.income}, nil
}

// Ranked is one candidate with both verdicts and its rank score.
type Ranked struct {
	Facts        directory.Facts
	Mine, Theirs Verdict
	Score        int
	Distance     string
	// Highlighted: the candidate's plan includes profile highlight (product.md "Plans").
	Highlighted bool
}

// readWindow reads the most recently active candidates rq describes, as
// many as the window holds: from the roster once it has loaded (with the
// viewer's blocks and "don't show" list read now, and the candidates' saved
// preferences with them), else from the database, where sqlOnly adds the
// conditions the roster cannot test (and forces that path). Full says there
// may be more; Prefs is nil when the database served the window.
func (s *Service) readWindow(ctx context.Context, sk *seeker, rq *roster.Query, sqlOnly func(*gorm.DB) *gorm.DB) (roster.Candidates, error) {
	if sqlOnly == nil && s.roster.Ready() {
		ex, err := directory.Excluded(s.db.WithContext(ctx), sk.ID)
		if err != nil {
			return roster.Candidates{}, store.Translate(err, "", "")
		}
		rq.Exclude = ex
		if c, ok := s.roster.Window(rq, s.window); ok {
			return c, nil
		}
	}
	q := rq.SQL(s.candidates(ctx, sk))
	if sqlOnly != nil {
		q = sqlOnly(q)
	}
	// Ordered by the index alone (ix_profiles_gender_active): a tie-break on id
	// would cost a sort of every candidate; rank orders the window fully.
	var facts []directory.Facts
	if err := q.Select(directory.FactsColumns).Order("p.last_active_at DESC").Limit(s.window).Scan(&facts).Error; err != nil {
		return roster.Candidates{}, store.Translate(err, "", "")
	}
	return roster.Candidates{Facts: facts, Full: len(facts) >= s.window}, nil
}

// rank judges every candidate of w both ways, keeps those keep accepts and
// orders them by score (the viewer's preferences met count twice, theirs
// once), then members whose plan includes profile highlight (what that
// plan sells: never above a better match), then by recent activity, then
// newest profile first. The candidates' saved preferences are judged on
// the roster's compact entries when the roster served w, else read.
func (s *Service) rank(ctx context.Context, sk *seeker, w roster.Candidates, keep func(mine, theirs Verdict) bool) ([]Ranked, error) {
	facts := w.Facts
	ageOfMe := profile.AgeOn(sk.facts.DOB, sk.j.now)
	wishes := w.Wishes(&sk.facts, ageOfMe)
	var saved map[uint64]*profile.Preference
	if wishes == nil {
		ids := make([]uint64, 0, len(facts))
		for _, f := range facts {
			ids = append(ids, f.ID)
		}
		// Their preferences from the roster once it has loaded (as fresh as its
		// last sync, like the facts it gave), else from the database.
		var ok bool
		if saved, ok = s.roster.Preferences(ids); !ok {
			var err error
			if saved, err = s.profiles.SavedPreferences(ctx, ids); err != nil {
				return nil, err
			}
		}
	}
	highlighted, err := s.plans.HighlightSet(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Ranked, 0, len(facts))
	for i := range facts {
		f := &facts[i]
		var theirs Verdict
		if wishes != nil && wishes[i].Saved {
			theirs = sk.j.byWish(&wishes[i], &sk.facts, ageOfMe)
		} else {
			their := saved[f.ID] // nil with wishes: they saved none
			if their == nil {
				d := profile.DefaultPreference(profile.Basics{Gender: f.Gender, HeightCM: f.HeightCM, MaritalStatus: f.MaritalStatus,
					CommunityID: f.CommunityID, MotherTongueID: f.MotherTongueID, CountryID: f.CountryID}, profile.AgeOn(f.DOB, sk.j.now))
				their = &d
			}
			theirs = sk.j.evaluate(their, &sk.facts)
		}
		mine := sk.j.evaluate(sk.pref, f)
		if !keep(mine, theirs) {
			continue
		}
		out = append(out, Ranked{Facts: *f, Mine: mine, Theirs: theirs, Score: 2*mine.metCount() + theirs.metCount(), Highlighted: highlighted(f.ID)})
	}
	return sortRanked(out, before, false), nil
}

// sortRanked returns r sorted by cmp (stable keeps the order of equals;
// before is a total order and needs not). It sorts positions and moves
// each candidate once, rather than moving hundreds of large structs at
// every step of the sort.
func sortRanked(r []Ranked, cmp func(x, y *Ranked) int, stable bool) []Ranked {
	order := make([]int32, len(r))
	for i := range order {
		order[i] = int32(i)
	}
	if stable {
		slices.SortStableFunc(order, func(a, b int32) int { return cmp(&r[a], &r[b]) })
	} else {
		slices.SortFunc(order, func(a, b int32) int { return cmp(&r[a], &r[b]) })
	}
	out := make([]Ranked, len(r))
	for i, j := range order {
		out[i] = r[j]
	}
	return out
}

// before orders two ranked candidates: higher score, then highlight, then
// more recently active, then newer profile.
func before(x, y *Ranked) int {
	if x.Score != y.Score {
		return y.Score - x.Score
	}
	if x.Highlighted != y.Highlighted {
		if x.Highlighted {
			return -1
		}
		return 1
	}
	if ta, tb := activeAt(&x.Facts), activeAt(&y.Facts); !ta.Equal(tb) {
		return tb.Compare(ta)
	}
	switch {
	case x.Facts.ID > y.Facts.ID:
		return -1
	case x.Facts.ID < y.Facts.ID:
		return 1
	}
	return 0
}

func activeAt(f *directory.Facts) time.Time {
	if f.LastActiveAt == nil {
		return time.Time{}
	}
	return *f.LastActiveAt
}

func mutual(mine, theirs Verdict) bool { return mine.StrictOK && theirs.StrictOK }

// relaxed keeps the members the viewer's strict preferences leave out but
// who nearly fit: within RelaxYears of the viewer's age range, any other
// strict preference of the viewer's loosened. Their side is kept but for the
// same stretch of age: Discovery never suggests someone whose firm wishes
// (a denomination, a marital status) the viewer does not meet.
func relaxed(mine, theirs Verdict) bool {
	return !mine.StrictOK && mine.AgeNear && theirs.OthersOK && theirs.AgeNear
}

// candidates is the base query of a list: visible members of the other gender.
func (s *Service) candidates(ctx context.Context, sk *seeker) *gorm.DB {
	return directory.Members(s.db.WithContext(ctx), sk.ID).Where("p.gender = ?", sk.other)
}

// List serves one of My, New, Nearby and Discovery (POST profile/my-matchs,
// new-matchs, nearby-matchs, discovery-matchs). A bad cursor or a page past
// the end is a Validation error.
func (s *Service) List(ctx context.Context, v Viewer, kind Kind, pr PageRequest) (*Page, error) {
	pg, err := pageOf(pr)
	if err != nil {
		return nil, err
	}
	l, err := s.list(ctx, v, kind)
	if errors.Is(err, errNoCity) {
		return &Page{Items: []Card{}, Notice: NoticeNoCity}, nil
	}
	if err != nil {
		return nil, err
	}
	return s.page(ctx, v, l, pg)
}

// list returns kind's whole ranked list for v: kept in the cache, or computed.
func (s *Service) list(ctx context.Context, v Viewer, kind Kind) (*cachedList, error) {
	if s.cache != nil {
		return s.cachedRanked(ctx, v, kind)
	}
	sk, err := s.seeker(ctx, v)
	if err != nil {
		return nil, err
	}
	r, full, err := s.rankedFor(ctx, sk, kind)
	if err != nil {
		return nil, err
	}
	return compact(r, full), nil
}

// errNoCity ends a Nearby list early: the viewer has no city with coordinates.
var errNoCity = errors.New("match: no city to measure from")

// rankedFor computes a whole ranked list of kind for the seeker.
func (s *Service) rankedFor(ctx context.Context, sk *seeker, kind Kind) ([]Ranked, bool, error) {
	rq := sk.strictQuery()
	var err error
	keep := mutual
	var near map[uint64]float64
	slack := 0
	switch kind {
	case My:
	case Fresh:
		rq.CreatedFrom = sk.j.now.Add(-NewWindow)
	case Nearby:
		if near, err = s.nearbyCities(ctx, sk.facts.CityID); err != nil {
			return nil, false, err
		}
		if len(near) == 0 {
			return nil, false, errNoCity
		}
		ids := make([]uint64, 0, len(near))
		for id := range near {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		if len(rq.City) > 0 { // a strict city list and the circle: the cities in both
			ids = slices.DeleteFunc(ids, func(id uint64) bool { return !slices.Contains(rq.City, id) })
			if len(ids) == 0 {
				return nil, false, nil
			}
		}
		rq.City = ids
	case Discovery:
		keep = relaxed
		slack = RelaxYears
		rq = &roster.Query{Gender: sk.other}
		if p := sk.pref; p.Age.Strict && p.Age.Max > 0 {
			rq.DOBFrom, rq.DOBBefore = DOBBounds(max(1, p.Age.Min-RelaxYears), p.Age.Max+RelaxYears, sk.j.now)
		}
	default:
		return nil, false, apperr.New(apperr.NotFound, "Unknown match list")
	}
	rq.Reverse = sk.reverse(slack)
	w, err := s.readWindow(ctx, sk, rq, nil)
	if err != nil {
		return nil, false, err
	}
	full := w.Full
	ranked, err := s.rank(ctx, sk, w, keep)
	if err != nil {
		return nil, false, err
	}
	if near != nil {
		for i := range ranked {
			if c := ranked[i].Facts.CityID; c != nil {
				ranked[i].Distance = band(near[*c])
			}
		}
		// Near me shows the nearer bands first, each in the order of the ranking.
		ranked = sortRanked(ranked, func(x, y *Ranked) int { return strings.Compare(x.Distance, y.Distance) }, true)
	}
	return ranked, full, nil
}

// WarmMatches queues the member's My matches to be computed and kept in
// the background (see warm.go): the dashboard calls it, as the list most
// members open next.
func (s *Service) WarmMatches(viewerID uint64) { s.warm(Viewer{ID: viewerID}) }

// CountNew is the number of the member's new matches, capped at the window (the dashboard's counter).
func (s *Service) CountNew(ctx context.Context, viewerID uint64) (int64, error) {
	l, err := s.list(ctx, Viewer{ID: viewerID}, Fresh)
	if err != nil {
		return 0, err // never errNoCity: that is Nearby's
	}
	return int64(len(l.items)), nil
}

// pageOf validates a page request: the cursor, when given, must be one of ours.
func pageOf(pr PageRequest) (pagination.Page, error) {
	skip := pr.Skip
	if pr.Cursor != "" {
		c, ok := directory.DecodeCursor(pr.Cursor)
		if !ok {
			return pagination.Page{}, apperr.Validation(map[string]string{"cursor": MsgBadCursor}, "cursor")
		}
		skip = c.Skip
	}
	return pagination.New(skip, pr.Limit, pagination.DefaultLimit), nil
}

// page cuts one page out of a kept list, from position pg.Skip, leaving
// out whoever the viewer may no longer see (checked in the statement that
// reads the cards), and builds its cards. The cursor is the position after
// the last member looked at.
func (s *Service) page(ctx context.Context, v Viewer, l *cachedList, pg pagination.Page) (*Page, error) {
	n := len(l.items)
	if pg.Skip > 0 && pg.Skip >= n {
		return nil, apperr.Validation(map[string]string{"skip": MsgPastEnd}, "skip")
	}
	picked := make([]Ranked, 0, pg.Limit)
	base := make([]profile.Card, 0, pg.Limit)
	pos := pg.Skip
	for pos < n && len(picked) < pg.Limit {
		// Two more than needed, so a member or two gone since does not cost another round trip.
		need := pg.Limit - len(picked)
		end := min(n, pos+need+2)
		ids := make([]uint64, 0, end-pos)
		for _, it := range l.items[pos:end] {
			ids = append(ids, it.id)
		}
		cards, looked, err := s.profiles.CardsWith(ctx, v.ID, v.Code, ids, profile.CardOptions{VisibleOnly: true, Limit: need, Invitations: true})
		if err != nil {
			return nil, err
		}
		next := 0 // cards come in the order of ids
		for i := pos; i < pos+looked; i++ {
			if next < len(cards) && cards[next].InternalID() == l.items[i].id {
				picked, base = append(picked, l.items[i].ranked()), append(base, cards[next])
				next++
			}
		}
		pos += looked
	}
	items := s.wrap(base, picked)
	out := &Page{Items: items, Total: int64(n), TotalCapped: l.full}
	if pos < n {
		c := directory.Cursor{Skip: pos}.Encode()
		out.Cursor = &c
	}
	return out, nil
}

// Cards builds the cards of ranked members, in order, with why, activity and invitation.
func (s *Service) Cards(ctx context.Context, v Viewer, ranked []Ranked) ([]Card, error) {
	ids := make([]uint64, len(ranked))
	for i, r := range ranked {
		ids[i] = r.Facts.ID
	}
	base, _, err := s.profiles.CardsWith(ctx, v.ID, v.Code, ids, profile.CardOptions{Invitations: true})
	if err != nil {
		return nil, err
	}
	return s.wrap(base, ranked), nil
}

// wrap adds to base cards (of some of ranked, read with their invitations)
// why they match, distance and activity.
func (s *Service) wrap(base []profile.Card, ranked []Ranked) []Card {
	byID := make(map[uint64]*Ranked, len(ranked))
	for i := range ranked {
		byID[ranked[i].Facts.ID] = &ranked[i]
	}
	now := s.clock()
	out := make([]Card, 0, len(base))
	for _, b := range base {
		r := byID[b.InternalID()]
		out = append(out, Card{Card: b, Why: Why{Mine: r.Mine.Met(), Theirs: r.Theirs.Met()}, Distance: r.Distance,
			IsNew: now.Sub(r.Facts.CreatedAt) < NewWindow, ActiveWithin: profile.LastActive(r.Facts.LastActiveAt, now)})
	}
	return out
}

// Seeker is a viewer made ready for judging candidates (see Service.Seek).
type Seeker = seeker

// Seek loads the viewer's facts and preferences: from the roster when its
// copy was read after they last changed (one read of their update stamps),
// else from the database.
func (s *Service) Seek(ctx context.Context, v Viewer) (*Seeker, error) {
	if s.roster == nil {
		return s.seeker(ctx, v)
	}
	st, err := s.stamp(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	return s.seekerSince(ctx, v, st)
}

// Now is the seeker's clock reading for this request.
func (sk *Seeker) Now() time.Time { return sk.j.now }

// Other is the gender the seeker is matched with.
func (sk *Seeker) Other() int { return sk.other }

// IncomeCodes are the disclosed income bands between lo and hi ("" leaves an end open).
func (sk *Seeker) IncomeCodes(lo, hi string) []string { return sk.j.incomeCodes(lo, hi) }

// Candidates is the database query of the members the seeker may see, of the other gender.
func (s *Service) Candidates(ctx context.Context, sk *Seeker) *gorm.DB { return s.candidates(ctx, sk) }

// ReadWindow reads the most recently active members rq describes, as many as
// the window holds, from the roster or the database (see readWindow).
func (s *Service) ReadWindow(ctx context.Context, sk *Seeker, rq *roster.Query, sqlOnly func(*gorm.DB) *gorm.DB) (roster.Candidates, error) {
	return s.readWindow(ctx, sk, rq, sqlOnly)
}

// Roster is the in-memory roster the service reads, nil when it has none.
func (s *Service) Roster() *roster.Roster { return s.roster }

// RankAll judges the candidates of w both ways for sk and ranks all of
// them (search keeps members whatever their preferences say: the searcher
// chose the filters). w is ReadWindow's, or Candidates{Facts: facts} for
// facts read elsewhere (their preferences are then looked up).
func (s *Service) RankAll(ctx context.Context, sk *Seeker, w roster.Candidates) ([]Ranked, error) {
	return s.rank(ctx, sk, w, func(Verdict, Verdict) bool { return true })
}

// PageOf validates a page request (see PageRequest).
func PageOf(pr PageRequest) (pagination.Page, error) { return pageOf(pr) }

// RankedPage cuts one page out of a kept ranked list and builds its cards.
func (s *Service) RankedPage(ctx context.Context, v Viewer, l *Kept, pg pagination.Page) (*Page, error) {
	return s.page(ctx, v, l, pg)
}
