// Package db embeds the versioned migrations (one folder per engine) and the
// seed data into the binary.
package db

import "embed"

// Migrations holds migrations/mysql/*.sql and migrations/sqlite/*.sql.
//
//go:embed migrations
var Migrations embed.FS

// Seed holds the master data and content JSON files under seed/.
//
//go:embed seed
var Seed embed.FS
