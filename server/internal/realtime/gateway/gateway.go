package gateway

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/socketio"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// Authenticator turns an access token into the member behind it;
// account.Service is one. Errors: apperr.TokenExpired, apperr.Unauthorized.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (*account.Principal, error)
}

// standingSource announces bans, hides and shows; account.Service is one.
// When Deps.Accounts is one too, New subscribes to it.
type standingSource interface {
	OnStateChange(fn func(context.Context, account.StateChange))
}

// Deps are the services the gateway talks to; app wires them.
type Deps struct {
	Accounts  Authenticator
	Chat      *chat.Service
	Relations *relation.Store
	// Redis, when set, carries rooms (the Socket.IO Redis adapter) and
	// presence between nodes; nil runs a single node in process.
	Redis redis.UniversalClient
	Log   *slog.Logger
}

// Options tune the gateway; zero fields take the defaults.
type Options struct {
	// AllowedOrigins may open the socket from a browser, besides the
	// server's own origin; "*" allows any. Requests without Origin (native
	// and server clients) are allowed.
	AllowedOrigins []string
	// Scope prefixes every Redis key and channel, so deployments (and test
	// runs) sharing one Redis stay apart; see ScopeOf. "tfm" by default.
	Scope string
	// Engine configures the Engine.IO layer; Path is /engine.io/ and
	// MaxPayload 100 kB unless set.
	Engine engineio.Options
	// PresenceHeartbeat is how often a node tells Redis it is alive (5 s);
	// PresenceTTL is how long before silent nodes are forgotten (20 s).
	PresenceHeartbeat, PresenceTTL time.Duration
	// MaxSocketsPerMember caps one member's open sockets on this node
	// (DefaultMaxSocketsPerMember); the next one is refused with
	// CodeTooManyConnections.
	MaxSocketsPerMember int
	// ExpiryGrace is how long a socket outlives its access token without a
	// re-authentication (DefaultExpiryGrace).
	ExpiryGrace time.Duration
}

// Gateway is the chat's realtime endpoint: a Socket.IO server at
// /engine.io/ speaking the events of spec §7 (see the package doc).
type Gateway struct {
	srv  *socketio.Server
	nsp  *socketio.Namespace
	auth Authenticator
	chat *chat.Service
	rel  *relation.Store
	log  *slog.Logger
	pres *presence
	bus  *redisBus
	act  *activity // last_active_at, written in batches

	conns *memberSockets // open sockets per member, on this node
	grace time.Duration  // see Options.ExpiryGrace

	closeOnce sync.Once
	closeErr  error
}

// session is what the gateway keeps per socket.
type session struct {
	p          *account.Principal // the member; ProfileID never changes for a socket
	registered atomic.Bool
	life       lifetime // the login session and token expiry, renewed by authenticate
}

// requestTimeout bounds the work of one client event.
const requestTimeout = 10 * time.Second

// New builds the gateway, registers it for chat and relation changes and,
// with Redis, joins the cluster's presence.
func New(ctx context.Context, d Deps, o Options) (*Gateway, error) {
	if d.Accounts == nil || d.Chat == nil || d.Relations == nil {
		return nil, errors.New("gateway: Accounts, Chat and Relations are required")
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if o.Scope == "" {
		o.Scope = "tfm"
	}
	if o.PresenceHeartbeat <= 0 {
		o.PresenceHeartbeat = 5 * time.Second
	}
	if o.PresenceTTL <= 0 {
		o.PresenceTTL = 20 * time.Second
	}
	if o.MaxSocketsPerMember <= 0 {
		o.MaxSocketsPerMember = DefaultMaxSocketsPerMember
	}
	if o.ExpiryGrace <= 0 {
		o.ExpiryGrace = DefaultExpiryGrace
	}
	if o.Engine.MaxPayload <= 0 {
		o.Engine.MaxPayload = 100_000
	}
	if o.Engine.CheckOrigin == nil {
		o.Engine.CheckOrigin = checkOrigin(o.AllowedOrigins)
	}
	if o.Engine.KeepHeaders == nil {
		// The chat reads the token from the auth payload or the query;
		// nothing needs the headers once the origin has been checked.
		o.Engine.KeepHeaders = []string{}
	}
	so := socketio.Options{Engine: o.Engine}
	if d.Redis != nil {
		so.Adapter = socketio.NewRedisAdapter(d.Redis, socketio.RedisAdapterOptions{Prefix: o.Scope + ":socket.io",
			OnError: func(err error) { d.Log.Warn("gateway: redis adapter", "err", err) }})
	}
	g := &Gateway{srv: socketio.NewServer(so), auth: d.Accounts, chat: d.Chat, rel: d.Relations, log: d.Log,
		act: newActivity(d.Chat, d.Log), conns: &memberSockets{max: o.MaxSocketsPerMember, n: map[uint64]int{}}, grace: o.ExpiryGrace}
	g.nsp = g.srv.Of("/")
	// One handler per event serves every socket (Namespace.On), rather than
	// eight closures kept per connection.
	for event, h := range map[string]handler{
		EventAuthenticate:         g.authenticateEvent,
		EventRegisterNewUser:      g.registerNewUser,
		EventGetRoomName:          g.getRoomName,
		EventSendMessage:          g.sendMessage,
		EventLoadPreviousMessages: g.loadPrevious,
		EventLoadMessagesSince:    g.loadSince,
		EventMarkRead:             g.markRead,
		EventGetUnreadCounts:      g.getUnread,
		EventGetConversations:     g.getConversations,
	} {
		g.nsp.On(event, g.handle(event, h))
	}
	g.pres = newPresence(engineio.NewID(), g.nsp, d.Log)
	if d.Redis != nil {
		b, err := startRedisBus(ctx, d.Redis, g.pres, o.Scope+":presence", o.PresenceHeartbeat, o.PresenceTTL, d.Log)
		if err != nil {
			_ = g.srv.Close(ctx)
			return nil, err
		}
		g.bus, g.pres.bus = b, b
	}
	g.nsp.Use(g.authenticate)
	g.nsp.OnConnection(g.onConnection)
	d.Chat.OnEvent(g.onChatEvent)
	d.Relations.OnChange(g.onRelationChange)
	if src, ok := d.Accounts.(standingSource); ok {
		src.OnStateChange(g.onAccountChange)
	}
	return g, nil
}

// ServeHTTP serves the Engine.IO endpoint.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.srv.ServeHTTP(w, r) }

// Close shuts the node's chat down, within ctx (see socketio.Server.Close):
// it leaves the cluster's presence, stops taking connections and client
// events, lets the events being handled finish (a message being stored is
// acknowledged to its sender), then closes every connection with the close
// packet and, over WebSocket, status 1001 (going away), so that clients
// connect again elsewhere; other nodes see the members go offline.
// Calling it again waits for the first call and returns its error.
func (g *Gateway) Close(ctx context.Context) error {
	g.closeOnce.Do(func() {
		g.pres.close()
		g.closeErr = g.srv.Close(ctx)
		if g.bus != nil {
			g.bus.close()
		}
		g.act.close()
	})
	return g.closeErr
}

// Online reports whether the member (profiles.id) is online on any node.
func (g *Gateway) Online(profileID uint64) bool { return g.pres.isOnline(profileID) }

// OnlineCount returns how many members are online across the cluster.
func (g *Gateway) OnlineCount() int { return g.pres.count() }

// Sessions returns the number of open Engine.IO sessions on this node.
func (g *Gateway) Sessions() int { return g.srv.Engine().Count() }

// checkOrigin allows requests without Origin, same-origin requests and the
// configured origins.
func checkOrigin(allowed []string) func(*http.Request) bool {
	listed := engineio.AllowOrigins(allowed...)
	return func(r *http.Request) bool {
		origin := r.Header.Get("Origin")
		if origin == "" {
			return true
		}
		if u, err := url.Parse(origin); err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host) {
			return true
		}
		return len(allowed) > 0 && listed(r)
	}
}

// connectRefusal builds a CONNECT_ERROR: v4 clients get connect_error with
// err.message and err.data {code, message}; v2 clients an "error" event with
// {code, message}.
func connectRefusal(code, msg string) error {
	data := map[string]any{"code": code, "message": msg}
	if code == CodeTokenExpired {
		data["metaCode"] = 1005 // as the REST API answers an expired token (spec §8)
	}
	return &socketio.ConnectError{Message: msg, Data: data}
}

// authenticate is the connect middleware: v4 clients send the access token
// in the CONNECT auth payload ({token}), v2 clients in the handshake query
// (?token=). The member is taken from the token, never from the client.
func (g *Gateway) authenticate(s *socketio.Socket, auth map[string]any) error {
	hs := s.Handshake()
	var token string
	if hs.Protocol >= 5 {
		token, _ = auth["token"].(string)
	} else {
		token = hs.Query.Get("token")
	}
	token = bearerless(token)
	if token == "" {
		return connectRefusal(CodeUnauthorized, "Please log in to chat")
	}
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	p, err := g.auth.Authenticate(ctx, token)
	if err != nil {
		switch apperr.KindOf(err) {
		case apperr.TokenExpired:
			return connectRefusal(CodeTokenExpired, account.MsgTokenExpired)
		case apperr.Unauthorized, apperr.Forbidden, apperr.NotFound:
			return connectRefusal(CodeUnauthorized, msgLogInAgain)
		}
		g.log.Error("gateway: authenticating a socket", "err", err)
		return connectRefusal("unavailable", "Chat is unavailable right now, please try again")
	}
	if g.conns.full(p.ProfileID) {
		return connectRefusal(CodeTooManyConnections, MsgTooManyConnections)
	}
	sess := &session{p: p}
	sess.life.sid, sess.life.exp = p.SessionID, p.ExpiresAt
	s.SetData(sess)
	s.ForgetCredentials() // the token is not needed after this
	return nil
}

func sessionOf(s *socketio.Socket) *session {
	sess, _ := s.Data().(*session)
	return sess
}

// onConnection puts the socket in its member's room (every tab of a member
// gets the member's messages) and registers the event handlers.
func (g *Gateway) onConnection(s *socketio.Socket) {
	sess := sessionOf(s)
	if sess == nil {
		s.Disconnect()
		return
	}
	// The authoritative count: the middleware's check can race another tab.
	if !g.conns.acquire(sess.p.ProfileID) {
		_ = s.Emit(EventChatError, chatErrorNotice{Code: CodeTooManyConnections, Message: MsgTooManyConnections})
		s.DisconnectAll()
		return
	}
	s.Join(memberRoom(sess.p.ProfileID))
	sess.life.mu.Lock()
	s.Join(sessionRoom(sess.life.sid))
	sess.life.mu.Unlock()
	g.mute(s, sess.p.ProfileID)
	g.act.touch(sess.p.ProfileID)
	s.OnDisconnect(func(string) {
		sess.stopExpiry()
		g.conns.release(sess.p.ProfileID)
		g.act.touch(sess.p.ProfileID)
		g.onDisconnect(sess)
	})
	g.startExpiry(s, sess)
}

// bearerless trims a token and an optional "Bearer " prefix.
func bearerless(token string) string {
	token = strings.TrimSpace(token)
	if len(token) > 7 && strings.EqualFold(token[:7], "Bearer ") {
		token = strings.TrimSpace(token[7:])
	}
	return token
}

// mute puts a new socket in the muted room of every member on its member's
// "don't show" list (see mutedRoom), before it can take any message. The
// socket is already in its member room, so a mark made from now on reaches
// it through onRelationChange; the list is read again after joining, so a
// mark lifted meanwhile (whose SocketsLeave may have run before the join)
// is not left behind. On a failed read the socket stays unmuted: the
// client still leaves such a member out of its lists, and chat with them
// cannot be opened.
func (g *Gateway) mute(s *socketio.Socket, member uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	ids, err := g.rel.DontShowList(ctx, member)
	if err != nil || len(ids) == 0 {
		if err != nil {
			g.log.Warn("gateway: reading the don't-show list", "profile", member, "err", err)
		}
		return
	}
	for _, id := range ids {
		s.Join(mutedRoom(id))
	}
	now, err := g.rel.DontShowList(ctx, member)
	if err != nil {
		return
	}
	still := make(map[uint64]bool, len(now))
	for _, id := range now {
		still[id] = true
	}
	for _, id := range ids {
		if !still[id] {
			s.Leave(mutedRoom(id))
		}
	}
}

// call is one client request being handled.
type call struct {
	ctx   context.Context
	s     *socketio.Socket
	sess  *session
	event string
	req   request
	ack   func(...any)
}

// handler handles one client event; a returned error is a refusal.
type handler func(c *call) error

// handle decodes the request and turns refusals into a chatError event and
// an error ack, so that no refusal goes unanswered.
func (g *Gateway) handle(event string, h handler) socketio.EventHandler {
	return func(s *socketio.Socket, args []any, ack func(...any)) {
		sess := sessionOf(s)
		if sess == nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		req, ok := requestOf(args)
		c := &call{ctx: ctx, s: s, sess: sess, event: event, req: req, ack: ack}
		if !ok {
			g.refuse(c, &invalidRequest{})
			return
		}
		if err := h(c); err != nil {
			g.refuse(c, err)
		}
	}
}

// invalidRequest is a malformed payload.
type invalidRequest struct{}

func (*invalidRequest) Error() string { return chat.MsgInvalid }

// reply answers with the ack, when the client asked for one, or else with
// the event (when not empty).
func (c *call) reply(event string, payload map[string]any) {
	if c.ack != nil {
		out := map[string]any{"ok": true}
		for k, v := range payload {
			out[k] = v
		}
		c.ack(out)
		return
	}
	if event != "" {
		_ = c.s.Emit(event, payload)
	}
}

// refuse reports a refusal: chatError to the socket, and {ok:false, code,
// message} to the ack.
func (g *Gateway) refuse(c *call, err error) {
	code, msg := chat.ReasonOf(err), chat.MessageOf(err)
	var bad *invalidRequest
	var own *gatewayRefusal
	switch {
	case errors.As(err, &bad):
		code, msg = chat.ReasonInvalid, chat.MsgInvalid
	case errors.As(err, &own):
		code, msg = own.code, own.msg
	}
	if code == chat.ReasonInternal {
		g.log.Error("gateway: request failed", "event", c.event, "profile", c.sess.p.ProfileID, "err", err)
	}
	n := chatErrorNotice{Code: code, Message: msg, Event: c.event}
	n.ToProfileID, _ = c.req.str("toProfileId")
	n.RoomName, _ = c.req.str("roomName")
	n.ClientID, _ = c.req.str("clientId")
	_ = c.s.Emit(EventChatError, n)
	if c.ack != nil {
		c.ack(map[string]any{"ok": false, "code": code, "message": msg})
	}
}

// registerNewUser announces the member online (once per socket) and sends
// the online list and the unread counts.
func (g *Gateway) registerNewUser(c *call) error {
	pid := c.sess.p.ProfileID
	m, err := g.chat.Profile(c.ctx, pid)
	if err != nil {
		return err
	}
	vis, err := g.chat.Visibility(c.ctx, pid)
	if err != nil {
		return err
	}
	first := c.sess.registered.CompareAndSwap(false, true)
	if first {
		// Join the audience of the other gender's announcements before
		// taking the list, so no change falls between the two.
		c.s.Join(genderRoom(m.Gender))
	}
	g.pres.register(c.s, m, vis.HiddenFromOthers, vis.HiddenFromMember, first)
	unread, err := g.chat.Unread(c.ctx, pid)
	if err != nil {
		return err
	}
	_ = c.s.Emit(EventUnreadCounts, unread)
	if c.ack != nil {
		c.ack(map[string]any{"ok": true, "profileID": m.Code})
	}
	return nil
}

// onDisconnect takes the member offline on this node after their last
// registered socket closed.
func (g *Gateway) onDisconnect(sess *session) {
	if sess == nil || !sess.registered.Load() {
		return
	}
	pid := sess.p.ProfileID
	var except []uint64
	if g.pres.lastLocal(pid) {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		vis, err := g.chat.Visibility(ctx, pid)
		cancel()
		if err == nil {
			except = vis.HiddenFromOthers
		}
	}
	g.pres.unregister(pid, except)
}

// getRoomName checks that the member may chat with toProfileId, sends
// initialChatUserMessages and answers {roomName}.
func (g *Gateway) getRoomName(c *call) error {
	to, ok := c.req.str("toProfileId")
	if !ok || strings.TrimSpace(to) == "" {
		return &invalidRequest{}
	}
	o, err := g.chat.Open(c.ctx, c.sess.p.ProfileID, to)
	if err != nil {
		return err
	}
	_ = c.s.Emit(EventInitialMessages, initialMessages{RoomName: o.RoomName, User: o.Partner, Online: g.pres.visible(o.PartnerID) != nil,
		Messages: o.Messages, HasMore: o.HasMore, Unread: o.Unread})
	if c.ack != nil {
		c.ack(map[string]any{"ok": true, "roomName": o.RoomName})
	}
	return nil
}

// sendMessage stores the message; the chat event delivers it to every socket
// of both members. A retried clientId answers the stored message again.
func (g *Gateway) sendMessage(c *call) error {
	room, ok1 := c.req.str("roomName")
	text, ok2 := c.req["message"].(string)
	clientID, ok3 := c.req.str("clientId")
	if !ok1 || !ok2 || !ok3 {
		return &invalidRequest{}
	}
	sent, err := g.chat.Send(c.ctx, chat.SendInput{From: c.sess.p.ProfileID, RoomName: room, Text: text, ClientID: clientID})
	if err != nil {
		return err
	}
	if sent.Duplicate {
		// The first attempt was delivered, or the receiver catches up from
		// history; the author's other tabs get it again (clients dedupe by id).
		_ = g.nsp.To(memberRoom(c.sess.p.ProfileID)).Emit(EventMessage, sent.Message)
	}
	if c.ack != nil {
		c.ack(map[string]any{"ok": true, "message": sent.Message, "duplicate": sent.Duplicate})
	}
	return nil
}

// loadPrevious answers an older page of a room: {roomName, messages, hasMore}.
func (g *Gateway) loadPrevious(c *call) error {
	room, ok1 := c.req.str("roomName")
	before, ok2 := c.req.id("before")
	limit, ok3 := c.req.id("limit")
	if !ok1 || !ok2 || !ok3 {
		return &invalidRequest{}
	}
	p, err := g.chat.History(c.ctx, c.sess.p.ProfileID, room, before, int(min(limit, chat.MaxPageSize)))
	if err != nil {
		return err
	}
	c.reply(EventPreviousMessages, map[string]any{"roomName": p.RoomName, "messages": p.Messages, "hasMore": p.HasMore})
	return nil
}

// loadSince answers the messages after an id, for catching up after a
// reconnection: {roomName, messages, hasMore}.
func (g *Gateway) loadSince(c *call) error {
	room, ok1 := c.req.str("roomName")
	after, ok2 := c.req.id("after")
	limit, ok3 := c.req.id("limit")
	if !ok1 || !ok2 || !ok3 {
		return &invalidRequest{}
	}
	p, err := g.chat.Since(c.ctx, c.sess.p.ProfileID, room, after, int(min(limit, chat.MaxPageSize)))
	if err != nil {
		return err
	}
	c.reply(EventMessagesSince, map[string]any{"roomName": p.RoomName, "messages": p.Messages, "hasMore": p.HasMore})
	return nil
}

// markRead marks a room read (up to lastId when given), answers {roomName,
// unread, total} and sends unreadCounts to every tab of the member.
func (g *Gateway) markRead(c *call) error {
	room, ok1 := c.req.str("roomName")
	upTo, ok2 := c.req.id("lastId")
	if !ok1 || !ok2 {
		return &invalidRequest{}
	}
	pid := c.sess.p.ProfileID
	left, err := g.chat.MarkRead(c.ctx, pid, room, upTo)
	if err != nil {
		return err
	}
	sum, err := g.chat.Unread(c.ctx, pid)
	if err != nil {
		return err
	}
	_ = g.nsp.To(memberRoom(pid)).Emit(EventUnreadCounts, sum)
	if c.ack != nil {
		c.ack(map[string]any{"ok": true, "roomName": room, "unread": left, "total": sum.Total})
	}
	return nil
}

// getUnread answers {total, conversations}.
func (g *Gateway) getUnread(c *call) error {
	sum, err := g.chat.Unread(c.ctx, c.sess.p.ProfileID)
	if err != nil {
		return err
	}
	c.reply(EventUnreadCounts, map[string]any{"total": sum.Total, "conversations": sum.Conversations})
	return nil
}

// getConversations answers {total, conversations}: the member's latest
// conversations, each with its unread count and last message.
func (g *Gateway) getConversations(c *call) error {
	sum, err := g.chat.Conversations(c.ctx, c.sess.p.ProfileID)
	if err != nil {
		return err
	}
	c.reply(EventConversations, map[string]any{"total": sum.Total, "conversations": sum.Conversations})
	return nil
}
