package gateway

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// ScopeOf names the deployment behind db for Options.Scope: "tfm:" and a
// short hash of the engine and the database (the MySQL schema name, or the
// SQLite file). Nodes sharing a database share presence and rooms; another
// database on the same Redis (staging, a parallel test run) is kept apart,
// which matters because profile ids repeat across databases.
func ScopeOf(ctx context.Context, db *store.DB) string {
	var id string
	switch db.Dialect {
	case store.MySQL:
		_ = db.WithContext(ctx).Raw("SELECT DATABASE()").Scan(&id).Error
	case store.SQLite:
		var rows []struct {
			Name string
			File string
		}
		_ = db.WithContext(ctx).Raw("PRAGMA database_list").Scan(&rows).Error
		for _, r := range rows {
			if r.Name == "main" {
				if abs, err := filepath.Abs(r.File); err == nil {
					id = abs
				} else {
					id = r.File
				}
			}
		}
	}
	sum := sha256.Sum256([]byte(string(db.Dialect) + ":" + id))
	return "tfm:" + hex.EncodeToString(sum[:6])
}
