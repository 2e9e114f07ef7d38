package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/app"
)

// adminSession is a signed-in admin for tests.
type adminSession struct {
	ID     uint64
	Email  string
	Token  string
	Secret string // the authenticator's secret
	pwd    string
}

func (s adminSession) auth() []string { return []string{"Authorization", "Bearer " + s.Token} }

var adminSeq atomic.Int64

const adminPassword = "Admin@Secure2026"

// newAdmin makes an admin with roles and signs them in: the password, the
// authenticator's enrollment and a code, as the back office's login does.
func newAdmin(t *testing.T, a *app.App, roles ...string) adminSession {
	t.Helper()
	n := adminSeq.Add(1)
	email := fmt.Sprintf("admin%d.%d@tfmmatrimony.in", n, time.Now().UnixNano()%100000)
	row, err := a.Admin.Create(context.Background(), admin.CreateInput{Email: email, Name: "Admin " + fmt.Sprint(n), Password: adminPassword, Roles: roles})
	if err != nil {
		t.Fatal(err)
	}
	s := adminSession{ID: row.ID, Email: email, pwd: adminPassword}
	ip := fmt.Sprintf("192.0.2.%d:4000", n%250+1)
	w, e := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, email, adminPassword), "Remote-Addr", ip)
	var step admin.LoginStep
	json.Unmarshal(e.Data, &step)
	if w.Code != 200 || step.Stage != "enroll" || step.Enroll == nil || !strings.HasPrefix(step.Enroll.QRPng, "data:image/png;base64,") {
		t.Fatalf("admin login: %d %s", w.Code, w.Body.String())
	}
	s.Secret = step.Enroll.Secret
	code, _ := totp.GenerateCode(s.Secret, time.Now())
	w, e = call(t, a, "POST", "/api/admin/auth/totp", fmt.Sprintf(`{"code":%q}`, code), "Authorization", "Bearer "+step.Token, "Remote-Addr", ip)
	var out admin.SessionOut
	json.Unmarshal(e.Data, &out)
	if w.Code != 200 || out.Token == "" || out.Admin == nil {
		t.Fatalf("second factor: %d %s", w.Code, w.Body.String())
	}
	s.Token = out.Token
	return s
}

func TestAdminLogin(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			boss := newAdmin(t, a, "superadmin")
			t.Run("OKMeHasRolesAndPermissions", func(t *testing.T) {
				w, e := call(t, a, "GET", "/api/admin/me", "", boss.auth()...)
				var me admin.Me
				json.Unmarshal(e.Data, &me)
				if w.Code != 200 || me.Email != boss.Email || len(me.Roles) != 1 || me.Roles[0] != "superadmin" || len(me.Permissions) < 20 {
					t.Fatalf("%d %s", w.Code, w.Body.String())
				}
			})
			t.Run("ErrMemberTokenIsNoAdminSession", func(t *testing.T) {
				m := newMember(t, a, 20, "Anu Thomas", 26)
				if w, _ := call(t, a, "GET", "/api/admin/me", "", m.auth()...); w.Code != 401 {
					t.Fatalf("a member's token on the admin API: %d", w.Code)
				}
				if w, _ := call(t, a, "GET", "/api/admin/admins", "", m.auth()...); w.Code != 401 {
					t.Fatalf("a member's token on an admin route: %d", w.Code)
				}
				if w, _ := call(t, a, "GET", "/api/admin/admins", ""); w.Code != 401 {
					t.Fatalf("no token: %d", w.Code)
				}
			})
			t.Run("ErrSecondFactorNeededAndUsedOnce", func(t *testing.T) {
				ip := "192.0.2.77:4000"
				w, e := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, boss.Email, boss.pwd), "Remote-Addr", ip)
				var step admin.LoginStep
				json.Unmarshal(e.Data, &step)
				if w.Code != 200 || step.Stage != "totp" || step.Enroll != nil {
					t.Fatalf("second login: %d %s", w.Code, w.Body.String())
				}
				// The stage token is not a session.
				if w, _ := call(t, a, "GET", "/api/admin/me", "", "Authorization", "Bearer "+step.Token); w.Code != 401 {
					t.Fatalf("a stage token used as a session: %d", w.Code)
				}
				if w, e := call(t, a, "POST", "/api/admin/auth/totp", `{"code":"000000"}`, "Authorization", "Bearer "+step.Token, "Remote-Addr", ip); w.Code != 401 || e.Meta.Message != admin.MsgInvalidCode {
					t.Fatalf("a wrong code: %d %s", w.Code, w.Body.String())
				}
				// The code that enrolled (same 30-second step) cannot sign in again.
				code, _ := totp.GenerateCode(boss.Secret, time.Now())
				w, _ = call(t, a, "POST", "/api/admin/auth/totp", fmt.Sprintf(`{"code":%q}`, code), "Authorization", "Bearer "+step.Token, "Remote-Addr", ip)
				if w.Code != 401 {
					t.Fatalf("a replayed code: %d %s", w.Code, w.Body.String())
				}
			})
			t.Run("ErrWrongPasswordIsGenericThenThrottled", func(t *testing.T) {
				ip := "192.0.2.99:4000"
				for i := range 6 { // five free tries, as a member's, then waits
					w, e := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":"Wrong@Pass%d"}`, boss.Email, i), "Remote-Addr", ip)
					if w.Code != 401 || e.Meta.Message != admin.MsgInvalidLogin {
						t.Fatalf("wrong password %d: %d %s", i, w.Code, w.Body.String())
					}
				}
				if w, e := call(t, a, "POST", "/api/admin/auth/login", `{"email":"nobody@tfmmatrimony.in","password":"Wrong@Pass1"}`, "Remote-Addr", ip); w.Code != 401 || e.Meta.Message != admin.MsgInvalidLogin {
					t.Fatalf("unknown e-mail: %d %s", w.Code, w.Body.String())
				}
				w, _ := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, boss.Email, boss.pwd), "Remote-Addr", ip)
				if w.Code != 429 || w.Header().Get("Retry-After") == "" {
					t.Fatalf("the right password after 6 wrong ones from this address: %d %s", w.Code, w.Body.String())
				}
				// Another address is not slowed by this one's guesses.
				if w, _ := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, boss.Email, boss.pwd), "Remote-Addr", "192.0.2.100:4000"); w.Code != 200 {
					t.Fatalf("from elsewhere: %d", w.Code)
				}
			})
			t.Run("OKASecretThatNoLongerOpensIsResetAndEnrolledAgain", func(t *testing.T) {
				// What a changed JWT_SECRET does to every sealed secret: no code is accepted.
				s := newAdmin(t, a, "support")
				a.DB.Table("admins").Where("id = ?", s.ID).Update("totp_secret", "v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
				ip := "192.0.2.251:4000"
				_, e := call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, s.Email, s.pwd), "Remote-Addr", ip)
				var step admin.LoginStep
				json.Unmarshal(e.Data, &step)
				code, _ := totp.GenerateCode(s.Secret, time.Now())
				if w, _ := call(t, a, "POST", "/api/admin/auth/totp", fmt.Sprintf(`{"code":%q}`, code), "Authorization", "Bearer "+step.Token, "Remote-Addr", ip); w.Code != 401 {
					t.Fatalf("a code against a secret that does not open: %d", w.Code)
				}
				// `tfm admin reset-2fa` (ResetTOTP): the next login enrolls again.
				if _, err := a.Admin.ResetTOTP(t.Context(), s.ID); err != nil {
					t.Fatal(err)
				}
				_, e = call(t, a, "POST", "/api/admin/auth/login", fmt.Sprintf(`{"email":%q,"password":%q}`, s.Email, s.pwd), "Remote-Addr", ip)
				step = admin.LoginStep{}
				json.Unmarshal(e.Data, &step)
				if step.Stage != "enroll" || step.Enroll == nil {
					t.Fatalf("after the reset: %s", e.Data)
				}
			})
			t.Run("OKLogoutEndsTheSession", func(t *testing.T) {
				s := newAdmin(t, a, "support")
				if w, _ := call(t, a, "POST", "/api/admin/auth/logout", "", s.auth()...); w.Code != 200 {
					t.Fatalf("logout: %d", w.Code)
				}
				if w, _ := call(t, a, "GET", "/api/admin/me", "", s.auth()...); w.Code != 401 {
					t.Fatalf("after logout: %d", w.Code)
				}
			})
			t.Run("OKRoleChangeIsAuditedAndEndsTheirSessions", func(t *testing.T) {
				s := newAdmin(t, a, "support")
				w, _ := call(t, a, "PUT", fmt.Sprintf("/api/admin/admins/%d/roles", s.ID), `{"roles":["support","finance"]}`, boss.auth()...)
				if w.Code != 200 {
					t.Fatalf("%d %s", w.Code, w.Body.String())
				}
				if w, _ := call(t, a, "GET", "/api/admin/me", "", s.auth()...); w.Code != 401 {
					t.Fatalf("the changed admin's old session: %d", w.Code)
				}
				var n int64
				a.DB.Table("audit_log").Where("action = ? AND object_id = ? AND admin_id = ?", "admin.roles", fmt.Sprint(s.ID), boss.ID).Count(&n)
				if n != 1 {
					t.Fatalf("%d audit rows for the role change", n)
				}
				if w, e := call(t, a, "PUT", fmt.Sprintf("/api/admin/admins/%d/roles", boss.ID), `{"roles":["support"]}`, boss.auth()...); w.Code != 409 || e.Meta.Message != admin.MsgSelfLockout {
					t.Fatalf("taking my own superadmin away: %d %s", w.Code, w.Body.String())
				}
				// The audit log cannot be edited, even by the database user.
				if err := a.DB.Exec("UPDATE audit_log SET action = 'nothing'").Error; err == nil {
					t.Fatal("audit_log accepted an UPDATE")
				}
				if err := a.DB.Exec("DELETE FROM audit_log").Error; err == nil {
					t.Fatal("audit_log accepted a DELETE")
				}
			})
		})
	}
}
