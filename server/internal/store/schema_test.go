package store_test

import (
	"database/sql"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// columns returns "table.column" for every application table.
func columns(t *testing.T, d *store.DB) []string {
	t.Helper()
	var out []string
	switch d.Dialect {
	case store.MySQL:
		var rows []struct{ TableName, ColumnName string }
		err := d.Raw(`SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name FROM information_schema.COLUMNS
			WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME <> 'goose_db_version'`).Scan(&rows).Error
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			out = append(out, r.TableName+"."+r.ColumnName)
		}
	case store.SQLite:
		var tables []string
		err := d.Raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version'`).Scan(&tables).Error
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range tables {
			var cols []struct{ Name string }
			if err := d.Raw(`SELECT name FROM pragma_table_info(?)`, tb).Scan(&cols).Error; err != nil {
				t.Fatal(err)
			}
			for _, c := range cols {
				out = append(out, tb+"."+c.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestMigrationsGiveSameSchemaOnBothEngines(t *testing.T) {
	if os.Getenv("TEST_MYSQL_DSN") == "" {
		if os.Getenv("TFM_REQUIRE_SERVICES") != "" {
			t.Fatal("TFM_REQUIRE_SERVICES is set but TEST_MYSQL_DSN is not")
		}
		t.Skip("TEST_MYSQL_DSN unset: the MySQL side of the comparison cannot run (CI sets it)")
	}
	engines := storetest.Engines(t)
	lite, my := columns(t, engines[store.SQLite]), columns(t, engines[store.MySQL])
	if len(lite) < 100 {
		t.Fatalf("only %d columns in SQLite; migrations did not run?", len(lite))
	}
	if strings.Join(lite, "\n") != strings.Join(my, "\n") {
		onlyL, onlyM := diff(lite, my), diff(my, lite)
		t.Fatalf("schemas differ\nonly in SQLite: %v\nonly in MySQL: %v", onlyL, onlyM)
	}
}

func TestMigrateIsIdempotent(t *testing.T) {
	for name, d := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			if err := d.Migrate(t.Context()); err != nil {
				t.Fatalf("second migrate: %v", err)
			}
		})
	}
}

func diff(a, b []string) []string {
	set := map[string]bool{}
	for _, x := range b {
		set[x] = true
	}
	var out []string
	for _, x := range a {
		if !set[x] {
			out = append(out, x)
		}
	}
	return out
}

func TestSQLiteConnectionsKeepTheirPragmas(t *testing.T) {
	d, err := store.Open(store.Options{SQLitePath: t.TempDir() + "/tfm.db"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	// Every pooled connection, not just the first one opened.
	conns := make([]*sql.Conn, 4)
	for i := range conns {
		if conns[i], err = d.SQL().Conn(t.Context()); err != nil {
			t.Fatal(err)
		}
		defer conns[i].Close()
	}
	want := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "synchronous": "1", "temp_store": "2", "busy_timeout": "10000", "cache_size": "-256", "cache_spill": "0"}
	for i, c := range conns {
		for pragma, v := range want {
			var got string
			if err := c.QueryRowContext(t.Context(), "PRAGMA "+pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != v {
				t.Errorf("connection %d: PRAGMA %s = %s, want %s", i, pragma, got, v)
			}
		}
	}
}
