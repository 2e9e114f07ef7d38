// Package mail sends e-mail through a provider behind the Sender interface:
// real SMTP in production, and an in-memory Outbox in dev and tests.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/smtp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Message is one e-mail; Text is required, HTML is optional.
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html,omitempty"`
}

// Sender delivers messages; Send returns an error when the provider refused or could not be reached.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrHeaderInjection is returned for a recipient or subject containing a line break.
var ErrHeaderInjection = errors.New("mail: line break in a header field")

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
	tlsCfg := &tls.Config{ServerName: s.cfg.Host, MinVersion: tls.VersionTLS12}
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

// Build renders m as an RFC 5322 message: text only, or multipart/alternative with HTML.
func Build(from string, m Message, now time.Time) ([]byte, error) {
	for _, h := range []string{from, m.To, m.Subject} {
		if strings.ContainsAny(h, "\r\n") {
			return nil, ErrHeaderInjection
		}
	}
	if m.To == "" {
		return nil, errors.New("mail: no recipient")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n",
		from, m.To, mime.QEncoding.Encode("utf-8", m.Subject), now.UTC().Format(time.RFC1123Z))
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
	o.mu.Lock()
	defer o.mu.Unlock()
	o.msgs = append(o.msgs, Sent{Message: m, At: o.now()})
	if len(o.msgs) > OutboxSize {
		o.msgs = append([]Sent(nil), o.msgs[len(o.msgs)-OutboxSize:]...)
	}
	return nil
}

// List returns the kept messages, newest first.
func (o *Outbox) List() []Sent {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]Sent, len(o.msgs))
	for i, m := range o.msgs {
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
