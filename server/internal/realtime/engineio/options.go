package engineio

import (
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Transport names as they appear in the transport query parameter.
const (
	TransportPolling   = "polling"
	TransportWebSocket = "websocket"
)

// Options configures a Server; zero fields take the documented defaults.
type Options struct {
	// Path is the URL path prefix served, "/engine.io/" by default.
	Path string
	// PingInterval is the heartbeat period, 25s by default.
	PingInterval time.Duration
	// PingTimeout is how long a heartbeat may stay unanswered, 20s by default.
	PingTimeout time.Duration
	// UpgradeTimeout bounds the polling→websocket upgrade, 10s by default.
	UpgradeTimeout time.Duration
	// MaxPayload is the largest accepted POST body or WebSocket message in
	// bytes, 1e6 by default; it is announced to EIO4 clients as maxPayload.
	MaxPayload int64
	// MaxQueuedPackets bounds each session's outgoing queue; a session that
	// overflows it is closed with reason "slow consumer". 1024 by default.
	MaxQueuedPackets int
	// WriteTimeout bounds one network write, 10s by default.
	WriteTimeout time.Duration
	// CloseTimeout bounds a graceful close waiting for the client to fetch the
	// remaining packets over polling, 5s by default.
	CloseTimeout time.Duration
	// Transports lists the enabled transports, both by default.
	Transports []string
	// CheckOrigin decides whether a request's Origin header is allowed. It is
	// called at the handshake, on every request carrying a sid and at the
	// WebSocket upgrade. Nil allows requests without an Origin header and
	// same-host origins; see AllowOrigins.
	CheckOrigin func(r *http.Request) bool
	// AllowRequest may refuse a handshake (answered 403 "Forbidden").
	AllowRequest func(r *http.Request) error
	// KeepHeaders names the handshake request headers a session keeps for
	// Conn.Request, which the Socket.IO layer hands to every namespace
	// connect. Nil keeps them all, as Node does; an empty list keeps none.
	// A browser sends about a kilobyte of headers (cookies included), kept
	// for the session's life.
	KeepHeaders []string
	// MaxSessions caps the open sessions of this server, so that sockets can
	// never use up the process's file descriptors and plain HTTP always has
	// room; 0 means no cap. A handshake past it is answered 503.
	MaxSessions int
	// MaxSessionsPerClient caps the open sessions of one client address
	// (WithClientAddr), polling or WebSocket alike; 0 means no cap. A
	// handshake past it is answered 429.
	MaxSessionsPerClient int
}

func (o Options) withDefaults() Options {
	if o.Path == "" {
		o.Path = "/engine.io/"
	}
	if !strings.HasSuffix(o.Path, "/") {
		o.Path += "/"
	}
	if o.PingInterval <= 0 {
		o.PingInterval = 25 * time.Second
	}
	if o.PingTimeout <= 0 {
		o.PingTimeout = 20 * time.Second
	}
	if o.UpgradeTimeout <= 0 {
		o.UpgradeTimeout = 10 * time.Second
	}
	if o.MaxPayload <= 0 {
		o.MaxPayload = 1_000_000
	}
	if o.MaxQueuedPackets <= 0 {
		o.MaxQueuedPackets = 1024
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 10 * time.Second
	}
	if o.CloseTimeout <= 0 {
		o.CloseTimeout = 5 * time.Second
	}
	if len(o.Transports) == 0 {
		o.Transports = []string{TransportPolling, TransportWebSocket}
	}
	if o.CheckOrigin == nil {
		o.CheckOrigin = sameOrigin
	}
	return o
}

func (o Options) transportEnabled(name string) bool {
	for _, t := range o.Transports {
		if t == name {
			return true
		}
	}
	return false
}

// sameOrigin allows requests without Origin and those whose Origin host is
// the request's Host.
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	return strings.EqualFold(u.Host, r.Host)
}

// AllowOrigins returns a CheckOrigin function that allows requests without an
// Origin header and those whose Origin equals one of origins exactly
// (scheme://host[:port]); "*" allows any origin.
func AllowOrigins(origins ...string) func(r *http.Request) bool {
	set := make(map[string]bool, len(origins))
	for _, o := range origins {
		set[strings.ToLower(strings.TrimSuffix(o, "/"))] = true
	}
	return func(r *http.Request) bool {
		origin := r.Header.Get("Origin")
		if origin == "" || set["*"] {
			return true
		}
		return set[strings.ToLower(origin)]
	}
}
