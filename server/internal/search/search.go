// Package search serves basic and advanced search and saved searches
// (issue 17). A Filter becomes conditions on the visibility scope of package
// directory (the opposite gender is implied); members are ranked by package
// match for "relevance", or read in keyset order for "newest" and "last
// active", so no page costs an OFFSET or a COUNT over the whole filtered set.
//
// The Index interface is the seam for a search engine: today SQL answers it.
package search

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Kinds of search.
const (
	Basic   = "basic"
	Advance = "advance"
)

// Sort orders.
const (
	SortRelevance  = "relevance"
	SortNewest     = "newest"
	SortLastActive = "lastActive"
)

// Limits of a filter.
const (
	MinAge       = 18
	MaxAge       = 70
	MaxValues    = 50
	MaxTextLen   = 100
	ActiveWindow = 30 * 24 * time.Hour
)

// Messages of this area.
const (
	MsgAgeRange    = "Please choose ages between 18 and 70"
	MsgAgeOrder    = profile.MsgAgeOrder
	MsgHeight      = "Please choose a height from the list"
	MsgHeightOrder = profile.MsgHeightOrder
	MsgIncome      = "Please choose an income from the list"
	MsgIncomeOrder = profile.MsgIncomeOrder
	MsgTooMany     = profile.MsgTooManyValues
	MsgSort        = "Please choose relevance, newest or lastActive"
	MsgTooLong     = "Please use at most 100 characters"
	MsgProfileID   = "Please enter a valid profile id"
)

// Filter is a search (POST profile/search and advance-search). Zero values
// and empty lists filter nothing. Basic search reads only the first group.
type Filter struct {
	AgeMin        int      `json:"ageMin"`
	AgeMax        int      `json:"ageMax"`
	HeightMin     int      `json:"heightMin"` // cm
	HeightMax     int      `json:"heightMax"`
	MaritalStatus []string `json:"maritalStatus"`
	Community     []uint64 `json:"community"` // denominations
	MotherTongue  []uint64 `json:"motherTongue"`
	State         []uint64 `json:"state"`
	City          []uint64 `json:"city"`
	WithPhoto     bool     `json:"withPhoto"`
	Sort          string   `json:"sort"` // relevance (default), newest or lastActive

	// Advanced search only.
	Education      []uint64 `json:"education"` // degree ids
	Profession     []uint64 `json:"profession"`
	IncomeMin      string   `json:"incomeMin"` // income band codes
	IncomeMax      string   `json:"incomeMax"`
	Diet           []string `json:"diet"`
	Smoking        []string `json:"smoking"`
	Drinking       []string `json:"drinking"`
	Diocese        string   `json:"diocese"`        // diocese or parish text
	VerifiedOnly   bool     `json:"verifiedOnly"`   // an admin-verified ID or parish letter
	ActiveWithin30 bool     `json:"activeWithin30"` // active in the last 30 days
	ProfileID      string   `json:"profileId"`      // a profile id lookup: the other filters are ignored
}

// Request is a search with its page.
type Request struct {
	Filter
	match.PageRequest
}

// Basic returns f with the advanced fields cleared.
func (f Filter) Basic() Filter {
	return Filter{AgeMin: f.AgeMin, AgeMax: f.AgeMax, HeightMin: f.HeightMin, HeightMax: f.HeightMax,
		MaritalStatus: f.MaritalStatus, Community: f.Community, MotherTongue: f.MotherTongue, State: f.State,
		City: f.City, WithPhoto: f.WithPhoto, Sort: f.Sort}
}

// Index finds members for a filter; SQL implements it (Service), and a
// search engine may later, behind the same calls.
type Index interface {
	Search(ctx context.Context, v match.Viewer, kind string, r Request) (*match.Page, error)
}

// Deps is what the search service needs; all but Now are required.
type Deps struct {
	DB      *store.DB
	Master  *master.Service
	Matches *match.Service
	Now     func() time.Time
}

// Service runs searches on the database and keeps saved searches.
type Service struct {
	db      *store.DB
	master  *master.Service
	matches *match.Service
	now     func() time.Time
}

var _ Index = (*Service)(nil)

// New builds the search service.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Master == nil || d.Matches == nil {
		return nil, errors.New("search: DB, Master and Matches are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{db: d.DB, master: d.Master, matches: d.Matches, now: d.Now}, nil
}

// normalize trims text, drops duplicate and zero values and upper-cases the profile id.
func (f *Filter) normalize(kind string) {
	if kind != Advance {
		*f = f.Basic()
	}
	f.Diocese, f.ProfileID = strings.TrimSpace(f.Diocese), strings.ToUpper(strings.TrimSpace(f.ProfileID))
	f.IncomeMin, f.IncomeMax = strings.TrimSpace(f.IncomeMin), strings.TrimSpace(f.IncomeMax)
	for _, l := range []*[]uint64{&f.Community, &f.MotherTongue, &f.State, &f.City, &f.Education, &f.Profession} {
		*l = profile.UniqueIDs(*l)
	}
	for _, l := range []*[]string{&f.MaritalStatus, &f.Diet, &f.Smoking, &f.Drinking} {
		*l = profile.UniqueStrings(*l)
	}
	if f.Sort == "" {
		f.Sort = SortRelevance
	}
}

// Validate checks f (already normalized) against the master data (the
// kept master labels: it runs on every page); the errors are keyed by JSON
// field, ranges under their first field's stem.
func (s *Service) Validate(ctx context.Context, f *Filter) error {
	errs := map[string]string{}
	db := s.db.WithContext(ctx)
	for _, a := range []int{f.AgeMin, f.AgeMax} {
		if a != 0 && (a < MinAge || a > MaxAge) {
			errs["age"] = MsgAgeRange
		}
	}
	if errs["age"] == "" && f.AgeMin != 0 && f.AgeMax != 0 && f.AgeMin > f.AgeMax {
		errs["age"] = MsgAgeOrder
	}
	for _, h := range []int{f.HeightMin, f.HeightMax} {
		if h == 0 {
			continue
		}
		ok, err := s.master.KnownHeight(ctx, h)
		if err != nil {
			return err
		}
		if !ok {
			errs["height"] = MsgHeight
		}
	}
	if errs["height"] == "" && f.HeightMin != 0 && f.HeightMax != 0 && f.HeightMin > f.HeightMax {
		errs["height"] = MsgHeightOrder
	}
	sorts := map[string]int{}
	for _, code := range []string{f.IncomeMin, f.IncomeMax} {
		if code == "" {
			continue
		}
		var rows []struct {
			Sort           int
			MinINR, MaxINR int64
		}
		if err := db.Table("income_bands").Select("sort, min_inr, max_inr").Where("code = ?", code).Find(&rows).Error; err != nil {
			return store.Translate(err, "", "")
		}
		if len(rows) == 0 || (rows[0].MinINR == 0 && rows[0].MaxINR == 0) {
			errs["income"] = MsgIncome
			continue
		}
		sorts[code] = rows[0].Sort
	}
	if errs["income"] == "" && f.IncomeMin != "" && f.IncomeMax != "" && sorts[f.IncomeMin] > sorts[f.IncomeMax] {
		errs["income"] = MsgIncomeOrder
	}
	for _, l := range []struct {
		field, kind, msg string
		ids              []uint64
	}{
		{"community", "community", "Please select valid denominations", f.Community},
		{"motherTongue", "language", "Please select valid languages", f.MotherTongue},
		{"state", "state", "Please select valid states", f.State},
		{"city", "city", "Please select valid cities", f.City},
		{"education", "degree", "Please select valid degrees", f.Education},
		{"profession", "profession", "Please select valid professions", f.Profession},
	} {
		if len(l.ids) > MaxValues {
			errs[l.field] = MsgTooMany
			continue
		}
		if len(l.ids) == 0 {
			continue
		}
		ok, err := s.master.Known(ctx, l.kind, l.ids)
		if err != nil {
			return err
		}
		if !ok {
			errs[l.field] = l.msg
		}
	}
	for _, l := range []struct {
		field, enum, msg string
		vals             []string
	}{
		{"maritalStatus", "maritalStatus", "Please select valid marital statuses", f.MaritalStatus},
		{"diet", "diet", "Please select valid diets", f.Diet},
		{"smoking", "smoking", "Please select valid smoking habits", f.Smoking},
		{"drinking", "drinking", "Please select valid drinking habits", f.Drinking},
	} {
		for _, v := range l.vals {
			if !profile.ValidEnum(l.enum, v) {
				errs[l.field] = l.msg
			}
		}
	}
	if f.Sort != SortRelevance && f.Sort != SortNewest && f.Sort != SortLastActive {
		errs["sort"] = MsgSort
	}
	if len([]rune(f.Diocese)) > MaxTextLen {
		errs["diocese"] = MsgTooLong
	}
	if len(f.ProfileID) > 16 || strings.ContainsFunc(f.ProfileID, func(r rune) bool {
		return (r < 'A' || r > 'Z') && (r < '0' || r > '9')
	}) {
		errs["profileId"] = MsgProfileID
	}
	if len(errs) > 0 {
		return apperr.Validation(errs, "age", "height", "maritalStatus", "community", "motherTongue", "state", "city",
			"education", "profession", "income", "diet", "smoking", "drinking", "diocese", "profileId", "sort")
	}
	return nil
}

// query is the roster query of the members f describes, of the other
// gender: every filter but those sqlOnly adds.
func query(f *Filter, sk *match.Seeker) *roster.Query {
	now := sk.Now()
	rq := &roster.Query{Gender: sk.Other(), Community: f.Community, MotherTongue: f.MotherTongue, State: f.State,
		City: f.City, Degree: f.Education, Profession: f.Profession, Marital: f.MaritalStatus, Diet: f.Diet,
		Smoking: f.Smoking, Drinking: f.Drinking, HeightMin: f.HeightMin, HeightMax: f.HeightMax}
	if f.AgeMin != 0 || f.AgeMax != 0 {
		rq.DOBFrom, rq.DOBBefore = match.DOBBounds(f.AgeMin, f.AgeMax, now)
	}
	if f.IncomeMin != "" || f.IncomeMax != "" {
		rq.Income, rq.IncomeSet = sk.IncomeCodes(f.IncomeMin, f.IncomeMax), true
	}
	if f.ActiveWithin30 {
		rq.ActiveFrom = now.Add(-ActiveWindow)
	}
	return rq
}

// sqlOnly is the part of f the roster does not hold (a profile id, "with
// photo", the diocese or parish text, "verified only") as conditions on the
// database query, or nil when f has none: such a search reads the database.
// A profile id lookup ignores the other filters.
func sqlOnly(f *Filter) func(*gorm.DB) *gorm.DB {
	if f.ProfileID == "" && !f.WithPhoto && f.Diocese == "" && !f.VerifiedOnly {
		return nil
	}
	return func(q *gorm.DB) *gorm.DB {
		if f.ProfileID != "" {
			return q.Where("p.profile_code = ?", f.ProfileID)
		}
		if f.WithPhoto {
			// Any photo counts, protected or not: the card says when one is protected.
			q = q.Where("EXISTS (SELECT 1 FROM photos ph WHERE ph.profile_id = p.id)")
		}
		if f.Diocese != "" {
			like := "%" + escapeLike(f.Diocese) + "%"
			q = q.Where("(p.diocese LIKE ? ESCAPE '!' OR p.parish LIKE ? ESCAPE '!')", like, like)
		}
		if f.VerifiedOnly {
			q = q.Where("EXISTS (SELECT 1 FROM profile_proofs pf WHERE pf.profile_id = p.id AND pf.status = ?)", profile.ProofVerified)
		}
		return q
	}
}

// escapeLike makes s literal inside a LIKE pattern. The escape character is
// '!', not a backslash, which MySQL would read as an escape in the literal.
func escapeLike(s string) string {
	return strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(s)
}

// Search runs r as kind (Basic or Advance) for viewer v: bad filters and
// pages past the end are Validation errors.
func (s *Service) Search(ctx context.Context, v match.Viewer, kind string, r Request) (*match.Page, error) {
	r.normalize(kind)
	if err := s.Validate(ctx, &r.Filter); err != nil {
		return nil, err
	}
	extra := sqlOnly(&r.Filter)
	rosterQuery := func(sk *match.Seeker) *roster.Query {
		if r.ProfileID != "" {
			return &roster.Query{Gender: sk.Other()} // a profile id lookup ignores the other filters
		}
		return query(&r.Filter, sk)
	}
	if r.Sort == SortRelevance {
		pg, err := match.PageOf(r.PageRequest)
		if err != nil {
			return nil, err
		}
		filterKey, _ := json.Marshal(struct {
			Kind string
			F    Filter
		}{kind, r.Filter})
		kept, err := s.matches.KeptSearch(ctx, v, string(filterKey), func(sk *match.Seeker) ([]match.Ranked, bool, error) {
			w, err := s.matches.ReadWindow(ctx, sk, rosterQuery(sk), extra)
			if err != nil {
				return nil, false, err
			}
			ranked, err := s.matches.RankAll(ctx, sk, w)
			return ranked, w.Full, err
		})
		if err != nil {
			return nil, err
		}
		return s.matches.RankedPage(ctx, v, kept, pg)
	}
	sk, err := s.matches.Seek(ctx, v)
	if err != nil {
		return nil, err
	}
	rq := rosterQuery(sk)
	return s.keyset(ctx, v, sk, rq, extra, r)
}

// keyset reads one page in newest or last-active order after the cursor's
// row: from the roster once it has loaded and the filter is all in it, else
// from the database.
func (s *Service) keyset(ctx context.Context, v match.Viewer, sk *match.Seeker, rq *roster.Query, extra func(*gorm.DB) *gorm.DB, r Request) (*match.Page, error) {
	var c directory.Cursor
	if r.Cursor != "" {
		var ok bool
		if c, ok = directory.DecodeCursor(r.Cursor); !ok || c.ID == 0 {
			return nil, apperr.Validation(map[string]string{"cursor": match.MsgBadCursor}, "cursor")
		}
	}
	limit := pagination.New(0, r.Limit, pagination.DefaultLimit).Limit
	skip := 0
	if r.Cursor == "" {
		skip = r.Skip
	}
	var pg *roster.Page
	if rs := s.matches.Roster(); extra == nil && rs.Ready() {
		ex, err := directory.Excluded(s.db.WithContext(ctx), v.ID)
		if err != nil {
			return nil, store.Translate(err, "", "")
		}
		rq.Exclude = ex
		order := roster.ByActive
		if r.Sort == SortNewest {
			order = roster.ByNewest
		}
		if p, ok := rs.Keyset(rq, order, c.At, c.ID, skip, limit, directory.TotalCap); ok {
			pg = &p
		}
	}
	if pg == nil {
		var err error
		if pg, err = s.keysetSQL(ctx, sk, rq, extra, c, r.Sort, skip, limit); err != nil {
			return nil, err
		}
	}
	// Without a cursor a page may still start at skip: total stops at
	// directory.TotalCap, so the offset stays small.
	if skip > 0 && int64(skip) >= pg.Total {
		return nil, apperr.Validation(map[string]string{"skip": match.MsgPastEnd}, "skip")
	}
	facts := pg.Facts
	ranked, err := s.matches.RankAll(ctx, sk, roster.Candidates{Facts: facts})
	if err != nil {
		return nil, err
	}
	pos := make(map[uint64]int, len(facts))
	for i, f := range facts {
		pos[f.ID] = i
	}
	ordered := make([]match.Ranked, len(ranked))
	for _, rk := range ranked {
		ordered[pos[rk.Facts.ID]] = rk
	}
	items, err := s.matches.Cards(ctx, v, ordered)
	if err != nil {
		return nil, err
	}
	out := &match.Page{Items: items, Total: pg.Total, TotalCapped: pg.Capped}
	if pg.More {
		last := facts[len(facts)-1]
		next := directory.Cursor{ID: last.ID}
		if r.Sort == SortLastActive {
			if last.LastActiveAt == nil {
				next.Null = true
			} else {
				next.At = last.LastActiveAt.UnixMilli()
			}
		}
		tok := next.Encode()
		out.Cursor = &tok
	}
	return out, nil
}

// keysetSQL reads a keyset page from the database, with its capped total.
func (s *Service) keysetSQL(ctx context.Context, sk *match.Seeker, rq *roster.Query, extra func(*gorm.DB) *gorm.DB, c directory.Cursor,
	sort string, skip, limit int) (*roster.Page, error) {
	q := rq.SQL(s.matches.Candidates(ctx, sk))
	if extra != nil {
		q = extra(q)
	}
	total, capped, err := directory.CappedCount(q)
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	if skip > 0 && int64(skip) >= total {
		return &roster.Page{Total: total, Capped: capped}, nil
	}
	page := q.Session(&gorm.Session{})
	if sort == SortNewest {
		if c.ID != 0 {
			page = page.Where("p.id < ?", c.ID)
		}
		page = page.Order("p.id DESC")
	} else {
		switch {
		case c.ID != 0 && c.Null:
			page = page.Where("p.last_active_at IS NULL AND p.id < ?", c.ID)
		case c.ID != 0:
			at := time.UnixMilli(c.At).UTC()
			page = page.Where("(p.last_active_at < ? OR (p.last_active_at = ? AND p.id < ?) OR p.last_active_at IS NULL)", at, at, c.ID)
		}
		// NULLs come last in descending order on both MySQL and SQLite.
		page = page.Order("p.last_active_at DESC").Order("p.id DESC")
	}
	if skip > 0 {
		page = page.Offset(skip)
	}
	var facts []directory.Facts
	if err := page.Select(directory.FactsColumns).Limit(limit + 1).Scan(&facts).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	more := len(facts) > limit
	if more {
		facts = facts[:limit]
	}
	return &roster.Page{Facts: facts, Total: total, Capped: capped, More: more}, nil
}
