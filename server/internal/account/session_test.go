package account

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

func TestAuthenticate(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		sess, in := e.register(t, 0)
		uid := e.userID(t, in.Email)
		p, err := e.s.Authenticate(ctx, sess.Token)
		if err != nil {
			t.Fatal(err)
		}
		claims := func(typ string, exp time.Time) accessClaims {
			return accessClaims{ProfileCode: p.ProfileCode, Version: 0, Type: typ, Session: p.SessionID,
				RegisteredClaims: jwt.RegisteredClaims{Subject: strconv.FormatUint(uid, 10), IssuedAt: jwt.NewNumericDate(e.clock.Now().Add(-time.Hour)), ExpiresAt: jwt.NewNumericDate(exp)}}
		}
		later := e.clock.Now().Add(time.Minute)
		sign := func(m jwt.SigningMethod, key any, c accessClaims) string {
			s, err := jwt.NewWithClaims(m, c).SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		none := sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims("access", later))
		cases := []struct {
			name  string
			token string
			kind  apperr.Kind
		}{
			{"ErrAlgNone", none, apperr.Unauthorized},
			{"ErrOtherKey", sign(jwt.SigningMethodHS256, []byte("another-key-another-key-another-key"), claims("access", later)), apperr.Unauthorized},
			{"ErrServerSecretUsedDirectly", sign(jwt.SigningMethodHS256, []byte(testSecret), claims("access", later)), apperr.Unauthorized},
			{"ErrOtherAlgSameKey", sign(jwt.SigningMethodHS512, e.s.jwtKey, claims("access", later)), apperr.Unauthorized},
			{"ErrTypeRefresh", sign(jwt.SigningMethodHS256, e.s.jwtKey, claims("refresh", later)), apperr.Unauthorized},
			{"ErrRefreshTokenAsAccess", sess.RefreshToken, apperr.Unauthorized},
			{"ErrGarbage", "a.b.c", apperr.Unauthorized},
			{"ErrEmpty", "", apperr.Unauthorized},
			{"ErrExpiredOtherKey", sign(jwt.SigningMethodHS256, []byte("another-key-another-key-another-key"), claims("access", e.clock.Now().Add(-time.Minute))), apperr.Unauthorized},
			{"ErrExpiredNone", sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims("access", e.clock.Now().Add(-time.Minute))), apperr.Unauthorized},
			{"ErrStaleVersion", sign(jwt.SigningMethodHS256, e.s.jwtKey, func() accessClaims { c := claims("access", later); c.Version = 7; return c }()), apperr.Unauthorized},
			{"TokenExpiredGenuine", sign(jwt.SigningMethodHS256, e.s.jwtKey, claims("access", e.clock.Now().Add(-time.Second))), apperr.TokenExpired},
			{"OKForged-ButGenuineKey", sign(jwt.SigningMethodHS256, e.s.jwtKey, claims("access", later)), ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := e.s.Authenticate(ctx, c.token)
				if c.kind == "" {
					if err != nil {
						t.Fatal(err)
					}
					return
				}
				wantErr(t, err, c.kind, "", "")
			})
		}
		t.Run("TokenExpiredAfter15Minutes", func(t *testing.T) {
			e.clock.Advance(AccessTTL + time.Second)
			defer e.clock.Advance(-(AccessTTL + time.Second))
			_, err := e.s.Authenticate(ctx, sess.Token)
			wantErr(t, err, apperr.TokenExpired, "", MsgTokenExpired)
		})
	})
}

func TestRefreshRotation(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		sess, _ := e.register(t, 0)
		t.Run("OKRotates", func(t *testing.T) {
			next, err := e.s.Refresh(ctx, sess.RefreshToken)
			if err != nil {
				t.Fatal(err)
			}
			if next.Token == "" || next.RefreshToken == sess.RefreshToken {
				t.Fatalf("not rotated: %+v", next)
			}
			if _, err := e.s.Authenticate(ctx, next.Token); err != nil {
				t.Fatal(err)
			}
			t.Run("ErrReuseRevokesFamily", func(t *testing.T) {
				_, err := e.s.Refresh(ctx, sess.RefreshToken)
				wantErr(t, err, apperr.Unauthorized, "", MsgSessionEnded)
				_, err = e.s.Refresh(ctx, next.RefreshToken)
				wantErr(t, err, apperr.Unauthorized, "", "")
				_, err = e.s.Authenticate(ctx, next.Token)
				wantErr(t, err, apperr.Unauthorized, "", "")
			})
		})
		t.Run("ErrUnknownToken", func(t *testing.T) {
			_, err := e.s.Refresh(ctx, "not-a-token")
			wantErr(t, err, apperr.Unauthorized, "", "")
		})
		t.Run("ErrAccessTokenAsRefresh", func(t *testing.T) {
			s2, err := e.s.Login(ctx, LoginInput{Email: e.input(0).Email, Pwd: "Vellam@4821"}, "10.0.0.9")
			if err != nil {
				t.Fatal(err)
			}
			_, err = e.s.Refresh(ctx, s2.Token)
			wantErr(t, err, apperr.Unauthorized, "", "")
		})
		t.Run("ErrExpiredAfter30Days", func(t *testing.T) {
			s2, err := e.s.Login(ctx, LoginInput{Email: e.input(0).Email, Pwd: "Vellam@4821"}, "10.0.0.9")
			if err != nil {
				t.Fatal(err)
			}
			e.clock.Advance(RefreshTTL + time.Second)
			defer e.clock.Advance(-(RefreshTTL + time.Second))
			_, err = e.s.Refresh(ctx, s2.RefreshToken)
			wantErr(t, err, apperr.Unauthorized, "", "")
		})
	})
}

func TestLoginLogoutAndInvalidation(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, in := e.register(t, 0)
		uid := e.userID(t, in.Email)
		login := func(pwd string) (*Session, error) {
			return e.s.Login(ctx, LoginInput{Email: " " + in.Email + " ", Pwd: pwd, LoginType: "password"}, "10.0.0.5")
		}
		t.Run("ErrWrongPasswordAndUnknownEmailSameAnswer", func(t *testing.T) {
			_, err := login("Wrong@123")
			wantErr(t, err, apperr.Unauthorized, "", MsgBadCredentials)
			_, err = e.s.Login(ctx, LoginInput{Email: "nobody@example.in", Pwd: "Wrong@123"}, "10.0.0.5")
			wantErr(t, err, apperr.Unauthorized, "", MsgBadCredentials)
		})
		t.Run("OKLogoutEndsOnlyThatSession", func(t *testing.T) {
			a, err := login("Vellam@4821")
			if err != nil {
				t.Fatal(err)
			}
			b, err := login("Vellam@4821")
			if err != nil {
				t.Fatal(err)
			}
			if a.Profile == nil || a.Profile.ProfileID == "" {
				t.Fatal("no profile summary in the login answer")
			}
			pa, _ := e.s.Authenticate(ctx, a.Token)
			if err := e.s.Logout(ctx, "", pa); err != nil {
				t.Fatal(err)
			}
			_, err = e.s.Authenticate(ctx, a.Token)
			wantErr(t, err, apperr.Unauthorized, "", "")
			_, err = e.s.Refresh(ctx, a.RefreshToken)
			wantErr(t, err, apperr.Unauthorized, "", "")
			if _, err := e.s.Authenticate(ctx, b.Token); err != nil {
				t.Fatalf("the other session ended too: %v", err)
			}
			if err := e.s.Logout(ctx, b.RefreshToken, nil); err != nil {
				t.Fatal(err)
			}
			_, err = e.s.Authenticate(ctx, b.Token)
			wantErr(t, err, apperr.Unauthorized, "", "")
		})
		t.Run("OKPasswordChangeEndsEverySession", func(t *testing.T) {
			old, _ := login("Vellam@4821")
			other, _ := login("Vellam@4821")
			_, err := e.s.ChangePassword(ctx, uid, ChangePasswordInput{OldPassword: "Wrong@123", Password: "Chembu@7731", ConfirmPassword: "Chembu@7731"})
			wantErr(t, err, apperr.Invalid, "oldPassword", "Current password is incorrect")
			_, err = e.s.ChangePassword(ctx, uid, ChangePasswordInput{OldPassword: "Vellam@4821", Password: "Chembu@7731", ConfirmPassword: "Chembu@7732"})
			wantErr(t, err, apperr.Invalid, "confirmPassword", MsgPasswordMismatch)
			fresh, err := e.s.ChangePassword(ctx, uid, ChangePasswordInput{OldPassword: "Vellam@4821", Password: "Chembu@7731", ConfirmPassword: "Chembu@7731"})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []*Session{old, other} {
				_, err := e.s.Authenticate(ctx, s.Token)
				wantErr(t, err, apperr.Unauthorized, "", "")
				_, err = e.s.Refresh(ctx, s.RefreshToken)
				wantErr(t, err, apperr.Unauthorized, "", "")
			}
			if _, err := e.s.Authenticate(ctx, fresh.Token); err != nil {
				t.Fatalf("fresh session refused: %v", err)
			}
			_, err = login("Vellam@4821")
			wantErr(t, err, apperr.Unauthorized, "", "")
			if _, err := login("Chembu@7731"); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("ErrBannedMember", func(t *testing.T) {
			s, err := login("Chembu@7731")
			if err != nil {
				t.Fatal(err)
			}
			if err := e.s.Ban(ctx, uid); err != nil {
				t.Fatal(err)
			}
			_, err = e.s.Authenticate(ctx, s.Token)
			wantErr(t, err, apperr.Unauthorized, "", "")
			_, err = e.s.Refresh(ctx, s.RefreshToken)
			wantErr(t, err, apperr.Unauthorized, "", "")
			_, err = login("Chembu@7731")
			wantErr(t, err, apperr.Forbidden, "", "")
			if err := e.s.Unban(ctx, uid); err != nil {
				t.Fatal(err)
			}
			if _, err := login("Chembu@7731"); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("ErrRateLimitedPerIP", func(t *testing.T) {
			var err error
			for i := 0; i < LoginPerIP+1; i++ {
				_, err = e.s.Login(ctx, LoginInput{Email: "u" + strconv.Itoa(i) + "@example.in", Pwd: "Wrong@123"}, "10.8.8.8")
			}
			wantErr(t, err, apperr.RateLimited, "", "")
		})
	})
}
