package chat

import (
	"context"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// conversation is a row of chat_conversations.
type conversation struct {
	ID            uint64
	LowID         uint64
	HighID        uint64
	StartedBy     uint64
	RepliedAt     *time.Time
	MessageCount  int
	LastMessageID uint64
	LowReadID     uint64
	HighReadID    uint64
	LowUnread     int
	HighUnread    int
}

// readID and unread return the member's read marker and unread count.
func (c *conversation) readID(member uint64) uint64 {
	if member == c.LowID {
		return c.LowReadID
	}
	return c.HighReadID
}

func (c *conversation) unread(member uint64) int {
	if c == nil {
		return 0
	}
	if member == c.LowID {
		return c.LowUnread
	}
	return c.HighUnread
}

// side names the columns of member in the conversation: "low" or "high".
func side(member, lowID uint64) string {
	if member == lowID {
		return "low"
	}
	return "high"
}

// loadConversation returns the conversation of a and b, or nil.
func (s *Service) loadConversation(ctx context.Context, a, b uint64) (*conversation, error) {
	lo, hi := order(a, b)
	var rows []conversation
	err := s.hot.WithContext(ctx).Table("chat_conversations").
		Select("id, low_id, high_id, started_by, replied_at, message_count, last_message_id, low_read_id, high_read_id, low_unread, high_unread").
		Where("low_id = ? AND high_id = ?", lo, hi).Limit(1).Find(&rows).Error
	if err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

// barrierSQL lists who stands between two members: the blocker of a block
// and the author of a report (relation.Store.FileReport), either way. A
// report counts as a block by its author while it is open (until a
// moderator closes it), even once the author has lifted the block that
// filing it made.
const barrierSQL = `SELECT blocker_id FROM blocks WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)
UNION SELECT reporter_id FROM reports WHERE status = 'open' AND ((reporter_id = ? AND reported_id = ?) OR (reporter_id = ? AND reported_id = ?))`

// barrier reports whether me blocked or reported partner (mine), and whether
// partner blocked or reported me (theirs).
func (s *Service) barrier(ctx context.Context, me, partner uint64) (mine, theirs bool, err error) {
	var ids []uint64
	if err := s.hot.WithContext(ctx).Raw(barrierSQL, me, partner, partner, me, me, partner, partner, me).Scan(&ids).Error; err != nil {
		return false, false, internal(err)
	}
	for _, id := range ids {
		mine = mine || id == me
		theirs = theirs || id == partner
	}
	return mine, theirs, nil
}

// notFound is the refusal for a member the caller may not reach: unknown,
// hidden, deleted, suspended, or one who blocked or reported the caller.
// They all answer alike (as the REST profile view answers 404 for each),
// so that nobody learns they were blocked or reported.
func notFound() error { return refuse(apperr.NotFound, ReasonNotFound, MsgNotFound) }

// mayWrite decides whether me may write to partner (product.md "Chat"):
//
//   - the partner must exist, be active and not hidden, and must not have
//     blocked or reported me (else "not found", the same answer in every
//     case), and be of the other gender;
//   - a block or a report by me refuses ("blocked": I know I did it), in an
//     ongoing chat as well;
//   - either may reply in a conversation the other started, and once both
//     have written, either may go on;
//   - otherwise me is starting: the partner's setting applies ("nobody"
//     refuses, "accepted" needs an accepted invitation, "verified" needs me
//     to have a verified e-mail or mobile), and me needs a paid plan that
//     includes chats, or else an accepted invitation with the partner.
func (s *Service) mayWrite(ctx context.Context, me, partner *party, conv *conversation) error {
	if !partner.available() || partner.ID == me.ID {
		return notFound()
	}
	mine, theirs, err := s.barrier(ctx, me.ID, partner.ID)
	if err != nil {
		return err
	}
	if theirs && !mine {
		return notFound() // before the gender: a member who does not exist has none
	}
	if partner.Gender == me.Gender {
		return refuse(apperr.Forbidden, ReasonSameGender, MsgSameGender)
	}
	if mine {
		return refuse(apperr.Forbidden, ReasonBlocked, MsgBlocked)
	}
	if conv != nil && (conv.StartedBy == partner.ID || conv.RepliedAt != nil) {
		return nil
	}
	var invited *bool
	accepted := func() (bool, error) {
		if invited == nil {
			ok, err := s.rel.InvitationAccepted(ctx, me.ID, partner.ID)
			if err != nil {
				return false, internal(err)
			}
			invited = &ok
		}
		return *invited, nil
	}
	switch partner.ChatSetting {
	case SettingNobody:
		return refuse(apperr.Forbidden, ReasonChatOff, MsgChatOff)
	case SettingAccepted:
		ok, err := accepted()
		if err != nil {
			return err
		}
		if !ok {
			return refuse(apperr.Forbidden, ReasonNeedsInvitation, MsgNeedsInvitation)
		}
	default: // SettingVerified, the default
		if !me.verified() {
			return refuse(apperr.Forbidden, ReasonNeedsVerification, MsgNeedsVerification)
		}
	}
	paid, err := s.plans.MayStartChats(ctx, me.ID)
	if err != nil || paid {
		return internal(err)
	}
	ok, err := accepted()
	if err != nil {
		return err
	}
	if !ok {
		return refuse(apperr.Forbidden, ReasonNeedsPlan, MsgNeedsPlan)
	}
	return nil
}

// member resolves a room for the caller into both parties, refusing rooms
// the caller is not part of.
func (s *Service) member(ctx context.Context, self uint64, room string) (me, partner *party, err error) {
	a, b, ok := ParseRoom(room)
	if !ok {
		return nil, nil, refuse(apperr.Forbidden, ReasonNotInRoom, MsgNotInRoom)
	}
	ps, err := s.loadPartiesOn(ctx, s.hot, "p.id = ? OR p.profile_code IN ?", self, []string{a, b})
	if err != nil {
		return nil, nil, err
	}
	me = ps[self]
	if me == nil || me.Status != account.StatusActive {
		return nil, nil, refuse(apperr.Unauthorized, ReasonInactive, MsgInactive)
	}
	if me.ProfileCode != a && me.ProfileCode != b {
		return nil, nil, refuse(apperr.Forbidden, ReasonNotInRoom, MsgNotInRoom)
	}
	other := a
	if other == me.ProfileCode {
		other = b
	}
	for id, p := range ps {
		if id != self && p.ProfileCode == other {
			partner = p
		}
	}
	if partner == nil {
		return nil, nil, notFound()
	}
	return me, partner, nil
}

// readable refuses reading a conversation whose partner is gone or hidden
// or blocked or reported me (not found, as in mayWrite), or whom I blocked
// or reported (blocked).
func (s *Service) readable(ctx context.Context, me, partner *party) error {
	if !partner.available() {
		return notFound()
	}
	mine, theirs, err := s.barrier(ctx, me.ID, partner.ID)
	switch {
	case err != nil:
		return err
	case mine:
		return refuse(apperr.Forbidden, ReasonBlocked, MsgBlocked)
	case theirs:
		return notFound()
	}
	return nil
}
