package store_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"testing"
	"time"

	mysqldrv "github.com/go-sql-driver/mysql"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func TestIsOutage(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"OKBadConn", fmt.Errorf("query: %w", driver.ErrBadConn), true},
		{"OKMySQLInvalidConn", mysqldrv.ErrInvalidConn, true},
		{"OKPoolClosed", errors.New("sql: database is closed"), true},
		{"OKDeadline", fmt.Errorf("waiting for a connection: %w", context.DeadlineExceeded), true},
		{"OKTooManyConnections", &mysqldrv.MySQLError{Number: 1040, Message: "Too many connections"}, true},
		{"OKServerShutdown", &mysqldrv.MySQLError{Number: 1053}, true},
		{"OKReadOnlyFailover", &mysqldrv.MySQLError{Number: 1290}, true},
		{"OKDeadlockAfterRetries", &mysqldrv.MySQLError{Number: 1213}, true},
		{"OKSQLiteBusy", errors.New("database is locked (5) (SQLITE_BUSY)"), true},
		{"OKSQLiteDiskFull", errors.New("database or disk is full (13)"), true},
		{"ErrNil", nil, false},
		{"ErrCallerCancelled", fmt.Errorf("query: %w", context.Canceled), false},
		{"ErrSyntax", &mysqldrv.MySQLError{Number: 1064, Message: "You have an error in your SQL syntax"}, false},
		{"ErrAccessDenied", &mysqldrv.MySQLError{Number: 1045}, false},
		{"ErrDuplicate", &mysqldrv.MySQLError{Number: 1062}, false},
		{"ErrTxDone", sql.ErrTxDone, false},
		{"ErrSQLiteTableLocked", errors.New("database table is locked (6) (SQLITE_LOCKED)"), false},
		{"ErrNotFound", gorm.ErrRecordNotFound, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := store.IsOutage(c.err); got != c.want {
				t.Fatalf("IsOutage(%v) = %v, want %v", c.err, got, c.want)
			}
		})
	}
}

// wantUnavailable checks that Translate makes err a 503-kind error with the outage message.
func wantUnavailable(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	e, ok := apperr.As(store.Translate(err, "not found", "conflict"))
	if !ok || e.Kind != apperr.Unavailable || e.Message != store.MsgUnavailable {
		t.Fatalf("Translate(%v) = %+v", err, e)
	}
}

func TestTranslateOutages(t *testing.T) {
	t.Run("ErrMySQLUnreachable", func(t *testing.T) {
		// Nothing listens on port 1: connection refused, as when MySQL is down.
		_, err := store.Open(store.Options{DSN: "root@tcp(127.0.0.1:1)/tfm?timeout=1s"})
		if !store.IsOutage(err) {
			t.Fatalf("IsOutage(%v) = false", err)
		}
	})
	for dialect, d := range storetest.Engines(t) {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			t.Run("ErrBugsStayInternal", func(t *testing.T) {
				err := store.Translate(d.Exec("SELEC 1").Error, "", "")
				if apperr.KindOf(err) != apperr.Internal {
					t.Fatalf("syntax error: %v is %s", err, apperr.KindOf(err))
				}
				if err := d.Exec("CREATE TABLE outage_probe (k VARCHAR(10) PRIMARY KEY)").Error; err != nil {
					t.Fatal(err)
				}
				d.Exec("INSERT INTO outage_probe (k) VALUES ('a')")
				err = store.Translate(d.Exec("INSERT INTO outage_probe (k) VALUES ('a')").Error, "", "taken")
				if apperr.KindOf(err) != apperr.Conflict {
					t.Fatalf("duplicate: %v is %s", err, apperr.KindOf(err))
				}
			})
			t.Run("ErrNoFreeConnectionInTime", func(t *testing.T) {
				d.SQL().SetMaxOpenConns(1) // the pool is closed by the last subtest anyway
				held, err := d.SQL().Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer held.Close()
				qctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
				defer cancel()
				var n int
				wantUnavailable(t, d.WithContext(qctx).Raw("SELECT 1").Scan(&n).Error)
			})
			t.Run("ErrCancelledIsNotAnOutage", func(t *testing.T) {
				cctx, cancel := context.WithCancel(ctx)
				cancel()
				var n int
				err := d.WithContext(cctx).Raw("SELECT 1").Scan(&n).Error
				if err == nil || store.IsOutage(err) {
					t.Fatalf("cancelled query: %v", err)
				}
			})
			t.Run("ErrPoolClosed", func(t *testing.T) { // last: the database stays closed
				d.SQL().Close()
				var n int
				wantUnavailable(t, d.WithContext(ctx).Raw("SELECT 1").Scan(&n).Error)
				wantUnavailable(t, d.WithContext(ctx).Table("outage_probe").Where("k = ?", "a").First(&struct{ K string }{}).Error)
			})
		})
	}
}
