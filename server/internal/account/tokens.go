package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/keys"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Token lifetimes.
const (
	AccessTTL  = 15 * time.Minute
	RefreshTTL = 30 * 24 * time.Hour
	// SessionMaxAge is a session's absolute lifetime: 90 days after the
	// login that opened it, a refresh fails however recently it was used.
	SessionMaxAge = 90 * 24 * time.Hour
	ActivationTTL = 48 * time.Hour
	ResetTTL      = time.Hour
)

// Messages for session failures.
const (
	MsgBadToken       = "Please log in again"
	MsgTokenExpired   = "Token expired"
	MsgSessionEnded   = "Your session has ended, please log in again"
	MsgLinkInvalid    = "This link is invalid or has expired"
	MsgBadCredentials = "Invalid email or password"
)

// Principal is the authenticated caller behind a valid access token.
type Principal struct {
	UserID      uint64
	ProfileID   uint64 // internal profiles.id
	ProfileCode string // public profile id, e.g. "TM4821937"
	SessionID   string // the refresh-token family this access token belongs to
	// ExpiresAt is when the access token expires; long-lived connections
	// (the chat socket) must be re-authenticated before then.
	ExpiresAt time.Time
}

// accessClaims are the claims of an access token.
type accessClaims struct {
	ProfileCode string `json:"pid"`
	Version     int    `json:"ver"`
	Type        string `json:"typ"`
	Session     string `json:"sid"`
	jwt.RegisteredClaims
}

// randomToken returns n random bytes, base64url-encoded without padding.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// sha256Hex is how opaque tokens are stored: a leaked table cannot be replayed.
func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// subkey derives a purpose-specific key from the server secret.
func subkey(secret []byte, purpose string) []byte { return keys.Derive(secret, "account/"+purpose) }

// issueAccess signs an HS256 access token for the user.
func (s *Service) issueAccess(userID uint64, profileCode string, version int, session string) (string, error) {
	now := s.now()
	c := accessClaims{
		ProfileCode: profileCode, Version: version, Type: "access", Session: session,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   strconv.FormatUint(userID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(AccessTTL)),
			ID:        randomToken(12),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.jwtKey)
}

// Authenticate verifies an access token and returns its principal. An expired
// but otherwise genuine access token gives apperr.TokenExpired (HTTP 400 /
// meta 1005, spec §8); anything else wrong gives apperr.Unauthorized: another
// algorithm (including "none"), another key, a non-access type, a stale
// token version (password changed, banned), a logged-out session, a deleted user.
func (s *Service) Authenticate(ctx context.Context, token string) (*Principal, error) {
	var c accessClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.jwtKey, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithTimeFunc(s.now), jwt.WithExpirationRequired(), jwt.WithIssuedAt())
	switch {
	case err == nil:
	case errors.Is(err, jwt.ErrTokenExpired) && c.Type == "access" && !errors.Is(err, jwt.ErrTokenSignatureInvalid):
		// jwt/v5 checks the signature before the claims, so an expiry error means the signature was good.
		return nil, apperr.Wrap(apperr.TokenExpired, MsgTokenExpired, err)
	default:
		return nil, apperr.Wrap(apperr.Unauthorized, MsgBadToken, err)
	}
	if c.Type != "access" || c.Session == "" {
		return nil, apperr.New(apperr.Unauthorized, MsgBadToken)
	}
	uid, err := strconv.ParseUint(c.Subject, 10, 64)
	if err != nil {
		return nil, apperr.New(apperr.Unauthorized, MsgBadToken)
	}
	var row struct {
		Status       string
		TokenVersion int
		ProfileID    uint64
		ProfileCode  string
		Live         int64
	}
	res := s.db.WithContext(ctx).Raw(`SELECT u.status, u.token_version, p.id AS profile_id, p.profile_code,
		(SELECT COUNT(*) FROM refresh_tokens r WHERE r.family_id = ? AND r.user_id = u.id AND r.revoked_at IS NULL) AS live
		FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`, c.Session, uid).Scan(&row)
	if res.Error != nil {
		return nil, store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 || row.Status != StatusActive || row.TokenVersion != c.Version || row.Live == 0 || row.ProfileCode != c.ProfileCode {
		return nil, apperr.New(apperr.Unauthorized, MsgSessionEnded)
	}
	return &Principal{UserID: uid, ProfileID: row.ProfileID, ProfileCode: row.ProfileCode, SessionID: c.Session, ExpiresAt: c.ExpiresAt.Time}, nil
}

// refreshRow is one refresh token (a member of a family).
type refreshRow struct {
	ID        uint64
	UserID    uint64
	FamilyID  string
	TokenHash string
	ExpiresAt time.Time
	RotatedAt *time.Time
	RevokedAt *time.Time
	CreatedAt time.Time
	// FamilyStartedAt is when the session (the family) began: its login.
	FamilyStartedAt *time.Time
}

func (refreshRow) TableName() string { return "refresh_tokens" }

// startedAt is when r's session began; rows without the column's value count from their own creation.
func (r refreshRow) startedAt() time.Time {
	if r.FamilyStartedAt != nil {
		return *r.FamilyStartedAt
	}
	return r.CreatedAt
}

// newRefresh stores a new refresh token in family (a new family, begun now,
// when empty; started is then ignored) and returns it. A token never
// outlives its session's absolute lifetime (SessionMaxAge).
func (s *Service) newRefresh(tx *gorm.DB, userID uint64, family string, started time.Time) (token, fam string, err error) {
	now := s.now()
	if family == "" {
		family = randomToken(16)[:22]
		started = now
	}
	token = randomToken(32)
	exp := now.Add(RefreshTTL)
	if end := started.Add(SessionMaxAge); end.Before(exp) {
		exp = end
	}
	r := refreshRow{UserID: userID, FamilyID: family, TokenHash: sha256Hex(token), ExpiresAt: exp, CreatedAt: now, FamilyStartedAt: &started}
	if err := tx.Create(&r).Error; err != nil {
		return "", "", err
	}
	return token, family, nil
}

// revokeFamilies revokes the given family, or every family of userID when family is "".
func (s *Service) revokeFamilies(tx *gorm.DB, userID uint64, family string) error {
	q := tx.Model(&refreshRow{}).Where("revoked_at IS NULL")
	if family != "" {
		q = q.Where("family_id = ?", family)
	} else {
		q = q.Where("user_id = ?", userID)
	}
	return q.Update("revoked_at", s.now()).Error
}

// Action token purposes.
const (
	PurposeActivate = "activate"
	PurposeReset    = "reset"
)

// actionRow is a single-use e-mailed link token.
type actionRow struct {
	ID        uint64
	UserID    uint64
	Purpose   string
	TokenHash string
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

func (actionRow) TableName() string { return "action_tokens" }

// newAction replaces any unused token of purpose for the user with a new one and returns it.
func (s *Service) newAction(ctx context.Context, userID uint64, purpose string, ttl time.Duration) (string, error) {
	token := randomToken(32)
	now := s.now()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id = ? AND purpose = ?", userID, purpose).Delete(&actionRow{}).Error; err != nil {
			return err
		}
		return tx.Create(&actionRow{UserID: userID, Purpose: purpose, TokenHash: sha256Hex(token), ExpiresAt: now.Add(ttl), CreatedAt: now}).Error
	})
	return token, err
}

// useAction consumes a token of purpose inside tx and returns its user; it fails
// with apperr.Invalid when the token is unknown, used, expired or for another purpose.
func (s *Service) useAction(tx *gorm.DB, token, purpose string) (uint64, error) {
	var r actionRow
	res := tx.Where("token_hash = ? AND purpose = ?", sha256Hex(token), purpose).Limit(1).Find(&r)
	if res.Error != nil {
		return 0, res.Error
	}
	now := s.now()
	if res.RowsAffected == 0 || r.UsedAt != nil || !now.Before(r.ExpiresAt) {
		return 0, apperr.New(apperr.Invalid, MsgLinkInvalid)
	}
	// The conditional update makes two concurrent uses of the same link fail for one of them.
	upd := tx.Model(&actionRow{}).Where("id = ? AND used_at IS NULL", r.ID).Update("used_at", now)
	if upd.Error != nil {
		return 0, upd.Error
	}
	if upd.RowsAffected != 1 {
		return 0, apperr.New(apperr.Invalid, MsgLinkInvalid)
	}
	return r.UserID, nil
}
