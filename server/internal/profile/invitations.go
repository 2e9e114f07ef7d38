package profile

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// Messages of the invitation calls.
const (
	MsgInviteSent           = "Invitation sent"
	MsgInviteAccepted       = "Invitation accepted"
	MsgInviteDeclined       = "Invitation declined"
	MsgInviteCancelled      = "Invitation cancelled"
	MsgInviteSameGender     = "Invitations go to members of the opposite gender"
	MsgCannotInviteSelf     = "You cannot invite your own profile"
	MsgInviteWhileHidden    = "Your profile is hidden. Show it again to send invitations."
	MsgInviteExists         = "An invitation between you already exists"
	MsgInvitationNotFound   = "Invitation not found"
	MsgUnknownInvitationBox = "Unknown invitation list"
)

// InviteLimitMessage words the daily invitation limit a member has reached;
// the number is their plan's (billing decides it, from the plan rows).
func InviteLimitMessage(e billing.Entitlements) string {
	if !e.Paid {
		return fmt.Sprintf("You have sent %d invitations today, the most a free member may. A paid plan lets you send more.", e.DailyInvitations)
	}
	return fmt.Sprintf("You have sent %d invitations today, the most your plan allows a day. Please try again tomorrow.", e.DailyInvitations)
}

// InvitationState is the latest invitation between a viewer and a member.
type InvitationState struct {
	Status   string    `json:"status"`   // pending, accepted, declined or cancelled
	SentByMe bool      `json:"sentByMe"` // the viewer sent it
	At       time.Time `json:"at"`       // when it was sent or last answered
}

// invitationRow is one invitation as the lists and views read it.
type invitationRow struct {
	ID         uint64
	SenderID   uint64
	ReceiverID uint64
	Status     string
	UpdatedAt  time.Time
}

func (r invitationRow) state(viewerID uint64) *InvitationState {
	return &InvitationState{Status: r.Status, SentByMe: r.SenderID == viewerID, At: r.UpdatedAt.UTC()}
}

// latestInvitation returns the newest invitation between a and b, or nil.
func latestInvitation(db *gorm.DB, a, b uint64) (*invitationRow, error) {
	var rows []invitationRow
	err := db.Table("invitations").Select("id, sender_id, receiver_id, status, updated_at").
		Where("(sender_id = ? AND receiver_id = ?) OR (sender_id = ? AND receiver_id = ?)", a, b, b, a).
		Order("id DESC").Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// visibleTarget resolves the public code of a member viewer may see: active,
// not hidden, not blocked either way (viewer itself is found); anyone else is
// not found.
func (s *Service) visibleTarget(ctx context.Context, viewerID uint64, code string) (uint64, error) {
	return s.resolve(ctx, code, "p.hidden = ? AND "+relation.BlockedSQL("p.id"), false, viewerID, viewerID)
}

// Invite sends viewer's invitation to the member with public code code (POST profile/invite/{id}):
// to a member of the opposite gender whom viewer may see, one live invitation per pair, within
// the daily limit of viewer's plan.
func (s *Service) Invite(ctx context.Context, viewerID uint64, code string) error {
	id, err := s.visibleTarget(ctx, viewerID, code)
	if err != nil {
		return err
	}
	if id == viewerID {
		return apperr.New(apperr.BadRequest, MsgCannotInviteSelf)
	}
	db := s.db.WithContext(ctx)
	var pair []struct {
		ID     uint64
		Gender int
		Hidden bool
	}
	if err := db.Table("profiles").Select("id, gender, hidden").Where("id IN ?", []uint64{viewerID, id}).Find(&pair).Error; err != nil {
		return internal(err)
	}
	if len(pair) != 2 {
		return notFound()
	}
	me, them := pair[0], pair[1]
	if me.ID != viewerID {
		me, them = them, me
	}
	// A hidden sender's invitation would be invisible to its receiver and still hold the pair's one live slot.
	if me.Hidden {
		return apperr.New(apperr.BadRequest, MsgInviteWhileHidden)
	}
	if me.Gender == them.Gender {
		return apperr.New(apperr.BadRequest, MsgInviteSameGender)
	}
	ent, err := s.plans.Entitlements(ctx, viewerID)
	if err != nil {
		return err
	}
	limit, msg := ent.DailyInvitations, InviteLimitMessage(ent)
	withinLimit := func(tx *gorm.DB) error {
		var today int64
		if err := tx.Table("invitations").Where("sender_id = ? AND created_at > ?", viewerID, s.clock().Add(-24*time.Hour)).
			Count(&today).Error; err != nil {
			return err
		}
		if today >= int64(limit) {
			return apperr.New(apperr.RateLimited, msg)
		}
		return nil
	}
	if _, err := s.rel.Invite(ctx, viewerID, id, withinLimit); err != nil {
		if apperr.KindOf(err) == apperr.RateLimited || errors.Is(err, relation.ErrCoolOff) {
			return err
		}
		if apperr.KindOf(err) == apperr.Conflict {
			return apperr.New(apperr.Conflict, MsgInviteExists)
		}
		return internal(err)
	}
	return nil
}

// AnswerInvitation accepts or declines (relation.InviteAccepted or InviteDeclined) the pending
// invitation that the member with public code code sent viewer (POST profile/accept-invitation/{id},
// decline-invitation/{id}).
func (s *Service) AnswerInvitation(ctx context.Context, viewerID uint64, code, status string) error {
	// Only from a member viewer may see: a hidden or blocking sender's invitation cannot be answered.
	id, err := s.visibleTarget(ctx, viewerID, code)
	if err != nil {
		return invitationErr(err)
	}
	return invitationErr(s.rel.RespondInvitation(ctx, viewerID, id, status))
}

// CancelInvitation cancels viewer's pending invitation to the member with public code code
// (POST profile/cancel-invitation/{id}).
func (s *Service) CancelInvitation(ctx context.Context, viewerID uint64, code string) error {
	id, err := s.target(ctx, code)
	if err != nil {
		return invitationErr(err)
	}
	return invitationErr(s.rel.CancelInvitation(ctx, viewerID, id))
}

// invitationErr answers every missing invitation, and every member that cannot be resolved,
// with the same "Invitation not found", so these calls tell nothing about who exists.
func invitationErr(err error) error {
	if err == nil {
		return nil
	}
	if apperr.KindOf(err) == apperr.NotFound {
		return apperr.New(apperr.NotFound, MsgInvitationNotFound)
	}
	return internal(err)
}

// Invitation boxes (GET profile/invitations/{box}).
const (
	BoxReceived = "received" // pending invitations to the viewer
	BoxSent     = "sent"     // the viewer's invitations, any status
	BoxAccepted = "accepted" // accepted, either way
	BoxPending  = "pending"  // the viewer's invitations still awaiting an answer
)

// Invitations pages one of viewer's invitation boxes, newest first, as cards of members viewer
// may see, each with its invitation.
func (s *Service) Invitations(ctx context.Context, viewerID uint64, viewerCode, box string, skip, limit int) (*Page[Card], error) {
	q := s.db.WithContext(ctx).Table("invitations i")
	switch box {
	case BoxReceived:
		q = q.Joins("JOIN profiles p ON p.id = i.sender_id").Where("i.receiver_id = ? AND i.status = ?", viewerID, relation.InvitePending)
	case BoxSent:
		// The latest invitation to each member only: an older, cancelled one is history.
		q = q.Joins("JOIN profiles p ON p.id = i.receiver_id").Where("i.sender_id = ?", viewerID).
			Where("i.id = (SELECT MAX(x.id) FROM invitations x WHERE x.sender_id = i.sender_id AND x.receiver_id = i.receiver_id)")
	case BoxAccepted:
		q = q.Joins("JOIN profiles p ON (p.id = i.sender_id AND i.receiver_id = ?) OR (p.id = i.receiver_id AND i.sender_id = ?)", viewerID, viewerID).
			Where("i.status = ?", relation.InviteAccepted)
	case BoxPending:
		q = q.Joins("JOIN profiles p ON p.id = i.receiver_id").Where("i.sender_id = ? AND i.status = ?", viewerID, relation.InvitePending)
	default:
		return nil, apperr.New(apperr.NotFound, MsgUnknownInvitationBox)
	}
	q = q.Joins("JOIN users u ON u.id = p.user_id").Scopes(directory.Visible(viewerID)).Session(&gorm.Session{})
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, internal(err)
	}
	var rows []struct {
		ID, SenderID, ReceiverID uint64
		Status                   string
		UpdatedAt                time.Time
		PID                      uint64 `gorm:"column:pid"`
	}
	if err := q.Select("i.id, i.sender_id, i.receiver_id, i.status, i.updated_at, p.id AS pid").Order("i.updated_at DESC, i.id DESC").
		Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	ids := make([]uint64, 0, len(rows))
	byID := make(map[uint64]*InvitationState, len(rows))
	for _, r := range rows {
		ids = append(ids, r.PID)
		byID[r.PID] = invitationRow{ID: r.ID, SenderID: r.SenderID, ReceiverID: r.ReceiverID, Status: r.Status, UpdatedAt: r.UpdatedAt}.state(viewerID)
	}
	cards, err := s.Cards(ctx, viewerID, viewerCode, ids)
	if err != nil {
		return nil, err
	}
	for i := range cards {
		cards[i].Invitation = byID[cards[i].internalID]
	}
	return &Page[Card]{Items: cards, Total: total}, nil
}

// InternalID is the card's profiles.id, for the areas that join more data onto cards.
func (c *Card) InternalID() uint64 { return c.internalID }
