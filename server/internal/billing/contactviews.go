package billing

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Messages of a contact view refused for want of a plan (402, with a link
// to the plans in the client).
const (
	MsgNeedPlan        = "Buy a plan to view contact details"
	MsgNoContactViews  = "You have used all the contact views of your plan. Renew or upgrade your plan to view more."
	MsgContactViewLeft = "contact views left"
)

// SpendContactView spends one of viewer's contact views on owner inside tx,
// the transaction that reveals owner's contact: nothing is spent unless the
// reveal commits, and nothing is revealed unless it was paid for. Seeing
// the same member again in the same unbroken paid period costs nothing
// (charged false). A free viewer, or one with no views left, gets a 402
// PaymentRequired. It returns the views left after it.
func (r *Meter) SpendContactView(tx *gorm.DB, viewer, owner uint64) (charged bool, left int, err error) {
	// One member's spends run one at a time: two reveals racing for the last
	// view cannot both have it.
	if err := lockMember(tx, viewer); err != nil {
		return false, 0, err
	}
	e, err := r.entitlements(tx, viewer)
	if err != nil {
		return false, 0, err
	}
	if !e.Paid {
		return false, 0, apperr.New(apperr.PaymentRequired, MsgNeedPlan)
	}
	var n int64
	if err := tx.Table("contact_views").Where("viewer_id = ? AND owner_id = ? AND period_start = ?", viewer, owner, e.PeriodStart).Count(&n).Error; err != nil {
		return false, 0, err
	}
	if n > 0 {
		return false, e.ContactViewsLeft, nil
	}
	if e.ContactViewsLeft <= 0 {
		return false, 0, apperr.New(apperr.PaymentRequired, MsgNoContactViews)
	}
	res := tx.Exec(`UPDATE subscriptions SET contact_views_used = contact_views_used + 1
		WHERE id = ? AND contact_views_used < contact_views_total + prev_contact_view_pending`, e.SubscriptionID)
	if res.Error != nil {
		return false, 0, res.Error
	}
	if res.RowsAffected != 1 {
		return false, 0, apperr.New(apperr.PaymentRequired, MsgNoContactViews)
	}
	err = tx.Exec("INSERT INTO contact_views (viewer_id, owner_id, subscription_id, period_start, viewed_at) VALUES (?, ?, ?, ?, ?)",
		viewer, owner, e.SubscriptionID, e.PeriodStart, r.clock()).Error
	if err != nil {
		return false, 0, err
	}
	return true, e.ContactViewsLeft - 1, nil
}

// ContactViewed reports whether viewer spent a contact view on owner in
// their current paid period (so the contact shows again without cost).
func (r *Meter) ContactViewed(ctx context.Context, viewer, owner uint64) (bool, error) {
	e, err := r.Entitlements(ctx, viewer)
	if err != nil || !e.Paid {
		return false, err
	}
	var n int64
	err = r.db.WithContext(ctx).Table("contact_views").Where("viewer_id = ? AND owner_id = ? AND period_start = ?", viewer, owner, e.PeriodStart).Count(&n).Error
	return n > 0, store.Translate(err, "", "")
}

// ViewedContact is one member whose contact the viewer spent a view on.
type ViewedContact struct {
	ProfileID uint64
	ViewedAt  time.Time
	// Current is true when the view was spent in the viewer's current paid
	// period: the contact is shown; older ones are listed masked.
	Current bool
}

// ContactViewPage pages the members whose contact viewer viewed, newest
// first, among the members viewer may see now (directory.Visible): a block,
// a hidden or deleted profile drops out at once (list-of-contactview).
func (r *Meter) ContactViewPage(ctx context.Context, viewer uint64, skip, limit int) ([]ViewedContact, int64, error) {
	e, err := r.Entitlements(ctx, viewer)
	if err != nil {
		return nil, 0, err
	}
	// The latest view of each member only: one row per member across periods.
	q := r.db.WithContext(ctx).Table("contact_views cv").Joins("JOIN profiles p ON p.id = cv.owner_id").
		Joins("JOIN users u ON u.id = p.user_id").Where("cv.viewer_id = ?", viewer).
		Where("cv.id = (SELECT MAX(c2.id) FROM contact_views c2 WHERE c2.viewer_id = cv.viewer_id AND c2.owner_id = cv.owner_id)").
		Scopes(directory.Visible(viewer))
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	var rows []struct {
		OwnerID     uint64
		ViewedAt    time.Time
		PeriodStart time.Time
	}
	err = q.Select("cv.owner_id, cv.viewed_at, cv.period_start").Order("cv.id DESC").Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error
	if err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	out := make([]ViewedContact, 0, len(rows))
	for _, row := range rows {
		out = append(out, ViewedContact{ProfileID: row.OwnerID, ViewedAt: row.ViewedAt.UTC(),
			Current: e.Paid && row.PeriodStart.Equal(e.PeriodStart)})
	}
	return out, total, nil
}
