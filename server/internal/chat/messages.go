package chat

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// messageRow is a row of chat_messages.
type messageRow struct {
	ID             uint64 `gorm:"primaryKey"`
	ConversationID uint64
	SenderID       uint64
	ClientID       *string
	Body           string
	Warning        string
	CreatedAt      time.Time
}

// TableName pins the messages table.
func (messageRow) TableName() string { return "chat_messages" }

// toMessage turns a row into what clients receive; the warning is the
// receiver's notice.
func toMessage(r messageRow, room string, codes map[uint64]string) Message {
	m := Message{ID: r.ID, RoomName: room, Message: r.Body, PostedBy: codes[r.SenderID], CreatedAt: r.CreatedAt.UTC(),
		Warning: warningFor(r.Warning, false)}
	if r.ClientID != nil {
		m.ClientID = *r.ClientID
	}
	return m
}

// errDuplicate signals a reused client id inside the send transaction.
var errDuplicate = errors.New("chat: duplicate client id")

// Open is getRoomName: it checks that viewer may write to the member with
// public id toCode (see mayWrite) and returns the room, the partner as
// viewer may see them, the latest PageSize messages (oldest first) and
// viewer's unread count. Refusals carry a reason (ReasonOf): not_found,
// same_gender, blocked, dont_show (viewer put the member on their "don't
// show" list: that member stays out of viewer's chat until shown again),
// chat_off, needs_invitation, needs_verification, needs_plan, rate_limited,
// inactive.
func (s *Service) Open(ctx context.Context, viewer uint64, toCode string) (*Opened, error) {
	code := NormalizeCode(toCode)
	if !validCode(code) {
		return nil, refuse(apperr.NotFound, ReasonNotFound, MsgNotFound)
	}
	if err := s.allow(ctx, "open", viewer, OpenLimit, OpenWindow); err != nil {
		return nil, err
	}
	me, partner, err := s.pair(ctx, viewer, code)
	if err != nil {
		return nil, err
	}
	if partner == nil {
		return nil, refuse(apperr.NotFound, ReasonNotFound, MsgNotFound)
	}
	conv, err := s.loadConversation(ctx, me.ID, partner.ID)
	if err != nil {
		return nil, err
	}
	if err := s.mayWrite(ctx, me, partner, conv); err != nil {
		return nil, err
	}
	if hidden, err := s.rel.DontShown(ctx, me.ID, partner.ID); err != nil || hidden {
		if err != nil {
			return nil, internal(err)
		}
		return nil, refuse(apperr.Forbidden, ReasonDontShow, MsgDontShow)
	}
	users, err := s.chatUsers(ctx, me.ID, partner)
	if err != nil {
		return nil, err
	}
	room := RoomName(me.ProfileCode, partner.ProfileCode)
	out := &Opened{RoomName: room, Partner: users[partner.ID], PartnerID: partner.ID, Messages: []Message{}, Unread: conv.unread(me.ID)}
	if conv != nil {
		out.Messages, out.HasMore, err = s.page(ctx, conv.ID, room, codesOf(me, partner), window{Limit: PageSize})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func codesOf(ps ...*party) map[uint64]string {
	out := make(map[uint64]string, len(ps))
	for _, p := range ps {
		out[p.ID] = p.ProfileCode
	}
	return out
}

// window selects a page of a conversation: the newest messages before
// Before (0: the latest), or, when Forward, the oldest after After (0: from
// the start). Pages are always returned oldest first.
type window struct {
	Before, After uint64
	Forward       bool
	Limit         int
}

// page reads one window of a conversation.
func (s *Service) page(ctx context.Context, convID uint64, room string, codes map[uint64]string, w window) ([]Message, bool, error) {
	limit := w.Limit
	if limit <= 0 || limit > MaxPageSize {
		limit = MaxPageSize
	}
	q := s.db.WithContext(ctx).Where("conversation_id = ?", convID)
	switch {
	case w.Forward:
		q = q.Where("id > ?", w.After).Order("id ASC")
	case w.Before > 0:
		q = q.Where("id < ?", w.Before).Order("id DESC")
	default:
		q = q.Order("id DESC")
	}
	var rows []messageRow
	if err := q.Limit(limit + 1).Find(&rows).Error; err != nil {
		return nil, false, internal(err)
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	if !w.Forward {
		slices.Reverse(rows)
	}
	out := make([]Message, len(rows))
	for i, r := range rows {
		out[i] = toMessage(r, room, codes)
	}
	return out, more, nil
}

// History returns up to limit messages older than before (0: the latest),
// oldest first, with HasMore telling whether older ones remain.
func (s *Service) History(ctx context.Context, viewer uint64, room string, before uint64, limit int) (*Page, error) {
	return s.read(ctx, viewer, room, window{Before: before, Limit: limit})
}

// Since returns up to limit messages newer than after (0: from the start),
// oldest first, with HasMore telling whether newer ones remain: a
// reconnecting client passes the last id it saw and pages until HasMore is
// false, which leaves no gap and no duplicate.
func (s *Service) Since(ctx context.Context, viewer uint64, room string, after uint64, limit int) (*Page, error) {
	return s.read(ctx, viewer, room, window{After: after, Forward: true, Limit: limit})
}

func (s *Service) read(ctx context.Context, viewer uint64, room string, w window) (*Page, error) {
	if err := s.allow(ctx, "open", viewer, OpenLimit, OpenWindow); err != nil {
		return nil, err
	}
	me, partner, err := s.member(ctx, viewer, room)
	if err != nil {
		return nil, err
	}
	if err := s.readable(ctx, me, partner); err != nil {
		return nil, err
	}
	conv, err := s.loadConversation(ctx, me.ID, partner.ID)
	if err != nil {
		return nil, err
	}
	p := &Page{RoomName: room, Messages: []Message{}}
	if conv == nil {
		return p, nil
	}
	p.Messages, p.HasMore, err = s.page(ctx, conv.ID, room, codesOf(me, partner), w)
	return p, err
}

// cleanText trims a message and checks its length in characters.
func cleanText(text string) (string, error) {
	text = strings.ToValidUTF8(text, "\uFFFD")
	text = strings.TrimSpace(strings.ReplaceAll(text, "\x00", ""))
	if text == "" {
		return "", refuse(apperr.Invalid, ReasonEmptyMessage, MsgEmptyMessage)
	}
	if utf8.RuneCountInString(text) > MaxMessageRunes {
		return "", refuse(apperr.Invalid, ReasonTooLong, MsgTooLong)
	}
	return text, nil
}

// validClientID accepts 1 to MaxClientIDLen visible ASCII characters.
func validClientID(id string) bool {
	if len(id) == 0 || len(id) > MaxClientIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] <= ' ' || id[i] > '~' {
			return false
		}
	}
	return true
}

// Send stores a message and then publishes it (EventMessage). The author
// must be in the room and allowed to write (see mayWrite); the text is
// trimmed, non-empty and at most MaxMessageRunes characters; a member sends
// at most SendLimit messages per SendWindow. A ClientID already used by the
// author returns the stored message with Duplicate set, and publishes
// nothing. Within each member's first EarlyChatMessages messages in a
// conversation, text asking for money or moving off the site is flagged:
// the message carries the receiver's warning and Sent.SenderWarning the
// author's.
// Refusal reasons: empty_message, too_long, invalid, not_in_room,
// not_found, same_gender, blocked, chat_off, needs_invitation,
// needs_verification, needs_plan, rate_limited, inactive.
func (s *Service) Send(ctx context.Context, in SendInput) (*Sent, error) {
	text, err := cleanText(in.Text)
	if err != nil {
		return nil, err
	}
	var clientID *string
	if in.ClientID != "" {
		if !validClientID(in.ClientID) {
			return nil, refuse(apperr.Invalid, ReasonInvalid, MsgInvalid)
		}
		clientID = &in.ClientID
	}
	if err := s.allow(ctx, "send", in.From, s.sendN, s.sendWin); err != nil {
		return nil, err
	}
	if sent, ok, err := s.sendFast(ctx, in, text, clientID); ok {
		return sent, err
	}
	me, partner, err := s.member(ctx, in.From, in.RoomName)
	if err != nil {
		return nil, err
	}
	l := s.pairLock(me.ID, partner.ID)
	l.Lock()
	defer l.Unlock()

	conv, err := s.loadConversation(ctx, me.ID, partner.ID)
	if err != nil {
		return nil, err
	}
	if err := s.mayWrite(ctx, me, partner, conv); err != nil {
		return nil, err
	}
	now := s.clock()
	if conv == nil {
		if conv, err = s.createConversation(ctx, me.ID, partner.ID, now); err != nil {
			return nil, err
		}
	}
	sentBefore, err := s.sentEarly(ctx, conv, me.ID)
	if err != nil {
		return nil, err
	}
	warning := ""
	if sentBefore < EarlyChatMessages {
		warning = screen(text)
	}
	// Prepared before the group transaction: preparing inside it would wait
	// for a pool connection while holding SQLite's write lock.
	_ = s.stmts.prepare(s.db.SQL())
	var row messageRow
	err = s.write(func(tx *gorm.DB) error {
		row = messageRow{ConversationID: conv.ID, SenderID: me.ID, ClientID: clientID, Body: text, Warning: warning, CreatedAt: now}
		return s.storeMessage(tx, &row, conv, partner.ID, conv.StartedBy != me.ID && conv.RepliedAt == nil, now)
	})
	room := RoomName(me.ProfileCode, partner.ProfileCode)
	codes := codesOf(me, partner)
	if errors.Is(err, errDuplicate) {
		var prev messageRow
		if err := s.db.WithContext(ctx).Where("sender_id = ? AND client_id = ?", me.ID, *clientID).Take(&prev).Error; err != nil {
			return nil, internal(err)
		}
		if prev.ConversationID != conv.ID {
			return nil, refuse(apperr.Invalid, ReasonInvalid, MsgInvalid) // the key was used in another room
		}
		return &Sent{Message: toMessage(prev, room, codes), Duplicate: true, PartnerID: partner.ID}, nil
	}
	if err != nil {
		return nil, internal(err)
	}
	s.remember(room, me, partner, conv, sentBefore)
	sent := &Sent{Message: toMessage(row, room, codes), SenderWarning: warningFor(warning, true), PartnerID: partner.ID}
	msg := sent.Message
	s.publish(ctx, Event{Kind: EventMessage, From: me.ID, To: partner.ID, Message: &msg, SenderWarning: sent.SenderWarning})
	return sent, nil
}

// createConversation inserts the pair's conversation, started by from; a
// concurrent insert by another node is read back instead.
func (s *Service) createConversation(ctx context.Context, from, to uint64, now time.Time) (*conversation, error) {
	lo, hi := order(from, to)
	err := s.db.WithContext(ctx).Table("chat_conversations").Create(map[string]any{
		"low_id": lo, "high_id": hi, "started_by": from, "message_count": 0, "last_message_id": 0,
		"low_read_id": 0, "high_read_id": 0, "low_unread": 0, "high_unread": 0, "created_at": now, "updated_at": now,
	}).Error
	if err != nil && !store.IsUniqueViolation(err) {
		return nil, internal(err)
	}
	conv, err := s.loadConversation(ctx, from, to)
	if err == nil && conv == nil {
		err = internal(errors.New("chat: conversation vanished after insert"))
	}
	return conv, err
}

// MarkRead marks viewer's messages in room as read up to upTo (0: all of
// them) and returns how many stay unread there.
func (s *Service) MarkRead(ctx context.Context, viewer uint64, room string, upTo uint64) (int, error) {
	me, partner, err := s.member(ctx, viewer, room)
	if err != nil {
		return 0, err
	}
	conv, err := s.loadConversation(ctx, me.ID, partner.ID)
	if err != nil || conv == nil {
		return 0, err
	}
	mine := side(me.ID, conv.LowID)
	db := s.db.WithContext(ctx).Table("chat_conversations").Where("id = ?", conv.ID)
	if upTo == 0 || upTo >= conv.LastMessageID {
		// One statement: a message committed meanwhile is counted as read
		// only if it is already in last_message_id.
		err = db.Updates(map[string]any{mine + "_read_id": gorm.Expr("last_message_id"), mine + "_unread": 0}).Error
	} else if upTo > conv.readID(me.ID) {
		err = db.Updates(map[string]any{mine + "_read_id": upTo, mine + "_unread": gorm.Expr(
			"(SELECT COUNT(*) FROM chat_messages m WHERE m.conversation_id = ? AND m.sender_id <> ? AND m.id > ?)", conv.ID, me.ID, upTo)}).Error
	}
	if err != nil {
		return 0, internal(err)
	}
	conv, err = s.loadConversation(ctx, me.ID, partner.ID)
	if err != nil || conv == nil {
		return 0, err
	}
	return conv.unread(me.ID), nil
}

// Unread returns viewer's unread messages per conversation, newest first,
// leaving out partners who are hidden, gone, blocked or reported either way or on the viewer's "don't show" list.
func (s *Service) Unread(ctx context.Context, viewer uint64) (*UnreadSummary, error) {
	return s.summary(ctx, viewer, true)
}

// MaxConversations bounds the Conversations list.
const MaxConversations = 50

// Conversations returns viewer's conversations with at least one message,
// the most recent first (at most MaxConversations), each with its unread
// count and its last message, leaving out the same partners as Unread.
func (s *Service) Conversations(ctx context.Context, viewer uint64) (*UnreadSummary, error) {
	return s.summary(ctx, viewer, false)
}

// summary lists viewer's conversations: only those with unread messages, or
// the latest ones with their last message.
func (s *Service) summary(ctx context.Context, viewer uint64, unreadOnly bool) (*UnreadSummary, error) {
	var convs []conversation
	q := s.db.WithContext(ctx).Table("chat_conversations").
		Select("id, low_id, high_id, started_by, replied_at, message_count, last_message_id, low_read_id, high_read_id, low_unread, high_unread")
	if unreadOnly {
		q = q.Where("((low_id = ? AND low_unread > 0) OR (high_id = ? AND high_unread > 0))", viewer, viewer).Limit(200)
	} else {
		q = q.Where("(low_id = ? OR high_id = ?) AND last_message_id > 0", viewer, viewer).Limit(MaxConversations)
	}
	// Blocks and reports either way (a report counts as a block, see barrierSQL) and the viewer's
	// "don't show" list (product.md: every chat list leaves them out), before the limit, so hidden
	// partners never take a place in the list.
	q = q.Where(`(CASE WHEN low_id = ? THEN high_id ELSE low_id END) NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?
		UNION SELECT blocker_id FROM blocks WHERE blocked_id = ? UNION SELECT target_id FROM dont_shows WHERE profile_id = ?
		UNION SELECT reported_id FROM reports WHERE reporter_id = ? AND status = 'open' UNION SELECT reporter_id FROM reports WHERE reported_id = ? AND status = 'open')`,
		viewer, viewer, viewer, viewer, viewer, viewer)
	if err := q.Order("last_message_id DESC").Find(&convs).Error; err != nil {
		return nil, internal(err)
	}
	out := &UnreadSummary{Conversations: []UnreadConversation{}}
	if len(convs) == 0 {
		return out, nil
	}
	ids := []uint64{viewer}
	for _, c := range convs {
		ids = append(ids, c.LowID+c.HighID-viewer)
	}
	ps, err := s.loadParties(ctx, "p.id IN ?", ids)
	if err != nil {
		return nil, err
	}
	me := ps[viewer]
	if me == nil {
		return out, nil
	}
	var partners []*party
	for _, c := range convs {
		p := ps[c.LowID+c.HighID-viewer]
		if p.available() {
			partners = append(partners, p)
		}
	}
	users, err := s.chatUsers(ctx, viewer, partners...)
	if err != nil {
		return nil, err
	}
	last := map[uint64]messageRow{}
	if !unreadOnly {
		lastIDs := make([]uint64, 0, len(convs))
		for _, c := range convs {
			lastIDs = append(lastIDs, c.LastMessageID)
		}
		var rows []messageRow
		if err := s.db.WithContext(ctx).Where("id IN ?", lastIDs).Find(&rows).Error; err != nil {
			return nil, internal(err)
		}
		for _, r := range rows {
			last[r.ID] = r
		}
	}
	for _, c := range convs {
		p := ps[c.LowID+c.HighID-viewer]
		if p == nil {
			continue
		}
		u, ok := users[p.ID]
		if !ok {
			continue
		}
		room := RoomName(me.ProfileCode, p.ProfileCode)
		n := c.unread(viewer)
		out.Total += n
		uc := UnreadConversation{RoomName: room, User: u, Unread: n, LastMessageID: c.LastMessageID}
		if r, ok := last[c.LastMessageID]; ok {
			m := toMessage(r, room, map[uint64]string{me.ID: me.ProfileCode, p.ID: p.ProfileCode})
			uc.LastMessage = &m
		}
		out.Conversations = append(out.Conversations, uc)
	}
	return out, nil
}

// DeleteMemberData is the account DeleteHook of the chat area: inside the
// deletion transaction it deletes every conversation the member was in with
// all their messages (so the messages the member sent are gone), then tells
// listeners so that the member's open sockets are closed.
func (s *Service) DeleteMemberData(ctx context.Context, tx *gorm.DB, m account.DeletedMember) error {
	if m.ProfileID == 0 {
		return nil
	}
	id := m.ProfileID
	for _, q := range []string{
		"DELETE FROM chat_messages WHERE conversation_id IN (SELECT id FROM chat_conversations WHERE low_id = ? OR high_id = ?)",
		"DELETE FROM chat_messages WHERE sender_id = ? OR sender_id = ?",
		"DELETE FROM chat_conversations WHERE low_id = ? OR high_id = ?",
	} {
		if err := tx.WithContext(ctx).Exec(q, id, id).Error; err != nil {
			return err
		}
	}
	s.publish(ctx, Event{Kind: EventMemberDeleted, From: id})
	return nil
}
