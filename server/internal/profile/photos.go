package profile

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// MaxPhotos is how many photos a member may keep (product.md "Photos and proofs").
const MaxPhotos = 10

// Photo messages.
const (
	MsgTooManyPhotos  = "You can upload up to 10 photos; please delete one first"
	MsgPhotoNotFound  = "Photo not found"
	MsgPhotoForbidden = "You may not see this photo"
)

// lockProfile takes the profile row for the rest of tx, so that concurrent
// uploads of one member cannot pass the photo limit together. SQLite
// transactions already take the write lock at BEGIN (_txlock=immediate).
func lockProfile(tx *gorm.DB, d store.Dialect, profileID uint64) error {
	if d != store.MySQL {
		return nil
	}
	var id uint64
	return tx.Table("profiles").Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", profileID).Pluck("id", &id).Error
}

// MyPhotos lists the member's own photos, default first, with their handles.
func (s *Service) MyPhotos(ctx context.Context, profileID uint64, profileCode string) ([]Photo, error) {
	out, err := s.photosOf(s.db.WithContext(ctx), profileID, profileCode, true)
	if err != nil {
		return nil, internal(err)
	}
	return out, nil
}

// UploadPhoto re-encodes an uploaded image (see package media for every
// check), stores it under a new random key and adds it to the member's
// photos; the first photo becomes the default. It answers all the member's photos.
func (s *Service) UploadPhoto(ctx context.Context, profileID uint64, profileCode string, data []byte) ([]Photo, error) {
	// A cheap early refusal before the expensive decode; the transaction below decides.
	var n int64
	if err := s.db.WithContext(ctx).Table("photos").Where("profile_id = ?", profileID).Count(&n).Error; err != nil {
		return nil, internal(err)
	}
	if n >= MaxPhotos {
		return nil, apperr.Validation(map[string]string{"image": MsgTooManyPhotos}, "image")
	}
	small, large, err := s.images.Photo(ctx, data)
	if err != nil {
		return nil, err
	}
	key, err := media.NewKey()
	if err != nil {
		return nil, internal(err)
	}
	if err := s.disk.SavePhoto(key, small, large); err != nil {
		return nil, internal(err)
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockProfile(tx, s.db.Dialect, profileID); err != nil {
			return err
		}
		var st struct {
			N       int64
			MaxSort *int
		}
		if err := tx.Table("photos").Select("COUNT(*) AS n, MAX(sort) AS max_sort").Where("profile_id = ?", profileID).Scan(&st).Error; err != nil {
			return err
		}
		if st.N >= MaxPhotos {
			return apperr.Validation(map[string]string{"image": MsgTooManyPhotos}, "image")
		}
		sort := 0
		if st.MaxSort != nil {
			sort = *st.MaxSort + 1
		}
		if err := tx.Table("photos").Create(map[string]any{"profile_id": profileID, "file_key": key,
			"is_default": st.N == 0, "sort": sort, "created_at": s.clock()}).Error; err != nil {
			return err
		}
		return s.recompute(ctx, tx, profileID)
	})
	if err != nil {
		s.removePhotoFiles(key)
		return nil, internal(err)
	}
	return s.MyPhotos(ctx, profileID, profileCode)
}

// SetDefaultPhoto makes one of the member's photos the default (the avatar and the first in lists).
func (s *Service) SetDefaultPhoto(ctx context.Context, profileID uint64, profileCode, photoID string) ([]Photo, error) {
	if !media.ValidKey(photoID) {
		return nil, apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Table("photos").Where("profile_id = ? AND file_key = ?", profileID, photoID).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return apperr.New(apperr.NotFound, MsgPhotoNotFound)
		}
		if err := tx.Table("photos").Where("profile_id = ? AND file_key <> ?", profileID, photoID).Update("is_default", false).Error; err != nil {
			return err
		}
		return tx.Table("photos").Where("profile_id = ? AND file_key = ?", profileID, photoID).Update("is_default", true).Error
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.MyPhotos(ctx, profileID, profileCode)
}

// DeletePhoto removes one of the member's photos, rows and files; when it was
// the default, the next photo becomes the default.
func (s *Service) DeletePhoto(ctx context.Context, profileID uint64, profileCode, photoID string) ([]Photo, error) {
	if !media.ValidKey(photoID) {
		return nil, apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p struct {
			ID        uint64
			IsDefault bool
		}
		res := tx.Table("photos").Select("id, is_default").Where("profile_id = ? AND file_key = ?", profileID, photoID).Limit(1).Scan(&p)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, MsgPhotoNotFound)
		}
		if err := tx.Exec("DELETE FROM photos WHERE id = ?", p.ID).Error; err != nil {
			return err
		}
		if p.IsDefault {
			var next struct{ ID uint64 }
			res := tx.Table("photos").Select("id").Where("profile_id = ?", profileID).Order("sort, id").Limit(1).Scan(&next)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected > 0 {
				if err := tx.Table("photos").Where("id = ?", next.ID).Update("is_default", true).Error; err != nil {
					return err
				}
			}
		}
		return s.recompute(ctx, tx, profileID)
	})
	if err != nil {
		return nil, internal(err)
	}
	s.removePhotoFiles(photoID)
	return s.MyPhotos(ctx, profileID, profileCode)
}

func (s *Service) removePhotoFiles(key string) {
	if err := s.disk.RemovePhoto(key); err != nil {
		s.log.Error("profile: removing photo files", "err", err)
	}
}

// PhotoAccess decides whether the viewer named by a grant (a public profile
// code) may load the photo with file key now. It is asked on every media
// request, so a block, a withdrawn request, hiding or deletion take effect at
// once: NotFound for unknown photos and for owners hidden, deleted, suspended
// or blocked either way; Forbidden for an unknown or suspended viewer and for
// a protected photo without an accepted photo request. The owner always sees
// their own photos.
func (s *Service) PhotoAccess(ctx context.Context, viewerCode, key string) error {
	if !media.ValidKey(key) {
		return apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	db := s.db.WithContext(ctx)
	var owner struct {
		ProfileID       uint64
		PhotoVisibility string
		Hidden          bool
		Status          string
	}
	res := db.Raw(`SELECT ph.profile_id, p.photo_visibility, p.hidden, u.status FROM photos ph
		JOIN profiles p ON p.id = ph.profile_id JOIN users u ON u.id = p.user_id WHERE ph.file_key = ?`, key).Scan(&owner)
	if res.Error != nil {
		return internal(res.Error)
	}
	if res.RowsAffected == 0 {
		return apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	var viewer struct {
		ID     uint64
		Status string
	}
	res = db.Raw(`SELECT p.id, u.status FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.profile_code = ?`, viewerCode).Scan(&viewer)
	if res.Error != nil {
		return internal(res.Error)
	}
	if res.RowsAffected == 0 || viewer.Status != userActive {
		return apperr.New(apperr.Forbidden, MsgPhotoForbidden)
	}
	if viewer.ID == owner.ProfileID {
		return nil
	}
	if owner.Hidden || owner.Status != userActive {
		return apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	blocked, err := s.rel.Blocked(ctx, viewer.ID, owner.ProfileID)
	if err != nil {
		return internal(err)
	}
	if blocked {
		return apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	if owner.PhotoVisibility == PhotosProtected {
		ok, err := s.rel.RequestAccepted(ctx, relation.KindPhoto, viewer.ID, owner.ProfileID)
		if err != nil {
			return internal(err)
		}
		if !ok {
			return apperr.New(apperr.Forbidden, MsgPhotoForbidden)
		}
	}
	return nil
}

// OpenPhoto checks a media request for the photo file name (as in
// "/media/photos/<dir>/<name>") with grant token, and answers the file's path
// and when the grant ends. dir must be the key's first two characters.
// Errors: NotFound for a malformed or unknown name (and see PhotoAccess),
// Forbidden for a missing, forged or expired grant.
func (s *Service) OpenPhoto(ctx context.Context, dir, name, token, sessionViewer string) (path string, until time.Time, err error) {
	key, size, ok := media.ParsePhotoFileName(name)
	if !ok || dir != key[:2] {
		return "", time.Time{}, apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	viewer, until, err := s.grants.Verify(name, token)
	if err != nil || viewer != sessionViewer {
		return "", time.Time{}, apperr.New(apperr.Forbidden, MsgPhotoForbidden)
	}
	if err := s.PhotoAccess(ctx, viewer, key); err != nil {
		return "", time.Time{}, err
	}
	path, err = s.disk.PhotoPath(key, size)
	if err != nil {
		return "", time.Time{}, apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	return path, until, nil
}
