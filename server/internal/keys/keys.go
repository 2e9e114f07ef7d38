// Package keys derives purpose-specific keys from the server secret
// (JWT_SECRET), so that a key leaked from one use (an unsubscribe link, a
// sealed TOTP secret) says nothing about another, and one secret is all an
// operator keeps.
package keys

import (
	"crypto/hmac"
	"crypto/sha256"
)

// Derive returns HMAC-SHA256(secret, "tfm/" + purpose): 32 bytes that depend
// on both. Purposes name their area first ("account/refresh", "admin/totp-seal").
func Derive(secret []byte, purpose string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("tfm/" + purpose))
	return m.Sum(nil)
}
