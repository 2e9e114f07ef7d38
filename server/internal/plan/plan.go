// Package plan holds the paid membership plans and their entitlements
// (product.md "Plans"); payments come in a later issue.
package plan

import (
	"context"

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
