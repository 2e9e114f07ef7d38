package gateway

import (
	"context"
	"sync"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/socketio"
)

// Refusal codes of the gateway's own (the chat's are package chat's reasons).
const (
	CodeUnauthorized       = "unauthorized"
	CodeTokenExpired       = "token_expired"
	CodeTooManyConnections = "too_many_connections"
)

// Messages of the gateway's own refusals.
const (
	MsgTooManyConnections = "Chat is open in too many windows. Close one and try again."
	MsgSessionExpired     = "Your chat session has expired, please reconnect"
	msgLogInAgain         = "Please log in again"
)

// DefaultMaxSocketsPerMember is how many sockets one member may hold open
// on one node: a handful of tabs and devices, not an attack's thousands.
const DefaultMaxSocketsPerMember = 8

// DefaultExpiryGrace is how long past its access token's expiry a socket
// stays open for the client's re-authentication to arrive (clock skew and
// a slow network, not a second lifetime).
const DefaultExpiryGrace = 5 * time.Second

// sessionRoom holds the sockets of one login session (a refresh-token
// family), so a logout closes exactly that session's sockets on every node.
func sessionRoom(sid string) string { return "s:" + sid }

// gatewayRefusal is a refusal with the gateway's own code.
type gatewayRefusal struct{ code, msg string }

func (r *gatewayRefusal) Error() string { return r.msg }

// memberSockets counts each member's open sockets on this node.
type memberSockets struct {
	mu  sync.Mutex
	max int
	n   map[uint64]int
}

// full reports whether the member already holds the most sockets allowed.
func (m *memberSockets) full(id uint64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n[id] >= m.max
}

// acquire counts one more socket for the member unless that would pass the cap.
func (m *memberSockets) acquire(id uint64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.n[id] >= m.max {
		return false
	}
	m.n[id]++
	return true
}

// release forgets one socket of the member.
func (m *memberSockets) release(id uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.n[id] <= 1 {
		delete(m.n, id)
		return
	}
	m.n[id]--
}

// lifetime is the part of a socket's session that re-authentication
// renews: which login session it belongs to and when its token expires.
type lifetime struct {
	mu    sync.Mutex
	sid   string
	exp   time.Time
	timer *time.Timer
	ended bool
}

// startExpiry arms the socket's deadline: at the access token's expiry
// (plus the grace) it is told and disconnected, unless re-authenticated.
func (g *Gateway) startExpiry(s *socketio.Socket, sess *session) {
	lt := &sess.life
	lt.mu.Lock()
	defer lt.mu.Unlock()
	if lt.ended || lt.exp.IsZero() {
		return
	}
	lt.timer = time.AfterFunc(time.Until(lt.exp)+g.grace, func() { g.expire(s, sess) })
}

// expire disconnects a socket whose token ran out, unless a re-authentication
// moved the deadline meanwhile (then it re-arms).
func (g *Gateway) expire(s *socketio.Socket, sess *session) {
	lt := &sess.life
	lt.mu.Lock()
	if lt.ended {
		lt.mu.Unlock()
		return
	}
	if left := time.Until(lt.exp) + g.grace; left > 0 {
		lt.timer = time.AfterFunc(left, func() { g.expire(s, sess) })
		lt.mu.Unlock()
		return
	}
	lt.ended = true
	lt.mu.Unlock()
	_ = s.Emit(EventChatError, chatErrorNotice{Code: CodeTokenExpired, Message: MsgSessionExpired, Event: EventAuthenticate})
	s.DisconnectAll()
}

// stopExpiry disarms the deadline of a closed socket.
func (sess *session) stopExpiry() {
	lt := &sess.life
	lt.mu.Lock()
	lt.ended = true
	if lt.timer != nil {
		lt.timer.Stop()
	}
	lt.mu.Unlock()
}

// authenticateEvent renews a socket's session with a fresh access token
// ({token}) before the current one expires, answering {expiresAt} (Unix
// seconds). A token of another member is refused and the socket closed; a
// bad or expired token is refused and the old deadline stands.
func (g *Gateway) authenticateEvent(c *call) error {
	tok, ok := c.req.str("token")
	if !ok || tok == "" {
		return &invalidRequest{}
	}
	p, err := g.auth.Authenticate(c.ctx, bearerless(tok))
	if err != nil {
		switch apperr.KindOf(err) {
		case apperr.TokenExpired:
			return &gatewayRefusal{CodeTokenExpired, account.MsgTokenExpired}
		case apperr.Unauthorized, apperr.Forbidden, apperr.NotFound:
			return &gatewayRefusal{CodeUnauthorized, msgLogInAgain}
		}
		return err
	}
	if p.ProfileID != c.sess.p.ProfileID {
		_ = c.s.Emit(EventChatError, chatErrorNotice{Code: CodeUnauthorized, Message: msgLogInAgain, Event: EventAuthenticate})
		c.s.DisconnectAll()
		return nil
	}
	lt := &c.sess.life
	lt.mu.Lock()
	if lt.ended {
		lt.mu.Unlock()
		return &gatewayRefusal{CodeTokenExpired, MsgSessionExpired}
	}
	old := lt.sid
	lt.sid, lt.exp = p.SessionID, p.ExpiresAt
	lt.mu.Unlock()
	if old != p.SessionID {
		// The member logged in again in this tab: follow the new session,
		// so that its logout (and not the old one's) closes this socket.
		c.s.Join(sessionRoom(p.SessionID))
		c.s.Leave(sessionRoom(old))
	}
	if c.ack != nil {
		c.ack(map[string]any{"ok": true, "expiresAt": p.ExpiresAt.Unix()})
	}
	return nil
}

// closeSession disconnects the sockets of one login session on every node.
func (g *Gateway) closeSession(ctx context.Context, sid string) {
	if sid == "" {
		return
	}
	if err := g.nsp.In(sessionRoom(sid)).DisconnectSockets(true); err != nil {
		g.log.WarnContext(ctx, "gateway: closing a session's sockets", "err", err)
	}
}

// Refused returns how many Engine.IO handshakes this node refused for the
// per-address cap and for the node-wide cap.
func (g *Gateway) Refused() (perClient, full int64) { return g.srv.Engine().Refused() }
