package chat

import (
	"context"
	"slices"
	"time"
)

// ExcerptLine is one message of a chat excerpt a moderator reads.
type ExcerptLine struct {
	SenderID uint64    `json:"-"`
	Text     string    `json:"text"`
	At       time.Time `json:"at"`
}

// Excerpt returns the last n messages between a and b, oldest first, for a
// moderator reviewing a chat report. It marks nothing read; the caller
// records the view in the audit log.
func (s *Service) Excerpt(ctx context.Context, a, b uint64, n int) ([]ExcerptLine, error) {
	lo, hi := order(a, b)
	var rows []struct {
		SenderID  uint64
		Body      string
		CreatedAt time.Time
	}
	err := s.db.WithContext(ctx).Table("chat_messages m").Joins("JOIN chat_conversations c ON c.id = m.conversation_id").
		Select("m.sender_id, m.body, m.created_at").Where("c.low_id = ? AND c.high_id = ?", lo, hi).
		Order("m.id DESC").Limit(n).Scan(&rows).Error
	if err != nil {
		return nil, internal(err)
	}
	out := make([]ExcerptLine, 0, len(rows))
	for _, r := range rows {
		out = append(out, ExcerptLine{SenderID: r.SenderID, Text: r.Body, At: r.CreatedAt.UTC()})
	}
	slices.Reverse(out)
	return out, nil
}
