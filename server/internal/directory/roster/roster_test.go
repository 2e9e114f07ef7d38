package roster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/match/matchtest"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func ids(fs []directory.Facts) []uint64 {
	out := make([]uint64, len(fs))
	for i, f := range fs {
		out[i] = f.ID
	}
	return out
}

// answers is what a roster says to a handful of queries, as text to compare.
func answers(t *testing.T, r *roster.Roster, m storetest.Master) string {
	t.Helper()
	now := time.Now().UTC()
	queries := map[string]*roster.Query{
		"brides":             {Gender: profile.GenderFemale},
		"grooms":             {Gender: profile.GenderMale},
		"brides, kerala":     {Gender: profile.GenderFemale, State: []uint64{m.Kerala}},
		"brides, rc":         {Gender: profile.GenderFemale, Community: []uint64{m.RC}},
		"brides, 25 to 30":   {Gender: profile.GenderFemale, DOBFrom: now.AddDate(-31, 0, 1), DOBBefore: now.AddDate(-25, 0, 1)},
		"brides take 33":     {Gender: profile.GenderFemale, Reverse: &roster.Reverse{Age: 33}},
		"brides, new":        {Gender: profile.GenderFemale, CreatedFrom: now.Add(-24 * time.Hour)},
		"brides, active 30d": {Gender: profile.GenderFemale, ActiveFrom: now.Add(-30 * 24 * time.Hour)},
	}
	names := make([]string, 0, len(queries))
	for n := range queries {
		names = append(names, n)
	}
	slices.Sort(names)
	out := ""
	for _, n := range names {
		w, ok := r.Window(queries[n], 100)
		if !ok {
			t.Fatalf("%s: roster not ready", n)
		}
		a, _ := r.Keyset(queries[n], roster.ByActive, 0, 0, 0, 100, 1000)
		b, _ := r.Keyset(queries[n], roster.ByNewest, 0, 0, 0, 100, 1000)
		out += fmt.Sprintf("%s: window %v %v; active %v %d; newest %v %d\n", n, ids(w.Facts), w.Full, ids(a.Facts), a.Total, ids(b.Facts), b.Total)
		// The window judges the candidates' own saved preferences (match's tests
		// hold the verdicts to those of the unpacked ones): a Wish for each, saved
		// where Preferences has them.
		byID, _ := r.Preferences(ids(w.Facts))
		me := directory.Facts{Gender: profile.GenderMale}
		wishes := w.Wishes(&me, 30)
		if len(wishes) != len(w.Facts) {
			t.Fatalf("%s: %d wishes for %d candidates", n, len(wishes), len(w.Facts))
		}
		for i, id := range ids(w.Facts) {
			if wishes[i].Saved != (byID[id] != nil) {
				t.Fatalf("%s: wish of %d saved %v, Preferences has %+v", n, id, wishes[i].Saved, byID[id])
			}
		}
	}
	return out
}

// TestSyncEqualsAFreshLoad changes members every way the roster reads
// changes (new members, activity, edited facts, a hidden profile, saved
// preferences, a changed gender) and checks that a sync answers every query
// exactly as a roster loaded afresh does, orders included.
func TestSyncEqualsAFreshLoad(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			m := storetest.SeedMaster(t, db)
			now := time.Now().UTC()
			var brides []storetest.Member
			for i := range 12 {
				at := now.Add(-time.Duration(i*7%12) * time.Hour)
				p := storetest.Person{Bride: true, Age: 22 + i, Country: m.India, State: m.Kerala, Community: m.RC, LastActiveAt: &at}
				if i%3 == 0 {
					p.State, p.Community, p.LastActiveAt = m.TamilNadu, m.CSI, nil
				}
				brides = append(brides, storetest.NewMember(t, db, p))
			}
			for i := range 5 {
				at := now.Add(-time.Duration(i) * time.Minute)
				storetest.NewMember(t, db, storetest.Person{Age: 28 + i, Country: m.India, LastActiveAt: &at})
			}
			r := roster.New(db, nil)
			if _, ok := r.Window(&roster.Query{Gender: profile.GenderFemale}, 10); ok {
				t.Fatal("a roster that has not loaded must say so, so callers read the database")
			}
			must(t, r.Load(ctx))
			fresh := func() string {
				f := roster.New(db, nil)
				must(t, f.Load(ctx))
				return answers(t, f, m)
			}
			if got, want := answers(t, r, m), fresh(); got != want {
				t.Fatalf("load:\n%s\nwant:\n%s", got, want)
			}

			later := time.Now().UTC()
			lateAt := later.Add(-time.Minute)
			storetest.NewMember(t, db, storetest.Person{Bride: true, Age: 26, Country: m.India, State: m.Kerala, Community: m.RC, LastActiveAt: &lateAt})
			must(t, db.Table("profiles").Where("id = ?", brides[5].ID).UpdateColumn("last_active_at", later).Error)
			must(t, db.Table("profiles").Where("id = ?", brides[0].ID).Updates(map[string]any{"community_id": m.RC, "state_id": m.Kerala, "updated_at": later}).Error)
			must(t, db.Table("profiles").Where("id = ?", brides[7].ID).Updates(map[string]any{"hidden": true, "updated_at": later}).Error)
			must(t, db.Table("profiles").Where("id = ?", brides[9].ID).Updates(map[string]any{"gender": profile.GenderMale, "updated_at": later}).Error)
			must(t, db.Exec(`INSERT INTO partner_preferences (profile_id, age_min, age_max, age_strict, height_min, height_max,
 income_min, income_max, created_at, updated_at) VALUES (?, 21, 30, 1, 0, 0, '', '', ?, ?)`, brides[2].ID, later, later).Error)
			must(t, r.Sync(ctx))
			got, want := answers(t, r, m), fresh()
			if got != want {
				t.Fatalf("after sync:\n%s\nwant (a fresh load):\n%s", got, want)
			}
			w, _ := r.Window(&roster.Query{Gender: profile.GenderFemale}, 1)
			if len(w.Facts) != 1 || w.Facts[0].ID != brides[5].ID {
				t.Fatalf("the member active just now comes first: %v", ids(w.Facts))
			}
		})
	}
}

// TestKeysetPagesAndCaps walks a list page by page in both orders and
// checks skip, the cursor and the capped total.
func TestKeysetPagesAndCaps(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	m := storetest.SeedMaster(t, db)
	now := time.Now().UTC()
	for i := range 9 {
		var at *time.Time
		if i%4 != 0 {
			x := now.Add(-time.Duration(i%3) * time.Hour) // ties on activity, broken by id
			at = &x
		}
		storetest.NewMember(t, db, storetest.Person{Bride: true, Country: m.India, LastActiveAt: at})
	}
	r := roster.New(db, nil)
	must(t, r.Load(ctx))
	q := &roster.Query{Gender: profile.GenderFemale}
	for _, order := range []roster.Order{roster.ByActive, roster.ByNewest} {
		all, _ := r.Keyset(q, order, 0, 0, 0, 100, 1000)
		if len(all.Facts) != 9 || all.Total != 9 || all.Capped || all.More {
			t.Fatalf("order %d: all = %d, total %d, capped %v, more %v", order, len(all.Facts), all.Total, all.Capped, all.More)
		}
		var walked []uint64
		var at int64
		var after uint64
		for range 5 {
			p, _ := r.Keyset(q, order, at, after, 0, 2, 1000)
			walked = append(walked, ids(p.Facts)...)
			if !p.More {
				break
			}
			last := p.Facts[len(p.Facts)-1]
			after, at = last.ID, 0
			if last.LastActiveAt != nil {
				at = last.LastActiveAt.UnixMilli()
			}
		}
		if !slices.Equal(walked, ids(all.Facts)) {
			t.Fatalf("order %d: pages by cursor %v, whole list %v", order, walked, ids(all.Facts))
		}
		skipped, _ := r.Keyset(q, order, 0, 0, 4, 3, 1000)
		if !slices.Equal(ids(skipped.Facts), ids(all.Facts)[4:7]) {
			t.Fatalf("order %d: skip 4 = %v, want %v", order, ids(skipped.Facts), ids(all.Facts)[4:7])
		}
		capped, _ := r.Keyset(q, order, 0, 0, 0, 2, 5)
		if capped.Total != 5 || !capped.Capped || !capped.More {
			t.Fatalf("order %d: capped total %d %v", order, capped.Total, capped.Capped)
		}
	}
}

// TestExcludedAndNullFacts: the viewer's exclusions hold, and a condition on
// a fact the member never gave (height, city) leaves them out, as NULL does in SQL.
func TestExcludedAndNullFacts(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	m := storetest.SeedMaster(t, db)
	tall := storetest.NewMember(t, db, storetest.Person{Bride: true, Country: m.India, HeightCM: 170, City: m.Kochi})
	unknown := storetest.NewMember(t, db, storetest.Person{Bride: true, Country: m.India})
	r := roster.New(db, nil)
	must(t, r.Load(ctx))
	for name, c := range map[string]struct {
		q    roster.Query
		want []uint64
	}{
		"height":          {roster.Query{Gender: profile.GenderFemale, HeightMin: 150}, []uint64{tall.ID}},
		"height known":    {roster.Query{Gender: profile.GenderFemale, HeightKnown: true}, []uint64{tall.ID}},
		"city":            {roster.Query{Gender: profile.GenderFemale, City: []uint64{m.Kochi}}, []uint64{tall.ID}},
		"no such city":    {roster.Query{Gender: profile.GenderFemale, City: []uint64{1 << 40}}, nil},
		"income, none":    {roster.Query{Gender: profile.GenderFemale, IncomeSet: true}, nil},
		"excluded":        {roster.Query{Gender: profile.GenderFemale, Exclude: map[uint64]bool{tall.ID: true}}, []uint64{unknown.ID}},
		"unknown marital": {roster.Query{Gender: profile.GenderFemale, Marital: []string{"no-such-status"}}, nil},
	} {
		w, _ := r.Window(&c.q, 10)
		got := ids(w.Facts)
		slices.Sort(got)
		if !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
}

// TestPreferencesAsTheDatabaseHasThem: every kind of saved preference
// (ranges, income, id and enum lists, strict and soft) comes back from the
// roster as profile.SavedPreferences reads it, after a load and after a sync.
func TestPreferencesAsTheDatabaseHasThem(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			e := matchtest.New(t, db)
			m := e.M
			a := e.Member(t, storetest.Person{Bride: true, Age: 27})
			b := e.Member(t, storetest.Person{Bride: true, Age: 29})
			none := e.Member(t, storetest.Person{Age: 30})
			e.Prefs(t, a, profile.Preference{Age: profile.Range{Min: 26, Max: 34, Strict: true},
				Height:        profile.Range{Min: 165, Max: 185, Strict: true},
				Income:        profile.IncomeRange{Min: m.IncomeLow, Max: m.IncomeHigh, Strict: true},
				MaritalStatus: profile.EnumList{Values: []string{"never_married", "divorced"}, Strict: true},
				Community:     profile.IDList{Values: []uint64{m.RC, m.CSI}, Strict: true},
				MotherTongue:  profile.IDList{Values: []uint64{m.Malayalam}},
				Education:     profile.IDList{Values: []uint64{m.BTech, m.MBBS}},
				Profession:    profile.IDList{Values: []uint64{m.Doctor}, Strict: true},
				Country:       profile.IDList{Values: []uint64{m.India}},
				State:         profile.IDList{Values: []uint64{m.Kerala}, Strict: true},
				City:          profile.IDList{Values: []uint64{m.Kochi, m.Aluva}},
				Diet:          profile.EnumList{Values: []string{"vegetarian"}},
				Smoking:       profile.EnumList{Values: []string{"no"}, Strict: true},
				Drinking:      profile.EnumList{Values: []string{"no", "occasionally"}}})
			e.Prefs(t, b, profile.Preference{Age: profile.Range{Min: 28, Max: 35}})
			ids := []uint64{a.ID, b.ID, none.ID}
			r := roster.New(db, nil)
			check := func(when string) {
				t.Helper()
				want, err := e.Profiles.SavedPreferences(ctx, ids)
				must(t, err)
				got, ok := r.Preferences(ids)
				if !ok {
					t.Fatalf("%s: not ready", when)
				}
				if len(got) != len(want) || got[none.ID] != nil {
					t.Fatalf("%s: %d preferences, want %d (none for a member who saved none)", when, len(got), len(want))
				}
				for _, id := range ids[:2] {
					w, _ := json.Marshal(want[id])
					g, _ := json.Marshal(got[id])
					if string(w) != string(g) {
						t.Fatalf("%s: member %d\n got %s\nwant %s", when, id, g, w)
					}
				}
			}
			must(t, r.Load(ctx))
			check("load")
			e.Prefs(t, b, profile.Preference{Age: profile.Range{Min: 28, Max: 33, Strict: true},
				Community: profile.IDList{Values: []uint64{m.RC}, Strict: true}, Diet: profile.EnumList{Values: []string{"non_vegetarian"}, Strict: true}})
			must(t, r.Sync(ctx))
			check("sync")
		})
	}
}

// TestRunLoadsThenFollows: a serving node's loop loads the roster in the
// background and then follows changes on its own.
func TestRunLoadsThenFollows(t *testing.T) {
	db := storetest.SQLite(t)
	m := storetest.SeedMaster(t, db)
	storetest.NewMember(t, db, storetest.Person{Bride: true, Country: m.India})
	r := roster.New(db, nil)
	if r.Ready() || r.Age() >= 0 {
		t.Fatal("ready before any load")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within 10 s", what)
			}
		}
	}
	waitFor("the first load", func() bool { return r.Ready() && r.Size() == 1 })
	later := storetest.NewMember(t, db, storetest.Person{Bride: true, Country: m.India})
	waitFor("a member who joined since, at the next sync", func() bool {
		w, _ := r.Window(&roster.Query{Gender: profile.GenderFemale}, 10)
		return slices.Contains(ids(w.Facts), later.ID)
	})
}

// TestNarrowScansAnswerAsTheDatabase: a query by denomination and state
// visits only the positions the facets allow; its answer must still be the
// database's, in activity order, for one value, several, both facets at
// once, a value no member has, and a denomination id past the keys' 16 bits
// (which share the overflow set). After a sync that moves members between
// facets, the same.
func TestNarrowScansAnswerAsTheDatabase(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	m := storetest.SeedMaster(t, db)
	var rel uint64
	must(t, db.Table("religions").Select("MIN(id)").Scan(&rel).Error)
	must(t, db.Table("communities").Create(map[string]any{"id": 70000, "religion_id": rel, "name": "Far id", "sort": 9}).Error)
	const far = uint64(70000)
	now := time.Now().UTC()
	var members []storetest.Member
	for i := range 24 {
		at := now.Add(-time.Duration(i) * time.Minute)
		p := storetest.Person{Bride: true, Age: 22 + i%9, Country: m.India, State: m.Kerala, Community: m.RC, LastActiveAt: &at}
		switch i % 4 {
		case 1:
			p.State = m.TamilNadu
		case 2:
			p.Community = m.CSI
		case 3:
			p.Community = far
		}
		if i%3 == 0 {
			p.City = m.Kochi
		}
		if i%5 == 0 { // joined long before the New matches window
			p.CreatedAt = now.AddDate(0, -3, 0)
		}
		members = append(members, storetest.NewMember(t, db, p))
	}
	// One member has a city and no state: cities then cannot narrow by state.
	cityOnly := storetest.NewMember(t, db, storetest.Person{Bride: true, Age: 25, Country: m.India, City: m.Aluva})
	r := roster.New(db, nil)
	must(t, r.Load(ctx))
	check := func(when string) {
		t.Helper()
		for name, q := range map[string]roster.Query{
			"rc":               {Community: []uint64{m.RC}},
			"rc or csi":        {Community: []uint64{m.RC, m.CSI}},
			"far id":           {Community: []uint64{far}},
			"rc in kerala":     {Community: []uint64{m.RC}, State: []uint64{m.Kerala}},
			"far in tamilnadu": {Community: []uint64{far}, State: []uint64{m.TamilNadu}},
			"tamil nadu":       {State: []uint64{m.TamilNadu}},
			"nobody's":         {Community: []uint64{m.CSI}, State: []uint64{m.TamilNadu}},
			"no such id":       {Community: []uint64{1 << 40}},
			"kochi":            {City: []uint64{m.Kochi}},
			"kochi or aluva":   {City: []uint64{m.Kochi, m.Aluva}},
			"rc in kochi":      {Community: []uint64{m.RC}, City: []uint64{m.Kochi}},
			"new":              {CreatedFrom: now.AddDate(0, 0, -30)},
			"new rc":           {Community: []uint64{m.RC}, CreatedFrom: now.AddDate(0, 0, -30)},
			"joined this year": {CreatedFrom: now.AddDate(-1, 0, 0)},
		} {
			q.Gender = profile.GenderFemale
			var want []uint64
			must(t, q.SQL(directory.Members(db.DB, 0)).Order("p.last_active_at DESC, p.id DESC").Pluck("p.id", &want).Error)
			w, _ := r.Window(&q, 100)
			k, _ := r.Keyset(&q, roster.ByActive, 0, 0, 0, 100, 1000)
			if got := ids(w.Facts); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Errorf("%s, %s: window %v, database %v", when, name, got, want)
			}
			if got := ids(k.Facts); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Errorf("%s, %s: keyset %v, database %v", when, name, got, want)
			}
		}
	}
	check("loaded")
	// Members change denomination and state, and one becomes active: the facets follow at the sync.
	later := now.Add(time.Minute)
	must(t, db.Table("profiles").Where("id = ?", members[0].ID).Updates(map[string]any{"community_id": far, "updated_at": later}).Error)
	must(t, db.Table("profiles").Where("id = ?", members[3].ID).Updates(map[string]any{"community_id": m.RC, "state_id": m.TamilNadu, "updated_at": later}).Error)
	must(t, db.Table("profiles").Where("id = ?", members[20].ID).Updates(map[string]any{"last_active_at": later}).Error)
	must(t, db.Table("profiles").Where("id = ?", cityOnly.ID).Updates(map[string]any{"city_id": m.Kochi, "updated_at": later}).Error)
	must(t, r.Sync(ctx))
	check("after a sync")
}
