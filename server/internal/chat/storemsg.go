package chat

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// messageStmts are the statements that store a message, prepared once on
// the pool and run without GORM's reflection and callbacks (the write
// transaction is the part of a send every other send waits for). GORM's
// prepared-statement cache cannot serve them: a statement it prepares
// inside a transaction is bound to that transaction, so on MySQL every group
// commit would prepare them again. A *sql.Stmt prepared on the pool is
// reused by every later transaction on each connection (sql.Tx.StmtContext).
type messageStmts struct {
	once     sync.Once
	err      error
	bump     map[string]*sql.Stmt // conversation counters, by receiver side, with or without replied_at
	bumpN    map[string]*sql.Stmt // n messages: counters and last_message_id in one statement, by receiver side (insertRows)
	insert   *sql.Stmt
	insertIf *sql.Stmt // the fast path's conditional insert (fastpath.go)
	last     *sql.Stmt

	// The route checks of a group (checkRoutes), by the length of their id
	// list: lists are padded to the next power of two, so that a handful
	// of statements, each prepared once, serve every group.
	routeMu sync.Mutex
	route   map[int][2]*sql.Stmt // states, blocks and reports
}

// routeStmts returns checkRoutes' two statements for n member ids and the
// list length they take (n rounded up to a power of two, at least 8),
// preparing them on first use.
func (m *messageStmts) routeStmts(db *sql.DB, n int) (states, blocks *sql.Stmt, size int, err error) {
	size = 8
	for size < n {
		size *= 2
	}
	m.routeMu.Lock()
	defer m.routeMu.Unlock()
	if p, ok := m.route[size]; ok {
		return p[0], p[1], size, nil
	}
	in := "(?" + strings.Repeat(", ?", size-1) + ")"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if states, err = db.PrepareContext(ctx, "SELECT p.id, p.hidden, u.status FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id IN "+in); err != nil {
		return nil, nil, 0, err
	}
	// Blocks, and reports as the blocks of their authors (barrierSQL).
	if blocks, err = db.PrepareContext(ctx, "SELECT blocker_id, blocked_id FROM blocks WHERE blocker_id IN "+in+" AND blocked_id IN "+in+
		" UNION ALL SELECT reporter_id, reported_id FROM reports WHERE status = 'open' AND reporter_id IN "+in+" AND reported_id IN "+in); err != nil {
		states.Close()
		return nil, nil, 0, err
	}
	if m.route == nil {
		m.route = map[int][2]*sql.Stmt{}
	}
	m.route[size] = [2]*sql.Stmt{states, blocks}
	return states, blocks, size, nil
}

// prepare prepares the statements once; a failure leaves Send on GORM.
func (m *messageStmts) prepare(db *sql.DB) error {
	m.once.Do(func() {
		// Not the caller's context: one caller's deadline must not decide
		// for every later send.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		prep := func(q string) *sql.Stmt {
			if m.err != nil {
				return nil
			}
			st, err := db.PrepareContext(ctx, q)
			m.err = err
			return st
		}
		m.bump = map[string]*sql.Stmt{}
		m.bumpN = map[string]*sql.Stmt{}
		for _, side := range []string{"low", "high"} {
			base := "UPDATE chat_conversations SET message_count = message_count + 1, updated_at = ?, " + side + "_unread = " + side + "_unread + 1"
			m.bump[side] = prep(base + " WHERE id = ?")
			m.bump[side+"+r"] = prep(base + ", replied_at = ? WHERE id = ?")
			m.bumpN[side] = prep("UPDATE chat_conversations SET message_count = message_count + ?, updated_at = ?, " + side + "_unread = " + side +
				"_unread + ?, last_message_id = CASE WHEN last_message_id < ? THEN ? ELSE last_message_id END WHERE id = ?")
		}
		m.insertIf = prep(insertIfSQL)
		m.insert = prep("INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, warning, created_at) VALUES (?, ?, ?, ?, ?, ?)")
		m.last = prep("UPDATE chat_conversations SET last_message_id = ? WHERE id = ? AND last_message_id < ?")
	})
	return m.err
}

// storeMessage writes row inside tx: it updates the conversation first
// (its row lock orders concurrent senders of one pair on MySQL, so ids
// follow commit order), inserts the message (setting row.ID) and records
// last_message_id. A reused client id gives errDuplicate.
func (s *Service) storeMessage(tx *gorm.DB, row *messageRow, conv *conversation, receiver uint64, replied bool, now time.Time) error {
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	ctx := tx.Statement.Context
	if !ok || s.stmts.prepare(s.db.SQL()) != nil { // prepared by Send beforehand; this only reads the outcome
		return s.storeMessageGORM(tx, row, conv, receiver, replied, now)
	}
	key := side(receiver, conv.LowID)
	args := []any{now}
	if replied {
		key += "+r"
		args = append(args, now)
	}
	if _, err := sqlTx.StmtContext(ctx, s.stmts.bump[key]).ExecContext(ctx, append(args, conv.ID)...); err != nil {
		return err
	}
	if err := s.insertRow(ctx, sqlTx, row); err != nil {
		return err
	}
	_, err := sqlTx.StmtContext(ctx, s.stmts.last).ExecContext(ctx, row.ID, conv.ID, row.ID)
	return err
}

// insertRow inserts row with the prepared statement and sets row.ID; a
// reused client id gives errDuplicate.
func (s *Service) insertRow(ctx context.Context, tx *sql.Tx, row *messageRow) error {
	res, err := tx.StmtContext(ctx, s.stmts.insert).ExecContext(ctx, row.ConversationID, row.SenderID, row.clientIDArg(), row.Body, row.Warning, row.CreatedAt)
	if err != nil {
		if store.IsUniqueViolation(err) {
			return errDuplicate
		}
		return err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return err
	}
	row.ID = uint64(id)
	return nil
}

// clientIDArg is the client_id argument of an insert: NULL when absent.
func (r *messageRow) clientIDArg() any {
	if r.ClientID == nil {
		return nil
	}
	return *r.ClientID
}

// storeMessageGORM is storeMessage through GORM, for a transaction that is
// not a plain *sql.Tx.
func (s *Service) storeMessageGORM(tx *gorm.DB, row *messageRow, conv *conversation, receiver uint64, replied bool, now time.Time) error {
	upd := map[string]any{"message_count": gorm.Expr("message_count + 1"), "updated_at": now}
	other := side(receiver, conv.LowID)
	upd[other+"_unread"] = gorm.Expr(other + "_unread + 1")
	if replied {
		upd["replied_at"] = now
	}
	if err := tx.Table("chat_conversations").Where("id = ?", conv.ID).Updates(upd).Error; err != nil {
		return err
	}
	if err := tx.Create(row).Error; err != nil {
		if store.IsUniqueViolation(err) {
			return errDuplicate
		}
		return err
	}
	return tx.Table("chat_conversations").Where("id = ? AND last_message_id < ?", conv.ID, row.ID).
		Update("last_message_id", row.ID).Error
}
