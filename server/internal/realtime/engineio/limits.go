package engineio

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
)

// clientAddrKey carries the client's address in a request's context.
type clientAddrKey struct{}

// WithClientAddr returns ctx carrying the client's address as the HTTP layer
// established it (behind trusted proxies, the forwarded address). The
// server counts sessions per address and binds each session to the address
// that opened it; without it the connection's remote host is used.
func WithClientAddr(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientAddrKey{}, addr)
}

// clientAddr is the request's client address: the one WithClientAddr set,
// or the remote host.
func clientAddr(r *http.Request) string {
	if a, ok := r.Context().Value(clientAddrKey{}).(string); ok && a != "" {
		return a
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// binding fingerprints what a session is bound to: the client address, and
// for polling requests also the User-Agent (a browser sends the same one on
// every request of a session; a WebSocket upgrade from a non-browser client
// may send none, so upgrades are bound to the address only).
func binding(addr, userAgent string) [16]byte {
	h := sha256.Sum256([]byte(addr + "\x00" + userAgent))
	var out [16]byte
	copy(out[:], h[:16])
	return out
}

// boundTo reports whether r comes from the client that opened c: a session
// id replayed from elsewhere (another address or browser) is refused as
// unknown, which also tells no one that the id exists.
func (c *Conn) boundTo(r *http.Request, polling bool) bool {
	addr := clientAddr(r)
	if subtle.ConstantTimeCompare([]byte(addr), []byte(c.client)) != 1 {
		return false
	}
	if !polling {
		return true
	}
	b := binding(addr, r.Header.Get("User-Agent"))
	return subtle.ConstantTimeCompare(b[:], c.bind[:]) == 1
}

// refusal is why a handshake was not admitted.
type refusal int

const (
	admitted refusal = iota
	tooManyFromClient
	serverFull
)

// admit reserves room for one more session from addr, or says why not: at
// most MaxSessionsPerClient per address and MaxSessions in all. Polling
// sessions that never upgrade count as much as WebSockets. A reservation is
// given back by release (the session's removal, or a failed handshake).
func (s *Server) admit(addr string) refusal {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.opts.MaxSessions > 0 && s.admittedTotal >= s.opts.MaxSessions {
		return serverFull
	}
	if s.opts.MaxSessionsPerClient > 0 && s.perClient[addr] >= s.opts.MaxSessionsPerClient {
		return tooManyFromClient
	}
	s.admittedTotal++
	s.perClient[addr]++
	return admitted
}

// release gives back the reservation admit made for addr.
func (s *Server) release(addr string) {
	s.mu.Lock()
	s.releaseLocked(addr)
	s.mu.Unlock()
}

func (s *Server) releaseLocked(addr string) {
	s.admittedTotal--
	if n := s.perClient[addr]; n <= 1 {
		delete(s.perClient, addr)
	} else {
		s.perClient[addr] = n - 1
	}
}

// Refused returns how many handshakes were refused for the per-address cap
// and for the server-wide cap since the server started.
func (s *Server) Refused() (perClient, full int64) {
	return s.refusedClient.Load(), s.refusedFull.Load()
}

// writeRefusal answers a handshake that was not admitted: 429 for too many
// sessions from one address, 503 when the server is full, both with
// Retry-After and the Engine.IO error body (code 4, a readable message).
func (s *Server) writeRefusal(w http.ResponseWriter, why refusal) {
	status, msg, retry := http.StatusTooManyRequests, "Too many connections from your network, please close some windows", 30
	if why == serverFull {
		s.refusedFull.Add(1)
		status, msg, retry = http.StatusServiceUnavailable, "The chat is busy, please try again in a moment", 5
	} else {
		s.refusedClient.Add(1)
	}
	body, _ := json.Marshal(struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{int(ErrForbidden), msg})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", strconv.Itoa(retry))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
