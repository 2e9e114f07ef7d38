package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
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
				// Someone else's block is not on my list, and I cannot lift it; to the blocked member,
				// every call about me answers as for an unknown id.
				if l := list(t, a, brides[1], "profile/block"); l.Total != 0 {
					t.Errorf("the blocked member's own list: %+v", l)
				}
				for _, rt := range [][2]string{{"DELETE", "block"}, {"POST", "block"}, {"POST", "dont-show"}, {"DELETE", "dont-show"}} {
					mustAnswer(t, a, brides[1], rt[0], "/api/v1/profile/"+rt[1]+"/"+me.Code, 404, profile.MsgNotFound)
				}
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

// TestReports: POST profile/report/{id} checks its input, stores the report
// for the moderators and takes the member out of the reporter's view at once
// (a block and a "don't show" mark), within a daily limit.
func TestReports(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			me := newMember(t, a, 20, "Sneha Varghese", 26)
			him := newMember(t, a, 10, "Rahul Joseph", 30)
			report := func(who testMember, code, body string) (int, envelope) {
				w, e := call(t, a, "POST", "/api/v1/profile/report/"+code, body, who.auth()...)
				return w.Code, e
			}
			count := func() (n int64) {
				a.DB.Table("reports").Where("reporter_id = ? AND reported_id = ?", me.ID, him.ID).Count(&n)
				return n
			}

			t.Run("BadInput", func(t *testing.T) {
				for _, tc := range []struct{ body, field string }{
					{`{"kind":"photo","reason":"fake"}`, "kind"},
					{`{"kind":"profile","reason":"rude"}`, "reason"},
					{`{"kind":"profile","reason":"other","details":"   bad  "}`, "details"},
					{`{"kind":"profile","reason":"fake","details":"` + strings.Repeat("അ", profile.MaxReportDetails+1) + `"}`, "details"},
				} {
					code, e := report(me, him.Code, tc.body)
					var d struct {
						Errors map[string]string `json:"errors"`
					}
					json.Unmarshal(e.Data, &d)
					if code != 422 || e.Meta.Message == "" {
						t.Errorf("%s: %d %q %s", tc.body, code, e.Meta.Message, e.Data)
					}
					if !strings.Contains(string(e.Data), tc.field) {
						t.Errorf("%s: the error names no %s: %s", tc.body, tc.field, e.Data)
					}
				}
				if code, e := report(me, "TM0000000", `{"kind":"profile","reason":"fake"}`); code != 404 || e.Meta.Message != profile.MsgNotFound {
					t.Errorf("unknown: %d %q", code, e.Meta.Message)
				}
				if code, _ := report(me, me.Code, `{"kind":"profile","reason":"fake"}`); code != 400 {
					t.Errorf("self: %d", code)
				}
				if code, e := report(me, him.Code, `{"kind":"chat","reason":"money","details":"Asked for money"}`); code != 400 ||
					e.Meta.Message != "There is no chat with this member to report" {
					t.Errorf("a chat report without a chat: %d %q", code, e.Meta.Message)
				}
				if n := count(); n != 0 {
					t.Errorf("%d reports stored from bad input", n)
				}
			})

			t.Run("ProfileReportHidesAndBlocks", func(t *testing.T) {
				if code, e := report(me, him.Code, `{"kind":"profile","reason":"married","details":"He is already married."}`); code != 200 ||
					e.Meta.Message != "Thank you. Our team will review your report." {
					t.Fatalf("report: %d %q", code, e.Meta.Message)
				}
				var r struct {
					Kind, Reason, Details, Status string
					ConversationID                *uint64
				}
				a.DB.Table("reports").Where("reporter_id = ? AND reported_id = ?", me.ID, him.ID).Take(&r)
				if r.Kind != "profile" || r.Reason != "married" || r.Details != "He is already married." || r.Status != "open" || r.ConversationID != nil {
					t.Errorf("stored: %+v", r)
				}
				var marks int64
				a.DB.Table("dont_shows").Where("profile_id = ? AND target_id = ?", me.ID, him.ID).Count(&marks)
				if l := list(t, a, me, "profile/block"); marks != 1 || fmt.Sprint(codesOf(l)) != fmt.Sprint([]string{him.Code}) {
					t.Errorf("not marked and blocked: %d marks, blocked %+v", marks, l)
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile/partner/"+me.Code, "", him.auth()...); w.Code != 404 {
					t.Errorf("the reported member still sees the reporter: %d", w.Code)
				}
				// He cannot report back, or learn that she exists, through any call.
				if code, e := report(him, me.Code, `{"kind":"profile","reason":"fake"}`); code != 404 || e.Meta.Message != profile.MsgNotFound {
					t.Errorf("report back: %d %q", code, e.Meta.Message)
				}
			})

			t.Run("ChatReportBlocks", func(t *testing.T) {
				now := time.Now().UTC()
				lo, hi := min(me.ID, him.ID), max(me.ID, him.ID)
				if err := a.DB.Table("chat_conversations").Create(map[string]any{"low_id": lo, "high_id": hi, "started_by": him.ID,
					"created_at": now, "updated_at": now}).Error; err != nil {
					t.Fatal(err)
				}
				if code, e := report(me, him.Code, `{"kind":"chat","reason":"money","details":"Asked me to send money"}`); code != 200 {
					t.Fatalf("chat report: %d %q", code, e.Meta.Message)
				}
				var named int64
				a.DB.Table("reports").Where("reporter_id = ? AND kind = ? AND conversation_id IS NOT NULL", me.ID, "chat").Count(&named)
				if named != 1 {
					t.Error("the chat report names no conversation")
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile/partner/"+me.Code, "", him.auth()...); w.Code != 404 {
					t.Errorf("a chat report blocks: %d", w.Code)
				}
				if l := list(t, a, me, "profile/block"); l.Total != 1 {
					t.Errorf("blocked list: %+v", l)
				}
			})

			t.Run("DailyLimit", func(t *testing.T) {
				now := time.Now().UTC()
				for n := count(); n < relation.MaxReportsPerDay; n++ {
					a.DB.Table("reports").Create(map[string]any{"reporter_id": me.ID, "reported_id": him.ID, "kind": "profile",
						"reason": "fake", "details": "", "status": "open", "created_at": now})
				}
				before := count()
				if code, e := report(me, him.Code, `{"kind":"profile","reason":"fake"}`); code != 429 || e.Meta.Message == "" {
					t.Errorf("over the limit: %d %q", code, e.Meta.Message)
				}
				if count() != before {
					t.Error("a refused report was stored")
				}
			})
		})
	}
}
