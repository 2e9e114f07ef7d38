package account

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type env struct {
	s                          *Service
	db                         *store.DB
	mail                       *mail.Outbox
	sms                        *sms.Outbox
	clock                      *clock
	otp                        *MemoryOTP
	media                      string
	religion, community, lang  uint64
	otherReligion, otherCommun uint64
}

const testSecret = "0123456789abcdef0123456789abcdef-test"

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	e := &env{db: db, mail: mail.NewOutbox(), sms: sms.NewOutbox(), clock: &clock{t: time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)}, media: t.TempDir()}
	e.otp = NewMemoryOTP(e.clock.Now)
	s, err := New(Deps{DB: db, Secret: []byte(testSecret), Mail: e.mail, SMS: e.sms, OTP: e.otp, SiteURL: "http://tfm.test",
		MediaDir: e.media, Now: e.clock.Now, PasswordCost: bcrypt.MinCost, Backoff: ratelimit.NewMemoryBackoffClock(e.clock.Now),
		Limiter: &clockLimiter{now: e.clock.Now, w: map[string]*struct {
			n     int
			reset time.Time
		}{}}})
	if err != nil {
		t.Fatal(err)
	}
	e.s = s
	ins := func(q string, args ...any) uint64 {
		if err := db.Exec(q, args...).Error; err != nil {
			t.Fatal(err)
		}
		var id uint64
		db.Raw("SELECT MAX(id) FROM " + regexp.MustCompile(`INTO (\w+)`).FindStringSubmatch(q)[1]).Scan(&id)
		return id
	}
	e.religion = ins("INSERT INTO religions (name) VALUES ('Christian')")
	e.otherReligion = ins("INSERT INTO religions (name) VALUES ('Other')")
	e.community = ins("INSERT INTO communities (religion_id, name) VALUES (?, 'CSI')", e.religion)
	e.otherCommun = ins("INSERT INTO communities (religion_id, name) VALUES (?, 'Elsewhere')", e.otherReligion)
	e.lang = ins("INSERT INTO languages (name) VALUES ('Malayalam')")
	return e
}

// input is a valid registration 25 years after the clock's date of birth.
func (e *env) input(n int) RegisterInput {
	names := []string{"Anu Thomas", "Bincy George", "Merin Jacob", "Sneha Paul", "Riya John", "Tessa Mathew", "Elsa Cherian", "Ann Kurian"}
	return RegisterInput{Name: names[n%len(names)], Gender: 20, DateOfBirth: e.clock.Now().AddDate(-25, 0, -n).Format("2006-01-02"),
		ProfileCreatedBy: "self", Email: strings.ToLower(names[n%len(names)][:3]) + string(rune('a'+n)) + "@example.in", PhoneCode: "+91",
		Phone: "98765432" + string(rune('0'+n/10)) + string(rune('0'+n%10)), Password: "Vellam@4821", ConfirmPassword: "Vellam@4821",
		ReligionID: e.religion, CommunityID: e.community, MotherTongueID: e.lang}
}

func (e *env) register(t *testing.T, n int) (*Session, RegisterInput) {
	t.Helper()
	in := e.input(n)
	sess, err := e.s.Register(context.Background(), in, "10.0.0.1")
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return sess, in
}

func (e *env) userID(t *testing.T, email string) uint64 {
	t.Helper()
	var id uint64
	e.db.Raw("SELECT id FROM users WHERE email = ?", strings.ToLower(email)).Scan(&id)
	if id == 0 {
		t.Fatalf("no user %s", email)
	}
	return id
}

var (
	otpRe   = regexp.MustCompile(`\b(\d{6})\b`)
	tokenRe = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)
)

// lastOTP returns the code in the newest SMS to number.
func (e *env) lastOTP(t *testing.T, number string) string {
	t.Helper()
	e.s.Wait()
	m, ok := e.sms.Last(number)
	if !ok {
		t.Fatalf("no SMS to %s", number)
	}
	return otpRe.FindStringSubmatch(m.Text)[1]
}

// lastLink returns the token in the newest e-mail to addr with subject containing subj.
func (e *env) lastLink(t *testing.T, addr string) string {
	t.Helper()
	e.s.Wait()
	m, ok := e.mail.Last(addr)
	if !ok {
		t.Fatalf("no mail to %s", addr)
	}
	return tokenRe.FindStringSubmatch(m.Text)[1]
}

// engines runs fn once per database engine.
func engines(t *testing.T, fn func(t *testing.T, e *env)) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) { fn(t, newEnv(t, db)) })
	}
}

// wantErr fails unless err has kind and, when msg is not empty, that message
// (and, when field is not empty, that field message).
func wantErr(t *testing.T, err error, kind apperr.Kind, field, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want %s %q, got nil", kind, msg)
	}
	ae, ok := apperr.As(err)
	if !ok || ae.Kind != kind {
		t.Fatalf("want kind %s, got %v (%T)", kind, err, err)
	}
	if field != "" {
		if ae.Fields[field] != msg {
			t.Fatalf("field %s: want %q, got %q (all: %v)", field, msg, ae.Fields[field], ae.Fields)
		}
	} else if msg != "" && ae.Message != msg {
		t.Fatalf("want message %q, got %q", msg, ae.Message)
	}
}

// clockLimiter is a fixed-window limiter on the test clock, so advancing the
// clock opens a new window as it would in production.
type clockLimiter struct {
	mu  sync.Mutex
	now func() time.Time
	w   map[string]*struct {
		n     int
		reset time.Time
	}
}

func (l *clockLimiter) Allow(_ context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	w := l.w[key]
	if w == nil || !now.Before(w.reset) {
		w = &struct {
			n     int
			reset time.Time
		}{reset: now.Add(window)}
		l.w[key] = w
	}
	w.n++
	if w.n > limit {
		return false, w.reset.Sub(now), nil
	}
	return true, 0, nil
}
