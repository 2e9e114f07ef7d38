package account

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

func TestActivation(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, in := e.register(t, 0)
		uid := e.userID(t, in.Email)
		tok := e.lastLink(t, in.Email)
		t.Run("ErrWrongPurpose", func(t *testing.T) {
			wantErr(t, e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "Chembu@7731", ConfirmPassword: "Chembu@7731"}), apperr.Invalid, "", MsgLinkInvalid)
		})
		t.Run("OKActivates", func(t *testing.T) {
			if err := e.s.Activate(ctx, tok); err != nil {
				t.Fatal(err)
			}
			if s, _ := e.s.Summary(ctx, uid); !s.EmailVerified {
				t.Fatal("email not verified")
			}
		})
		t.Run("ErrSingleUse", func(t *testing.T) {
			wantErr(t, e.s.Activate(ctx, tok), apperr.Invalid, "", MsgLinkInvalid)
		})
		t.Run("ErrExpiredAfter48Hours", func(t *testing.T) {
			_, other := e.register(t, 1)
			tok := e.lastLink(t, other.Email)
			e.clock.Advance(ActivationTTL)
			wantErr(t, e.s.Activate(ctx, tok), apperr.Invalid, "", MsgLinkInvalid)
			if err := e.s.ResendActivation(ctx, other.Email, "10.6.0.1"); err != nil {
				t.Fatal(err)
			}
			fresh := e.lastLink(t, other.Email)
			if fresh == tok {
				t.Fatal("no new link")
			}
			if err := e.s.Activate(ctx, fresh); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OKResendSameAnswerForUnknown", func(t *testing.T) {
			if err := e.s.ResendActivation(ctx, "nobody@example.in", "10.6.0.2"); err != nil {
				t.Fatal(err)
			}
		})
	})
}

func TestForgotAndResetPassword(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, in := e.register(t, 0)
		old, err := e.s.Login(ctx, LoginInput{Email: in.Email, Pwd: in.Password}, "10.7.0.1")
		if err != nil {
			t.Fatal(err)
		}
		t.Run("OKSameAnswerKnownAndUnknown", func(t *testing.T) {
			e.s.Wait() // the activation mail from registration goes out in the background
			before := len(e.mail.List())
			errKnown := e.s.ForgotPassword(ctx, in.Email, "10.7.0.2")
			errUnknown := e.s.ForgotPassword(ctx, "nobody@example.in", "10.7.0.3")
			if errKnown != nil || errUnknown != nil {
				t.Fatalf("known %v, unknown %v", errKnown, errUnknown)
			}
			e.s.Wait()
			l := e.mail.List()
			if len(l) != before+1 || !strings.EqualFold(l[0].To, in.Email) {
				t.Fatalf("mails: %d new", len(l)-before)
			}
			wantErr(t, e.s.ForgotPassword(ctx, "nobody@", "10.7.0.3"), apperr.Invalid, "email", "Please enter a valid email address")
		})
		tok := e.lastLink(t, in.Email)
		t.Run("ErrInvalidPasswordKeepsToken", func(t *testing.T) {
			wantErr(t, e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "short", ConfirmPassword: "short"}), apperr.Invalid, "password", MsgPasswordRule)
			wantErr(t, e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "Chembu@7731", ConfirmPassword: "Chembu@7732"}), apperr.Invalid, "confirmPassword", MsgPasswordMismatch)
		})
		t.Run("OKResetEndsSessions", func(t *testing.T) {
			if err := e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "Chembu@7731", ConfirmPassword: "Chembu@7731"}); err != nil {
				t.Fatal(err)
			}
			_, err := e.s.Authenticate(ctx, old.Token)
			wantErr(t, err, apperr.Unauthorized, "", "")
			_, err = e.s.Refresh(ctx, old.RefreshToken)
			wantErr(t, err, apperr.Unauthorized, "", "")
			if _, err := e.s.Login(ctx, LoginInput{Email: in.Email, Pwd: "Chembu@7731"}, "10.7.0.1"); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("ErrSingleUse", func(t *testing.T) {
			wantErr(t, e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "Munnar@5512", ConfirmPassword: "Munnar@5512"}), apperr.Invalid, "", MsgLinkInvalid)
		})
		t.Run("ErrExpiredAfterOneHour", func(t *testing.T) {
			if err := e.s.ForgotPassword(ctx, in.Email, "10.7.0.4"); err != nil {
				t.Fatal(err)
			}
			tok := e.lastLink(t, in.Email)
			e.clock.Advance(ResetTTL)
			wantErr(t, e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "Munnar@5512", ConfirmPassword: "Munnar@5512"}), apperr.Invalid, "", MsgLinkInvalid)
		})
		t.Run("ErrRateLimitedPerAddress", func(t *testing.T) {
			var err error
			for i := 0; i < MailPerAddress+1; i++ {
				err = e.s.ForgotPassword(ctx, "flood@example.in", fmt.Sprintf("10.7.1.%d", i))
			}
			wantErr(t, err, apperr.RateLimited, "", "")
		})
	})
}

func TestHideExportDelete(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		sess, in := e.register(t, 0)
		uid := e.userID(t, in.Email)
		var prof struct {
			ID          uint64
			ProfileCode string
		}
		e.db.Raw("SELECT id, profile_code FROM profiles WHERE user_id = ?", uid).Scan(&prof)
		// A photo with its files, a subscription, a pending OTP, a reset link.
		key := "ab12cd34ef56ab12cd34ef56ab12cd34"
		dir := filepath.Join(e.media, "photos", key[:2])
		_ = os.MkdirAll(dir, 0o750)
		for _, f := range []string{key + "_small.jpg", key + "_large.jpg"} {
			_ = os.WriteFile(filepath.Join(dir, f), []byte("jpeg"), 0o640)
		}
		now := e.clock.Now()
		mustExec(t, e.db, "INSERT INTO photos (profile_id, file_key, is_default, sort, created_at) VALUES (?, ?, 1, 0, ?)", prof.ID, key, now)
		mustExec(t, e.db, "INSERT INTO plans (name, months, price_inr, contact_views) VALUES ('TFM-CLASSIC', 3, 3999, 50)")
		var planID uint64
		e.db.Raw("SELECT id FROM plans WHERE name = 'TFM-CLASSIC'").Scan(&planID)
		mustExec(t, e.db, "INSERT INTO subscriptions (profile_id, plan_id, starts_at, expires_at, contact_views_total, created_at) VALUES (?, ?, ?, ?, 50, ?)",
			prof.ID, planID, now.Add(-time.Hour), now.AddDate(0, 3, 0), now)
		if err := e.s.SendMobileOTP(ctx, uid, "10.8.0.1"); err != nil {
			t.Fatal(err)
		}
		if err := e.s.ForgotPassword(ctx, in.Email, "10.8.0.1"); err != nil {
			t.Fatal(err)
		}
		e.s.Wait()

		t.Run("OKSummaryHasPhotoAndPlan", func(t *testing.T) {
			s, err := e.s.Summary(ctx, uid)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Photos) != 1 || s.Photos[0].ImagePath != "/media/photos/ab/" || s.Photos[0].Images.Large != key+"_large.jpg" || s.Subscription == nil || s.Subscription.PlanName != "TFM-CLASSIC" {
				t.Fatalf("summary %+v", s)
			}
		})
		t.Run("OKHideAndUnhide", func(t *testing.T) {
			for _, h := range []bool{true, false} {
				if err := e.s.SetHidden(ctx, uid, h); err != nil {
					t.Fatal(err)
				}
				if s, _ := e.s.Summary(ctx, uid); s.Hidden != h {
					t.Fatalf("hidden = %v, want %v", s.Hidden, h)
				}
			}
			wantErr(t, e.s.SetHidden(ctx, 999999, true), apperr.NotFound, "", "")
		})
		t.Run("OKExportHasEverythingButSecrets", func(t *testing.T) {
			x, err := e.s.Export(ctx, uid)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(x)
			if err != nil {
				t.Fatal(err)
			}
			js := string(b)
			for _, want := range []string{in.Email, in.Phone, prof.ProfileCode, in.Name, key, `"sessions":[{`} {
				if !strings.Contains(js, want) {
					t.Fatalf("export lacks %q: %s", want, js)
				}
			}
			for _, bad := range []string{"password", "$2a$", "token_hash", sess.RefreshToken} {
				if strings.Contains(js, bad) {
					t.Fatalf("export holds %q", bad)
				}
			}
			if len(x.Subscriptions) != 1 || len(x.Photos) != 1 {
				t.Fatalf("export %d subscriptions, %d photos", len(x.Subscriptions), len(x.Photos))
			}
		})
		t.Run("ErrDeleteNeedsPassword", func(t *testing.T) {
			wantErr(t, e.s.DeleteAccount(ctx, uid, "Wrong@123"), apperr.Invalid, "password", "Current password is incorrect")
		})
		t.Run("OKDeleteLeavesNothing", func(t *testing.T) {
			if err := e.s.DeleteAccount(ctx, uid, in.Password); err != nil {
				t.Fatal(err)
			}
			for _, hit := range traces(t, e.db, uid, prof.ID, in.Email, in.Phone, prof.ProfileCode) {
				t.Errorf("left behind: %s", hit)
			}
			for _, f := range []string{key + "_small.jpg", key + "_large.jpg"} {
				if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
					t.Errorf("photo file %s still there", f)
				}
			}
			if n := e.otp.Len(); n != 0 {
				t.Errorf("%d OTP codes left", n)
			}
			_, err := e.s.Authenticate(ctx, sess.Token)
			wantErr(t, err, apperr.Unauthorized, "", "")
			_, err = e.s.Refresh(ctx, sess.RefreshToken)
			wantErr(t, err, apperr.Unauthorized, "", "")
			_, err = e.s.Login(ctx, LoginInput{Email: in.Email, Pwd: in.Password}, "10.8.0.2")
			wantErr(t, err, apperr.Unauthorized, "", MsgBadCredentials)
		})
		t.Run("OKSameEmailAndPhoneRegisterAgain", func(t *testing.T) {
			again := e.input(0)
			if _, err := e.s.Register(ctx, again, "10.8.0.3"); err != nil {
				t.Fatal(err)
			}
		})
	})
}

func mustExec(t *testing.T, db *store.DB, q string, args ...any) {
	t.Helper()
	if err := db.Exec(q, args...).Error; err != nil {
		t.Fatal(err)
	}
}

// traces lists "table.column" cells anywhere in the database that still hold
// the member's ids (in user_id / profile_id columns), e-mail, phone or profile code.
func traces(t *testing.T, db *store.DB, uid, pid uint64, values ...string) []string {
	t.Helper()
	type col struct{ Table, Column string }
	var cols []col
	switch db.Dialect {
	case store.MySQL:
		db.Raw(`SELECT TABLE_NAME AS ` + "`table`" + `, COLUMN_NAME AS ` + "`column`" + ` FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()`).Scan(&cols)
	case store.SQLite:
		var tables []string
		db.Raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).Scan(&tables)
		for _, tb := range tables {
			var cs []struct{ Name string }
			db.Raw(`SELECT name FROM pragma_table_info(?)`, tb).Scan(&cs)
			for _, c := range cs {
				cols = append(cols, col{tb, c.Name})
			}
		}
	}
	if len(cols) < 50 {
		t.Fatalf("only %d columns found", len(cols))
	}
	q := func(s string) string {
		if db.Dialect == store.MySQL {
			return "`" + s + "`"
		}
		return `"` + s + `"`
	}
	var out []string
	for _, c := range cols {
		conds, args := []string{}, []any{}
		switch c.Column {
		case "user_id":
			conds, args = append(conds, q(c.Column)+" = ?"), append(args, uid)
		case "profile_id":
			conds, args = append(conds, q(c.Column)+" = ?"), append(args, pid)
		}
		for _, v := range values {
			conds, args = append(conds, "CAST("+q(c.Column)+" AS CHAR) LIKE ?"), append(args, "%"+v+"%")
		}
		var n int64
		if err := db.Raw("SELECT COUNT(*) FROM "+q(c.Table)+" WHERE "+strings.Join(conds, " OR "), args...).Scan(&n).Error; err != nil {
			t.Fatalf("%s.%s: %v", c.Table, c.Column, err)
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("%s.%s (%d rows)", c.Table, c.Column, n))
		}
	}
	return out
}
