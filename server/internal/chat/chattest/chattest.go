// Package chattest creates members for chat and gateway tests directly in a
// migrated database: a user and a profile, and on demand a photo, a paid
// plan, a chat setting or a hidden profile. Passwords are hashed at the
// lowest bcrypt cost so that logging in stays fast.
package chattest

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Password is every test member's password.
const Password = "Secret@123"

var (
	seq  atomic.Uint64
	hash = func() string {
		h, err := bcrypt.GenerateFromPassword([]byte(Password), bcrypt.MinCost)
		if err != nil {
			panic(err)
		}
		return string(h)
	}()
)

// Member is a created test member.
type Member struct {
	ID     uint64 // profiles.id
	UserID uint64
	Code   string // public profile id
	Email  string
	Name   string
	Gender int
}

// Options describe a member; the zero value is a verified free groom whose
// chat setting is the default ("verified").
type Options struct {
	Bride      bool
	Paid       bool
	Unverified bool
	Setting    string // chat_setting; "" keeps the default
	Hidden     bool
	Protected  bool // photo_visibility "protected"
	Photo      bool // add a default photo
	Name       string
}

// NewMember inserts a member as described by o.
func NewMember(t testing.TB, db *store.DB, o Options) Member {
	t.Helper()
	n := seq.Add(1)
	now := time.Now().UTC().Truncate(time.Millisecond)
	m := Member{Email: fmt.Sprintf("chat%d@example.in", n), Name: o.Name, Gender: 10}
	if o.Bride {
		m.Gender = 20
	}
	if m.Name == "" {
		m.Name = fmt.Sprintf("Member %c", 'A'+rune(n%26))
	}
	u := map[string]any{"email": m.Email, "phone_code": "+91", "phone": fmt.Sprintf("9%09d", n), "password_hash": hash,
		"status": "active", "token_version": 0, "is_demo": false, "created_at": now, "updated_at": now}
	if !o.Unverified {
		u["email_verified_at"] = now
	}
	must(t, db.Table("users").Create(u).Error)
	must(t, db.Table("users").Where("email = ?", m.Email).Pluck("id", &m.UserID).Error)
	m.Code = fmt.Sprintf("TM%07d", 1000000+n)
	p := map[string]any{"user_id": m.UserID, "profile_code": m.Code, "name": m.Name, "profile_name": m.Name, "gender": m.Gender,
		"dob": "1996-05-01", "hidden": o.Hidden, "photo_visibility": "all", "created_at": now, "updated_at": now, "last_active_at": now}
	if o.Setting != "" {
		p["chat_setting"] = o.Setting
	}
	if o.Protected {
		p["photo_visibility"] = "protected"
	}
	must(t, db.Table("profiles").Create(p).Error)
	must(t, db.Table("profiles").Where("user_id = ?", m.UserID).Pluck("id", &m.ID).Error)
	if o.Photo {
		key := fmt.Sprintf("ab%030d", n)
		must(t, db.Table("photos").Create(map[string]any{"profile_id": m.ID, "file_key": key, "is_default": true, "sort": 0, "created_at": now}).Error)
	}
	if o.Paid {
		GivePlan(t, db, m.ID, now.Add(-time.Hour), now.AddDate(0, 3, 0))
	}
	return m
}

// GivePlan adds a subscription to a plan that includes chats.
func GivePlan(t testing.TB, db *store.DB, profileID uint64, from, until time.Time) {
	t.Helper()
	var planID uint64
	db.Table("plans").Where("name = ?", "TFM-CLASSIC").Pluck("id", &planID)
	if planID == 0 {
		err := db.Table("plans").Create(map[string]any{"name": "TFM-CLASSIC", "months": 3, "price_inr": 3999, "contact_views": 50,
			"start_chats": true, "profile_highlight": false, "priority_support": false, "daily_invitations": 50, "sort": 2, "active": true}).Error
		if err != nil && !store.IsUniqueViolation(err) {
			t.Fatal(err)
		}
		db.Table("plans").Where("name = ?", "TFM-CLASSIC").Pluck("id", &planID)
	}
	must(t, db.Table("subscriptions").Create(map[string]any{"profile_id": profileID, "plan_id": planID, "starts_at": from,
		"expires_at": until, "contact_views_total": 50, "created_at": from}).Error)
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
