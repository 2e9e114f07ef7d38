package account

import (
	"context"
	"sync"
)

// StateKind names a change of a member's standing that live sessions must
// reflect at once (the chat's online lists, realtime/gateway).
type StateKind string

// The standing changes this service announces.
const (
	StateBanned   StateKind = "banned"   // Ban: every session ended
	StateUnbanned StateKind = "unbanned" // Unban
	StateHidden   StateKind = "hidden"   // SetHidden(true)
	StateShown    StateKind = "shown"    // SetHidden(false)
	// StateSignedOut ends one session (StateChange.Session): a logout, a
	// replayed refresh token, or the session's absolute lifetime running out.
	StateSignedOut StateKind = "signed_out"
)

// StateChange is one committed change of a member's standing.
type StateChange struct {
	UserID uint64
	Kind   StateKind
	// Session is the refresh-token family a StateSignedOut ended (Principal.SessionID).
	Session string
}

// stateListeners holds the functions told about standing changes.
type stateListeners struct {
	mu  sync.RWMutex
	fns []func(context.Context, StateChange)
}

// OnStateChange registers fn to run, synchronously and after the commit,
// for every ban, unban, hide, show and ended session; the realtime gateway uses it to take
// a banned or hidden member off open chat lists at once.
func (s *Service) OnStateChange(fn func(context.Context, StateChange)) {
	s.stateFns.mu.Lock()
	s.stateFns.fns = append(s.stateFns.fns, fn)
	s.stateFns.mu.Unlock()
}

// stateChanged tells the listeners about a committed change.
func (s *Service) stateChanged(ctx context.Context, userID uint64, kind StateKind, session string) {
	s.stateFns.mu.RLock()
	fns := append([]func(context.Context, StateChange){}, s.stateFns.fns...)
	s.stateFns.mu.RUnlock()
	for _, fn := range fns {
		fn(ctx, StateChange{UserID: userID, Kind: kind, Session: session})
	}
}
