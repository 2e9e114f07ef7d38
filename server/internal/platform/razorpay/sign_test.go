package razorpay

import (
	"strings"
	"testing"
)

// Vectors from razorpay-go's documents/paymentVerification.md.
const (
	docKeySecret     = "EnLs21M47BllR3X8PSFtjtbd"
	docOrderID       = "order_IEIaMR65cu6nz3"
	docPaymentID     = "pay_IH4NVgf4Dreq1l"
	docPaymentSig    = "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f"
	docWebhookSecret = "123456"
	docWebhookSig    = "56df260ab4647b07b729b0b48d2a95b71de42f109884949e5ec387a2bb8b6919"
	docWebhookBody   = `{"entity":"event","account_id":"acc_HVFD0PFnHPAzKj","event":"payment.authorized","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_JUEM4c0pSLpFEW","entity":"payment","amount":12300,"currency":"INR","status":"authorized","order_id":"order_JUELuT6cFaHkvd","invoice_id":null,"international":false,"method":"netbanking","amount_refunded":0,"refund_status":null,"captured":false,"description":"#JUELZ1z1EC0pwi","card_id":null,"bank":"SBIN","wallet":null,"vpa":null,"email":"gaurav.kumar@example.com","contact":"+919999999999","notes":[],"fee":null,"tax":null,"error_code":null,"error_description":null,"error_source":null,"error_step":null,"error_reason":null,"acquirer_data":{"bank_transaction_id":"6416615"},"created_at":1652339804}}},"created_at":1652339806}`
)

func TestPaymentSignature(t *testing.T) {
	t.Run("OKDocumentedVector", func(t *testing.T) {
		if got := PaymentSignature(docKeySecret, docOrderID, docPaymentID); got != docPaymentSig {
			t.Fatalf("PaymentSignature = %s, want %s", got, docPaymentSig)
		}
		if !VerifyPaymentSignature(docKeySecret, docOrderID, docPaymentID, docPaymentSig) {
			t.Fatal("the documented signature does not verify")
		}
	})
	refused := map[string]struct{ secret, order, payment, sig string }{
		"ErrSwappedIDs":     {docKeySecret, docPaymentID, docOrderID, docPaymentSig},
		"ErrOtherOrder":     {docKeySecret, "order_IEIaMR65cu6nz4", docPaymentID, docPaymentSig},
		"ErrWrongSecret":    {"EnLs21M47BllR3X8PSFtjtbe", docOrderID, docPaymentID, docPaymentSig},
		"ErrUpperCaseHex":   {docKeySecret, docOrderID, docPaymentID, strings.ToUpper(docPaymentSig)},
		"ErrTruncated":      {docKeySecret, docOrderID, docPaymentID, docPaymentSig[:63]},
		"ErrHalfLength":     {docKeySecret, docOrderID, docPaymentID, docPaymentSig[:32]},
		"ErrTooLong":        {docKeySecret, docOrderID, docPaymentID, docPaymentSig + "00"},
		"ErrNotHex":         {docKeySecret, docOrderID, docPaymentID, "zz" + docPaymentSig[2:]},
		"ErrSpacePadded":    {docKeySecret, docOrderID, docPaymentID, " " + docPaymentSig[1:]},
		"ErrEmptySignature": {docKeySecret, docOrderID, docPaymentID, ""},
		"ErrEmptySecret":    {"", docOrderID, docPaymentID, PaymentSignature("", docOrderID, docPaymentID)},
		"ErrEmptyOrder":     {docKeySecret, "", docPaymentID, PaymentSignature(docKeySecret, "", docPaymentID)},
		"ErrEmptyPayment":   {docKeySecret, docOrderID, "", PaymentSignature(docKeySecret, docOrderID, "")},
	}
	for name, c := range refused {
		t.Run(name, func(t *testing.T) {
			if VerifyPaymentSignature(c.secret, c.order, c.payment, c.sig) {
				t.Fatal("verified")
			}
		})
	}
}

func TestWebhookSignature(t *testing.T) {
	body := []byte(docWebhookBody)
	t.Run("OKDocumentedVector", func(t *testing.T) {
		if got := WebhookSignature(docWebhookSecret, body); got != docWebhookSig {
			t.Fatalf("WebhookSignature = %s, want %s", got, docWebhookSig)
		}
		if !VerifyWebhookSignature(docWebhookSecret, body, docWebhookSig) {
			t.Fatal("the documented signature does not verify")
		}
	})
	t.Run("ErrOneByteChanged", func(t *testing.T) {
		for _, i := range []int{0, len(body) / 2, len(body) - 1} {
			changed := append([]byte(nil), body...)
			changed[i] ^= 1
			if VerifyWebhookSignature(docWebhookSecret, changed, docWebhookSig) {
				t.Fatalf("verified with byte %d changed", i)
			}
		}
	})
	t.Run("ErrReencodedBody", func(t *testing.T) {
		// A parsed-and-marshalled body differs from the raw one, so only the raw body verifies.
		spaced := []byte(strings.Replace(docWebhookBody, `"entity":"event",`, `"entity": "event",`, 1))
		if VerifyWebhookSignature(docWebhookSecret, spaced, docWebhookSig) {
			t.Fatal("verified a re-encoded body")
		}
	})
	refused := map[string]struct{ secret, sig string }{
		"ErrUpperCaseHex":   {docWebhookSecret, strings.ToUpper(docWebhookSig)},
		"ErrTruncated":      {docWebhookSecret, docWebhookSig[:62]},
		"ErrNotHex":         {docWebhookSecret, docWebhookSig[:63] + "g"},
		"ErrEmptySignature": {docWebhookSecret, ""},
		"ErrEmptySecret":    {"", WebhookSignature("", body)},
		"ErrWrongSecret":    {"1234567", docWebhookSig},
	}
	for name, c := range refused {
		t.Run(name, func(t *testing.T) {
			if VerifyWebhookSignature(c.secret, body, c.sig) {
				t.Fatal("verified")
			}
		})
	}
}
