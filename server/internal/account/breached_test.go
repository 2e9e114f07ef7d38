package account

import (
	"context"
	"strings"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// strongPassword passes the spec's rule and is in no form on the breached list.
const strongPassword = "Kochi#2027x"

// registerStrong registers e.input(n) with strongPassword, whatever the shared fixture's password is.
func registerStrong(t *testing.T, e *env, n int) (*Session, RegisterInput) {
	t.Helper()
	in := e.input(n)
	in.Password, in.ConfirmPassword = strongPassword, strongPassword
	sess, err := e.s.Register(context.Background(), in, "10.0.0.1")
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return sess, in
}

func TestValidatePasswordBreached(t *testing.T) {
	cases := map[string]string{
		// The spec's messages come first, breached or not.
		"":                           MsgPasswordRequired,
		"password":                   MsgPasswordRule, // breached, but the rule speaks first
		"password@123":               MsgPasswordRule,
		"PASSWORD@123":               MsgPasswordRule,
		"Password123":                MsgPasswordRule,
		"Password@123" + "456789012": MsgPasswordMax,
		// Spec-valid but breached, in any case and however decorated.
		"Password@123":  MsgPasswordBreached,
		"pASSWORD@123":  MsgPasswordBreached,
		"Welcome@123":   MsgPasswordBreached,
		"P@ssw0rd":      MsgPasswordBreached,
		"P@$$w0rd!":     MsgPasswordBreached,
		"Qwerty@12345":  MsgPasswordBreached,
		"Iloveyou@123":  MsgPasswordBreached,
		"Abc@12345":     MsgPasswordBreached,
		"Password@1234": MsgPasswordBreached,
		// Spec-valid and not breached.
		strongPassword:      "",
		"Madurai!2028":      "",
		"Vq7!mZp2#tLw":      "",
		"Tfm@Matrimony9":    "",
		"Abcdefg1!Abcdefg1": "",
	}
	for p, want := range cases {
		if got := ValidatePassword(p); got != want {
			t.Errorf("ValidatePassword(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestBreachedPasswordRefusedEverywhere(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		const weak = "Password@123"
		t.Run("ErrRegisterStep2AndRegister", func(t *testing.T) {
			in := e.input(4)
			in.Password, in.ConfirmPassword = weak, weak
			wantErr(t, e.s.CheckStep(ctx, 2, in), apperr.Invalid, "password", MsgPasswordBreached)
			_, err := e.s.Register(ctx, in, "10.0.0.2")
			wantErr(t, err, apperr.Invalid, "password", MsgPasswordBreached)
			if ae, _ := apperr.As(err); ae.Message != MsgPasswordBreached {
				t.Fatalf("headline %q", ae.Message)
			}
			// Nothing was created.
			var n int64
			e.db.Table("users").Where("email = ?", strings.ToLower(in.Email)).Count(&n)
			if n != 0 {
				t.Fatalf("%d users created", n)
			}
		})
		_, in := registerStrong(t, e, 5)
		uid := e.userID(t, in.Email)
		t.Run("ErrChangePassword", func(t *testing.T) {
			_, err := e.s.ChangePassword(ctx, uid, ChangePasswordInput{OldPassword: strongPassword, Password: "Welcome@123", ConfirmPassword: "Welcome@123"})
			wantErr(t, err, apperr.Invalid, "password", MsgPasswordBreached)
			if _, err := e.s.Login(ctx, LoginInput{Email: in.Email, Pwd: strongPassword}, "10.7.0.1"); err != nil {
				t.Fatalf("old password no longer works: %v", err)
			}
		})
		t.Run("ErrResetPasswordKeepsToken", func(t *testing.T) {
			if err := e.s.ForgotPassword(ctx, in.Email, "10.7.0.2"); err != nil {
				t.Fatal(err)
			}
			tok := e.lastLink(t, in.Email)
			wantErr(t, e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "P@ssw0rd", ConfirmPassword: "P@ssw0rd"}),
				apperr.Invalid, "password", MsgPasswordBreached)
			// The refused attempt did not use the link up.
			if err := e.s.ResetPassword(ctx, ResetPasswordInput{Token: tok, Password: "Madurai!2028", ConfirmPassword: "Madurai!2028"}); err != nil {
				t.Fatal(err)
			}
			if _, err := e.s.Login(ctx, LoginInput{Email: in.Email, Pwd: "Madurai!2028"}, "10.7.0.1"); err != nil {
				t.Fatal(err)
			}
		})
	})
}
