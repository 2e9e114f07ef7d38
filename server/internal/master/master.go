// Package master serves the lists members pick from: languages, denominations
// (the spec's "community"), religions, degrees, colleges, professions,
// companies, countries, states and cities.
package master

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Item is the shape every list shares.
type Item struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
}

// Country is a country with its dialling code.
type Country struct {
	ID        uint64 `json:"id"`
	Code      string `json:"code"`
	Name      string `json:"name"`
	PhoneCode string `json:"phoneCode"`
}

// State is a state or union territory of a country.
type State struct {
	ID        uint64 `json:"id"`
	CountryID uint64 `json:"countryId"`
	Code      string `json:"code"`
	Name      string `json:"name"`
	Type      string `json:"type"`
}

// City is a city or town; its coordinates stay on the server (they only feed "nearby").
type City struct {
	ID      uint64  `json:"id"`
	StateID uint64  `json:"stateId"`
	Name    string  `json:"name"`
	Lat     float64 `json:"-"`
	Lng     float64 `json:"-"`
}

// Degree is a qualification with its level (doctorate, master, bachelor, diploma, school).
type Degree struct {
	ID    uint64 `json:"id"`
	Name  string `json:"name"`
	Level string `json:"level"`
}

// College is a sample institution members may pick or type.
type College struct {
	ID        uint64 `json:"id"`
	Name      string `json:"name"`
	City      string `json:"city"`
	StateCode string `json:"stateCode"`
}

// Profession is an occupation with a category.
type Profession struct {
	ID       uint64 `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category"`
}

// IncomeBand is an annual income range in rupees.
type IncomeBand struct {
	ID     uint64 `json:"id"`
	Code   string `json:"code"`
	Label  string `json:"label"`
	MinINR int64  `json:"min" gorm:"column:min_inr"`
	MaxINR int64  `json:"max" gorm:"column:max_inr"`
}

// Height is one selectable height.
type Height struct {
	CM    int    `json:"cm" gorm:"column:cm;primaryKey"`
	Label string `json:"label"`
}

// Kinds lists the master lists served at GET master/{kind}.
var Kinds = []string{"language", "community", "religion", "degree", "college", "profession", "company", "country", "state", "city", "income", "height"}

// Filter narrows a list: a name prefix, a country (for states) or a state (for cities).
type Filter struct {
	Q         string
	CountryID uint64
	StateID   uint64
	Limit     int
}

// Service reads master data, caching the small unfiltered lists for a minute.
type Service struct {
	db     *store.DB
	mu     sync.Mutex
	cache  map[string]cached
	labels *Labels // see Labels
}

type cached struct {
	at  time.Time
	val any
}

// NewService builds a master-data service on db.
func NewService(db *store.DB) *Service { return &Service{db: db, cache: map[string]cached{}} }

// List returns the list for kind, filtered; unknown kinds are NotFound.
func (s *Service) List(ctx context.Context, kind string, f Filter) (any, error) {
	f.Q = strings.TrimSpace(f.Q)
	if len(f.Q) > 60 {
		return nil, apperr.New(apperr.Invalid, "The search text is too long")
	}
	if f.Limit <= 0 || f.Limit > 1000 {
		f.Limit = 1000
	}
	unfiltered := f.Q == "" && f.CountryID == 0 && f.StateID == 0
	if unfiltered {
		if v, ok := s.fromCache(kind); ok {
			return v, nil
		}
	}
	q := s.db.WithContext(ctx).Limit(f.Limit)
	if f.Q != "" {
		q = q.Where("name LIKE ? ESCAPE '!'", likePrefix(f.Q))
	}
	var (
		out any
		err error
	)
	switch kind {
	case "language":
		var v []Item
		err = q.Table("languages").Order("sort, name").Find(&v).Error
		out = v
	case "community":
		var v []Item
		err = q.Table("communities").Order("sort, name").Find(&v).Error
		out = v
	case "religion":
		var v []Item
		err = q.Table("religions").Order("name").Find(&v).Error
		out = v
	case "degree":
		var v []Degree
		err = q.Table("degrees").Order("sort, name").Find(&v).Error
		out = v
	case "college":
		var v []College
		err = q.Table("colleges").Order("name").Find(&v).Error
		out = v
	case "profession":
		var v []Profession
		err = q.Table("professions").Order("category, name").Find(&v).Error
		out = v
	case "company":
		var v []Item
		err = q.Table("companies").Order("name").Find(&v).Error
		out = v
	case "country":
		var v []Country
		// India first, then alphabetical: the audience is Indian, many live abroad.
		err = q.Table("countries").Order("CASE WHEN code = 'IN' THEN 0 ELSE 1 END, name").Find(&v).Error
		out = v
	case "state":
		var v []State
		if f.CountryID != 0 {
			q = q.Where("country_id = ?", f.CountryID)
		}
		err = q.Table("states").Order("name").Find(&v).Error
		out = v
	case "city":
		var v []City
		if f.StateID != 0 {
			q = q.Where("state_id = ?", f.StateID)
		}
		err = q.Table("cities").Order("name").Find(&v).Error
		out = v
	case "income":
		var v []IncomeBand
		err = q.Table("income_bands").Order("sort").Find(&v).Error
		out = v
	case "height":
		var v []Height
		err = s.db.WithContext(ctx).Table("heights").Order("cm").Find(&v).Error
		out = v
	default:
		return nil, apperr.New(apperr.NotFound, "Unknown master list: "+kind)
	}
	if err != nil {
		return nil, store.Translate(err, "Not found", "Conflict")
	}
	if unfiltered {
		s.toCache(kind, out)
	}
	return out, nil
}

// tables names the table of each master list that members' ids point into.
var tables = map[string]string{"language": "languages", "community": "communities", "religion": "religions",
	"degree": "degrees", "college": "colleges", "profession": "professions", "company": "companies",
	"country": "countries", "state": "states", "city": "cities"}

// Exists reports whether id is a row of the master list kind; profile updates use it.
func (s *Service) Exists(ctx context.Context, kind string, id uint64) (bool, error) {
	return s.AllExist(ctx, kind, []uint64{id})
}

// AllExist reports whether every one of ids (distinct) is a row of the master list kind, in one query.
func (s *Service) AllExist(ctx context.Context, kind string, ids []uint64) (bool, error) {
	table := tables[kind]
	if table == "" {
		return false, apperr.New(apperr.Internal, "unknown master kind "+kind)
	}
	var n int64
	err := s.db.WithContext(ctx).Table(table).Where("id IN ?", ids).Count(&n).Error
	return int(n) == len(ids), err
}

// Known reports whether every id names a row of kind (community, language,
// state, city, degree or profession), by the kept labels, read again (at
// most every labelsRetry) when they lack one: for search filters, which run
// on every page and only read. A row added or removed in the last minute
// may be judged as it was; writes check the table itself (AllExist).
func (s *Service) Known(ctx context.Context, kind string, ids []uint64) (bool, error) {
	i := slices.IndexFunc(labelTables, func(t labelTable) bool { return t.kind == kind })
	if i < 0 {
		return false, apperr.New(apperr.Internal, "unknown master kind "+kind)
	}
	names := labelTables[i].to
	return s.known(ctx, func(l *Labels) bool {
		for _, id := range ids {
			if _, ok := names(l)[id]; !ok {
				return false
			}
		}
		return true
	})
}

// KnownHeight reports whether cm is one of the heights, as Known does.
func (s *Service) KnownHeight(ctx context.Context, cm int) (bool, error) {
	return s.known(ctx, func(l *Labels) bool { _, ok := l.Heights[cm]; return ok })
}

// known asks has of the kept labels, and of fresh ones when they say no.
func (s *Service) known(ctx context.Context, has func(*Labels) bool) (bool, error) {
	l, err := s.Labels(ctx, false)
	if err != nil {
		return false, err
	}
	if has(l) {
		return true, nil
	}
	if l, err = s.Labels(ctx, true); err != nil {
		return false, err
	}
	return has(l), nil
}

// CommonMasterData returns the lists the client loads once at start-up (spec §3 commonData).
func (s *Service) CommonMasterData(ctx context.Context) (map[string]any, error) {
	out := map[string]any{}
	for _, k := range []string{"religion", "community", "language", "country", "income", "height"} {
		v, err := s.List(ctx, k, Filter{})
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	var india Country
	if err := s.db.WithContext(ctx).Table("countries").Where("code = ?", "IN").Take(&india).Error; err == nil {
		v, err := s.List(ctx, "state", Filter{CountryID: india.ID})
		if err != nil {
			return nil, err
		}
		out["state"] = v
	} else {
		out["state"] = []State{}
	}
	return out, nil
}

// Invalidate drops the cache, for example after seeding.
func (s *Service) Invalidate() {
	s.mu.Lock()
	s.cache = map[string]cached{}
	s.labels = nil
	s.mu.Unlock()
}

func (s *Service) fromCache(k string) (any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.cache[k]
	if !ok || time.Since(c.at) > time.Minute {
		return nil, false
	}
	return c.val, true
}

func (s *Service) toCache(k string, v any) {
	s.mu.Lock()
	s.cache[k] = cached{at: time.Now(), val: v}
	s.mu.Unlock()
}

// likePrefix escapes LIKE wildcards so a user's "%" or "_" matches literally.
func likePrefix(q string) string {
	r := strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")
	return r.Replace(q) + "%"
}

// Labels are the names cards show for a profile's master ids, read whole
// and kept, so a page of cards needs no join per list: heights by cm, the
// rest by id.
type Labels struct {
	Heights                                                      map[int]string
	Communities, Languages, Degrees, Professions, Cities, States map[uint64]string
	// Places are the coordinates of the cities that have them (Near me measures from them).
	Places map[uint64]Place
	at     time.Time
}

// Place is a city's coordinates, in degrees.
type Place struct{ Lat, Lng float64 }

// labelsTTL is how long Labels are kept: renaming a row shows on cards
// within it. labelsRetry is how soon a caller that met an unknown id may
// have them read again: an id that no row has (a row deleted under a
// profile) must not make every card read them.
const (
	labelsTTL   = time.Minute
	labelsRetry = 5 * time.Second
)

// labelTable is one list Labels holds: its kind (as AllExist names it), its
// table, and where Labels keeps its names.
type labelTable struct {
	kind, table string
	to          func(*Labels) map[uint64]string
}

// labelTables are the lists Labels holds.
var labelTables = []labelTable{
	{"community", "communities", func(l *Labels) map[uint64]string { return l.Communities }},
	{"language", "languages", func(l *Labels) map[uint64]string { return l.Languages }},
	{"degree", "degrees", func(l *Labels) map[uint64]string { return l.Degrees }},
	{"profession", "professions", func(l *Labels) map[uint64]string { return l.Professions }},
	{"city", "cities", func(l *Labels) map[uint64]string { return l.Cities }},
	{"state", "states", func(l *Labels) map[uint64]string { return l.States }},
}

// Labels returns the kept names, reading them again when they are older
// than a minute, or when fresh is true (a caller met an id they lack: a row
// added since) and they are older than labelsRetry.
func (s *Service) Labels(ctx context.Context, fresh bool) (*Labels, error) {
	s.mu.Lock()
	l := s.labels
	s.mu.Unlock()
	if l != nil && time.Since(l.at) <= labelsTTL && (!fresh || time.Since(l.at) < labelsRetry) {
		return l, nil
	}
	l = &Labels{Heights: map[int]string{}, Communities: map[uint64]string{}, Languages: map[uint64]string{}, Degrees: map[uint64]string{},
		Professions: map[uint64]string{}, Cities: map[uint64]string{}, States: map[uint64]string{}, Places: map[uint64]Place{}, at: time.Now()}
	db := s.db.WithContext(ctx)
	var hs []Height
	if err := db.Table("heights").Find(&hs).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	for _, h := range hs {
		l.Heights[h.CM] = h.Label
	}
	for _, t := range labelTables {
		var rows []struct {
			ID       uint64
			Name     string
			Lat, Lng float64 // cities only
		}
		cols := "id, name"
		if t.kind == "city" {
			cols += ", lat, lng"
		}
		if err := db.Table(t.table).Select(cols).Find(&rows).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		m := t.to(l)
		for _, r := range rows {
			m[r.ID] = r.Name
			if r.Lat != 0 || r.Lng != 0 {
				l.Places[r.ID] = Place{Lat: r.Lat, Lng: r.Lng}
			}
		}
	}
	s.mu.Lock()
	s.labels = l
	s.mu.Unlock()
	return l, nil
}
