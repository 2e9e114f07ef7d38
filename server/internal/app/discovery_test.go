package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
)

// discoveryPage is the answer of a match list or a search.
type discoveryPage struct {
	Items []struct {
		ProfileID string `json:"profileID"`
		Why       struct {
			Mine   []string `json:"mine"`
			Theirs []string `json:"theirs"`
		} `json:"why"`
		Invitation *struct {
			Status string `json:"status"`
		} `json:"invitation"`
	} `json:"items"`
	Total  int     `json:"total"`
	Cursor *string `json:"cursor"`
}

func pageCodes(t *testing.T, e envelope) []string {
	t.Helper()
	var p discoveryPage
	if err := json.Unmarshal(e.Data, &p); err != nil {
		t.Fatalf("not a page: %s", e.Data)
	}
	out := []string{}
	for _, it := range p.Items {
		out = append(out, it.ProfileID)
	}
	return out
}

func TestDiscoveryRoutesNeedAMember(t *testing.T) {
	a := masterApp(t, "")
	for _, r := range []struct{ method, path string }{
		{"POST", "/api/v1/profile/my-matchs"}, {"POST", "/api/v1/profile/new-matchs"}, {"POST", "/api/v1/profile/nearby-matchs"},
		{"POST", "/api/v1/profile/today-matchs"}, {"POST", "/api/v1/profile/discovery-matchs"},
		{"PATCH", "/api/v1/profile/today-viewed-matchs"}, {"POST", "/api/v1/profile/search"},
		{"POST", "/api/v1/profile/advance-search"}, {"POST", "/api/v1/profile/search/save"},
		{"GET", "/api/v1/profile/search/saved"}, {"POST", "/api/v1/profile/search-matchs/1"},
		{"PATCH", "/api/v1/profile/search/delete/1"},
	} {
		if w, _ := call(t, a, r.method, r.path, ""); w.Code != 401 {
			t.Errorf("%s %s as a visitor: %d", r.method, r.path, w.Code)
		}
	}
}

// TestFindAMatchThenInviteOverHTTP runs on each engine twice: lists read
// from the database (a node whose roster has not loaded yet) and from the
// in-memory roster.
func TestFindAMatchThenInviteOverHTTP(t *testing.T) {
	for _, roster := range []bool{false, true} {
		for name, a := range profileEngines(t) {
			if roster {
				name += "/roster"
				a.Roster.ReadThrough()
			}
			t.Run(name, func(t *testing.T) { findMatchThenInvite(t, a) })
		}
	}
}

func findMatchThenInvite(t *testing.T, a *app.App) {
	t.Helper()
	groom := newMember(t, a, 10, "Joseph Mathew", 30)
	bride := newMember(t, a, 20, "Anna Thomas", 26)
	other := newMember(t, a, 20, "Maria Joseph", 27)
	_, e := call(t, a, "POST", "/api/v1/profile/my-matchs", `{}`, groom.auth()...)
	got := pageCodes(t, e)
	if !strings.Contains(strings.Join(got, ","), bride.Code) || !strings.Contains(strings.Join(got, ","), other.Code) {
		t.Fatalf("my matches: %v", got)
	}
	_, e = call(t, a, "POST", "/api/v1/profile/search", `{"ageMin":25,"ageMax":26,"sort":"newest"}`, groom.auth()...)
	if got := pageCodes(t, e); len(got) != 1 || got[0] != bride.Code {
		t.Fatalf("search: %v", got)
	}
	if w, _ := call(t, a, "POST", "/api/v1/profile/invite/"+bride.Code, "", groom.auth()...); w.Code != 200 {
		t.Fatalf("invite: %d", w.Code)
	}
	_, e = call(t, a, "POST", "/api/v1/profile/advance-search", fmt.Sprintf(`{"profileId":%q}`, bride.Code), groom.auth()...)
	var p discoveryPage
	json.Unmarshal(e.Data, &p)
	if len(p.Items) != 1 || p.Items[0].Invitation == nil || p.Items[0].Invitation.Status != "pending" {
		t.Fatalf("the card carries the invitation: %s", e.Data)
	}
	// A block either way removes her from both.
	if w, _ := call(t, a, "POST", "/api/v1/profile/block/"+groom.Code, "", bride.auth()...); w.Code != 200 {
		t.Fatalf("block: %d", w.Code)
	}
	_, e = call(t, a, "POST", "/api/v1/profile/my-matchs", `{}`, groom.auth()...)
	if strings.Contains(strings.Join(pageCodes(t, e), ","), bride.Code) {
		t.Fatal("blocked bride still in my matches")
	}
	_, e = call(t, a, "POST", "/api/v1/profile/search", `{}`, groom.auth()...)
	if strings.Contains(strings.Join(pageCodes(t, e), ","), bride.Code) {
		t.Fatal("blocked bride still in search")
	}
	// The dashboard's counter is the New matches list's size.
	_, e = call(t, a, "POST", "/api/v1/profile/new-matchs", `{}`, groom.auth()...)
	var nm discoveryPage
	json.Unmarshal(e.Data, &nm)
	_, e = call(t, a, "GET", "/api/v1/profile/dash-view", "", groom.auth()...)
	var dash struct {
		Counts struct{ NewMatches int } `json:"counts"`
	}
	json.Unmarshal(e.Data, &dash)
	if dash.Counts.NewMatches != nm.Total || nm.Total != 1 {
		t.Fatalf("dashboard says %d new matches, the list %d", dash.Counts.NewMatches, nm.Total)
	}
}

func TestSearchBadInputIs422WithFieldErrors(t *testing.T) {
	a := masterApp(t, "")
	groom := newMember(t, a, 10, "Joseph Mathew", 30)
	for body, field := range map[string]string{
		`{"ageMin":35,"ageMax":25}`:         "age",
		`{"community":[987654]}`:            "community",
		`{"sort":"random"}`:                 "sort",
		`{"skip":40}`:                       "skip",
		`{"maritalStatus":["engaged"]}`:     "maritalStatus",
		`{"heightMin":190,"heightMax":150}`: "height",
	} {
		w, e := call(t, a, "POST", "/api/v1/profile/advance-search", body, groom.auth()...)
		var d struct{ Errors map[string]string }
		json.Unmarshal(e.Data, &d)
		if w.Code != 422 || d.Errors[field] == "" {
			t.Errorf("%s: %d %s", body, w.Code, e.Data)
		}
	}
	if w, _ := call(t, a, "POST", "/api/v1/profile/search", `{"ageMin":`, groom.auth()...); w.Code != 400 {
		t.Errorf("broken JSON: %d", w.Code)
	}
}

func TestSavedSearchesBelongToTheirOwner(t *testing.T) {
	a := masterApp(t, "")
	groom := newMember(t, a, 10, "Joseph Mathew", 30)
	other := newMember(t, a, 10, "Thomas Kurian", 31)
	w, e := call(t, a, "POST", "/api/v1/profile/search/save", `{"name":"Tamil brides","kind":"basic","filter":{"ageMin":24}}`, groom.auth()...)
	if w.Code != 200 {
		t.Fatalf("save: %d %s", w.Code, e.Data)
	}
	var sv struct{ ID int }
	json.Unmarshal(e.Data, &sv)
	path := fmt.Sprintf("/api/v1/profile/search-matchs/%d", sv.ID)
	if w, _ := call(t, a, "POST", path, `{}`, other.auth()...); w.Code != 404 {
		t.Fatalf("another member ran it: %d", w.Code)
	}
	if w, _ := call(t, a, "PATCH", fmt.Sprintf("/api/v1/profile/search/delete/%d", sv.ID), "", other.auth()...); w.Code != 404 {
		t.Fatalf("another member deleted it: %d", w.Code)
	}
	if w, _ := call(t, a, "POST", path, `{}`, groom.auth()...); w.Code != 200 {
		t.Fatalf("owner ran it: %d", w.Code)
	}
	_, e = call(t, a, "GET", "/api/v1/profile/search/saved", "", groom.auth()...)
	if !strings.Contains(string(e.Data), "Tamil brides") {
		t.Fatalf("saved list: %s", e.Data)
	}
	if w, _ := call(t, a, "PATCH", fmt.Sprintf("/api/v1/profile/search/delete/%d", sv.ID), "", groom.auth()...); w.Code != 200 {
		t.Fatalf("owner deleted it: %d", w.Code)
	}
}

func TestScrapingLimitsPerAccountAndHour(t *testing.T) {
	a := masterApp(t, "")
	groom := newMember(t, a, 10, "Joseph Mathew", 30)
	bride := newMember(t, a, 20, "Anna Thomas", 26)
	for i := 0; i < billing.FreeProfileViewsPerHour; i++ {
		if w, e := call(t, a, "GET", "/api/v1/profile/partner/"+bride.Code, "", groom.auth()...); w.Code != 200 {
			t.Fatalf("view %d: %d %s", i, w.Code, e.Meta.Message)
		}
	}
	w, e := call(t, a, "GET", "/api/v1/profile/partner/"+bride.Code, "", groom.auth()...)
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || !strings.Contains(e.Meta.Message, "many profiles") {
		t.Fatalf("over the view limit: %d %q", w.Code, e.Meta.Message)
	}
	for i := 0; i < billing.FreeSearchPagesPerHour; i++ {
		if w, _ := call(t, a, "POST", "/api/v1/profile/search", `{"sort":"newest"}`, groom.auth()...); w.Code != 200 {
			t.Fatalf("page %d: %d", i, w.Code)
		}
	}
	if w, _ := call(t, a, "POST", "/api/v1/profile/my-matchs", `{}`, groom.auth()...); w.Code != 429 {
		t.Fatalf("over the page limit: %d", w.Code)
	}
	// The limit is the account's, not the address's: another member browses on.
	if w, _ := call(t, a, "POST", "/api/v1/profile/my-matchs", `{}`, bride.auth()...); w.Code != 200 {
		t.Fatalf("another member: %d", w.Code)
	}
}

func TestPartialPreferenceSaveKeepsTheRest(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			groom := newMember(t, a, 10, "Joseph Mathew", 30)
			full := `{"age":{"min":22,"max":29,"strict":true},"height":{"min":150,"max":0,"strict":false},
				"diet":{"values":["vegetarian"],"strict":true},"maritalStatus":{"values":["never_married"],"strict":true}}`
			if w, e := call(t, a, "POST", "/api/v1/preference", full, groom.auth()...); w.Code != 200 {
				t.Fatalf("save: %d %s", w.Code, e.Data)
			}
			if w, e := call(t, a, "POST", "/api/v1/preference", `{"age":{"min":23,"max":27,"strict":false}}`, groom.auth()...); w.Code != 200 {
				t.Fatalf("partial save: %d %s", w.Code, e.Data)
			}
			_, e := call(t, a, "GET", "/api/v1/preference", "", groom.auth()...)
			var p struct {
				Age struct {
					Min, Max int
					Strict   bool
				}
				Height struct{ Min int }
				Diet   struct {
					Values []string
					Strict bool
				}
				MaritalStatus struct{ Values []string }
			}
			json.Unmarshal(e.Data, &p)
			if p.Age.Min != 23 || p.Age.Max != 27 || p.Age.Strict || p.Height.Min != 150 ||
				len(p.Diet.Values) != 1 || !p.Diet.Strict || len(p.MaritalStatus.Values) != 1 {
				t.Fatalf("after a partial save: %s", e.Data)
			}
		})
	}
}

func TestPremiumMembersShowAMemberTheOppositeGender(t *testing.T) {
	a := masterApp(t, "")
	groom := newMember(t, a, 10, "Joseph Mathew", 30)
	bride := newMember(t, a, 20, "Anna Thomas", 26)
	otherGroom := newMember(t, a, 10, "Thomas Kurian", 31)
	var planID uint64
	a.DB.Table("plans").Order("id").Limit(1).Pluck("id", &planID)
	for _, m := range []testMember{bride, otherGroom} {
		if err := a.DB.Exec("INSERT INTO subscriptions (profile_id, plan_id, starts_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?)",
			m.ID, planID, "2020-01-01 00:00:00", "2099-01-01 00:00:00", "2020-01-01 00:00:00").Error; err != nil {
			t.Fatal(err)
		}
	}
	_, e := call(t, a, "GET", "/api/v1/profile/premium-members", "", groom.auth()...)
	if !strings.Contains(string(e.Data), bride.Code) || strings.Contains(string(e.Data), otherGroom.Code) {
		t.Fatalf("a groom's premium list: %s", e.Data)
	}
	_, e = call(t, a, "GET", "/api/v1/profile/premium-members", "")
	if !strings.Contains(string(e.Data), bride.Code) || !strings.Contains(string(e.Data), otherGroom.Code) {
		t.Fatalf("a visitor's premium list: %s", e.Data)
	}
}
