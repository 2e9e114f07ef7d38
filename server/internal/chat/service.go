package chat

import (
	"context"
	"errors"
	"hash/maphash"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Deps are what the chat service needs; app wires them.
type Deps struct {
	DB *store.DB
	// Relations answers blocks, invitations and photo requests.
	Relations *relation.Store
	// Plans answers whether a member's plan lets them start chats; nil builds
	// one on DB (billing.NewMeter), which reads the same rows.
	Plans *billing.Meter
	// Limiter counts messages per member: ratelimit.Redis when configured,
	// so every node shares the count; in-process when nil.
	Limiter ratelimit.Limiter
	// Scope separates the rate-limit keys of deployments sharing one Redis.
	Scope string
	// SendLimit messages per SendWindow per member; SendLimit and SendWindow
	// (the package constants) when zero. Load tests raise it.
	SendLimit  int
	SendWindow time.Duration
	Log        *slog.Logger
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Service holds conversations and messages and decides who may chat.
type Service struct {
	db *store.DB
	// hot runs the fixed-shape statements of every send and connect as
	// prepared statements (server-side on MySQL; compiled once per
	// connection and kept by the SQLite driver), so they are not parsed
	// each time. Only statements whose text never varies go through it
	// (no IN lists of variable length), so its statement cache stays small.
	hot     *gorm.DB
	plans   *billing.Meter
	rel     *relation.Store
	limiter ratelimit.Limiter
	scope   string
	sendN   int
	sendWin time.Duration
	log     *slog.Logger
	now     func() time.Time

	mu        sync.RWMutex
	listeners []func(context.Context, Event)

	// stripes serialize the store-then-publish of one pair on this node, so
	// that messages are published in id order and a block waits for sends
	// already in flight (see Quiesce).
	seed    maphash.Seed
	stripes [4096]sync.Mutex

	commits groupCommit  // see commit.go
	stmts   messageStmts // see storemsg.go
	routes  routes       // see fastpath.go
}

// New builds the service; DB and Relations are required.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Relations == nil {
		return nil, errors.New("chat: DB and Relations are required")
	}
	s := &Service{db: d.DB, hot: d.DB.Session(&gorm.Session{PrepareStmt: true}), rel: d.Relations, limiter: d.Limiter, scope: d.Scope,
		sendN: d.SendLimit, sendWin: d.SendWindow, log: d.Log, now: d.Now, seed: maphash.MakeSeed()}
	if s.sendN <= 0 {
		s.sendN = SendLimit
	}
	if s.sendWin <= 0 {
		s.sendWin = SendWindow
	}
	if s.limiter == nil {
		s.limiter = ratelimit.NewMemory()
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.plans = d.Plans
	if s.plans == nil {
		s.plans = billing.NewMeter(d.DB, s.now)
	}
	return s, nil
}

// OnEvent registers fn to run, synchronously and after the commit, for every
// event; the gateway uses it to deliver messages.
func (s *Service) OnEvent(fn func(context.Context, Event)) {
	s.mu.Lock()
	s.listeners = append(s.listeners, fn)
	s.mu.Unlock()
}

func (s *Service) publish(ctx context.Context, e Event) {
	s.mu.RLock()
	ls := append([]func(context.Context, Event){}, s.listeners...)
	s.mu.RUnlock()
	for _, fn := range ls {
		fn(ctx, e)
	}
}

// clock returns the current time as stored: UTC, millisecond precision.
func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// pairLock returns the stripe of the pair a, b.
func (s *Service) pairLock(a, b uint64) *sync.Mutex {
	lo, hi := order(a, b)
	var h maphash.Hash
	h.SetSeed(s.seed)
	var buf [16]byte
	for i := range 8 {
		buf[i] = byte(lo >> (8 * i))
		buf[8+i] = byte(hi >> (8 * i))
	}
	h.Write(buf[:])
	return &s.stripes[h.Sum64()%uint64(len(s.stripes))]
}

// Quiesce waits until sends between a and b already in flight on this node
// have been stored and published. After a block is committed, the caller
// quiesces and then ends the chat: nothing sent before the block can be
// delivered after that notice, and everything after is refused.
func (s *Service) Quiesce(a, b uint64) {
	l := s.pairLock(a, b)
	l.Lock()
	//lint:ignore SA2001 an empty critical section is the point: it waits for the holders.
	l.Unlock()
}

func order(a, b uint64) (lo, hi uint64) {
	if a > b {
		return b, a
	}
	return a, b
}

// allow applies a per-member rate limit; a limiter failure lets the request
// through (the database still protects itself) and is logged.
func (s *Service) allow(ctx context.Context, what string, member uint64, limit int, window time.Duration) error {
	ok, _, err := s.limiter.Allow(ctx, "chat:"+what+":"+s.scope+":"+uitoa(member), limit, window)
	if err != nil {
		s.log.Warn("chat: rate limiter unavailable", "err", err)
		return nil
	}
	if !ok {
		return refuse(apperr.RateLimited, ReasonRateLimited, MsgRateLimited)
	}
	return nil
}

func uitoa(v uint64) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	return string(b[i:])
}

// internal wraps an unexpected storage error; the cause is kept for logs only.
func internal(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	return &apperr.Error{Kind: apperr.Internal, Message: MsgInternal, Err: errors.Join(reasonError{ReasonInternal}, err)}
}
