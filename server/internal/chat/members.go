package chat

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// party is a member taking part in a chat decision.
type party struct {
	ID              uint64
	ProfileCode     string
	Name            string
	Gender          int
	Hidden          bool
	ChatSetting     string
	PhotoVisibility string
	Status          string
	EmailVerifiedAt *time.Time
	PhoneVerifiedAt *time.Time
}

// available reports whether others may find and chat with the member.
func (p *party) available() bool { return p != nil && p.Status == account.StatusActive && !p.Hidden }

// verified reports a verified e-mail or mobile number.
func (p *party) verified() bool { return p.EmailVerifiedAt != nil || p.PhoneVerifiedAt != nil }

const partySQL = `SELECT p.id, p.profile_code, p.name, p.gender, p.hidden, p.chat_setting, p.photo_visibility,
	u.status, u.email_verified_at, u.phone_verified_at
	FROM profiles p JOIN users u ON u.id = p.user_id WHERE `

// loadParties returns the members matching where, by profiles.id.
func (s *Service) loadParties(ctx context.Context, where string, args ...any) (map[uint64]*party, error) {
	return s.loadPartiesOn(ctx, s.db.DB, where, args...)
}

// loadPartiesOn is loadParties on db: s.hot for the fixed-shape lookups.
func (s *Service) loadPartiesOn(ctx context.Context, db *gorm.DB, where string, args ...any) (map[uint64]*party, error) {
	var rows []party
	if err := db.WithContext(ctx).Raw(partySQL+where, args...).Scan(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := make(map[uint64]*party, len(rows))
	for i := range rows {
		out[rows[i].ID] = &rows[i]
	}
	return out, nil
}

// pair loads the caller (by id) and the partner (by public code). The
// partner is nil when no such profile exists.
func (s *Service) pair(ctx context.Context, self uint64, partnerCode string) (me, partner *party, err error) {
	ps, err := s.loadPartiesOn(ctx, s.hot, "p.id = ? OR p.profile_code = ?", self, partnerCode)
	if err != nil {
		return nil, nil, err
	}
	me = ps[self]
	for id, p := range ps {
		if id != self && p.ProfileCode == partnerCode {
			partner = p
		}
	}
	if me == nil || me.Status != account.StatusActive {
		return nil, nil, refuse(apperr.Unauthorized, ReasonInactive, MsgInactive)
	}
	return me, partner, nil
}

// chatUsers builds the chat users of ps as viewer may see them: a protected
// photo is shown only when the owner accepted viewer's photo request, and
// never when viewer is 0 (a list shared by everyone).
func (s *Service) chatUsers(ctx context.Context, viewer uint64, ps ...*party) (map[uint64]ChatUser, error) {
	out := make(map[uint64]ChatUser, len(ps))
	if len(ps) == 0 {
		return out, nil
	}
	ids := make([]uint64, 0, len(ps))
	var protected []uint64
	for _, p := range ps {
		ids = append(ids, p.ID)
		if p.PhotoVisibility != "all" && p.PhotoVisibility != "" {
			protected = append(protected, p.ID)
		}
	}
	db := s.db.WithContext(ctx)
	allowed := map[uint64]bool{}
	if viewer != 0 && len(protected) > 0 {
		var owners []uint64
		err := db.Table("access_requests").Where("kind = ? AND requester_id = ? AND status = ? AND owner_id IN ?",
			relation.KindPhoto, viewer, relation.RequestAccepted, protected).Pluck("owner_id", &owners).Error
		if err != nil {
			return nil, internal(err)
		}
		for _, o := range owners {
			allowed[o] = true
		}
	}
	var photos []struct {
		ProfileID uint64
		FileKey   string
		IsDefault bool
	}
	err := db.Table("photos").Select("profile_id, file_key, is_default").Where("profile_id IN ?", ids).
		Order("profile_id, is_default DESC, sort, id").Find(&photos).Error
	if err != nil {
		return nil, internal(err)
	}
	first := map[uint64]account.Photo{}
	for _, ph := range photos {
		if _, done := first[ph.ProfileID]; done || len(ph.FileKey) < 2 {
			continue
		}
		first[ph.ProfileID] = account.Photo{ImagePath: "/media/photos/" + ph.FileKey[:2] + "/", IsDefault: ph.IsDefault,
			Images: account.PhotoImages{Small: ph.FileKey + "_small.jpg", Large: ph.FileKey + "_large.jpg"}}
	}
	for _, p := range ps {
		u := ChatUser{Gender: p.Gender, Photos: []account.Photo{}, ProfileID: p.ProfileCode, UserName: p.Name}
		if ph, ok := first[p.ID]; ok && (p.PhotoVisibility == "all" || p.PhotoVisibility == "" || allowed[p.ID]) {
			u.Photos = append(u.Photos, ph)
		}
		out[p.ID] = u
	}
	return out, nil
}

// Profile returns what presence needs about the member: ids, gender, the
// hidden flag and the chat user anyone may see. A suspended or deleted
// member gives a ReasonInactive refusal.
func (s *Service) Profile(ctx context.Context, profileID uint64) (*Member, error) {
	ps, err := s.loadPartiesOn(ctx, s.hot, "p.id = ?", profileID)
	if err != nil {
		return nil, err
	}
	p := ps[profileID]
	if p == nil || p.Status != account.StatusActive {
		return nil, refuse(apperr.Unauthorized, ReasonInactive, MsgInactive)
	}
	users, err := s.chatUsers(ctx, 0, p)
	if err != nil {
		return nil, err
	}
	return &Member{ID: p.ID, Code: p.ProfileCode, Gender: p.Gender, Hidden: p.Hidden, User: users[p.ID]}, nil
}

// ChatUserOf returns target as viewer may see them (for presence updates
// sent to one member), or NotFound when target is hidden or unavailable.
func (s *Service) ChatUserOf(ctx context.Context, viewer, target uint64) (*ChatUser, error) {
	ps, err := s.loadParties(ctx, "p.id = ?", target)
	if err != nil {
		return nil, err
	}
	p := ps[target]
	if !p.available() {
		return nil, refuse(apperr.NotFound, ReasonNotFound, MsgNotFound)
	}
	users, err := s.chatUsers(ctx, viewer, p)
	if err != nil {
		return nil, err
	}
	u := users[target]
	return &u, nil
}

// Codes returns the public profile ids of ids (missing ones are left out).
func (s *Service) Codes(ctx context.Context, ids ...uint64) (map[uint64]string, error) {
	var rows []struct {
		ID          uint64
		ProfileCode string
	}
	if err := s.db.WithContext(ctx).Table("profiles").Select("id, profile_code").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, internal(err)
	}
	out := make(map[uint64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.ProfileCode
	}
	return out, nil
}

// Visibility returns, in one query, who the member must not see and who must
// not see the member (blocks either way, "don't show" marks each way).
func (s *Service) Visibility(ctx context.Context, profileID uint64) (*Visibility, error) {
	var rows []struct {
		ID   uint64
		Kind string
	}
	err := s.hot.WithContext(ctx).Raw(`SELECT blocked_id AS id, 'b' AS kind FROM blocks WHERE blocker_id = ?
		UNION ALL SELECT blocker_id, 'b' FROM blocks WHERE blocked_id = ?
		UNION ALL SELECT target_id, 'mine' FROM dont_shows WHERE profile_id = ?
		UNION ALL SELECT profile_id, 'theirs' FROM dont_shows WHERE target_id = ?`,
		profileID, profileID, profileID, profileID).Scan(&rows).Error
	if err != nil {
		return nil, internal(err)
	}
	v := &Visibility{HiddenFromMember: map[uint64]struct{}{}}
	others := map[uint64]struct{}{}
	for _, r := range rows {
		if r.Kind != "theirs" {
			v.HiddenFromMember[r.ID] = struct{}{}
		}
		if r.Kind != "mine" {
			if _, dup := others[r.ID]; !dup {
				others[r.ID] = struct{}{}
				v.HiddenFromOthers = append(v.HiddenFromOthers, r.ID)
			}
		}
	}
	return v, nil
}
