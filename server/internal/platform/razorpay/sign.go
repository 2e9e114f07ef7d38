package razorpay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// PaymentSignature is what Razorpay Checkout hands back as razorpay_signature:
// hex(HMAC-SHA256(key_secret, order_id + "|" + payment_id)).
func PaymentSignature(keySecret, orderID, paymentID string) string {
	return hex.EncodeToString(paymentMAC(keySecret, orderID, paymentID))
}

// WebhookSignature is what Razorpay sends as X-Razorpay-Signature:
// hex(HMAC-SHA256(webhook_secret, raw body)).
func WebhookSignature(webhookSecret string, body []byte) string {
	return hex.EncodeToString(mac(webhookSecret, body))
}

// VerifyPaymentSignature reports whether signature is PaymentSignature(keySecret, orderID, paymentID),
// compared in constant time; an empty secret, id or signature never verifies.
func VerifyPaymentSignature(keySecret, orderID, paymentID, signature string) bool {
	if keySecret == "" || orderID == "" || paymentID == "" {
		return false
	}
	got, ok := decodeSignature(signature)
	return ok && hmac.Equal(got, paymentMAC(keySecret, orderID, paymentID))
}

// VerifyWebhookSignature reports whether signature is WebhookSignature(webhookSecret, body),
// compared in constant time; body must be the raw request body, never a re-encoded one.
func VerifyWebhookSignature(webhookSecret string, body []byte, signature string) bool {
	if webhookSecret == "" {
		return false
	}
	got, ok := decodeSignature(signature)
	return ok && hmac.Equal(got, mac(webhookSecret, body))
}

func paymentMAC(keySecret, orderID, paymentID string) []byte {
	return mac(keySecret, []byte(orderID+"|"+paymentID))
}

func mac(secret string, msg []byte) []byte {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write(msg)
	return h.Sum(nil)
}

// decodeSignature accepts exactly 64 lower-case hex digits, the only form
// Razorpay produces; anything else is a forgery or a mangled header, and
// refusing it before hmac.Equal keeps one canonical spelling per signature.
func decodeSignature(s string) ([]byte, bool) {
	if len(s) != 2*sha256.Size {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return nil, false
		}
	}
	b, err := hex.DecodeString(s)
	return b, err == nil
}
