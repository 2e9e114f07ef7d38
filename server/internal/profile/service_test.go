package profile_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

type member struct {
	id   uint64
	code string
}

// members inserts n bare members (alternately bride and groom) and returns them.
func members(t *testing.T, db *store.DB, n int) []member {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	var out []member
	for i := 0; i < n; i++ {
		u := map[string]any{"email": fmt.Sprintf("p%d@example.in", i), "phone_code": "+91", "phone": fmt.Sprintf("97000000%02d", i),
			"password_hash": "x", "status": "active", "created_at": now, "updated_at": now}
		if err := db.Table("users").Create(u).Error; err != nil {
			t.Fatal(err)
		}
		var uid uint64
		db.Table("users").Where("email = ?", u["email"]).Pluck("id", &uid)
		code := fmt.Sprintf("TM%07d", 2000000+i)
		p := map[string]any{"user_id": uid, "profile_code": code, "name": "Member", "gender": 20 - 10*(i%2),
			"dob": now.AddDate(-25-i, 0, 0).Format("2006-01-02"), "created_at": now, "updated_at": now}
		if err := db.Table("profiles").Create(p).Error; err != nil {
			t.Fatal(err)
		}
		var pid uint64
		db.Table("profiles").Where("user_id = ?", uid).Pluck("id", &pid)
		out = append(out, member{pid, code})
	}
	return out
}

func service(t *testing.T, db *store.DB) (*profile.Service, *relation.Store) {
	t.Helper()
	rel := relation.New(db)
	s, err := profile.New(profile.Deps{DB: db, Master: master.NewService(db), Relations: rel, Disk: media.NewDisk(t.TempDir()),
		Images: media.NewProcessor(1), Grants: media.NewGrants(bytes.Repeat([]byte("g"), 32), nil)})
	if err != nil {
		t.Fatal(err)
	}
	return s, rel
}

func TestNewRefusesMissingDependencies(t *testing.T) {
	if _, err := profile.New(profile.Deps{}); err == nil {
		t.Fatal("New must refuse missing dependencies")
	}
}

// TestConcurrentViewsKeepOneRowPerPair: many simultaneous views of one
// profile by one viewer give one row whose count is the number of views.
func TestConcurrentViewsKeepOneRowPerPair(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ms := members(t, db, 2)
			s, _ := service(t, db)
			var wg sync.WaitGroup
			errs := make(chan error, 8)
			for i := 0; i < 8; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := s.Partner(context.Background(), ms[1].id, ms[1].code, ms[0].code); err != nil {
						errs <- err
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			var rows []struct{ ViewCount int }
			db.Table("profile_views").Where("viewer_id = ? AND viewed_id = ?", ms[1].id, ms[0].id).Find(&rows)
			if len(rows) != 1 || rows[0].ViewCount != 8 {
				t.Fatalf("rows %+v", rows)
			}
			// Viewing oneself records nothing.
			if v, err := s.Partner(context.Background(), ms[0].id, ms[0].code, ms[0].code); err != nil || !v.IsSelf {
				t.Fatalf("%v %v", v, err)
			}
			var n int64
			db.Table("profile_views").Where("viewer_id = viewed_id").Count(&n)
			if n != 0 {
				t.Fatal("a self view was recorded")
			}
		})
	}
}

// TestPhotoAccessRules drives PhotoAccess through each rule.
func TestPhotoAccessRules(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			ms := members(t, db, 3)
			owner, viewer, third := ms[0], ms[1], ms[2]
			s, rel := service(t, db)
			key := "0123456789abcdef0123456789abcdef"
			if err := db.Table("photos").Create(map[string]any{"profile_id": owner.id, "file_key": key, "is_default": true,
				"sort": 0, "created_at": time.Now().UTC()}).Error; err != nil {
				t.Fatal(err)
			}
			check := func(viewerCode string, want apperr.Kind) {
				t.Helper()
				err := s.PhotoAccess(ctx, viewerCode, key)
				got := apperr.Kind("ok")
				if err != nil {
					got = apperr.KindOf(err)
				}
				if got != want {
					t.Fatalf("viewer %s: %s, want %s", viewerCode, got, want)
				}
			}
			check(owner.code, "ok")
			check(viewer.code, "ok")
			check("TM9999999", apperr.Forbidden)
			if err := s.PhotoAccess(ctx, viewer.code, "ffffffffffffffffffffffffffffffff"); apperr.KindOf(err) != apperr.NotFound {
				t.Fatalf("unknown photo: %v", err)
			}
			db.Table("profiles").Where("id = ?", owner.id).Update("photo_visibility", profile.PhotosProtected)
			check(viewer.code, apperr.Forbidden)
			check(owner.code, "ok")
			rel.Request(ctx, relation.KindPhoto, viewer.id, owner.id)
			check(viewer.code, apperr.Forbidden)
			rel.AnswerRequest(ctx, relation.KindPhoto, owner.id, viewer.id, relation.RequestAccepted)
			check(viewer.code, "ok")
			check(third.code, apperr.Forbidden)
			rel.Request(ctx, relation.KindPhone, third.id, owner.id)
			rel.AnswerRequest(ctx, relation.KindPhone, owner.id, third.id, relation.RequestAccepted)
			check(third.code, apperr.Forbidden) // a phone request gives no photos
			rel.DontShow(ctx, viewer.id, owner.id)
			check(viewer.code, "ok") // "don't show" only filters lists
			rel.Block(ctx, owner.id, viewer.id)
			check(viewer.code, apperr.NotFound)
			rel.Unblock(ctx, owner.id, viewer.id)
			check(viewer.code, "ok")
			db.Table("profiles").Where("id = ?", owner.id).Update("hidden", true)
			check(viewer.code, apperr.NotFound)
			check(owner.code, "ok")
			db.Table("profiles").Where("id = ?", owner.id).Update("hidden", false)
			var uid uint64
			db.Table("profiles").Where("id = ?", viewer.id).Pluck("user_id", &uid)
			db.Table("users").Where("id = ?", uid).Update("status", "banned")
			check(viewer.code, apperr.Forbidden)
		})
	}
}

// TestSeedDefaultPreferencesIsIdempotent: the demo seed's preferences are
// saved once and never overwrite a member's own.
func TestSeedDefaultPreferencesIsIdempotent(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			ms := members(t, db, 2)
			ids := []uint64{ms[0].id, ms[1].id}
			if n, err := profile.SeedDefaultPreferences(ctx, db, ids); err != nil || n != 2 {
				t.Fatalf("%d %v", n, err)
			}
			if n, err := profile.SeedDefaultPreferences(ctx, db, ids); err != nil || n != 0 {
				t.Fatalf("second run saved %d (%v)", n, err)
			}
			s, _ := service(t, db)
			p, err := s.Preference(ctx, ms[0].id)
			if err != nil || !p.Saved || p.Age.Min != 25 || p.Age.Max != 32 {
				t.Fatalf("%+v %v", p, err)
			}
		})
	}
}

// TestDashboardCountsOnlyWhomTheMemberMaySee: each of the dashboard's
// counters (invitations received and accepted, recent visitors, photo and
// phone requests) counts what it names, and leaves out hidden, suspended,
// blocked and "don't show" members, on both engines.
func TestDashboardCountsOnlyWhomTheMemberMaySee(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			storetest.SeedMaster(t, db)
			s, rel := service(t, db)
			m := members(t, db, 9)
			owner := m[0].id
			now := time.Now().UTC().Truncate(time.Millisecond)
			ins := func(table string, row map[string]any) {
				t.Helper()
				if err := db.Table(table).Create(row).Error; err != nil {
					t.Fatal(err)
				}
			}
			invite := func(from, to uint64, status string) {
				ins("invitations", map[string]any{"sender_id": from, "receiver_id": to, "status": status, "created_at": now, "updated_at": now})
			}
			view := func(viewer uint64, at time.Time) {
				ins("profile_views", map[string]any{"viewer_id": viewer, "viewed_id": owner, "first_viewed_at": at, "last_viewed_at": at})
			}
			ask := func(kind string, from uint64, status string) {
				ins("access_requests", map[string]any{"kind": kind, "requester_id": from, "owner_id": owner, "status": status,
					"created_at": now, "updated_at": now})
			}
			hidden, suspended, blocked, dontShow := m[2].id, m[6].id, m[3].id, m[7].id
			if err := db.Table("profiles").Where("id = ?", hidden).Update("hidden", true).Error; err != nil {
				t.Fatal(err)
			}
			if err := db.Exec("UPDATE users SET status = 'suspended' WHERE id = (SELECT user_id FROM profiles WHERE id = ?)", suspended).Error; err != nil {
				t.Fatal(err)
			}
			if err := rel.Block(ctx, owner, blocked); err != nil {
				t.Fatal(err)
			}
			if err := rel.DontShow(ctx, owner, dontShow); err != nil {
				t.Fatal(err)
			}

			invite(m[1].id, owner, relation.InvitePending) // received
			invite(hidden, owner, relation.InvitePending)
			invite(blocked, owner, relation.InvitePending)
			invite(owner, m[4].id, relation.InviteAccepted) // accepted, either way
			invite(m[5].id, owner, relation.InviteAccepted)
			invite(suspended, owner, relation.InviteAccepted)
			invite(m[8].id, owner, relation.InviteDeclined)
			view(m[1].id, now.Add(-time.Hour)) // a recent visitor
			view(m[4].id, now.Add(-40*24*time.Hour))
			view(hidden, now.Add(-time.Hour))
			ask(relation.KindPhoto, m[1].id, relation.RequestPending) // photo
			ask(relation.KindPhoto, m[5].id, relation.RequestAccepted)
			ask(relation.KindPhone, m[4].id, relation.RequestPending) // phone
			ask(relation.KindPhone, dontShow, relation.RequestPending)

			d, err := s.Dashboard(ctx, owner)
			if err != nil {
				t.Fatal(err)
			}
			want := profile.DashCounts{InvitationsReceived: 1, InvitationsAccepted: 2, RecentVisitors: 1, PhotoRequests: 1, PhoneRequests: 1}
			if d.Counts != want {
				t.Fatalf("counts %+v, want %+v", d.Counts, want)
			}
		})
	}
}
