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
	ent, err := s.plans.Entitlements(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	out.Entitlements = ent
	if ent.Paid {
		out.Subscription = &Subscription{PlanName: ent.PlanName, ExpiresAt: *ent.ExpiresAt}
		out.PrevContactViewPending = ent.PrevContactViewPending
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

// partnerRow loads the member with public profile id code for viewer:
// unknown, hidden, deleted and suspended members and members blocked
// either way are all the same NotFound; the viewer's own id is themselves.
func (s *Service) partnerRow(ctx context.Context, viewerID uint64, code string) (*row, error) {
	code, ok := NormalizeCode(code)
	if !ok {
		return nil, notFound()
	}
	r, ok, err := loadRow(s.db.WithContext(ctx), "p.profile_code = ?", code)
	if err != nil {
		return nil, internal(err)
	}
	if !ok {
		return nil, notFound()
	}
	if r.ID == viewerID {
		return r, nil
	}
	if !r.visible() {
		return nil, notFound()
	}
	if blocked, err := s.rel.Blocked(ctx, viewerID, r.ID); err != nil {
		return nil, internal(err)
	} else if blocked {
		return nil, notFound()
	}
	return r, nil
}

// Partner returns the member with public profile id code as viewer sees it
// (GET profile/partner/{id}) and records the view. Unknown, hidden, deleted
// and suspended members and members blocked either way all answer the same
// NotFound. The viewer's own id gives their own profile as others see it,
// unmasked, without recording a view.
func (s *Service) Partner(ctx context.Context, viewerID uint64, viewerCode, code string) (*PartnerView, error) {
	db := s.db.WithContext(ctx)
	r, err := s.partnerRow(ctx, viewerID, code)
	if err != nil {
		return nil, err
	}
	self := r.ID == viewerID
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
	access, err := s.contactAccess(ctx, viewerID, r, self)
	if err != nil {
		return nil, err
	}
	v.ContactAccess = access
	v.Contact = Contact{PhoneCode: r.PhoneCode, Phone: MaskPhone(r.Phone), Email: MaskEmail(r.Email), Masked: true}
	if access.State == AccessShown {
		if v.Contact, err = s.fullContact(db, r); err != nil {
			return nil, internal(err)
		}
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
