package profile

import (
	"context"
	"errors"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
)

// What the back office sees of members, photos and proofs (issue 21). The
// HTTP layer checks the admin's permission and writes the audit line; these
// methods only read and change the rows this package owns.

// ProofImageKeep is how long a proof image stays after its verdict
// (product.md "Photos and proofs"); the verdict itself is kept.
const ProofImageKeep = 30 * 24 * time.Hour

// AdminMemberFilter selects members for the back office's search.
type AdminMemberFilter struct {
	Q      string // a profile id, part of a name, an e-mail or a phone number
	Status string // active, suspended, banned, or "" for all
	Skip   int
	Limit  int
}

// AdminMemberRow is a member in the back office's search results: contact
// details masked (the full ones are a member view, which is audited).
type AdminMemberRow struct {
	ProfileID    string     `json:"profileId"`
	Name         string     `json:"name"`
	Gender       int        `json:"gender"`
	Status       string     `json:"status"`
	Hidden       bool       `json:"hidden"`
	JoinedAt     time.Time  `json:"joinedAt"`
	LastActiveAt *time.Time `json:"lastActiveAt"`
	Plan         *string    `json:"plan"`
	Email        string     `json:"email"`
	Phone        string     `json:"phone"`

	id, userID uint64
}

// ID is the member's profiles.id; UserID their users.id.
func (r *AdminMemberRow) ID() uint64 { return r.id }

// UserID is the member's users.id (for account actions).
func (r *AdminMemberRow) UserID() uint64 { return r.userID }

var digitsOnly = regexp.MustCompile(`\D`)

type adminScan struct {
	ID, UserID         uint64
	ProfileCode, Name  string
	Gender             int
	Status             string
	Hidden             bool
	CreatedAt          time.Time
	LastActiveAt       *time.Time
	Email, PhoneCode   string
	Phone              string
	SuspendedUntil     *time.Time
	DOB                time.Time `gorm:"column:dob"`
	CreatedBy          string
	City, State, Denom string
}

const adminSelect = `p.id, p.user_id, p.profile_code, p.name, p.gender, u.status, p.hidden, p.created_at, p.last_active_at,
	u.email, u.phone_code, u.phone, u.suspended_until, p.dob, p.created_by,
	COALESCE(ci.name, '') AS city, COALESCE(st.name, '') AS state, COALESCE(c.name, '') AS denom`

func (s *Service) adminMembers(db *gorm.DB) *gorm.DB {
	return db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Joins("LEFT JOIN cities ci ON ci.id = p.city_id").Joins("LEFT JOIN states st ON st.id = p.state_id").
		Joins("LEFT JOIN communities c ON c.id = p.community_id")
}

func (r *adminScan) row(plan *string) AdminMemberRow {
	return AdminMemberRow{ProfileID: r.ProfileCode, Name: r.Name, Gender: r.Gender, Status: r.Status, Hidden: r.Hidden,
		JoinedAt: r.CreatedAt.UTC(), LastActiveAt: r.LastActiveAt, Plan: plan, Email: MaskEmail(r.Email),
		Phone: strings.TrimSpace(r.PhoneCode + " " + MaskPhone(r.Phone)), id: r.ID, userID: r.UserID}
}

// AdminSearch finds members by profile id, name, e-mail or phone (GET
// /api/admin/members), newest first.
func (s *Service) AdminSearch(ctx context.Context, f AdminMemberFilter) ([]AdminMemberRow, int64, error) {
	q := s.adminMembers(s.db.WithContext(ctx))
	switch f.Status {
	case "":
	case "active", "suspended", "banned":
		q = q.Where("u.status = ?", f.Status)
	default:
		return nil, 0, apperr.Validation(map[string]string{"status": "Choose active, suspended or banned"}, "status")
	}
	if term := strings.TrimSpace(f.Q); term != "" {
		if utf8.RuneCountInString(term) > 100 {
			return nil, 0, apperr.Validation(map[string]string{"q": "Search with at most 100 characters"}, "q")
		}
		code, isCode := NormalizeCode(term)
		digits := digitsOnly.ReplaceAllString(term, "")
		conds := []string{"LOWER(p.name) LIKE ?", "LOWER(u.email) = ?"}
		args := []any{"%" + strings.ToLower(escapeLike(term)) + "%", strings.ToLower(term)}
		if isCode {
			conds = append(conds, "p.profile_code = ?")
			args = append(args, code)
		}
		if len(digits) >= 6 {
			conds = append(conds, "u.phone LIKE ?")
			args = append(args, "%"+digits[max(0, len(digits)-10):])
		}
		q = q.Where("("+strings.Join(conds, " OR ")+")", args...)
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, internal(err)
	}
	pg := pagination.New(f.Skip, f.Limit, 25)
	var rows []adminScan
	if err := q.Select(adminSelect).Order("p.id DESC").Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, 0, internal(err)
	}
	out := make([]AdminMemberRow, 0, len(rows))
	for i := range rows {
		plan, err := s.planName(ctx, rows[i].ID)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, rows[i].row(plan))
	}
	return out, total, nil
}

// escapeLike keeps % and _ in a search term literal.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}

func (s *Service) planName(ctx context.Context, id uint64) (*string, error) {
	ent, err := s.plans.Entitlements(ctx, id)
	if err != nil || !ent.Paid {
		return nil, err
	}
	return &ent.PlanName, nil
}

// AdminPhoto is one of a member's photos as the back office loads it.
type AdminPhoto struct {
	ID  string `json:"id"`
	URL string `json:"url"` // an /api/admin path, fetched with the admin's token
}

// AdminProof is a member's proof in the back office.
type AdminProof struct {
	ID         uint64     `json:"id"`
	Kind       string     `json:"kind"`
	Status     string     `json:"status"`
	Note       string     `json:"note"`
	UploadedAt time.Time  `json:"uploadedAt"`
	ReviewedAt *time.Time `json:"reviewedAt"`
	HasImage   bool       `json:"hasImage"`
}

// AdminMemberDetail is one member with private data (a view that the
// HTTP layer writes to the audit log).
type AdminMemberDetail struct {
	AdminMemberRow
	Email          string       `json:"email"`
	Phone          string       `json:"phone"`
	DOB            string       `json:"dob"`
	City           string       `json:"city"`
	State          string       `json:"state"`
	Denomination   string       `json:"denomination"`
	CreatedBy      string       `json:"createdBy"`
	SuspendedUntil *time.Time   `json:"suspendedUntil"`
	Photos         []AdminPhoto `json:"photos"`
	Proofs         []AdminProof `json:"proofs"`
}

// AdminMember returns the member with public id code and private data.
func (s *Service) AdminMember(ctx context.Context, code string) (*AdminMemberDetail, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return nil, notFound()
	}
	db := s.db.WithContext(ctx)
	var rows []adminScan
	if err := s.adminMembers(db).Select(adminSelect).Where("p.profile_code = ?", code).Limit(1).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 {
		return nil, notFound()
	}
	r := &rows[0]
	plan, err := s.planName(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	out := &AdminMemberDetail{AdminMemberRow: r.row(plan), Email: r.Email, Phone: strings.TrimSpace(r.PhoneCode + " " + r.Phone),
		DOB: r.DOB.Format(time.DateOnly), City: r.City, State: r.State, Denomination: r.Denom, CreatedBy: r.CreatedBy,
		SuspendedUntil: r.SuspendedUntil, Photos: []AdminPhoto{}, Proofs: []AdminProof{}}
	var keys []string
	if err := db.Table("photos").Where("profile_id = ?", r.ID).Order("is_default DESC, sort, id").Pluck("file_key", &keys).Error; err != nil {
		return nil, internal(err)
	}
	for _, k := range keys {
		out.Photos = append(out.Photos, AdminPhoto{ID: k, URL: "/api/admin/members/" + r.ProfileCode + "/photos/" + k})
	}
	var proofs []proofRow
	if err := db.Table("profile_proofs").Where("profile_id = ?", r.ID).Order("kind").Find(&proofs).Error; err != nil {
		return nil, internal(err)
	}
	for _, p := range proofs {
		out.Proofs = append(out.Proofs, AdminProof{ID: p.ID, Kind: p.Kind, Status: p.Status, Note: p.Note, UploadedAt: p.UploadedAt.UTC(),
			ReviewedAt: p.ReviewedAt, HasImage: p.FileKey != nil})
	}
	return out, nil
}

// MemberRef names a member for account actions: ids and public id.
type MemberRef struct {
	ID, UserID uint64
	Code       string
}

// MemberByCode resolves a public profile id whatever the member's state
// (suspended, banned, hidden): the back office acts on all of them.
func (s *Service) MemberByCode(ctx context.Context, code string) (MemberRef, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return MemberRef{}, notFound()
	}
	var r MemberRef
	res := s.db.WithContext(ctx).Table("profiles").Select("id, user_id, profile_code AS code").Where("profile_code = ?", code).Limit(1).Scan(&r)
	if res.Error != nil {
		return MemberRef{}, internal(res.Error)
	}
	if res.RowsAffected == 0 {
		return MemberRef{}, notFound()
	}
	return r, nil
}

// AdminPhotoPath is the file of member code's photo key (large) for the
// back office, which needs no member grant.
func (s *Service) AdminPhotoPath(ctx context.Context, code, key string) (string, error) {
	m, err := s.MemberByCode(ctx, code)
	if err != nil {
		return "", err
	}
	if !media.ValidKey(key) {
		return "", apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	var n int64
	if err := s.db.WithContext(ctx).Table("photos").Where("profile_id = ? AND file_key = ?", m.ID, key).Count(&n).Error; err != nil {
		return "", internal(err)
	}
	if n == 0 {
		return "", apperr.New(apperr.NotFound, MsgPhotoNotFound)
	}
	return s.disk.PhotoPath(key, media.Large)
}

// RemovePhoto removes member code's photo key (a moderator's action).
func (s *Service) RemovePhoto(ctx context.Context, code, key string) error {
	m, err := s.MemberByCode(ctx, code)
	if err != nil {
		return err
	}
	_, err = s.DeletePhoto(ctx, m.ID, m.Code, key)
	return err
}

// ProofQueueRow is a proof in the moderators' queue.
type ProofQueueRow struct {
	AdminProof
	Member struct {
		ProfileID string `json:"profileId"`
		Name      string `json:"name"`
		Gender    int    `json:"gender"`
	} `json:"member"`
	memberID uint64
}

func (s *Service) proofQueue(db *gorm.DB) *gorm.DB {
	return db.Table("profile_proofs pp").Joins("JOIN profiles p ON p.id = pp.profile_id").
		Select("pp.id, pp.kind, pp.status, pp.note, pp.uploaded_at, pp.reviewed_at, pp.file_key, p.id AS member_id, p.profile_code, p.name, p.gender")
}

type proofScan struct {
	ID                 uint64
	Kind, Status, Note string
	UploadedAt         time.Time
	ReviewedAt         *time.Time
	FileKey            *string
	MemberID           uint64
	ProfileCode, Name  string
	Gender             int
}

func (p proofScan) row() ProofQueueRow {
	r := ProofQueueRow{AdminProof: AdminProof{ID: p.ID, Kind: p.Kind, Status: p.Status, Note: p.Note, UploadedAt: p.UploadedAt.UTC(),
		ReviewedAt: p.ReviewedAt, HasImage: p.FileKey != nil}, memberID: p.MemberID}
	r.Member.ProfileID, r.Member.Name, r.Member.Gender = p.ProfileCode, p.Name, p.Gender
	return r
}

// ProofQueue pages proofs by status: pending oldest first, others newest verdict first.
func (s *Service) ProofQueue(ctx context.Context, status string, skip, limit int) ([]ProofQueueRow, int64, error) {
	if status != ProofPending && status != ProofVerified && status != ProofRejected {
		return nil, 0, apperr.Validation(map[string]string{"status": "Choose pending, verified or rejected"}, "status")
	}
	db := s.db.WithContext(ctx)
	var total int64
	if err := db.Table("profile_proofs").Where("status = ?", status).Count(&total).Error; err != nil {
		return nil, 0, internal(err)
	}
	order := "pp.uploaded_at, pp.id"
	if status != ProofPending {
		order = "pp.reviewed_at DESC, pp.id DESC"
	}
	pg := pagination.New(skip, limit, 25)
	var rows []proofScan
	if err := s.proofQueue(db).Where("pp.status = ?", status).Order(order).Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, 0, internal(err)
	}
	out := make([]ProofQueueRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.row())
	}
	return out, total, nil
}

// proofByID loads proof id with its member.
func (s *Service) proofByID(db *gorm.DB, id uint64) (*proofScan, error) {
	var rows []proofScan
	if err := s.proofQueue(db).Where("pp.id = ?", id).Limit(1).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, MsgProofNotFound)
	}
	return &rows[0], nil
}

// ProofImageByID returns proof id's image for a moderator, and whose it is
// (for the audit line). An image deleted after its verdict is NotFound.
func (s *Service) ProofImageByID(ctx context.Context, id uint64) ([]byte, *ProofQueueRow, error) {
	p, err := s.proofByID(s.db.WithContext(ctx), id)
	if err != nil {
		return nil, nil, err
	}
	row := p.row()
	if p.FileKey == nil {
		return nil, &row, apperr.New(apperr.NotFound, "This proof's image was deleted after its verdict")
	}
	b, err := s.disk.ReadProof(*p.FileKey)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &row, apperr.New(apperr.NotFound, "This proof's image is missing")
	}
	return b, &row, internal(err)
}

// ProofVerdict records a moderator's verdict on a pending proof: verified
// grants the badge that names what was checked and when (BadgeGranted
// tells the member); rejected needs a reason, which the member reads on
// their proofs (ProofRejected tells them). The image is deleted
// ProofImageKeep later (PurgeProofImages); the verdict stays.
func (s *Service) ProofVerdict(ctx context.Context, id uint64, verdict, reason string, moderator uint64) (*ProofQueueRow, error) {
	reason = strings.TrimSpace(reason)
	switch verdict {
	case ProofVerified:
	case ProofRejected:
		if reason == "" {
			return nil, apperr.Validation(map[string]string{"reason": "Say why the proof is rejected; the member reads it"}, "reason")
		}
	default:
		return nil, apperr.Validation(map[string]string{"verdict": "Choose verified or rejected"}, "verdict")
	}
	if utf8.RuneCountInString(reason) > 255 {
		return nil, apperr.Validation(map[string]string{"reason": "Keep the reason under 255 characters"}, "reason")
	}
	db := s.db.WithContext(ctx)
	var out *ProofQueueRow
	err := db.Transaction(func(tx *gorm.DB) error {
		p, err := s.proofByID(tx, id)
		if err != nil {
			return err
		}
		now := s.clock()
		res := tx.Table("profile_proofs").Where("id = ? AND status = ?", id, ProofPending).
			Updates(map[string]any{"status": verdict, "note": reason, "reviewed_at": now, "reviewed_by": moderator})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.Conflict, "This proof was already reviewed")
		}
		kind := event.BadgeGranted
		if verdict == ProofRejected {
			kind = event.ProofRejected
		}
		if _, err := s.events.Record(tx, event.Event{Kind: kind, Recipient: p.MemberID, Detail: p.Kind,
			DedupeKey: "proof:" + verdict + ":" + strconv.FormatUint(id, 10) + ":" + now.Format(time.RFC3339Nano)}); err != nil {
			return err
		}
		p.Status, p.Note, p.ReviewedAt = verdict, reason, &now
		r := p.row()
		out = &r
		return nil
	})
	if err != nil {
		return nil, internal(err)
	}
	return out, nil
}

// PurgeProofImages deletes the images of proofs reviewed more than
// ProofImageKeep ago (files first, then the key), keeping the verdicts; it
// returns how many it deleted. Every node may run it: a row is cleared once.
func (s *Service) PurgeProofImages(ctx context.Context) (int, error) {
	db := s.db.WithContext(ctx)
	var rows []proofRow
	if err := db.Table("profile_proofs").Where("status <> ? AND reviewed_at < ? AND file_key IS NOT NULL", ProofPending, s.clock().Add(-ProofImageKeep)).
		Order("id").Limit(500).Find(&rows).Error; err != nil {
		return 0, internal(err)
	}
	n := 0
	for _, r := range rows {
		res := db.Table("profile_proofs").Where("id = ? AND file_key = ?", r.ID, *r.FileKey).
			Updates(map[string]any{"file_key": nil, "image_deleted_at": s.clock()})
		if res.Error != nil {
			return n, internal(res.Error)
		}
		if res.RowsAffected == 1 {
			s.removeProofFile(*r.FileKey)
			n++
		}
	}
	return n, nil
}
