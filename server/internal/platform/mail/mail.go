// Package mail sends e-mail through a provider behind the Sender interface:
// real SMTP in production, and an in-memory Outbox in dev and tests.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/smtp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Message is one e-mail; Text is required, HTML and Headers are optional.
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html,omitempty"`
	// Headers are extra header fields, e.g. List-Unsubscribe and
	// List-Unsubscribe-Post (RFC 2369, RFC 8058); see CheckHeaders for the rules.
	Headers map[string]string `json:"headers,omitempty"`
}

// Sender delivers messages; Send returns an error when the provider refused or could not be reached.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrHeaderInjection is returned for a From, recipient, subject or extra header
// containing a line break, and (wrapped) for an extra header that CheckHeaders refuses.
var ErrHeaderInjection = errors.New("mail: line break in a header field")

// MaxHeaderValue is the longest extra header value Build accepts, in bytes; with
// a name of at most maxHeaderName bytes the line stays under RFC 5322's 998 octets.
const MaxHeaderValue = 900

const maxHeaderName = 76

// reservedHeaders are the fields Build writes itself (lower case).
var reservedHeaders = map[string]bool{
	"from": true, "to": true, "subject": true, "date": true, "message-id": true,
	"mime-version": true, "content-type": true, "content-transfer-encoding": true,
}

// CheckHeaders reports whether h can be written as extra header fields: every
// name is an RFC 5322 field name (printable US-ASCII but colon, at most 76
// bytes), not one Build writes itself (From, To, Subject, Date, Message-ID,
// MIME-Version, Content-Type, Content-Transfer-Encoding) nor a case-insensitive
// duplicate, and every value is printable US-ASCII, spaces and tabs, at most
// MaxHeaderValue bytes. Errors wrap ErrHeaderInjection.
func CheckHeaders(h map[string]string) error {
	seen := make(map[string]bool, len(h))
	for name, value := range h {
		if strings.ContainsAny(name, "\r\n") || strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("%w: header %q", ErrHeaderInjection, name)
		}
		if name == "" || len(name) > maxHeaderName {
			return fmt.Errorf("%w: header name %q must be 1 to %d bytes", ErrHeaderInjection, name, maxHeaderName)
		}
		for i := 0; i < len(name); i++ {
			if c := name[i]; c < 33 || c > 126 || c == ':' {
				return fmt.Errorf("%w: invalid header name %q", ErrHeaderInjection, name)
			}
		}
		lower := strings.ToLower(name)
		if reservedHeaders[lower] {
			return fmt.Errorf("%w: header %q is written by Build", ErrHeaderInjection, name)
		}
		if seen[lower] {
			return fmt.Errorf("%w: header %q given twice", ErrHeaderInjection, name)
		}
		seen[lower] = true
		if len(value) > MaxHeaderValue {
			return fmt.Errorf("%w: header %q value longer than %d bytes", ErrHeaderInjection, name, MaxHeaderValue)
		}
		for i := 0; i < len(value); i++ {
			if c := value[i]; (c < 32 && c != '\t') || c > 126 {
				return fmt.Errorf("%w: header %q value has a control or non-ASCII byte", ErrHeaderInjection, name)
			}
		}
	}
	return nil
}

// SMTPConfig says how to reach the SMTP server (from .env).
type SMTPConfig struct {
	Host     string
	Port     int // 587 (STARTTLS) by default; 465 uses implicit TLS
	Username string
	Password string
	From     string        // e.g. "TFM Matrimony <no-reply@tfmmatrimony.in>"
	Timeout  time.Duration // whole conversation; 20 s by default
	// InsecureSkipTLS allows a plain-text connection when the server offers no
	// STARTTLS; only for a local test server, never in production.
	InsecureSkipTLS bool
	// RootCAs verifies the server's certificate; nil uses the system roots.
	// Tests set it to a local test server's self-signed certificate.
	RootCAs *x509.CertPool
}

// SMTP sends mail through an SMTP server with STARTTLS (or implicit TLS on 465).
type SMTP struct{ cfg SMTPConfig }

// NewSMTP builds an SMTP sender from cfg.
func NewSMTP(cfg SMTPConfig) *SMTP {
	if cfg.Port == 0 {
		cfg.Port = 587
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 20 * time.Second
	}
	return &SMTP{cfg: cfg}
}

// Send implements Sender.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	body, err := Build(s.cfg.From, m, time.Now())
	if err != nil {
		return err
	}
	from, err := addrOnly(s.cfg.From)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	tlsCfg := &tls.Config{ServerName: s.cfg.Host, MinVersion: tls.VersionTLS12, RootCAs: s.cfg.RootCAs}
	var conn net.Conn
	if s.cfg.Port == 465 {
		conn, err = (&tls.Dialer{Config: tlsCfg}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("mail: connecting to %s: %w", addr, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("mail: greeting: %w", err)
	}
	defer c.Close()
	if s.cfg.Port != 465 {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(tlsCfg); err != nil {
				return fmt.Errorf("mail: STARTTLS: %w", err)
			}
		} else if !s.cfg.InsecureSkipTLS {
			return errors.New("mail: the server does not offer STARTTLS")
		}
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)); err != nil {
			return fmt.Errorf("mail: auth: %w", err)
		}
	}
	if err := c.Mail(from); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("mail: writing body: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: ending body: %w", err)
	}
	return c.Quit()
}

func addrOnly(from string) (string, error) {
	if i, j := strings.LastIndex(from, "<"), strings.LastIndex(from, ">"); i >= 0 && j > i {
		return from[i+1 : j], nil
	}
	if from == "" {
		return "", errors.New("mail: no From address configured")
	}
	return from, nil
}

// Build renders m as an RFC 5322 message: text only, or multipart/alternative
// with HTML; m.Headers follow the standard fields, sorted by name.
func Build(from string, m Message, now time.Time) ([]byte, error) {
	for _, h := range []string{from, m.To, m.Subject} {
		if strings.ContainsAny(h, "\r\n") {
			return nil, ErrHeaderInjection
		}
	}
	if err := CheckHeaders(m.Headers); err != nil {
		return nil, err
	}
	if m.To == "" {
		return nil, errors.New("mail: no recipient")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n",
		from, m.To, mime.QEncoding.Encode("utf-8", m.Subject), now.UTC().Format(time.RFC1123Z))
	for _, name := range slices.Sorted(maps.Keys(m.Headers)) {
		fmt.Fprintf(&b, "%s: %s\r\n", name, m.Headers[name])
	}
	part := func(ctype, text string) {
		fmt.Fprintf(&b, "Content-Type: %s; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n", ctype)
		qp := quotedprintable.NewWriter(&b)
		_, _ = qp.Write([]byte(text))
		_ = qp.Close()
		b.WriteString("\r\n")
	}
	if m.HTML == "" {
		part("text/plain", m.Text)
		return b.Bytes(), nil
	}
	rb := make([]byte, 12)
	_, _ = rand.Read(rb)
	boundary := "tfm-" + hex.EncodeToString(rb)
	fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", boundary)
	fmt.Fprintf(&b, "--%s\r\n", boundary)
	part("text/plain", m.Text)
	fmt.Fprintf(&b, "--%s\r\n", boundary)
	part("text/html", m.HTML)
	fmt.Fprintf(&b, "--%s--\r\n", boundary)
	return b.Bytes(), nil
}

// OutboxSize is how many messages an Outbox keeps.
const OutboxSize = 200

// Sent is a message kept by the Outbox, with the time it was sent.
type Sent struct {
	Message
	At time.Time `json:"at"`
}

// Outbox is a dev Sender that keeps the last OutboxSize messages in memory; safe for concurrent use.
type Outbox struct {
	mu   sync.Mutex
	msgs []Sent
	now  func() time.Time
}

// NewOutbox builds an empty Outbox.
func NewOutbox() *Outbox { return &Outbox{now: time.Now} }

// Send implements Sender by keeping m.
func (o *Outbox) Send(_ context.Context, m Message) error {
	if strings.ContainsAny(m.To+m.Subject, "\r\n") {
		return ErrHeaderInjection
	}
	if err := CheckHeaders(m.Headers); err != nil {
		return err
	}
	m.Headers = maps.Clone(m.Headers) // the caller may reuse its map
	o.mu.Lock()
	defer o.mu.Unlock()
	o.msgs = append(o.msgs, Sent{Message: m, At: o.now()})
	if len(o.msgs) > OutboxSize {
		o.msgs = append([]Sent(nil), o.msgs[len(o.msgs)-OutboxSize:]...)
	}
	return nil
}

// List returns copies of the kept messages, newest first.
func (o *Outbox) List() []Sent {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]Sent, len(o.msgs))
	for i, m := range o.msgs {
		m.Headers = maps.Clone(m.Headers)
		out[len(o.msgs)-1-i] = m
	}
	return out
}

// Last returns the newest message sent to addr, if any.
func (o *Outbox) Last(addr string) (Sent, bool) {
	for _, m := range o.List() {
		if strings.EqualFold(m.To, addr) {
			return m, true
		}
	}
	return Sent{}, false
}
