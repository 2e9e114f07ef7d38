package match_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/match/matchtest"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

type env = matchtest.Env

var (
	eachEngine = matchtest.EachEngine
	ageRange   = matchtest.AgeRange
	viewer     = matchtest.Viewer
	sameSet    = matchtest.SameSet
	must       = matchtest.Must
)

func codes(_ *testing.T, pg *match.Page) []string { return matchtest.Codes(pg) }

func list(t *testing.T, e *env, m storetest.Member, kind match.Kind) []string {
	t.Helper()
	pg, err := e.Matches.List(context.Background(), viewer(m), kind, match.PageRequest{Limit: 100})
	if err != nil {
		t.Fatalf("%s list: %v", kind, err)
	}
	return codes(t, pg)
}

func TestMutualStrictRuleBothWays(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30, Community: e.M.RC})
		e.Prefs(t, groom, ageRange(18, 25, true))
		b18 := e.Member(t, storetest.Person{Bride: true, Age: 18, Community: e.M.RC}) // 18 today: the youngest legal bride
		e.Prefs(t, b18, ageRange(28, 32, true))
		b26 := e.Member(t, storetest.Person{Bride: true, Age: 26})
		e.Prefs(t, b26, ageRange(28, 32, true))
		wantsYounger := e.Member(t, storetest.Person{Bride: true, Age: 22}) // her strict range leaves the groom out
		e.Prefs(t, wantsYounger, ageRange(21, 25, true))
		softOnly := e.Member(t, storetest.Person{Bride: true, Age: 24}) // a soft range never excludes
		e.Prefs(t, softOnly, ageRange(21, 25, false))
		csiOnly := e.Member(t, storetest.Person{Bride: true, Age: 23}) // strict denomination the groom lacks
		p := ageRange(25, 35, true)
		p.Community = profile.IDList{Values: []uint64{e.M.CSI}, Strict: true}
		e.Prefs(t, csiOnly, p)
		noPrefs := e.Member(t, storetest.Person{Bride: true, Age: 24}) // defaults: grooms 24-31, age strict
		tooOldForDefaults := e.Member(t, storetest.Person{Bride: true, Age: 21})

		sameSet(t, "groom's matches", list(t, e, groom, match.My), b18, softOnly, noPrefs)
		sameSet(t, "18-year-old's matches", list(t, e, b18, match.My), groom)
		sameSet(t, "matches of a bride the groom's range leaves out", list(t, e, b26, match.My))
		if got := list(t, e, tooOldForDefaults, match.My); len(got) != 0 {
			t.Fatalf("a 21-year-old's default range (21-28) holds no 30-year-old: %v", got)
		}

		// The edge age 21: a groom is 21 on his birthday and still 21 the day before his 22nd.
		bride := e.Member(t, storetest.Person{Bride: true, Age: 20})
		e.Prefs(t, bride, ageRange(21, 21, true))
		g21 := e.Member(t, storetest.Person{Age: 21})
		e.Prefs(t, g21, ageRange(18, 25, true))
		nearly22 := e.Member(t, storetest.Person{DOB: e.Now.AddDate(-22, 0, 1)})
		e.Prefs(t, nearly22, ageRange(18, 25, true))
		just22 := e.Member(t, storetest.Person{Age: 22})
		e.Prefs(t, just22, ageRange(18, 25, true))
		got := list(t, e, bride, match.My)
		sameSet(t, "bride wanting exactly 21", got, g21, nearly22)
	})
}

func TestWhyThisMatchNamesBothSides(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30, Community: e.M.RC, MotherTongue: e.M.Malayalam, City: e.M.Kochi, State: e.M.Kerala})
		p := ageRange(22, 28, true)
		p.Community = profile.IDList{Values: []uint64{e.M.RC}}
		p.City = profile.IDList{Values: []uint64{e.M.Chennai}} // soft, not met
		e.Prefs(t, groom, p)
		bride := e.Member(t, storetest.Person{Bride: true, Age: 25, Community: e.M.RC, City: e.M.Kochi, State: e.M.Kerala})
		bp := ageRange(28, 34, true)
		bp.MotherTongue = profile.IDList{Values: []uint64{e.M.Malayalam}, Strict: true}
		e.Prefs(t, bride, bp)
		pg, err := e.Matches.List(context.Background(), viewer(groom), match.My, match.PageRequest{})
		if err != nil || len(pg.Items) != 1 {
			t.Fatalf("list: %v %+v", err, pg)
		}
		why := pg.Items[0].Why
		if !slices.Equal(why.Mine, []string{"age", "community"}) || !slices.Equal(why.Theirs, []string{"age", "motherTongue"}) {
			t.Fatalf("why = %+v", why)
		}
	})
}

func TestEveryListLeavesOutWhomTheViewerMustNotSee(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		rules := []struct {
			name  string
			apply func(b storetest.Member)
			p     storetest.Person
		}{
			{"BlockedByMe", func(b storetest.Member) { must(t, e.Relations.Block(ctx, groom.ID, b.ID)) }, storetest.Person{}},
			{"BlockedMe", func(b storetest.Member) { must(t, e.Relations.Block(ctx, b.ID, groom.ID)) }, storetest.Person{}},
			{"DontShow", func(b storetest.Member) { must(t, e.Relations.DontShow(ctx, groom.ID, b.ID)) }, storetest.Person{}},
			{"Hidden", nil, storetest.Person{Hidden: true}},
			{"Suspended", nil, storetest.Person{Status: "suspended"}},
			{"Deleting", nil, storetest.Person{Status: "deleted"}},
		}
		visible := e.Member(t, storetest.Person{Bride: true, Age: 25})
		for _, r := range rules {
			t.Run(r.name, func(t *testing.T) {
				r.p.Bride, r.p.Age = true, 25
				b := e.Member(t, r.p)
				if r.apply != nil {
					r.apply(b)
				}
				for _, kind := range []match.Kind{match.My, match.Fresh} {
					if slices.Contains(list(t, e, groom, kind), b.Code) {
						t.Fatalf("%s list shows a member it must leave out", kind)
					}
				}
				if !slices.Contains(list(t, e, groom, match.My), visible.Code) {
					t.Fatal("the visible member is missing")
				}
			})
		}
		t.Run("SelfAndSameGender", func(t *testing.T) {
			other := e.Member(t, storetest.Person{Age: 29})
			got := list(t, e, groom, match.My)
			if slices.Contains(got, groom.Code) || slices.Contains(got, other.Code) {
				t.Fatalf("self or a groom listed: %v", got)
			}
		})
	})
}

func TestNewMatchesJoinedInTheLast30Days(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		fresh := e.Member(t, storetest.Person{Bride: true, Age: 25, CreatedAt: e.Now.AddDate(0, 0, -29)})
		old := e.Member(t, storetest.Person{Bride: true, Age: 25, CreatedAt: e.Now.AddDate(0, 0, -31)})
		sameSet(t, "new", list(t, e, groom, match.Fresh), fresh)
		sameSet(t, "my", list(t, e, groom, match.My), fresh, old)
		n, err := e.Matches.CountNew(context.Background(), groom.ID)
		if err != nil || n != 1 {
			t.Fatalf("CountNew = %d, %v", n, err)
		}
	})
}

func TestDiscoveryRelaxesOnlyMyStrictPreferences(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30})
		p := ageRange(20, 35, true)
		p.Community = profile.IDList{Values: []uint64{e.M.RC}, Strict: true}
		e.Prefs(t, groom, p)
		rc := e.Member(t, storetest.Person{Bride: true, Age: 25, Community: e.M.RC})
		csi := e.Member(t, storetest.Person{Bride: true, Age: 25, Community: e.M.CSI})
		csiNotForMe := e.Member(t, storetest.Person{Bride: true, Age: 25, Community: e.M.CSI})
		e.Prefs(t, csiNotForMe, ageRange(21, 26, true)) // 30 is 4 years past her range: too far
		nearlyMyAge := e.Member(t, storetest.Person{Bride: true, Age: 38, Community: e.M.RC})
		e.Prefs(t, nearlyMyAge, ageRange(28, 34, true)) // 38 is 3 years past mine: near enough
		tooOld := e.Member(t, storetest.Person{Bride: true, Age: 39, Community: e.M.RC})
		e.Prefs(t, tooOld, ageRange(28, 34, true))
		wantsCSI := e.Member(t, storetest.Person{Bride: true, Age: 25, Community: e.M.CSI})
		wp := ageRange(28, 34, true)
		wp.Community = profile.IDList{Values: []uint64{e.M.CSI}, Strict: true} // her firm wish: he is RC
		e.Prefs(t, wantsCSI, wp)
		sameSet(t, "my", list(t, e, groom, match.My), rc)
		sameSet(t, "discovery", list(t, e, groom, match.Discovery), csi, nearlyMyAge)
	})
}

func TestNearbyShowsBandsNeverDistances(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30, City: e.M.Kochi, State: e.M.Kerala})
		e.Prefs(t, groom, ageRange(20, 35, true))
		kochi := e.Member(t, storetest.Person{Bride: true, Age: 25, City: e.M.Kochi, State: e.M.Kerala})
		aluva := e.Member(t, storetest.Person{Bride: true, Age: 25, City: e.M.Aluva, State: e.M.Kerala})
		e.Member(t, storetest.Person{Bride: true, Age: 25, City: e.M.Thrissur, State: e.M.Kerala})
		e.Member(t, storetest.Person{Bride: true, Age: 25, City: e.M.Chennai, State: e.M.TamilNadu})
		e.Member(t, storetest.Person{Bride: true, Age: 25})
		pg, err := e.Matches.List(context.Background(), viewer(groom), match.Nearby, match.PageRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if got := codes(t, pg); len(got) != 2 || got[0] != kochi.Code || got[1] != aluva.Code {
			t.Fatalf("nearby, nearer band first: %v", got)
		}
		want := map[string]string{kochi.Code: "under10", aluva.Code: "under25"}
		raw, _ := json.Marshal(pg)
		var decoded struct{ Items []map[string]any }
		must(t, json.Unmarshal(raw, &decoded))
		for _, it := range decoded.Items {
			if it["distance"] != want[it["profileID"].(string)] {
				t.Fatalf("band of %v = %v", it["profileID"], it["distance"])
			}
			for k, v := range it {
				if f, ok := v.(float64); ok && f != float64(int64(f)) {
					t.Fatalf("a fractional number %s=%v in a card", k, v)
				}
				if k == "distanceKm" || k == "km" || k == "lat" || k == "lng" {
					t.Fatalf("card carries %s", k)
				}
			}
		}
		noCity := e.Member(t, storetest.Person{Age: 30})
		pg, err = e.Matches.List(context.Background(), viewer(noCity), match.Nearby, match.PageRequest{})
		if err != nil || len(pg.Items) != 0 || pg.Notice != match.NoticeNoCity {
			t.Fatalf("a member without a city: %+v, %v", pg, err)
		}
	})
}

func TestTodaysTenAreStableWithinADayAndChangeTheNext(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.Now = time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC) // 08:30 in India
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		var brides []storetest.Member
		for i := 0; i < 25; i++ {
			brides = append(brides, e.Member(t, storetest.Person{Bride: true, Age: 22 + i%8}))
		}
		first, err := e.Matches.Today(ctx, viewer(groom))
		must(t, err)
		if len(first.Items) != match.TodayCount {
			t.Fatalf("today has %d", len(first.Items))
		}
		// The same day, later: the same ten in the same order, even after a new member joins.
		e.Member(t, storetest.Person{Bride: true, Age: 24})
		e.Now = e.Now.Add(12 * time.Hour) // 20:30 in India
		again, err := e.Matches.Today(ctx, viewer(groom))
		must(t, err)
		if !slices.Equal(codes(t, first), codes(t, again)) {
			t.Fatalf("today changed within the day:\n%v\n%v", codes(t, first), codes(t, again))
		}
		// Viewing: marks only today's, and says so on the cards.
		n, err := e.Matches.MarkTodayViewed(ctx, viewer(groom), []string{first.Items[0].ProfileID, brides[0].Code + "X"})
		must(t, err)
		if n != 1 {
			t.Fatalf("marked %d", n)
		}
		again, _ = e.Matches.Today(ctx, viewer(groom))
		if !*again.Items[0].Viewed || *again.Items[1].Viewed {
			t.Fatal("viewed flags wrong")
		}
		// A block removes a member from today's list at once.
		must(t, e.Relations.Block(ctx, groom.ID, again.Items[1].InternalID()))
		blocked, _ := e.Matches.Today(ctx, viewer(groom))
		if len(blocked.Items) != match.TodayCount-1 || slices.Contains(codes(t, blocked), again.Items[1].ProfileID) {
			t.Fatalf("blocked member still in today's list: %v", codes(t, blocked))
		}
		// Why they match comes from the kept My matches list; judged afresh (no kept list) it is the same.
		uncached, err := match.New(match.Deps{DB: e.DB, Profiles: e.Profiles, Now: e.Clock, NoCache: true})
		must(t, err)
		judged, err := uncached.Today(ctx, viewer(groom))
		must(t, err)
		if !slices.Equal(codes(t, judged), codes(t, blocked)) {
			t.Fatalf("today without a kept list: %v, with: %v", codes(t, judged), codes(t, blocked))
		}
		for i := range judged.Items {
			if !reflect.DeepEqual(judged.Items[i].Why, blocked.Items[i].Why) || *judged.Items[i].Viewed != *blocked.Items[i].Viewed {
				t.Fatalf("card %d: why %+v / %+v, viewed %v / %v", i, judged.Items[i].Why, blocked.Items[i].Why, *judged.Items[i].Viewed, *blocked.Items[i].Viewed)
			}
		}
		// The next day in India (midnight IST is 18:30 UTC): a new choice, fresh members first.
		e.Now = time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		next, err := e.Matches.Today(ctx, viewer(groom))
		must(t, err)
		for _, c := range codes(t, next) {
			if slices.Contains(codes(t, first), c) {
				t.Fatalf("tomorrow repeats %s while fresh matches remain", c)
			}
		}
		if len(next.Items) != match.TodayCount {
			t.Fatalf("tomorrow has %d", len(next.Items))
		}
	})
}

func TestPagingByCursorAndPastTheEnd(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		for i := 0; i < 13; i++ {
			e.Member(t, storetest.Person{Bride: true, Age: 25})
		}
		p1, err := e.Matches.List(ctx, viewer(groom), match.My, match.PageRequest{})
		must(t, err)
		if len(p1.Items) != 10 || p1.Total != 13 || p1.TotalCapped || p1.Cursor == nil {
			t.Fatalf("page 1: %d items, total %d, capped %v", len(p1.Items), p1.Total, p1.TotalCapped)
		}
		p2, err := e.Matches.List(ctx, viewer(groom), match.My, match.PageRequest{Cursor: *p1.Cursor})
		must(t, err)
		if len(p2.Items) != 3 || p2.Cursor != nil {
			t.Fatalf("page 2: %d items", len(p2.Items))
		}
		seen := append(codes(t, p1), codes(t, p2)...)
		slices.Sort(seen)
		if len(slices.Compact(seen)) != 13 {
			t.Fatal("pages overlap")
		}
		for _, pr := range []match.PageRequest{{Skip: 13}, {Cursor: "not-a-cursor"}} {
			_, err := e.Matches.List(ctx, viewer(groom), match.My, pr)
			if ae, ok := apperr.As(err); !ok || ae.Kind != apperr.Invalid {
				t.Fatalf("%+v: err = %v", pr, err)
			}
		}
	})
}

func TestKeptListsStillHonourBlocksAndFollowNewPreferences(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		kept, err := match.New(match.Deps{DB: e.DB, Profiles: e.Profiles, Now: e.Clock})
		must(t, err)
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		a := e.Member(t, storetest.Person{Bride: true, Age: 25})
		b := e.Member(t, storetest.Person{Bride: true, Age: 27})
		get := func() []string {
			pg, err := kept.List(ctx, viewer(groom), match.My, match.PageRequest{})
			must(t, err)
			return codes(t, pg)
		}
		sameSet(t, "first", get(), a, b)
		late := e.Member(t, storetest.Person{Bride: true, Age: 26})
		sameSet(t, "kept: a member who joined since shows after the list expires", get(), a, b)
		must(t, e.Relations.Block(ctx, b.ID, groom.ID))
		sameSet(t, "kept, but a block holds at once", get(), a)
		e.Prefs(t, groom, ageRange(20, 26, true))
		sameSet(t, "new preferences make a new list", get(), a, late)
	})
}

func TestHighlightedPlansComeFirstAmongEqualMatches(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		active := e.Now.Add(-time.Hour)
		plain := e.Member(t, storetest.Person{Bride: true, Age: 26, LastActiveAt: &active})
		featured := e.Member(t, storetest.Person{Bride: true, Age: 26, LastActiveAt: &active})
		better := e.Member(t, storetest.Person{Bride: true, Age: 26, LastActiveAt: &active, Community: e.M.RC})
		p := ageRange(20, 35, true)
		p.Community = profile.IDList{Values: []uint64{e.M.RC}} // a soft wish only "better" meets
		e.Prefs(t, groom, p)
		// featured holds a plan with profile highlight (what TFM-PREMIUM sells).
		must(t, e.DB.Table("plans").Create(map[string]any{"name": "TFM-PREMIUM", "months": 6, "price_inr": 6999, "contact_views": 120,
			"start_chats": true, "profile_highlight": true, "daily_invitations": 50, "sort": 3, "active": true}).Error)
		var plan uint64
		e.DB.Table("plans").Where("name = ?", "TFM-PREMIUM").Pluck("id", &plan)
		now := time.Now().UTC()
		must(t, e.DB.Table("subscriptions").Create(map[string]any{"profile_id": featured.ID, "plan_id": plan, "starts_at": now.Add(-time.Hour),
			"expires_at": now.AddDate(0, 6, 0), "contact_views_total": 120, "created_at": now}).Error)
		pg, err := e.Matches.List(context.Background(), viewer(groom), match.My, match.PageRequest{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		got := codes(t, pg)
		// A better match still comes first: highlight orders equals, it never outranks fit.
		if !slices.Equal(got, []string{better.Code, featured.Code, plain.Code}) {
			t.Fatalf("order %v, want better %s, featured %s, plain %s", got, better.Code, featured.Code, plain.Code)
		}
		if !pg.Items[1].Highlighted || pg.Items[0].Highlighted || pg.Items[2].Highlighted {
			t.Fatalf("cards' highlight marks: %v %v %v", pg.Items[0].Highlighted, pg.Items[1].Highlighted, pg.Items[2].Highlighted)
		}
	})
}

// TestAViewerReadFromTheRosterGetsTheSameList: when the roster's copy of
// the viewer was read after their last changes (their stamps, which must
// parse on each engine), a first ask takes their facts and preferences from
// it, three queries fewer; the list is the one the database's copy gives.
// A change since the roster's read sends the ask to the database.
func TestAViewerReadFromTheRosterGetsTheSameList(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			e := matchtest.New(t, db)
			groom := e.Member(t, storetest.Person{Age: 30})
			e.Prefs(t, groom, ageRange(22, 29, true))
			for i := range 8 {
				e.Member(t, storetest.Person{Bride: true, Age: 21 + i})
			}
			hourAgo := time.Now().UTC().Add(-time.Hour).Truncate(time.Millisecond)
			must(t, db.Table("profiles").Where("id = ?", groom.ID).Update("updated_at", hourAgo).Error)
			must(t, db.Table("partner_preferences").Where("profile_id = ?", groom.ID).Update("updated_at", hourAgo).Error)
			r := roster.New(db, nil)
			must(t, r.Load(ctx))
			kept, err := match.New(match.Deps{DB: db, Profiles: e.Profiles, Now: e.Clock, Roster: r})
			must(t, err)
			profileAt, prefAt, err := kept.StampTimes(ctx, groom.ID)
			must(t, err)
			if !profileAt.Equal(hourAgo) || !prefAt.Equal(hourAgo) {
				t.Fatalf("stamps read as %v and %v, want %v", profileAt, prefAt, hourAgo)
			}
			if _, _, ok := r.Member(groom.ID, hourAgo); !ok {
				t.Fatal("a roster read after the viewer's last change serves their facts and preferences")
			}
			if _, _, ok := r.Member(groom.ID, time.Now()); ok {
				t.Fatal("a change after the roster's read must send the ask to the database")
			}
			fromRoster, err := kept.List(ctx, viewer(groom), match.My, match.PageRequest{})
			must(t, err)
			fromDB, err := e.Matches.List(ctx, viewer(groom), match.My, match.PageRequest{})
			must(t, err)
			if !slices.Equal(codes(t, fromRoster), codes(t, fromDB)) || len(fromDB.Items) < 5 {
				t.Fatalf("from the roster %v, from the database %v", codes(t, fromRoster), codes(t, fromDB))
			}
			for i := range fromDB.Items {
				if !reflect.DeepEqual(fromRoster.Items[i].Why, fromDB.Items[i].Why) {
					t.Fatalf("card %d: why %+v from the roster, %+v from the database", i, fromRoster.Items[i].Why, fromDB.Items[i].Why)
				}
			}
		})
	}
}

// TestTheirVerdictsFromTheRosterEqualTheUnpackedOnes: a first ask judges
// the viewer against each candidate's saved preferences straight from the
// roster's compact entries. For random preferences over every field
// (strict and soft, ranges open at either end, lists with and without the
// viewer's value) and viewers with unknown facts (no height, an income not
// disclosed, no denomination), every verdict equals the one the unpacked
// preferences give.
func TestTheirVerdictsFromTheRosterEqualTheUnpackedOnes(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := matchtest.New(t, db)
			m := e.M
			rnd := rand.New(rand.NewPCG(17, 29))
			pick := func(xs ...uint64) uint64 { return xs[rnd.IntN(len(xs))] }
			pickS := func(xs ...string) string { return xs[rnd.IntN(len(xs))] }
			some := func(xs ...uint64) profile.IDList {
				v, strict := subset(rnd, xs)
				return profile.IDList{Values: v, Strict: strict}
			}
			someS := func(xs ...string) profile.EnumList {
				v, strict := subset(rnd, xs)
				return profile.EnumList{Values: v, Strict: strict}
			}
			incomes := []string{"", m.IncomeLow, m.IncomeMid, m.IncomeHigh}
			person := func(bride bool) storetest.Person {
				p := storetest.Person{Bride: bride, Age: 21 + rnd.IntN(15), Community: pick(0, m.RC, m.CSI),
					MotherTongue: pick(0, m.Malayalam, m.Tamil), State: pick(0, m.Kerala, m.TamilNadu), City: pick(0, m.Kochi, m.Chennai),
					Degree: pick(0, m.BTech, m.MBBS), Profession: pick(0, m.Engineer, m.Doctor),
					Income:  pickS("", m.IncomeHidden, m.IncomeLow, m.IncomeMid, m.IncomeHigh),
					Marital: pickS(profile.NeverMarried, profile.Divorced, profile.Widowed), Diet: pickS("", "vegetarian", "non_vegetarian"),
					Smoking: pickS("", "no", "yes"), Drinking: pickS("", "no", "occasionally")}
				if rnd.IntN(4) > 0 {
					p.HeightCM = 150 + rnd.IntN(40)
				}
				return p
			}
			for range 60 {
				b := e.Member(t, person(true))
				if rnd.IntN(8) == 0 {
					continue // no saved preferences
				}
				lo := 21 + rnd.IntN(15)
				pref := profile.Preference{Age: profile.Range{Min: lo, Max: lo + rnd.IntN(12), Strict: rnd.IntN(2) == 0},
					MaritalStatus: someS(profile.NeverMarried, profile.Divorced, profile.Widowed),
					Community:     some(m.RC, m.CSI), MotherTongue: some(m.Malayalam, m.Tamil), Education: some(m.BTech, m.MBBS),
					Profession: some(m.Engineer, m.Doctor), Country: some(m.India), State: some(m.Kerala, m.TamilNadu),
					City: some(m.Kochi, m.Aluva, m.Chennai), Diet: someS("vegetarian", "eggetarian", "non_vegetarian"),
					Smoking: someS("no", "occasionally", "yes"), Drinking: someS("no", "occasionally", "yes")}
				if rnd.IntN(2) == 0 {
					pref.Height = profile.Range{Min: int(pick(0, 155, 165)), Max: int(pick(0, 175, 185)), Strict: rnd.IntN(2) == 0}
				}
				if rnd.IntN(2) == 0 {
					i := rnd.IntN(len(incomes))
					pref.Income = profile.IncomeRange{Min: incomes[i], Max: incomes[i+rnd.IntN(len(incomes)-i)], Strict: rnd.IntN(2) == 0}
				}
				e.Prefs(t, b, pref)
			}
			r := roster.New(db, nil)
			e2 := *e
			var err error
			e2.Matches, err = match.New(match.Deps{DB: db, Profiles: e.Profiles, Now: e.Clock, NoCache: true, Roster: r})
			must(t, err)
			must(t, r.Load(context.Background()))
			total := 0
			for range 12 {
				g := e.Member(t, person(false))
				n, diffs, err := e2.Matches.TheirVerdicts(context.Background(), viewer(g))
				must(t, err)
				if len(diffs) > 0 {
					t.Fatalf("%d of %d verdicts differ, first: %s", len(diffs), n, diffs[0])
				}
				total += n
			}
			if total < 12*40 {
				t.Fatalf("compared %d verdicts, want at least %d: the test lost its candidates", total, 12*40)
			}
		})
	}
}

// subset picks each of xs with odds of one in three, and a strict flag.
func subset[T any](rnd *rand.Rand, xs []T) (picked []T, strict bool) {
	picked = []T{}
	for _, x := range xs {
		if rnd.IntN(3) == 0 {
			picked = append(picked, x)
		}
	}
	return picked, rnd.IntN(2) == 0
}

// TestVerdictBitsAreTheRostersWishBits: the roster reports a candidate's
// preferences as bits in the order of match's criteria.
func TestVerdictBitsAreTheRostersWishBits(t *testing.T) {
	want := map[string]int{match.KeyAge: roster.WishAge, match.KeyHeight: roster.WishHeight, match.KeyMaritalStatus: roster.WishMarital,
		match.KeyCommunity: roster.WishCommunity, match.KeyMotherTongue: roster.WishMotherTongue, match.KeyEducation: roster.WishEducation,
		match.KeyProfession: roster.WishProfession, match.KeyIncome: roster.WishIncome, match.KeyCountry: roster.WishCountry,
		match.KeyState: roster.WishState, match.KeyCity: roster.WishCity, match.KeyDiet: roster.WishDiet,
		match.KeySmoking: roster.WishSmoking, match.KeyDrinking: roster.WishDrinking}
	keys := match.CriteriaKeys()
	if len(keys) != len(want) {
		t.Fatalf("%d criteria, %d wish bits", len(keys), len(want))
	}
	for i, k := range keys {
		if want[k] != i {
			t.Fatalf("criterion %d is %s, whose wish bit is %d", i, k, want[k])
		}
	}
}

// TestTheDashboardGetsMyMatchesReadyInTheBackground: opening the dashboard
// queues the member's My matches to be computed and kept, and today's ten
// chosen from them, so the list they open next is read, not computed: a member who joins after the dashboard
// shows only once the kept list expires, as for a list the member asked
// for. A member whose list was not warmed computes it at the first ask.
func TestTheDashboardGetsMyMatchesReadyInTheBackground(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		kept, err := match.New(match.Deps{DB: e.DB, Profiles: e.Profiles, Now: e.Clock, Roster: e.Roster})
		must(t, err)
		e.Profiles.SetNewMatches(kept)
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		other := e.Member(t, storetest.Person{Age: 31})
		e.Prefs(t, other, ageRange(20, 35, true))
		a := e.Member(t, storetest.Person{Bride: true, Age: 25})
		d, err := e.Profiles.Dashboard(ctx, groom.ID)
		must(t, err)
		if d.Counts.NewMatches != 1 {
			t.Fatalf("dashboard counts %d new matches, want 1", d.Counts.NewMatches)
		}
		kept.WaitWarm()
		late := e.Member(t, storetest.Person{Bride: true, Age: 26})
		get := func(m storetest.Member) []string {
			pg, err := kept.List(ctx, viewer(m), match.My, match.PageRequest{})
			must(t, err)
			return codes(t, pg)
		}
		sameSet(t, "warmed at the dashboard: the kept list", get(groom), a)
		sameSet(t, "not warmed: computed at the first ask", get(other), a, late)
		// The day's ten were chosen with it, from the same list: the late member is not among them.
		var chosen int64
		must(t, e.DB.Table("daily_matches").Where("profile_id = ?", groom.ID).Count(&chosen).Error)
		if chosen != 1 {
			t.Fatalf("the dashboard chose %d of today's matches, want 1", chosen)
		}
		pg, err := kept.Today(ctx, viewer(groom))
		must(t, err)
		sameSet(t, "today's, chosen at the dashboard", codes(t, pg), a)

		// Without a cache there is nothing to keep: warming does nothing and waits for nothing.
		e.Matches.WarmMatches(groom.ID)
		e.Matches.WaitWarm()
	})
}

// TestStopWarmingDropsTheQueue: a node that shuts down warms nothing more.
func TestStopWarmingDropsTheQueue(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		kept, err := match.New(match.Deps{DB: e.DB, Profiles: e.Profiles, Now: e.Clock, Roster: e.Roster})
		must(t, err)
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		e.Member(t, storetest.Person{Bride: true, Age: 25})
		kept.StopWarming()
		kept.WarmMatches(groom.ID)
		kept.WaitWarm()
		late := e.Member(t, storetest.Person{Bride: true, Age: 26})
		pg, err := kept.List(context.Background(), viewer(groom), match.My, match.PageRequest{})
		must(t, err)
		if !slices.Contains(codes(t, pg), late.Code) {
			t.Fatalf("a list was warmed after StopWarming: %v lacks %s", codes(t, pg), late.Code)
		}
	})
}

// TestCardsCarryTheLatestInvitationEitherWay: a card says whether there is
// an invitation between the viewer and that member, the latest one when
// there were several, who sent it and when it last changed; read with the
// card's photos and proofs, on both engines.
func TestCardsCarryTheLatestInvitationEitherWay(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Prefs(t, groom, ageRange(20, 35, true))
		reinvited := e.Member(t, storetest.Person{Bride: true, Age: 25})
		inviter := e.Member(t, storetest.Person{Bride: true, Age: 26})
		none := e.Member(t, storetest.Person{Bride: true, Age: 27})
		elsewhere := e.Member(t, storetest.Person{Bride: true, Age: 28})
		other := e.Member(t, storetest.Person{Age: 31})
		at := func(m int) time.Time { return e.Now.Add(-time.Duration(m) * time.Minute).Truncate(time.Millisecond) }
		invite := func(from, to storetest.Member, status string, when time.Time) {
			t.Helper()
			must(t, e.DB.Table("invitations").Create(map[string]any{"sender_id": from.ID, "receiver_id": to.ID, "status": status,
				"created_at": when, "updated_at": when}).Error)
		}
		invite(groom, reinvited, "declined", at(90))
		invite(groom, reinvited, "pending", at(30))
		invite(inviter, groom, "accepted", at(10))
		invite(elsewhere, other, "pending", at(5))

		pg, err := e.Matches.List(context.Background(), viewer(groom), match.My, match.PageRequest{Limit: 10})
		must(t, err)
		want := map[string]*profile.InvitationState{
			reinvited.Code: {Status: "pending", SentByMe: true, At: at(30)},
			inviter.Code:   {Status: "accepted", SentByMe: false, At: at(10)},
			none.Code:      nil,
			elsewhere.Code: nil,
		}
		if len(pg.Items) != len(want) {
			t.Fatalf("%d cards, want %d", len(pg.Items), len(want))
		}
		for _, c := range pg.Items {
			w, got := want[c.ProfileID], c.Invitation
			if (w == nil) != (got == nil) || (w != nil && (w.Status != got.Status || w.SentByMe != got.SentByMe || !w.At.Equal(got.At))) {
				t.Fatalf("card %s: invitation %+v, want %+v", c.ProfileID, got, w)
			}
		}
	})
}
