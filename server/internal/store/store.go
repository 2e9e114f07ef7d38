// Package store opens the database (MySQL, or embedded SQLite when no DSN is
// configured), applies the embedded migrations and translates driver errors
// into apperr kinds at the boundary.
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	mysqldrv "github.com/go-sql-driver/mysql"
	"github.com/libtnb/sqlite"
	"github.com/pressly/goose/v3"
	"gorm.io/driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/tfmmatrimony/tfm/db"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// Dialect names the database engine in use.
type Dialect string

// The supported engines.
const (
	MySQL  Dialect = "mysql"
	SQLite Dialect = "sqlite"
)

// DB is the GORM handle plus the engine it talks to.
type DB struct {
	*gorm.DB
	Dialect Dialect
}

// Options say where the database is.
type Options struct {
	DSN        string // MySQL DSN; empty means SQLite at SQLitePath
	SQLitePath string
	Log        *slog.Logger
}

// Open connects to the configured database and tunes its pool.
func Open(opts Options) (*DB, error) {
	gcfg := &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) },
	}
	if opts.DSN != "" {
		dsn, err := normaliseMySQLDSN(opts.DSN)
		if err != nil {
			return nil, err
		}
		g, err := gorm.Open(mysql.Open(dsn), gcfg)
		if err != nil {
			return nil, fmt.Errorf("store: opening MySQL: %w", err)
		}
		// As many idle connections as open ones: database/sql's default keeps 2, so
		// under a connect storm or a chat burst connections were closed and reopened
		// continuously. Idle ones are still closed after five quiet minutes.
		sqlDB, _ := g.DB()
		sqlDB.SetMaxOpenConns(50)
		sqlDB.SetMaxIdleConns(50)
		sqlDB.SetConnMaxLifetime(30 * time.Minute)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
		return &DB{DB: g, Dialect: MySQL}, nil
	}
	if err := os.MkdirAll(filepath.Dir(opts.SQLitePath), 0o750); err != nil {
		return nil, fmt.Errorf("store: creating database folder: %w", err)
	}
	// WAL lets readers run beside the single writer; busy_timeout makes writers
	// queue instead of failing with SQLITE_BUSY; foreign keys are off by default in SQLite.
	// temp_store(MEMORY) keeps statement journals in memory: a statement
	// inside a transaction (the chat's group commit) otherwise wrote every page
	// it touched to a temporary file first, a write system call each, about a
	// tenth of the server's CPU at 5,000 messages a second.
	// cache_size(-256) gives each of the four pooled connections a 256 kB
	// page cache instead of SQLite's 2 MB: each connection caches its own
	// copy of the same hot pages, the kernel's page cache holds the file
	// anyway, and the pure-Go SQLite's allocator keeps what a cache once
	// held. cache_spill(0) lets a write transaction keep its dirty pages
	// beyond that instead of writing them out mid-transaction (the chat's
	// group commit touches a few hundred). With 5,000 members connecting,
	// the 2 MB caches were about 2 kB of the server's resident memory per
	// member; the chat benchmark's throughput and the connect rates did not
	// drop with the small ones. It is a fixed cost, not a per-connection one:
	// the benchmark spreads it over the members.
	dsn := opts.SQLitePath + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-256)&_pragma=cache_spill(0)&_txlock=immediate"
	// The driver is modernc.org/sqlite (pure Go, so no C compiler is
	// needed), through libtnb/sqlite's GORM dialector. The glebarez fork
	// used before compiled a prepared statement again on every run; this
	// one keeps it compiled per connection. (Measured side by side, the
	// chat's throughput ceiling did not move: parsing was not what bounds it.)
	g, err := gorm.Open(sqlite.Open(dsn), gcfg)
	if err != nil {
		return nil, fmt.Errorf("store: opening SQLite: %w", err)
	}
	// Keep every connection open: opening one runs the pragmas above again.
	sqlDB, _ := g.DB()
	sqlDB.SetMaxOpenConns(4)
	sqlDB.SetMaxIdleConns(4)
	return &DB{DB: g, Dialect: SQLite}, nil
}

// normaliseMySQLDSN makes sure times are parsed and text is utf8mb4 whatever the operator wrote.
func normaliseMySQLDSN(dsn string) (string, error) {
	cfg, err := mysqldrv.ParseDSN(dsn)
	if err != nil {
		return "", fmt.Errorf("store: DB_DSN is not a valid MySQL DSN: %w", err)
	}
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	if cfg.Params == nil {
		cfg.Params = map[string]string{}
	}
	cfg.Params["charset"] = "utf8mb4"
	cfg.Collation = "utf8mb4_unicode_ci"
	cfg.MultiStatements = true
	// Arguments are written into the statement by the driver (escaped for
	// utf8mb4, which it only does for charsets where that is safe), so a
	// query is one round trip. Without it every query with an argument is a
	// server-side PREPARE, EXECUTE and CLOSE: three round trips instead of one.
	cfg.InterpolateParams = true
	return cfg.FormatDSN(), nil
}

// SQL returns the underlying database/sql handle.
func (d *DB) SQL() *sql.DB {
	s, _ := d.DB.DB()
	return s
}

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.SQL().PingContext(ctx) }

// Close closes the pool.
func (d *DB) Close() error { return d.SQL().Close() }

// Migrate applies every embedded migration for this engine that is not yet applied.
func (d *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(db.Migrations, "migrations/"+string(d.Dialect))
	if err != nil {
		return err
	}
	dialect := goose.DialectMySQL
	if d.Dialect == SQLite {
		dialect = goose.DialectSQLite3
	}
	p, err := goose.NewProvider(dialect, d.SQL(), sub)
	if err != nil {
		return fmt.Errorf("store: preparing migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrating: %w", err)
	}
	return nil
}

// MaxInList is how many ids one "IN ?" statement takes at most: MySQL allows
// 65,535 placeholders in a statement, so a longer list is read in
// slices.Chunk(ids, MaxInList) parts.
const MaxInList = 5000

// MsgUnavailable is the message members read when the database (or another
// backing service) does not answer.
const MsgUnavailable = "The service is briefly unavailable, please try again in a moment"

// Translate turns driver errors into apperr kinds: not found, unique
// violations, and outages (Unavailable, see IsOutage). Other errors become
// Internal, keeping the cause for logs.
func Translate(err error, notFoundMsg, conflictMsg string) error {
	if err == nil {
		return nil
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	if IsOutage(err) {
		return apperr.Wrap(apperr.Unavailable, MsgUnavailable, err)
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return apperr.Wrap(apperr.NotFound, notFoundMsg, err)
	}
	if IsUniqueViolation(err) {
		return apperr.Wrap(apperr.Conflict, conflictMsg, err)
	}
	return apperr.Wrap(apperr.Internal, "Something went wrong, please try again", err)
}

// IsUniqueViolation reports a MySQL 1062 or a SQLite UNIQUE constraint failure.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	var me *mysqldrv.MySQLError
	if errors.As(err, &me) {
		return me.Number == 1062
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// outageMySQL are the MySQL/MariaDB server errors that say the server is
// overloaded, going away or read-only (a failover), not that the statement is wrong.
var outageMySQL = map[uint16]bool{
	1040: true, // ER_CON_COUNT_ERROR: too many connections
	1053: true, // ER_SERVER_SHUTDOWN
	1129: true, // ER_HOST_IS_BLOCKED (too many connection errors)
	1158: true, // ER_NET_READ_ERROR
	1159: true, // ER_NET_READ_INTERRUPTED
	1160: true, // ER_NET_ERROR_ON_WRITE
	1161: true, // ER_NET_WRITE_INTERRUPTED
	1203: true, // ER_TOO_MANY_USER_CONNECTIONS
	1205: true, // ER_LOCK_WAIT_TIMEOUT (IsTransient; still failing after Retry)
	1213: true, // ER_LOCK_DEADLOCK (likewise)
	1226: true, // ER_USER_LIMIT_REACHED
	1290: true, // ER_OPTION_PREVENTS_STATEMENT: --read-only during a failover
	1836: true, // ER_READ_ONLY_MODE
	1927: true, // ER_CONNECTION_KILLED (MariaDB)
}

// outageText are fragments of error texts with no type to test: database/sql's
// closed pool, SQLite's busy, I/O, full-disk and cannot-open errors (the
// pure-Go driver's codes are not worth a direct dependency), and socket
// errors that reach us as text only.
var outageText = []string{
	"sql: database is closed",
	"database is locked", // SQLITE_BUSY after busy_timeout; SQLITE_LOCKED ("database table is locked") is a bug, not an outage
	"SQLITE_BUSY",
	"disk I/O error",
	"database or disk is full",
	"unable to open database file",
	"connection refused",
	"connection reset by peer",
	"broken pipe",
}

// IsOutage reports an error that says the database, or another service the
// request needs, cannot be reached or cannot take the work right now: a dead
// or closed connection pool, a network error, a server shutting down, out of
// connections, read-only or busy past its lock timeouts, or a deadline that
// ran out (waiting for a pooled connection looks the same as a slow query,
// and both are the server being overloaded). Running the request again a
// little later can succeed, so these are answered 503 with Retry-After, not
// 500. Bugs stay out: syntax errors, constraint violations, a transaction
// used after commit (sql.ErrTxDone), SQLITE_LOCKED, access denied (a
// configuration error no retry fixes), and a context the caller cancelled.
func IsOutage(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, mysqldrv.ErrInvalidConn) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var me *mysqldrv.MySQLError
	if errors.As(err, &me) {
		return outageMySQL[me.Number]
	}
	var ne net.Error // *net.OpError (refused, reset, dial timeout), *net.DNSError, *url.Error
	if errors.As(err, &ne) {
		return true
	}
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	s := err.Error()
	for _, frag := range outageText {
		if strings.Contains(s, frag) {
			return true
		}
	}
	return false
}

// IsTransient reports a MySQL deadlock (1213) or lock-wait timeout (1205), or a
// busy SQLite file: errors where running the same statement again succeeds.
func IsTransient(err error) bool {
	if err == nil {
		return false
	}
	var me *mysqldrv.MySQLError
	if errors.As(err, &me) {
		return me.Number == 1213 || me.Number == 1205
	}
	s := err.Error()
	return strings.Contains(s, "database is locked") || strings.Contains(s, "SQLITE_BUSY")
}

// Retry runs fn up to attempts times while it fails with a transient lock
// error (see IsTransient), waiting a little longer before each new try.
func Retry(ctx context.Context, attempts int, fn func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); !IsTransient(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(5*(i+1)) * time.Millisecond):
		}
	}
	return err
}

// TimeText reads a time a query returned as text: as MySQL prints it through
// database/sql (RFC 3339, when scanned into a string) or as SQLite stores it
// (its text form, which it returns as is where a column's type is lost, as
// in a UNION); zero when it reads neither.
func TimeText(v string) time.Time {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t
		}
	}
	return time.Time{}
}
