// Package relation keeps what lies between two profiles: blocks, "don't show"
// marks, invitations and photo or phone requests (migration 00003). Every list,
// search, profile view and chat path asks it who a viewer must not see, and
// the chat gateway listens to its changes so that a block ends a chat at once.
//
// All ids are internal profiles.id values.
package relation

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Invitation statuses.
const (
	InvitePending   = "pending"
	InviteAccepted  = "accepted"
	InviteDeclined  = "declined"
	InviteCancelled = "cancelled"
)

// Request kinds and statuses.
const (
	KindPhoto = "photo"
	KindPhone = "phone"

	RequestPending   = "pending"
	RequestAccepted  = "accepted"
	RequestIgnored   = "ignored"   // the owner's soft no: the requester still sees it pending
	RequestDeclined  = "declined"  // the owner's no; asking again waits RequestCoolOff
	RequestCancelled = "cancelled" // withdrawn by the requester, or by a block
)

// RequestCoolOff is how long after a declined request the same member may
// not ask again.
const RequestCoolOff = 30 * 24 * time.Hour

// ChangeKind names a relation change that listeners may act on.
type ChangeKind string

// The changes Store announces.
const (
	Blocked           ChangeKind = "blocked"
	Unblocked         ChangeKind = "unblocked"
	DontShown         ChangeKind = "dont-show"
	ShownAgain        ChangeKind = "show-again"
	InvitationChanged ChangeKind = "invitation"
	RequestChanged    ChangeKind = "request"
)

// Change is one announced relation change between From (the actor) and To.
type Change struct {
	Kind     ChangeKind
	From, To uint64
	Status   string // new status, for invitations and requests
}

// Store reads and writes relations.
type Store struct {
	db  *store.DB
	now func() time.Time

	mu        sync.RWMutex
	listeners []func(context.Context, Change)
	events    *event.Outbox
}

// SetEvents makes invitations and requests record their events (received,
// accepted, declined) in the outbox, in the transaction of the change.
func (s *Store) SetEvents(o *event.Outbox) { s.events = o }

// New builds a Store on db.
func New(db *store.DB) *Store {
	return &Store{db: db, now: func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }}
}

// OnChange registers fn to run (synchronously, after the commit) on every change.
func (s *Store) OnChange(fn func(context.Context, Change)) {
	s.mu.Lock()
	s.listeners = append(s.listeners, fn)
	s.mu.Unlock()
}

func (s *Store) announce(ctx context.Context, c Change) {
	s.mu.RLock()
	ls := append([]func(context.Context, Change){}, s.listeners...)
	s.mu.RUnlock()
	for _, fn := range ls {
		fn(ctx, c)
	}
}

// Blocked reports whether a blocked b or b blocked a.
func (s *Store) Blocked(ctx context.Context, a, b uint64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Table("blocks").
		Where("(blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)", a, b, b, a).
		Count(&n).Error
	return n > 0, err
}

// Hidden reports whether viewer must not see target: a block either way, or
// viewer marked target "don't show". It does not look at the profile's own
// hidden flag; callers filter hidden and deleted profiles themselves.
func (s *Store) Hidden(ctx context.Context, viewer, target uint64) (bool, error) {
	if b, err := s.Blocked(ctx, viewer, target); err != nil || b {
		return b, err
	}
	return s.DontShown(ctx, viewer, target)
}

// DontShown reports whether viewer put target on their "don't show" list.
func (s *Store) DontShown(ctx context.Context, viewer, target uint64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Table("dont_shows").
		Where("profile_id = ? AND target_id = ?", viewer, target).Count(&n).Error
	return n > 0, err
}

// DontShowList returns the profile ids on viewer's "don't show" list.
func (s *Store) DontShowList(ctx context.Context, viewer uint64) ([]uint64, error) {
	ids := []uint64{}
	err := s.db.WithContext(ctx).Table("dont_shows").Where("profile_id = ?", viewer).Pluck("target_id", &ids).Error
	return ids, err
}

// Excluded returns the profile ids that viewer must not see anywhere: those
// viewer blocked, those who blocked viewer, and viewer's "don't show" list.
func (s *Store) Excluded(ctx context.Context, viewer uint64) (map[uint64]struct{}, error) {
	out := map[uint64]struct{}{}
	var ids []uint64
	db := s.db.WithContext(ctx)
	if err := db.Table("blocks").Where("blocker_id = ?", viewer).Pluck("blocked_id", &ids).Error; err != nil {
		return nil, err
	}
	add := func() {
		for _, id := range ids {
			out[id] = struct{}{}
		}
		ids = ids[:0]
	}
	add()
	if err := db.Table("blocks").Where("blocked_id = ?", viewer).Pluck("blocker_id", &ids).Error; err != nil {
		return nil, err
	}
	add()
	ids, err := s.DontShowList(ctx, viewer)
	if err != nil {
		return nil, err
	}
	add()
	return out, nil
}

// ExcludedSQL is a SQL condition, for a query whose profile id column is col,
// that leaves out every profile viewer must not see (see Excluded). Use it as
// db.Where(relation.ExcludedSQL("profiles.id"), viewer, viewer, viewer).
func ExcludedSQL(col string) string {
	return BlockedSQL(col) + fmt.Sprintf(` AND %s NOT IN (SELECT target_id FROM dont_shows WHERE profile_id = ?)`, col)
}

// BlockedSQL is a SQL condition, for a query whose profile id column is col,
// that leaves out the profiles viewer blocked and those who blocked viewer.
// Use it as db.Where(relation.BlockedSQL("p.id"), viewer, viewer).
func BlockedSQL(col string) string {
	return fmt.Sprintf(`%[1]s NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ?)
 AND %[1]s NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = ?)`, col)
}

// Block records that blocker blocks blocked (idempotent) and announces it.
func (s *Store) Block(ctx context.Context, blocker, blocked uint64) error {
	if blocker == blocked {
		return apperr.New(apperr.BadRequest, "You cannot block your own profile")
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return s.block(tx, blocker, blocked) })
	if err != nil {
		return store.Translate(err, "Profile not found", "")
	}
	s.announce(ctx, Change{Kind: Blocked, From: blocker, To: blocked})
	return nil
}

// block writes the block (a duplicate fails only its own statement) and
// withdraws the pending invitations between the two, either way, so that
// neither can be accepted across the block.
func (s *Store) block(tx *gorm.DB, blocker, blocked uint64) error {
	err := tx.Table("blocks").Create(map[string]any{"blocker_id": blocker, "blocked_id": blocked, "created_at": s.now()}).Error
	if err != nil && !store.IsUniqueViolation(err) {
		return err
	}
	if err := tx.Table("invitations").Where("pair_key = ? AND status = ?", pairKey(blocker, blocked), InvitePending).
		Updates(map[string]any{"status": InviteCancelled, "pair_key": gorm.Expr("NULL"), "updated_at": s.now()}).Error; err != nil {
		return err
	}
	// Pending photo and phone requests go too, either way (an ignored one is pending to its requester).
	return tx.Table("access_requests").
		Where("((requester_id = ? AND owner_id = ?) OR (requester_id = ? AND owner_id = ?)) AND status IN ?",
			blocker, blocked, blocked, blocker, []string{RequestPending, RequestIgnored}).
		Updates(map[string]any{"status": RequestCancelled, "updated_at": s.now()}).Error
}

// Unblock removes blocker's block on blocked and announces it.
func (s *Store) Unblock(ctx context.Context, blocker, blocked uint64) error {
	if err := s.db.WithContext(ctx).Exec("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", blocker, blocked).Error; err != nil {
		return err
	}
	s.announce(ctx, Change{Kind: Unblocked, From: blocker, To: blocked})
	return nil
}

// DontShow marks target as not to be shown to profile (idempotent).
func (s *Store) DontShow(ctx context.Context, profile, target uint64) error {
	if profile == target {
		return apperr.New(apperr.BadRequest, "You cannot hide your own profile from yourself")
	}
	err := s.db.WithContext(ctx).Table("dont_shows").
		Create(map[string]any{"profile_id": profile, "target_id": target, "created_at": s.now()}).Error
	if err != nil && !store.IsUniqueViolation(err) {
		return store.Translate(err, "Profile not found", "")
	}
	s.announce(ctx, Change{Kind: DontShown, From: profile, To: target})
	return nil
}

// ShowAgain removes target from profile's "don't show" list and announces it.
func (s *Store) ShowAgain(ctx context.Context, profile, target uint64) error {
	if err := s.db.WithContext(ctx).Exec("DELETE FROM dont_shows WHERE profile_id = ? AND target_id = ?", profile, target).Error; err != nil {
		return err
	}
	s.announce(ctx, Change{Kind: ShownAgain, From: profile, To: target})
	return nil
}

// Report kinds, reasons and the limit on reports a member may file a day.
const (
	ReportProfile = "profile"
	ReportChat    = "chat"

	MaxReportsPerDay = 20
)

// ReportReasons are the reasons a report may give.
var ReportReasons = []string{"fake", "married", "money", "abusive", "other"}

// Report is one member's report of another (product.md "Rights and safety").
type Report struct {
	Reporter, Reported uint64
	Kind               string // ReportProfile or ReportChat
	Reason             string // one of ReportReasons
	Details            string
}

// FileReport stores r for the moderators and, in the same transaction,
// blocks the reported member and puts them on the reporter's "don't show"
// list, so they drop out of the reporter's view at once everywhere (lists,
// chat, messages) and cannot reach the reporter; then it announces those
// changes. A chat report needs a conversation between the two. Callers
// validate kind, reason and details; the daily limit is checked here.
func (s *Store) FileReport(ctx context.Context, r Report) error {
	if r.Reporter == r.Reported {
		return apperr.New(apperr.BadRequest, "You cannot report your own profile")
	}
	now := s.now()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockActor(tx, r.Reporter); err != nil {
			return err
		}
		var today int64
		if err := tx.Table("reports").Where("reporter_id = ? AND created_at > ?", r.Reporter, now.Add(-24*time.Hour)).
			Count(&today).Error; err != nil {
			return err
		}
		if today >= MaxReportsPerDay {
			return apperr.New(apperr.RateLimited, "You have sent many reports today. Please write to us from the Contact Us page.")
		}
		var conv *uint64
		if r.Kind == ReportChat {
			lo, hi := min(r.Reporter, r.Reported), max(r.Reporter, r.Reported)
			var ids []uint64
			if err := tx.Table("chat_conversations").Where("low_id = ? AND high_id = ?", lo, hi).Limit(1).Pluck("id", &ids).Error; err != nil {
				return err
			}
			if len(ids) == 0 {
				return apperr.New(apperr.BadRequest, "There is no chat with this member to report")
			}
			conv = &ids[0]
		}
		if err := tx.Table("reports").Create(map[string]any{"reporter_id": r.Reporter, "reported_id": r.Reported, "kind": r.Kind,
			"reason": r.Reason, "details": r.Details, "conversation_id": conv, "status": "open", "created_at": now}).Error; err != nil {
			return err
		}
		// A duplicate mark fails only its own statement; the transaction goes on.
		err := tx.Table("dont_shows").Create(map[string]any{"profile_id": r.Reporter, "target_id": r.Reported, "created_at": now}).Error
		if err != nil && !store.IsUniqueViolation(err) {
			return err
		}
		return s.block(tx, r.Reporter, r.Reported)
	})
	if err != nil {
		return store.Translate(err, "Profile not found", "")
	}
	s.announce(ctx, Change{Kind: DontShown, From: r.Reporter, To: r.Reported})
	s.announce(ctx, Change{Kind: Blocked, From: r.Reporter, To: r.Reported})
	return nil
}

// lockActor serialises one member's counted actions (invitations, reports):
// a no-op UPDATE of the member's profile row takes its row lock on MySQL and
// the write lock on SQLite before anything is counted, so two concurrent
// calls cannot both see room under a daily limit.
func lockActor(tx *gorm.DB, profileID uint64) error {
	return tx.Exec("UPDATE profiles SET updated_at = updated_at WHERE id = ?", profileID).Error
}

func pairKey(a, b uint64) string {
	if a > b {
		a, b = b, a
	}
	return fmt.Sprintf("%d:%d", a, b)
}

// Invite creates a pending invitation from sender to receiver; one live
// invitation (pending or accepted) may exist per pair. allow, when set, runs
// first in the same transaction, after the sender's row is locked (see
// lockActor), so a daily limit it checks holds under concurrent calls.
func (s *Store) Invite(ctx context.Context, sender, receiver uint64, allow ...func(tx *gorm.DB) error) (uint64, error) {
	if sender == receiver {
		return 0, apperr.New(apperr.BadRequest, "You cannot invite your own profile")
	}
	row := map[string]any{"sender_id": sender, "receiver_id": receiver, "status": InvitePending,
		"pair_key": pairKey(sender, receiver), "created_at": s.now(), "updated_at": s.now()}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockActor(tx, sender); err != nil {
			return err
		}
		if err := s.coolOff(tx, sender, receiver); err != nil {
			return err
		}
		for _, check := range allow {
			if err := check(tx); err != nil {
				return err
			}
		}
		if err := tx.Table("invitations").Create(row).Error; err != nil {
			return err
		}
		_, err := s.events.Record(tx, event.Event{Kind: event.InvitationReceived, Recipient: receiver, Actor: sender})
		return err
	})
	if err != nil {
		return 0, store.Translate(err, "Profile not found", "An invitation between you already exists")
	}
	var id uint64
	s.db.WithContext(ctx).Table("invitations").Where("pair_key = ?", pairKey(sender, receiver)).Pluck("id", &id)
	s.announce(ctx, Change{Kind: InvitationChanged, From: sender, To: receiver, Status: InvitePending})
	return id, nil
}

// InviteCoolOff is how long after a member declined my invitation I may
// not invite them again: an answer is respected, not worn down.
const InviteCoolOff = 30 * 24 * time.Hour

// coolOff refuses an invitation to a member who declined one from the same
// sender within InviteCoolOff, saying from which day (DD-MM-YYYY) it is allowed.
func (s *Store) coolOff(tx *gorm.DB, sender, receiver uint64) error {
	var last struct{ UpdatedAt time.Time }
	res := tx.Table("invitations").Select("updated_at").
		Where("sender_id = ? AND receiver_id = ? AND status = ?", sender, receiver, InviteDeclined).
		Order("updated_at DESC").Limit(1).Scan(&last)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return nil
	}
	if again := last.UpdatedAt.Add(InviteCoolOff); s.now().Before(again) {
		return apperr.Wrap(apperr.Conflict, fmt.Sprintf(MsgInviteCoolOff, dates.Day(again)), ErrCoolOff)
	}
	return nil
}

// ErrCoolOff is the cause of Invite's refusal within InviteCoolOff (errors.Is).
var ErrCoolOff = errors.New("relation: invitation within the cool-off after a decline")

// MsgInviteCoolOff answers an invitation within the cool-off; %s is the first day it is allowed.
const MsgInviteCoolOff = "This member declined your invitation. You can invite them again from %s."

// RespondInvitation moves receiver's pending invitation from sender to status
// (accepted or declined); the sender cancels with Cancel.
func (s *Store) RespondInvitation(ctx context.Context, receiver, sender uint64, status string) error {
	if status != InviteAccepted && status != InviteDeclined {
		return apperr.New(apperr.BadRequest, "Unknown invitation answer")
	}
	return s.moveInvitation(ctx, "sender_id = ? AND receiver_id = ? AND status = ?", []any{sender, receiver, InvitePending}, receiver, sender, status)
}

// CancelInvitation cancels sender's pending invitation to receiver.
func (s *Store) CancelInvitation(ctx context.Context, sender, receiver uint64) error {
	return s.moveInvitation(ctx, "sender_id = ? AND receiver_id = ? AND status = ?", []any{sender, receiver, InvitePending}, sender, receiver, InviteCancelled)
}

func (s *Store) moveInvitation(ctx context.Context, where string, args []any, actor, other uint64, status string) error {
	upd := map[string]any{"status": status, "updated_at": s.now()}
	if status != InviteAccepted {
		upd["pair_key"] = gorm.Expr("NULL")
	}
	kind := map[string]event.Kind{InviteAccepted: event.InvitationAccepted, InviteDeclined: event.InvitationDeclined}[status]
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Table("invitations").Where(where, args...).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, "Invitation not found")
		}
		if kind == "" { // a withdrawn invitation tells nobody
			return nil
		}
		_, err := s.events.Record(tx, event.Event{Kind: kind, Recipient: other, Actor: actor})
		return err
	})
	if err != nil {
		return err
	}
	s.announce(ctx, Change{Kind: InvitationChanged, From: actor, To: other, Status: status})
	return nil
}

// InvitationAccepted reports whether a and b share an accepted invitation (either direction).
func (s *Store) InvitationAccepted(ctx context.Context, a, b uint64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Table("invitations").
		Where("pair_key = ? AND status = ?", pairKey(a, b), InviteAccepted).Count(&n).Error
	return n > 0, err
}

// Request errors, the causes of Request's refusals (errors.Is); the
// caller words them for the member.
var (
	ErrRequestLive     = errors.New("relation: a request of this kind is already pending")
	ErrRequestAccepted = errors.New("relation: the request was already accepted")
	ErrRequestCoolOff  = errors.New("relation: the request was declined recently")
)

// RequestCoolOffUntil is the first moment requester may ask owner again
// after a decline; Request's ErrRequestCoolOff refusal carries it.
type RequestCoolOffUntil struct{ Until time.Time }

func (e *RequestCoolOffUntil) Error() string { return ErrRequestCoolOff.Error() }

// Unwrap makes errors.Is(err, ErrRequestCoolOff) hold.
func (e *RequestCoolOffUntil) Unwrap() error { return ErrRequestCoolOff }

// Request records requester's photo or phone request to owner: a new one,
// or the same pair's cancelled one (or one declined more than
// RequestCoolOff ago) asked again. A live one (pending, or ignored, which
// the requester sees as pending) refuses with ErrRequestLive, an accepted
// one with ErrRequestAccepted, a recent decline with *RequestCoolOffUntil.
// allow, when set, runs first in the same transaction with the requester's
// row locked, so a daily limit it checks holds under concurrent calls.
func (s *Store) Request(ctx context.Context, kind string, requester, owner uint64, allow ...func(tx *gorm.DB) error) error {
	if kind != KindPhoto && kind != KindPhone {
		return apperr.New(apperr.BadRequest, "Unknown request kind")
	}
	if requester == owner {
		return apperr.New(apperr.BadRequest, "You cannot request your own profile")
	}
	now := s.now()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := lockActor(tx, requester); err != nil {
			return err
		}
		for _, check := range allow {
			if err := check(tx); err != nil {
				return err
			}
		}
		var cur struct {
			ID        uint64
			Status    string
			UpdatedAt time.Time
		}
		res := tx.Table("access_requests").Select("id, status, updated_at").
			Where("kind = ? AND requester_id = ? AND owner_id = ?", kind, requester, owner).Limit(1).Scan(&cur)
		if res.Error != nil {
			return res.Error
		}
		received := event.Event{Kind: event.RequestReceived, Recipient: owner, Actor: requester, Detail: kind}
		if res.RowsAffected == 0 {
			if err := tx.Table("access_requests").Create(map[string]any{"kind": kind, "requester_id": requester, "owner_id": owner,
				"status": RequestPending, "created_at": now, "updated_at": now}).Error; err != nil {
				return err
			}
			_, err := s.events.Record(tx, received)
			return err
		}
		switch cur.Status {
		case RequestPending, RequestIgnored:
			return ErrRequestLive
		case RequestAccepted:
			return ErrRequestAccepted
		case RequestDeclined:
			if until := cur.UpdatedAt.Add(RequestCoolOff); now.Before(until) {
				return &RequestCoolOffUntil{Until: until}
			}
		}
		// Asked again: created_at is when it was (last) asked, which the daily limit counts.
		if err := tx.Table("access_requests").Where("id = ?", cur.ID).
			Updates(map[string]any{"status": RequestPending, "created_at": now, "updated_at": now}).Error; err != nil {
			return err
		}
		_, err := s.events.Record(tx, received)
		return err
	})
	switch {
	case errors.Is(err, ErrRequestLive), errors.Is(err, ErrRequestAccepted), errors.Is(err, ErrRequestCoolOff):
		return err
	case store.IsUniqueViolation(err): // a concurrent identical request won
		return ErrRequestLive
	case err != nil:
		return store.Translate(err, "Profile not found", "")
	}
	s.announce(ctx, Change{Kind: RequestChanged, From: requester, To: owner, Status: RequestPending})
	return nil
}

// RequesterSees is a request's status as its requester is shown it: an
// ignored request stays "pending", a cancelled one is no request ("").
func RequesterSees(status string) string {
	switch status {
	case RequestIgnored:
		return RequestPending
	case RequestCancelled:
		return ""
	}
	return status
}

// AnswerRequest lets owner accept, decline or ignore requester's pending
// request (an ignored one may still be accepted or declined later).
func (s *Store) AnswerRequest(ctx context.Context, kind string, owner, requester uint64, status string) error {
	from := []string{RequestPending, RequestIgnored}
	switch status {
	case RequestAccepted, RequestDeclined:
	case RequestIgnored:
		from = []string{RequestPending}
	default:
		return apperr.New(apperr.BadRequest, "Unknown request answer")
	}
	return s.moveRequest(ctx, kind, requester, owner, from, status, owner, requester)
}

// CancelRequest withdraws requester's pending (or ignored) request to owner.
func (s *Store) CancelRequest(ctx context.Context, kind string, requester, owner uint64) error {
	return s.moveRequest(ctx, kind, requester, owner, []string{RequestPending, RequestIgnored}, RequestCancelled, requester, owner)
}

// moveRequest moves the pair's request of kind from one of from to status
// and announces it from actor to other; apperr.NotFound when there is none.
func (s *Store) moveRequest(ctx context.Context, kind string, requester, owner uint64, from []string, status string, actor, other uint64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Table("access_requests").
			Where("kind = ? AND requester_id = ? AND owner_id = ? AND status IN ?", kind, requester, owner, from).
			Updates(map[string]any{"status": status, "updated_at": s.now()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, "Request not found")
		}
		if status != RequestAccepted { // product.md: a request received or accepted is told, not a decline
			return nil
		}
		_, err := s.events.Record(tx, event.Event{Kind: event.RequestAccepted, Recipient: other, Actor: actor, Detail: kind})
		return err
	})
	if err != nil {
		return store.Translate(err, "", "")
	}
	s.announce(ctx, Change{Kind: RequestChanged, From: actor, To: other, Status: status})
	return nil
}

// RequestAccepted reports whether owner accepted requester's request of kind.
func (s *Store) RequestAccepted(ctx context.Context, kind string, requester, owner uint64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Table("access_requests").
		Where("kind = ? AND requester_id = ? AND owner_id = ? AND status = ?", kind, requester, owner, RequestAccepted).
		Count(&n).Error
	return n > 0, err
}
