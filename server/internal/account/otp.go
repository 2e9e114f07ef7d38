package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// OTP rules (issue 3).
const (
	OTPDigits      = 6
	OTPTTL         = 10 * time.Minute
	OTPMaxAttempts = 5
)

// OTP purposes: a code for one purpose never works for another.
const (
	OTPLogin        = "login"
	OTPMobileVerify = "mobile_verify"
)

// OTPResult is the outcome of checking a code.
type OTPResult int

// The possible outcomes of OTPStore.Check.
const (
	OTPMissing OTPResult = iota // no live code: never sent, expired, used or locked
	OTPValid                    // the code matched and is now used up
	OTPWrong                    // the code did not match; attempts remain
	OTPLocked                   // the code did not match and that was the last attempt; the code is gone
)

// OTPStore keeps OTP digests (never the codes) with an expiry and an attempt count.
type OTPStore interface {
	// Save replaces whatever is stored under key with digest, expiring after ttl.
	Save(ctx context.Context, key string, digest []byte, ttl time.Duration) error
	// Check compares digest with the stored one: a match deletes it (OTPValid);
	// a mismatch counts an attempt (OTPWrong) and deletes it at maxAttempts (OTPLocked).
	Check(ctx context.Context, key string, digest []byte, maxAttempts int) (OTPResult, error)
	// Delete removes the given keys, if present.
	Delete(ctx context.Context, keys ...string) error
}

// newOTP returns a uniformly random 6-digit code from crypto/rand.
func newOTP() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%0*d", OTPDigits, n.Int64()), nil
}

// otpKey names the slot for a purpose and phone number; it is an HMAC so the
// store (Redis) never holds a phone number in clear.
func (s *Service) otpKey(purpose, phoneCode, phone string) string {
	m := hmac.New(sha256.New, s.otpSecret)
	m.Write([]byte("key|" + purpose + "|" + phoneCode + phone))
	return purpose + ":" + hex.EncodeToString(m.Sum(nil))[:40]
}

// otpDigest binds the code to its slot, so a digest is useless elsewhere.
func (s *Service) otpDigest(key, code string) []byte {
	m := hmac.New(sha256.New, s.otpSecret)
	m.Write([]byte("code|" + key + "|" + code))
	return m.Sum(nil)
}

// MemoryOTP is an in-process OTPStore for single-node setups and tests; safe for concurrent use.
type MemoryOTP struct {
	mu      sync.Mutex
	entries map[string]*otpEntry
	now     func() time.Time
	sweeps  int
}

type otpEntry struct {
	digest   []byte
	attempts int
	expires  time.Time
}

// NewMemoryOTP builds an in-process store; now may be nil for the wall clock.
func NewMemoryOTP(now func() time.Time) *MemoryOTP {
	if now == nil {
		now = time.Now
	}
	return &MemoryOTP{entries: map[string]*otpEntry{}, now: now}
}

// Save implements OTPStore.
func (m *MemoryOTP) Save(_ context.Context, key string, digest []byte, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if m.sweeps++; m.sweeps%256 == 0 {
		for k, e := range m.entries {
			if !now.Before(e.expires) {
				delete(m.entries, k)
			}
		}
	}
	m.entries[key] = &otpEntry{digest: append([]byte(nil), digest...), expires: now.Add(ttl)}
	return nil
}

// Check implements OTPStore.
func (m *MemoryOTP) Check(_ context.Context, key string, digest []byte, maxAttempts int) (OTPResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.entries[key]
	if e == nil || !m.now().Before(e.expires) {
		delete(m.entries, key)
		return OTPMissing, nil
	}
	if subtle.ConstantTimeCompare(e.digest, digest) == 1 {
		delete(m.entries, key)
		return OTPValid, nil
	}
	e.attempts++
	if e.attempts >= maxAttempts {
		delete(m.entries, key)
		return OTPLocked, nil
	}
	return OTPWrong, nil
}

// Delete implements OTPStore.
func (m *MemoryOTP) Delete(_ context.Context, keys ...string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, k := range keys {
		delete(m.entries, k)
	}
	return nil
}

// Len reports how many codes are stored (for tests and metrics).
func (m *MemoryOTP) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}

// RedisOTP is an OTPStore shared by every node through Redis; keys live under "tfm:otp:".
type RedisOTP struct{ rdb redis.UniversalClient }

// NewRedisOTP builds a Redis-backed store.
func NewRedisOTP(rdb redis.UniversalClient) *RedisOTP { return &RedisOTP{rdb: rdb} }

// RedisOTPPrefix prefixes every key RedisOTP writes.
const RedisOTPPrefix = "tfm:otp:"

// otpCheck compares and counts atomically: 0 missing, 1 valid, 2 wrong, 3 locked.
// Comparing HMAC digests in Lua leaks nothing useful through timing.
var otpCheck = redis.NewScript(`
local d = redis.call('HGET', KEYS[1], 'd')
if not d then return 0 end
if d == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
local a = redis.call('HINCRBY', KEYS[1], 'a', 1)
if a >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) return 3 end
return 2`)

// Save implements OTPStore.
func (r *RedisOTP) Save(ctx context.Context, key string, digest []byte, ttl time.Duration) error {
	k := RedisOTPPrefix + key
	_, err := r.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, k)
		p.HSet(ctx, k, "d", hex.EncodeToString(digest), "a", 0)
		p.PExpire(ctx, k, ttl)
		return nil
	})
	return err
}

// Check implements OTPStore.
func (r *RedisOTP) Check(ctx context.Context, key string, digest []byte, maxAttempts int) (OTPResult, error) {
	n, err := otpCheck.Run(ctx, r.rdb, []string{RedisOTPPrefix + key}, hex.EncodeToString(digest), maxAttempts).Int()
	if err != nil {
		return OTPMissing, err
	}
	return [...]OTPResult{OTPMissing, OTPValid, OTPWrong, OTPLocked}[n], nil
}

// Delete implements OTPStore.
func (r *RedisOTP) Delete(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	ks := make([]string, len(keys))
	for i, k := range keys {
		ks[i] = RedisOTPPrefix + k
	}
	return r.rdb.Del(ctx, ks...).Err()
}
