package billing

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net/url"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/platform/razorpay"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Gateway is the payment gateway: Razorpay in production, its local
// stand-in (razorpay.TestGateway) in dev and tests. Both sign and verify
// with the same code.
type Gateway interface {
	// Name is "razorpay" or "test"; the client opens the matching checkout.
	Name() string
	// KeyID is the public key the checkout opens with.
	KeyID() string
	// CreateOrder creates the gateway's order for an amount the server priced.
	CreateOrder(ctx context.Context, r razorpay.OrderRequest) (razorpay.Order, error)
	// VerifyPayment checks the checkout's signature over order_id|payment_id.
	VerifyPayment(orderID, paymentID, signature string) bool
	// VerifyWebhook checks a webhook's signature over its raw body.
	VerifyWebhook(body []byte, signature string) bool
	// CheckoutURL is the stand-in's checkout page for an order ("" for Razorpay's checkout.js).
	CheckoutURL(gatewayOrderID, returnPath string) string
}

// Buyer is what an invoice and the checkout's prefill say about a member.
type Buyer struct {
	Name  string
	Email string
	Phone string // with the country code, "+91 98470 12345"
	State string // the state of their profile ("" when not given): the place of supply
}

// Buyers looks members up for invoices (package profile owns the rows).
type Buyers interface {
	// Buyer returns the member's name, e-mail, phone and state; NotFound when there is no such member.
	Buyer(ctx context.Context, profileID uint64) (Buyer, error)
}

// Seller is the business on the invoices.
type Seller struct {
	Name  string   // legal name, "TFM Matrimony Private Limited"
	Lines []string // address lines
	State string   // "Tamil Nadu": a buyer there pays CGST and SGST, elsewhere IGST
	GSTIN string
}

// Deps is what the billing service needs; DB, Gateway and Buyers are required.
type Deps struct {
	DB      *store.DB
	Gateway Gateway
	Buyers  Buyers
	// Events records "plan activated" and "plan ended" in the grant's or the
	// refund's transaction; nil records none.
	Events *event.Outbox
	Seller Seller
	// Brand names the merchant in the checkout and on invoices ("TFM Matrimony").
	Brand string
	// InvoicePrefix heads invoice numbers ("TFM"); SAC is the services code printed on them.
	InvoicePrefix, SAC string
	Log                *slog.Logger
	Now                func() time.Time // the clock; time.Now when nil
}

// Service runs plans, checkout, payments, orders, invoices and contact views.
type Service struct {
	*Meter
	db     *store.DB
	gw     Gateway
	buyers Buyers
	events *event.Outbox
	invoicer
	brand string
	log   *slog.Logger
}

// New builds the billing service; it fails when a required dependency is missing.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Gateway == nil || d.Buyers == nil {
		return nil, errors.New("billing: DB, Gateway and Buyers are required")
	}
	s := &Service{Meter: NewMeter(d.DB, d.Now), db: d.DB, gw: d.Gateway, buyers: d.Buyers, events: d.Events,
		invoicer: newInvoicer(InvoiceSettings{Seller: d.Seller, Prefix: d.InvoicePrefix, SAC: d.SAC}), brand: d.Brand, log: d.Log}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.brand == "" {
		s.brand = "TFM Matrimony"
	}
	return s, nil
}

// DefaultSAC is the services accounting code printed on invoices when none
// is configured: 999799, "other services n.e.c." (personal services such as
// matchmaking); an accountant should confirm it (INVOICE_SAC).
const DefaultSAC = "999799"

// GatewayName is the configured gateway's name ("razorpay" or "test").
func (s *Service) GatewayName() string { return s.gw.Name() }

// orderAlphabet spells order ids without look-alike characters (no 0/O, 1/I/L).
const orderAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newOrderNo makes a public order id, "TFM-7K3M9Q2X": short enough to read
// out on the phone to support, random so ids say nothing about volume.
func (s *Service) newOrderNo() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = orderAlphabet[int(c)%len(orderAlphabet)]
	}
	return s.prefix + "-" + string(out), nil
}

// returnPath is where the checkout sends the browser back: the client's
// callback screen for this order.
func returnPath(orderNo string) string {
	return "/plan-upgrade/callback?order=" + url.QueryEscape(orderNo)
}

func internal(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	return store.Translate(err, "", "")
}

// tx runs fn in a transaction, again when the database asks (a MySQL
// deadlock victim, a busy SQLite file).
func (s *Service) tx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return store.Retry(ctx, 5, func() error { return s.db.WithContext(ctx).Transaction(fn) })
}
