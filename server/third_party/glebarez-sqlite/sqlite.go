// Package sqlite stands in for github.com/glebarez/sqlite, which Casbin's GORM
// adapter (github.com/casbin/gorm-adapter/v3) imports so that it can open a
// SQLite file by itself. That package registers the pure-Go driver name
// "sqlite", and so does modernc.org/sqlite, which our store uses (through
// github.com/libtnb/sqlite); two registrations of one name make database/sql
// panic at start-up. We never let the adapter open a database (it is handed
// ours: rbac.New), so this shim only keeps its one call, Open, compiling,
// over the driver the rest of the service already uses. go.mod replaces the
// module with this folder.
package sqlite

import (
	libtnb "github.com/libtnb/sqlite"
	"gorm.io/gorm"
)

// DriverName is the dialector's name, which the adapter compares its
// database's dialect with (libtnb/sqlite names itself the same).
const DriverName = "sqlite"

// Open returns a GORM dialector for the SQLite file or DSN dsn.
func Open(dsn string) gorm.Dialector { return libtnb.Open(dsn) }
