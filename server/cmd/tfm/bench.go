package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/config"
)

// Bench members exist only for scripts/bench/realtime. Their e-mails are in
// the reserved .invalid domain so they can never receive mail, and they are
// marked is_demo so product features that skip demo members skip them too.
const (
	benchEmailFmt  = "bench.%05d@bench.invalid"
	benchEmailLike = "bench.%@bench.invalid"
	benchPassword  = "Bench@Pass1!"
	benchMaxCount  = 100000
)

// benchOut is one line of the members file the load generator reads.
type benchOut struct {
	ProfileID string `json:"profileID"`
	Token     string `json:"token"`
	Gender    int    `json:"gender"`
}

type benchRow struct {
	UserID      uint64
	ProfileID   uint64
	ProfileCode string
	Gender      int
	Email       string
}

// benchMembers is `tfm bench-members --count N --out FILE`: it makes sure N
// bench members exist (odd numbers brides, even numbers grooms, verified,
// on an active paid plan that includes chats), logs each one in through the
// account service and writes [{profileID, token, gender}] to FILE. Access
// tokens last account.AccessTTL (15 minutes), so run it right before a
// benchmark. Re-running reuses the members and only issues fresh tokens.
func benchMembers(ctx context.Context, cfg *config.Config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("bench-members", flag.ContinueOnError)
	count := fs.Int("count", 1000, "how many bench members (half brides, half grooms)")
	out := fs.String("out", "", "write [{profileID, token, gender}] JSON here")
	workers := fs.Int("workers", 8, "logins in parallel")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if strings.EqualFold(strings.TrimSpace(cfg.AppEnv), "prod") {
		return errors.New("bench-members refuses to run with APP_ENV=prod: bench members are for local benchmarks only")
	}
	if *count < 2 || *count > benchMaxCount {
		return fmt.Errorf("--count must be between 2 and %d", benchMaxCount)
	}
	if *out == "" {
		return errors.New("usage: tfm bench-members --count N --out FILE")
	}
	a, err := app.Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()

	t0 := time.Now()
	// One hash for every bench member, at bcrypt's minimum cost (4): the
	// benchmark logs thousands of members in before each run, and at the
	// product's cost every login would spend ~250 ms of CPU in bcrypt. This
	// is acceptable only because these accounts exist solely for local
	// benchmarks (reserved .invalid e-mails, refused under APP_ENV=prod).
	hash, err := bcrypt.GenerateFromPassword([]byte(benchPassword), bcrypt.MinCost)
	if err != nil {
		return err
	}
	rows, created, err := ensureBenchMembers(ctx, a, *count, string(hash))
	if err != nil {
		return err
	}
	log.Info("bench members ready", "count", len(rows), "created", created, "took", time.Since(t0).Round(time.Millisecond).String())

	t1 := time.Now()
	res := make([]benchOut, len(rows))
	var (
		wg    sync.WaitGroup
		next  atomic.Int64
		mu    sync.Mutex
		first error
	)
	for range max(1, *workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(rows) || ctx.Err() != nil {
					return
				}
				// A different address per login keeps the per-IP login limit
				// (account.LoginPerIP) out of the way; 198.18.0.0/15 is the
				// range reserved for benchmarking (RFC 2544) and nothing is
				// sent to it: the string only keys the rate limiter.
				ip := fmt.Sprintf("198.%d.%d.%d", 18+i/65000, (i/250)%256, i%250+1)
				sess, err := a.Accounts.Login(ctx, account.LoginInput{Email: rows[i].Email, Pwd: benchPassword, LoginType: "password"}, ip)
				if err != nil {
					mu.Lock()
					if first == nil {
						first = fmt.Errorf("logging in %s: %w", rows[i].Email, err)
					}
					mu.Unlock()
					return
				}
				res[i] = benchOut{ProfileID: rows[i].ProfileCode, Token: sess.Token, Gender: rows[i].Gender}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, b, 0o600); err != nil {
		return err
	}
	log.Info("bench members logged in", "count", len(res), "out", *out, "took", time.Since(t1).Round(time.Millisecond).String(),
		"tokens_valid_for", account.AccessTTL.String())
	return nil
}

// ensureBenchMembers creates the missing bench members 1..count and brings
// every one of them back to a chat-ready state (active, verified, visible,
// chat setting "verified", the shared password, an active paid plan).
func ensureBenchMembers(ctx context.Context, a *app.App, count int, hash string) ([]benchRow, int, error) {
	db := a.DB.WithContext(ctx)
	var plan struct {
		ID           uint64
		Months       int
		ContactViews int
	}
	if err := db.Table("plans").Select("id, months, contact_views").Where("start_chats <> 0 AND active <> 0 AND is_free = 0").Order("sort, id").Take(&plan).Error; err != nil {
		return nil, 0, fmt.Errorf("no active plan that includes chats (run `tfm seed` first): %w", err)
	}
	existing := map[string]benchRow{}
	var have []benchRow
	if err := db.Raw(`SELECT u.id AS user_id, p.id AS profile_id, p.profile_code, p.gender, u.email
		FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email LIKE ?`, benchEmailLike).Scan(&have).Error; err != nil {
		return nil, 0, err
	}
	for _, r := range have {
		existing[r.Email] = r
	}
	now := time.Now().UTC().Truncate(time.Second)
	created := 0
	const batch = 250
	for start := 1; start <= count; start += batch {
		err := db.Transaction(func(tx *gorm.DB) error {
			for i := start; i < start+batch && i <= count; i++ {
				email := fmt.Sprintf(benchEmailFmt, i)
				if _, ok := existing[email]; ok {
					continue
				}
				r, err := createBenchMember(tx, i, email, hash, now)
				if err != nil {
					return fmt.Errorf("bench member %s: %w", email, err)
				}
				existing[email] = r
				created++
			}
			return nil
		})
		if err != nil {
			return nil, created, err
		}
	}
	rows := make([]benchRow, 0, count)
	ids := make([]uint64, 0, count)
	uids := make([]uint64, 0, count)
	for i := 1; i <= count; i++ {
		r := existing[fmt.Sprintf(benchEmailFmt, i)]
		rows = append(rows, r)
		ids, uids = append(ids, r.ProfileID), append(uids, r.UserID)
	}
	// Repair state a previous run or a test may have changed.
	for lo := 0; lo < len(rows); lo += 500 {
		hi := min(lo+500, len(rows))
		err := db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Table("users").Where("id IN ?", uids[lo:hi]).Updates(map[string]any{"password_hash": hash, "status": account.StatusActive,
				"email_verified_at": gorm.Expr("COALESCE(email_verified_at, ?)", now), "phone_verified_at": gorm.Expr("COALESCE(phone_verified_at, ?)", now),
				"is_demo": true}).Error; err != nil {
				return err
			}
			if err := tx.Table("profiles").Where("id IN ?", ids[lo:hi]).Updates(map[string]any{"hidden": false, "chat_setting": chat.SettingVerified}).Error; err != nil {
				return err
			}
			var paid []uint64
			if err := tx.Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").Where("s.profile_id IN ? AND s.starts_at <= ? AND s.expires_at > ? AND pl.start_chats <> 0",
				ids[lo:hi], now, now.Add(24*time.Hour)).Distinct().Pluck("s.profile_id", &paid).Error; err != nil {
				return err
			}
			has := map[uint64]bool{}
			for _, id := range paid {
				has[id] = true
			}
			for _, id := range ids[lo:hi] {
				if has[id] {
					continue
				}
				start := now.Add(-24 * time.Hour)
				if err := tx.Table("subscriptions").Create(map[string]any{"profile_id": id, "plan_id": plan.ID, "starts_at": start,
					"expires_at": start.AddDate(0, max(plan.Months, 1), 0), "contact_views_total": plan.ContactViews, "contact_views_used": 0,
					"prev_contact_view_pending": 0, "created_at": now}).Error; err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, created, err
		}
	}
	return rows, created, nil
}

// createBenchMember inserts bench member i: odd i a bride, even i a groom.
func createBenchMember(tx *gorm.DB, i int, email, hash string, now time.Time) (benchRow, error) {
	gender, role, age := chat.GenderBride, "Bride", 26
	if i%2 == 0 {
		gender, role, age = chat.GenderGroom, "Groom", 29
	}
	user := map[string]any{"email": email, "phone_code": "+91", "phone": fmt.Sprintf("6%09d", i), "password_hash": hash,
		"status": account.StatusActive, "email_verified_at": now, "phone_verified_at": now, "token_version": 0, "is_demo": true,
		"created_at": now, "updated_at": now}
	if err := tx.Table("users").Create(user).Error; err != nil {
		return benchRow{}, err
	}
	var u struct{ ID uint64 }
	if err := tx.Table("users").Select("id").Where("email = ?", email).Take(&u).Error; err != nil {
		return benchRow{}, err
	}
	code, err := benchProfileCode(tx)
	if err != nil {
		return benchRow{}, err
	}
	name := "Bench " + role + " " + letters(i) // names hold letters only (spec §5)
	prof := map[string]any{"user_id": u.ID, "profile_code": code, "name": name, "profile_name": name, "gender": gender,
		"dob": now.AddDate(-age, 0, 0), "chat_setting": chat.SettingVerified, "hidden": false, "completed_steps": 30,
		"last_active_at": now, "created_at": now, "updated_at": now}
	if err := tx.Table("profiles").Create(prof).Error; err != nil {
		return benchRow{}, err
	}
	var p struct{ ID uint64 }
	if err := tx.Table("profiles").Select("id").Where("user_id = ?", u.ID).Take(&p).Error; err != nil {
		return benchRow{}, err
	}
	return benchRow{UserID: u.ID, ProfileID: p.ID, ProfileCode: code, Gender: gender, Email: email}, nil
}

// letters spells n in base 26 with the letters a–z ("b", "ba", ...).
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n /= 26
		if n == 0 {
			return s
		}
	}
}

// benchProfileCode draws a free public profile id in the product's format.
func benchProfileCode(tx *gorm.DB) (string, error) {
	for range 20 {
		b := make([]byte, 4)
		if _, err := rand.Read(b); err != nil {
			return "", err
		}
		n := (uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])) % 9000000
		code := fmt.Sprintf("TM%07d", n+1000000)
		var c int64
		if err := tx.Table("profiles").Where("profile_code = ?", code).Count(&c).Error; err != nil {
			return "", err
		}
		if c == 0 {
			return code, nil
		}
	}
	return "", errors.New("could not find a free profile code")
}
