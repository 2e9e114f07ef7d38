package engineio

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// Server is an Engine.IO server; it is an http.Handler.
type Server struct {
	opts Options

	mu       sync.Mutex
	sessions map[string]*Conn
	onConn   func(*Conn)
	closed   bool        // Drain ran: no new sessions (see shutdown.go)
	draining atomic.Bool // closed, readable without mu: polling GETs wait for Close, close frames say "going away"
	// admittedTotal and perClient count the sessions admit let in (see limits.go).
	admittedTotal int
	perClient     map[string]int

	refusedClient, refusedFull atomic.Int64 // handshakes refused by the caps

	wg Tracker // websocket handlers and close callbacks

	poll    *poller      // idle WebSocket sessions waiting to be readable (nil: not on this system)
	writers *writePool   // WebSocket sessions with packets to write
	hb      *heartbeats  // every open session's heartbeat deadline
	readers atomic.Int32 // WebSocket reader goroutines running (see Conn.readLoop)
}

// NewServer returns a Server configured by opts.
func NewServer(opts Options) *Server {
	s := &Server{opts: opts.withDefaults(), sessions: make(map[string]*Conn), perClient: make(map[string]int)}
	s.poll = newPoller(s)
	s.writers = newWritePool(s, runtime.GOMAXPROCS(0))
	s.hb = newHeartbeats(s.opts.PingInterval, s.opts.PingTimeout)
	return s
}

// Options returns the effective options, defaults applied.
func (s *Server) Options() Options { return s.opts }

// OnConnection sets the function called for every new session, before the
// handshake response is written; it should register OnMessage and OnClose and
// may already Send.
func (s *Server) OnConnection(fn func(*Conn)) {
	s.mu.Lock()
	s.onConn = fn
	s.mu.Unlock()
}

// Count returns the number of open sessions.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// newSessionID returns 144 random bits from crypto/rand, base64url encoded.
func newSessionID() string {
	var b [18]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// NewID returns a fresh random identifier like the session ids (144 bits,
// base64url), for higher layers that need their own ids.
func NewID() string { return newSessionID() }

func (s *Server) lookup(sid string) *Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[sid]
}

func (s *Server) remove(c *Conn) {
	s.mu.Lock()
	if s.sessions[c.id] == c {
		delete(s.sessions, c.id)
		s.releaseLocked(c.client)
	}
	s.mu.Unlock()
}

// goTracked runs fn in a goroutine that Close waits for.
func (s *Server) goTracked(fn func()) {
	s.wg.Go(fn)
}

// ServeHTTP routes Engine.IO requests: handshakes, polling GET/POST and
// WebSocket upgrades.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.URL.Path+"/", s.opts.Path) && r.URL.Path != strings.TrimSuffix(s.opts.Path, "/") {
		http.NotFound(w, r)
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !validHeaderValue(origin) {
		writeError(w, ErrBadRequest)
		return
	}
	if !s.opts.CheckOrigin(r) {
		writeError(w, ErrForbidden)
		return
	}
	s.setCORS(w, r)
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	q, code, ok := parseQuery(r.URL.RawQuery, s.opts.transportEnabled)
	if !ok {
		writeError(w, code)
		return
	}
	isUpgrade := isWebSocketUpgrade(r)
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed && (q.SID == "" || isUpgrade) {
		// Shutting down: no new sessions or upgrades, while the open
		// sessions' polling requests are still served (see shutdown.go).
		writeError(w, ErrBadRequest)
		return
	}
	if q.SID != "" {
		c := s.lookup(q.SID)
		if c == nil || !c.boundTo(r, q.Transport == TransportPolling && !isUpgrade) {
			writeError(w, ErrUnknownSID)
			return
		}
		if c.Protocol() != q.EIO {
			writeError(w, ErrBadRequest)
			return
		}
		switch {
		case q.Transport == TransportWebSocket && isUpgrade:
			s.serveUpgrade(w, r, c)
		case q.Transport == TransportPolling && !isUpgrade && r.Method == http.MethodGet:
			c.servePollGet(w, r)
		case q.Transport == TransportPolling && !isUpgrade && r.Method == http.MethodPost:
			c.servePollPost(w, r)
		default:
			writeError(w, ErrBadRequest)
		}
		return
	}
	if r.Method != http.MethodGet {
		writeError(w, ErrBadHandshakeMethod)
		return
	}
	if (q.Transport == TransportWebSocket) != isUpgrade {
		writeError(w, ErrBadRequest)
		return
	}
	if s.opts.AllowRequest != nil {
		if err := s.opts.AllowRequest(r); err != nil {
			writeError(w, ErrForbidden)
			return
		}
	}
	addr := clientAddr(r)
	if why := s.admit(addr); why != admitted {
		s.writeRefusal(w, why)
		return
	}
	if q.Transport == TransportWebSocket {
		s.serveWebSocketHandshake(w, r, q, addr)
		return
	}
	c := s.newConn(r, q, TransportPolling, addr)
	if c == nil {
		s.release(addr)
		writeError(w, ErrBadRequest)
		return
	}
	c.servePollGet(w, r)
}

// newConn creates, registers and announces a session from the client at
// addr, whose admission it takes over (nil: the caller must release it).
func (s *Server) newConn(r *http.Request, q requestQuery, transport, addr string) *Conn {
	c := newConn(s, r, q, transport)
	c.client, c.bind = addr, binding(addr, r.Header.Get("User-Agent"))
	upgrades := []string{}
	if transport == TransportPolling && s.opts.transportEnabled(TransportWebSocket) {
		upgrades = append(upgrades, TransportWebSocket)
	}
	var open []byte
	if q.EIO == 3 {
		open, _ = json.Marshal(struct {
			SID          string   `json:"sid"`
			Upgrades     []string `json:"upgrades"`
			PingInterval int64    `json:"pingInterval"`
			PingTimeout  int64    `json:"pingTimeout"`
		}{c.id, upgrades, s.opts.PingInterval.Milliseconds(), s.opts.PingTimeout.Milliseconds()})
	} else {
		open, _ = json.Marshal(struct {
			SID          string   `json:"sid"`
			Upgrades     []string `json:"upgrades"`
			PingInterval int64    `json:"pingInterval"`
			PingTimeout  int64    `json:"pingTimeout"`
			MaxPayload   int64    `json:"maxPayload"`
		}{c.id, upgrades, s.opts.PingInterval.Milliseconds(), s.opts.PingTimeout.Milliseconds(), s.opts.MaxPayload})
	}
	c.queue = append(c.queue, Packet{Type: PacketOpen, Data: open})
	// The connection handler registers OnMessage and OnClose before the
	// session becomes visible, so a Close racing this handshake always finds
	// the callbacks in place (and the upper layer's workers always stop).
	s.mu.Lock()
	onConn := s.onConn
	s.mu.Unlock()
	if onConn != nil {
		panicked := func() (p bool) {
			defer func() {
				if recover() != nil {
					p = true
				}
			}()
			onConn(c)
			return false
		}()
		if panicked {
			c.closeNow("server error")
			return nil
		}
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		c.closeNow("server shutting down")
		return nil
	}
	s.sessions[c.id] = c
	s.mu.Unlock()
	c.startHeartbeat()
	return c
}

// setCORS echoes an allowed Origin so that cross-origin browsers may connect.
func (s *Server) setCORS(w http.ResponseWriter, r *http.Request) {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Add("Vary", "Origin")
	if r.Method == http.MethodOptions {
		h.Set("Access-Control-Allow-Methods", "GET, POST")
		if reqH := r.Header.Get("Access-Control-Request-Headers"); reqH != "" && validHeaderValue(reqH) {
			h.Set("Access-Control-Allow-Headers", reqH)
		}
	}
}

// validHeaderValue rejects control characters, as Node's checkInvalidHeaderChar.
func validHeaderValue(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if (c < 0x20 && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

func isWebSocketUpgrade(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}
