package billing

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
)

// Order states (orders.status); see the package comment for the machine.
const (
	OrderCreated  = "created"
	OrderPaid     = "paid"
	OrderFailed   = "failed"
	OrderExpired  = "expired"
	OrderRefunded = "refunded"
	OrderDisputed = "disputed"
)

// orderStates are the states a member may filter My Orders by.
var orderStates = map[string]bool{OrderCreated: true, OrderPaid: true, OrderFailed: true, OrderExpired: true, OrderRefunded: true, OrderDisputed: true}

// MsgOrderNotFound answers an order that is not the caller's or does not exist.
const MsgOrderNotFound = "Order not found"

// expireAfter is how long an order waits for its payment before its coupon
// use is given back; a payment that still arrives later is honoured.
const expireAfter = 2 * time.Hour

// orderRow is a row of orders.
type orderRow struct {
	ID             uint64
	OrderNo        string
	ProfileID      *uint64
	PlanID         uint64
	PlanName       string
	PlanMonths     int
	ContactViews   int
	ListPricePaise int64
	DiscountPaise  int64
	AmountPaise    int64
	Currency       string
	CouponID       *uint64
	CouponCode     string
	CouponHeld     bool
	Gateway        string
	GatewayOrderID *string
	Status         string
	PaymentID      string
	Method         string
	FailureReason  string
	PaidAt         *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName is the orders table.
func (orderRow) TableName() string { return "orders" }

// InvoiceRef names an order's invoice.
type InvoiceRef struct {
	Number   string    `json:"number"`
	IssuedAt time.Time `json:"issuedAt"`
}

// Order is an order as its buyer sees it (My Orders, payment/{id}).
type Order struct {
	ID             string      `json:"id"`
	Plan           string      `json:"plan"`
	Months         int         `json:"months"`
	ContactViews   int         `json:"contactViews"`
	Status         string      `json:"status"`
	ListPricePaise int64       `json:"listPricePaise"`
	DiscountPaise  int64       `json:"discountPaise"`
	AmountPaise    int64       `json:"amountPaise"`
	Currency       string      `json:"currency"`
	Coupon         string      `json:"coupon"`
	CreatedAt      time.Time   `json:"createdAt"`
	PaidAt         *time.Time  `json:"paidAt"`
	PaymentID      string      `json:"paymentId"`
	Method         string      `json:"method"`
	FailureReason  string      `json:"failureReason"`
	Invoice        *InvoiceRef `json:"invoice"`
	ValidFrom      *time.Time  `json:"validFrom"`
	ValidUntil     *time.Time  `json:"validUntil"`
}

// extra is what an order's view adds from other tables.
type extra struct {
	invoice             *InvoiceRef
	validFrom, validEnd *time.Time
}

// view turns a row into what the buyer sees.
func (o *orderRow) view(x *extra) *Order {
	v := &Order{ID: o.OrderNo, Plan: o.PlanName, Months: o.PlanMonths, ContactViews: o.ContactViews, Status: o.Status,
		ListPricePaise: o.ListPricePaise, DiscountPaise: o.DiscountPaise, AmountPaise: o.AmountPaise, Currency: o.Currency,
		Coupon: o.CouponCode, CreatedAt: o.CreatedAt.UTC(), PaymentID: o.PaymentID, Method: o.Method, FailureReason: o.FailureReason}
	if o.PaidAt != nil {
		t := o.PaidAt.UTC()
		v.PaidAt = &t
	}
	if x != nil {
		v.Invoice, v.ValidFrom, v.ValidUntil = x.invoice, x.validFrom, x.validEnd
	}
	return v
}

// describePlan words a plan for the checkout and the invoice: "TFM-CLASSIC · 3 months".
func describePlan(name string, months int) string {
	unit := "months"
	if months == 1 {
		unit = "month"
	}
	return fmt.Sprintf("%s · %d %s", name, months, unit)
}

// extras loads the invoices and subscription periods of rows.
func (s *Service) extras(db *gorm.DB, rows []orderRow) (map[uint64]*extra, error) {
	out := map[uint64]*extra{}
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		out[r.ID] = &extra{}
	}
	var invs []struct {
		OrderID  uint64
		Number   string
		IssuedAt time.Time
	}
	if err := db.Table("invoices").Select("order_id, number, issued_at").Where("order_id IN ?", ids).Scan(&invs).Error; err != nil {
		return nil, err
	}
	for _, i := range invs {
		out[i.OrderID].invoice = &InvoiceRef{Number: i.Number, IssuedAt: i.IssuedAt.UTC()}
	}
	var subs []struct {
		OrderID             uint64
		StartsAt, ExpiresAt time.Time
	}
	if err := db.Table("subscriptions").Select("order_id, starts_at, expires_at").Where("order_id IN ?", ids).Scan(&subs).Error; err != nil {
		return nil, err
	}
	for _, sub := range subs {
		from, until := sub.StartsAt.UTC(), sub.ExpiresAt.UTC()
		out[sub.OrderID].validFrom, out[sub.OrderID].validEnd = &from, &until
	}
	return out, nil
}

// orderOf loads member's order orderNo, or NotFound (another member's order
// answers exactly like an unknown one).
func (s *Service) orderOf(db *gorm.DB, member uint64, orderNo string) (*orderRow, error) {
	orderNo = strings.ToUpper(strings.TrimSpace(orderNo))
	if orderNo == "" || len(orderNo) > 24 {
		return nil, apperr.New(apperr.NotFound, MsgOrderNotFound)
	}
	var rows []orderRow
	if err := db.Where("order_no = ? AND profile_id = ?", orderNo, member).Limit(1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, MsgOrderNotFound)
	}
	return &rows[0], nil
}

// Order returns member's order orderNo (GET payment/{id}).
func (s *Service) Order(ctx context.Context, member uint64, orderNo string) (*Order, error) {
	db := s.db.WithContext(ctx)
	o, err := s.orderOf(db, member, orderNo)
	if err != nil {
		return nil, internal(err)
	}
	x, err := s.extras(db, []orderRow{*o})
	if err != nil {
		return nil, internal(err)
	}
	return o.view(x[o.ID]), nil
}

// OrderPage is a page of a member's orders.
type OrderPage struct {
	Items []*Order `json:"items"`
	Total int64    `json:"total"`
}

// Orders pages member's orders, newest first (payment/filter, My Orders);
// status, when set, keeps one state.
func (s *Service) Orders(ctx context.Context, member uint64, status string, skip, limit int) (*OrderPage, error) {
	db := s.db.WithContext(ctx)
	q := db.Model(&orderRow{}).Where("profile_id = ?", member)
	if status = strings.TrimSpace(status); status != "" {
		if !orderStates[status] {
			return nil, apperr.Validation(map[string]string{"status": "Please choose a valid status"}, "status")
		}
		q = q.Where("status = ?", status)
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, internal(err)
	}
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	var rows []orderRow
	if err := q.Order("id DESC").Offset(pg.Skip).Limit(pg.Limit).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	x, err := s.extras(db, rows)
	if err != nil {
		return nil, internal(err)
	}
	out := &OrderPage{Items: make([]*Order, 0, len(rows)), Total: total}
	for i := range rows {
		out.Items = append(out.Items, rows[i].view(x[rows[i].ID]))
	}
	return out, nil
}

// ExpireStale marks orders unpaid for expireAfter as expired and gives back
// the coupon uses they hold; it returns how many it expired.
func (s *Service) ExpireStale(ctx context.Context) (int, error) {
	now := s.clock()
	var ids []uint64
	if err := s.db.WithContext(ctx).Model(&orderRow{}).Where("status IN ? AND created_at < ?", []string{OrderCreated, OrderFailed}, now.Add(-expireAfter)).
		Order("id").Limit(500).Pluck("id", &ids).Error; err != nil {
		return 0, internal(err)
	}
	n := 0
	for _, id := range ids {
		err := s.tx(ctx, func(tx *gorm.DB) error {
			res := tx.Model(&orderRow{}).Where("id = ? AND status IN ?", id, []string{OrderCreated, OrderFailed}).
				Updates(map[string]any{"status": OrderExpired, "updated_at": now})
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			n++
			return releaseCoupon(tx, id, now)
		})
		if err != nil {
			return n, internal(err)
		}
	}
	return n, nil
}

// Run expires stale orders every 10 minutes until ctx ends; every node runs
// it, and the conditional UPDATE lets only one node expire each order.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
	for {
		if n, err := s.ExpireStale(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("billing: expiring unpaid orders", "error", err)
		} else if n > 0 {
			s.log.Info("billing: unpaid orders expired", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
