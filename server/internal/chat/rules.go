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

// paid reports an active plan that includes starting chats.
func (s *Service) paid(ctx context.Context, member uint64) (bool, error) {
	now := s.clock()
	var n int64
	err := s.hot.WithContext(ctx).Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").
		Where("s.profile_id = ? AND s.starts_at <= ? AND s.expires_at > ? AND pl.start_chats <> 0", member, now, now).
		Count(&n).Error
	return n > 0, internal(err)
}

// mayWrite decides whether me may write to partner (product.md "Chat"):
//
//   - the partner must exist, be active and not hidden (else "not found"),
//     and be of the other gender;
//   - a block either way refuses;
//   - either may reply in a conversation the other started, and once both
//     have written, either may go on;
//   - otherwise me is starting: the partner's setting applies ("nobody"
//     refuses, "accepted" needs an accepted invitation, "verified" needs me
//     to have a verified e-mail or mobile), and me needs a paid plan that
//     includes chats, or else an accepted invitation with the partner.
func (s *Service) mayWrite(ctx context.Context, me, partner *party, conv *conversation) error {
	if !partner.available() || partner.ID == me.ID {
		return refuse(apperr.NotFound, ReasonNotFound, MsgNotFound)
	}
	if partner.Gender == me.Gender {
		return refuse(apperr.Forbidden, ReasonSameGender, MsgSameGender)
	}
	blocked, err := s.rel.Blocked(ctx, me.ID, partner.ID)
	if err != nil {
		return internal(err)
	}
	if blocked {
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
	paid, err := s.paid(ctx, me.ID)
	if err != nil || paid {
		return err
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
		return nil, nil, refuse(apperr.NotFound, ReasonNotFound, MsgNotFound)
	}
	return me, partner, nil
}

// readable refuses reading a conversation whose partner is gone or hidden,
// or when a block stands between the two.
func (s *Service) readable(ctx context.Context, me, partner *party) error {
	if !partner.available() {
		return refuse(apperr.NotFound, ReasonNotFound, MsgNotFound)
	}
	blocked, err := s.rel.Blocked(ctx, me.ID, partner.ID)
	if err != nil {
		return internal(err)
	}
	if blocked {
		return refuse(apperr.Forbidden, ReasonBlocked, MsgBlocked)
	}
	return nil
}
