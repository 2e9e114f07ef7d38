package app

import (
	"net/http"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/platform/razorpay"
)

// newBilling builds the billing service on Razorpay when its keys are
// configured, and on the local test gateway otherwise (config refuses that
// in production).
func (a *App) newBilling() (*billing.Service, error) {
	cfg := a.Cfg
	var gw billing.Gateway
	if cfg.TestPayments() {
		a.TestGateway = razorpay.NewTestGateway(razorpay.TestConfig{MerchantName: cfg.BrandName + " Matrimony", Log: a.Log,
			WebhookDelay: testWebhookDelay})
		gw = a.TestGateway
	} else {
		gw = razorpay.New(razorpay.Config{KeyID: cfg.RazorpayKeyID, KeySecret: cfg.RazorpayKeySecret, WebhookSecret: cfg.RazorpayWebhookSecret})
	}
	inv := a.invoiceSettings()
	return billing.New(billing.Deps{DB: a.DB, Gateway: gw, Buyers: a.Profiles, Events: a.Events, Log: a.Log,
		Brand: cfg.BrandName + " Matrimony", InvoicePrefix: inv.Prefix, SAC: inv.SAC, Seller: inv.Seller})
}

// invoiceSettings are the seller and numbering the configuration gives invoices.
func (a *App) invoiceSettings() billing.InvoiceSettings {
	cfg := a.Cfg
	return billing.InvoiceSettings{Prefix: cfg.InvoicePrefix, SAC: cfg.InvoiceSAC,
		Seller: billing.Seller{Name: cfg.SellerName, Lines: cfg.SellerAddress, State: cfg.SellerState, GSTIN: cfg.SellerGSTIN}}
}

// testWebhookDelay is how long the test gateway waits before its success
// webhooks, as Razorpay's arrive after the browser's callback: both paths
// run, and the grant must still happen once.
const testWebhookDelay = 300 * time.Millisecond

// devCheckout is the test gateway's checkout page, or nil with Razorpay.
func (a *App) devCheckout() http.Handler {
	if a.TestGateway == nil {
		return nil
	}
	return a.TestGateway.Handler()
}
