package notification

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// Digester lists a member's new matches for the e-mail digest (the match
// service, through an adapter in app).
type Digester interface {
	NewMatches(ctx context.Context, viewerID uint64, viewerCode string, limit int) ([]profile.Card, error)
}

// Schedule tuning.
const (
	// SweepInterval is how often each node looks for reminders and digests
	// that are due; dedupe keys make a second node's sweep a no-op.
	SweepInterval = 10 * time.Minute
	// Retention is how long events and notifications are kept.
	Retention = 180 * 24 * time.Hour
	// DigestFrom and DigestUntil bound the hours (India) at which digests go out.
	DigestFrom, DigestUntil = 7, 21
	digestBatch             = 500
	// DigestSize is how many new matches a digest names.
	DigestSize = 5
)

// Run sweeps every SweepInterval until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(SweepInterval)
	defer t.Stop()
	for {
		if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("notification: sweep", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Sweep records the plan reminders and digests that are due and prunes
// what is past Retention.
func (s *Service) Sweep(ctx context.Context) error {
	if err := s.planReminders(ctx); err != nil {
		return err
	}
	if h := s.clock().In(dates.India).Hour(); h >= DigestFrom && h < DigestUntil && s.matches != nil {
		if err := s.digests(ctx); err != nil {
			return err
		}
	}
	before := s.clock().Add(-Retention)
	if err := s.db.WithContext(ctx).Exec("DELETE FROM notifications WHERE created_at < ?", before).Error; err != nil {
		return err
	}
	_, err := s.outbox.Prune(ctx, before)
	return err
}

// planReminders records "your plan expires" 7 days and 1 day before the
// member's last subscription ends (a renewal that extends it moves the reminder).
func (s *Service) planReminders(ctx context.Context) error {
	now := s.clock()
	subs, err := s.plans.ExpiringBetween(ctx, now, now.Add(7*24*time.Hour), 5000)
	if err != nil {
		return err
	}
	for _, sub := range subs {
		days := 7
		if sub.ExpiresAt.Sub(now) <= 24*time.Hour {
			days = 1
		}
		if _, err := s.outbox.RecordNow(ctx, event.Event{Kind: event.PlanExpiring, Recipient: sub.ProfileID,
			Detail: expiryDetail(sub.PlanName, sub.ExpiresAt), DedupeKey: fmt.Sprintf("expiry:%d:%d", sub.SubscriptionID, days)}); err != nil {
			return err
		}
	}
	return nil
}

// digests records a digest event for every member whose daily or weekly
// digest is due, and marks it sent, in one transaction per member.
func (s *Service) digests(ctx context.Context) error {
	now := s.clock()
	day := now.In(dates.India).Format(time.DateOnly)
	db := s.db.WithContext(ctx)
	var after uint64
	for {
		var due []struct {
			ID           uint64
			LastDigestAt *time.Time
		}
		err := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Joins("LEFT JOIN member_settings ms ON ms.profile_id = p.id").
			Select("p.id, ms.last_digest_at").
			Where("u.status = ? AND u.email_verified_at IS NOT NULL AND p.hidden = ? AND p.id > ?", directory.StatusActive, false, after).
			Where("COALESCE(ms.alert_matches, 1) = 1").
			Where("ms.last_digest_at IS NULL OR (COALESCE(ms.match_digest, ?) = ? AND ms.last_digest_at <= ?) OR (COALESCE(ms.match_digest, ?) = ? AND ms.last_digest_at <= ?)",
				profile.DigestWeekly, profile.DigestDaily, now.Add(-20*time.Hour), profile.DigestWeekly, profile.DigestWeekly, now.Add(-(6*24+20)*time.Hour)).
			Order("p.id").Limit(digestBatch).Scan(&due).Error
		if err != nil || len(due) == 0 {
			return err
		}
		for _, m := range due {
			since := ""
			if m.LastDigestAt != nil {
				since = m.LastDigestAt.UTC().Format(time.RFC3339)
			}
			if err := db.Transaction(func(tx *gorm.DB) error {
				if _, err := s.outbox.Record(tx, event.Event{Kind: event.MatchDigest, Recipient: m.ID, Detail: since,
					DedupeKey: fmt.Sprintf("digest:%d:%s", m.ID, day)}); err != nil {
					return err
				}
				return s.profiles.MarkDigestSent(tx, m.ID, now)
			}); err != nil {
				return err
			}
			after = m.ID
		}
		if len(due) < digestBatch {
			return nil
		}
	}
}

// sendDigest mails the new matches that joined since the last digest (the
// event's Detail); nothing when there are none.
func (s *Service) sendDigest(ctx context.Context, e event.Event, r recipient) error {
	on, err := s.profiles.WantsEmail(ctx, e.Recipient, "matches")
	if err != nil || !on {
		return err
	}
	cards, err := s.matches.NewMatches(ctx, e.Recipient, r.Code, 50)
	if err != nil {
		return err
	}
	if since, err := time.Parse(time.RFC3339, e.Detail); err == nil && len(cards) > 0 {
		ids := make([]uint64, 0, len(cards))
		for _, c := range cards {
			ids = append(ids, c.InternalID())
		}
		var fresh []uint64
		if err := s.db.WithContext(ctx).Table("profiles").Where("id IN ? AND created_at > ?", ids, since).Pluck("id", &fresh).Error; err != nil {
			return err
		}
		keep := map[uint64]bool{}
		for _, id := range fresh {
			keep[id] = true
		}
		kept := cards[:0]
		for _, c := range cards {
			if keep[c.InternalID()] {
				kept = append(kept, c)
			}
		}
		cards = kept
	}
	if len(cards) == 0 {
		return nil
	}
	subject := fmt.Sprintf("%d new matches for you", len(cards))
	if len(cards) == 1 {
		subject = "1 new match for you"
	}
	lines := []string{subject + ":"}
	for i, c := range cards {
		if i == DigestSize {
			lines = append(lines, fmt.Sprintf("and %d more.", len(cards)-DigestSize))
			break
		}
		line := fmt.Sprintf("%s (%s), %d", c.UserName, c.ProfileID, c.Age)
		if c.City != "" {
			line += ", " + c.City
		}
		lines = append(lines, line)
	}
	return s.deliverMail(ctx, r, e.Recipient, "matches", subject, lines, "/matches/new-matches", "See your new matches")
}
