// Package matchtest builds, on a migrated test database, what match and
// search tests need: a little master data, the profile, relation and match
// services on a clock the test moves, and members with preferences.
package matchtest

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// Env is one engine's database with the services built on it.
type Env struct {
	DB        *store.DB
	M         storetest.Master
	Master    *master.Service
	Profiles  *profile.Service
	Relations *relation.Store
	Matches   *match.Service
	Roster    *roster.Roster // nil on the database path; read through on every call otherwise
	Now       time.Time      // the services' clock; tests may move it
}

// New builds an Env on db whose lists read the database.
func New(t *testing.T, db *store.DB) *Env { return build(t, db, false) }

func build(t *testing.T, db *store.DB, withRoster bool) *Env {
	t.Helper()
	e := &Env{DB: db, M: storetest.SeedMaster(t, db), Master: master.NewService(db), Relations: relation.New(db), Now: time.Now().UTC()}
	var err error
	e.Profiles, err = profile.New(profile.Deps{DB: db, Master: e.Master, Relations: e.Relations,
		Disk: media.NewDisk(t.TempDir()), Images: media.NewProcessor(1), Grants: media.NewGrants(bytes.Repeat([]byte("g"), 32), nil)})
	if err != nil {
		t.Fatal(err)
	}
	// Without the cache, so that each call sees the members a test just made;
	// TestKeptLists tests the cache itself.
	// The roster variant is a serving node's setup, with Near me's cities from
	// the kept master labels; the other reads them from the database.
	var kept *master.Service
	if withRoster {
		e.Roster = roster.New(db, nil)
		e.Roster.ReadThrough()
		kept = e.Master
	}
	e.Matches, err = match.New(match.Deps{DB: db, Profiles: e.Profiles, Now: e.Clock, NoCache: true, Roster: e.Roster, Master: kept})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Clock reads Now.
func (e *Env) Clock() time.Time { return e.Now }

// EachEngine runs fn on SQLite and, when TEST_MYSQL_DSN is set, on MySQL,
// each twice: lists read from the database, and from the in-memory roster.
func EachEngine(t *testing.T, fn func(t *testing.T, e *Env)) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) { fn(t, New(t, db)) })
	}
	for name, db := range storetest.Engines(t) {
		t.Run(string(name)+"/roster", func(t *testing.T) { fn(t, build(t, db, true)) })
	}
}

// Member creates a member in India, active an hour ago unless p says otherwise.
func (e *Env) Member(t *testing.T, p storetest.Person) storetest.Member {
	t.Helper()
	if p.Country == 0 {
		p.Country = e.M.India
	}
	if p.LastActiveAt == nil {
		at := e.Now.Add(-time.Hour)
		p.LastActiveAt = &at
	}
	return storetest.NewMember(t, e.DB, p)
}

// Prefs saves m's preferences: every field p leaves empty is "any".
func (e *Env) Prefs(t *testing.T, m storetest.Member, p profile.Preference) {
	t.Helper()
	if _, _, err := e.Profiles.SavePreference(context.Background(), m.ID, p, nil); err != nil {
		t.Fatalf("save preference: %v", err)
	}
}

// AgeRange is a preference on age alone.
func AgeRange(lo, hi int, strict bool) profile.Preference {
	return profile.Preference{Age: profile.Range{Min: lo, Max: hi, Strict: strict}}
}

// Viewer is m as the match and search areas name a caller.
func Viewer(m storetest.Member) match.Viewer { return match.Viewer{ID: m.ID, Code: m.Code} }

// Codes lists a page's profile ids in order.
func Codes(pg *match.Page) []string {
	out := []string{}
	for _, c := range pg.Items {
		out = append(out, c.ProfileID)
	}
	return out
}

// SameSet fails t unless got holds exactly want's codes, in any order.
func SameSet(t *testing.T, what string, got []string, want ...storetest.Member) {
	t.Helper()
	w := []string{}
	for _, m := range want {
		w = append(w, m.Code)
	}
	g := slices.Clone(got)
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Fatalf("%s: got %v, want %v", what, got, w)
	}
}

// Must fails t on err.
func Must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
