package engineio

import (
	"encoding/json"
	"errors"
	"net/http"
)

// ErrorCode is an Engine.IO handshake/request error code, as sent by the
// Node.js engine.io server in the JSON body of a refused request.
type ErrorCode int

// Engine.IO request error codes.
const (
	ErrUnknownTransport           ErrorCode = 0
	ErrUnknownSID                 ErrorCode = 1
	ErrBadHandshakeMethod         ErrorCode = 2
	ErrBadRequest                 ErrorCode = 3
	ErrForbidden                  ErrorCode = 4
	ErrUnsupportedProtocolVersion ErrorCode = 5
)

var errorMessages = map[ErrorCode]string{
	ErrUnknownTransport:           "Transport unknown",
	ErrUnknownSID:                 "Session ID unknown",
	ErrBadHandshakeMethod:         "Bad handshake method",
	ErrBadRequest:                 "Bad request",
	ErrForbidden:                  "Forbidden",
	ErrUnsupportedProtocolVersion: "Unsupported protocol version",
}

// Message returns the protocol's message for the code.
func (c ErrorCode) Message() string { return errorMessages[c] }

// ErrClosed is returned when sending on a closed session.
var ErrClosed = errors.New("engineio: session closed")

// ErrSlowConsumer is returned by Send when the session's outgoing queue is
// full; the session is closed.
var ErrSlowConsumer = errors.New("engineio: outgoing queue full (slow consumer)")

// writeError answers a refused request the way the Node.js server does:
// 403 for Forbidden, 400 otherwise, with {"code":n,"message":"..."}.
func writeError(w http.ResponseWriter, code ErrorCode) {
	status := http.StatusBadRequest
	if code == ErrForbidden {
		status = http.StatusForbidden
	}
	body, _ := json.Marshal(struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{int(code), code.Message()})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
