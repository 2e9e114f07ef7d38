package profile

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// cardRow is what a card needs of a profile and its account; the names of
// its master ids come from master.Labels, its photo and proofs from cardExtras.
type cardRow struct {
	ID              uint64
	ProfileCode     string
	Name            string
	Gender          int
	DOB             time.Time `gorm:"column:dob"`
	HeightCM        *int      `gorm:"column:height_cm"`
	MaritalStatus   string
	PhotoVisibility string
	CommunityID     *uint64
	MotherTongueID  *uint64
	DegreeID        *uint64
	ProfessionID    *uint64
	CityID          *uint64
	StateID         *uint64
	EmailVerifiedAt *time.Time
	PhoneVerifiedAt *time.Time
}

const cardColumns = `p.id, p.profile_code, p.name, p.gender, p.dob, p.height_cm, p.marital_status, p.photo_visibility,
	p.community_id, p.mother_tongue_id, p.degree_id, p.profession_id, p.city_id, p.state_id,
	u.email_verified_at, u.phone_verified_at`

// Cards builds the cards of the profiles ids, in that order, as viewer (its
// internal id and public code) may see them: a protected member's photo only
// after an accepted photo request. It does not filter; callers pass only
// profiles the viewer may see (see directory.Visible, and CardsWith).
func (s *Service) Cards(ctx context.Context, viewerID uint64, viewerCode string, ids []uint64) ([]Card, error) {
	cards, _, err := s.CardsWith(ctx, viewerID, viewerCode, ids, CardOptions{})
	return cards, err
}

// CardOptions is what a list of cards needs besides the cards (see CardsWith).
type CardOptions struct {
	// VisibleOnly checks directory.Visible in the statement that reads the
	// cards: for lists whose members were chosen earlier, or from the
	// roster, and may since have blocked, hidden or been suspended.
	VisibleOnly bool
	// Limit keeps the first Limit cards found (0: all of ids).
	Limit int
	// Invitations sets each card's Invitation to the latest invitation
	// between the viewer and that member, read with the photos and proofs.
	Invitations bool
}

// CardsWith builds the cards of ids, in that order, as Cards does, with
// what o asks; looked is how many of ids it went through (all, unless
// o.Limit stopped it), for the caller's next position.
func (s *Service) CardsWith(ctx context.Context, viewerID uint64, viewerCode string, ids []uint64, o CardOptions) (cards []Card, looked int, err error) {
	limit := o.Limit
	if limit <= 0 {
		limit = len(ids)
	}
	return s.cards(ctx, viewerID, viewerCode, ids, limit, o)
}

// cards reads the rows of ids (only the visible ones when o.VisibleOnly),
// keeps the first limit in the order of ids, and reads what those few need
// besides: their photo, proofs and (o.Invitations) invitations with the
// viewer in one statement, photo grants only when a protected member has a
// photo. Plan highlight comes from the kept set ranking uses
// (billing.Meter.HighlightSet).
func (s *Service) cards(ctx context.Context, viewerID uint64, viewerCode string, ids []uint64, limit int, o CardOptions) ([]Card, int, error) {
	out := make([]Card, 0, min(len(ids), limit))
	if len(ids) == 0 || limit <= 0 {
		return out, 0, nil
	}
	db := s.db.WithContext(ctx)
	q := db.Table("profiles p").Select(cardColumns).Joins("JOIN users u ON u.id = p.user_id").Where("p.id IN ?", ids)
	if o.VisibleOnly {
		q = q.Scopes(directory.Visible(viewerID))
	}
	var rows []cardRow
	if err := q.Scan(&rows).Error; err != nil {
		return nil, 0, internal(err)
	}
	byID := make(map[uint64]*cardRow, len(rows))
	for i := range rows {
		byID[rows[i].ID] = &rows[i]
	}
	picked := make([]*cardRow, 0, cap(out))
	looked := 0
	for _, id := range ids {
		if len(picked) == limit {
			break
		}
		looked++
		if r, ok := byID[id]; ok {
			picked = append(picked, r)
		}
	}
	if len(picked) == 0 {
		return out, looked, nil
	}
	pickedIDs := make([]uint64, len(picked))
	for i, r := range picked {
		pickedIDs[i] = r.ID
	}
	invitationsOf := uint64(0)
	if o.Invitations {
		invitationsOf = viewerID
	}
	extras, err := cardExtras(db, pickedIDs, invitationsOf)
	if err != nil {
		return nil, 0, internal(err)
	}
	allowed, err := s.photoGrants(db, viewerID, picked, extras)
	if err != nil {
		return nil, 0, internal(err)
	}
	labels, err := s.labelsFor(ctx, picked)
	if err != nil {
		return nil, 0, err
	}
	highlighted, err := s.plans.HighlightSet(ctx)
	if err != nil {
		return nil, 0, err
	}
	now := s.clock()
	for _, r := range picked {
		x := extras[r.ID]
		c := Card{ProfileID: r.ProfileCode, UserName: r.Name, Gender: r.Gender, Age: AgeOn(r.DOB, now), HeightCM: r.HeightCM,
			MaritalStatus: r.MaritalStatus, Community: name(labels.Communities, r.CommunityID), MotherTongue: name(labels.Languages, r.MotherTongueID),
			Degree: name(labels.Degrees, r.DegreeID), Profession: name(labels.Professions, r.ProfessionID), City: name(labels.Cities, r.CityID),
			State: name(labels.States, r.StateID), Photos: []Photo{}, Badges: r.badges(x.proofs), Highlighted: highlighted(r.ID), internalID: r.ID,
			Invitation: x.invitation}
		if r.HeightCM != nil {
			c.Height = labels.Heights[*r.HeightCM]
		}
		if x.photo != nil {
			if r.PhotoVisibility == PhotosProtected && !allowed[r.ID] && r.ID != viewerID {
				c.PhotosProtected = true
			} else if ph, ok := s.photo(*x.photo, viewerCode, false); ok {
				c.Photos = append(c.Photos, ph)
			}
		}
		out = append(out, c)
	}
	return out, looked, nil
}

// cardExtra is a card's first photo (default first, then by sort), its
// verified proof kinds and the latest invitation between it and the viewer.
type cardExtra struct {
	photo      *photoRow
	proofs     []string
	invitation *InvitationState
}

// cardExtras reads the photos and verified proofs of ids in one statement,
// with the invitations between them and viewerID unless it is 0.
func cardExtras(db *gorm.DB, ids []uint64, viewerID uint64) (map[uint64]cardExtra, error) {
	var rows []struct {
		ProfileID uint64
		Kind      string // "photo", "proof" or "invitation"
		Value     string // the photo's file key, the proof's kind, or the invitation's status
		IsDefault bool   // an invitation: sent by the viewer
		Sort      int
		ID        uint64  // the photo's or the invitation's
		At        *string // an invitation's updated_at, as text (a UNION loses SQLite's column type)
	}
	q := `SELECT profile_id, 'photo' AS kind, file_key AS value, is_default, sort, id, NULL AS at FROM photos WHERE profile_id IN ?
 UNION ALL SELECT profile_id, 'proof', kind, 0, 0, 0, NULL FROM profile_proofs WHERE profile_id IN ? AND status = ?`
	args := []any{ids, ids, ProofVerified}
	if viewerID != 0 {
		q += `
 UNION ALL SELECT receiver_id, 'invitation', status, 1, 0, id, updated_at FROM invitations WHERE sender_id = ? AND receiver_id IN ?
 UNION ALL SELECT sender_id, 'invitation', status, 0, 0, id, updated_at FROM invitations WHERE receiver_id = ? AND sender_id IN ?`
		args = append(args, viewerID, ids, viewerID, ids)
	}
	if err := db.Raw(q, args...).Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[uint64]cardExtra, len(ids))
	best := map[uint64][3]int{}          // per profile: the chosen photo's (not default, sort, id)
	latest := make(map[uint64]uint64, 4) // per profile: the id of the latest invitation
	for _, r := range rows {
		x := out[r.ProfileID]
		switch r.Kind {
		case "proof":
			x.proofs = append(x.proofs, r.Value)
		case "invitation":
			if r.ID > latest[r.ProfileID] {
				latest[r.ProfileID] = r.ID
				st := &InvitationState{Status: r.Value, SentByMe: r.IsDefault}
				if r.At != nil {
					st.At = store.TimeText(*r.At).UTC()
				}
				x.invitation = st
			}
		default:
			def := 1
			if r.IsDefault {
				def = 0
			}
			rank := [3]int{def, r.Sort, int(r.ID)}
			if b, ok := best[r.ProfileID]; !ok || slices.Compare(rank[:], b[:]) < 0 {
				best[r.ProfileID] = rank
				x.photo = &photoRow{ProfileID: r.ProfileID, FileKey: r.Value, IsDefault: r.IsDefault}
			}
		}
		out[r.ProfileID] = x
	}
	return out, nil
}

// photoGrants says which of the protected members among rows, with a photo
// to show, accepted the viewer's photo request; it asks only when there are any.
func (s *Service) photoGrants(db *gorm.DB, viewerID uint64, rows []*cardRow, extras map[uint64]cardExtra) (map[uint64]bool, error) {
	var protected []uint64
	for _, r := range rows {
		if r.PhotoVisibility == PhotosProtected && extras[r.ID].photo != nil && r.ID != viewerID {
			protected = append(protected, r.ID)
		}
	}
	allowed := map[uint64]bool{}
	if len(protected) == 0 {
		return allowed, nil
	}
	var owners []uint64
	if err := db.Table("access_requests").Where("kind = ? AND requester_id = ? AND status = ? AND owner_id IN ?",
		relation.KindPhoto, viewerID, relation.RequestAccepted, protected).Pluck("owner_id", &owners).Error; err != nil {
		return nil, err
	}
	for _, o := range owners {
		allowed[o] = true
	}
	return allowed, nil
}

// labelsFor returns the master names, read again when a row has an id they lack (a row added since they were read).
func (s *Service) labelsFor(ctx context.Context, rows []*cardRow) (*master.Labels, error) {
	l, err := s.master.Labels(ctx, false)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if missing(l.Communities, r.CommunityID) || missing(l.Languages, r.MotherTongueID) || missing(l.Degrees, r.DegreeID) ||
			missing(l.Professions, r.ProfessionID) || missing(l.Cities, r.CityID) || missing(l.States, r.StateID) {
			return s.master.Labels(ctx, true)
		}
		if r.HeightCM != nil {
			if _, ok := l.Heights[*r.HeightCM]; !ok {
				return s.master.Labels(ctx, true)
			}
		}
	}
	return l, nil
}

func missing(m map[uint64]string, id *uint64) bool {
	if id == nil {
		return false
	}
	_, ok := m[*id]
	return !ok
}

// name is id's name in m, "" for none.
func name(m map[uint64]string, id *uint64) string {
	if id == nil {
		return ""
	}
	return m[*id]
}

// badges are the card's badge kinds: mobile and email when verified, then the verified proofs by kind.
func (r *cardRow) badges(proofs []string) []string {
	out := []string{}
	if r.PhoneVerifiedAt != nil {
		out = append(out, "mobile")
	}
	if r.EmailVerifiedAt != nil {
		out = append(out, "email")
	}
	slices.Sort(proofs)
	return append(out, proofs...)
}

// RecentlyViewed lists the members viewer viewed, most recent first (GET profile/recently-viewed).
func (s *Service) RecentlyViewed(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page[Card], error) {
	return s.views(ctx, viewerID, viewerCode, "viewer_id", "viewed_id", skip, limit)
}

// RecentVisitors lists the members who viewed viewer's profile, most recent first (GET profile/recent-visitors).
func (s *Service) RecentVisitors(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*Page[Card], error) {
	return s.views(ctx, viewerID, viewerCode, "viewed_id", "viewer_id", skip, limit)
}

// views pages profile_views where mine = viewer, showing the other side.
func (s *Service) views(ctx context.Context, viewerID uint64, viewerCode, mine, other string, skip, limit int) (*Page[Card], error) {
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	q := s.db.WithContext(ctx).Table("profile_views pv").
		Joins("JOIN profiles p ON p.id = pv."+other).Joins("JOIN users u ON u.id = p.user_id").
		Where("pv."+mine+" = ?", viewerID).Scopes(directory.Visible(viewerID)).Session(&gorm.Session{})
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, internal(err)
	}
	var rows []struct {
		ID           uint64
		ProfileCode  string
		LastViewedAt time.Time
		ViewCount    int
	}
	if err := q.Select("p.id, p.profile_code, pv.last_viewed_at, pv.view_count").Order("pv.last_viewed_at DESC, pv.id DESC").
		Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	ids := make([]uint64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	cards, err := s.Cards(ctx, viewerID, viewerCode, ids)
	if err != nil {
		return nil, err
	}
	for i := range cards {
		for _, r := range rows {
			if r.ProfileCode == cards[i].ProfileID {
				t := r.LastViewedAt.UTC()
				cards[i].ViewedAt, cards[i].ViewCount = &t, r.ViewCount
				break
			}
		}
	}
	return &Page[Card]{Items: cards, Total: total}, nil
}
