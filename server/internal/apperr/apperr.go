// Package apperr defines the typed errors that business areas return; the HTTP
// layer maps each Kind to a status and meta code in exactly one table.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies an error for the transport layers.
type Kind string

// The kinds an area may return. httpapi/envelope.go maps each one to HTTP.
const (
	Invalid      Kind = "invalid"       // the input fails validation (422)
	BadRequest   Kind = "bad_request"   // the request cannot be parsed (400)
	Unauthorized Kind = "unauthorized"  // no or bad credentials (401)
	TokenExpired Kind = "token_expired" // an expired access token (400 / meta 1005, spec §8)
	Forbidden    Kind = "forbidden"     // authenticated but not allowed (403)
	// PaymentRequired refuses what a paid plan grants: no plan, or its quota spent (402).
	PaymentRequired Kind = "payment_required"
	NotFound        Kind = "not_found"    // no such thing, or not visible to the caller (404)
	Conflict        Kind = "conflict"     // a uniqueness rule is broken (409)
	TooLarge        Kind = "too_large"    // the body or file is too big (413)
	RateLimited     Kind = "rate_limited" // too many requests (429)
	Unavailable     Kind = "unavailable"  // a dependency is down or maintenance is on (503)
	Internal        Kind = "internal"     // anything unexpected (500)
)

// Error is an error with a Kind, a user-facing message and optional field errors.
type Error struct {
	Kind    Kind
	Message string
	Fields  map[string]string
	Err     error
	// RetryAfter, when set, is how long the caller should wait before trying
	// again (sent as the Retry-After header of a 429 or 503).
	RetryAfter time.Duration
}

// Error returns the user-facing message, with the wrapped cause for logs.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Err)
	}
	return e.Message
}

// Unwrap exposes the wrapped cause.
func (e *Error) Unwrap() error { return e.Err }

// New builds an Error of the given kind with a user-facing message.
func New(kind Kind, msg string) *Error { return &Error{Kind: kind, Message: msg} }

// Wrap builds an Error of the given kind that keeps cause for logging only.
func Wrap(kind Kind, msg string, cause error) *Error {
	return &Error{Kind: kind, Message: msg, Err: cause}
}

// Validation builds an Invalid error carrying per-field messages; the first
// field's message (by the order given) becomes the headline message.
func Validation(fields map[string]string, order ...string) *Error {
	msg := "Please correct the highlighted fields"
	for _, k := range order {
		if m, ok := fields[k]; ok {
			msg = m
			break
		}
	}
	return &Error{Kind: Invalid, Message: msg, Fields: fields}
}

// KindOf returns the Kind of err, or Internal when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// As returns err as an *Error when it is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
