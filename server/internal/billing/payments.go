package billing

import (
	"context"
	"regexp"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/platform/razorpay"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Payment states (payments.status).
const (
	PaymentCaptured          = "captured"
	PaymentAuthorized        = "authorized"
	PaymentFailed            = "failed"
	PaymentRefunded          = "refunded"
	PaymentPartiallyRefunded = "partially_refunded"
	PaymentDisputed          = "disputed"
	// PaymentDuplicate is a second successful payment of an order already
	// paid (the member paid twice): it grants nothing and is to be refunded.
	PaymentDuplicate = "duplicate"
	// PaymentMismatch is a payment whose amount or currency is not its
	// order's: it grants nothing and an operator looks at it.
	PaymentMismatch = "mismatch"
)

// Messages of the payment calls.
const (
	MsgNotVerified     = "We could not verify this payment. If money was taken from your account, it will be confirmed or refunded automatically."
	MsgBadWebhook      = "Invalid webhook signature"
	MsgMalformedHook   = "Malformed webhook"
	msgPaymentRequired = "Please send the payment details from the checkout"
)

// PaymentProof is what the checkout's handler hands the browser after a
// successful payment (Razorpay's field names).
type PaymentProof struct {
	PaymentID string `json:"razorpay_payment_id"`
	OrderID   string `json:"razorpay_order_id"`
	Signature string `json:"razorpay_signature"`
}

var (
	paymentIDPattern = regexp.MustCompile(`^pay_[A-Za-z0-9]{6,40}$`)
	signaturePattern = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
)

// paid is a successful payment as one of the two paths reports it.
type paid struct {
	PaymentID   string
	Method      string
	AmountPaise int64
	Source      string // "callback" or "webhook", for the log
}

// ConfirmPayment is the checkout callback (payment/{id}): it checks the
// signature over the gateway's order id and payment id in constant time and
// grants the plan, once, whatever the webhook did before or does after.
// Another member's order answers NotFound; a bad signature grants nothing.
func (s *Service) ConfirmPayment(ctx context.Context, member uint64, orderNo string, p PaymentProof) (*Order, error) {
	if p.PaymentID == "" || p.OrderID == "" || p.Signature == "" {
		return nil, apperr.Validation(map[string]string{"razorpay_signature": msgPaymentRequired}, "razorpay_signature")
	}
	o, err := s.orderOf(s.db.WithContext(ctx), member, orderNo)
	if err != nil {
		return nil, internal(err)
	}
	gw := ""
	if o.GatewayOrderID != nil {
		gw = *o.GatewayOrderID
	}
	if gw == "" || p.OrderID != gw || !paymentIDPattern.MatchString(p.PaymentID) || !signaturePattern.MatchString(p.Signature) ||
		!s.gw.VerifyPayment(gw, p.PaymentID, p.Signature) {
		// The order id only: never the signature or the payment id someone tried.
		s.log.Warn("billing: a payment callback failed verification", "order", o.OrderNo)
		return nil, apperr.New(apperr.BadRequest, MsgNotVerified)
	}
	if err := s.grant(ctx, o.ID, paid{PaymentID: p.PaymentID, AmountPaise: o.AmountPaise, Source: "callback"}); err != nil {
		return nil, internal(err)
	}
	return s.Order(ctx, member, o.OrderNo)
}

// HandleWebhook processes one gateway webhook (POST payment/webhook): the
// signature over the raw body first (a bad one is refused and nothing is
// read), then the event, once per event id. It is the source of truth when
// the browser never comes back: payment.captured and order.paid grant the
// plan, payment.failed marks the order failed, a full refund or a lost
// dispute ends the plan, a dispute puts it on hold until it is won.
func (s *Service) HandleWebhook(ctx context.Context, body []byte, signature, eventID string) error {
	if !s.gw.VerifyWebhook(body, signature) {
		return apperr.New(apperr.BadRequest, MsgBadWebhook)
	}
	ev, err := razorpay.ParseEvent(body)
	if err != nil {
		return apperr.Wrap(apperr.BadRequest, MsgMalformedHook, err)
	}
	if len(eventID) > 64 {
		eventID = ""
	}
	if eventID != "" {
		var n int64
		if err := s.db.WithContext(ctx).Table("payment_events").Where("event_id = ?", eventID).Count(&n).Error; err != nil {
			return internal(err)
		}
		if n > 0 {
			return nil
		}
	}
	if err := s.apply(ctx, ev); err != nil {
		return internal(err)
	}
	if eventID != "" {
		// After the effect, which is idempotent on its own: a crash between
		// the two only means the redelivery is applied again, harmlessly.
		err := s.db.WithContext(ctx).Exec("INSERT INTO payment_events (event_id, event, received_at) VALUES (?, ?, ?)", eventID, ev.Event, s.clock()).Error
		if err != nil && !store.IsUniqueViolation(err) {
			return internal(err)
		}
	}
	return nil
}

// apply does what event ev says.
func (s *Service) apply(ctx context.Context, ev *razorpay.Event) error {
	var pay *razorpay.Payment
	if ev.Payload.Payment != nil {
		pay = &ev.Payload.Payment.Entity
	}
	switch ev.Event {
	case razorpay.EventPaymentCaptured, razorpay.EventOrderPaid, razorpay.EventPaymentAuthorized:
		if pay == nil {
			return nil
		}
		if ev.Event == razorpay.EventPaymentAuthorized && !pay.Captured {
			// Not captured yet: the capture (or the callback) grants; an
			// uncaptured payment is refunded by the gateway on its own.
			return nil
		}
		return s.paidByWebhook(ctx, pay)
	case razorpay.EventPaymentFailed:
		if pay == nil {
			return nil
		}
		return s.failed(ctx, pay)
	case razorpay.EventRefundProcessed:
		if ev.Payload.Refund == nil {
			return nil
		}
		return s.refunded(ctx, &ev.Payload.Refund.Entity, pay)
	case razorpay.EventDisputeCreated, razorpay.EventDisputeWon, razorpay.EventDisputeLost, razorpay.EventDisputeClosed:
		if ev.Payload.Dispute == nil {
			return nil
		}
		return s.disputed(ctx, ev.Event, ev.Payload.Dispute.Entity.PaymentID)
	}
	return nil
}

// byGatewayOrder loads the order the gateway calls id, or nil.
func (s *Service) byGatewayOrder(db *gorm.DB, id string) (*orderRow, error) {
	if id == "" {
		return nil, nil
	}
	var rows []orderRow
	if err := db.Where("gateway_order_id = ?", id).Limit(1).Find(&rows).Error; err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// byPayment loads the order paid (or attempted) by gateway payment id, or nil.
func (s *Service) byPayment(db *gorm.DB, paymentID string) (*orderRow, error) {
	var rows []orderRow
	err := db.Where("id = (SELECT order_id FROM payments WHERE gateway_payment_id = ?)", paymentID).Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

// paidByWebhook grants the order a captured payment belongs to, after
// checking it paid exactly the order's amount in rupees.
func (s *Service) paidByWebhook(ctx context.Context, p *razorpay.Payment) error {
	db := s.db.WithContext(ctx)
	o, err := s.byGatewayOrder(db, p.OrderID)
	if err != nil {
		return err
	}
	if o == nil {
		s.log.Info("billing: webhook for an order this service did not create", "gateway_order", p.OrderID)
		return nil
	}
	if p.Amount != o.AmountPaise || (p.Currency != "" && p.Currency != o.Currency) {
		s.log.Error("billing: a payment does not match its order; not granted", "order", o.OrderNo, "payment", p.ID,
			"paid", p.Amount, "currency", p.Currency, "due", o.AmountPaise)
		return s.tx(ctx, func(tx *gorm.DB) error {
			return upsertPayment(tx, o.ID, p.ID, PaymentMismatch, p.Amount, p.Method, "amount or currency differs from the order", s.clock())
		})
	}
	return s.grant(ctx, o.ID, paid{PaymentID: p.ID, Method: p.Method, AmountPaise: p.Amount, Source: "webhook"})
}

// grant marks order id paid by pay and, in the same transaction, records
// the payment, counts its coupon use, starts or renews the subscription,
// numbers the invoice and records "plan activated". The conditional UPDATE
// makes it happen once: a second call (the other path, a retry) finds the
// order paid and only completes the payment row.
func (s *Service) grant(ctx context.Context, id uint64, pay paid) error {
	var o orderRow
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&o).Error; err != nil {
		return err
	}
	var buyer Buyer
	if o.ProfileID != nil {
		b, err := s.buyers.Buyer(ctx, *o.ProfileID)
		if err != nil && apperr.KindOf(err) != apperr.NotFound {
			return err
		}
		buyer = b
	}
	granted := false
	err := s.tx(ctx, func(tx *gorm.DB) error {
		granted = false
		now := s.clock()
		if o.ProfileID != nil {
			// Two purchases of one member must not both renew the same plan.
			if err := lockMember(tx, *o.ProfileID); err != nil {
				return err
			}
		}
		res := tx.Model(&orderRow{}).Where("id = ? AND status IN ?", id, []string{OrderCreated, OrderFailed, OrderExpired}).
			Updates(map[string]any{"status": OrderPaid, "payment_id": pay.PaymentID, "method": pay.Method, "paid_at": now,
				"failure_reason": "", "updated_at": now})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			var cur orderRow
			if err := tx.Where("id = ?", id).Take(&cur).Error; err != nil {
				return err
			}
			if cur.PaymentID != "" && cur.PaymentID != pay.PaymentID {
				s.log.Error("billing: a second payment for an order already paid; refund it", "order", cur.OrderNo, "payment", pay.PaymentID)
				return upsertPayment(tx, id, pay.PaymentID, PaymentDuplicate, pay.AmountPaise, pay.Method, "", now)
			}
			if pay.Method != "" && cur.Method == "" {
				if err := tx.Model(&orderRow{}).Where("id = ?", id).Update("method", pay.Method).Error; err != nil {
					return err
				}
			}
			return upsertPayment(tx, id, pay.PaymentID, PaymentCaptured, pay.AmountPaise, pay.Method, "", now)
		}
		granted = true
		if err := upsertPayment(tx, id, pay.PaymentID, PaymentCaptured, pay.AmountPaise, pay.Method, "", now); err != nil {
			return err
		}
		if err := retakeCoupon(tx, id, now); err != nil {
			return err
		}
		if o.ProfileID == nil { // paid after the buyer deleted the account: kept for the books, granted to nobody
			return s.issueInvoice(tx, &o, buyer, now)
		}
		sub, err := s.subscribe(tx, &o, now)
		if err != nil {
			return err
		}
		if err := s.issueInvoice(tx, &o, buyer, now); err != nil {
			return err
		}
		_, err = s.events.Record(tx, event.Event{Kind: event.PlanActivated, Recipient: *o.ProfileID,
			Detail: o.PlanName + "|" + dates.Day(sub.ExpiresAt) + "|" + o.OrderNo, DedupeKey: "plan:" + o.OrderNo})
		return err
	})
	if err == nil && granted {
		s.log.Info("billing: plan granted", "order", o.OrderNo, "plan", o.PlanName, "via", pay.Source)
	}
	return err
}

// lockMember serialises one member's plan changes: a no-op UPDATE of the
// profile row takes its row lock on MySQL and the write lock on SQLite.
func lockMember(tx *gorm.DB, member uint64) error {
	return tx.Exec("UPDATE profiles SET updated_at = updated_at WHERE id = ?", member).Error
}

// upsertPayment records gateway payment paymentID of order in state status
// (a redelivery updates the row; a captured payment is never set back).
func upsertPayment(tx *gorm.DB, order uint64, paymentID, status string, amount int64, method, failure string, now time.Time) error {
	if paymentID == "" {
		return nil
	}
	var rows []struct {
		ID     uint64
		Status string
	}
	if err := tx.Table("payments").Select("id, status").Where("gateway_payment_id = ?", paymentID).Limit(1).Scan(&rows).Error; err != nil {
		return err
	}
	if len(rows) == 0 {
		return tx.Exec(`INSERT INTO payments (order_id, gateway_payment_id, status, amount_paise, method, error, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, order, paymentID, status, amount, method, failure, now, now).Error
	}
	if rows[0].Status == status || (status == PaymentFailed && rows[0].Status != PaymentAuthorized) {
		return nil
	}
	updates := map[string]any{"status": status, "updated_at": now}
	if method != "" {
		updates["method"] = method
	}
	return tx.Table("payments").Where("id = ?", rows[0].ID).Updates(updates).Error
}

// failed marks an unpaid order failed with the gateway's reason (a retry on
// the same order may still pay it).
func (s *Service) failed(ctx context.Context, p *razorpay.Payment) error {
	o, err := s.byGatewayOrder(s.db.WithContext(ctx), p.OrderID)
	if err != nil || o == nil {
		return err
	}
	reason := p.ErrorDescription
	if reason == "" {
		reason = "The payment did not go through"
	}
	if len(reason) > 250 {
		reason = reason[:250]
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		now := s.clock()
		if err := upsertPayment(tx, o.ID, p.ID, PaymentFailed, p.Amount, p.Method, reason, now); err != nil {
			return err
		}
		return tx.Model(&orderRow{}).Where("id = ? AND status IN ?", o.ID, []string{OrderCreated, OrderFailed}).
			Updates(map[string]any{"status": OrderFailed, "failure_reason": reason, "updated_at": now}).Error
	})
}

// refunded records a processed refund; when the payment that paid the order
// is refunded in full, the order is refunded and its plan ends.
func (s *Service) refunded(ctx context.Context, r *razorpay.Refund, p *razorpay.Payment) error {
	db := s.db.WithContext(ctx)
	o, err := s.byPayment(db, r.PaymentID)
	if err != nil {
		return err
	}
	if o == nil {
		s.log.Info("billing: refund of a payment this service does not know", "payment", r.PaymentID)
		return nil
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		now := s.clock()
		var pr struct {
			ID            uint64
			AmountPaise   int64
			RefundedPaise int64
		}
		if err := tx.Table("payments").Select("id, amount_paise, refunded_paise").Where("gateway_payment_id = ?", r.PaymentID).Take(&pr).Error; err != nil {
			return err
		}
		total := pr.RefundedPaise + r.Amount
		if p != nil && p.ID == r.PaymentID && p.AmountRefunded > 0 {
			total = p.AmountRefunded // the gateway's own running total, right even when refunds arrive out of order
		}
		total = max(total, pr.RefundedPaise)
		status := PaymentPartiallyRefunded
		if total >= pr.AmountPaise {
			status = PaymentRefunded
		}
		if err := tx.Table("payments").Where("id = ?", pr.ID).
			Updates(map[string]any{"refunded_paise": total, "status": status, "updated_at": now}).Error; err != nil {
			return err
		}
		if status != PaymentRefunded || o.PaymentID != r.PaymentID {
			return nil // a partial refund keeps the plan; a refunded duplicate never granted one
		}
		return s.endOrder(tx, o, "refunded", now)
	})
}

// endOrder marks a paid or disputed order refunded and ends its plan.
func (s *Service) endOrder(tx *gorm.DB, o *orderRow, why string, now time.Time) error {
	res := tx.Model(&orderRow{}).Where("id = ? AND status IN ?", o.ID, []string{OrderPaid, OrderDisputed}).
		Updates(map[string]any{"status": OrderRefunded, "updated_at": now})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	if err := endSubscription(tx, o.ID, now); err != nil {
		return err
	}
	return s.planEnded(tx, o, why)
}

// planEnded tells the buyer their plan ended or is on hold.
func (s *Service) planEnded(tx *gorm.DB, o *orderRow, why string) error {
	if o.ProfileID == nil {
		return nil
	}
	_, err := s.events.Record(tx, event.Event{Kind: event.PlanEnded, Recipient: *o.ProfileID,
		Detail: o.PlanName + "|" + why + "|" + o.OrderNo, DedupeKey: "planend:" + why + ":" + o.OrderNo})
	return err
}

// disputed follows a dispute on the payment that paid an order: opened, the
// order is disputed and its plan on hold; won or closed, both come back; lost,
// the order is refunded and the plan ends.
func (s *Service) disputed(ctx context.Context, name, paymentID string) error {
	o, err := s.byPayment(s.db.WithContext(ctx), paymentID)
	if err != nil {
		return err
	}
	if o == nil || o.PaymentID != paymentID {
		return nil
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		now := s.clock()
		switch name {
		case razorpay.EventDisputeCreated:
			res := tx.Model(&orderRow{}).Where("id = ? AND status = ?", o.ID, OrderPaid).Updates(map[string]any{"status": OrderDisputed, "updated_at": now})
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			if err := tx.Table("payments").Where("gateway_payment_id = ?", paymentID).Updates(map[string]any{"status": PaymentDisputed, "updated_at": now}).Error; err != nil {
				return err
			}
			if err := tx.Table("subscriptions").Where("order_id = ? AND status = ?", o.ID, SubActive).
				Updates(map[string]any{"status": SubOnHold}).Error; err != nil {
				return err
			}
			return s.planEnded(tx, o, SubOnHold)
		case razorpay.EventDisputeWon, razorpay.EventDisputeClosed:
			res := tx.Model(&orderRow{}).Where("id = ? AND status = ?", o.ID, OrderDisputed).Updates(map[string]any{"status": OrderPaid, "updated_at": now})
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			if err := tx.Table("payments").Where("gateway_payment_id = ?", paymentID).Updates(map[string]any{"status": PaymentCaptured, "updated_at": now}).Error; err != nil {
				return err
			}
			return tx.Table("subscriptions").Where("order_id = ? AND status = ?", o.ID, SubOnHold).Updates(map[string]any{"status": SubActive}).Error
		case razorpay.EventDisputeLost:
			if err := tx.Table("payments").Where("gateway_payment_id = ?", paymentID).Updates(map[string]any{"status": PaymentRefunded, "updated_at": now}).Error; err != nil {
				return err
			}
			return s.endOrder(tx, o, "lost", now)
		}
		return nil
	})
}

// subscribe starts the plan order o bought, at now: a renewal when the
// member holds a running plan (its remaining days and unused contact views
// carry forward, the unbroken period goes on, the old row becomes renewed).
func (s *Service) subscribe(tx *gorm.DB, o *orderRow, now time.Time) (*subRow, error) {
	member := *o.ProfileID
	cur, err := current(tx, member, now)
	if err != nil {
		return nil, err
	}
	sub := map[string]any{"profile_id": member, "plan_id": o.PlanID, "order_id": o.ID, "status": SubActive, "starts_at": now,
		"expires_at": now.AddDate(0, o.PlanMonths, 0), "period_start": now, "contact_views_total": o.ContactViews,
		"contact_views_used": 0, "prev_contact_view_pending": 0, "created_at": now}
	if cur != nil {
		e := cur.entitlements()
		sub["expires_at"] = cur.ExpiresAt.UTC().AddDate(0, o.PlanMonths, 0)
		sub["period_start"] = e.PeriodStart
		sub["prev_contact_view_pending"] = e.ContactViewsLeft
		sub["renewed_from_id"] = cur.ID
		if err := tx.Table("subscriptions").Where("id = ?", cur.ID).Updates(map[string]any{"status": SubRenewed, "ended_at": now}).Error; err != nil {
			return nil, err
		}
	}
	if err := tx.Table("subscriptions").Create(sub).Error; err != nil {
		return nil, err
	}
	return &subRow{ExpiresAt: sub["expires_at"].(time.Time)}, nil
}

// endSubscription ends the subscription order bought, at now. When it had
// renewed a plan that would still run, that plan comes back, with the
// contact views the renewal carried forward and spent taken off it. When it
// had itself been renewed, the renewal loses the days and views it carried
// from it.
func endSubscription(tx *gorm.DB, order uint64, now time.Time) error {
	var rows []subRow
	if err := tx.Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").Select(subColumns).
		Where("s.order_id = ?", order).Order("s.id DESC").Limit(1).Scan(&rows).Error; err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	sub := rows[0]
	switch sub.Status {
	case SubActive, SubOnHold:
		if err := tx.Table("subscriptions").Where("id = ?", sub.ID).Updates(map[string]any{"status": SubRefunded, "ended_at": now}).Error; err != nil {
			return err
		}
		if sub.RenewedFromID == nil {
			return nil
		}
		spent := min(sub.ContactViewsUsed, sub.PrevContactViewPending)
		return tx.Exec("UPDATE subscriptions SET status = ?, ended_at = NULL, contact_views_used = contact_views_used + ? WHERE id = ? AND status = ? AND expires_at > ?",
			SubActive, spent, *sub.RenewedFromID, SubRenewed, now).Error
	case SubRenewed:
		if err := tx.Table("subscriptions").Where("id = ?", sub.ID).Update("status", SubRefunded).Error; err != nil {
			return err
		}
		var next []subRow
		if err := tx.Table("subscriptions s").Joins("JOIN plans pl ON pl.id = s.plan_id").Select(subColumns).
			Where("s.renewed_from_id = ?", sub.ID).Limit(1).Scan(&next).Error; err != nil {
			return err
		}
		if len(next) == 0 {
			return nil
		}
		n := next[0]
		expires := n.ExpiresAt
		if inherited := sub.ExpiresAt.Sub(n.StartsAt); inherited > 0 {
			expires = n.ExpiresAt.Add(-inherited)
			if expires.Before(now) {
				expires = now
			}
		}
		return tx.Table("subscriptions").Where("id = ?", n.ID).Updates(map[string]any{"expires_at": expires,
			"prev_contact_view_pending": max(0, n.PrevContactViewPending-sub.ContactViewsTotal)}).Error
	}
	return nil
}
