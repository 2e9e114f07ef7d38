package profile

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// Messages of the block and "don't show" calls.
const (
	MsgCannotBlockSelf    = "You cannot block your own profile"
	MsgCannotDontShowSelf = "You cannot hide your own profile from yourself"
)

// MaxReportDetails is the longest report text, in characters.
const MaxReportDetails = 1000

// ReportInput is the body of POST profile/report/{id}.
type ReportInput struct {
	Kind    string `json:"kind"`    // "profile" or "chat"
	Reason  string `json:"reason"`  // fake, married, money, abusive or other
	Details string `json:"details"` // what happened; needed for "other"
	Block   bool   `json:"block"`   // also block (a chat report always blocks)
}

// Report files viewer's report of the member with public code code (POST profile/report/{id}):
// the moderators get it, and the member drops out of viewer's view at once ("don't show",
// and a block for a chat report or when asked).
func (s *Service) Report(ctx context.Context, viewerID uint64, code string, in ReportInput) error {
	in.Details = strings.TrimSpace(in.Details)
	fields := map[string]string{}
	if in.Kind != relation.ReportProfile && in.Kind != relation.ReportChat {
		fields["kind"] = "Choose what you are reporting: the profile or the chat"
	}
	if !slices.Contains(relation.ReportReasons, in.Reason) {
		fields["reason"] = "Choose a reason for the report"
	}
	switch n := utf8.RuneCountInString(in.Details); {
	case n > MaxReportDetails:
		fields["details"] = "Please keep the details within 1000 characters"
	case in.Reason == "other" && n < 10:
		fields["details"] = "Please tell us what happened (at least 10 characters)"
	}
	if len(fields) > 0 {
		return apperr.Validation(fields, "kind", "reason", "details")
	}
	id, err := s.target(ctx, code)
	if err != nil {
		return err
	}
	return s.rel.FileReport(ctx, relation.Report{Reporter: viewerID, Reported: id, Kind: in.Kind, Reason: in.Reason,
		Details: in.Details, Block: in.Block})
}

// target resolves the public code of a member whose account is active (hidden
// profiles included, so a member can block someone who hid their profile).
// Any other code, malformed or gone, is not found.
func (s *Service) target(ctx context.Context, code string) (uint64, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return 0, notFound()
	}
	var ids []uint64
	err := s.db.WithContext(ctx).Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Where("p.profile_code = ? AND u.status = ?", code, userActive).Limit(1).Pluck("p.id", &ids).Error
	if err != nil {
		return 0, internal(err)
	}
	if len(ids) == 0 {
		return 0, notFound()
	}
	return ids[0], nil
}

// mark resolves code and applies fn(viewer, target), refusing the viewer's own profile with selfMsg.
func (s *Service) mark(ctx context.Context, viewerID uint64, code, selfMsg string, fn func(context.Context, uint64, uint64) error) error {
	id, err := s.target(ctx, code)
	if err != nil {
		return err
	}
	if id == viewerID {
		return apperr.New(apperr.BadRequest, selfMsg)
	}
	if err := fn(ctx, viewerID, id); err != nil {
		return internal(err)
	}
	return nil
}

// Block blocks the member with public code code for viewer (POST profile/block/{id}); blocking
// again is a no-op. From then on neither sees the other anywhere, and an open chat ends at once.
func (s *Service) Block(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotBlockSelf, s.rel.Block)
}

// Unblock lifts viewer's block on the member with public code code (DELETE profile/block/{id}).
func (s *Service) Unblock(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotBlockSelf, s.rel.Unblock)
}

// DontShow puts the member with public code code on viewer's "don't show" list (POST profile/dont-show/{id}).
func (s *Service) DontShow(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotDontShowSelf, s.rel.DontShow)
}

// ShowAgain takes the member with public code code off viewer's "don't show" list (DELETE profile/dont-show/{id}).
func (s *Service) ShowAgain(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotDontShowSelf, s.rel.ShowAgain)
}

// BlockedList pages the members viewer blocked, most recent first (GET profile/block). Their
// cards carry no photos: a block closes the photos both ways.
func (s *Service) BlockedList(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page[Card], error) {
	q := s.db.WithContext(ctx).Table("blocks m").Joins("JOIN profiles p ON p.id = m.blocked_id").
		Joins("JOIN users u ON u.id = p.user_id").
		Where("m.blocker_id = ? AND u.status = ?", viewerID, userActive)
	pg, err := s.markedPage(ctx, q, viewerID, viewerCode, skip, limit)
	if err != nil {
		return nil, err
	}
	for i := range pg.Items {
		pg.Items[i].Photos, pg.Items[i].PhotosProtected = []Photo{}, false
	}
	return pg, nil
}

// DontShowList pages the members on viewer's "don't show" list, most recent first (GET
// profile/dont-show). Members who hid their profile or blocked viewer since are left out.
func (s *Service) DontShowList(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page[Card], error) {
	q := s.db.WithContext(ctx).Table("dont_shows m").Joins("JOIN profiles p ON p.id = m.target_id").
		Joins("JOIN users u ON u.id = p.user_id").
		Where("m.profile_id = ? AND u.status = ? AND p.hidden = ?", viewerID, userActive, false).
		Where("p.id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?) AND p.id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = ?)",
			viewerID, viewerID)
	return s.markedPage(ctx, q, viewerID, viewerCode, skip, limit)
}

// markedPage pages q (a relation table m joined with profiles p), newest mark first, as cards.
func (s *Service) markedPage(ctx context.Context, q *gorm.DB, viewerID uint64, viewerCode string, skip, limit int) (*Page[Card], error) {
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	q = q.Session(&gorm.Session{})
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, internal(err)
	}
	var rows []struct {
		ID        uint64
		CreatedAt time.Time
	}
	if err := q.Select("p.id, m.created_at").Order("m.created_at DESC, m.id DESC").
		Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	ids := make([]uint64, 0, len(rows))
	since := make(map[uint64]time.Time, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
		since[r.ID] = r.CreatedAt.UTC()
	}
	cards, err := s.Cards(ctx, viewerID, viewerCode, ids)
	if err != nil {
		return nil, err
	}
	for i := range cards {
		t := since[cards[i].internalID]
		cards[i].Since = &t
	}
	return &Page[Card]{Items: cards, Total: total}, nil
}
