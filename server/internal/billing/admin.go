package billing

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// The finance back office (issue 21): plans, coupons, orders and invoices.
// The HTTP layer checks the admin's permission and writes the audit line.

// AdminPlan is a plan as finance edits it (the free tier too).
type AdminPlan struct {
	Plan
	Active bool `json:"active"`
	Sort   int  `json:"sort"`
}

// AdminPlans lists every plan, active or not, free tier first.
func (s *Service) AdminPlans(ctx context.Context) ([]AdminPlan, error) {
	var rows []Plan
	if err := s.db.WithContext(ctx).Order("is_free DESC, sort, id").Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := make([]AdminPlan, 0, len(rows))
	for _, p := range rows {
		p.GSTRate = GSTRate
		out = append(out, AdminPlan{Plan: p, Active: p.Active, Sort: p.Sort})
	}
	return out, nil
}

// PlanInput is finance's edit of a plan. The free tier's price, months and
// contact views stay 0 and it cannot start chats: it is never sold.
type PlanInput struct {
	PriceINR         int  `json:"priceInr"`
	Months           int  `json:"months"`
	ContactViews     int  `json:"contactViews"`
	DailyInvitations int  `json:"dailyInvitations"`
	StartChats       bool `json:"startChats"`
	ProfileHighlight bool `json:"profileHighlight"`
	PrioritySupport  bool `json:"prioritySupport"`
	Active           bool `json:"active"`
}

// UpdatePlan changes plan id. The new numbers apply at once everywhere
// (Entitlements reads the rows); a member's running subscription keeps
// the contact views it was sold with.
func (s *Service) UpdatePlan(ctx context.Context, id uint64, in PlanInput) (*AdminPlan, error) {
	db := s.db.WithContext(ctx)
	var p Plan
	if err := db.Where("id = ?", id).Take(&p).Error; err != nil {
		return nil, store.Translate(err, "Plan not found", "")
	}
	errs := map[string]string{}
	if in.DailyInvitations < 1 || in.DailyInvitations > 500 {
		errs["dailyInvitations"] = "Invitations a day must be 1 to 500"
	}
	if p.Free {
		if in.PriceINR != 0 || in.Months != 0 || in.ContactViews != 0 || in.StartChats || in.ProfileHighlight || in.PrioritySupport {
			errs["priceInr"] = "The free tier has no price, period, contact views, chats, highlight or priority support"
		}
		if !in.Active {
			errs["active"] = "The free tier cannot be switched off"
		}
	} else {
		if in.PriceINR < 1 || in.PriceINR > 1_000_000 {
			errs["priceInr"] = "Price must be ₹1 to ₹10,00,000"
		}
		if in.Months < 1 || in.Months > 36 {
			errs["months"] = "A plan lasts 1 to 36 months"
		}
		if in.ContactViews < 0 || in.ContactViews > 10_000 {
			errs["contactViews"] = "Contact views must be 0 to 10,000"
		}
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "priceInr", "months", "contactViews", "dailyInvitations", "active")
	}
	err := db.Model(&Plan{}).Where("id = ?", id).Updates(map[string]any{"price_inr": in.PriceINR, "months": in.Months,
		"contact_views": in.ContactViews, "daily_invitations": in.DailyInvitations, "start_chats": in.StartChats,
		"profile_highlight": in.ProfileHighlight, "priority_support": in.PrioritySupport, "active": in.Active}).Error
	if err != nil {
		return nil, internal(err)
	}
	if err := db.Where("id = ?", id).Take(&p).Error; err != nil {
		return nil, internal(err)
	}
	p.GSTRate = GSTRate
	return &AdminPlan{Plan: p, Active: p.Active, Sort: p.Sort}, nil
}

// AdminCoupon is a coupon as finance manages it.
type AdminCoupon struct {
	ID          uint64    `json:"id"`
	Code        string    `json:"code"`
	Description string    `json:"description"`
	Kind        string    `json:"kind"`
	Value       int       `json:"value"`
	Plan        *string   `json:"plan"`
	ValidFrom   time.Time `json:"validFrom"`
	ValidUntil  time.Time `json:"validUntil"`
	MaxUses     int       `json:"maxUses"`
	UsedCount   int       `json:"usedCount"`
	Active      bool      `json:"active"`
}

// CouponInput is a coupon to create or change.
type CouponInput struct {
	Code        string    `json:"code"`
	Description string    `json:"description"`
	Kind        string    `json:"kind"`
	Value       int       `json:"value"`
	Plan        string    `json:"plan"` // "" for every plan
	ValidFrom   time.Time `json:"validFrom"`
	ValidUntil  time.Time `json:"validUntil"`
	MaxUses     int       `json:"maxUses"` // 0: no limit
}

// AdminCoupons pages the coupons, newest first; q matches the code.
func (s *Service) AdminCoupons(ctx context.Context, q string, skip, limit int) ([]AdminCoupon, int64, error) {
	db := s.db.WithContext(ctx).Table("coupons c").Joins("LEFT JOIN plans p ON p.id = c.plan_id")
	if q = strings.ToUpper(strings.TrimSpace(q)); q != "" {
		db = db.Where("c.code LIKE ?", "%"+strings.NewReplacer("%", `\%`, "_", `\_`).Replace(q)+"%")
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, internal(err)
	}
	pg := pagination.New(skip, limit, 25)
	var rows []struct {
		Coupon
		PlanName *string
	}
	if err := db.Select("c.*, p.name AS plan_name").Order("c.id DESC").Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, 0, internal(err)
	}
	out := make([]AdminCoupon, 0, len(rows))
	for _, r := range rows {
		out = append(out, adminCoupon(&r.Coupon, r.PlanName))
	}
	return out, total, nil
}

func adminCoupon(c *Coupon, plan *string) AdminCoupon {
	return AdminCoupon{ID: c.ID, Code: c.Code, Description: c.Description, Kind: c.Kind, Value: c.Value, Plan: plan,
		ValidFrom: c.ValidFrom.UTC(), ValidUntil: c.ValidUntil.UTC(), MaxUses: c.MaxUses, UsedCount: c.UsedCount, Active: c.Active}
}

// checkCoupon validates in and resolves its plan.
func (s *Service) checkCoupon(db *gorm.DB, in *CouponInput) (map[string]any, error) {
	errs := map[string]string{}
	code, ok := NormalizeCoupon(in.Code)
	if !ok {
		errs["code"] = "A code is 2 to 32 letters, digits, - or _"
	}
	switch in.Kind {
	case CouponPercent:
		if in.Value < 1 || in.Value > 90 {
			errs["value"] = "A percent discount is 1 to 90"
		}
	case CouponFlat:
		if in.Value < 1 || in.Value > 100_000 {
			errs["value"] = "A flat discount is ₹1 to ₹1,00,000"
		}
	default:
		errs["kind"] = "Choose percent or flat"
	}
	if utf8.RuneCountInString(in.Description) > 200 {
		errs["description"] = "Keep the description under 200 characters"
	}
	if in.ValidFrom.IsZero() || in.ValidUntil.IsZero() {
		errs["validUntil"] = "Give the dates the coupon works between"
	} else if !in.ValidUntil.After(in.ValidFrom) {
		errs["validUntil"] = "The end must be after the start"
	}
	if in.MaxUses < 0 || in.MaxUses > 1_000_000 {
		errs["maxUses"] = "Uses must be 0 (no limit) to 10,00,000"
	}
	var planID any
	if in.Plan != "" {
		p, err := s.PaidPlan(db.Statement.Context, in.Plan)
		if err != nil {
			errs["plan"] = MsgChoosePlan
		} else {
			planID = p.ID
		}
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "code", "kind", "value", "plan", "validUntil", "maxUses", "description")
	}
	return map[string]any{"code": code, "description": strings.TrimSpace(in.Description), "kind": in.Kind, "value": in.Value,
		"plan_id": planID, "valid_from": in.ValidFrom.UTC(), "valid_until": in.ValidUntil.UTC(), "max_uses": in.MaxUses}, nil
}

// CreateCoupon makes a coupon (active); a code in use is 409 on "code".
func (s *Service) CreateCoupon(ctx context.Context, in CouponInput) (*AdminCoupon, error) {
	db := s.db.WithContext(ctx)
	row, err := s.checkCoupon(db, &in)
	if err != nil {
		return nil, err
	}
	row["used_count"], row["active"], row["created_at"] = 0, true, s.clock()
	if err := db.Table("coupons").Create(row).Error; err != nil {
		if store.IsUniqueViolation(err) {
			return nil, apperr.Validation(map[string]string{"code": "Another coupon has this code"}, "code")
		}
		return nil, internal(err)
	}
	return s.adminCouponByCode(ctx, row["code"].(string))
}

// UpdateCoupon changes coupon id (its uses so far stay counted).
func (s *Service) UpdateCoupon(ctx context.Context, id uint64, in CouponInput) (*AdminCoupon, error) {
	db := s.db.WithContext(ctx)
	row, err := s.checkCoupon(db, &in)
	if err != nil {
		return nil, err
	}
	res := db.Table("coupons").Where("id = ?", id).Updates(row)
	if res.Error != nil {
		if store.IsUniqueViolation(res.Error) {
			return nil, apperr.Validation(map[string]string{"code": "Another coupon has this code"}, "code")
		}
		return nil, internal(res.Error)
	}
	return s.adminCouponByCode(ctx, row["code"].(string))
}

// SetCouponActive pauses or resumes coupon id; a paused coupon is "Invalid
// coupon" to members and unpaid orders holding it still pay their price.
func (s *Service) SetCouponActive(ctx context.Context, id uint64, active bool) (*AdminCoupon, error) {
	res := s.db.WithContext(ctx).Table("coupons").Where("id = ?", id).Update("active", active)
	if res.Error != nil {
		return nil, internal(res.Error)
	}
	var code string
	if err := s.db.WithContext(ctx).Table("coupons").Where("id = ?", id).Pluck("code", &code).Error; err != nil {
		return nil, internal(err)
	}
	if code == "" {
		return nil, apperr.New(apperr.NotFound, "Coupon not found")
	}
	return s.adminCouponByCode(ctx, code)
}

func (s *Service) adminCouponByCode(ctx context.Context, code string) (*AdminCoupon, error) {
	var rows []struct {
		Coupon
		PlanName *string
	}
	if err := s.db.WithContext(ctx).Table("coupons c").Joins("LEFT JOIN plans p ON p.id = c.plan_id").
		Select("c.*, p.name AS plan_name").Where("c.code = ?", code).Limit(1).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, "Coupon not found")
	}
	c := adminCoupon(&rows[0].Coupon, rows[0].PlanName)
	return &c, nil
}

// AdminPayment is one gateway payment of an order.
type AdminPayment struct {
	ID            string    `json:"id"`
	Status        string    `json:"status"`
	AmountPaise   int64     `json:"amountPaise"`
	RefundedPaise int64     `json:"refundedPaise"`
	Method        string    `json:"method"`
	Error         string    `json:"error"`
	CreatedAt     time.Time `json:"createdAt"`
}

// AdminOrder is an order as finance sees it: the buyer's view plus the
// member, the gateway's ids and every payment.
type AdminOrder struct {
	*Order
	Member *struct {
		ProfileID string `json:"profileId"`
		Name      string `json:"name"`
	} `json:"member"`
	Gateway        string         `json:"gateway"`
	GatewayOrderID string         `json:"gatewayOrderId"`
	Payments       []AdminPayment `json:"payments"`
}

// OrderFilter selects orders for finance.
type OrderFilter struct {
	Status   string
	Q        string // an order id, a payment id or a member's profile id
	From, To *time.Time
	Skip     int
	Limit    int
}

// OrderCount is how many orders member profileID has placed, in any status.
func (s *Service) OrderCount(ctx context.Context, profileID uint64) (int64, error) {
	var n int64
	if err := s.db.WithContext(ctx).Table("orders").Where("profile_id = ?", profileID).Count(&n).Error; err != nil {
		return 0, internal(err)
	}
	return n, nil
}

// AdminOrders pages every member's orders, newest first.
func (s *Service) AdminOrders(ctx context.Context, f OrderFilter) ([]AdminOrder, int64, error) {
	db := s.db.WithContext(ctx)
	q := db.Model(&orderRow{}).Joins("LEFT JOIN profiles p ON p.id = orders.profile_id")
	if f.Status != "" {
		if !orderStates[f.Status] {
			return nil, 0, apperr.Validation(map[string]string{"status": "Please choose a valid status"}, "status")
		}
		q = q.Where("orders.status = ?", f.Status)
	}
	if t := strings.TrimSpace(f.Q); t != "" {
		up := strings.ToUpper(t)
		q = q.Where("orders.order_no = ? OR orders.payment_id = ? OR p.profile_code = ? OR orders.id IN (SELECT order_id FROM payments WHERE gateway_payment_id = ?)",
			up, t, up, t)
	}
	if f.From != nil {
		q = q.Where("orders.created_at >= ?", f.From.UTC())
	}
	if f.To != nil {
		q = q.Where("orders.created_at < ?", f.To.UTC())
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, internal(err)
	}
	pg := pagination.New(f.Skip, f.Limit, 25)
	// Two scans: GORM does not fill an embedded unexported struct from a join,
	// so the orders come first and the buyers' names second.
	var plain []orderRow
	if err := q.Select("orders.*").Order("orders.id DESC").Offset(pg.Skip).Limit(pg.Limit).Scan(&plain).Error; err != nil {
		return nil, 0, internal(err)
	}
	ids := make([]uint64, len(plain))
	var pids []uint64
	for i := range plain {
		ids[i] = plain[i].ID
		if plain[i].ProfileID != nil {
			pids = append(pids, *plain[i].ProfileID)
		}
	}
	type buyer struct {
		ID          uint64
		ProfileCode string
		Name        string
	}
	buyers := map[uint64]buyer{}
	if len(pids) > 0 {
		var bs []buyer
		if err := db.Table("profiles").Select("id, profile_code, name").Where("id IN ?", pids).Scan(&bs).Error; err != nil {
			return nil, 0, internal(err)
		}
		for _, b := range bs {
			buyers[b.ID] = b
		}
	}
	x, err := s.extras(db, plain)
	if err != nil {
		return nil, 0, internal(err)
	}
	pays := map[uint64][]AdminPayment{}
	if len(ids) > 0 {
		var ps []struct {
			OrderID          uint64
			GatewayPaymentID string
			Status           string
			AmountPaise      int64
			RefundedPaise    int64
			Method, Error    string
			CreatedAt        time.Time
		}
		if err := db.Table("payments").Where("order_id IN ?", ids).Order("id").Scan(&ps).Error; err != nil {
			return nil, 0, internal(err)
		}
		for _, p := range ps {
			pays[p.OrderID] = append(pays[p.OrderID], AdminPayment{ID: p.GatewayPaymentID, Status: p.Status, AmountPaise: p.AmountPaise,
				RefundedPaise: p.RefundedPaise, Method: p.Method, Error: p.Error, CreatedAt: p.CreatedAt.UTC()})
		}
	}
	out := make([]AdminOrder, 0, len(plain))
	for i := range plain {
		r := &plain[i]
		o := AdminOrder{Order: r.view(x[r.ID]), Gateway: r.Gateway, Payments: pays[r.ID]}
		if o.Payments == nil {
			o.Payments = []AdminPayment{}
		}
		if r.GatewayOrderID != nil {
			o.GatewayOrderID = *r.GatewayOrderID
		}
		if r.ProfileID != nil {
			if b, ok := buyers[*r.ProfileID]; ok {
				o.Member = &struct {
					ProfileID string `json:"profileId"`
					Name      string `json:"name"`
				}{ProfileID: b.ProfileCode, Name: b.Name}
			}
		}
		out = append(out, o)
	}
	return out, total, nil
}

// AdminInvoicePDF renders order orderNo's invoice for finance (whoever
// bought it; the HTTP layer audits the view).
func (s *Service) AdminInvoicePDF(ctx context.Context, orderNo string) (*Invoice, error) {
	return s.invoiceByOrder(ctx, orderNo)
}

// invoiceByOrder renders the invoice of an order whatever its buyer (one
// who deleted their account too: the invoice stays, de-identified).
func (s *Service) invoiceByOrder(ctx context.Context, orderNo string) (*Invoice, error) {
	db := s.db.WithContext(ctx)
	var rows []orderRow
	if err := db.Where("order_no = ?", strings.ToUpper(strings.TrimSpace(orderNo))).Limit(1).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, MsgNoInvoice)
	}
	return s.renderInvoice(db, &rows[0])
}
