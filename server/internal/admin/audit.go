package admin

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
)

// Entry is one line of the audit log: who did what to which thing. Detail
// holds what the line needs to be understood later (a reason, the roles
// given, the fields changed): ids and words, never a member's contact
// details or a message's text.
type Entry struct {
	Action   string         // "member.view", "proof.verify", "plan.update" …
	Object   string         // "member", "proof", "report", "plan" …
	ObjectID string         // the member's profile id, the proof's id …
	Detail   map[string]any // shown as key/value pairs
}

// auditRow is a row of audit_log (inserted, never changed: triggers refuse it).
type auditRow struct {
	ID         uint64
	AdminID    uint64
	AdminEmail string
	Action     string
	Object     string
	ObjectID   string
	Detail     string
	IP         string `gorm:"column:ip"`
	CreatedAt  time.Time
}

// TableName is the audit_log table.
func (auditRow) TableName() string { return "audit_log" }

// Record appends e for p. With tx, the line commits with the change it
// records (or not at all); with nil it is written on its own (a view).
func (s *Service) Record(ctx context.Context, tx *gorm.DB, p *Principal, e Entry) error {
	detail := "{}"
	if len(e.Detail) > 0 {
		b, err := json.Marshal(e.Detail)
		if err != nil {
			return internal(err)
		}
		detail = string(b)
	}
	db := tx
	if db == nil {
		db = s.db.WithContext(ctx)
	}
	ip := p.IP
	if len(ip) > 64 {
		ip = ip[:64]
	}
	err := db.Create(&auditRow{AdminID: p.AdminID, AdminEmail: p.Email, Action: e.Action, Object: e.Object, ObjectID: e.ObjectID,
		Detail: detail, IP: ip, CreatedAt: s.clock()}).Error
	return internal(err)
}

// AuditFilter selects audit lines; empty fields match everything.
type AuditFilter struct {
	AdminID  uint64
	Action   string
	Object   string
	ObjectID string
	From, To *time.Time
	Skip     int
	Limit    int
}

// AuditLine is one audit line as the superadmin reads it.
type AuditLine struct {
	ID       uint64         `json:"id"`
	At       time.Time      `json:"at"`
	Admin    AuditAdmin     `json:"admin"`
	Action   string         `json:"action"`
	Object   string         `json:"object"`
	ObjectID string         `json:"objectId"`
	Detail   map[string]any `json:"detail"`
	IP       string         `json:"ip"`
}

// AuditAdmin names the admin of a line.
type AuditAdmin struct {
	ID    uint64 `json:"id"`
	Email string `json:"email"`
}

// AuditPage is a page of audit lines, newest first.
type AuditPage struct {
	Items []AuditLine `json:"items"`
	Total int64       `json:"total"`
}

// Audit searches the log (GET /api/admin/audit).
func (s *Service) Audit(ctx context.Context, f AuditFilter) (*AuditPage, error) {
	q := s.db.WithContext(ctx).Model(&auditRow{})
	if f.AdminID != 0 {
		q = q.Where("admin_id = ?", f.AdminID)
	}
	if a := strings.TrimSpace(f.Action); a != "" {
		q = q.Where("action = ?", a)
	}
	if o := strings.TrimSpace(f.Object); o != "" {
		q = q.Where("object = ?", o)
	}
	if id := strings.TrimSpace(f.ObjectID); id != "" {
		q = q.Where("object_id = ?", id)
	}
	if f.From != nil && f.To != nil && f.To.Before(*f.From) {
		return nil, apperr.Validation(map[string]string{"to": "The end date must not be before the start date"}, "to")
	}
	if f.From != nil {
		q = q.Where("created_at >= ?", f.From.UTC())
	}
	if f.To != nil {
		q = q.Where("created_at < ?", f.To.UTC())
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, internal(err)
	}
	pg := pagination.New(f.Skip, f.Limit, 25)
	var rows []auditRow
	if err := q.Order("id DESC").Offset(pg.Skip).Limit(pg.Limit).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := &AuditPage{Items: make([]AuditLine, 0, len(rows)), Total: total}
	for _, r := range rows {
		l := AuditLine{ID: r.ID, At: r.CreatedAt.UTC(), Admin: AuditAdmin{ID: r.AdminID, Email: r.AdminEmail}, Action: r.Action,
			Object: r.Object, ObjectID: r.ObjectID, IP: r.IP, Detail: map[string]any{}}
		_ = json.Unmarshal([]byte(r.Detail), &l.Detail)
		out.Items = append(out.Items, l)
	}
	return out, nil
}
