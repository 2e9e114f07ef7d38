// Package pagination clamps the skip/limit pairs that list endpoints accept
// (spec §9: default page size 10, some lists 25, ordered lists 100).
package pagination

// Default and maximum page sizes.
const (
	DefaultLimit = 10
	MaxLimit     = 100
)

// Page is a validated window into a list.
type Page struct {
	Skip  int `json:"skip"`
	Limit int `json:"limit"`
}

// New clamps skip to ≥ 0 and limit to 1..MaxLimit, using def when limit is 0 or less.
func New(skip, limit, def int) Page {
	if skip < 0 {
		skip = 0
	}
	if def <= 0 {
		def = DefaultLimit
	}
	if limit <= 0 {
		limit = def
	}
	if limit > MaxLimit {
		limit = MaxLimit
	}
	return Page{Skip: skip, Limit: limit}
}
