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
}

// Report files viewer's report of the member with public code code (POST profile/report/{id}):
// the moderators get it, and the member drops out of viewer's view at once: a block and a
// "don't show" mark, so no list, chat or message of theirs reaches viewer.
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
	id, err := s.markable(ctx, viewerID, code)
	if err != nil {
		return err
	}
	return s.rel.FileReport(ctx, relation.Report{Reporter: viewerID, Reported: id, Kind: in.Kind, Reason: in.Reason, Details: in.Details})
}

// target resolves the public code of a member whose account is active,
// hidden or not. Any other code, malformed or gone, is not found. Only calls
// that answer the same whether or not the member exists may use it.
func (s *Service) target(ctx context.Context, code string) (uint64, error) {
	return s.resolve(ctx, code, "")
}

// markable resolves the public code of a member viewer may see or has
// blocked: active, not hidden, and not blocking viewer. Hidden members and
// members who blocked viewer are not found, exactly like unknown codes (no
// call tells viewer that they exist).
func (s *Service) markable(ctx context.Context, viewerID uint64, code string) (uint64, error) {
	return s.resolve(ctx, code, "p.hidden = ? AND p.id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = ?)", false, viewerID)
}

// resolve finds the active member with public code code that also meets cond (if any).
func (s *Service) resolve(ctx context.Context, code, cond string, args ...any) (uint64, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return 0, notFound()
	}
	q := s.db.WithContext(ctx).Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Where("p.profile_code = ? AND u.status = ?", code, userActive)
	if cond != "" {
		q = q.Where(cond, args...)
	}
	var ids []uint64
	if err := q.Limit(1).Pluck("p.id", &ids).Error; err != nil {
		return 0, internal(err)
	}
	if len(ids) == 0 {
		return 0, notFound()
	}
	return ids[0], nil
}

// mark resolves code with find and applies fn(viewer, target), refusing the viewer's own profile with selfMsg.
func (s *Service) mark(ctx context.Context, viewerID uint64, code, selfMsg string,
	find func(context.Context, uint64, string) (uint64, error), fn func(context.Context, uint64, uint64) error) error {
	id, err := find(ctx, viewerID, code)
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

// markedBy resolves code among the members viewer may see and those in viewer's own rows of
// table (blocks or dont_shows: col is the viewer's column, other the member's), so a mark can
// be lifted from a member who hid their profile since.
func (s *Service) markedBy(table, col, other string) func(context.Context, uint64, string) (uint64, error) {
	return func(ctx context.Context, viewerID uint64, code string) (uint64, error) {
		id, err := s.markable(ctx, viewerID, code)
		if apperr.KindOf(err) != apperr.NotFound {
			return id, err
		}
		return s.resolve(ctx, code, "p.id IN (SELECT "+other+" FROM "+table+" WHERE "+col+" = ?)", viewerID)
	}
}

// Block blocks the member with public code code for viewer (POST profile/block/{id}); blocking
// again is a no-op. From then on neither sees the other anywhere, an open chat ends at once,
// and pending invitations between them are withdrawn.
func (s *Service) Block(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotBlockSelf, s.markable, s.rel.Block)
}

// Unblock lifts viewer's block on the member with public code code (DELETE profile/block/{id}).
func (s *Service) Unblock(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotBlockSelf, s.markedBy("blocks", "blocker_id", "blocked_id"), s.rel.Unblock)
}

// DontShow puts the member with public code code on viewer's "don't show" list (POST profile/dont-show/{id}).
func (s *Service) DontShow(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotDontShowSelf, s.markable, s.rel.DontShow)
}

// ShowAgain takes the member with public code code off viewer's "don't show" list (DELETE profile/dont-show/{id}).
func (s *Service) ShowAgain(ctx context.Context, viewerID uint64, code string) error {
	return s.mark(ctx, viewerID, code, MsgCannotDontShowSelf, s.markedBy("dont_shows", "profile_id", "target_id"), s.rel.ShowAgain)
}

// BlockedList pages the members viewer blocked, most recent first (GET profile/block). Their
// cards carry no photos: a block closes the photos both ways. Members who hid their profile
// since are left out, as from every list; they come back if they show it again.
func (s *Service) BlockedList(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page[Card], error) {
	q := s.db.WithContext(ctx).Table("blocks m").Joins("JOIN profiles p ON p.id = m.blocked_id").
		Joins("JOIN users u ON u.id = p.user_id").
		Where("m.blocker_id = ? AND u.status = ? AND p.hidden = ?", viewerID, userActive, false)
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
		Where(relation.BlockedSQL("p.id"), viewerID, viewerID)
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
