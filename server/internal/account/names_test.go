package account

import (
	"context"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/content"
)

func TestLookalikeNamesRefused(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		refused := []struct {
			name, in, msg string
		}{
			{"ErrLatinCyrillic", "\u0410nu Thomas", content.MsgNameMixedScripts},      // Cyrillic А
			{"ErrLatinGreek", "Ann K\u03c5rian", content.MsgNameMixedScripts},         // Greek υ
			{"ErrMalayalamTamil", "അന്ന செல்வி", content.MsgNameMixedScripts},         // two Indian scripts
			{"ErrLeftoverMark", "Anu Tho\u0335mas", content.MsgNameHidden},            // stroke overlay
			{"ErrAccentWithNoPrecomposed", "Anu Th\u0301omas", content.MsgNameHidden}, // no precomposed h-acute
			{"ErrStyled", "\U0001d400nu Thomas", content.MsgNameStyled},               // mathematical bold A
			{"ErrFullWidth", "\uff21nu Thomas", content.MsgNameStyled},
		}
		for _, c := range refused {
			t.Run(c.name, func(t *testing.T) {
				in := e.input(6)
				in.Name = c.in
				in.Password, in.ConfirmPassword = strongPassword, strongPassword
				wantErr(t, e.s.CheckStep(ctx, 1, in), apperr.Invalid, "name", c.msg)
				wantErr(t, e.s.CheckAvailable(ctx, 0, FieldCheck{Name: c.in}), apperr.Invalid, "name", c.msg)
				_, err := e.s.Register(ctx, in, "10.0.0.6")
				wantErr(t, err, apperr.Invalid, "name", c.msg)
				if ae, _ := apperr.As(err); ae.Message != c.msg {
					t.Fatalf("headline %q, want %q", ae.Message, c.msg)
				}
			})
		}
		t.Run("ErrZeroWidthIsNotALetter", func(t *testing.T) {
			in := e.input(6)
			in.Name = "An\u200bu Thomas"
			wantErr(t, e.s.CheckStep(ctx, 1, in), apperr.Invalid, "name", "Name can only contain letters")
		})
		for _, ok := range []string{"Mary-Ann O'Neil", "José Thomas", "അന്ന മരിയ", "அன்பு செல்வி", "अनीता शर्मा", "Анна Иванова"} {
			t.Run("OK "+ok, func(t *testing.T) {
				in := e.input(6)
				in.Name = ok
				if err := e.s.CheckStep(ctx, 1, in); err != nil {
					t.Fatal(err)
				}
			})
		}
	})
}

// TestNameStoredNFC checks that a name typed with a combining accent is
// stored precomposed, so it is the same name to the duplicate check.
func TestNameStoredNFC(t *testing.T) {
	engines(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		in := e.input(7)
		in.Name = "Jose\u0301 Kurian"
		in.Password, in.ConfirmPassword = strongPassword, strongPassword
		sess, err := e.s.Register(ctx, in, "10.0.0.7")
		if err != nil {
			t.Fatal(err)
		}
		if sess.Profile.UserName != "José Kurian" {
			t.Fatalf("stored name %q, want the NFC form", sess.Profile.UserName)
		}
		var stored string
		e.db.Raw("SELECT name FROM profiles WHERE user_id = ?", e.userID(t, in.Email)).Scan(&stored)
		if stored != "José Kurian" {
			t.Fatalf("stored name %q, want the NFC form", stored)
		}
		again := e.input(7)
		again.Name = "José Kurian" // precomposed é, same date of birth
		wantErr(t, e.s.CheckAvailable(ctx, 0, FieldCheck{Name: again.Name, DateOfBirth: again.DateOfBirth}), apperr.Conflict, "name", MsgDupName)
	})
}
