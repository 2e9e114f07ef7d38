package admin

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
)

// Session stages.
const (
	StagePassword = "password" // the password was right; the code is due
	StageEnroll   = "enroll"   // the authenticator is being set up
	StageFull     = "full"     // a working session
)

// totpOpts are RFC 6238's defaults, which every authenticator app uses.
var totpOpts = totp.ValidateOpts{Period: 30, Skew: 0, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// Enrollment is what an admin needs to set up their authenticator app.
type Enrollment struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
	QRPng      string `json:"qrPng"` // a data: URL
}

// LoginStep is the answer to a right password: the next stage and its token.
type LoginStep struct {
	Stage  string      `json:"stage"` // "totp" or "enroll"
	Token  string      `json:"token"`
	Enroll *Enrollment `json:"enroll,omitempty"`
}

// Me is the signed-in admin as the back office shows them.
type Me struct {
	ID          uint64            `json:"id"`
	Email       string            `json:"email"`
	Name        string            `json:"name"`
	Roles       []string          `json:"roles"`
	Permissions []rbac.Permission `json:"permissions"`
}

// SessionOut is a working session.
type SessionOut struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
	Admin     *Me       `json:"admin"`
}

// sessionRow is a row of admin_sessions.
type sessionRow struct {
	ID         uint64
	AdminID    uint64
	TokenHash  string
	Stage      string
	IP         string `gorm:"column:ip"`
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	RevokedAt  *time.Time
}

// TableName is the admin_sessions table.
func (sessionRow) TableName() string { return "admin_sessions" }

// dummyHash is compared against when no admin has the e-mail, so a wrong
// e-mail costs the same bcrypt work as a wrong password (no account oracle).
func (s *Service) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		s.dummy, _ = bcrypt.GenerateFromPassword([]byte(hex.EncodeToString(b)), s.cost)
	})
	return s.dummy
}

// guardKey names a throttling key without the e-mail or address in clear.
func (s *Service) guardKey(kind, ident string) string {
	m := hmac.New(sha256.New, s.guard)
	m.Write([]byte(kind + "|" + ident))
	return "admin:" + kind + ":" + hex.EncodeToString(m.Sum(nil))[:32]
}

// checkGuard refuses an attempt from a source that must still wait.
func (s *Service) checkGuard(ctx context.Context, email, ip string) error {
	wait, _, _ := s.bo.Wait(ctx, s.guardKey("src", email+"|"+ip))
	if wait <= 0 {
		return nil
	}
	return &apperr.Error{Kind: apperr.RateLimited, Message: waitMessage(wait), RetryAfter: wait}
}

// failGuard counts a wrong password or code, per account and per source, as
// a member's login does (account.LoginBackoff).
func (s *Service) failGuard(ctx context.Context, email, ip string) {
	p := account.LoginBackoff
	if _, total, _ := s.bo.Fail(ctx, s.guardKey("acct", email), account.AccountFailures); total >= account.AccountFailCeiling {
		p.Free = 1
	}
	_, _, _ = s.bo.Fail(ctx, s.guardKey("src", email+"|"+ip), p)
}

// waitMessage says how long to wait.
func waitMessage(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("Too many wrong attempts. Please try again in %d seconds.", int(d.Seconds())+1)
	}
	return fmt.Sprintf("Too many wrong attempts. Please try again in %d minutes.", int((d+time.Minute-1)/time.Minute))
}

// Login checks an admin's e-mail and password (POST auth/login). A wrong
// e-mail and a wrong password are the same 401; a disabled admin too. The
// answer is a stage token for the second factor, with the authenticator's
// enrollment the first time.
func (s *Service) Login(ctx context.Context, email, password, ip string) (*LoginStep, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" || password == "" || len(password) > 72 {
		return nil, apperr.New(apperr.Unauthorized, MsgInvalidLogin)
	}
	if err := s.checkGuard(ctx, email, ip); err != nil {
		return nil, err
	}
	var rows []adminRow
	if err := s.db.WithContext(ctx).Where("email = ?", email).Limit(1).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	hash := s.dummyHash()
	if len(rows) == 1 {
		hash = []byte(rows[0].PasswordHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || len(rows) != 1 || rows[0].Status != StatusActive {
		s.failGuard(ctx, email, ip)
		return nil, apperr.New(apperr.Unauthorized, MsgInvalidLogin)
	}
	a := rows[0]
	out := &LoginStep{Stage: "totp"}
	stage := StagePassword
	if a.TOTPEnabledAt == nil {
		stage, out.Stage = StageEnroll, "enroll"
		en, sealed, err := s.newEnrollment(a.Email)
		if err != nil {
			return nil, internal(err)
		}
		if err := s.db.WithContext(ctx).Model(&adminRow{}).Where("id = ? AND totp_enabled_at IS NULL", a.ID).
			Updates(map[string]any{"totp_secret": sealed, "updated_at": s.clock()}).Error; err != nil {
			return nil, internal(err)
		}
		out.Enroll = en
	}
	tok, err := s.newSession(ctx, a.ID, stage, ip, StageTTL)
	if err != nil {
		return nil, err
	}
	out.Token = tok
	return out, nil
}

// newEnrollment makes a fresh TOTP secret for account, sealed for storage.
func (s *Service) newEnrollment(accountName string) (*Enrollment, string, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.issuer, AccountName: accountName, Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return nil, "", err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, "", err
	}
	sealed, err := s.seal(key.Secret())
	if err != nil {
		return nil, "", err
	}
	return &Enrollment{Secret: key.Secret(), OtpauthURL: key.URL(), QRPng: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, sealed, nil
}

// SecondFactor checks the code of the admin holding stageToken (POST
// auth/totp): the first code confirms the enrollment. A code is accepted
// once, in its 30-second step or the one before (clocks drift). The stage
// token is spent either way it succeeds; the answer is a working session.
func (s *Service) SecondFactor(ctx context.Context, stageToken, code, ip string) (*SessionOut, error) {
	sess, a, err := s.session(ctx, stageToken, StagePassword, StageEnroll)
	if err != nil {
		return nil, err
	}
	if err := s.checkGuard(ctx, a.Email, ip); err != nil {
		return nil, err
	}
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	secret, err := s.unseal(a.TOTPSecret)
	if err != nil && strings.HasPrefix(a.TOTPSecret, "v1:") {
		// A sealed secret that no longer opens: JWT_SECRET changed, or the row was tampered with.
		s.log.ErrorContext(ctx, "admin's sealed TOTP secret cannot be opened; reset it with `tfm admin reset-2fa`", "admin", a.ID)
	}
	if err != nil || len(code) != 6 {
		s.failGuard(ctx, a.Email, ip)
		return nil, apperr.New(apperr.Unauthorized, MsgInvalidCode)
	}
	now := s.now()
	step := int64(0)
	for _, back := range []int64{0, 1} {
		at := now.Add(-time.Duration(back) * 30 * time.Second)
		want, err := totp.GenerateCodeCustom(secret, at, totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			step = at.Unix() / 30
			break
		}
	}
	if step == 0 {
		s.failGuard(ctx, a.Email, ip)
		return nil, apperr.New(apperr.Unauthorized, MsgInvalidCode)
	}
	var out *SessionOut
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		t := s.clock()
		// The step only moves forward: a code already used (here or in a
		// racing request) is refused.
		upd := map[string]any{"totp_step": step, "last_login_at": t, "updated_at": t}
		if sess.Stage == StageEnroll {
			upd["totp_enabled_at"] = t
		}
		res := tx.Model(&adminRow{}).Where("id = ? AND totp_step < ?", a.ID, step).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return apperr.New(apperr.Unauthorized, MsgInvalidCode)
		}
		if err := tx.Model(&sessionRow{}).Where("id = ? AND revoked_at IS NULL", sess.ID).Update("revoked_at", t).Error; err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.Unauthorized {
			s.failGuard(ctx, a.Email, ip)
		}
		return nil, internal(err)
	}
	_ = s.bo.Reset(ctx, s.guardKey("src", a.Email+"|"+ip))
	tok, err := s.newSession(ctx, a.ID, StageFull, ip, SessionTTL)
	if err != nil {
		return nil, err
	}
	me, err := s.me(ctx, a)
	if err != nil {
		return nil, err
	}
	out = &SessionOut{Token: tok, ExpiresAt: s.clock().Add(SessionTTL), Admin: me}
	return out, nil
}

// newSession stores a session of stage for admin id and returns its token.
func (s *Service) newSession(ctx context.Context, id uint64, stage, ip string, ttl time.Duration) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", internal(err)
	}
	tok := "adm_" + base64.RawURLEncoding.EncodeToString(b)
	now := s.clock()
	if len(ip) > 64 {
		ip = ip[:64]
	}
	err := s.db.WithContext(ctx).Create(&sessionRow{AdminID: id, TokenHash: hashToken(tok), Stage: stage, IP: ip, CreatedAt: now,
		LastSeenAt: now, ExpiresAt: now.Add(ttl)}).Error
	return tok, internal(err)
}

func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// session loads the live session of token in one of stages, with its
// admin; anything else (unknown, expired, idle, revoked, another stage, a
// disabled admin) is 401 "Your admin session ended".
func (s *Service) session(ctx context.Context, token string, stages ...string) (*sessionRow, *adminRow, error) {
	ended := apperr.New(apperr.Unauthorized, MsgSessionEnded)
	if !strings.HasPrefix(token, "adm_") || len(token) > 100 {
		return nil, nil, ended
	}
	db := s.db.WithContext(ctx)
	var rows []sessionRow
	if err := db.Where("token_hash = ?", hashToken(token)).Limit(1).Find(&rows).Error; err != nil {
		return nil, nil, internal(err)
	}
	now := s.clock()
	if len(rows) == 0 || rows[0].RevokedAt != nil || !now.Before(rows[0].ExpiresAt) {
		return nil, nil, ended
	}
	sess := &rows[0]
	ok := false
	for _, st := range stages {
		ok = ok || sess.Stage == st
	}
	if !ok || (sess.Stage == StageFull && now.Sub(sess.LastSeenAt) > IdleTTL) {
		return nil, nil, ended
	}
	a, err := s.byID(db, sess.AdminID)
	if err != nil || a.Status != StatusActive {
		return nil, nil, ended
	}
	return sess, a, nil
}

// Authenticate returns the admin of a working session token (every admin
// route). A call keeps the session alive (last seen, written at most once a
// minute).
func (s *Service) Authenticate(ctx context.Context, token, ip string) (*Principal, error) {
	sess, a, err := s.session(ctx, token, StageFull)
	if err != nil {
		return nil, err
	}
	if now := s.clock(); now.Sub(sess.LastSeenAt) > time.Minute {
		if err := s.db.WithContext(ctx).Model(&sessionRow{}).Where("id = ?", sess.ID).Update("last_seen_at", now).Error; err != nil {
			return nil, internal(err)
		}
	}
	return &Principal{AdminID: a.ID, Email: a.Email, Name: a.Name, SessionID: sess.ID, IP: ip}, nil
}

// Logout ends the session of p (POST auth/logout).
func (s *Service) Logout(ctx context.Context, p *Principal) error {
	err := s.db.WithContext(ctx).Model(&sessionRow{}).Where("id = ? AND revoked_at IS NULL", p.SessionID).Update("revoked_at", s.clock()).Error
	return internal(err)
}

// endSessions ends every session of admin id (disabled, roles or second factor reset).
func (s *Service) endSessions(tx *gorm.DB, id uint64) error {
	return tx.Model(&sessionRow{}).Where("admin_id = ? AND revoked_at IS NULL", id).Update("revoked_at", s.clock()).Error
}

// Me returns p as the back office shows them, with roles and permissions.
func (s *Service) Me(ctx context.Context, p *Principal) (*Me, error) {
	a, err := s.byID(s.db.WithContext(ctx), p.AdminID)
	if err != nil {
		return nil, err
	}
	return s.me(ctx, a)
}

func (s *Service) me(ctx context.Context, a *adminRow) (*Me, error) {
	// Sign-in and the back office's start read the policy as it is now: a
	// role given by another node or `tfm admin` a moment ago must show.
	if err := s.rbac.Current(ctx); err != nil {
		return nil, internal(err)
	}
	roles, err := s.rbac.Roles(ctx, a.ID)
	if err != nil {
		return nil, internal(err)
	}
	perms, err := s.rbac.Permissions(ctx, a.ID)
	if err != nil {
		return nil, internal(err)
	}
	return &Me{ID: a.ID, Email: a.Email, Name: a.Name, Roles: roles, Permissions: perms}, nil
}

// aead is AES-256-GCM under the sealing key.
func (s *Service) aead() (cipher.AEAD, error) {
	block, err := aes.NewCipher(s.sealKey)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// seal encrypts a TOTP secret for storage (AES-256-GCM under a key derived
// from the server secret): a copy of the table alone gives no codes.
func (s *Service) seal(secret string) (string, error) {
	gcm, err := s.aead()
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return "v1:" + base64.RawStdEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(secret), nil)), nil
}

// unseal decrypts a sealed TOTP secret.
func (s *Service) unseal(sealed string) (string, error) {
	raw, ok := strings.CutPrefix(sealed, "v1:")
	if !ok {
		return "", errors.New("admin: no second factor set up")
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil {
		return "", err
	}
	gcm, err := s.aead()
	if err != nil {
		return "", err
	}
	if len(b) < gcm.NonceSize() {
		return "", errors.New("admin: sealed secret too short")
	}
	out, err := gcm.Open(nil, b[:gcm.NonceSize()], b[gcm.NonceSize():], nil)
	return string(out), err
}
