package engineio

import "net/url"

// requestQuery is the Engine.IO part of a request's query string.
type requestQuery struct {
	EIO       int
	Transport string
	SID       string
	B64       bool
	Values    url.Values
}

// parseQuery parses a raw query string. It returns ErrBadRequest for an
// unparsable query, ErrUnknownTransport for a missing or unknown transport and
// ErrUnsupportedProtocolVersion for an EIO other than "3" or "4".
func parseQuery(raw string, enabled func(string) bool) (requestQuery, ErrorCode, bool) {
	vals, err := url.ParseQuery(raw)
	if err != nil {
		return requestQuery{}, ErrBadRequest, false
	}
	q := requestQuery{Values: vals, Transport: vals.Get("transport"), SID: vals.Get("sid")}
	if q.Transport != TransportPolling && q.Transport != TransportWebSocket || !enabled(q.Transport) {
		return q, ErrUnknownTransport, false
	}
	switch vals.Get("EIO") {
	case "3":
		q.EIO = 3
	case "4":
		q.EIO = 4
	default:
		return q, ErrUnsupportedProtocolVersion, false
	}
	b64 := vals.Get("b64")
	q.B64 = b64 != "" && b64 != "0" && b64 != "false"
	if len(vals["sid"]) > 1 || len(q.SID) > 64 {
		return q, ErrBadRequest, false
	}
	return q, 0, true
}
