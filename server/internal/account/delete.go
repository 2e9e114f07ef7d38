package account

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// DeletedMember identifies the member being deleted, for DeleteHooks.
type DeletedMember struct {
	UserID      uint64
	ProfileID   uint64
	ProfileCode string
	Email       string
	PhoneCode   string
	Phone       string
}

// DeleteHook erases an area's rows about m inside the deletion transaction;
// an error rolls the whole deletion back.
type DeleteHook func(ctx context.Context, tx *gorm.DB, m DeletedMember) error

// DeleteAccount erases the member for real (profile/delete, product.md
// "Rights and safety"): after checking the password it deletes, in one
// transaction, the subscriptions, photo rows, profile, refresh and action
// tokens, whatever DeleteHooks erase, and the user row; then the photo files
// and any OTP codes. Nothing identifying is kept. Subscriptions go with the
// profile because no payment exists yet; once payments and invoices exist
// (kept by law), their rows must be de-identified by a DeleteHook, not deleted.
// The same e-mail and phone may register again afterwards.
func (s *Service) DeleteAccount(ctx context.Context, userID uint64, password string) error {
	var u User
	if err := s.db.WithContext(ctx).Where("id = ?", userID).Take(&u).Error; err != nil {
		return store.Translate(err, "Member not found", "")
	}
	if password == "" {
		return apperr.Validation(map[string]string{"password": MsgPasswordRequired}, "password")
	}
	if ok, err := s.checkPassword(ctx, u.PasswordHash, password); err != nil {
		return err
	} else if !ok {
		return apperr.Validation(map[string]string{"password": "Current password is incorrect"}, "password")
	}
	m := DeletedMember{UserID: u.ID, Email: u.Email, PhoneCode: u.PhoneCode, Phone: u.Phone}
	var keys []string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p struct {
			ID          uint64
			ProfileCode string
		}
		if err := tx.Table("profiles").Select("id, profile_code").Where("user_id = ?", u.ID).Limit(1).Scan(&p).Error; err != nil {
			return err
		}
		m.ProfileID, m.ProfileCode = p.ID, p.ProfileCode
		for _, h := range s.hooks {
			if err := h(ctx, tx, m); err != nil {
				return err
			}
		}
		if p.ID != 0 {
			if err := tx.Table("photos").Where("profile_id = ?", p.ID).Pluck("file_key", &keys).Error; err != nil {
				return err
			}
			for _, table := range []string{"subscriptions", "photos"} {
				if err := tx.Exec("DELETE FROM "+table+" WHERE profile_id = ?", p.ID).Error; err != nil {
					return err
				}
			}
			if err := tx.Exec("DELETE FROM profiles WHERE id = ?", p.ID).Error; err != nil {
				return err
			}
		}
		for _, table := range []string{"refresh_tokens", "action_tokens"} {
			if err := tx.Exec("DELETE FROM "+table+" WHERE user_id = ?", u.ID).Error; err != nil {
				return err
			}
		}
		return tx.Exec("DELETE FROM users WHERE id = ?", u.ID).Error
	})
	if err != nil {
		return store.Translate(err, "Member not found", "")
	}
	// After the commit: the rows are gone, so a failure below leaves only
	// orphaned, unreachable files, which are logged for the operator.
	if err := s.otp.Delete(ctx, s.otpKey(OTPLogin, u.PhoneCode, u.Phone), s.otpKey(OTPMobileVerify, u.PhoneCode, u.Phone)); err != nil {
		s.log.Error("account: deleting OTP codes of a deleted member", "err", err)
	}
	for _, k := range keys {
		for _, f := range photoFiles(s.mediaDir, k) {
			if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
				s.log.Error("account: deleting a photo of a deleted member", "err", err)
			}
		}
	}
	return nil
}

// photoFiles lists the files of a photo key; keys that could escape the media folder give none.
func photoFiles(mediaDir, key string) []string {
	if mediaDir == "" || len(key) < 2 || strings.ContainsAny(key, `/\.`) {
		return nil
	}
	dir := filepath.Join(mediaDir, "photos", key[:2])
	return []string{filepath.Join(dir, key+"_small.jpg"), filepath.Join(dir, key+"_large.jpg")}
}

// Export returns everything held about the member (the data-export endpoint):
// the account without its password hash, the whole profile row, photos,
// subscriptions and sessions (without token hashes).
func (s *Service) Export(ctx context.Context, userID uint64) (*Export, error) {
	db := s.db.WithContext(ctx)
	out := &Export{GeneratedAt: s.now().UTC(), Photos: []map[string]any{}, Subscriptions: []map[string]any{}, Sessions: []ExportSession{}}
	if err := db.Where("id = ?", userID).Take(&out.User).Error; err != nil {
		return nil, store.Translate(err, "Member not found", "")
	}
	var prof []map[string]any
	if err := db.Table("profiles").Where("user_id = ?", userID).Find(&prof).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if len(prof) > 0 {
		out.Profile = clean(prof[0])
		pid := out.Profile["id"]
		if err := db.Table("photos").Where("profile_id = ?", pid).Order("sort, id").Find(&out.Photos).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		if err := db.Table("subscriptions").Where("profile_id = ?", pid).Order("starts_at").Find(&out.Subscriptions).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		for i := range out.Photos {
			out.Photos[i] = clean(out.Photos[i])
		}
		for i := range out.Subscriptions {
			out.Subscriptions[i] = clean(out.Subscriptions[i])
		}
	}
	if pid, ok := out.Profile["id"]; ok {
		out.More = map[string][]map[string]any{}
		for _, t := range s.exportTables {
			rows := []map[string]any{}
			if err := db.Table(t.Table).Where(t.Column+" = ?", pid).Find(&rows).Error; err != nil {
				return nil, store.Translate(err, "", "")
			}
			for i := range rows {
				for _, col := range t.Omit {
					delete(rows[i], col)
				}
				rows[i] = clean(rows[i])
			}
			out.More[t.Name] = append(out.More[t.Name], rows...)
		}
	}
	var sess []refreshRow
	if err := db.Where("user_id = ?", userID).Order("created_at").Find(&sess).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	for _, r := range sess {
		out.Sessions = append(out.Sessions, ExportSession{CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt, RotatedAt: r.RotatedAt, RevokedAt: r.RevokedAt})
	}
	return out, nil
}

// ExportTable names rows another area keeps about a member: Column holds the
// member's profiles.id; Omit lists columns never exported (file keys, secrets).
type ExportTable struct {
	Name, Table, Column string
	Omit                []string
}

// clean makes a scanned row JSON-friendly: MySQL gives text as []byte.
func clean(m map[string]any) map[string]any {
	for k, v := range m {
		switch x := v.(type) {
		case []byte:
			m[k] = string(x)
		case time.Time:
			m[k] = x.UTC()
		}
	}
	return m
}
