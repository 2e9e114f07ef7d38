package relation

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Report states and the outcomes a moderator gives (issue 21).
const (
	ReportOpen   = "open"
	ReportClosed = "closed"

	OutcomeDismissed = "dismissed"
	OutcomeWarned    = "warned"
	OutcomeSuspended = "suspended"
	OutcomeBanned    = "banned"
)

// MsgReportNotFound answers a report id that does not exist.
const MsgReportNotFound = "Report not found"

// ReportParty is the reporter or the reported member of a report.
type ReportParty struct {
	ID        uint64 `json:"-"`
	ProfileID string `json:"profileId"`
	Name      string `json:"name"`
	Status    string `json:"status"`
}

// ReportRow is a report in the moderators' queue.
type ReportRow struct {
	ID             uint64      `json:"id"`
	Kind           string      `json:"kind"`
	Reason         string      `json:"reason"`
	Details        string      `json:"details"`
	Status         string      `json:"status"`
	Outcome        string      `json:"outcome"`
	OutcomeNote    string      `json:"outcomeNote"`
	CreatedAt      time.Time   `json:"createdAt"`
	HandledAt      *time.Time  `json:"handledAt"`
	HandledBy      *uint64     `json:"handledBy"`
	Reporter       ReportParty `json:"reporter"`
	Reported       ReportParty `json:"reported"`
	ConversationID *uint64     `json:"-"`
}

const reportSelect = `r.id, r.kind, r.reason, r.details, r.status, r.outcome, r.outcome_note, r.created_at, r.handled_at, r.handled_by,
	r.conversation_id, rp.id AS reporter_id, rp.profile_code AS reporter_code, rp.name AS reporter_name, ru.status AS reporter_status,
	dp.id AS reported_id, dp.profile_code AS reported_code, dp.name AS reported_name, du.status AS reported_status`

type reportScan struct {
	ID                                                  uint64
	Kind, Reason, Details, Status, Outcome, OutcomeNote string
	CreatedAt                                           time.Time
	HandledAt                                           *time.Time
	HandledBy, ConversationID                           *uint64
	ReporterID, ReportedID                              uint64
	ReporterCode, ReporterName, ReporterStatus          string
	ReportedCode, ReportedName, ReportedStatus          string
}

func (r reportScan) row() ReportRow {
	return ReportRow{ID: r.ID, Kind: r.Kind, Reason: r.Reason, Details: r.Details, Status: r.Status, Outcome: r.Outcome,
		OutcomeNote: r.OutcomeNote, CreatedAt: r.CreatedAt.UTC(), HandledAt: r.HandledAt, HandledBy: r.HandledBy, ConversationID: r.ConversationID,
		Reporter: ReportParty{ID: r.ReporterID, ProfileID: r.ReporterCode, Name: r.ReporterName, Status: r.ReporterStatus},
		Reported: ReportParty{ID: r.ReportedID, ProfileID: r.ReportedCode, Name: r.ReportedName, Status: r.ReportedStatus}}
}

func (s *Store) reports() *gorm.DB {
	return s.db.Table("reports r").Joins("JOIN profiles rp ON rp.id = r.reporter_id").Joins("JOIN users ru ON ru.id = rp.user_id").
		Joins("JOIN profiles dp ON dp.id = r.reported_id").Joins("JOIN users du ON du.id = dp.user_id")
}

// Reports pages the moderators' queue: status open (oldest first, so
// nothing waits forever) or closed (newest first).
func (s *Store) Reports(ctx context.Context, status string, skip, limit int) ([]ReportRow, int64, error) {
	if status != ReportOpen && status != ReportClosed {
		return nil, 0, apperr.Validation(map[string]string{"status": "Choose open or closed"}, "status")
	}
	q := s.reports().WithContext(ctx).Where("r.status = ?", status)
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	order := "r.id ASC"
	if status == ReportClosed {
		order = "r.handled_at DESC, r.id DESC"
	}
	pg := pagination.New(skip, limit, 25)
	var rows []reportScan
	if err := q.Select(reportSelect).Order(order).Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	out := make([]ReportRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.row())
	}
	return out, total, nil
}

// ReportByID returns report id.
func (s *Store) ReportByID(ctx context.Context, id uint64) (*ReportRow, error) {
	var rows []reportScan
	if err := s.reports().WithContext(ctx).Select(reportSelect).Where("r.id = ?", id).Limit(1).Scan(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, MsgReportNotFound)
	}
	r := rows[0].row()
	return &r, nil
}

// CloseReport records a moderator's outcome on open report id, in tx (the
// transaction of the action it records). A report closed already is a
// Conflict. Closing ends the report's hold on chat (a report counts as its
// author's block while open); the block its author made stays theirs, and
// Unblocked is announced so chat windows re-check.
func (s *Store) CloseReport(ctx context.Context, tx *gorm.DB, id uint64, outcome, note string, moderator uint64) (*ReportRow, error) {
	switch outcome {
	case OutcomeDismissed, OutcomeWarned, OutcomeSuspended, OutcomeBanned:
	default:
		return nil, apperr.Validation(map[string]string{"action": "Choose dismiss, warn, suspend or ban"}, "action")
	}
	if tx == nil {
		tx = s.db.WithContext(ctx)
	}
	res := tx.Table("reports").Where("id = ? AND status = ?", id, ReportOpen).
		Updates(map[string]any{"status": ReportClosed, "outcome": outcome, "outcome_note": note, "handled_by": moderator, "handled_at": s.now()})
	if res.Error != nil {
		return nil, store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		var n int64
		if err := tx.Table("reports").Where("id = ?", id).Count(&n).Error; err != nil {
			return nil, store.Translate(err, "", "")
		}
		if n == 0 {
			return nil, apperr.New(apperr.NotFound, MsgReportNotFound)
		}
		return nil, apperr.New(apperr.Conflict, "This report was already handled")
	}
	var r reportScan
	if err := tx.Table("reports").Select("reporter_id, reported_id").Where("id = ?", id).Take(&r).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	return &ReportRow{ID: id, Reporter: ReportParty{ID: r.ReporterID}, Reported: ReportParty{ID: r.ReportedID}}, nil
}

// AnnounceReportClosed tells the realtime layer that a closed report no
// longer stands between its two members (after the transaction commits).
func (s *Store) AnnounceReportClosed(ctx context.Context, reporter, reported uint64) {
	s.announce(ctx, Change{Kind: Unblocked, From: reporter, To: reported})
}

// ReportCounts counts the reports against a member and those they filed.
func (s *Store) ReportCounts(ctx context.Context, member uint64) (against, filed int64, err error) {
	db := s.db.WithContext(ctx)
	if err = db.Table("reports").Where("reported_id = ?", member).Count(&against).Error; err != nil {
		return 0, 0, store.Translate(err, "", "")
	}
	err = db.Table("reports").Where("reporter_id = ?", member).Count(&filed).Error
	return against, filed, store.Translate(err, "", "")
}
