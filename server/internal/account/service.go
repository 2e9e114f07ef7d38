package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Rate limits (per key, per window).
const (
	OTPPerNumber       = 3   // OTP sends per phone number and source per 10 minutes
	OTPPerNumberAll    = 10  // OTP sends per phone number from all sources per hour
	OTPPerIP           = 30  // per source per hour (a family or office shares one address)
	LoginPerIP         = 300 // login attempts per source per 10 minutes: a ceiling for carrier-grade NAT, not the guard (see LoginBackoff)
	MailPerAddress     = 3   // activation / reset mails per address per hour
	MailPerIP          = 20
	RegisterPerIP      = 10 // registrations per IP per hour
	otpNumberWindow    = 10 * time.Minute
	otpNumberAllWindow = time.Hour
	otpIPWindow        = time.Hour
	loginIPWindow      = 10 * time.Minute
	mailWindow         = time.Hour
	registerIPWindow   = time.Hour
	msgTooMany         = "Too many attempts, please try again later"
	msgTooManyOTP      = "Too many OTP requests, please try again later"
	msgOTPExpired      = "OTP has expired, please request a new one"
	msgOTPWrong        = "Invalid OTP"
	msgOTPLocked       = "Too many wrong attempts, please request a new OTP"
	msgSomethingWrong  = "Something went wrong, please try again"
)

// Deps is what the account service needs; DB, Secret, Mail and SMS are required.
type Deps struct {
	DB      *store.DB
	Secret  []byte            // the server secret (config JWTSecret); sub-keys are derived from it
	Mail    mail.Sender       // SMTP in production, mail.Outbox in dev
	SMS     sms.Sender        // HTTP gateway in production, sms.Outbox in dev
	OTP     OTPStore          // RedisOTP when Redis is configured; MemoryOTP when nil
	Limiter ratelimit.Limiter // ratelimit.Redis when configured; in-process when nil
	// Events records "badge granted" when the e-mail or the mobile is verified; nil records none.
	Events    *event.Outbox
	SiteURL   string // base of the links in e-mails, e.g. https://tfmmatrimony.in
	BrandName string // "TFM" by default
	MediaDir  string // photos live under MediaDir/photos/<key[:2]>/<key>_{small,large}.jpg
	Log       *slog.Logger
	Now       func() time.Time // the clock; time.Now when nil (tests inject one)
	// PasswordCost is the bcrypt cost; BcryptCost (12) when 0. Only tests lower it.
	PasswordCost int
	// ActivatePath and ResetPath are the client pages the e-mailed links open;
	// the token is appended as ?token=. Defaults: /activate and /reset-password.
	ActivatePath, ResetPath string
	// DeleteHooks run inside the deletion transaction, so areas added later
	// (messages, invitations, proofs...) can erase their rows with the account.
	DeleteHooks []DeleteHook
	// ExportTables are other areas' rows included in the member's data export.
	ExportTables []ExportTable
	// Plans answers what the member's plan grants, for the header's plan
	// summary; nil builds one on DB (billing.NewMeter).
	Plans *billing.Meter
	// Backoff keeps login failures per account and source (LoginBackoff):
	// ratelimit.RedisBackoff when Redis is configured; in-process when nil.
	Backoff ratelimit.Backoff
	// HashSlots is how many bcrypt checks or hashes may run at once
	// (GOMAXPROCS when 0); four times as many wait, the rest are shed.
	HashSlots int
	// HashQueueWait is the longest a queued bcrypt check waits for a slot
	// before it is shed (2 s when 0).
	HashQueueWait time.Duration
	// HashHook, when set, runs inside every bcrypt slot (tests hold slots with it).
	HashHook func()
}

// Service runs the account life-cycle: registration, activation, login,
// sessions, OTPs, passwords, hiding, export and deletion.
type Service struct {
	db        *store.DB
	events    *event.Outbox
	mail      mail.Sender
	sms       sms.Sender
	otp       OTPStore
	limiter   ratelimit.Limiter
	siteURL   string
	brand     string
	mediaDir  string
	log       *slog.Logger
	now       func() time.Time
	plans     *billing.Meter
	cost      int
	actPath   string
	resetPath string
	hooks     []DeleteHook
	// exportTables are other areas' rows included in Export.
	exportTables []ExportTable
	jwtKey       []byte
	otpSecret    []byte
	mediaKey     []byte // MACs the media cookie

	stateFns  stateListeners // see OnStateChange
	wg        sync.WaitGroup
	dummyOnce sync.Once
	dummy     []byte

	gate     *hashGate         // bounds concurrent bcrypt work
	bo       ratelimit.Backoff // login and availability failures: shared, with an in-process stand-in
	slowHash func()            // Deps.HashHook
}

// New builds the service; it fails when a required dependency is missing or the secret is shorter than 32 bytes.
func New(d Deps) (*Service, error) {
	switch {
	case d.DB == nil:
		return nil, errors.New("account: DB is required")
	case len(d.Secret) < 32:
		return nil, errors.New("account: Secret must be at least 32 bytes")
	case d.Mail == nil || d.SMS == nil:
		return nil, errors.New("account: Mail and SMS senders are required")
	}
	s := &Service{db: d.DB, events: d.Events, mail: d.Mail, sms: d.SMS, otp: d.OTP, limiter: d.Limiter,
		siteURL: strings.TrimRight(d.SiteURL, "/"), brand: d.BrandName, mediaDir: d.MediaDir, log: d.Log,
		now: d.Now, plans: d.Plans, cost: d.PasswordCost, actPath: d.ActivatePath, resetPath: d.ResetPath, hooks: d.DeleteHooks, exportTables: d.ExportTables,
		jwtKey: subkey(d.Secret, "access-jwt"), otpSecret: subkey(d.Secret, "otp"), mediaKey: subkey(d.Secret, "media-session"),
		gate: newHashGate(d.HashSlots, d.HashQueueWait), bo: ratelimit.NewFallbackBackoff(d.Backoff), slowHash: d.HashHook}
	if s.now == nil {
		s.now = time.Now
	}
	if s.plans == nil {
		s.plans = billing.NewMeter(d.DB, s.now)
	}
	if s.otp == nil {
		s.otp = NewMemoryOTP(s.now)
	}
	if s.limiter == nil {
		s.limiter = ratelimit.NewMemory()
	}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.brand == "" {
		s.brand = "TFM"
	}
	if s.cost == 0 {
		s.cost = BcryptCost
	}
	if s.actPath == "" {
		s.actPath = "/activate"
	}
	if s.resetPath == "" {
		s.resetPath = "/reset-password"
	}
	return s, nil
}

// Wait blocks until every e-mail and SMS queued so far has been handed to its
// provider; call it on shutdown (and in tests before reading an outbox).
func (s *Service) Wait() { s.wg.Wait() }

// dispatch runs a delivery in the background so answers take the same time
// whether or not a message is sent (no account enumeration by timing).
// Failures are logged by kind only: message bodies may hold OTPs or links.
func (s *Service) dispatch(kind string, fn func(ctx context.Context) error) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := fn(ctx); err != nil {
			s.log.Error("account: delivery failed", "kind", kind, "err", err)
		}
	}()
}

// opaque hashes an identifier (e-mail, phone, IP) for rate-limit keys, so no
// cache key carries a member's contact details.
func (s *Service) opaque(kind, v string) string {
	m := hmac.New(sha256.New, s.otpSecret)
	m.Write([]byte("rl|" + kind + "|" + v))
	return kind + ":" + hex.EncodeToString(m.Sum(nil))[:32]
}

// allow records one hit and turns a refusal into apperr.RateLimited.
func (s *Service) allow(ctx context.Context, key string, limit int, window time.Duration, msg string) error {
	ok, _, err := s.limiter.Allow(ctx, "account:"+key, limit, window)
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, msgSomethingWrong, err)
	}
	if !ok {
		return apperr.New(apperr.RateLimited, msg)
	}
	return nil
}

func (s *Service) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		s.dummy, _ = bcrypt.GenerateFromPassword([]byte(hex.EncodeToString(b)), s.cost)
	})
	return s.dummy
}

// ---- registration ---------------------------------------------------------

// CheckStep validates one step of the multi-step form (1: name, gender, date
// of birth, created by; 2: email, phone, password; 3: religion, denomination,
// mother tongue), including the duplicate checks of that step.
func (s *Service) CheckStep(ctx context.Context, step int, in RegisterInput) error {
	in.normalise()
	errs := map[string]string{}
	switch step {
	case 1:
		s.validateStep1(&in, errs)
		if err := s.duplicates(ctx, &in, 0, true, false, errs); err != nil {
			return store.Translate(err, "", "")
		}
	case 2:
		validateStep2(&in, errs)
		if err := s.duplicates(ctx, &in, 0, false, true, errs); err != nil {
			return store.Translate(err, "", "")
		}
	case 3:
		if err := s.validateStep3(ctx, &in, errs); err != nil {
			return store.Translate(err, "", "")
		}
	default:
		return apperr.New(apperr.NotFound, "No such registration step")
	}
	return fieldErrors(errs)
}

// CheckAvailable checks each non-empty field of f (auth/isValid, profile/isValid):
// format, then the duplicate messages. exceptUser (0 for visitors) is the
// caller, so a member's own email or phone is not reported as taken.
func (s *Service) CheckAvailable(ctx context.Context, exceptUser uint64, f FieldCheck) error {
	in := RegisterInput{Name: f.Name, DateOfBirth: f.DateOfBirth, Email: f.Email, PhoneCode: f.PhoneCode, Phone: f.Phone}
	in.normalise()
	if in.PhoneCode == "" && in.Phone != "" {
		in.PhoneCode = "+91"
	}
	errs := map[string]string{}
	if in.Name != "" {
		if m := validName(in.Name); m != "" {
			errs["name"] = m
		}
	}
	if in.DateOfBirth != "" {
		if _, ok := parseDOB(in.DateOfBirth); !ok {
			errs["dateOfBirth"] = MsgDOBInvalid
		}
	}
	if in.Email != "" {
		if m := validEmail(in.Email); m != "" {
			errs["email"] = m
		}
	}
	if in.Phone != "" {
		if fld, m := ValidatePhone(in.PhoneCode, in.Phone); m != "" {
			errs[fld] = m
		}
	}
	if len(errs) == 0 && in.Name == "" && in.Email == "" && in.Phone == "" {
		return apperr.New(apperr.BadRequest, "Nothing to check")
	}
	if err := s.duplicates(ctx, &in, exceptUser, true, true, errs); err != nil {
		return store.Translate(err, "", "")
	}
	return fieldErrors(errs)
}

// Registration sections that count towards completedSteps: each filled section
// of the ten in the profile (basic, account, faith, education, location,
// family, about, lifestyle, photos, preferences) counts StepsPerSection, so 30
// is complete as the spec's completion page expects. Registration fills three.
const (
	StepsPerSection   = 3
	registrationSteps = 3 * StepsPerSection
)

// Register validates the whole form, creates the user and the profile in one
// transaction, starts a session and e-mails the activation link. Duplicates
// answer apperr.Conflict with the spec's messages, also when a concurrent
// registration wins the race (the database's unique indexes decide).
func (s *Service) Register(ctx context.Context, in RegisterInput, ip string) (*Session, error) {
	in.normalise()
	errs := map[string]string{}
	s.validateStep1(&in, errs)
	validateStep2(&in, errs)
	if err := s.validateStep3(ctx, &in, errs); err != nil {
		return nil, store.Translate(err, "", "")
	}
	if err := s.duplicates(ctx, &in, 0, true, true, errs); err != nil {
		return nil, store.Translate(err, "", "")
	}
	if err := fieldErrors(errs); err != nil {
		return nil, err
	}
	if err := s.allow(ctx, s.opaque("register:ip", ip), RegisterPerIP, registerIPWindow, msgTooMany); err != nil {
		return nil, err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return nil, apperr.Wrap(apperr.Invalid, MsgPasswordRule, err)
	}
	dob, _ := parseDOB(in.DateOfBirth)
	now := s.now().UTC()
	var sess *Session
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		u := User{Email: in.Email, PhoneCode: in.PhoneCode, Phone: in.Phone, PasswordHash: hash, Status: StatusActive, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		code, err := newProfileCode(tx)
		if err != nil {
			return err
		}
		prof := map[string]any{"user_id": u.ID, "profile_code": code, "name": in.Name, "profile_name": in.Name,
			"gender": in.Gender, "dob": dob, "created_by": in.ProfileCreatedBy, "religion_id": in.ReligionID,
			"community_id": in.CommunityID, "mother_tongue_id": in.MotherTongueID, "hidden": false,
			"completed_steps": registrationSteps, "last_active_at": now, "created_at": now, "updated_at": now}
		if err := tx.Table("profiles").Create(prof).Error; err != nil {
			return err
		}
		sess, err = s.startSession(tx, u.ID, code, 0, "", time.Time{})
		return err
	})
	if err != nil {
		if store.IsUniqueViolation(err) {
			msg := err.Error()
			switch {
			case strings.Contains(msg, "email"):
				return nil, &apperr.Error{Kind: apperr.Conflict, Message: MsgDupEmail, Fields: map[string]string{"email": MsgDupEmail}, Err: err}
			case strings.Contains(msg, "phone"):
				return nil, &apperr.Error{Kind: apperr.Conflict, Message: MsgDupPhone, Fields: map[string]string{"phone": MsgDupPhone}, Err: err}
			}
		}
		return nil, store.Translate(err, "", "")
	}
	if sess.Profile, err = s.Summary(ctx, s.userIDOf(ctx, in.Email)); err != nil {
		return nil, err
	}
	s.queueActivation(in.Email)
	return sess, nil
}

func (s *Service) userIDOf(ctx context.Context, email string) uint64 {
	var u User
	s.db.WithContext(ctx).Select("id").Where("email = ?", email).Limit(1).Find(&u)
	return u.ID
}

// newProfileCode makes a public profile id such as "TM4821937": random, so ids cannot be walked.
func newProfileCode(tx *gorm.DB) (string, error) {
	for i := 0; i < 10; i++ {
		b := make([]byte, 4)
		if _, err := rand.Read(b); err != nil {
			return "", err
		}
		n := (uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])) % 9000000
		code := fmt.Sprintf("TM%07d", n+1000000)
		var c int64
		if err := tx.Table("profiles").Where("profile_code = ?", code).Count(&c).Error; err != nil {
			return "", err
		}
		if c == 0 {
			return code, nil
		}
	}
	return "", errors.New("account: could not find a free profile code")
}

// ---- activation -------------------------------------------------------------

// queueActivation issues an activation token and mails the link, in the background.
func (s *Service) queueActivation(email string) {
	s.dispatch("activation", func(ctx context.Context) error {
		var u User
		if err := s.db.WithContext(ctx).Where("email = ?", email).Limit(1).Find(&u).Error; err != nil || u.ID == 0 || u.EmailVerifiedAt != nil {
			return err
		}
		tok, err := s.newAction(ctx, u.ID, PurposeActivate, ActivationTTL)
		if err != nil {
			return err
		}
		link := s.siteURL + s.actPath + "?token=" + tok
		return s.mail.Send(ctx, mail.Message{To: u.Email, Subject: "Activate your " + s.brand + " Matrimony account",
			Text: fmt.Sprintf("Welcome to %s Matrimony.\n\nPlease confirm your email address by opening this link within 48 hours:\n%s\n\nIf you did not register, ignore this email.", s.brand, link)})
	})
}

// ResendActivation mails a fresh activation link when email belongs to an
// unverified account; the answer is the same whatever the account's state.
func (s *Service) ResendActivation(ctx context.Context, email, ip string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if m := validEmail(email); m != "" {
		return apperr.Validation(map[string]string{"email": m}, "email")
	}
	if err := s.allow(ctx, s.opaque("mail:ip", ip), MailPerIP, mailWindow, msgTooMany); err != nil {
		return err
	}
	if err := s.allow(ctx, s.opaque("mail:addr", email), MailPerAddress, mailWindow, msgTooMany); err != nil {
		return err
	}
	s.queueActivation(email)
	return nil
}

// Activate consumes an activation token and marks the e-mail verified;
// an unknown, used or expired token gives apperr.Invalid.
func (s *Service) Activate(ctx context.Context, token string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		uid, err := s.useAction(tx, strings.TrimSpace(token), PurposeActivate)
		if err != nil {
			return err
		}
		res := tx.Model(&User{}).Where("id = ? AND email_verified_at IS NULL", uid).
			Updates(map[string]any{"email_verified_at": s.now().UTC(), "updated_at": s.now().UTC()})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return s.badgeGranted(tx, uid, "email")
	})
}

// badgeGranted records the "badge granted" event of user's profile (none
// before the profile exists), once per badge kind.
func (s *Service) badgeGranted(tx *gorm.DB, userID uint64, kind string) error {
	var pid uint64
	if err := tx.Table("profiles").Where("user_id = ?", userID).Limit(1).Pluck("id", &pid).Error; err != nil || pid == 0 {
		return err
	}
	_, err := s.events.Record(tx, event.Event{Kind: event.BadgeGranted, Recipient: pid, Detail: kind,
		DedupeKey: fmt.Sprintf("badge:%d:%s", pid, kind)})
	return err
}

// ---- login and sessions ---------------------------------------------------

// startSession opens a refresh-token family (or continues family, begun at
// started) and signs an access token.
func (s *Service) startSession(tx *gorm.DB, userID uint64, profileCode string, version int, family string, started time.Time) (*Session, error) {
	rt, fam, err := s.newRefresh(tx, userID, family, started)
	if err != nil {
		return nil, err
	}
	at, err := s.issueAccess(userID, profileCode, version, fam)
	if err != nil {
		return nil, err
	}
	return &Session{Token: at, RefreshToken: rt, ExpiresIn: int(AccessTTL / time.Second), family: fam, code: profileCode}, nil
}

// sessionFor starts a session for an existing user and attaches the summary.
func (s *Service) sessionFor(ctx context.Context, userID uint64) (*Session, error) {
	var row struct {
		TokenVersion int
		ProfileCode  string
	}
	res := s.db.WithContext(ctx).Raw(`SELECT u.token_version, p.profile_code FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`, userID).Scan(&row)
	if res.Error != nil || res.RowsAffected == 0 {
		return nil, apperr.Wrap(apperr.Unauthorized, MsgBadCredentials, res.Error)
	}
	var sess *Session
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		sess, err = s.startSession(tx, userID, row.ProfileCode, row.TokenVersion, "", time.Time{})
		return err
	})
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	if sess.Profile, err = s.Summary(ctx, userID); err != nil {
		return nil, err
	}
	return sess, nil
}

// isOTPLogin reports whether loginType selects the OTP login.
func isOTPLogin(t string) bool {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "otp", "mobile", "phone":
		return true
	}
	return false
}

// Login checks a password (by e-mail) or an OTP (by phone, sent through
// SendLoginOTP) and starts a session. Wrong credentials give
// apperr.Unauthorized with one message whether or not the account exists; a
// banned account gives apperr.Forbidden once its credentials are right.
func (s *Service) Login(ctx context.Context, in LoginInput, ip string) (*Session, error) {
	if err := s.allow(ctx, s.opaque("login:ip", ip), LoginPerIP, loginIPWindow, msgTooMany); err != nil {
		return nil, err
	}
	if isOTPLogin(in.LoginType) {
		return s.loginOTP(ctx, in, ip)
	}
	email := strings.ToLower(strings.TrimSpace(in.Email))
	if email == "" || in.Pwd == "" {
		errs := map[string]string{}
		if email == "" {
			errs["email"] = "Email is required"
		}
		if in.Pwd == "" {
			errs["pwd"] = MsgPasswordRequired
		}
		return nil, apperr.Validation(errs, "email", "pwd")
	}
	guard := s.guardFor("login", email, ip)
	if err := s.checkGuard(ctx, guard); err != nil {
		return nil, err
	}
	var u User
	if err := s.db.WithContext(ctx).Where("email = ?", email).Limit(1).Find(&u).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	hash := string(s.dummyHash()) // an unknown address costs the same time as a real check
	if u.ID != 0 {
		hash = u.PasswordHash
	}
	ok, err := s.checkPassword(ctx, hash, in.Pwd)
	if err != nil {
		return nil, err
	}
	if u.ID == 0 || !ok {
		s.failGuard(ctx, guard)
		return nil, apperr.New(apperr.Unauthorized, MsgBadCredentials)
	}
	s.passGuard(ctx, guard)
	if err := s.standing(ctx, &u); err != nil {
		return nil, err
	}
	return s.sessionFor(ctx, u.ID)
}

// phoneOf reads a phone number from the login payload: phone, or email when it holds digits.
func phoneOf(in LoginInput) (code, phone string) {
	code, phone = normalisePhoneCode(in.PhoneCode), strings.TrimSpace(in.Phone)
	if phone == "" && !strings.Contains(in.Email, "@") {
		phone = strings.TrimSpace(in.Email)
	}
	if code == "" {
		code = "+91"
	}
	return code, phone
}

func (s *Service) loginOTP(ctx context.Context, in LoginInput, ip string) (*Session, error) {
	code, phone := phoneOf(in)
	if f, m := ValidatePhone(code, phone); m != "" {
		return nil, apperr.Validation(map[string]string{f: m}, f)
	}
	guard := s.guardFor("otp", code+phone, ip)
	if err := s.checkGuard(ctx, guard); err != nil {
		return nil, err
	}
	if err := s.checkOTP(ctx, OTPLogin, code, phone, in.OTP, apperr.Unauthorized); err != nil {
		if apperr.KindOf(err) == apperr.Unauthorized {
			s.failGuard(ctx, guard)
		}
		return nil, err
	}
	s.passGuard(ctx, guard)
	var u User
	if err := s.db.WithContext(ctx).Where("phone_code = ? AND phone = ?", code, phone).Limit(1).Find(&u).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if u.ID == 0 {
		return nil, apperr.New(apperr.Unauthorized, msgOTPWrong)
	}
	if err := s.standing(ctx, &u); err != nil {
		return nil, err
	}
	if u.PhoneVerifiedAt == nil { // receiving the OTP proves the number
		_ = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			res := tx.Model(&User{}).Where("id = ? AND phone_verified_at IS NULL", u.ID).Update("phone_verified_at", s.now().UTC())
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			return s.badgeGranted(tx, u.ID, "mobile")
		})
	}
	return s.sessionFor(ctx, u.ID)
}

// Refresh exchanges a refresh token for a new access token and a new refresh
// token in the same family (rotation). Presenting a token that was already
// rotated revokes the whole family (it was stolen or replayed) and fails with
// apperr.Unauthorized, as does an unknown, revoked or expired token.
func (s *Service) Refresh(ctx context.Context, refreshToken string) (*Session, error) {
	var sess *Session
	var reuse bool
	var reused refreshRow
	var ended *StateChange
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r refreshRow
		res := tx.Where("token_hash = ?", sha256Hex(strings.TrimSpace(refreshToken))).Limit(1).Find(&r)
		if res.Error != nil {
			return res.Error
		}
		now := s.now()
		switch {
		case res.RowsAffected == 0 || r.RevokedAt != nil || !now.Before(r.ExpiresAt):
			return apperr.New(apperr.Unauthorized, MsgSessionEnded)
		case !now.Before(r.startedAt().Add(SessionMaxAge)):
			// The session's absolute lifetime is over: end the whole family.
			if err := s.revokeFamilies(tx, r.UserID, r.FamilyID); err != nil {
				return err
			}
			ended = &StateChange{UserID: r.UserID, Kind: StateSignedOut, Session: r.FamilyID}
			return nil
		case r.RotatedAt != nil:
			reuse, reused = true, r
			return s.revokeFamilies(tx, r.UserID, r.FamilyID)
		}
		upd := tx.Model(&refreshRow{}).Where("id = ? AND rotated_at IS NULL AND revoked_at IS NULL", r.ID).Update("rotated_at", now)
		if upd.Error != nil {
			return upd.Error
		}
		if upd.RowsAffected != 1 { // a concurrent exchange won: treat as reuse
			reuse, reused = true, r
			return s.revokeFamilies(tx, r.UserID, r.FamilyID)
		}
		var row struct {
			Status       string
			TokenVersion int
			ProfileCode  string
		}
		if err := tx.Raw(`SELECT u.status, u.token_version, p.profile_code FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`, r.UserID).Scan(&row).Error; err != nil {
			return err
		}
		if row.Status != StatusActive || row.ProfileCode == "" {
			return apperr.New(apperr.Unauthorized, MsgSessionEnded)
		}
		var err error
		sess, err = s.startSession(tx, r.UserID, row.ProfileCode, row.TokenVersion, r.FamilyID, r.startedAt())
		return err
	})
	if reuse && err == nil {
		s.log.Warn("account: rotated refresh token reused; family revoked")
		s.stateChanged(ctx, reused.UserID, StateSignedOut, reused.FamilyID)
		return nil, apperr.New(apperr.Unauthorized, MsgSessionEnded)
	}
	if ended != nil && err == nil {
		s.stateChanged(ctx, ended.UserID, ended.Kind, ended.Session)
		return nil, apperr.New(apperr.Unauthorized, MsgSessionEnded)
	}
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	return sess, nil
}

// Logout ends one session: the family of refreshToken, or of the access
// token's session when p is given. Its access tokens stop working at once,
// and the listeners (the chat gateway) close its sockets on every node.
func (s *Service) Logout(ctx context.Context, refreshToken string, p *Principal) error {
	var ended []StateChange
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ended = ended[:0]
		if p != nil && p.SessionID != "" {
			if err := tx.Model(&refreshRow{}).Where("family_id = ? AND user_id = ? AND revoked_at IS NULL", p.SessionID, p.UserID).Update("revoked_at", s.now()).Error; err != nil {
				return err
			}
			ended = append(ended, StateChange{UserID: p.UserID, Kind: StateSignedOut, Session: p.SessionID})
		}
		if refreshToken != "" {
			var r refreshRow
			if err := tx.Where("token_hash = ?", sha256Hex(strings.TrimSpace(refreshToken))).Limit(1).Find(&r).Error; err != nil {
				return err
			}
			if r.ID != 0 {
				if p == nil || r.FamilyID != p.SessionID {
					ended = append(ended, StateChange{UserID: r.UserID, Kind: StateSignedOut, Session: r.FamilyID})
				}
				return s.revokeFamilies(tx, r.UserID, r.FamilyID)
			}
		}
		return nil
	})
	if err != nil {
		return store.Translate(err, "", "")
	}
	for _, c := range ended {
		s.stateChanged(ctx, c.UserID, c.Kind, c.Session)
	}
	return nil
}

// endAllSessions bumps the token version (every access token dies at once) and revokes every family.
func (s *Service) endAllSessions(tx *gorm.DB, userID uint64) error {
	if err := tx.Model(&User{}).Where("id = ?", userID).
		Updates(map[string]any{"token_version": gorm.Expr("token_version + 1"), "updated_at": s.now().UTC()}).Error; err != nil {
		return err
	}
	return s.revokeFamilies(tx, userID, "")
}

// Ban suspends a member (admin action): every session ends at once and login is refused.
func (s *Service) Ban(ctx context.Context, userID uint64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{}).Where("id = ?", userID).Update("status", StatusBanned)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, "Member not found")
		}
		return s.endAllSessions(tx, userID)
	})
	if err == nil {
		s.stateChanged(ctx, userID, StateBanned, "")
	}
	return store.Translate(err, "Member not found", "")
}

// Unban lifts a ban or a suspension; the member logs in again.
func (s *Service) Unban(ctx context.Context, userID uint64) error {
	res := s.db.WithContext(ctx).Model(&User{}).Where("id = ?", userID).
		Updates(map[string]any{"status": StatusActive, "suspended_until": nil, "updated_at": s.now().UTC()})
	if res.Error == nil && res.RowsAffected == 0 {
		return apperr.New(apperr.NotFound, "Member not found")
	}
	if res.Error == nil {
		s.stateChanged(ctx, userID, StateUnbanned, "")
	}
	return store.Translate(res.Error, "Member not found", "")
}

// Suspend suspends the member until until (a moderator's action): like a
// ban, every session and socket ends at once and the member drops out of
// every list; unlike a ban, it ends by itself (LiftSuspensions, or their
// next login after that time).
func (s *Service) Suspend(ctx context.Context, userID uint64, until time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{}).Where("id = ? AND status <> ?", userID, StatusBanned).
			Updates(map[string]any{"status": StatusSuspended, "suspended_until": until.UTC(), "updated_at": s.now().UTC()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.Conflict, "This member is banned or not found")
		}
		return s.endAllSessions(tx, userID)
	})
	if err == nil {
		s.stateChanged(ctx, userID, StateBanned, "")
	}
	return store.Translate(err, "Member not found", "")
}

// LiftSuspensions ends the suspensions whose time is up and returns how many;
// every node runs it each minute (the conditional UPDATE makes that safe).
func (s *Service) LiftSuspensions(ctx context.Context) (int64, error) {
	res := s.db.WithContext(ctx).Model(&User{}).Where("status = ? AND suspended_until <= ?", StatusSuspended, s.now().UTC()).
		Updates(map[string]any{"status": StatusActive, "suspended_until": nil, "updated_at": s.now().UTC()})
	return res.RowsAffected, store.Translate(res.Error, "", "")
}

// standing refuses a login of a member who is banned, or suspended until a
// time still to come (a suspension whose time is up is lifted here).
func (s *Service) standing(ctx context.Context, u *User) error {
	switch u.Status {
	case StatusActive:
		return nil
	case StatusSuspended:
		if u.SuspendedUntil != nil && !s.now().Before(*u.SuspendedUntil) {
			if _, err := s.LiftSuspensions(ctx); err != nil {
				return err
			}
			u.Status = StatusActive
			return nil
		}
		until := ""
		if u.SuspendedUntil != nil {
			until = " until " + dates.Day(*u.SuspendedUntil)
		}
		return apperr.New(apperr.Forbidden, "Your account has been suspended"+until+". Please contact support.")
	}
	return apperr.New(apperr.Forbidden, "Your account has been suspended. Please contact support.")
}

// ---- passwords --------------------------------------------------------------

// ChangePassword checks the current password, sets the new one, ends every
// session (all devices, including this one) and returns a fresh session for the caller.
func (s *Service) ChangePassword(ctx context.Context, userID uint64, in ChangePasswordInput) (*Session, error) {
	var u User
	if err := s.db.WithContext(ctx).Where("id = ?", userID).Take(&u).Error; err != nil {
		return nil, store.Translate(err, "Member not found", "")
	}
	errs := map[string]string{}
	if in.OldPassword == "" {
		errs["oldPassword"] = "Current password is required"
	} else if ok, err := s.checkPassword(ctx, u.PasswordHash, in.OldPassword); err != nil {
		return nil, err
	} else if !ok {
		errs["oldPassword"] = "Current password is incorrect"
	}
	if m := ValidatePassword(in.Password); m != "" {
		errs["password"] = m
	} else if in.ConfirmPassword != in.Password {
		errs["confirmPassword"] = MsgPasswordMismatch
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "oldPassword", "password", "confirmPassword")
	}
	if err := s.setPassword(ctx, userID, in.Password, nil); err != nil {
		return nil, err
	}
	return s.sessionFor(ctx, userID)
}

// setPassword hashes p, stores it and ends every session; extra runs in the same transaction.
func (s *Service) setPassword(ctx context.Context, userID uint64, p string, extra func(tx *gorm.DB) (uint64, error)) error {
	hash, err := s.hashPassword(ctx, p)
	if err != nil {
		if apperr.KindOf(err) == apperr.Unavailable {
			return err
		}
		return apperr.Wrap(apperr.Invalid, MsgPasswordRule, err)
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if extra != nil {
			if userID, err = extra(tx); err != nil {
				return err
			}
		}
		if err := tx.Model(&User{}).Where("id = ?", userID).Update("password_hash", hash).Error; err != nil {
			return err
		}
		return s.endAllSessions(tx, userID)
	})
	if err == nil {
		s.stateChanged(ctx, userID, StateBanned, "")
	}
	return store.Translate(err, "Member not found", "")
}

// ForgotPassword mails a single-use reset link (valid 1 hour) when email
// belongs to an account. The answer, and its timing, are the same whether or
// not it does: the lookup and the sending happen in the background.
func (s *Service) ForgotPassword(ctx context.Context, email, ip string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if m := validEmail(email); m != "" {
		return apperr.Validation(map[string]string{"email": m}, "email")
	}
	if err := s.allow(ctx, s.opaque("mail:ip", ip), MailPerIP, mailWindow, msgTooMany); err != nil {
		return err
	}
	if err := s.allow(ctx, s.opaque("reset:addr", email), MailPerAddress, mailWindow, msgTooMany); err != nil {
		return err
	}
	s.dispatch("reset", func(ctx context.Context) error {
		var u User
		if err := s.db.WithContext(ctx).Where("email = ?", email).Limit(1).Find(&u).Error; err != nil || u.ID == 0 {
			return err
		}
		tok, err := s.newAction(ctx, u.ID, PurposeReset, ResetTTL)
		if err != nil {
			return err
		}
		link := s.siteURL + s.resetPath + "?token=" + tok
		return s.mail.Send(ctx, mail.Message{To: u.Email, Subject: "Reset your " + s.brand + " Matrimony password",
			Text: fmt.Sprintf("Someone asked to reset the password of your %s Matrimony account.\n\nOpen this link within 1 hour to choose a new password:\n%s\n\nIf it was not you, ignore this email; your password stays the same.", s.brand, link)})
	})
	return nil
}

// ResetPassword sets a new password with a token from the reset link; the
// token works once. Every session ends, and the e-mail counts as verified.
func (s *Service) ResetPassword(ctx context.Context, in ResetPasswordInput) error {
	errs := map[string]string{}
	if m := ValidatePassword(in.Password); m != "" {
		errs["password"] = m
	} else if in.ConfirmPassword != in.Password {
		errs["confirmPassword"] = MsgPasswordMismatch
	}
	if len(errs) > 0 {
		return apperr.Validation(errs, "password", "confirmPassword")
	}
	return s.setPassword(ctx, 0, in.Password, func(tx *gorm.DB) (uint64, error) {
		uid, err := s.useAction(tx, strings.TrimSpace(in.Token), PurposeReset)
		if err != nil {
			return 0, err
		}
		err = tx.Model(&User{}).Where("id = ? AND email_verified_at IS NULL", uid).Update("email_verified_at", s.now().UTC()).Error
		return uid, err
	})
}

// ---- OTP ----------------------------------------------------------------------

// sendOTP rate-limits by number and IP, stores a fresh code and texts it.
// It sends only when deliver is true, yet does the same work otherwise.
func (s *Service) sendOTP(ctx context.Context, purpose, code, phone, ip string, deliver bool) error {
	if err := s.allow(ctx, s.opaque("otp:ip", ip), OTPPerIP, otpIPWindow, msgTooManyOTP); err != nil {
		return err
	}
	// Per number and source, so that a stranger asking for codes to my
	// number does not use up my own requests; per number overall, higher.
	if err := s.allow(ctx, s.opaque("otp:num-src", code+phone+"|"+ip), OTPPerNumber, otpNumberWindow, msgTooManyOTP); err != nil {
		return err
	}
	if err := s.allow(ctx, s.opaque("otp:num", code+phone), OTPPerNumberAll, otpNumberAllWindow, msgTooManyOTP); err != nil {
		return err
	}
	otp, err := newOTP()
	if err != nil {
		return apperr.Wrap(apperr.Internal, msgSomethingWrong, err)
	}
	key := s.otpKey(purpose, code, phone)
	// A number with no account gets a code too, one that is never sent: the
	// checks that follow (wrong, used up, expired) then answer exactly as
	// for a registered number, so answers cannot tell who is registered.
	if err := s.otp.Save(ctx, key, s.otpDigest(key, otp), OTPTTL); err != nil {
		return apperr.Wrap(apperr.Unavailable, msgSomethingWrong, err)
	}
	if !deliver {
		return nil
	}
	text := fmt.Sprintf("%s is your %s Matrimony OTP. It is valid for 10 minutes. Do not share it with anyone.", otp, s.brand)
	s.dispatch("otp", func(ctx context.Context) error { return s.sms.Send(ctx, sms.Message{To: code + phone, Text: text}) })
	return nil
}

// checkOTP consumes a code for purpose and number; failures carry kind and a clear message.
func (s *Service) checkOTP(ctx context.Context, purpose, code, phone, otp string, kind apperr.Kind) error {
	otp = strings.TrimSpace(otp)
	if len(otp) != OTPDigits {
		return &apperr.Error{Kind: kind, Message: msgOTPWrong, Fields: map[string]string{"otp": msgOTPWrong}}
	}
	key := s.otpKey(purpose, code, phone)
	res, err := s.otp.Check(ctx, key, s.otpDigest(key, otp), OTPMaxAttempts)
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, msgSomethingWrong, err)
	}
	msg := map[OTPResult]string{OTPMissing: msgOTPExpired, OTPWrong: msgOTPWrong, OTPLocked: msgOTPLocked}[res]
	if res == OTPValid {
		return nil
	}
	return &apperr.Error{Kind: kind, Message: msg, Fields: map[string]string{"otp": msg}}
}

// SendLoginOTP texts a login OTP to a registered number (auth/login-otp). The
// answer is the same for unknown numbers; sends are limited per number and per IP.
func (s *Service) SendLoginOTP(ctx context.Context, in PhoneInput, ip string) error {
	code, phone := normalisePhoneCode(in.PhoneCode), strings.TrimSpace(in.Phone)
	if code == "" {
		code = "+91"
	}
	if f, m := ValidatePhone(code, phone); m != "" {
		return apperr.Validation(map[string]string{f: m}, f)
	}
	var u User
	if err := s.db.WithContext(ctx).Select("id, status").Where("phone_code = ? AND phone = ?", code, phone).Limit(1).Find(&u).Error; err != nil {
		return store.Translate(err, "", "")
	}
	return s.sendOTP(ctx, OTPLogin, code, phone, ip, u.ID != 0 && u.Status == StatusActive)
}

// SendMobileOTP texts an OTP to the member's own number (GET user/mobile-otp).
func (s *Service) SendMobileOTP(ctx context.Context, userID uint64, ip string) error {
	var u User
	if err := s.db.WithContext(ctx).Where("id = ?", userID).Take(&u).Error; err != nil {
		return store.Translate(err, "Member not found", "")
	}
	if u.PhoneVerifiedAt != nil {
		return apperr.New(apperr.Conflict, "Your mobile number is already verified")
	}
	return s.sendOTP(ctx, OTPMobileVerify, u.PhoneCode, u.Phone, ip, true)
}

// VerifyMobile checks the OTP sent by SendMobileOTP and marks the phone
// verified (PATCH user/mobile-verify); a wrong or expired code is apperr.Invalid.
func (s *Service) VerifyMobile(ctx context.Context, userID uint64, otp string) error {
	var u User
	if err := s.db.WithContext(ctx).Where("id = ?", userID).Take(&u).Error; err != nil {
		return store.Translate(err, "Member not found", "")
	}
	if err := s.checkOTP(ctx, OTPMobileVerify, u.PhoneCode, u.Phone, otp, apperr.Invalid); err != nil {
		return err
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{}).Where("id = ? AND phone_verified_at IS NULL", userID).
			Updates(map[string]any{"phone_verified_at": s.now().UTC(), "updated_at": s.now().UTC()})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return s.badgeGranted(tx, userID, "mobile")
	})
	return store.Translate(err, "", "")
}

// ---- profile state --------------------------------------------------------

// SetHidden hides the profile from every list, search and chat list, or shows it again (profile/hide).
func (s *Service) SetHidden(ctx context.Context, userID uint64, hidden bool) error {
	res := s.db.WithContext(ctx).Table("profiles").Where("user_id = ?", userID).
		Updates(map[string]any{"hidden": hidden, "updated_at": s.now().UTC()})
	if res.Error != nil {
		return store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		return apperr.New(apperr.NotFound, "Profile not found")
	}
	kind := StateShown
	if hidden {
		kind = StateHidden
	}
	s.stateChanged(ctx, userID, kind, "")
	return nil
}

// Summary returns the member's own profile summary (login answer, GET profile header data).
func (s *Service) Summary(ctx context.Context, userID uint64) (*Summary, error) {
	db := s.db.WithContext(ctx)
	var row struct {
		ID              uint64
		ProfileCode     string
		Name            string
		Gender          int
		CompletedSteps  int
		Hidden          bool
		EmailVerifiedAt *time.Time
		PhoneVerifiedAt *time.Time
	}
	res := db.Raw(`SELECT p.id, p.profile_code, p.name, p.gender, p.completed_steps, p.hidden, u.email_verified_at, u.phone_verified_at
		FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.user_id = ?`, userID).Scan(&row)
	if res.Error != nil {
		return nil, store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		return nil, apperr.New(apperr.NotFound, "Profile not found")
	}
	out := &Summary{ProfileID: row.ProfileCode, UserName: row.Name, Gender: row.Gender, Basic: SummaryBasic{Gender: row.Gender},
		Photos: []Photo{}, CompletedSteps: row.CompletedSteps, Hidden: row.Hidden,
		EmailVerified: row.EmailVerifiedAt != nil, PhoneVerified: row.PhoneVerifiedAt != nil}
	var photos []struct {
		FileKey   string
		IsDefault bool
	}
	if err := db.Table("photos").Select("file_key, is_default").Where("profile_id = ?", row.ID).Order("is_default DESC, sort, id").Find(&photos).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	for _, p := range photos {
		if len(p.FileKey) < 2 {
			continue
		}
		out.Photos = append(out.Photos, Photo{ImagePath: "/media/photos/" + p.FileKey[:2] + "/", IsDefault: p.IsDefault,
			Images: PhotoImages{Small: p.FileKey + "_small.jpg", Large: p.FileKey + "_large.jpg"}})
	}
	ent, err := s.plans.Entitlements(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	out.Entitlements = ent
	if ent.Paid {
		out.Subscription = &SubscriptionSummary{PlanName: ent.PlanName, ExpiresAt: *ent.ExpiresAt}
		out.PrevContactViewPending = ent.PrevContactViewPending
	}
	return out, nil
}

// EmailOf returns the member's own e-mail address (for calls a member makes
// about their own account, such as resending the activation link).
func (s *Service) EmailOf(ctx context.Context, userID uint64) (string, error) {
	var email string
	res := s.db.WithContext(ctx).Table("users").Where("id = ?", userID).Limit(1).Pluck("email", &email)
	if res.Error != nil {
		return "", store.Translate(res.Error, "", "")
	}
	if email == "" {
		return "", apperr.New(apperr.NotFound, "Account not found")
	}
	return email, nil
}
