// Package admin runs the back office's people and their trail (issue 21):
// admin accounts, separate from members; their login with a password and a
// second factor (TOTP, RFC 6238, any authenticator app) required for every
// role; their sessions; and the audit log of every admin action and every
// view of a member's private data. What an admin may do is package rbac's
// (Casbin); what the actions do belongs to the areas that own the rows
// (account, profile, relation, billing, content), which the HTTP layer calls.
//
// # Login
//
//	POST auth/login {email, password} ──▶ stage "totp" (or "enroll" the first time, with the
//	                                        authenticator's secret and QR code) and a stage token (5 minutes, once)
//	POST auth/totp {code} + stage token ──▶ a session token (8 hours; 30 idle minutes end it)
//
// Wrong passwords and codes are throttled per account and source exactly as
// a member's login (account.LoginBackoff); a code is accepted once (its time
// step is kept), so a code seen over a shoulder cannot be replayed.
package admin

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/keys"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Admin statuses.
const (
	StatusActive   = "active"
	StatusDisabled = "disabled"
)

// Session lifetimes.
const (
	StageTTL   = 5 * time.Minute  // between the password and the code
	SessionTTL = 8 * time.Hour    // a working day, then log in again
	IdleTTL    = 30 * time.Minute // no call for this long ends the session
)

// Messages an admin reads.
const (
	MsgInvalidLogin   = "Invalid email or password"
	MsgInvalidCode    = "Invalid code"
	MsgSessionEnded   = "Your admin session ended. Please log in again."
	MsgForbidden      = "You do not have permission to do this"
	MsgAdminNotFound  = "Admin not found"
	MsgEmailTaken     = "An admin with this e-mail already exists"
	MsgNeedRole       = "Choose at least one role"
	MsgSelfLockout    = "You cannot take away your own admin roles or disable yourself"
	MsgLastSuperadmin = "At least one active superadmin must remain"
)

// Deps is what the admin service needs; DB, RBAC and Secret are required.
type Deps struct {
	DB   *store.DB
	RBAC *rbac.Enforcer
	// Secret is the server secret; the key that seals TOTP secrets is derived from it.
	Secret []byte
	// Backoff counts wrong passwords and codes per account and source
	// (Redis when configured, shared by every node); in process when nil.
	Backoff ratelimit.Backoff
	// Issuer names the service in authenticator apps ("TFM Matrimony").
	Issuer string
	// PasswordCost is the bcrypt cost of admin passwords (12 unless a test lowers it).
	PasswordCost int
	Log          *slog.Logger
	Now          func() time.Time
}

// Service runs admin accounts, logins, sessions and the audit log.
type Service struct {
	db      *store.DB
	rbac    *rbac.Enforcer
	sealKey []byte
	guard   []byte
	bo      ratelimit.Backoff
	issuer  string
	cost    int
	log     *slog.Logger
	now     func() time.Time

	dummyOnce sync.Once
	dummy     []byte
	areas     Areas
}

// New builds the admin service.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.RBAC == nil || len(d.Secret) < 32 {
		return nil, errors.New("admin: DB, RBAC and a 32-byte Secret are required")
	}
	s := &Service{db: d.DB, rbac: d.RBAC, sealKey: keys.Derive(d.Secret, "admin/totp-seal"), guard: keys.Derive(d.Secret, "admin/login-guard"),
		bo: d.Backoff, issuer: d.Issuer, cost: d.PasswordCost, log: d.Log, now: d.Now}
	if s.bo == nil {
		s.bo = ratelimit.NewMemoryBackoff()
	}
	if s.issuer == "" {
		s.issuer = "TFM Matrimony"
	}
	if s.cost == 0 {
		s.cost = 12
	}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// RBAC is the enforcer the service decides with.
func (s *Service) RBAC() *rbac.Enforcer { return s.rbac }

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// Principal is the admin making a request.
type Principal struct {
	AdminID   uint64
	Email     string
	Name      string
	SessionID uint64
	IP        string
}

// Allowed reports whether p holds permission perm (an error is never a yes).
func (s *Service) Allowed(ctx context.Context, p *Principal, perm rbac.Permission) (bool, error) {
	return s.rbac.Allowed(ctx, p.AdminID, perm)
}

// adminRow is a row of admins.
type adminRow struct {
	ID            uint64
	Email         string
	Name          string
	PasswordHash  string
	Role          string // no longer read: roles are Casbin's
	Status        string
	TOTPSecret    string     `gorm:"column:totp_secret"`
	TOTPEnabledAt *time.Time `gorm:"column:totp_enabled_at"`
	TOTPStep      int64      `gorm:"column:totp_step"`
	LastLoginAt   *time.Time
	CreatedAt     time.Time
	UpdatedAt     *time.Time
}

// TableName is the admins table.
func (adminRow) TableName() string { return "admins" }

// byID loads admin id, or NotFound.
func (s *Service) byID(db *gorm.DB, id uint64) (*adminRow, error) {
	var a adminRow
	if err := db.Where("id = ?", id).Take(&a).Error; err != nil {
		return nil, store.Translate(err, MsgAdminNotFound, "")
	}
	return &a, nil
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
