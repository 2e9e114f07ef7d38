package match

import (
	"context"
	"time"
)

// StampTimes reads a member's stamps as the kept lists read them, for the tests.
func (s *Service) StampTimes(ctx context.Context, id uint64) (profileAt, prefAt time.Time, err error) {
	st, _, err := s.stamp(ctx, id)
	return st.profileAt, st.prefAt, err
}
