package account

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
)

// Login throttling (issue 18). Wrong passwords and OTPs are counted per
// account *and* source (the client address): each source gets a few free
// tries, then waits that double with every further failure. A stranger
// guessing from elsewhere therefore slows only themselves, and the owner on
// their own device can still log in. While an account is under a
// distributed attack (AccountFailCeiling failures in an hour from all
// sources), every source's free tries shrink to one.
var (
	// LoginBackoff is the per account-and-source policy.
	LoginBackoff = ratelimit.BackoffPolicy{Free: 5, Base: 30 * time.Second, Max: 15 * time.Minute, TTL: 24 * time.Hour}
	// AccountFailures only counts an account's failures from all sources
	// (the admin login counts the same way).
	AccountFailures = ratelimit.BackoffPolicy{Free: 1 << 30, TTL: time.Hour}
)

// AccountFailCeiling is how many failures in an hour, from all sources,
// put an account under attack (see LoginBackoff).
const AccountFailCeiling = 50

// loginGuard is one login attempt's throttling keys.
type loginGuard struct {
	account, source string
}

// guardFor names the throttling keys of an account identifier (an e-mail or
// a phone number) tried from ip; both are hashed (see opaque).
func (s *Service) guardFor(kind, ident, ip string) loginGuard {
	return loginGuard{account: s.opaque(kind+":acct", ident), source: s.opaque(kind+":src", ident+"|"+ip)}
}

// checkGuard refuses an attempt whose source must still wait, saying how long.
func (s *Service) checkGuard(ctx context.Context, g loginGuard) error {
	wait, _, _ := s.bo.Wait(ctx, g.source)
	if wait <= 0 {
		return nil
	}
	return &apperr.Error{Kind: apperr.RateLimited, Message: waitMessage(wait), RetryAfter: wait}
}

// failGuard records a failed attempt on both keys.
func (s *Service) failGuard(ctx context.Context, g loginGuard) {
	p := LoginBackoff
	if _, total, _ := s.bo.Fail(ctx, g.account, AccountFailures); total >= AccountFailCeiling {
		p.Free = 1
	}
	_, _, _ = s.bo.Fail(ctx, g.source, p)
}

// passGuard forgets the source's failures after a success.
func (s *Service) passGuard(ctx context.Context, g loginGuard) {
	_ = s.bo.Reset(ctx, g.source)
}

// waitMessage says how long to wait, in words a member reads.
func waitMessage(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("Too many wrong attempts. Please try again in %d seconds.", int(d.Seconds())+1)
	}
	m := int((d + time.Minute - 1) / time.Minute)
	if m == 1 {
		return "Too many wrong attempts. Please try again in a minute."
	}
	return fmt.Sprintf("Too many wrong attempts. Please try again in %d minutes.", m)
}

// MsgBusy is the answer when password hashing is saturated (a login burst).
const MsgBusy = "Many people are signing in right now. Please try again in a few seconds."

// hashGate bounds concurrent bcrypt work (issue 18): slots as many as the
// cores, a short queue behind them, and everything past that shed at once
// with apperr.Unavailable (503 and Retry-After), so that a login burst
// cannot starve every other request of CPU.
type hashGate struct {
	slots   chan struct{}
	queue   int64        // most callers allowed to wait for a slot
	waiting atomic.Int64 // callers waiting now
	maxWait time.Duration
	shed    atomic.Int64 // callers shed since start
}

// newHashGate sizes the gate: slots (GOMAXPROCS when 0), a queue of four
// per slot, and the longest wait in it (2 s when 0).
func newHashGate(slots int, wait time.Duration) *hashGate {
	if slots <= 0 {
		slots = runtime.GOMAXPROCS(0)
	}
	if wait <= 0 {
		wait = 2 * time.Second
	}
	return &hashGate{slots: make(chan struct{}, slots), queue: int64(4 * slots), maxWait: wait}
}

// enter takes a slot, waiting in the queue when there is room in it; the
// returned function gives the slot back.
func (g *hashGate) enter(ctx context.Context) (func(), error) {
	select {
	case g.slots <- struct{}{}:
		return g.leave, nil
	default:
	}
	if g.waiting.Add(1) > g.queue {
		g.waiting.Add(-1)
		return nil, g.refuse()
	}
	defer g.waiting.Add(-1)
	t := time.NewTimer(g.maxWait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return g.leave, nil
	case <-t.C:
		return nil, g.refuse()
	case <-ctx.Done():
		return nil, g.refuse()
	}
}

func (g *hashGate) leave() { <-g.slots }

func (g *hashGate) refuse() error {
	g.shed.Add(1)
	return &apperr.Error{Kind: apperr.Unavailable, Message: MsgBusy, RetryAfter: 2 * time.Second}
}

// Shed returns how many password checks and hashes were refused because the
// gate was full, since the service started (exported as a metric).
func (s *Service) Shed() int64 { return s.gate.shed.Load() }

// checkPassword is CheckPassword through the gate.
func (s *Service) checkPassword(ctx context.Context, hash, p string) (bool, error) {
	leave, err := s.gate.enter(ctx)
	if err != nil {
		return false, err
	}
	defer leave()
	if s.slowHash != nil {
		s.slowHash()
	}
	return CheckPassword(hash, p), nil
}

// hashPassword is HashPassword through the gate.
func (s *Service) hashPassword(ctx context.Context, p string) (string, error) {
	leave, err := s.gate.enter(ctx)
	if err != nil {
		return "", err
	}
	defer leave()
	if s.slowHash != nil {
		s.slowHash()
	}
	return HashPassword(p, s.cost)
}

// takenBackoff limits how often one source may learn that an e-mail, phone
// or name is taken (issue 18 item 5): ten such answers an hour, then waits
// that double, during which every availability answer is refused alike.
var takenBackoff = ratelimit.BackoffPolicy{Free: 10, Base: time.Minute, Max: time.Hour, TTL: time.Hour}

// ThrottleTaken runs an availability check (CheckAvailable, CheckStep,
// Register) for source (a client address, or "m:<user id>" for a member)
// and counts its "already taken" answers, so that nobody can walk a list of
// addresses or numbers to learn who is registered. While the source must
// wait, the check is not run and the answer is apperr.RateLimited.
func (s *Service) ThrottleTaken(ctx context.Context, source string, check func() error) error {
	key := s.opaque("taken", source)
	if wait, _, _ := s.bo.Wait(ctx, key); wait > 0 {
		return &apperr.Error{Kind: apperr.RateLimited, Message: msgTooManyChecks, RetryAfter: wait}
	}
	err := check()
	if apperr.KindOf(err) == apperr.Conflict {
		_, _, _ = s.bo.Fail(ctx, key, takenBackoff)
	}
	return err
}

// msgTooManyChecks answers a source that asked about too many taken details.
const msgTooManyChecks = "Too many checks from your network. Please try again later."
