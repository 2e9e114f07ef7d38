// Package plan holds the paid membership plans and their entitlements
// (product.md "Plans"); payments come in a later issue.
package plan

import (
	"context"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Plan is a paid membership plan as shown on the plans page.
type Plan struct {
	ID               uint64 `json:"id"`
	Name             string `json:"name"`
	Months           int    `json:"months"`
	PriceINR         int    `json:"priceInr" gorm:"column:price_inr"`
	ContactViews     int    `json:"contactViews"`
	StartChats       bool   `json:"startChats"`
	ProfileHighlight bool   `json:"profileHighlight"`
	PrioritySupport  bool   `json:"prioritySupport"`
	DailyInvitations int    `json:"dailyInvitations"`
	Sort             int    `json:"-"`
	Active           bool   `json:"-"`
}

// FreeDailyInvitations is how many invitations a free member may send a day.
const FreeDailyInvitations = 10

// Service reads plans.
type Service struct{ db *store.DB }

// NewService builds the plan service on db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// List returns the active plans in display order.
func (s *Service) List(ctx context.Context) ([]Plan, error) {
	var out []Plan
	err := s.db.WithContext(ctx).Where("active = ?", true).Order("sort, id").Find(&out).Error
	return out, store.Translate(err, "", "")
}

// Hourly browsing limits per account (issue 17): pages of matches and
// search results, and profiles opened. They keep scraping expensive (an
// outside probe walked 1,312 profiles a second with one account) while a
// member browsing by hand never meets them: a page takes a person several
// seconds to read. Paid members get more room.
const (
	FreeSearchPagesPerHour  = 150
	PaidSearchPagesPerHour  = 400
	FreeProfileViewsPerHour = 120
	PaidProfileViewsPerHour = 300
)

// Paid reports whether the member has a plan active now.
func (s *Service) Paid(ctx context.Context, profileID uint64) (bool, error) {
	now := time.Now().UTC()
	var n int64
	err := s.db.WithContext(ctx).Table("subscriptions").
		Where("profile_id = ? AND starts_at <= ? AND expires_at > ?", profileID, now, now).Count(&n).Error
	return n > 0, store.Translate(err, "", "")
}
