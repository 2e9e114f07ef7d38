package billing

import (
	"fmt"
	"time"

	"gorm.io/gorm"
)

// RecordPaidSubscription gives subscription subID, a row without an order
// (the demo seed writes such rows), the order, captured payment and tax
// invoice that bought it, inside tx, as if buyer had paid the plan's list
// price through the test gateway when it started. A row that has an order
// already is left alone, so seeding twice adds nothing.
func RecordPaidSubscription(tx *gorm.DB, subID uint64, buyer Buyer, settings InvoiceSettings) error {
	var sub struct {
		ID        uint64
		ProfileID uint64
		PlanID    uint64
		OrderID   *uint64
		StartsAt  time.Time
	}
	if err := tx.Table("subscriptions").Select("id, profile_id, plan_id, order_id, starts_at").Where("id = ?", subID).Take(&sub).Error; err != nil {
		return err
	}
	if sub.OrderID != nil {
		return nil
	}
	var p Plan
	if err := tx.Where("id = ?", sub.PlanID).Take(&p).Error; err != nil {
		return err
	}
	inv := newInvoicer(settings)
	paidAt := sub.StartsAt.UTC().Truncate(time.Millisecond)
	member := sub.ProfileID
	gwOrder := fmt.Sprintf("order_demo%010d", sub.ID)
	o := &orderRow{OrderNo: fmt.Sprintf("%s-DEMO%04d", inv.prefix, sub.ID), ProfileID: &member, PlanID: p.ID, PlanName: p.Name,
		PlanMonths: p.Months, ContactViews: p.ContactViews, ListPricePaise: int64(p.PriceINR) * 100, AmountPaise: int64(p.PriceINR) * 100,
		Currency: "INR", Gateway: "test", GatewayOrderID: &gwOrder, Status: OrderPaid, PaymentID: fmt.Sprintf("pay_demo%010d", sub.ID),
		Method: "upi", PaidAt: &paidAt, CreatedAt: paidAt.Add(-2 * time.Minute), UpdatedAt: paidAt}
	if err := tx.Create(o).Error; err != nil {
		return err
	}
	if err := upsertPayment(tx, o.ID, o.PaymentID, PaymentCaptured, o.AmountPaise, o.Method, "", paidAt); err != nil {
		return err
	}
	if err := inv.issueInvoice(tx, o, buyer, paidAt); err != nil {
		return err
	}
	return tx.Exec("UPDATE subscriptions SET order_id = ?, period_start = COALESCE(period_start, starts_at) WHERE id = ?", o.ID, sub.ID).Error
}
