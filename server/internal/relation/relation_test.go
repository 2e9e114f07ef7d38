package relation_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// profiles inserts n bare users with profiles and returns their profile ids.
func profiles(t *testing.T, db *store.DB, n int) []uint64 {
	t.Helper()
	now := time.Now().UTC()
	var ids []uint64
	for i := 0; i < n; i++ {
		u := map[string]any{"email": fmt.Sprintf("r%d@example.in", i), "phone_code": "+91", "phone": fmt.Sprintf("98000000%02d", i),
			"password_hash": "x", "status": "active", "created_at": now, "updated_at": now}
		if err := db.Table("users").Create(u).Error; err != nil {
			t.Fatal(err)
		}
		var uid uint64
		db.Table("users").Where("email = ?", u["email"]).Pluck("id", &uid)
		p := map[string]any{"user_id": uid, "profile_code": fmt.Sprintf("TM%07d", i), "name": "Member", "gender": 10 + 10*(i%2),
			"dob": "1995-01-01", "created_at": now, "updated_at": now}
		if err := db.Table("profiles").Create(p).Error; err != nil {
			t.Fatal(err)
		}
		var pid uint64
		db.Table("profiles").Where("user_id = ?", uid).Pluck("id", &pid)
		ids = append(ids, pid)
	}
	return ids
}

// recorded is a Store on db with the changes it announces, in order.
func recorded(db *store.DB) (*relation.Store, *[]relation.Change) {
	s := relation.New(db)
	seen := &[]relation.Change{}
	s.OnChange(func(_ context.Context, ch relation.Change) { *seen = append(*seen, ch) })
	return s, seen
}

func TestRelations(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			s, seen := recorded(db)
			ids := profiles(t, db, 4)
			a, b, c, d := ids[0], ids[1], ids[2], ids[3]

			if err := s.Block(ctx, a, b); err != nil {
				t.Fatal(err)
			}
			if err := s.Block(ctx, a, b); err != nil { // idempotent
				t.Fatal(err)
			}
			if apperr.KindOf(s.Block(ctx, a, a)) != apperr.BadRequest {
				t.Fatal("self block must be refused")
			}
			for _, pair := range [][2]uint64{{a, b}, {b, a}} {
				if ok, _ := s.Blocked(ctx, pair[0], pair[1]); !ok {
					t.Fatalf("block must hold both ways: %v", pair)
				}
			}
			if err := s.DontShow(ctx, c, a); err != nil {
				t.Fatal(err)
			}
			if h, _ := s.Hidden(ctx, c, a); !h {
				t.Fatal("dont-show must hide a from c")
			}
			if h, _ := s.Hidden(ctx, a, c); h {
				t.Fatal("dont-show is one-way")
			}
			ex, _ := s.Excluded(ctx, b)
			if _, ok := ex[a]; !ok || len(ex) != 1 {
				t.Fatalf("excluded for b = %v", ex)
			}
			var got []uint64
			db.Table("profiles").Where(relation.ExcludedSQL("profiles.id"), a, a, a).Where("id <> ?", a).Order("id").Pluck("id", &got)
			if fmt.Sprint(got) != fmt.Sprint([]uint64{c, d}) {
				t.Fatalf("ExcludedSQL for a gave %v", got)
			}

			if _, err := s.Invite(ctx, c, d); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Invite(ctx, d, c); apperr.KindOf(err) != apperr.Conflict {
				t.Fatalf("second live invitation: %v", err)
			}
			if ok, _ := s.InvitationAccepted(ctx, c, d); ok {
				t.Fatal("pending is not accepted")
			}
			if err := s.RespondInvitation(ctx, d, c, relation.InviteAccepted); err != nil {
				t.Fatal(err)
			}
			if ok, _ := s.InvitationAccepted(ctx, d, c); !ok {
				t.Fatal("accepted invitation must count both ways")
			}
			if err := s.CancelInvitation(ctx, c, d); apperr.KindOf(err) != apperr.NotFound {
				t.Fatalf("cancel of accepted: %v", err)
			}

			if err := s.Request(ctx, relation.KindPhoto, c, d); err != nil {
				t.Fatal(err)
			}
			if ok, _ := s.RequestAccepted(ctx, relation.KindPhoto, c, d); ok {
				t.Fatal("pending request is not accepted")
			}
			if err := s.AnswerRequest(ctx, relation.KindPhoto, d, c, relation.RequestAccepted); err != nil {
				t.Fatal(err)
			}
			if ok, _ := s.RequestAccepted(ctx, relation.KindPhoto, c, d); !ok {
				t.Fatal("accepted request")
			}
			if len(*seen) < 6 || (*seen)[0].Kind != relation.Blocked {
				t.Fatalf("changes announced: %+v", *seen)
			}
			// Deleting a profile erases its relations.
			if err := db.Exec("DELETE FROM profiles WHERE id = ?", a).Error; err != nil {
				t.Fatal(err)
			}
			if ok, _ := s.Blocked(ctx, a, b); ok {
				t.Fatal("blocks must go with the profile")
			}
		})
	}
}

// TestFileReport: a report marks "don't show" and blocks, a chat report needs
// a conversation; every mark is announced after the commit, and a refused
// report leaves nothing behind.
func TestFileReport(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			s, seen := recorded(db)
			ids := profiles(t, db, 4)
			a, b, c, d := ids[0], ids[1], ids[2], ids[3]
			count := func(table, where string, args ...any) (n int64) {
				db.Table(table).Where(where, args...).Count(&n)
				return n
			}

			if err := s.FileReport(ctx, relation.Report{Reporter: a, Reported: b, Kind: relation.ReportProfile, Reason: "fake"}); err != nil {
				t.Fatal(err)
			}
			if h, _ := s.Hidden(ctx, a, b); !h {
				t.Error("a reported profile must be hidden from the reporter")
			}
			if bl, _ := s.Blocked(ctx, a, b); !bl {
				t.Error("a report blocks")
			}
			// Reporting again keeps the one mark and the one block.
			if err := s.FileReport(ctx, relation.Report{Reporter: a, Reported: b, Kind: relation.ReportProfile, Reason: "married"}); err != nil {
				t.Fatal(err)
			}
			if n := count("dont_shows", "profile_id = ? AND target_id = ?", a, b); n != 1 {
				t.Errorf("%d don't-show marks", n)
			}
			if n := count("blocks", "blocker_id = ? AND blocked_id = ?", a, b); n != 1 {
				t.Errorf("%d blocks", n)
			}

			err := s.FileReport(ctx, relation.Report{Reporter: c, Reported: d, Kind: relation.ReportChat, Reason: "money"})
			if apperr.KindOf(err) != apperr.BadRequest || count("reports", "reporter_id = ?", c) != 0 || count("dont_shows", "profile_id = ?", c) != 0 {
				t.Fatalf("a chat report without a chat: %v", err)
			}
			now := time.Now().UTC()
			db.Table("chat_conversations").Create(map[string]any{"low_id": min(c, d), "high_id": max(c, d), "started_by": d, "created_at": now, "updated_at": now})
			*seen = nil
			if err := s.FileReport(ctx, relation.Report{Reporter: c, Reported: d, Kind: relation.ReportChat, Reason: "money"}); err != nil {
				t.Fatal(err)
			}
			if bl, _ := s.Blocked(ctx, c, d); !bl {
				t.Error("a chat report blocks")
			}
			want := []relation.Change{{Kind: relation.DontShown, From: c, To: d}, {Kind: relation.Blocked, From: c, To: d}}
			if fmt.Sprint(*seen) != fmt.Sprint(want) {
				t.Errorf("announced %+v", *seen)
			}
			if apperr.KindOf(s.FileReport(ctx, relation.Report{Reporter: c, Reported: c, Kind: relation.ReportProfile, Reason: "fake"})) != apperr.BadRequest {
				t.Error("self report must be refused")
			}
		})
	}
}
