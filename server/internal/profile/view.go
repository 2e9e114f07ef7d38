package profile

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// codePattern is a well-formed public profile id ("TM4821937"); anything else is not looked up.
var codePattern = regexp.MustCompile(`^[A-Z0-9]{2,16}$`)

// NormalizeCode upper-cases and trims a public profile id; ok is false when it is malformed.
func NormalizeCode(code string) (string, bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	return c, codePattern.MatchString(c)
}

// photoRow is one row of photos.
type photoRow struct {
	ProfileID uint64
	FileKey   string
	IsDefault bool
}

// photo turns a stored photo into the URL parts the viewer (a public profile
// code) may load; withID adds the owner's handle.
func (s *Service) photo(p photoRow, viewerCode string, withID bool) (Photo, bool) {
	if !media.ValidKey(p.FileKey) {
		return Photo{}, false
	}
	small := s.grants.Sign(viewerCode, media.PhotoFileName(p.FileKey, media.Small))
	large := s.grants.Sign(viewerCode, media.PhotoFileName(p.FileKey, media.Large))
	if small == "" || large == "" {
		return Photo{}, false
	}
	out := Photo{ImagePath: media.PhotoDir(p.FileKey), Images: PhotoImages{Small: small, Large: large}, IsDefault: p.IsDefault}
	if withID {
		out.PhotoID = p.FileKey
	}
	return out, true
}

// photosOf lists a member's photos, default first, signed for viewerCode.
func (s *Service) photosOf(db *gorm.DB, profileID uint64, viewerCode string, withIDs bool) ([]Photo, error) {
	var rows []photoRow
	if err := db.Table("photos").Select("profile_id, file_key, is_default").Where("profile_id = ?", profileID).
		Order("is_default DESC, sort, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]Photo, 0, len(rows))
	for _, r := range rows {
		if p, ok := s.photo(r, viewerCode, withIDs); ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// SignPhotoName returns a photo file name ("<key>_large.jpg") with a grant
// for viewerCode appended, or "" when name is not a photo file name. Other
// areas (the login summary, chat users) use it to give their photo URLs grants.
func (s *Service) SignPhotoName(viewerCode, name string) string {
	if _, _, ok := media.ParsePhotoFileName(name); !ok {
		return ""
	}
	return s.grants.Sign(viewerCode, name)
}

// PhotoGrant returns viewerCode's viewer grant, good for every photo file
// (media.Grants.SignViewer): the client appends it to photo names that came
// without a grant, as the chat's shared presence events carry them.
func (s *Service) PhotoGrant(viewerCode string) string { return s.grants.SignViewer(viewerCode) }

// subscription returns the member's current plan with its contact-view counters, or nil.
type subRow struct {
	PlanName               string
	ExpiresAt              time.Time
	ContactViewsTotal      int
	ContactViewsUsed       int
	PrevContactViewPending int
}

func (s *Service) subscription(db *gorm.DB, profileID uint64) (*subRow, error) {
	now := s.clock()
	var sub subRow
	res := db.Raw(`SELECT pl.name AS plan_name, s.expires_at, s.contact_views_total, s.contact_views_used, s.prev_contact_view_pending
		FROM subscriptions s JOIN plans pl ON pl.id = s.plan_id
		WHERE s.profile_id = ? AND s.starts_at <= ? AND s.expires_at > ? ORDER BY s.expires_at DESC LIMIT 1`, profileID, now, now).Scan(&sub)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, nil
	}
	return &sub, nil
}

// Own returns the member's whole profile (GET profile without onlyInfo).
func (s *Service) Own(ctx context.Context, profileID uint64) (*Own, error) {
	db := s.db.WithContext(ctx)
	r, ok, err := loadRow(db, "p.id = ?", profileID)
	if err != nil {
		return nil, internal(err)
	}
	if !ok {
		return nil, notFound()
	}
	now := s.clock()
	out := &Own{ProfileID: r.ProfileCode, UserName: r.Name, Gender: r.Gender, Sections: r.sections(now, true),
		Hidden: r.Hidden, EmailVerified: r.EmailVerifiedAt != nil, PhoneVerified: r.PhoneVerifiedAt != nil,
		Contact: OwnContact{Email: r.Email, PhoneCode: r.PhoneCode, Phone: r.Phone}, MemberSince: r.CreatedAt.UTC()}
	if out.Photos, err = s.photosOf(db, r.ID, r.ProfileCode, true); err != nil {
		return nil, internal(err)
	}
	f, err := s.facts(db, r)
	if err != nil {
		return nil, internal(err)
	}
	out.CompletedSteps, out.Completion = completion(r, f)
	sub, err := s.subscription(db, r.ID)
	if err != nil {
		return nil, internal(err)
	}
	if sub != nil {
		out.Subscription = &Subscription{PlanName: sub.PlanName, ExpiresAt: sub.ExpiresAt.UTC()}
		out.PrevContactViewPending = sub.PrevContactViewPending
	}
	st, err := s.Settings(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	out.Settings = *st
	if out.Badges, err = s.badges(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// Partner returns the member with public profile id code as viewer sees it
// (GET profile/partner/{id}) and records the view. Unknown, hidden, deleted
// and suspended members and members blocked either way all answer the same
// NotFound. The viewer's own id gives their own profile as others see it,
// unmasked, without recording a view.
func (s *Service) Partner(ctx context.Context, viewerID uint64, viewerCode, code string) (*PartnerView, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return nil, notFound()
	}
	db := s.db.WithContext(ctx)
	r, ok, err := loadRow(db, "p.profile_code = ?", code)
	if err != nil {
		return nil, internal(err)
	}
	if !ok {
		return nil, notFound()
	}
	self := r.ID == viewerID
	if !self {
		if !r.visible() {
			return nil, notFound()
		}
		if blocked, err := s.rel.Blocked(ctx, viewerID, r.ID); err != nil {
			return nil, internal(err)
		} else if blocked {
			return nil, notFound()
		}
	}
	now := s.clock()
	v := &PartnerView{ProfileID: r.ProfileCode, UserName: r.Name, Gender: r.Gender, Sections: r.sections(now, false),
		IsSelf: self, Photos: []Photo{}, LastActive: LastActive(r.LastActiveAt, now)}
	seePhotos := self || r.PhotoVisibility != PhotosProtected
	if !seePhotos {
		if seePhotos, err = s.rel.RequestAccepted(ctx, relation.KindPhoto, viewerID, r.ID); err != nil {
			return nil, internal(err)
		}
	}
	if seePhotos {
		if v.Photos, err = s.photosOf(db, r.ID, viewerCode, false); err != nil {
			return nil, internal(err)
		}
	} else {
		var n int64
		if err := db.Table("photos").Where("profile_id = ?", r.ID).Count(&n).Error; err != nil {
			return nil, internal(err)
		}
		v.PhotosProtected = n > 0
	}
	if v.Badges, err = s.badges(ctx, r); err != nil {
		return nil, err
	}
	entitled := self
	if !entitled && s.contacts != nil {
		if entitled, err = s.contacts.ContactViewed(ctx, viewerID, r.ID); err != nil {
			return nil, internal(err)
		}
	}
	if !entitled {
		if entitled, err = s.phoneShared(ctx, viewerID, r.ID, r.ContactFilter); err != nil {
			return nil, internal(err)
		}
	}
	v.Contact = Contact{PhoneCode: r.PhoneCode, Phone: MaskPhone(r.Phone), Email: MaskEmail(r.Email), Masked: true}
	if entitled {
		ms, err := s.settingsRow(db, r.ID)
		if err != nil {
			return nil, internal(err)
		}
		v.Contact = Contact{PhoneCode: r.PhoneCode, Phone: r.Phone, Email: r.Email, ContactPerson: ms.ContactPerson,
			ContactRelation: ms.ContactRelation, CallTime: ms.CallTime}
	}
	if !self {
		var reqs []struct{ Kind, Status string }
		if err := db.Table("access_requests").Select("kind, status").Where("requester_id = ? AND owner_id = ?", viewerID, r.ID).
			Find(&reqs).Error; err != nil {
			return nil, internal(err)
		}
		for _, q := range reqs {
			switch q.Kind {
			case relation.KindPhoto:
				v.Requests.Photo = relation.RequesterSees(q.Status)
			case relation.KindPhone:
				v.Requests.Phone = relation.RequesterSees(q.Status)
			}
		}
		var n int64
		if err := db.Table("dont_shows").Where("profile_id = ? AND target_id = ?", viewerID, r.ID).Count(&n).Error; err != nil {
			return nil, internal(err)
		}
		v.DontShow = n > 0
		inv, err := latestInvitation(db, viewerID, r.ID)
		if err != nil {
			return nil, internal(err)
		}
		if inv != nil {
			v.Invitation = inv.state(viewerID)
		}
		if err := s.recordView(ctx, db, viewerID, r.ID, now); err != nil {
			return nil, internal(err)
		}
	}
	return v, nil
}

// recordView counts one view of viewed by viewer (one row per pair). It is a
// single upsert, so simultaneous first views cannot both insert; InnoDB may
// still pick one of them as a deadlock victim, which is simply run again.
func (s *Service) recordView(ctx context.Context, db *gorm.DB, viewer, viewed uint64, now time.Time) error {
	row := map[string]any{"viewer_id": viewer, "viewed_id": viewed, "view_count": 1,
		"first_viewed_at": now, "last_viewed_at": now}
	upsert := clause.OnConflict{
		Columns: []clause.Column{{Name: "viewer_id"}, {Name: "viewed_id"}},
		DoUpdates: clause.Assignments(map[string]any{
			"view_count": gorm.Expr("view_count + 1"), "last_viewed_at": now}),
	}
	// One "viewed your profile" notification a day per viewer (India's day).
	seen := event.Event{Kind: event.ProfileViewed, Recipient: viewed, Actor: viewer,
		DedupeKey: fmt.Sprintf("view:%d:%d:%s", viewer, viewed, now.In(dates.India).Format(time.DateOnly))}
	return store.Retry(ctx, 5, func() error {
		return db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Table("profile_views").Clauses(upsert).Create(row).Error; err != nil {
				return err
			}
			_, err := s.events.Record(tx, seen)
			return err
		})
	})
}

// phoneShared reports whether owner shares their contact with viewer by
// accepting viewer's phone request, within owner's contact filter: the
// accept is the owner's consent, so "paid" asks nothing more, while
// "verified" still wants viewer's mobile verified and "accepted" an
// accepted invitation between them. It uses no contact view of a plan.
func (s *Service) phoneShared(ctx context.Context, viewerID, ownerID uint64, filter string) (bool, error) {
	ok, err := s.rel.RequestAccepted(ctx, relation.KindPhone, viewerID, ownerID)
	if err != nil || !ok {
		return false, err
	}
	switch filter {
	case ContactVerified:
		var n int64
		err := s.db.WithContext(ctx).Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Where("p.id = ? AND u.phone_verified_at IS NOT NULL", viewerID).Count(&n).Error
		return n > 0, err
	case ContactAccepted:
		return s.rel.InvitationAccepted(ctx, viewerID, ownerID)
	}
	return true, nil
}
