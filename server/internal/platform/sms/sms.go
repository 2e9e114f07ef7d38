// Package sms sends text messages (only OTPs, product.md "Notifications")
// through a provider behind the Sender interface: an HTTP gateway in
// production and an in-memory Outbox in dev and tests.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Message is one SMS; To is in E.164 form ("+919876543210").
type Message struct {
	To   string `json:"to"`
	Text string `json:"text"`
}

// Sender delivers messages; Send returns an error when the provider refused or could not be reached.
// Errors never contain the message text, which may hold an OTP.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// HTTPConfig says how to reach the SMS gateway (from .env).
type HTTPConfig struct {
	URL        string       // endpoint that takes a JSON POST
	APIKey     string       // sent in the Header header
	Header     string       // header name; "X-API-Key" by default
	SenderID   string       // DLT sender id, e.g. "TFMMAT"
	Client     *http.Client // 10 s timeout by default
	MaxRetries int          // retries on 5xx or network errors; 0 means none
}

// HTTP posts {"to","message","sender"} as JSON to a gateway.
type HTTP struct{ cfg HTTPConfig }

// NewHTTP builds an HTTP gateway sender from cfg.
func NewHTTP(cfg HTTPConfig) *HTTP {
	if cfg.Header == "" {
		cfg.Header = "X-API-Key"
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	return &HTTP{cfg: cfg}
}

// StatusError is a non-2xx answer from the gateway.
type StatusError struct{ Status int }

// Error names the status only: the body may echo the message text.
func (e *StatusError) Error() string { return fmt.Sprintf("sms: gateway answered HTTP %d", e.Status) }

// Send implements Sender.
func (h *HTTP) Send(ctx context.Context, m Message) error {
	if m.To == "" || m.Text == "" {
		return errors.New("sms: empty recipient or text")
	}
	body, err := json.Marshal(map[string]string{"to": m.To, "message": m.Text, "sender": h.cfg.SenderID})
	if err != nil {
		return err
	}
	var last error
	for attempt := 0; attempt <= h.cfg.MaxRetries; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.cfg.URL, bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("sms: building request: %w", err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(h.cfg.Header, h.cfg.APIKey)
		resp, err := h.cfg.Client.Do(req)
		if err != nil {
			// The URL may carry secrets in its query; keep only the kind of failure.
			last = fmt.Errorf("sms: gateway unreachable: %w", errors.Unwrap(err))
			continue
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		if resp.StatusCode/100 == 2 {
			return nil
		}
		last = &StatusError{Status: resp.StatusCode}
		if resp.StatusCode < 500 {
			return last
		}
	}
	return last
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

// Last returns the newest message sent to the number to, if any.
func (o *Outbox) Last(to string) (Sent, bool) {
	for _, m := range o.List() {
		if m.To == to {
			return m, true
		}
	}
	return Sent{}, false
}
