package search_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/match/matchtest"
	"github.com/tfmmatrimony/tfm/server/internal/search"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func newSearch(t *testing.T, e *matchtest.Env) *search.Service {
	t.Helper()
	s, err := search.New(search.Deps{DB: e.DB, Master: e.Master, Matches: e.Matches, Now: e.Clock})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func run(t *testing.T, s *search.Service, m storetest.Member, kind string, r search.Request) *match.Page {
	t.Helper()
	pg, err := s.Search(context.Background(), matchtest.Viewer(m), kind, r)
	if err != nil {
		t.Fatalf("search %+v: %v", r.Filter, err)
	}
	return pg
}

func TestSearchFilters(t *testing.T) {
	matchtest.EachEngine(t, func(t *testing.T, e *matchtest.Env) {
		s := newSearch(t, e)
		m := e.M
		groom := e.Member(t, storetest.Person{Age: 30})
		plain := e.Member(t, storetest.Person{Bride: true, Age: 24})
		kochi := e.Member(t, storetest.Person{Bride: true, Age: 27, HeightCM: 165, Community: m.RC, MotherTongue: m.Malayalam,
			State: m.Kerala, City: m.Kochi, Marital: "divorced", Degree: m.MBBS, Profession: m.Doctor, Income: m.IncomeMid,
			Diet: "vegetarian", Smoking: "no", Drinking: "no", Diocese: "Archdiocese of Ernakulam-Angamaly", Parish: "St. Mary's, Kaloor"})
		chennai := e.Member(t, storetest.Person{Bride: true, Age: 31, HeightCM: 155, Community: m.CSI, MotherTongue: m.Tamil,
			State: m.TamilNadu, City: m.Chennai, Degree: m.BTech, Profession: m.Engineer, Income: m.IncomeHigh, Diet: "non_vegetarian"})
		old := time.Now().AddDate(0, -3, 0)
		dormant := e.Member(t, storetest.Person{Bride: true, Age: 26, LastActiveAt: &old})
		e.Member(t, storetest.Person{Age: 27}) // a groom: never in a groom's search
		must := matchtest.Must
		must(t, e.DB.Table("photos").Create(map[string]any{"profile_id": chennai.ID, "file_key": "k1", "is_default": true, "created_at": e.Now}).Error)
		must(t, e.DB.Table("profile_proofs").Create(map[string]any{"profile_id": kochi.ID, "kind": "id", "status": "verified", "uploaded_at": e.Now}).Error)

		cases := []struct {
			name string
			kind string
			f    search.Filter
			want []storetest.Member
		}{
			{"Everyone", search.Basic, search.Filter{}, []storetest.Member{plain, kochi, chennai, dormant}},
			{"AgeRange", search.Basic, search.Filter{AgeMin: 26, AgeMax: 27}, []storetest.Member{kochi, dormant}},
			{"AgeEdgesInclusive", search.Basic, search.Filter{AgeMin: 24, AgeMax: 24}, []storetest.Member{plain}},
			{"Height", search.Basic, search.Filter{HeightMin: 160}, []storetest.Member{kochi}},
			{"Marital", search.Basic, search.Filter{MaritalStatus: []string{"divorced"}}, []storetest.Member{kochi}},
			{"Denomination", search.Basic, search.Filter{Community: []uint64{m.CSI}}, []storetest.Member{chennai}},
			{"MotherTongue", search.Basic, search.Filter{MotherTongue: []uint64{m.Malayalam, m.Tamil}}, []storetest.Member{kochi, chennai}},
			{"State", search.Basic, search.Filter{State: []uint64{m.Kerala}}, []storetest.Member{kochi}},
			{"City", search.Basic, search.Filter{City: []uint64{m.Chennai}}, []storetest.Member{chennai}},
			{"WithPhoto", search.Basic, search.Filter{WithPhoto: true}, []storetest.Member{chennai}},
			{"BasicIgnoresAdvancedFields", search.Basic, search.Filter{Diet: []string{"vegetarian"}}, []storetest.Member{plain, kochi, chennai, dormant}},
			{"Education", search.Advance, search.Filter{Education: []uint64{m.BTech}}, []storetest.Member{chennai}},
			{"Profession", search.Advance, search.Filter{Profession: []uint64{m.Doctor}}, []storetest.Member{kochi}},
			{"IncomeFrom", search.Advance, search.Filter{IncomeMin: m.IncomeMid}, []storetest.Member{kochi, chennai}},
			{"IncomeUpTo", search.Advance, search.Filter{IncomeMax: m.IncomeMid}, []storetest.Member{kochi}},
			{"Diet", search.Advance, search.Filter{Diet: []string{"vegetarian"}}, []storetest.Member{kochi}},
			{"SmokingAndDrinking", search.Advance, search.Filter{Smoking: []string{"no"}, Drinking: []string{"no"}}, []storetest.Member{kochi}},
			{"DioceseText", search.Advance, search.Filter{Diocese: "ernakulam"}, []storetest.Member{kochi}},
			{"ParishText", search.Advance, search.Filter{Diocese: "Kaloor"}, []storetest.Member{kochi}},
			{"LikeWildcardsAreText", search.Advance, search.Filter{Diocese: "%"}, []storetest.Member{}},
			{"VerifiedOnly", search.Advance, search.Filter{VerifiedOnly: true}, []storetest.Member{kochi}},
			{"ActiveIn30Days", search.Advance, search.Filter{ActiveWithin30: true}, []storetest.Member{plain, kochi, chennai}},
			{"ProfileIDLookupIgnoresOtherFilters", search.Advance, search.Filter{ProfileID: " " + dormant.Code + " ", AgeMin: 40, AgeMax: 50}, []storetest.Member{dormant}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				for _, sort := range []string{search.SortRelevance, search.SortNewest, search.SortLastActive} {
					c.f.Sort = sort
					got := matchtest.Codes(run(t, s, groom, c.kind, search.Request{Filter: c.f}))
					matchtest.SameSet(t, sort, got, c.want...)
				}
			})
		}
		t.Run("ABlockedMemberDisappears", func(t *testing.T) {
			must(t, e.Relations.Block(context.Background(), kochi.ID, groom.ID))
			got := matchtest.Codes(run(t, s, groom, search.Advance, search.Request{Filter: search.Filter{ProfileID: kochi.Code}}))
			if len(got) != 0 {
				t.Fatalf("blocked member found by id: %v", got)
			}
			got = matchtest.Codes(run(t, s, groom, search.Basic, search.Request{}))
			if slices.Contains(got, kochi.Code) {
				t.Fatal("blocked member in results")
			}
		})
	})
}

func wantInvalid(t *testing.T, err error, field string) {
	t.Helper()
	ae, ok := apperr.As(err)
	if !ok || ae.Kind != apperr.Invalid || ae.Fields[field] == "" {
		t.Fatalf("want a validation error on %s, got %v", field, err)
	}
}

func TestSearchRefusesBadInput(t *testing.T) {
	matchtest.EachEngine(t, func(t *testing.T, e *matchtest.Env) {
		s := newSearch(t, e)
		groom := e.Member(t, storetest.Person{Age: 30})
		e.Member(t, storetest.Person{Bride: true, Age: 25})
		ctx := context.Background()
		cases := []struct {
			name  string
			r     search.Request
			field string
		}{
			{"InvertedAges", search.Request{Filter: search.Filter{AgeMin: 30, AgeMax: 25}}, "age"},
			{"AgeUnder18", search.Request{Filter: search.Filter{AgeMin: 16}}, "age"},
			{"InvertedHeights", search.Request{Filter: search.Filter{HeightMin: 180, HeightMax: 160}}, "height"},
			{"UnknownHeight", search.Request{Filter: search.Filter{HeightMin: 163}}, "height"},
			{"UnknownDenomination", search.Request{Filter: search.Filter{Community: []uint64{e.M.RC, 999999}}}, "community"},
			{"UnknownCity", search.Request{Filter: search.Filter{City: []uint64{999999}}}, "city"},
			{"UnknownMaritalStatus", search.Request{Filter: search.Filter{MaritalStatus: []string{"engaged"}}}, "maritalStatus"},
			{"UnknownDiet", search.Request{Filter: search.Filter{Diet: []string{"paleo"}}}, "diet"},
			{"UnknownIncome", search.Request{Filter: search.Filter{IncomeMin: "lots"}}, "income"},
			{"UndisclosedIncomeBound", search.Request{Filter: search.Filter{IncomeMin: e.M.IncomeHidden}}, "income"},
			{"InvertedIncome", search.Request{Filter: search.Filter{IncomeMin: e.M.IncomeHigh, IncomeMax: e.M.IncomeLow}}, "income"},
			{"UnknownSort", search.Request{Filter: search.Filter{Sort: "random"}}, "sort"},
			{"BadProfileID", search.Request{Filter: search.Filter{ProfileID: "TS 1; --"}}, "profileId"},
			{"PastTheEndRanked", search.Request{PageRequest: match.PageRequest{Skip: 1}}, "skip"},
			{"PastTheEndNewest", search.Request{Filter: search.Filter{Sort: search.SortNewest}, PageRequest: match.PageRequest{Skip: 5}}, "skip"},
			{"ForgedCursor", search.Request{Filter: search.Filter{Sort: search.SortNewest}, PageRequest: match.PageRequest{Cursor: "eyJ4Ijp9"}}, "cursor"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := s.Search(ctx, matchtest.Viewer(groom), search.Advance, c.r)
				wantInvalid(t, err, c.field)
			})
		}
	})
}

func TestSearchPagesByKeysetInEveryOrder(t *testing.T) {
	matchtest.EachEngine(t, func(t *testing.T, e *matchtest.Env) {
		s := newSearch(t, e)
		groom := e.Member(t, storetest.Person{Age: 30})
		var all []storetest.Member
		for i := 0; i < 23; i++ {
			p := storetest.Person{Bride: true, Age: 22 + i%6}
			if i%4 == 0 { // some never active: they come last in "last active" order
				never := time.Time{}
				p.LastActiveAt = &never
			} else {
				at := e.Now.Add(-time.Duration(i%5) * time.Hour) // ties on purpose
				p.LastActiveAt = &at
			}
			m := e.Member(t, p)
			if p.LastActiveAt.IsZero() {
				matchtest.Must(t, e.DB.Table("profiles").Where("id = ?", m.ID).Update("last_active_at", nil).Error)
			}
			all = append(all, m)
		}
		for _, sort := range []string{search.SortNewest, search.SortLastActive, search.SortRelevance} {
			t.Run(sort, func(t *testing.T) {
				var got []string
				r := search.Request{Filter: search.Filter{Sort: sort}, PageRequest: match.PageRequest{Limit: 7}}
				for pages := 0; ; pages++ {
					if pages > 5 {
						t.Fatal("too many pages")
					}
					pg := run(t, s, groom, search.Basic, r)
					if pg.Total != 23 || pg.TotalCapped {
						t.Fatalf("total %d capped %v", pg.Total, pg.TotalCapped)
					}
					got = append(got, matchtest.Codes(pg)...)
					if pg.Cursor == nil {
						break
					}
					r.Cursor = *pg.Cursor
				}
				matchtest.SameSet(t, "all pages", got, all...)
				if sort == search.SortNewest && !slices.IsSortedFunc(got, func(a, b string) int { return -cmpCode(a, b) }) {
					t.Fatalf("newest order: %v", got)
				}
			})
		}
	})
}

func cmpCode(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestSavedSearchLifecycle(t *testing.T) {
	matchtest.EachEngine(t, func(t *testing.T, e *matchtest.Env) {
		ctx := context.Background()
		s := newSearch(t, e)
		groom := e.Member(t, storetest.Person{Age: 30})
		other := e.Member(t, storetest.Person{Age: 31})
		kochi := e.Member(t, storetest.Person{Bride: true, Age: 25, City: e.M.Kochi, State: e.M.Kerala})
		e.Member(t, storetest.Person{Bride: true, Age: 25, City: e.M.Chennai, State: e.M.TamilNadu})

		sv, err := s.Save(ctx, groom.ID, search.SaveRequest{Name: "  Kochi   brides ", Kind: search.Basic,
			Filter: search.Filter{City: []uint64{e.M.Kochi}, Diet: []string{"vegetarian"}}})
		matchtest.Must(t, err)
		if sv.Name != "Kochi brides" || len(sv.Filter.Diet) != 0 {
			t.Fatalf("saved %+v (a basic search keeps no advanced field)", sv)
		}
		_, err = s.Save(ctx, groom.ID, search.SaveRequest{Name: "KOCHI BRIDES", Kind: search.Basic})
		wantInvalid(t, err, "name")
		_, err = s.Save(ctx, groom.ID, search.SaveRequest{Name: "", Kind: search.Basic})
		wantInvalid(t, err, "name")
		_, err = s.Save(ctx, groom.ID, search.SaveRequest{Name: "x", Kind: "fuzzy"})
		wantInvalid(t, err, "kind")
		_, err = s.Save(ctx, groom.ID, search.SaveRequest{Name: "bad", Kind: search.Basic, Filter: search.Filter{AgeMin: 40, AgeMax: 30}})
		wantInvalid(t, err, "age")

		pg, err := s.Run(ctx, matchtest.Viewer(groom), sv.ID, match.PageRequest{})
		matchtest.Must(t, err)
		matchtest.SameSet(t, "saved search results", matchtest.Codes(pg), kochi)

		for i := 2; i <= search.MaxSaved; i++ {
			_, err := s.Save(ctx, groom.ID, search.SaveRequest{Name: fmt.Sprintf("search %d", i), Kind: search.Advance})
			matchtest.Must(t, err)
		}
		_, err = s.Save(ctx, groom.ID, search.SaveRequest{Name: "one too many", Kind: search.Advance})
		wantInvalid(t, err, "name")
		list, err := s.List(ctx, groom.ID)
		matchtest.Must(t, err)
		if len(list) != search.MaxSaved || list[len(list)-1].ID != sv.ID {
			t.Fatalf("list: %d, oldest last", len(list))
		}

		// Another member can neither run nor delete it: it does not exist for them.
		if _, err := s.Run(ctx, matchtest.Viewer(other), sv.ID, match.PageRequest{}); !isNotFound(err) {
			t.Fatalf("other member ran it: %v", err)
		}
		if err := s.Delete(ctx, other.ID, sv.ID); !isNotFound(err) {
			t.Fatalf("other member deleted it: %v", err)
		}
		matchtest.Must(t, s.Delete(ctx, groom.ID, sv.ID))
		if _, err := s.Run(ctx, matchtest.Viewer(groom), sv.ID, match.PageRequest{}); !isNotFound(err) {
			t.Fatalf("deleted search ran: %v", err)
		}
		if err := s.Delete(ctx, groom.ID, sv.ID); !isNotFound(err) {
			t.Fatalf("deleted twice: %v", err)
		}
	})
}

func isNotFound(err error) bool {
	ae, ok := apperr.As(err)
	return ok && ae.Kind == apperr.NotFound
}

// TestKeptSearchPagesStayStillAndBlocksHoldAtOnce: a relevance search is
// ranked once and kept, so its pages neither repeat nor skip anyone when a
// member joins between them; a block still takes effect on the next page,
// and a changed filter is a new search.
func TestKeptSearchPagesStayStillAndBlocksHoldAtOnce(t *testing.T) {
	matchtest.EachEngine(t, func(t *testing.T, e *matchtest.Env) {
		ctx := context.Background()
		kept, err := match.New(match.Deps{DB: e.DB, Profiles: e.Profiles, Now: e.Clock, Roster: e.Roster})
		matchtest.Must(t, err)
		s, err := search.New(search.Deps{DB: e.DB, Master: e.Master, Matches: kept, Now: e.Clock})
		matchtest.Must(t, err)
		groom := e.Member(t, storetest.Person{Age: 30})
		var brides []storetest.Member
		for i := range 6 {
			brides = append(brides, e.Member(t, storetest.Person{Bride: true, Age: 24 + i}))
		}
		r := search.Request{Filter: search.Filter{AgeMin: 20, AgeMax: 35}, PageRequest: match.PageRequest{Limit: 3}}
		first := run(t, s, groom, search.Basic, r)
		newcomer := e.Member(t, storetest.Person{Bride: true, Age: 27})
		r.Cursor = *first.Cursor
		second := run(t, s, groom, search.Basic, r)
		matchtest.SameSet(t, "both pages of the kept search", append(matchtest.Codes(first), matchtest.Codes(second)...), brides...)

		blocked := matchtest.Codes(second)[0]
		for _, b := range brides {
			if b.Code == blocked {
				matchtest.Must(t, e.Relations.Block(ctx, b.ID, groom.ID))
			}
		}
		again := run(t, s, groom, search.Basic, r)
		if slices.Contains(matchtest.Codes(again), blocked) {
			t.Fatal("a bride who blocked him is still on the kept page")
		}
		wider := run(t, s, groom, search.Basic, search.Request{Filter: search.Filter{AgeMin: 20, AgeMax: 36}, PageRequest: match.PageRequest{Limit: 10}})
		if !slices.Contains(matchtest.Codes(wider), newcomer.Code) {
			t.Fatal("a new filter is a new search: the newcomer belongs in it")
		}
		// The viewer's own change is a new search too (the kept search is found by
		// their update stamps): new preferences show at once in why they match.
		r = search.Request{Filter: search.Filter{AgeMin: 20, AgeMax: 35}, PageRequest: match.PageRequest{Limit: 10}}
		if before := run(t, s, groom, search.Basic, r); slices.Contains(matchtest.Codes(before), newcomer.Code) {
			t.Fatal("the same filter again should read the kept search, which the newcomer joined after")
		}
		e.Prefs(t, groom, matchtest.AgeRange(26, 27, true))
		after := run(t, s, groom, search.Basic, r)
		if !slices.Contains(matchtest.Codes(after), newcomer.Code) {
			t.Fatal("the viewer's new preferences did not make a new search: the newcomer is missing")
		}
		for _, c := range after.Items {
			if c.ProfileID == newcomer.Code && !slices.Contains(c.Why.Mine, match.KeyAge) {
				t.Fatalf("the newcomer (27) meets his new age range, but why says %v", c.Why.Mine)
			}
		}
	})
}
