package profile

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// cardRow is what a card needs of a profile.
type cardRow struct {
	ID              uint64
	ProfileCode     string
	Name            string
	Gender          int
	DOB             time.Time `gorm:"column:dob"`
	HeightCM        *int      `gorm:"column:height_cm"`
	MaritalStatus   string
	PhotoVisibility string
	HeightLabel     string
	Community       string
	MotherTongue    string
	Degree          string
	Profession      string
	City            string
	State           string
}

// Cards builds the cards of the profiles ids, in that order, as viewer (its
// internal id and public code) may see them: a protected member's photo only
// after an accepted photo request. It does not filter; callers pass only
// profiles the viewer may see (see directory.Visible).
func (s *Service) Cards(ctx context.Context, viewerID uint64, viewerCode string, ids []uint64) ([]Card, error) {
	out := make([]Card, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	db := s.db.WithContext(ctx)
	var rows []cardRow
	err := db.Raw(`SELECT p.id, p.profile_code, p.name, p.gender, p.dob, p.height_cm, p.marital_status, p.photo_visibility,
		COALESCE(h.label, '') AS height_label, COALESCE(c.name, '') AS community, COALESCE(l.name, '') AS mother_tongue,
		COALESCE(d.name, '') AS degree, COALESCE(pr.name, '') AS profession, COALESCE(ci.name, '') AS city, COALESCE(st.name, '') AS state
		FROM profiles p
		LEFT JOIN heights h ON h.cm = p.height_cm
		LEFT JOIN communities c ON c.id = p.community_id
		LEFT JOIN languages l ON l.id = p.mother_tongue_id
		LEFT JOIN degrees d ON d.id = p.degree_id
		LEFT JOIN professions pr ON pr.id = p.profession_id
		LEFT JOIN cities ci ON ci.id = p.city_id
		LEFT JOIN states st ON st.id = p.state_id
		WHERE p.id IN ?`, ids).Scan(&rows).Error
	if err != nil {
		return nil, internal(err)
	}
	allowed := map[uint64]bool{}
	var owners []uint64
	if err := db.Table("access_requests").Where("kind = ? AND requester_id = ? AND status = ? AND owner_id IN ?",
		relation.KindPhoto, viewerID, relation.RequestAccepted, ids).Pluck("owner_id", &owners).Error; err != nil {
		return nil, internal(err)
	}
	for _, o := range owners {
		allowed[o] = true
	}
	var photos []photoRow
	if err := db.Table("photos").Select("profile_id, file_key, is_default").Where("profile_id IN ?", ids).
		Order("profile_id, is_default DESC, sort, id").Find(&photos).Error; err != nil {
		return nil, internal(err)
	}
	first := map[uint64]photoRow{}
	for _, p := range photos {
		if _, ok := first[p.ProfileID]; !ok {
			first[p.ProfileID] = p
		}
	}
	badges, err := s.badgeKinds(ctx, ids)
	if err != nil {
		return nil, err
	}
	highlighted, err := s.plans.Highlighted(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := map[uint64]cardRow{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	now := s.clock()
	for _, id := range ids {
		r, ok := byID[id]
		if !ok {
			continue
		}
		c := Card{ProfileID: r.ProfileCode, UserName: r.Name, Gender: r.Gender, Age: AgeOn(r.DOB, now), HeightCM: r.HeightCM,
			Height: r.HeightLabel, MaritalStatus: r.MaritalStatus, Community: r.Community, MotherTongue: r.MotherTongue,
			Degree: r.Degree, Profession: r.Profession, City: r.City, State: r.State, Photos: []Photo{}, Badges: badges[id],
			Highlighted: highlighted[id], internalID: id}
		if c.Badges == nil {
			c.Badges = []string{}
		}
		if p, ok := first[id]; ok {
			if r.PhotoVisibility == PhotosProtected && !allowed[id] && id != viewerID {
				c.PhotosProtected = true
			} else if ph, ok := s.photo(p, viewerCode, false); ok {
				c.Photos = append(c.Photos, ph)
			}
		}
		out = append(out, c)
	}
	return out, nil
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
