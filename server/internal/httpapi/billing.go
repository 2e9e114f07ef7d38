package httpapi

import (
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
)

// maxWebhookBody caps a gateway webhook; Razorpay's events are a few kB.
const maxWebhookBody = 256 << 10

// billingRoutes mounts spec §7 "Plans and payments" (create-payment,
// payment/{id}, payment/filter), coupon/isValid, generate/invoice/{id}, the
// contact views (profile/partner/contact-view/{id}, list-of-contactview),
// our plans/quote, and the gateway's webhook.
func (h *handlers) billingRoutes(v1 *gin.RouterGroup) {
	m := h.requireMember
	// Pricing asks nothing secret, but each answer reads the database: keep guessers slow.
	quotes := rateLimit(h.Limiter, "quote", 60, time.Minute)
	v1.POST("/plans/quote", quotes, h.optionalMember, h.quote(false))
	v1.POST("/coupon/isValid", quotes, h.optionalMember, h.quote(true))
	v1.POST("/create-payment", m, rateLimit(h.Limiter, "checkout", 20, time.Hour), h.createPayment)
	v1.POST("/payment/filter", m, h.orders)
	v1.POST("/payment/webhook", h.paymentWebhook)
	v1.GET("/payment/:id", m, h.order)
	v1.POST("/payment/:id", m, h.confirmPayment)
	v1.GET("/generate/invoice/:id", m, h.invoice)
	v1.POST("/profile/partner/contact-view/:id", m, rateLimit(h.Limiter, "contact-view", 60, time.Hour), h.viewContact)
	v1.GET("/list-of-contactview", m, h.contactViews)
}

// POST /api/v1/plans/quote and /api/v1/coupon/isValid {plan, coupon} (anyone;
// a member gets the GST split and the renewal): the price of a plan with a
// coupon; coupon/isValid needs the coupon.
func (h *handlers) quote(couponRequired bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		var in struct {
			Plan   string `json:"plan"`
			Coupon string `json:"coupon"`
		}
		if !bindJSON(c, &in) {
			return
		}
		if couponRequired && in.Coupon == "" {
			Fail(c, apperr.Validation(map[string]string{"coupon": billing.MsgInvalidCoupon}, "coupon"))
			return
		}
		var member uint64
		if p := principal(c); p != nil {
			member = p.ProfileID
		}
		q, err := h.Billing.Quote(c.Request.Context(), member, in.Plan, in.Coupon)
		if err != nil {
			Fail(c, err)
			return
		}
		noStore(c)
		msg := "OK"
		if couponRequired {
			msg = "Coupon applied"
		}
		OK(c, msg, q)
	}
}

// POST /api/v1/create-payment {plan, coupon} (member): the order, priced on
// the server, and what the checkout opens with.
func (h *handlers) createPayment(c *gin.Context) {
	var in struct {
		Plan   string `json:"plan"`
		Coupon string `json:"coupon"`
	}
	if !bindJSON(c, &in) {
		return
	}
	out, err := h.Billing.Checkout(c.Request.Context(), principal(c).ProfileID, in.Plan, in.Coupon)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "Order created", out)
}

// POST /api/v1/payment/{id} {razorpay_payment_id, razorpay_order_id,
// razorpay_signature} (member, the buyer): the checkout callback.
func (h *handlers) confirmPayment(c *gin.Context) {
	var in billing.PaymentProof
	if !bindJSON(c, &in) {
		return
	}
	o, err := h.Billing.ConfirmPayment(c.Request.Context(), principal(c).ProfileID, c.Param("id"), in)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "Payment received", o)
}

// GET /api/v1/payment/{id} (member, the buyer): one order.
func (h *handlers) order(c *gin.Context) {
	o, err := h.Billing.Order(c.Request.Context(), principal(c).ProfileID, c.Param("id"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", o)
}

// POST /api/v1/payment/filter {skip, limit, status} (member): My Orders.
func (h *handlers) orders(c *gin.Context) {
	var in struct {
		Skip   int    `json:"skip"`
		Limit  int    `json:"limit"`
		Status string `json:"status"`
	}
	if !bindJSON(c, &in) {
		return
	}
	pg, err := h.Billing.Orders(c.Request.Context(), principal(c).ProfileID, in.Status, in.Skip, in.Limit)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", pg)
}

// POST /api/v1/payment/webhook (the gateway, server to server): the raw body
// is verified against X-Razorpay-Signature before anything is read from it;
// a refusal is logged without the body.
func (h *handlers) paymentWebhook(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody+1))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || len(body) > maxWebhookBody {
		Fail(c, apperr.New(apperr.TooLarge, msgBodyTooLarge))
		return
	}
	if err != nil {
		Fail(c, apperr.Wrap(apperr.BadRequest, msgBadJSON, err))
		return
	}
	err = h.Billing.HandleWebhook(c.Request.Context(), body, c.GetHeader("X-Razorpay-Signature"), c.GetHeader("X-Razorpay-Event-Id"))
	if err != nil {
		if apperr.KindOf(err) == apperr.BadRequest {
			slog.WarnContext(c.Request.Context(), "payment webhook refused", "reason", err.Error(), "bytes", len(body),
				"event_id", c.GetHeader("X-Razorpay-Event-Id"), "request_id", c.GetString(requestIDKey))
		}
		Fail(c, err)
		return
	}
	OK(c, "OK", gin.H{"status": "ok"})
}

// GET /api/v1/generate/invoice/{id} (member, the buyer): the invoice PDF.
func (h *handlers) invoice(c *gin.Context) {
	inv, err := h.Billing.InvoicePDF(c.Request.Context(), principal(c).ProfileID, c.Param("id"))
	if err != nil {
		Fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": inv.FileName}))
	c.Header("Content-Length", strconv.Itoa(len(inv.PDF)))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "application/pdf", inv.PDF)
}

// POST /api/v1/profile/partner/contact-view/{id} (member): the full phone and
// e-mail, spending one contact view unless already seen in this plan period.
func (h *handlers) viewContact(c *gin.Context) {
	p := principal(c)
	out, err := h.Profiles.ViewContact(c.Request.Context(), p.ProfileID, c.Param("id"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	msg := "Contact details"
	if out.Charged {
		msg = "Contact details unlocked with one contact view"
	}
	OK(c, msg, out)
}

// GET /api/v1/list-of-contactview?skip&limit (member): whose contact I viewed.
func (h *handlers) contactViews(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	p := principal(c)
	pg, err := h.Profiles.ContactViews(c.Request.Context(), p.ProfileID, p.ProfileCode, skip, limit)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", pg)
}
