// Package directory owns "a member as others see them" as a query: which
// profiles a viewer may see in any list (the visibility scope), the facts
// that matching and search read about those profiles, capped totals and the
// opaque paging cursors the lists hand out. Profile, invitations, member
// lists, matches and search all build on it, so the one exclusion rule of
// product.md ("every list ... leaves out myself, members I blocked, members
// who blocked me, members in my don't-show list, and hidden or deleted
// profiles") is written once.
//
// Every query here is over "profiles p JOIN users u ON u.id = p.user_id".
package directory

import (
	"encoding/base64"
	"encoding/json"
	"time"

	"gorm.io/gorm"
)

// StatusActive is users.status of a member in good standing; suspended,
// banned and deleting accounts have other values and drop out of every list.
const StatusActive = "active"

// TotalCap is where list totals stop counting: past it a list says "1,000+"
// rather than count a million rows on every page.
const TotalCap = 1000

// Members starts a query over the profiles viewer may see: active accounts,
// profiles not hidden, never the viewer, and none blocked either way or on
// the viewer's "don't show" list. Add conditions on p and u to it.
func Members(db *gorm.DB, viewer uint64) *gorm.DB {
	return db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").Scopes(Visible(viewer))
}

// Visible is the visibility scope for a query that already joins profiles p
// with users u (for example a list that starts from invitations or views).
// NOT EXISTS over the two block indexes and the don't-show pair key lets
// MySQL and SQLite probe each candidate row with one index lookup per rule.
func Visible(viewer uint64) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB {
		return q.Where("u.status = ? AND p.hidden = ? AND p.id <> ?", StatusActive, false, viewer).
			Where("NOT EXISTS (SELECT 1 FROM blocks bx WHERE bx.blocker_id = ? AND bx.blocked_id = p.id)", viewer).
			Where("NOT EXISTS (SELECT 1 FROM blocks by2 WHERE by2.blocker_id = p.id AND by2.blocked_id = ?)", viewer).
			Where("NOT EXISTS (SELECT 1 FROM dont_shows dx WHERE dx.profile_id = ? AND dx.target_id = p.id)", viewer)
	}
}

// Excluded names, for lists that filter in memory, whom Visible leaves out
// for this viewer alone: the viewer, members blocked either way, and the
// viewer's "don't show" list (three index lookups, one statement).
func Excluded(db *gorm.DB, viewer uint64) (map[uint64]bool, error) {
	var ids []uint64
	if err := db.Raw(`SELECT blocked_id FROM blocks WHERE blocker_id = ?
 UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ?
 UNION ALL SELECT target_id FROM dont_shows WHERE profile_id = ?`, viewer, viewer, viewer).Scan(&ids).Error; err != nil {
		return nil, err
	}
	out := make(map[uint64]bool, len(ids)+1)
	out[viewer] = true
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// CappedCount counts the rows of q up to TotalCap and reports whether there
// are more: it reads at most TotalCap+1 ids, never the whole filtered set.
func CappedCount(q *gorm.DB) (n int64, capped bool, err error) {
	sub := q.Session(&gorm.Session{}).Select("p.id").Limit(TotalCap + 1)
	if err = q.Session(&gorm.Session{NewDB: true}).Table("(?) AS capped", sub).Count(&n).Error; err != nil {
		return 0, false, err
	}
	if n > TotalCap {
		return TotalCap, true, nil
	}
	return n, false, nil
}

// Cursor is where the next page of a list starts. Ranked lists (scored in
// memory over a bounded window) page by Skip; SQL-ordered lists page by the
// keyset of the last row shown (ID, and At for "last active" order, 0 when
// that row had no activity time).
type Cursor struct {
	Skip int    `json:"s,omitempty"`
	ID   uint64 `json:"i,omitempty"`
	At   int64  `json:"a,omitempty"` // unix milliseconds
	Null bool   `json:"n,omitempty"` // the last row's At was NULL: continue among those
}

// Encode turns c into the opaque token the lists hand out.
func (c Cursor) Encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads a token made by Encode; ok is false for anything else.
func DecodeCursor(s string) (c Cursor, ok bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(b, &c) != nil || c.Skip < 0 {
		return Cursor{}, false
	}
	return c, true
}

// Facts are what matching and search compare with preferences: the
// profile's own attributes, as ids and codes, with its activity times.
type Facts struct {
	ID             uint64
	ProfileCode    string
	Gender         int
	DOB            time.Time `gorm:"column:dob"`
	HeightCM       *int      `gorm:"column:height_cm"`
	MaritalStatus  string
	CommunityID    *uint64
	MotherTongueID *uint64
	DegreeID       *uint64
	ProfessionID   *uint64
	IncomeBand     string
	CountryID      *uint64
	StateID        *uint64
	CityID         *uint64
	Diet           string
	Smoking        string
	Drinking       string
	LastActiveAt   *time.Time
	CreatedAt      time.Time
}

// FactsColumns selects Facts from profiles p.
const FactsColumns = `p.id, p.profile_code, p.gender, p.dob, p.height_cm, p.marital_status, p.community_id,
 p.mother_tongue_id, p.degree_id, p.profession_id, p.income_band, p.country_id, p.state_id, p.city_id,
 p.diet, p.smoking, p.drinking, p.last_active_at, p.created_at`

// LoadFacts reads the facts of one profile (visible or not: the caller's own); found is false when there is none.
func LoadFacts(db *gorm.DB, id uint64) (f Facts, found bool, err error) {
	res := db.Table("profiles p").Select(FactsColumns).Where("p.id = ?", id).Limit(1).Scan(&f)
	return f, res.RowsAffected > 0, res.Error
}
