package chat

import "time"

// HasRoute reports whether sends from member in room take the fast path.
func (s *Service) HasRoute(member uint64, room string) bool {
	return s.routes.get(routeKey{member, room}) != nil
}

// HoldCommits keeps writes queued until the returned release is called, so
// a test can put several sends into one group transaction.
func (s *Service) HoldCommits() (release func()) {
	for {
		// Wait for a committer still finishing earlier writes to leave.
		s.commits.mu.Lock()
		if !s.commits.running {
			s.commits.running = true
			s.commits.mu.Unlock()
			return func() { go s.commitLoop() }
		}
		s.commits.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

// PendingWrites is the number of queued writes.
func (s *Service) PendingWrites() int {
	s.commits.mu.Lock()
	defer s.commits.mu.Unlock()
	return len(s.commits.pending)
}
