package account

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/store"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

func TestRegisterValidation(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		today := e.clock.Now()
		cases := []struct {
			name   string
			step   int
			mutate func(*RegisterInput)
			field  string
			msg    string
		}{
			{"ErrNameRequired", 1, func(in *RegisterInput) { in.Name = "  " }, "name", "Name is required"},
			{"ErrNameLetters", 1, func(in *RegisterInput) { in.Name = "Anu 2" }, "name", "Name can only contain letters"},
			{"ErrNameShort", 1, func(in *RegisterInput) { in.Name = "An" }, "name", "Minimum 3 characters required"},
			{"ErrNameLong", 1, func(in *RegisterInput) { in.Name = strings.Repeat("a", 26) }, "name", "Maximum 25 character allowed"},
			{"ErrGenderRequired", 1, func(in *RegisterInput) { in.Gender = 0 }, "gender", "Gender is required"},
			{"ErrGenderUnknown", 1, func(in *RegisterInput) { in.Gender = 30 }, "gender", "Gender is required"},
			{"ErrDOBRequired", 1, func(in *RegisterInput) { in.DateOfBirth = "" }, "dateOfBirth", MsgDOBRequired},
			{"ErrDOBMalformed", 1, func(in *RegisterInput) { in.DateOfBirth = "10-03-2000" }, "dateOfBirth", MsgDOBInvalid},
			{"ErrDOBFuture", 1, func(in *RegisterInput) { in.DateOfBirth = today.AddDate(0, 0, 1).Format("2006-01-02") }, "dateOfBirth", MsgDOBInvalid},
			{"ErrBrideUnder18", 1, func(in *RegisterInput) { in.DateOfBirth = today.AddDate(-18, 0, 1).Format("2006-01-02") }, "dateOfBirth", MsgBrideTooYoung},
			{"ErrGroomUnder21", 1, func(in *RegisterInput) {
				in.Gender = 10
				in.DateOfBirth = today.AddDate(-21, 0, 1).Format("2006-01-02")
			}, "dateOfBirth", MsgGroomTooYoung},
			{"ErrCreatedByRequired", 1, func(in *RegisterInput) { in.ProfileCreatedBy = "" }, "profileCreatedBy", MsgCreatedByReq},
			{"ErrCreatedByUnknown", 1, func(in *RegisterInput) { in.ProfileCreatedBy = "broker" }, "profileCreatedBy", MsgCreatedByInvalid},
			{"ErrEmailRequired", 2, func(in *RegisterInput) { in.Email = "" }, "email", "Email is required"},
			{"ErrEmailInvalid", 2, func(in *RegisterInput) { in.Email = "anu@" }, "email", "Please enter a valid email address"},
			{"ErrPhoneCodeRequired", 2, func(in *RegisterInput) { in.PhoneCode = "" }, "phoneCode", "Phone code is required"},
			{"ErrPhoneRequired", 2, func(in *RegisterInput) { in.Phone = "" }, "phone", "Phone number is required"},
			{"ErrPhoneNotValidShort", 2, func(in *RegisterInput) { in.Phone = "98765" }, "phone", "Phone number is not valid"},
			{"ErrPhoneNotValidStart", 2, func(in *RegisterInput) { in.Phone = "5876543210" }, "phone", "Phone number is not valid"},
			{"ErrPhoneInvalidSameDigit", 2, func(in *RegisterInput) { in.Phone = "9999999999" }, "phone", "Invalid Phone number"},
			{"ErrPasswordRequired", 2, func(in *RegisterInput) { in.Password = "" }, "password", MsgPasswordRequired},
			{"ErrPasswordShort", 2, func(in *RegisterInput) { in.Password, in.ConfirmPassword = "Se@1abc", "Se@1abc" }, "password",
				"Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Case Character"},
			{"ErrPasswordNoUpper", 2, func(in *RegisterInput) { in.Password = "secret@123" }, "password", MsgPasswordRule},
			{"ErrPasswordNoLower", 2, func(in *RegisterInput) { in.Password = "SECRET@123" }, "password", MsgPasswordRule},
			{"ErrPasswordNoDigit", 2, func(in *RegisterInput) { in.Password = "Secret@abc" }, "password", MsgPasswordRule},
			{"ErrPasswordNoSpecial", 2, func(in *RegisterInput) { in.Password = "Secret1234" }, "password", MsgPasswordRule},
			{"ErrPasswordNonASCII", 2, func(in *RegisterInput) { in.Password = "Sécret@123" }, "password", MsgPasswordRule},
			{"ErrPasswordOver20", 2, func(in *RegisterInput) { in.Password = "Vellam@4821" + strings.Repeat("x", 11) }, "password", "Maximun 20 Characters are allowed"},
			{"ErrPasswordMismatch", 2, func(in *RegisterInput) { in.ConfirmPassword = "Secret@124" }, "confirmPassword", "Passwords does not match"},
			{"ErrReligionRequired", 3, func(in *RegisterInput) { in.ReligionID = 0 }, "religionId", "Religion is required"},
			{"ErrReligionUnknown", 3, func(in *RegisterInput) { in.ReligionID = 999 }, "religionId", MsgReligionInvalid},
			{"ErrCommunityRequired", 3, func(in *RegisterInput) { in.CommunityID = 0 }, "communityId", "Community is required"},
			{"ErrCommunityUnknown", 3, func(in *RegisterInput) { in.CommunityID = 999 }, "communityId", MsgCommunityInvalid},
			{"ErrCommunityOfOtherReligion", 3, func(in *RegisterInput) { in.CommunityID = e.otherCommun }, "communityId", MsgCommunityInvalid},
			{"ErrLanguageRequired", 3, func(in *RegisterInput) { in.MotherTongueID = 0 }, "motherTongueId", "Language is required"},
			{"ErrLanguageUnknown", 3, func(in *RegisterInput) { in.MotherTongueID = 999 }, "motherTongueId", MsgLanguageInvalid},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				in := e.input(1)
				c.mutate(&in)
				wantErr(t, e.s.CheckStep(ctx, c.step, in), apperr.Invalid, c.field, c.msg)
				_, err := e.s.Register(ctx, in, "10.0.0.2")
				wantErr(t, err, apperr.Invalid, c.field, c.msg)
				if ae, _ := apperr.As(err); ae.Message != c.msg {
					t.Fatalf("headline %q, want %q", ae.Message, c.msg)
				}
			})
		}
		t.Run("OKEachStepAlone", func(t *testing.T) {
			for step := 1; step <= 3; step++ {
				if err := e.s.CheckStep(ctx, step, e.input(1)); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
			}
			// Step 1 does not look at step 3's fields.
			in := e.input(1)
			in.ReligionID = 0
			if err := e.s.CheckStep(ctx, 1, in); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OKBrideExactly18GroomExactly21", func(t *testing.T) {
			in := e.input(2)
			in.DateOfBirth = today.AddDate(-18, 0, 0).Format("2006-01-02")
			if err := e.s.CheckStep(ctx, 1, in); err != nil {
				t.Fatal(err)
			}
			in.Gender, in.DateOfBirth = 10, today.AddDate(-21, 0, 0).Format("2006-01-02")
			if err := e.s.CheckStep(ctx, 1, in); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OKRegisterCreatesUserAndProfile", func(t *testing.T) {
			in := e.input(3)
			in.Email, in.PhoneCode = "  MERIN.J@Example.IN ", "91"
			sess, err := e.s.Register(ctx, in, "10.0.0.3")
			if err != nil {
				t.Fatal(err)
			}
			if sess.Token == "" || sess.RefreshToken == "" || sess.Profile == nil || !strings.HasPrefix(sess.Profile.ProfileID, "TM") {
				t.Fatalf("session %+v", sess)
			}
			if sess.Profile.UserName != in.Name || sess.Profile.Gender != 20 || sess.Profile.CompletedSteps != registrationSteps || sess.Profile.EmailVerified {
				t.Fatalf("summary %+v", sess.Profile)
			}
			var row struct {
				Email, PhoneCode, PasswordHash, CreatedBy string
				CommunityID                               uint64
			}
			e.db.Raw(`SELECT u.email, u.phone_code, u.password_hash, p.created_by, p.community_id FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = ?`, "merin.j@example.in").Scan(&row)
			if row.PhoneCode != "+91" || row.CreatedBy != "self" || row.CommunityID != e.community || !CheckPassword(row.PasswordHash, in.Password) {
				t.Fatalf("stored %+v", row)
			}
			p, err := e.s.Authenticate(ctx, sess.Token)
			if err != nil || p.ProfileCode != sess.Profile.ProfileID {
				t.Fatalf("principal %+v err %v", p, err)
			}
		})
	})
}

func TestRegisterDuplicates(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, first := e.register(t, 0)
		cases := []struct {
			name   string
			step   int
			mutate func(*RegisterInput)
			field  string
			msg    string
		}{
			{"ErrDuplicateEmail", 2, func(in *RegisterInput) { in.Email = strings.ToUpper(first.Email) }, "email", "This email is already registered"},
			{"ErrDuplicatePhone", 2, func(in *RegisterInput) { in.Phone = first.Phone }, "phone", "This phone number is already registered"},
			{"ErrDuplicateNameAndDOB", 1, func(in *RegisterInput) {
				in.Name, in.DateOfBirth = "  anu   THOMAS ", first.DateOfBirth
			}, "name", "Name is already registered"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				in := e.input(5)
				c.mutate(&in)
				wantErr(t, e.s.CheckStep(ctx, c.step, in), apperr.Conflict, c.field, c.msg)
				_, err := e.s.Register(ctx, in, "10.0.0.4")
				wantErr(t, err, apperr.Conflict, c.field, c.msg)
				wantErr(t, e.s.CheckAvailable(ctx, 0, FieldCheck{Name: in.Name, DateOfBirth: in.DateOfBirth, Email: in.Email, Phone: in.Phone}), apperr.Conflict, c.field, c.msg)
			})
		}
		t.Run("OKSameNameOtherBirthday", func(t *testing.T) {
			in := e.input(6)
			in.Name = first.Name
			if err := e.s.CheckStep(ctx, 1, in); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OKOwnEmailIsNotTakenForSelf", func(t *testing.T) {
			uid := e.userID(t, first.Email)
			if err := e.s.CheckAvailable(ctx, uid, FieldCheck{Email: first.Email, Phone: first.Phone}); err != nil {
				t.Fatal(err)
			}
			wantErr(t, e.s.CheckAvailable(ctx, 0, FieldCheck{Email: "bad@"}), apperr.Invalid, "email", "Please enter a valid email address")
			if err := e.s.CheckAvailable(ctx, 0, FieldCheck{Email: "free@example.in"}); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("ErrDuplicateEmailUnderRace", func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					in := e.input(10 + i)
					in.Email = "race@example.in"
					_, errs[i] = e.s.Register(ctx, in, fmt.Sprintf("10.1.0.%d", i))
				}(i)
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
					continue
				}
				wantErr(t, err, apperr.Conflict, "email", MsgDupEmail)
			}
			if ok != 1 {
				t.Fatalf("%d registrations succeeded, want 1", ok)
			}
		})
	})
}

func TestPasswordHash(t *testing.T) {
	t.Run("OKDefaultCost12", func(t *testing.T) {
		// Hashing at cost 12 takes seconds under -race, so check the choice of cost and one cheap hash.
		if costOrDefault(0) != 12 || costOrDefault(2) != bcrypt.MinCost {
			t.Fatalf("cost %d", costOrDefault(0))
		}
		h, err := HashPassword("Vellam@4821", 5)
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := bcrypt.Cost([]byte(h)); c != 5 || !CheckPassword(h, "Vellam@4821") || CheckPassword(h, "Secret@124") {
			t.Fatalf("cost %d", c)
		}
		s, _ := New(Deps{DB: &store.DB{}, Secret: []byte(testSecret), Mail: mail.NewOutbox(), SMS: sms.NewOutbox()})
		if s.cost != 12 {
			t.Fatalf("service cost %d", s.cost)
		}
	})
	t.Run("ErrOver72Bytes", func(t *testing.T) {
		long := strings.Repeat("a", 73)
		if _, err := HashPassword(long, 4); err != ErrPasswordTooLong {
			t.Fatalf("err = %v", err)
		}
		h, _ := HashPassword(long[:72], 4)
		if CheckPassword(h, long) {
			t.Fatal("a 73-byte password matched its 72-byte prefix")
		}
	})
}
