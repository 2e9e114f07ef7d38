package profile

// This file serves the public list of premium members, shown only as a
// visitor may see them (product.md "Who uses it").

import (
	"context"
	"strings"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"gorm.io/gorm"
)

// Gender codes (spec §3: code 10 selects one gender's default avatar).
const (
	GenderMale   = 10 // groom
	GenderFemale = 20 // bride
)

// PublicCard is what a visitor may see of a member: a first name, a denomination and a city.
type PublicCard struct {
	ProfileID    string `json:"profileID"`
	FirstName    string `json:"firstName"`
	Denomination string `json:"denomination"`
	City         string `json:"city"`
	State        string `json:"state"`
	Gender       int    `json:"gender"`
}

// PremiumMembers lists visible members on an active paid plan, newest
// subscription first, leaving out members who chose not to appear in public
// lists (member_settings.show_in_public). For a member (viewerID not 0) it
// lists the opposite gender only ("Premium Bride" for a groom), without the
// viewer and whoever the viewer must not see; a visitor (0) sees both.
// Either way, each is shown only as a visitor may see them.
func (s *Service) PremiumMembers(ctx context.Context, viewerID uint64, skip, limit int) ([]PublicCard, int64, error) {
	p := pagination.New(skip, limit, 25)
	var base *gorm.DB
	if viewerID == 0 {
		base = s.db.WithContext(ctx).Table("profiles p").
			Joins("JOIN users u ON u.id = p.user_id AND u.status = 'active'").
			Where("p.hidden = ?", false)
	} else {
		var me struct{ Gender int }
		if err := s.db.WithContext(ctx).Table("profiles").Select("gender").Where("id = ?", viewerID).Scan(&me).Error; err != nil {
			return nil, 0, internal(err)
		}
		other := GenderFemale
		if me.Gender == GenderFemale {
			other = GenderMale
		}
		base = directory.Members(s.db.WithContext(ctx), viewerID).Where("p.gender = ?", other)
	}
	base = base.
		Where("NOT EXISTS (SELECT 1 FROM member_settings ms WHERE ms.profile_id = p.id AND ms.show_in_public = ?)", false).
		Scopes(s.plans.WithActivePlan("p.id"))
	var total int64
	if err := base.Count(&total).Error; err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	var rows []struct {
		ProfileCode, Name, Denomination, City, State string
		Gender                                       int
	}
	err := base.Select("p.profile_code, p.name, p.gender, c.name AS denomination, ci.name AS city, st.name AS state").
		Joins("LEFT JOIN communities c ON c.id = p.community_id").
		Joins("LEFT JOIN cities ci ON ci.id = p.city_id").
		Joins("LEFT JOIN states st ON st.id = p.state_id").
		Order("p.id DESC").Offset(p.Skip).Limit(p.Limit).Scan(&rows).Error
	if err != nil {
		return nil, 0, store.Translate(err, "", "")
	}
	out := make([]PublicCard, 0, len(rows))
	for _, r := range rows {
		out = append(out, PublicCard{ProfileID: r.ProfileCode, FirstName: FirstName(r.Name),
			Denomination: r.Denomination, City: r.City, State: r.State, Gender: r.Gender})
	}
	return out, total, nil
}

// FirstName returns the first word of a full name; visitors see no more than that.
func FirstName(full string) string {
	f := strings.Fields(full)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
