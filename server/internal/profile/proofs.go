package profile

import (
	"context"
	"errors"
	"io/fs"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/media"
)

// Proof messages.
const (
	MsgProofKind       = "Please choose the kind of proof: id or parish"
	MsgProofRequired   = "Proof image is required"
	MsgProofVerified   = "This proof is already verified"
	MsgProofNotFound   = "Proof not found"
	ProofNone          = "none" // the status of a kind never uploaded
	proofStatusPending = ProofPending
)

// Proof is the state of one kind of proof, as its owner sees it.
type Proof struct {
	Kind       string     `json:"kind"` // id or parish
	Label      string     `json:"label"`
	Status     string     `json:"status"` // none, pending, verified or rejected
	Note       string     `json:"note"`   // the reviewer's reason, when rejected
	UploadedAt *time.Time `json:"uploadedAt"`
	ReviewedAt *time.Time `json:"reviewedAt"`
	HasImage   bool       `json:"hasImage"` // false once the image was deleted after the verdict
}

type proofRow struct {
	ID         uint64
	Kind       string
	FileKey    *string
	Status     string
	Note       string
	UploadedAt time.Time
	ReviewedAt *time.Time
}

// Proofs returns the member's proofs, one entry per kind (status "none" when never uploaded).
func (s *Service) Proofs(ctx context.Context, profileID uint64) ([]Proof, error) {
	var rows []proofRow
	if err := s.db.WithContext(ctx).Table("profile_proofs").Where("profile_id = ?", profileID).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := []Proof{}
	for _, kind := range []string{ProofID, ProofParish} {
		p := Proof{Kind: kind, Label: label("proofKind", kind), Status: ProofNone}
		for _, r := range rows {
			if r.Kind == kind {
				up := r.UploadedAt.UTC()
				p.Status, p.Note, p.UploadedAt, p.HasImage = r.Status, r.Note, &up, r.FileKey != nil
				if r.ReviewedAt != nil {
					rv := r.ReviewedAt.UTC()
					p.ReviewedAt = &rv
				}
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// UploadProof re-encodes a proof image (the same checks as photos, metadata
// stripped) into the private store and sets that kind's proof pending
// review, replacing an earlier pending or rejected one. A verified proof
// cannot be replaced (Conflict).
func (s *Service) UploadProof(ctx context.Context, profileID uint64, kind string, data []byte) ([]Proof, error) {
	if !valid("proofKind", kind) {
		return nil, apperr.Validation(map[string]string{"kind": MsgProofKind}, "kind")
	}
	if len(data) == 0 {
		return nil, apperr.Validation(map[string]string{"image": MsgProofRequired}, "image")
	}
	var cur []proofRow
	if err := s.db.WithContext(ctx).Table("profile_proofs").Where("profile_id = ? AND kind = ?", profileID, kind).Find(&cur).Error; err != nil {
		return nil, internal(err)
	}
	if len(cur) > 0 && cur[0].Status == ProofVerified {
		return nil, apperr.New(apperr.Conflict, MsgProofVerified)
	}
	img, err := s.images.Proof(ctx, data)
	if err != nil {
		return nil, err
	}
	key, err := media.NewKey()
	if err != nil {
		return nil, internal(err)
	}
	if err := s.disk.SaveProof(key, img); err != nil {
		return nil, internal(err)
	}
	var old *string
	now := s.clock()
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []proofRow
		if err := tx.Table("profile_proofs").Where("profile_id = ? AND kind = ?", profileID, kind).Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			return tx.Table("profile_proofs").Create(map[string]any{"profile_id": profileID, "kind": kind, "file_key": key,
				"status": proofStatusPending, "note": "", "uploaded_at": now}).Error
		}
		if rows[0].Status == ProofVerified {
			return apperr.New(apperr.Conflict, MsgProofVerified)
		}
		old = rows[0].FileKey
		return tx.Table("profile_proofs").Where("id = ?", rows[0].ID).Updates(map[string]any{"file_key": key,
			"status": proofStatusPending, "note": "", "uploaded_at": now, "reviewed_at": nil}).Error
	})
	if err != nil {
		s.removeProofFile(key)
		return nil, internal(err)
	}
	if old != nil {
		s.removeProofFile(*old)
	}
	return s.Proofs(ctx, profileID)
}

// ProofImage returns the member's own proof image of kind; nobody else can
// reach it through this call (moderators use ProofImageByID, which the back office audits).
func (s *Service) ProofImage(ctx context.Context, profileID uint64, kind string) ([]byte, error) {
	if !valid("proofKind", kind) {
		return nil, apperr.New(apperr.NotFound, MsgProofNotFound)
	}
	var rows []proofRow
	if err := s.db.WithContext(ctx).Table("profile_proofs").Where("profile_id = ? AND kind = ?", profileID, kind).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 || rows[0].FileKey == nil {
		return nil, apperr.New(apperr.NotFound, MsgProofNotFound)
	}
	b, err := s.disk.ReadProof(*rows[0].FileKey)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, apperr.New(apperr.NotFound, MsgProofNotFound)
	}
	if err != nil {
		return nil, internal(err)
	}
	return b, nil
}

// DeleteProof withdraws the member's proof of kind that is not yet verified, row and file.
func (s *Service) DeleteProof(ctx context.Context, profileID uint64, kind string) ([]Proof, error) {
	if !valid("proofKind", kind) {
		return nil, apperr.New(apperr.NotFound, MsgProofNotFound)
	}
	var rows []proofRow
	db := s.db.WithContext(ctx)
	if err := db.Table("profile_proofs").Where("profile_id = ? AND kind = ?", profileID, kind).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, MsgProofNotFound)
	}
	if rows[0].Status == ProofVerified {
		return nil, apperr.New(apperr.Conflict, MsgProofVerified)
	}
	if err := db.Exec("DELETE FROM profile_proofs WHERE id = ?", rows[0].ID).Error; err != nil {
		return nil, internal(err)
	}
	if rows[0].FileKey != nil {
		s.removeProofFile(*rows[0].FileKey)
	}
	return s.Proofs(ctx, profileID)
}

func (s *Service) removeProofFile(key string) {
	if err := s.disk.RemoveProof(key); err != nil {
		s.log.Error("profile: removing a proof file", "err", err)
	}
}

// EraseMember deletes, inside the account-deletion transaction tx, what this
// area keeps about a member beyond the cascading rows: the proof rows and
// their files in the private store. Preferences, settings and profile views
// go with the profile row (ON DELETE CASCADE); photos are the account area's.
// Files are removed after their rows; should the deletion then roll back, the
// proofs are left without images, which the owner can upload again.
func (s *Service) EraseMember(ctx context.Context, tx *gorm.DB, profileID uint64) error {
	if profileID == 0 {
		return nil
	}
	var keys []string
	if err := tx.WithContext(ctx).Table("profile_proofs").Where("profile_id = ? AND file_key IS NOT NULL", profileID).
		Pluck("file_key", &keys).Error; err != nil {
		return err
	}
	if err := tx.WithContext(ctx).Exec("DELETE FROM profile_proofs WHERE profile_id = ?", profileID).Error; err != nil {
		return err
	}
	for _, k := range keys {
		s.removeProofFile(k)
	}
	return nil
}
