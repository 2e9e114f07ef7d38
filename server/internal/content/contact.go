package content

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Contact message statuses: a message from the form is new until an admin
// takes it (assigned) and then answers it (answered).
const (
	ContactNew      = "new"
	ContactAssigned = "assigned"
	ContactAnswered = "answered"
)

// The messages of the inbox rules.
const (
	MsgContactNotFound = "Message not found"
	MsgContactStatus   = "Status must be new, assigned or answered"
	MsgAdminNotActive  = "This admin does not exist or is disabled"
)

// MaxAdminNote is the longest note an admin may keep on a message (admin_note VARCHAR(1000)).
const MaxAdminNote = 1000

// AdminRef names an admin on an inbox row.
type AdminRef struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
}

// ContactRow is a contact-us message in the inbox list.
type ContactRow struct {
	ID         uint64     `json:"id"`
	Name       string     `json:"name"`
	Subject    string     `json:"subject"`
	Status     string     `json:"status"`
	CreatedAt  time.Time  `json:"createdAt"`
	AssignedTo *AdminRef  `json:"assignedTo"`
	AnsweredAt *time.Time `json:"answeredAt"`
}

// ContactDetail is one message with the sender's details and the admins' note.
type ContactDetail struct {
	ContactRow
	Email      string    `json:"email"`
	Phone      string    `json:"phone"`
	Message    string    `json:"message"`
	AdminNote  string    `json:"adminNote"`
	AnsweredBy *AdminRef `json:"answeredBy"`
}

// contactRow is contact_messages as the inbox reads it.
type contactRow struct {
	ID         uint64
	Name       string
	Email      string
	Phone      string
	Subject    string
	Message    string
	Status     string
	CreatedAt  time.Time
	AssignedTo *uint64
	AnsweredAt *time.Time
	AnsweredBy *uint64
	AdminNote  string
}

// ContactFilter selects inbox messages: Status "new", "assigned" or
// "answered" ("" for all), AssignedTo an admin's id (0 for anyone's).
type ContactFilter struct {
	Status     string
	AssignedTo uint64
	Skip       int
	Limit      int
}

// ContactMessages lists the inbox, newest first, and the total matching.
func (s *Service) ContactMessages(ctx context.Context, f ContactFilter) ([]ContactRow, int64, error) {
	q := s.db.WithContext(ctx).Table("contact_messages")
	switch f.Status {
	case "":
	case ContactNew, ContactAssigned, ContactAnswered:
		q = q.Where("status = ?", f.Status)
	default:
		return nil, 0, apperr.Validation(map[string]string{"status": MsgContactStatus}, "status")
	}
	if f.AssignedTo != 0 {
		q = q.Where("assigned_to = ?", f.AssignedTo)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	p := pagination.New(f.Skip, f.Limit, pagination.DefaultLimit)
	var rows []contactRow
	err := q.Select("id, name, subject, status, created_at, assigned_to, answered_at").
		Order("created_at DESC, id DESC").Offset(p.Skip).Limit(p.Limit).Find(&rows).Error
	if err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	var ids []uint64
	for _, r := range rows {
		if r.AssignedTo != nil {
			ids = append(ids, *r.AssignedTo)
		}
	}
	names, err := s.adminNames(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	out := make([]ContactRow, len(rows))
	for i := range rows {
		out[i] = rows[i].row(names)
	}
	return out, total, nil
}

func (r *contactRow) row(names map[uint64]string) ContactRow {
	return ContactRow{ID: r.ID, Name: r.Name, Subject: r.Subject, Status: r.Status, CreatedAt: r.CreatedAt,
		AssignedTo: ref(r.AssignedTo, names), AnsweredAt: r.AnsweredAt}
}

// ref names the admin id points at; an admin no longer in the table keeps the id with an empty name.
func ref(id *uint64, names map[uint64]string) *AdminRef {
	if id == nil {
		return nil
	}
	return &AdminRef{ID: *id, Name: names[*id]}
}

// adminNames reads the names of the given admins (the e-mail address when an
// admin has no name). The admins table belongs to the admin area; this is a
// read of two columns only, kept in this one function so that it can become a
// call to that area's service once it exists.
func (s *Service) adminNames(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	out := map[uint64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID    uint64
		Name  string
		Email string
	}
	if err := s.db.WithContext(ctx).Table("admins").Select("id, name, email").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	for _, r := range rows {
		out[r.ID] = r.Name
		if strings.TrimSpace(r.Name) == "" {
			out[r.ID] = r.Email
		}
	}
	return out, nil
}

// activeAdmin reports whether id is an admin whose account is active (a
// read of the admin area's table, as adminNames).
func (s *Service) activeAdmin(ctx context.Context, id uint64) (bool, error) {
	var status []string
	err := s.db.WithContext(ctx).Table("admins").Where("id = ?", id).Limit(1).Pluck("status", &status).Error
	if err != nil {
		return false, store.Translate(err, "", "")
	}
	return len(status) == 1 && status[0] == "active", nil
}

// ContactMessage returns one message with everything the inbox shows. Errors: NotFound.
func (s *Service) ContactMessage(ctx context.Context, id uint64) (*ContactDetail, error) {
	var r contactRow
	err := s.db.WithContext(ctx).Table("contact_messages").
		Select("id, name, email, phone, subject, message, status, created_at, assigned_to, answered_at, answered_by, admin_note").
		Where("id = ?", id).Take(&r).Error
	if err != nil {
		return nil, store.Translate(err, MsgContactNotFound, "")
	}
	var ids []uint64
	for _, p := range []*uint64{r.AssignedTo, r.AnsweredBy} {
		if p != nil {
			ids = append(ids, *p)
		}
	}
	names, err := s.adminNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	return &ContactDetail{ContactRow: r.row(names), Email: r.Email, Phone: r.Phone, Message: r.Message,
		AdminNote: r.AdminNote, AnsweredBy: ref(r.AnsweredBy, names)}, nil
}

// AssignContact gives a message to an admin (the HTTP layer passes the caller
// for "to me"). Its status becomes "assigned", unless it was answered
// already: reassigning an answered message keeps it answered. Errors:
// Invalid on "adminId" (no such admin, or a disabled one), NotFound.
func (s *Service) AssignContact(ctx context.Context, id, adminID uint64) (*ContactDetail, error) {
	ok, err := s.activeAdmin(ctx, adminID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.Validation(map[string]string{"adminId": MsgAdminNotActive}, "adminId")
	}
	// One statement, so an answer landing at the same moment is never turned back into "assigned".
	err = s.db.WithContext(ctx).Table("contact_messages").Where("id = ?", id).Updates(map[string]any{
		"assigned_to": adminID,
		"status":      gorm.Expr("CASE WHEN status = ? THEN status ELSE ? END", ContactAnswered, ContactAssigned),
		"updated_at":  s.db.NowFunc(),
	}).Error
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	return s.ContactMessage(ctx, id)
}

// AnswerContact marks a message answered by adminID now, keeping note (≤
// 1,000 characters, may be empty) for the other admins. A message nobody had
// taken is assigned to whoever answered it. Answering again replaces the
// note, the time and who answered. Errors: Invalid on "note", NotFound.
func (s *Service) AnswerContact(ctx context.Context, id, adminID uint64, note string) (*ContactDetail, error) {
	note = strings.TrimSpace(note)
	if m := lengthMsg(note, "Note", 0, MaxAdminNote); m != "" {
		return nil, apperr.Validation(map[string]string{"note": m}, "note")
	}
	now := s.db.NowFunc()
	err := s.db.WithContext(ctx).Table("contact_messages").Where("id = ?", id).Updates(map[string]any{
		"status":      ContactAnswered,
		"answered_at": now,
		"answered_by": adminID,
		"admin_note":  note,
		"assigned_to": gorm.Expr("COALESCE(assigned_to, ?)", adminID),
		"updated_at":  now,
	}).Error
	if err != nil {
		return nil, store.Translate(err, "", "")
	}
	return s.ContactMessage(ctx, id)
}
