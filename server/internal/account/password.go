package account

import (
	"errors"

	"golang.org/x/crypto/bcrypt"
)

// BcryptCost is the work factor for member passwords (issue 3: at least 12).
const BcryptCost = 12

// ErrPasswordTooLong is returned by HashPassword for input over bcrypt's 72-byte limit,
// which bcrypt would otherwise silently truncate.
var ErrPasswordTooLong = errors.New("account: password longer than 72 bytes")

// HashPassword hashes p with bcrypt at cost (BcryptCost when cost is 0).
func HashPassword(p string, cost int) (string, error) {
	if len(p) > 72 {
		return "", ErrPasswordTooLong
	}
	h, err := bcrypt.GenerateFromPassword([]byte(p), costOrDefault(cost))
	return string(h), err
}

// CheckPassword reports whether p matches hash; over-long input never matches.
func CheckPassword(hash, p string) bool {
	if len(p) > 72 {
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(p)) == nil
}

// costOrDefault gives BcryptCost for 0 and never less than bcrypt.MinCost.
func costOrDefault(c int) int {
	if c == 0 {
		return BcryptCost
	}
	return max(c, bcrypt.MinCost)
}
