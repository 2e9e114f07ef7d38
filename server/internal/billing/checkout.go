package billing

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/platform/razorpay"
)

// Renewal is what buying a plan does to the plan a member holds now.
type Renewal struct {
	CurrentPlan         string    `json:"currentPlan"`
	CurrentExpiresAt    time.Time `json:"currentExpiresAt"`
	NewExpiresAt        time.Time `json:"newExpiresAt"`
	CarriedContactViews int       `json:"carriedContactViews"`
}

// Quote is a plan's price for a member, with a coupon and the GST in it.
type Quote struct {
	Plan           string `json:"plan"`
	PlanID         uint64 `json:"planId"`
	Months         int    `json:"months"`
	ContactViews   int    `json:"contactViews"`
	Coupon         string `json:"coupon"`
	CouponLabel    string `json:"couponLabel"`
	ListPricePaise int64  `json:"listPricePaise"`
	DiscountPaise  int64  `json:"discountPaise"`
	TotalPaise     int64  `json:"totalPaise"`
	GSTRate        int    `json:"gstRate"`
	Tax
	Renewal *Renewal `json:"renewal"`
	// ValidUntil is when the plan would end if bought now.
	ValidUntil time.Time `json:"validUntil"`

	plan   *Plan
	coupon *Coupon
	buyer  Buyer
}

// Quote prices plan for member (0: a visitor) with coupon ("" for none).
// An unknown or free plan is a 422 on "plan"; a coupon that cannot be used
// is "Invalid coupon" on "coupon".
func (s *Service) Quote(ctx context.Context, member uint64, plan, coupon string) (*Quote, error) {
	p, err := s.PaidPlan(ctx, plan)
	if err != nil {
		return nil, err
	}
	var buyer Buyer
	if member != 0 {
		if buyer, err = s.buyers.Buyer(ctx, member); err != nil {
			return nil, err
		}
	}
	q, err := s.quote(s.db.WithContext(ctx), member, p, coupon, buyer)
	return q, internal(err)
}

// quote prices p for member through db.
func (s *Service) quote(db *gorm.DB, member uint64, p *Plan, coupon string, buyer Buyer) (*Quote, error) {
	now := s.clock()
	list := int64(p.PriceINR) * 100
	q := &Quote{Plan: p.Name, PlanID: p.ID, Months: p.Months, ContactViews: p.ContactViews, ListPricePaise: list,
		TotalPaise: list, GSTRate: GSTRate, plan: p, buyer: buyer}
	if coupon != "" {
		c, err := findCoupon(db, coupon, p, member, now)
		if err != nil {
			return nil, err
		}
		q.coupon, q.Coupon, q.CouponLabel = c, c.Code, c.label()
		q.DiscountPaise = c.discount(list)
		q.TotalPaise = list - q.DiscountPaise
	}
	seller := ""
	if member != 0 {
		seller = s.seller.State
	}
	q.Tax = SplitGST(q.TotalPaise, seller, placeOfSupply(buyer.State, s.seller.State))
	q.ValidUntil = now.AddDate(0, p.Months, 0)
	if member != 0 {
		cur, err := current(db, member, now)
		if err != nil {
			return nil, err
		}
		if cur != nil {
			e := cur.entitlements()
			q.ValidUntil = cur.ExpiresAt.UTC().AddDate(0, p.Months, 0)
			q.Renewal = &Renewal{CurrentPlan: cur.PlanName, CurrentExpiresAt: cur.ExpiresAt.UTC(), NewExpiresAt: q.ValidUntil,
				CarriedContactViews: e.ContactViewsLeft}
		}
	}
	return q, nil
}

// placeOfSupply is the buyer's state, or the seller's when the buyer gave
// none (GST's rule for services to a consumer without an address on record).
func placeOfSupply(buyerState, sellerState string) string {
	if buyerState != "" {
		return buyerState
	}
	return sellerState
}

// Checkout is what the client needs to open the gateway's checkout.
type Checkout struct {
	Order          *Order  `json:"order"`
	Gateway        string  `json:"gateway"`
	KeyID          string  `json:"keyId"`
	GatewayOrderID string  `json:"gatewayOrderId"`
	AmountPaise    int64   `json:"amountPaise"`
	Currency       string  `json:"currency"`
	MerchantName   string  `json:"merchantName"`
	Description    string  `json:"description"`
	Prefill        Prefill `json:"prefill"`
	CheckoutURL    string  `json:"checkoutUrl"`
	Quote          *Quote  `json:"quote"`
}

// Prefill fills in the checkout's contact fields.
type Prefill struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Contact string `json:"contact"`
}

// MsgGatewayDown answers a checkout the gateway did not accept.
const MsgGatewayDown = "Payments are not available right now. Please try again in a few minutes."

// reuseWindow is how long an unpaid order is offered again to the same
// member for the same plan, coupon and price (a double click, a reload, a
// second try), instead of a new one.
const reuseWindow = 30 * time.Minute

// Checkout creates member's order for plan with coupon (create-payment): the
// amount is priced here, never taken from the client; the order and its
// coupon hold are stored first, then the gateway's order is created, so the
// gateway never has an order this database does not know.
func (s *Service) Checkout(ctx context.Context, member uint64, plan, coupon string) (*Checkout, error) {
	p, err := s.PaidPlan(ctx, plan)
	if err != nil {
		return nil, err
	}
	buyer, err := s.buyers.Buyer(ctx, member)
	if err != nil {
		return nil, err
	}
	q, err := s.quote(s.db.WithContext(ctx), member, p, coupon, buyer)
	if err != nil {
		return nil, internal(err)
	}
	if o, err := s.reusable(ctx, member, q); err != nil || o != nil {
		if err != nil {
			return nil, internal(err)
		}
		return s.checkoutOf(o, q, buyer), nil
	}
	orderNo, err := s.newOrderNo()
	if err != nil {
		return nil, internal(err)
	}
	now := s.clock()
	row := &orderRow{OrderNo: orderNo, ProfileID: &member, PlanID: p.ID, PlanName: p.Name, PlanMonths: p.Months, ContactViews: p.ContactViews,
		ListPricePaise: q.ListPricePaise, DiscountPaise: q.DiscountPaise, AmountPaise: q.TotalPaise, Currency: "INR",
		CouponCode: q.Coupon, Gateway: s.gw.Name(), Status: OrderCreated, CreatedAt: now, UpdatedAt: now}
	err = s.tx(ctx, func(tx *gorm.DB) error {
		if q.coupon != nil {
			if err := holdCoupon(tx, q.coupon, member, now); err != nil {
				return err
			}
			row.CouponID, row.CouponHeld = &q.coupon.ID, true
		}
		return tx.Create(row).Error
	})
	if err != nil {
		return nil, internal(err)
	}
	gwOrder, err := s.gw.CreateOrder(ctx, razorpay.OrderRequest{AmountPaise: row.AmountPaise, Currency: row.Currency, Receipt: orderNo,
		Notes: map[string]string{"order": orderNo, "plan": p.Name}})
	if err != nil {
		s.log.Error("billing: the gateway refused an order", "order", orderNo, "error", err)
		_ = s.tx(ctx, func(tx *gorm.DB) error {
			if err := releaseCoupon(tx, row.ID, now); err != nil {
				return err
			}
			return tx.Table("orders").Where("id = ? AND status = ?", row.ID, OrderCreated).
				Updates(map[string]any{"status": OrderFailed, "failure_reason": "The payment service did not answer", "updated_at": s.clock()}).Error
		})
		return nil, apperr.Wrap(apperr.Unavailable, MsgGatewayDown, err)
	}
	if gwOrder.AmountPaise != 0 && gwOrder.AmountPaise != row.AmountPaise {
		s.log.Error("billing: the gateway priced an order differently", "order", orderNo, "ours", row.AmountPaise, "theirs", gwOrder.AmountPaise)
		return nil, apperr.New(apperr.Unavailable, MsgGatewayDown)
	}
	if err := s.db.WithContext(ctx).Table("orders").Where("id = ?", row.ID).
		Updates(map[string]any{"gateway_order_id": gwOrder.ID, "updated_at": s.clock()}).Error; err != nil {
		return nil, internal(err)
	}
	row.GatewayOrderID = &gwOrder.ID
	return s.checkoutOf(row, q, buyer), nil
}

// reusable returns member's recent unpaid order for the same plan, coupon
// and amount that already has a gateway order, or nil.
func (s *Service) reusable(ctx context.Context, member uint64, q *Quote) (*orderRow, error) {
	var rows []orderRow
	err := s.db.WithContext(ctx).Where("profile_id = ? AND plan_id = ? AND coupon_code = ? AND amount_paise = ? AND status = ? AND gateway = ? AND gateway_order_id IS NOT NULL AND created_at > ?",
		member, q.PlanID, q.Coupon, q.TotalPaise, OrderCreated, s.gw.Name(), s.clock().Add(-reuseWindow)).
		Order("id DESC").Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	if q.coupon != nil && !rows[0].CouponHeld {
		return nil, nil
	}
	return &rows[0], nil
}

// checkoutOf describes the checkout of order o.
func (s *Service) checkoutOf(o *orderRow, q *Quote, buyer Buyer) *Checkout {
	gwID := ""
	if o.GatewayOrderID != nil {
		gwID = *o.GatewayOrderID
	}
	return &Checkout{Order: o.view(nil), Gateway: s.gw.Name(), KeyID: s.gw.KeyID(), GatewayOrderID: gwID, AmountPaise: o.AmountPaise,
		Currency: o.Currency, MerchantName: s.brand, Description: describePlan(o.PlanName, o.PlanMonths),
		Prefill: Prefill{Name: buyer.Name, Email: buyer.Email, Contact: buyer.Phone}, CheckoutURL: s.gw.CheckoutURL(gwID, returnPath(o.OrderNo)),
		Quote: q}
}
