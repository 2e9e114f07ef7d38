package billing

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// MsgInvalidCoupon answers every coupon that cannot be used (spec §5),
// whatever the reason, so the answer tells a guesser nothing.
const MsgInvalidCoupon = "Invalid coupon"

// Coupon kinds.
const (
	CouponPercent = "percent" // Value is a percentage of the list price
	CouponFlat    = "flat"    // Value is rupees off
)

// Coupon is a discount code.
type Coupon struct {
	ID          uint64
	Code        string
	Description string
	Kind        string
	Value       int
	PlanID      *uint64
	ValidFrom   time.Time
	ValidUntil  time.Time
	MaxUses     int
	UsedCount   int
	Active      bool
	CreatedAt   time.Time
}

var couponPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{1,31}$`)

// NormalizeCoupon upper-cases and trims a code; ok is false when it cannot be one.
func NormalizeCoupon(code string) (string, bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	return c, couponPattern.MatchString(c)
}

func invalidCoupon() error {
	return apperr.Validation(map[string]string{"coupon": MsgInvalidCoupon}, "coupon")
}

// label words the discount: "10% off", "₹500 off".
func (c *Coupon) label() string {
	if c.Kind == CouponPercent {
		return fmt.Sprintf("%d%% off", c.Value)
	}
	return rupees(int64(c.Value)*100) + " off"
}

// discount is what c takes off listPaise, in whole rupees (a percentage is
// rounded down), leaving at least ₹1 to pay: gateways refuse a zero amount.
func (c *Coupon) discount(listPaise int64) int64 {
	var d int64
	switch c.Kind {
	case CouponPercent:
		d = (listPaise / 100) * int64(c.Value) / 100 * 100
	case CouponFlat:
		d = int64(c.Value) * 100
	}
	return min(max(d, 0), listPaise-100)
}

// findCoupon loads code for member buying plan, or "Invalid coupon": unknown,
// paused, outside its window, used up, for another plan, or already used by
// this member on a paid order. An unpaid order of the member's own that
// holds a use does not count against them (they may be trying again).
func findCoupon(db *gorm.DB, code string, plan *Plan, member uint64, now time.Time) (*Coupon, error) {
	code, ok := NormalizeCoupon(code)
	if !ok {
		return nil, invalidCoupon()
	}
	var rows []Coupon
	if err := db.Where("code = ?", code).Limit(1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, invalidCoupon()
	}
	c := &rows[0]
	if !c.Active || now.Before(c.ValidFrom) || !now.Before(c.ValidUntil) || (c.PlanID != nil && *c.PlanID != plan.ID) ||
		(c.Kind != CouponPercent && c.Kind != CouponFlat) || c.Value <= 0 || (c.Kind == CouponPercent && c.Value > 100) {
		return nil, invalidCoupon()
	}
	if c.MaxUses > 0 && c.UsedCount >= c.MaxUses && !holdsUse(db, c.ID, member) {
		return nil, invalidCoupon()
	}
	if member != 0 {
		var n int64
		if err := db.Table("orders").Where("profile_id = ? AND coupon_id = ? AND status IN ?", member, c.ID,
			[]string{OrderPaid, OrderRefunded, OrderDisputed}).Count(&n).Error; err != nil {
			return nil, err
		}
		if n > 0 {
			return nil, invalidCoupon()
		}
	}
	return c, nil
}

// holdsUse reports whether member has an unpaid order holding a use of coupon.
func holdsUse(db *gorm.DB, coupon, member uint64) bool {
	if member == 0 {
		return false
	}
	var n int64
	db.Table("orders").Where("profile_id = ? AND coupon_id = ? AND coupon_held = ? AND status IN ?", member, coupon, true,
		[]string{OrderCreated, OrderFailed}).Count(&n)
	return n > 0
}

// holdCoupon takes one use of coupon for a new order of member inside tx:
// first it gives back the uses the member's own unpaid orders hold (a
// member trying again must not use up the coupon by themselves), then it
// raises used_count only while it is below max_uses, in one conditional
// UPDATE, so concurrent buyers can never pass the limit.
func holdCoupon(tx *gorm.DB, c *Coupon, member uint64, now time.Time) error {
	var held []uint64
	if err := tx.Table("orders").Where("profile_id = ? AND coupon_id = ? AND coupon_held = ? AND status IN ?", member, c.ID, true,
		[]string{OrderCreated, OrderFailed}).Pluck("id", &held).Error; err != nil {
		return err
	}
	for _, id := range held {
		if err := releaseCoupon(tx, id, now); err != nil {
			return err
		}
	}
	res := tx.Exec("UPDATE coupons SET used_count = used_count + 1 WHERE id = ? AND active <> 0 AND (max_uses = 0 OR used_count < max_uses)", c.ID)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return invalidCoupon()
	}
	return nil
}

// releaseCoupon gives back the use an unpaid order holds, once.
func releaseCoupon(tx *gorm.DB, orderID uint64, now time.Time) error {
	var o struct {
		CouponID   *uint64
		CouponHeld bool
	}
	if err := tx.Table("orders").Select("coupon_id, coupon_held").Where("id = ?", orderID).Take(&o).Error; err != nil {
		return err
	}
	if o.CouponID == nil || !o.CouponHeld {
		return nil
	}
	res := tx.Exec("UPDATE orders SET coupon_held = ?, updated_at = ? WHERE id = ? AND coupon_held <> 0", false, now, orderID)
	if res.Error != nil || res.RowsAffected != 1 {
		return res.Error
	}
	return tx.Exec("UPDATE coupons SET used_count = used_count - 1 WHERE id = ? AND used_count > 0", *o.CouponID).Error
}

// retakeCoupon counts the use of a paid order whose hold had been released
// (it was paid after it expired): the member paid the discounted price, so
// the use counts even past the limit.
func retakeCoupon(tx *gorm.DB, orderID uint64, now time.Time) error {
	var o struct {
		CouponID   *uint64
		CouponHeld bool
	}
	if err := tx.Table("orders").Select("coupon_id, coupon_held").Where("id = ?", orderID).Take(&o).Error; err != nil {
		return err
	}
	if o.CouponID == nil || o.CouponHeld {
		return nil
	}
	if err := tx.Exec("UPDATE orders SET coupon_held = ?, updated_at = ? WHERE id = ?", true, now, orderID).Error; err != nil {
		return err
	}
	return tx.Exec("UPDATE coupons SET used_count = used_count + 1 WHERE id = ?", *o.CouponID).Error
}
