package chat

import (
	"context"
	"time"
)

// markActiveChunk bounds the ids of one last_active_at statement.
const markActiveChunk = 500

// MarkActive sets profiles.last_active_at to at for ids, in a few
// statements whatever their number; the gateway gathers the members who
// connected or left over a few seconds and calls it once, so presence costs
// the database a bounded amount of work per interval, not a write per
// connect.
func (s *Service) MarkActive(ctx context.Context, at time.Time, ids []uint64) error {
	at = at.UTC().Truncate(time.Millisecond)
	for lo := 0; lo < len(ids); lo += markActiveChunk {
		hi := min(lo+markActiveChunk, len(ids))
		if err := s.db.WithContext(ctx).Table("profiles").Where("id IN ?", ids[lo:hi]).
			UpdateColumn("last_active_at", at).Error; err != nil {
			return internal(err)
		}
	}
	return nil
}

// ProfileOfUser returns the profiles.id of a user account, or 0 when the
// user has no profile.
func (s *Service) ProfileOfUser(ctx context.Context, userID uint64) (uint64, error) {
	var ids []uint64
	if err := s.db.WithContext(ctx).Table("profiles").Where("user_id = ?", userID).Limit(1).Pluck("id", &ids).Error; err != nil {
		return 0, internal(err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return ids[0], nil
}
