// Package storetest opens migrated scratch databases for tests: always an
// SQLite file, and a fresh MySQL database when TEST_MYSQL_DSN is set (CI sets
// it), so every store test runs on both engines.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	mysqldrv "github.com/go-sql-driver/mysql"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Engines returns migrated, empty databases, one per engine available to this run.
func Engines(t testing.TB) map[store.Dialect]*store.DB {
	t.Helper()
	out := map[store.Dialect]*store.DB{store.SQLite: SQLite(t)}
	if dsn := os.Getenv("TEST_MYSQL_DSN"); dsn != "" {
		out[store.MySQL] = MySQL(t, dsn)
	}
	return out
}

// SQLite opens a migrated database in a temporary folder.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	d, err := store.Open(store.Options{SQLitePath: filepath.Join(t.TempDir(), "test.db"), Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

// MySQL creates a uniquely named database on the server behind dsn, migrates
// it, and drops it when the test ends.
func MySQL(t testing.TB, dsn string) *store.DB {
	t.Helper()
	cfg, err := mysqldrv.ParseDSN(dsn)
	if err != nil {
		t.Fatalf("TEST_MYSQL_DSN: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "tfm_t_" + hex.EncodeToString(b)
	admin, err := store.Open(store.Options{DSN: dsn, Log: quiet()})
	if err != nil {
		t.Fatalf("TEST_MYSQL_DSN is set but MySQL is unreachable: %v", err)
	}
	if err := admin.Exec(fmt.Sprintf("CREATE DATABASE `%s` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci", name)).Error; err != nil {
		t.Fatalf("creating scratch database: %v", err)
	}
	cfg.DBName = name
	d, err := store.Open(store.Options{DSN: cfg.FormatDSN(), Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		d.Close()
		admin.Exec(fmt.Sprintf("DROP DATABASE IF EXISTS `%s`", name))
		admin.Close()
	})
	if err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

// MySQLDSN returns a DSN for a fresh scratch database (for tests that start
// the whole binary), or "" when TEST_MYSQL_DSN is unset.
func MySQLDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("TEST_MYSQL_DSN")
	if dsn == "" {
		return ""
	}
	d := MySQL(t, dsn)
	var name string
	d.Raw("SELECT DATABASE()").Scan(&name)
	cfg, _ := mysqldrv.ParseDSN(dsn)
	cfg.DBName = name
	return cfg.FormatDSN()
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
