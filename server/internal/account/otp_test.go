package account

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

func TestOTPStores(t *testing.T) {
	now := time.Now()
	clk := &clock{t: now}
	stores := map[string]OTPStore{"memory": NewMemoryOTP(clk.Now)}
	var mr *miniredis.Miniredis
	if url := os.Getenv("TEST_REDIS_URL"); url != "" {
		opt, err := redis.ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		rdb := redis.NewClient(opt)
		t.Cleanup(func() { rdb.Close() })
		stores["redis"] = NewRedisOTP(rdb)
	}
	mr = miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	stores["miniredis"] = NewRedisOTP(rdb)
	ctx := context.Background()
	for name, st := range stores {
		key := func(t *testing.T) string { return fmt.Sprintf("test:%s:%d", t.Name(), time.Now().UnixNano()) }
		t.Run(name+"/OKValidOnce", func(t *testing.T) {
			k := key(t)
			_ = st.Save(ctx, k, []byte("right"), time.Minute)
			if r, _ := st.Check(ctx, k, []byte("right"), 5); r != OTPValid {
				t.Fatalf("first: %v", r)
			}
			if r, _ := st.Check(ctx, k, []byte("right"), 5); r != OTPMissing {
				t.Fatalf("second: %v", r)
			}
		})
		t.Run(name+"/ErrLockedAfterMaxAttempts", func(t *testing.T) {
			k := key(t)
			_ = st.Save(ctx, k, []byte("right"), time.Minute)
			for i := 1; i < 5; i++ {
				if r, _ := st.Check(ctx, k, []byte("wrong"), 5); r != OTPWrong {
					t.Fatalf("try %d: %v", i, r)
				}
			}
			if r, _ := st.Check(ctx, k, []byte("wrong"), 5); r != OTPLocked {
				t.Fatalf("fifth: %v", r)
			}
			if r, _ := st.Check(ctx, k, []byte("right"), 5); r != OTPMissing {
				t.Fatalf("after lock: %v", r)
			}
		})
		t.Run(name+"/ErrExpired", func(t *testing.T) {
			k := key(t)
			_ = st.Save(ctx, k, []byte("right"), time.Minute)
			switch name {
			case "memory":
				clk.Advance(time.Minute)
			case "miniredis":
				mr.FastForward(time.Minute)
			default:
				t.Skip("a real Redis cannot be fast-forwarded")
			}
			if r, _ := st.Check(ctx, k, []byte("right"), 5); r != OTPMissing {
				t.Fatalf("after expiry: %v", r)
			}
		})
		t.Run(name+"/OKDelete", func(t *testing.T) {
			k := key(t)
			_ = st.Save(ctx, k, []byte("right"), time.Minute)
			_ = st.Delete(ctx, k)
			if r, _ := st.Check(ctx, k, []byte("right"), 5); r != OTPMissing {
				t.Fatalf("after delete: %v", r)
			}
		})
	}
	t.Run("miniredis/OKNoPhoneNumberInKeys", func(t *testing.T) {
		e := &Service{otpSecret: []byte("k")}
		if k := e.otpKey(OTPLogin, "+91", "9876543210"); strings.Contains(k, "9876543210") {
			t.Fatalf("key %q holds the number", k)
		}
	})
}

func TestOTPFlows(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, in := e.register(t, 0)
		uid := e.userID(t, in.Email)
		number := in.PhoneCode + in.Phone
		t.Run("OKMobileVerify", func(t *testing.T) {
			if err := e.s.SendMobileOTP(ctx, uid, "10.2.0.1"); err != nil {
				t.Fatal(err)
			}
			code := e.lastOTP(t, number)
			wrong := fmt.Sprintf("%06d", (atoi(code)+1)%1000000)
			wantErr(t, e.s.VerifyMobile(ctx, uid, wrong), apperr.Invalid, "otp", msgOTPWrong)
			if err := e.s.VerifyMobile(ctx, uid, code); err != nil {
				t.Fatal(err)
			}
			s, _ := e.s.Summary(ctx, uid)
			if !s.PhoneVerified {
				t.Fatal("phone not verified")
			}
			t.Run("ErrSingleUse", func(t *testing.T) {
				wantErr(t, e.s.VerifyMobile(ctx, uid, code), apperr.Invalid, "otp", msgOTPExpired)
			})
			t.Run("ErrAlreadyVerified", func(t *testing.T) {
				wantErr(t, e.s.SendMobileOTP(ctx, uid, "10.2.0.1"), apperr.Conflict, "", "")
			})
		})
		var loginIP atomic.Int32
		login := func(phone, otp string) error {
			// Each try from its own address: the per-source waits are TestOTPLoginAnswersAlikeAndThrottlesPerSource's.
			_, err := e.s.Login(ctx, LoginInput{Email: phone, LoginType: "otp", OTP: otp}, fmt.Sprintf("10.2.1.%d", loginIP.Add(1)))
			return err
		}
		t.Run("OKLoginWithOTP", func(t *testing.T) {
			e.clock.Advance(11 * time.Minute) // a fresh rate-limit window is not needed: different purpose keys
			if err := e.s.SendLoginOTP(ctx, PhoneInput{Phone: in.Phone}, "10.2.0.2"); err != nil {
				t.Fatal(err)
			}
			if err := login(in.Phone, e.lastOTP(t, number)); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("ErrExpiredAfter10Minutes", func(t *testing.T) {
			if err := e.s.SendLoginOTP(ctx, PhoneInput{PhoneCode: "+91", Phone: in.Phone}, "10.2.0.3"); err != nil {
				t.Fatal(err)
			}
			code := e.lastOTP(t, number)
			e.clock.Advance(OTPTTL)
			wantErr(t, login(in.Phone, code), apperr.Unauthorized, "", msgOTPExpired)
		})
		t.Run("ErrDeadAfter5WrongTries", func(t *testing.T) {
			if err := e.s.SendLoginOTP(ctx, PhoneInput{Phone: in.Phone}, "10.2.0.4"); err != nil {
				t.Fatal(err)
			}
			code := e.lastOTP(t, number)
			wrong := fmt.Sprintf("%06d", (atoi(code)+1)%1000000)
			for i := 1; i < OTPMaxAttempts; i++ {
				wantErr(t, login(in.Phone, wrong), apperr.Unauthorized, "", msgOTPWrong)
			}
			wantErr(t, login(in.Phone, wrong), apperr.Unauthorized, "", msgOTPLocked)
			wantErr(t, login(in.Phone, code), apperr.Unauthorized, "", msgOTPExpired)
		})
		t.Run("ErrBoundToPurposeAndNumber", func(t *testing.T) {
			e.clock.Advance(OTPTTL)
			_, other := e.register(t, 1)
			if err := e.s.SendLoginOTP(ctx, PhoneInput{Phone: in.Phone}, "10.2.0.5"); err != nil {
				t.Fatal(err)
			}
			code := e.lastOTP(t, number)
			// The login code does not verify the mobile (another purpose)...
			e.db.Exec("UPDATE users SET phone_verified_at = NULL WHERE id = ?", uid)
			wantErr(t, e.s.VerifyMobile(ctx, uid, code), apperr.Invalid, "otp", msgOTPExpired)
			// ...nor log in another number.
			wantErr(t, login(other.Phone, code), apperr.Unauthorized, "", msgOTPExpired)
			if err := login(in.Phone, code); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OKSameAnswerForUnknownNumber", func(t *testing.T) {
			e.s.Wait() // earlier texts go out in the background
			before := len(e.sms.List())
			if err := e.s.SendLoginOTP(ctx, PhoneInput{Phone: "9123456780"}, "10.2.0.6"); err != nil {
				t.Fatal(err)
			}
			e.s.Wait()
			if len(e.sms.List()) != before {
				t.Fatal("an SMS went to an unregistered number")
			}
		})
		t.Run("ErrRateLimitPerNumberAndSource", func(t *testing.T) {
			e.clock.Advance(OTPTTL)
			var err error
			for i := 0; i < OTPPerNumber+1; i++ {
				err = e.s.SendLoginOTP(ctx, PhoneInput{Phone: "9123456781"}, "10.3.1.1")
			}
			wantErr(t, err, apperr.RateLimited, "", msgTooManyOTP)
			// A stranger asking for codes to my number leaves my own requests alone.
			if err := e.s.SendLoginOTP(ctx, PhoneInput{Phone: "9123456781"}, "10.3.1.2"); err != nil {
				t.Fatalf("the number's owner elsewhere was refused: %v", err)
			}
		})
		t.Run("ErrRateLimitPerNumber", func(t *testing.T) {
			var err error
			for i := 0; i < OTPPerNumberAll+1; i++ {
				err = e.s.SendLoginOTP(ctx, PhoneInput{Phone: "9123456782"}, fmt.Sprintf("10.3.0.%d", i))
			}
			wantErr(t, err, apperr.RateLimited, "", msgTooManyOTP)
		})
		t.Run("ErrRateLimitPerIP", func(t *testing.T) {
			var err error
			for i := 0; i < OTPPerIP+1; i++ {
				err = e.s.SendLoginOTP(ctx, PhoneInput{Phone: fmt.Sprintf("91234567%02d", 10+i)}, "10.4.0.1")
			}
			wantErr(t, err, apperr.RateLimited, "", msgTooManyOTP)
		})
		t.Run("ErrInvalidPhone", func(t *testing.T) {
			wantErr(t, e.s.SendLoginOTP(ctx, PhoneInput{Phone: "12345"}, "10.5.0.1"), apperr.Invalid, "phone", MsgPhoneNotValid)
		})
		t.Run("OKOTPNeverInReturnValues", func(t *testing.T) {
			// Nothing the service returns carries the code: the only channel is the SMS text.
			for _, m := range e.sms.List() {
				if !strings.Contains(m.Text, "valid for 10 minutes") {
					t.Fatalf("unexpected SMS %q", m.Text)
				}
			}
		})
	})
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
