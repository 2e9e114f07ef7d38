// Package config reads the process configuration from the environment, with an
// optional .env file filling in variables that are not already set.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/joho/godotenv"
)

// Config is everything the binary needs to start; see .env.example for each variable.
type Config struct {
	AppEnv            string        // dev, test or prod
	Port              int           // HTTP port
	DataDir           string        // where the SQLite file, the generated JWT secret and media live by default
	DBDSN             string        // MySQL DSN; empty selects embedded SQLite
	RedisURL          string        // Redis URL; empty selects in-process implementations
	BrandName         string        // the brand, "TFM" by default ("{brand} Matrimony")
	MaintenanceMode   bool          // true shows the maintenance screen (MAINTENANCE_MODE="true")
	JWTSecret         []byte        // signing key; generated under DataDir when unset
	MediaDir          string        // photos and proofs
	ClientDir         string        // dev/test only: serve the web client from this folder instead of the embedded build
	PprofAddr         string        // loopback address for Go's profiler (net/http/pprof); empty: off
	MemoryReducer     bool          // give the heap's slack back to the system when quiet after a burst (MEMORY_REDUCER, on unless "off")
	DiscoveryRoster   bool          // keep members' facts in memory for match lists and searches (DISCOVERY_ROSTER, on unless "off")
	SiteURL           string        // public base URL, used in canonical links and e-mails
	AllowedOrigins    []string      // origins allowed for the socket endpoint and CORS
	TrustedProxies    []string      // proxies whose X-Forwarded-For is believed
	LogLevel          string        // debug, info, warn, error
	LogFormat         string        // json or text
	ShutdownTimeout   time.Duration // how long in-flight requests get on SIGTERM
	AnalyticsProvider string        // "" (off), "console" or "ga4"
	AnalyticsID       string        // the analytics property id
	ContactRateLimit  int           // contact-us submissions per IP per hour
	AuthRateLimit     int           // auth calls (login, register, OTP, reset...) per IP per 10 minutes: a ceiling for shared (CGNAT) addresses
	ChatSendLimit     int           // chat messages per member per 10 seconds
	// Chat socket caps: per member on one node, per client address, and in
	// all (0: derived from the process's file-descriptor limit, keeping room for HTTP).
	ChatSocketsPerMember, ChatSocketsPerIP, ChatSockets int
	MetricsToken                                        string // prod: /metrics needs this bearer token (empty: /metrics answers 404)
	MetricsAddr                                         string // a loopback address serving /metrics alone, e.g. 127.0.0.1:9090; empty: off
	PasswordCost                                        int    // bcrypt cost of member passwords: 12; APP_ENV=test may lower it (BCRYPT_COST) for fast tests

	// Mail: SMTP when SMTPHost is set; otherwise the dev outbox (APP_ENV dev/test only).
	SMTPHost     string
	SMTPPort     int
	SMTPUsername string
	SMTPPassword string
	MailFrom     string
	// SMS: an HTTP gateway when SMSURL is set; otherwise the dev outbox (APP_ENV dev/test only).
	SMSURL      string
	SMSAPIKey   string
	SMSHeader   string
	SMSSenderID string

	// Payments: Razorpay when the three are set; otherwise the built-in test
	// gateway with its local checkout page (APP_ENV dev/test only).
	RazorpayKeyID, RazorpayKeySecret, RazorpayWebhookSecret string
	// The seller on the GST invoices: legal name, address lines, state and GSTIN
	// (SELLER_GSTIN is required in production); InvoicePrefix heads invoice
	// numbers (letters, at most 4: "TFM/26-27/000001") and InvoiceSAC is the
	// services accounting code printed on them.
	SellerName, SellerState, SellerGSTIN string
	SellerAddress                        []string
	InvoicePrefix, InvoiceSAC            string
}

// TestPayments reports whether payments go to the built-in test gateway
// (no Razorpay keys; never in production, where Load refuses to start).
func (c *Config) TestPayments() bool { return c.RazorpayKeyID == "" }

// DevOutbox reports whether mail and SMS go to the in-memory outbox served at /dev/outbox.
func (c *Config) DevOutbox() bool { return c.AppEnv != "prod" }

// SQLitePath is the embedded database file used when DBDSN is empty.
func (c *Config) SQLitePath() string { return filepath.Join(c.DataDir, "tfm.db") }

// UsesMySQL reports whether a MySQL DSN is configured.
func (c *Config) UsesMySQL() bool { return c.DBDSN != "" }

// IsDev reports whether developer conveniences (such as the dev outbox) may be on.
func (c *Config) IsDev() bool { return c.AppEnv == "dev" || c.AppEnv == "test" }

// Load reads .env (if present, without overriding the real environment) and then the environment.
func Load() (*Config, error) {
	if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("config: reading .env: %w", err)
	}
	c := &Config{
		AppEnv:            env("APP_ENV", "dev"),
		DataDir:           env("DATA_DIR", "./data"),
		DBDSN:             os.Getenv("DB_DSN"),
		RedisURL:          os.Getenv("REDIS_URL"),
		BrandName:         env("BRAND_NAME", "TFM"),
		MaintenanceMode:   os.Getenv("MAINTENANCE_MODE") == "true",
		LogLevel:          env("LOG_LEVEL", "info"),
		LogFormat:         env("LOG_FORMAT", "json"),
		AnalyticsProvider: os.Getenv("ANALYTICS_PROVIDER"),
		AnalyticsID:       os.Getenv("ANALYTICS_ID"),
		SMTPHost:          os.Getenv("SMTP_HOST"),
		SMTPUsername:      os.Getenv("SMTP_USERNAME"),
		SMTPPassword:      os.Getenv("SMTP_PASSWORD"),
		SMSURL:            os.Getenv("SMS_URL"),
		SMSAPIKey:         os.Getenv("SMS_API_KEY"),
		SMSHeader:         os.Getenv("SMS_API_KEY_HEADER"),
		SMSSenderID:       env("SMS_SENDER_ID", "TFMMAT"),
	}
	var err error
	if c.Port, err = envInt("PORT", 8080); err != nil {
		return nil, err
	}
	if c.ContactRateLimit, err = envInt("CONTACT_RATE_LIMIT", 5); err != nil {
		return nil, err
	}
	if c.AuthRateLimit, err = envInt("AUTH_RATE_LIMIT", 600); err != nil {
		return nil, err
	}
	if c.PasswordCost, err = envInt("BCRYPT_COST", 12); err != nil {
		return nil, err
	}
	if c.PasswordCost < 12 && c.AppEnv != "test" {
		return nil, errors.New("config: BCRYPT_COST below 12 is only for APP_ENV=test")
	}
	if c.ChatSendLimit, err = envInt("CHAT_SEND_LIMIT", 20); err != nil {
		return nil, err
	}
	if c.ChatSendLimit < 1 {
		return nil, errors.New("config: CHAT_SEND_LIMIT must be at least 1")
	}
	if c.ChatSocketsPerMember, err = envInt("CHAT_MAX_SOCKETS_PER_MEMBER", 8); err != nil {
		return nil, err
	}
	if c.ChatSocketsPerIP, err = envInt("CHAT_MAX_SOCKETS_PER_IP", 256); err != nil {
		return nil, err
	}
	if c.ChatSockets, err = envInt("CHAT_MAX_SOCKETS", 0); err != nil {
		return nil, err
	}
	c.MetricsToken = os.Getenv("METRICS_TOKEN")
	if c.MetricsAddr = os.Getenv("METRICS_ADDR"); c.MetricsAddr != "" {
		host, _, err := net.SplitHostPort(c.MetricsAddr)
		if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("config: METRICS_ADDR must be a loopback address such as 127.0.0.1:9090, not %q", c.MetricsAddr)
		}
	}
	if c.SMTPPort, err = envInt("SMTP_PORT", 587); err != nil {
		return nil, err
	}
	c.MailFrom = env("MAIL_FROM", c.BrandName+" Matrimony <no-reply@tfmmatrimony.in>")
	secs, err := envInt("SHUTDOWN_TIMEOUT_SECONDS", 20)
	if err != nil {
		return nil, err
	}
	c.ShutdownTimeout = time.Duration(secs) * time.Second
	c.MediaDir = env("MEDIA_DIR", filepath.Join(c.DataDir, "media"))
	c.ClientDir = os.Getenv("CLIENT_DIR")
	c.PprofAddr = os.Getenv("PPROF_ADDR")
	switch v := env("MEMORY_REDUCER", "on"); v {
	case "on", "off":
		c.MemoryReducer = v == "on"
	default:
		return nil, fmt.Errorf("config: MEMORY_REDUCER must be on or off, not %q", v)
	}
	switch v := env("DISCOVERY_ROSTER", "on"); v {
	case "on", "off":
		c.DiscoveryRoster = v == "on"
	default:
		return nil, fmt.Errorf("config: DISCOVERY_ROSTER must be on or off, not %q", v)
	}
	if c.PprofAddr != "" {
		host, _, err := net.SplitHostPort(c.PprofAddr)
		if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("config: PPROF_ADDR must be a loopback address such as 127.0.0.1:6060, not %q", c.PprofAddr)
		}
	}
	c.SiteURL = strings.TrimRight(env("SITE_URL", fmt.Sprintf("http://localhost:%d", c.Port)), "/")
	c.AllowedOrigins = list(env("ALLOWED_ORIGINS", c.SiteURL))
	c.TrustedProxies = list(os.Getenv("TRUSTED_PROXIES"))
	switch c.AppEnv {
	case "dev", "test", "prod":
	default:
		return nil, fmt.Errorf("config: APP_ENV must be dev, test or prod, not %q", c.AppEnv)
	}
	if c.AppEnv == "prod" && c.ClientDir != "" {
		return nil, errors.New("config: CLIENT_DIR is for development only; production serves the embedded client")
	}
	if c.AppEnv == "prod" && (c.SMTPHost == "" || c.SMSURL == "") {
		return nil, errors.New("config: APP_ENV=prod needs SMTP_HOST and SMS_URL (there is no dev outbox in production)")
	}
	if err := c.loadPayments(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(c.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("config: creating DATA_DIR: %w", err)
	}
	if s := os.Getenv("JWT_SECRET"); s != "" {
		if len(s) < 32 {
			return nil, errors.New("config: JWT_SECRET must be at least 32 characters")
		}
		c.JWTSecret = []byte(s)
	} else if c.JWTSecret, err = loadOrCreateSecret(filepath.Join(c.DataDir, "jwt_secret")); err != nil {
		return nil, err
	}
	return c, nil
}

// loadPayments reads the payment gateway's keys and the invoice seller.
func (c *Config) loadPayments() error {
	c.RazorpayKeyID = os.Getenv("RAZORPAY_KEY_ID")
	c.RazorpayKeySecret = os.Getenv("RAZORPAY_KEY_SECRET")
	c.RazorpayWebhookSecret = os.Getenv("RAZORPAY_WEBHOOK_SECRET")
	set := 0
	for _, v := range []string{c.RazorpayKeyID, c.RazorpayKeySecret, c.RazorpayWebhookSecret} {
		if v != "" {
			set++
		}
	}
	if set != 0 && set != 3 {
		return errors.New("config: set all of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or none (the test gateway)")
	}
	c.SellerName = env("SELLER_NAME", c.BrandName+" Matrimony")
	c.SellerState = env("SELLER_STATE", "Tamil Nadu")
	c.SellerGSTIN = strings.ToUpper(strings.TrimSpace(os.Getenv("SELLER_GSTIN")))
	c.SellerAddress = nil
	for _, l := range strings.Split(env("SELLER_ADDRESS", "2nd Floor, Grace Towers, 14 Cathedral Road|Gopalapuram, Chennai 600086"), "|") {
		if l = strings.TrimSpace(l); l != "" {
			c.SellerAddress = append(c.SellerAddress, l)
		}
	}
	if c.SellerGSTIN != "" && !gstinPattern.MatchString(c.SellerGSTIN) {
		return fmt.Errorf("config: SELLER_GSTIN %q is not a GSTIN (15 characters: 2 digits, PAN, entity, Z, check)", c.SellerGSTIN)
	}
	prefix := strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r
		}
		return -1
	}, strings.ToUpper(c.BrandName))
	if len(prefix) > 4 {
		prefix = prefix[:4]
	}
	if prefix == "" {
		prefix = "INV"
	}
	c.InvoicePrefix = strings.ToUpper(env("INVOICE_PREFIX", prefix))
	if !invoicePrefixPattern.MatchString(c.InvoicePrefix) {
		return fmt.Errorf("config: INVOICE_PREFIX must be 1 to 4 letters, not %q (invoice numbers have at most 16 characters)", c.InvoicePrefix)
	}
	c.InvoiceSAC = env("INVOICE_SAC", "999799")
	if c.AppEnv == "prod" && (set != 3 || c.SellerGSTIN == "") {
		return errors.New("config: APP_ENV=prod needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET and SELLER_GSTIN (there is no test gateway in production)")
	}
	return nil
}

var (
	gstinPattern         = regexp.MustCompile(`^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`)
	invoicePrefixPattern = regexp.MustCompile(`^[A-Z]{1,4}$`)
)

// loadOrCreateSecret keeps a random signing key in a 0600 file so restarts keep sessions valid.
func loadOrCreateSecret(path string) ([]byte, error) {
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return []byte(strings.TrimSpace(string(b))), nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, fmt.Errorf("config: generating JWT secret: %w", err)
	}
	s := hex.EncodeToString(buf)
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("config: writing JWT secret: %w", err)
	}
	return []byte(s), nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s must be a number, got %q", key, v)
	}
	return n, nil
}

func list(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
