package app_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// listJSON is a page of member cards as the lists answer it.
type listJSON struct {
	Items []struct {
		ProfileID string      `json:"profileID"`
		UserName  string      `json:"userName"`
		Photos    []photoJSON `json:"photos"`
		Since     string      `json:"since"`
	} `json:"items"`
	Total int `json:"total"`
}

// list reads one of m's member lists; it fails the test unless the answer is 200.
func list(t *testing.T, a *app.App, m testMember, path string) listJSON {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/"+path, "", m.auth()...)
	if w.Code != 200 {
		t.Fatalf("GET %s: %d %s", path, w.Code, e.Meta.Message)
	}
	if w.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("GET %s: Cache-Control %q", path, w.Header().Get("Cache-Control"))
	}
	var l listJSON
	if err := json.Unmarshal(e.Data, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

func codesOf(l listJSON) []string {
	out := []string{}
	for _, it := range l.Items {
		out = append(out, it.ProfileID)
	}
	return out
}

// mustAnswer fails unless method path answers code with message.
func mustAnswer(t *testing.T, a *app.App, m testMember, method, path string, code int, message string) {
	t.Helper()
	w, e := call(t, a, method, path, "", m.auth()...)
	if w.Code != code || e.Meta.Code != code || e.Meta.Message != message {
		t.Errorf("%s %s: %d/%d %q, want %d %q", method, path, w.Code, e.Meta.Code, e.Meta.Message, code, message)
	}
}

// TestBlockAndDontShowThroughTheAPI: spec §7 POST profile/block/{id}, GET
// profile/block, POST profile/dont-show/{id} and GET profile/dont-show, plus
// DELETE on the same paths to undo them: who may ask, bad ids, idempotence,
// the lists (newest first, paged, no photos of blocked members) and what the
// marks change elsewhere.
func TestBlockAndDontShowThroughTheAPI(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			me := newMember(t, a, 10, "Jerin Abraham", 29)
			brides := []testMember{newMember(t, a, 20, "Anna Mathew", 26), newMember(t, a, 20, "Neethu Paul", 25), newMember(t, a, 20, "Riya Thomas", 27)}
			if _, e := upload(t, a, "/api/v1/profile/images", brides[0], "a.jpg", "image/jpeg", mediatest.JPEG(300, 300)); e.Meta.Code != 200 {
				t.Fatalf("upload: %s", e.Meta.Message)
			}

			t.Run("BadIDs", func(t *testing.T) {
				for _, base := range []string{"/api/v1/profile/block/", "/api/v1/profile/dont-show/"} {
					for _, id := range []string{"TM0000000", "abc", "TM12345678901"} {
						for _, method := range []string{"POST", "DELETE"} {
							mustAnswer(t, a, me, method, base+id, 404, profile.MsgNotFound)
						}
					}
				}
				mustAnswer(t, a, me, "POST", "/api/v1/profile/block/"+me.Code, 400, profile.MsgCannotBlockSelf)
				mustAnswer(t, a, me, "POST", "/api/v1/profile/dont-show/"+me.Code, 400, profile.MsgCannotDontShowSelf)
				for _, q := range []string{"?skip=-1", "?limit=abc"} {
					if w, _ := call(t, a, "GET", "/api/v1/profile/block"+q, "", me.auth()...); w.Code != 400 {
						t.Errorf("GET profile/block%s: %d", q, w.Code)
					}
				}
				if l := list(t, a, me, "profile/block"); l.Total != 0 || len(l.Items) != 0 {
					t.Errorf("nothing was blocked: %+v", l)
				}
			})

			t.Run("BlockListsNewestFirstPagedWithoutPhotos", func(t *testing.T) {
				for _, b := range brides {
					mustAnswer(t, a, me, "POST", "/api/v1/profile/block/"+b.Code, 200, "Record added Successfully")
				}
				// Blocking again changes nothing.
				mustAnswer(t, a, me, "POST", "/api/v1/profile/block/"+brides[0].Code, 200, "Record added Successfully")
				l := list(t, a, me, "profile/block?skip=0&limit=2")
				if l.Total != 3 || fmt.Sprint(codesOf(l)) != fmt.Sprint([]string{brides[2].Code, brides[1].Code}) {
					t.Errorf("first page: %+v", l)
				}
				l = list(t, a, me, "profile/block?skip=2&limit=2")
				if l.Total != 3 || len(l.Items) != 1 || l.Items[0].ProfileID != brides[0].Code || l.Items[0].UserName != "Anna Mathew" {
					t.Fatalf("second page: %+v", l)
				}
				if len(l.Items[0].Photos) != 0 || l.Items[0].Since == "" {
					t.Errorf("a blocked member's card shows no photo and says since when: %+v", l.Items[0])
				}
				// Blocked members are off the other lists, and they cannot see me either.
				if w, _ := call(t, a, "GET", "/api/v1/profile/partner/"+me.Code, "", brides[1].auth()...); w.Code != 404 {
					t.Errorf("the blocked member still sees me: %d", w.Code)
				}
				// Someone else's block is not on my list, and I cannot lift it.
				if l := list(t, a, brides[1], "profile/block"); l.Total != 0 {
					t.Errorf("the blocked member's own list: %+v", l)
				}
				mustAnswer(t, a, brides[1], "DELETE", "/api/v1/profile/block/"+me.Code, 200, "Record deleted Successfully")
				if w, _ := call(t, a, "GET", "/api/v1/profile/partner/"+brides[1].Code, "", me.auth()...); w.Code != 404 {
					t.Errorf("the blocked member lifted my block: %d", w.Code)
				}
			})

			t.Run("UnblockRestoresTheProfile", func(t *testing.T) {
				for i := 0; i < 2; i++ { // the second time is a no-op
					mustAnswer(t, a, me, "DELETE", "/api/v1/profile/block/"+brides[0].Code, 200, "Record deleted Successfully")
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile/partner/"+brides[0].Code, "", me.auth()...); w.Code != 200 {
					t.Errorf("partner after unblock: %d", w.Code)
				}
				if l := list(t, a, me, "profile/block"); l.Total != 2 || fmt.Sprint(codesOf(l)) != fmt.Sprint([]string{brides[2].Code, brides[1].Code}) {
					t.Errorf("after unblock: %+v", l)
				}
				for _, b := range brides[1:] {
					mustAnswer(t, a, me, "DELETE", "/api/v1/profile/block/"+b.Code, 200, "Record deleted Successfully")
				}
			})

			t.Run("DontShowAndShowAgain", func(t *testing.T) {
				partner := func() partnerJSON {
					w, e := call(t, a, "GET", "/api/v1/profile/partner/"+brides[0].Code, "", me.auth()...)
					if w.Code != 200 {
						t.Fatalf("partner: %d", w.Code)
					}
					var v partnerJSON
					json.Unmarshal(e.Data, &v)
					return v
				}
				if list(t, a, me, "profile/recently-viewed").Total == 0 {
					t.Fatal("the views above should be listed")
				}
				mustAnswer(t, a, me, "POST", "/api/v1/profile/dont-show/"+brides[0].Code, 200, "Record added Successfully")
				mustAnswer(t, a, me, "POST", "/api/v1/profile/dont-show/"+brides[0].Code, 200, "Record added Successfully")
				l := list(t, a, me, "profile/dont-show")
				if l.Total != 1 || l.Items[0].ProfileID != brides[0].Code || len(l.Items[0].Photos) != 1 || l.Items[0].Since == "" {
					t.Errorf("dont-show list: %+v", l)
				}
				for _, c := range codesOf(list(t, a, me, "profile/recently-viewed")) {
					if c == brides[0].Code {
						t.Error("recently viewed still lists a don't-show member")
					}
				}
				// The profile itself stays reachable by its id, and says it is on the list.
				if v := partner(); !v.DontShow {
					t.Errorf("partner view: %+v", v)
				}
				// Her list is hers: she still sees me.
				if w, _ := call(t, a, "GET", "/api/v1/profile/partner/"+me.Code, "", brides[0].auth()...); w.Code != 200 {
					t.Errorf("don't show is one-way: %d", w.Code)
				}
				// A member who hides their profile leaves my list while hidden.
				if w, _ := call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, brides[0].auth()...); w.Code != 200 {
					t.Fatalf("hide: %d", w.Code)
				}
				if l := list(t, a, me, "profile/dont-show"); l.Total != 0 {
					t.Errorf("a hidden profile is listed: %+v", l)
				}
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":false}`, brides[0].auth()...)
				mustAnswer(t, a, me, "DELETE", "/api/v1/profile/dont-show/"+brides[0].Code, 200, "Record deleted Successfully")
				if l := list(t, a, me, "profile/dont-show"); l.Total != 0 {
					t.Errorf("after show again: %+v", l)
				}
				if v := partner(); v.DontShow {
					t.Errorf("partner view after show again: %+v", v)
				}
			})
		})
	}
}
