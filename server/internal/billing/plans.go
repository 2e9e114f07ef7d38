package billing

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// GSTRate is the goods and services tax on the plans, in percent; plan
// prices include it.
const GSTRate = 18

// Plan is a membership plan as the plans page shows it; Free marks the free
// tier, which is never sold.
type Plan struct {
	ID               uint64 `json:"id"`
	Name             string `json:"name"`
	Free             bool   `json:"free" gorm:"column:is_free"`
	Months           int    `json:"months"`
	PriceINR         int    `json:"priceInr" gorm:"column:price_inr"`
	ContactViews     int    `json:"contactViews"`
	StartChats       bool   `json:"startChats"`
	ProfileHighlight bool   `json:"profileHighlight"`
	PrioritySupport  bool   `json:"prioritySupport"`
	DailyInvitations int    `json:"dailyInvitations"`
	GSTRate          int    `json:"gstRate" gorm:"-"`
	Sort             int    `json:"-"`
	Active           bool   `json:"-"`
}

// freeDefaults stands in for the free tier's row if an operator deleted
// it: product.md's free member (10 invitations a day, chats only after an
// accepted invitation).
var freeDefaults = Plan{Name: "Free", Free: true, DailyInvitations: 10, GSTRate: GSTRate}

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

// Meter answers what plans exist and what a member may do now, and spends
// the contact views a plan includes. It needs only the database, so every
// area that reads entitlements can be given one (see New and NewMeter).
type Meter struct {
	db  *store.DB
	now func() time.Time
	hl  highlights // the ranking's view of who holds profile highlight (see HighlightSet)
}

// NewMeter builds a Meter on db; now is the clock (time.Now when nil).
func NewMeter(db *store.DB, now func() time.Time) *Meter {
	if now == nil {
		now = time.Now
	}
	return &Meter{db: db, now: now}
}

// clock is now in UTC to the millisecond, as DATETIME(3) keeps it, so a time
// written and read back compares equal on both engines.
func (r *Meter) clock() time.Time { return r.now().UTC().Truncate(time.Millisecond) }

// Plans lists the active plans for the plans page: the free tier first,
// then the paid plans in display order.
func (r *Meter) Plans(ctx context.Context) ([]Plan, error) {
	var out []Plan
	err := r.db.WithContext(ctx).Where("active = ?", true).Order("is_free DESC, sort, id").Find(&out).Error
	for i := range out {
		out[i].GSTRate = GSTRate
	}
	return out, store.Translate(err, "", "")
}

// MsgChoosePlan answers a plan name that is unknown, inactive or the free tier.
const MsgChoosePlan = "Please choose a plan"

// PaidPlan returns the active paid plan called name (case-insensitive), or a
// 422 on the "plan" field.
func (r *Meter) PaidPlan(ctx context.Context, name string) (*Plan, error) {
	name = strings.ToUpper(strings.TrimSpace(name))
	if name == "" || len(name) > 40 {
		return nil, apperr.Validation(map[string]string{"plan": MsgChoosePlan}, "plan")
	}
	var p Plan
	err := r.db.WithContext(ctx).Where("UPPER(name) = ? AND active = ? AND is_free = ?", name, true, false).Take(&p).Error
	if err == gorm.ErrRecordNotFound {
		return nil, apperr.Validation(map[string]string{"plan": MsgChoosePlan}, "plan")
	}
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	p.GSTRate = GSTRate
	return &p, nil
}

// freePlan reads the free tier's row.
func (r *Meter) freePlan(db *gorm.DB) (Plan, error) {
	var rows []Plan
	if err := db.Where("is_free = ?", true).Order("id").Limit(1).Find(&rows).Error; err != nil {
		return Plan{}, err
	}
	if len(rows) == 0 {
		return freeDefaults, nil
	}
	rows[0].GSTRate = GSTRate
	return rows[0], nil
}
