package chat

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// The send fast path. Most messages belong to an established conversation:
// the partner started it, or the partner has replied, and the sender is past
// the early messages the safety check reads. There, mayWrite comes down to
// "the partner is still active and not hidden, the sender is still active,
// and no block or report stands between them" — everything else (plan,
// invitation, chat setting) only decides who may start a chat. So the service remembers,
// per sender and room, who the two are and which conversation it is
// (a route), and checks what can still change inside the transaction that
// stores the message: on MySQL an INSERT … SELECT that inserts nothing when
// either member is gone or suspended, the partner hidden, or a block or a
// report exists;
// on SQLite two queries at the start of the group transaction that answer
// the same for every message of the group (checkRoutes). Nothing read
// outside the write transaction decides, so a block or a ban committed on
// another node is honoured exactly as on the slow path; no cache has to be
// told of it. When the check finds the route revoked, the route is dropped
// and the send runs the slow path, which gives the precise refusal.
//
// The slow path reads three rows per send (both members, the conversation,
// blocks); on SQLite, with a driver that then parsed every statement on
// every run, those reads were 45% of a send's CPU.

// maxRoutes bounds the route cache; it is emptied when full (a route is
// rebuilt by one slow send).
const maxRoutes = 100_000

// errRevoked: the fast path's check found the route no longer allowed.
var errRevoked = errors.New("chat: route revoked")

// routeKey names a route: the sender and the room.
type routeKey struct {
	from uint64
	room string
}

// route is what a fast send needs; it never changes once made.
type route struct {
	me, partner party
	convID      uint64
	lowID       uint64
}

// routes caches routes for this node.
type routes struct {
	mu sync.RWMutex
	m  map[routeKey]*route
}

func (r *routes) get(k routeKey) *route {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.m[k]
}

func (r *routes) put(k routeKey, v *route) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil || len(r.m) >= maxRoutes {
		r.m = make(map[routeKey]*route)
	}
	r.m[k] = v
}

func (r *routes) drop(k routeKey) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.m, k)
}

// remember keeps the route of a send that the slow path just stored, when
// the conversation is established for the sender: the partner started it or
// has replied, and the sender is past their early messages (sent, before
// this one, as sentEarly counts), so screening, which the fast path skips,
// would not apply.
func (s *Service) remember(room string, me, partner *party, conv *conversation, sent int) {
	established := conv.StartedBy == partner.ID || conv.RepliedAt != nil
	if !established || sent+1 < EarlyChatMessages {
		return
	}
	s.routes.put(routeKey{me.ID, room}, &route{me: *me, partner: *partner, convID: conv.ID, lowID: conv.LowID})
}

// sendFast stores and publishes a message over a cached route; Send has
// applied the rate limit. ok is false when there is no route, it was
// revoked, or the client id was used before: the caller runs the slow path,
// which refuses precisely or reads the earlier message back.
func (s *Service) sendFast(ctx context.Context, in SendInput, text string, clientID *string) (sent *Sent, ok bool, err error) {
	k := routeKey{in.From, in.RoomName}
	rt := s.routes.get(k)
	if rt == nil || s.stmts.prepare(s.db.SQL()) != nil {
		return nil, false, nil
	}
	me, partner := &rt.me, &rt.partner
	l := s.pairLock(me.ID, partner.ID)
	l.Lock()
	defer l.Unlock()
	now := s.clock()
	row := &messageRow{ConversationID: rt.convID, SenderID: me.ID, ClientID: clientID, Body: text, CreatedAt: now}
	req := &writeReq{route: rt, row: row, done: make(chan error, 1)}
	if s.db.Dialect != store.SQLite {
		req.row, req.fn = nil, func(tx *gorm.DB) error { return s.storeRouted(tx, row, rt, now) }
	}
	err = s.enqueue(req)
	switch {
	case errors.Is(err, errRevoked):
		s.routes.drop(k)
		return nil, false, nil
	case errors.Is(err, errDuplicate):
		return nil, false, nil // the slow path reads back the stored message
	case err != nil:
		return nil, true, internal(err)
	}
	codes := codesOf(me, partner)
	sent = &Sent{Message: toMessage(*row, in.RoomName, codes), PartnerID: partner.ID}
	msg := sent.Message
	s.publish(ctx, Event{Kind: EventMessage, From: me.ID, To: partner.ID, Message: &msg})
	return sent, true, nil
}

// storeRouted writes row over rt inside tx on MySQL: the conversation row
// is updated first, as in storeMessage, so that its lock orders concurrent
// senders of the pair on different nodes; the insert itself checks the
// route (insertIfSQL, whose reads lock what they read), and the savepoint
// of the group commit undoes the update when it inserts nothing.
func (s *Service) storeRouted(tx *gorm.DB, row *messageRow, rt *route, now time.Time) error {
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	if !ok {
		return errRevoked // not a plain transaction: let the slow path store it
	}
	ctx := tx.Statement.Context
	if _, err := sqlTx.StmtContext(ctx, s.stmts.bump[side(rt.partner.ID, rt.lowID)]).ExecContext(ctx, now, rt.convID); err != nil {
		return err
	}
	res, err := sqlTx.StmtContext(ctx, s.stmts.insertIf).ExecContext(ctx,
		row.ConversationID, row.SenderID, row.clientIDArg(), row.Body, row.Warning, row.CreatedAt,
		rt.me.ID, rt.partner.ID, account.StatusActive,
		rt.me.ID, rt.partner.ID, rt.partner.ID, rt.me.ID,
		rt.me.ID, rt.partner.ID, rt.partner.ID, rt.me.ID)
	if err != nil {
		if store.IsUniqueViolation(err) {
			return errDuplicate
		}
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		if err == nil {
			err = errRevoked
		}
		return err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return err
	}
	row.ID = uint64(id)
	_, err = sqlTx.StmtContext(ctx, s.stmts.last).ExecContext(ctx, row.ID, rt.convID, row.ID)
	return err
}

// insertRows inserts, on SQLite, the rows of the group's fast-path sends
// that checkRoutes let through, one prepared INSERT each (the driver keeps
// the compiled statement, so no row is parsed), then makes one counter
// update per conversation and receiving side. The transaction holds
// SQLite's only write lock from its start, so nothing can change between
// the check and the inserts, and ids follow the order of the rows. A reused
// client id fails its own statement only (SQLite undoes a failed statement
// alone): that row gets errDuplicate and the others go on.
func (s *Service) insertRows(ctx context.Context, tx *gorm.DB, batch []*writeReq, revoked []bool, errs []error) error {
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	if !ok {
		return errors.New("chat: a group transaction is not a *sql.Tx")
	}
	var idx []int
	for i, r := range batch {
		if r.row == nil || revoked[i] {
			continue
		}
		switch err := s.insertRow(ctx, sqlTx, r.row); {
		case errors.Is(err, errDuplicate):
			errs[i] = errDuplicate
		case err != nil:
			return err
		default:
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	// Counters: one update per conversation and receiving side.
	type bumpKey struct {
		conv uint64
		recv string
	}
	type bumpVal struct {
		n    int
		last uint64
		now  time.Time
	}
	bumps := map[bumpKey]*bumpVal{}
	var order []bumpKey
	for _, i := range idx {
		rt, row := batch[i].route, batch[i].row
		k := bumpKey{rt.convID, side(rt.partner.ID, rt.lowID)}
		b := bumps[k]
		if b == nil {
			b = &bumpVal{}
			bumps[k] = b
			order = append(order, k)
		}
		b.n++
		b.last = max(b.last, row.ID)
		if row.CreatedAt.After(b.now) {
			b.now = row.CreatedAt
		}
	}
	for _, k := range order {
		b := bumps[k]
		if _, err := sqlTx.StmtContext(ctx, s.stmts.bumpN[k.recv]).ExecContext(ctx, b.n, b.now, b.n, b.last, b.last, k.conv); err != nil {
			return err
		}
	}
	return nil
}

// checkRoutes tells, on SQLite, which routed writes of a group are no
// longer allowed: the sender is not active, the partner is not active or is
// hidden, or a block or a report stands between them (the blocks query
// reads reports as well). Two queries serve the whole group (a conditional
// insert per message cost 40% of a send's CPU there), both prepared once
// per size of id list (routeStmts).
// On MySQL every routed insert checks itself (insertIfSQL).
func (s *Service) checkRoutes(ctx context.Context, tx *gorm.DB, batch []*writeReq) ([]bool, error) {
	revoked := make([]bool, len(batch))
	if s.db.Dialect != store.SQLite {
		return revoked, nil
	}
	var ids []any
	seen := map[uint64]bool{}
	for _, r := range batch {
		if r.route == nil {
			continue
		}
		for _, id := range []uint64{r.route.me.ID, r.route.partner.ID} {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return revoked, nil
	}
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	if !ok {
		return nil, errors.New("chat: a group transaction is not a *sql.Tx")
	}
	statesStmt, blocksStmt, size, err := s.stmts.routeStmts(s.db.SQL(), len(ids))
	if err != nil {
		return nil, err
	}
	for len(ids) < size { // pad with a repeat: IN does not mind
		ids = append(ids, ids[0])
	}
	active, visible := map[uint64]bool{}, map[uint64]bool{}
	err = queryEach(ctx, sqlTx.StmtContext(ctx, statesStmt), ids, func(rows *sql.Rows) error {
		var id uint64
		var hidden bool
		var status string
		if err := rows.Scan(&id, &hidden, &status); err != nil {
			return err
		}
		active[id] = status == account.StatusActive
		visible[id] = active[id] && !hidden
		return nil
	})
	if err != nil {
		return nil, err
	}
	blocked := map[[2]uint64]bool{}
	err = queryEach(ctx, sqlTx.StmtContext(ctx, blocksStmt), slices.Concat(ids, ids, ids, ids), func(rows *sql.Rows) error {
		var b [2]uint64
		if err := rows.Scan(&b[0], &b[1]); err != nil {
			return err
		}
		blocked[b] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i, r := range batch {
		if rt := r.route; rt != nil {
			revoked[i] = !active[rt.me.ID] || !visible[rt.partner.ID] ||
				blocked[[2]uint64{rt.me.ID, rt.partner.ID}] || blocked[[2]uint64{rt.partner.ID, rt.me.ID}]
		}
	}
	return revoked, nil
}

// queryEach runs st with args and calls scan for every row.
func queryEach(ctx context.Context, st *sql.Stmt, args []any, scan func(*sql.Rows) error) error {
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// insertIfSQL inserts a message only while both members are active, the
// partner is not hidden, and no block and no report exists either way (a
// report counts as a block by its author, see barrierSQL). Arguments: the
// six columns, then the sender's id (mp), the partner's (p), the active
// status, then the pair twice (sender, partner, partner, sender) for the
// block check and twice again for the report check.
const insertIfSQL = `INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, warning, created_at)
SELECT ?, ?, ?, ?, ?, ? FROM profiles p JOIN users u ON u.id = p.user_id
JOIN profiles mp ON mp.id = ? JOIN users mu ON mu.id = mp.user_id
WHERE p.id = ? AND p.hidden = 0 AND u.status = mu.status AND mu.status = ?
AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ? AND b.blocked_id = ?) OR (b.blocker_id = ? AND b.blocked_id = ?))
AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.status = 'open' AND ((r.reporter_id = ? AND r.reported_id = ?) OR (r.reporter_id = ? AND r.reported_id = ?)))`
