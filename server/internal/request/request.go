// Package request is the photo and phone requests between members (spec §7
// "Phone-request and its accept; photo-request and its accept"; product.md
// "Invitations, requests, contact views"): who may ask whom, how often, the
// owner's answers (accept, decline, ignore), the requester's withdrawal and
// the Inbox → Requests lists. The rows live in access_requests, which
// package relation owns and writes; this package asks it through its
// functions. What an accepted request grants is read where it shows: the
// protected photos (profile) and the contact (profile's partner view,
// within the owner's contact filter).
//
// State machine of one (kind, requester, owner) row:
//
//	(none) ── Ask ──▶ pending ── Answer accept ──▶ accepted
//	                     │  ├─── Answer decline ─▶ declined ── Ask after 30 days ─▶ pending
//	                     │  └─── Answer ignore ──▶ ignored (the requester still sees pending;
//	                     │                          the owner may still accept or decline)
//	                     └────── Cancel, or a block either way ─▶ cancelled ── Ask ─▶ pending
package request

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/pagination"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Kinds, as in the routes (photo-request, phone-request).
const (
	Photo = relation.KindPhoto
	Phone = relation.KindPhone
)

// PerDay is how many requests of one kind a member may make in 24 hours.
const PerDay = 20

// Boxes of the Inbox → Requests lists.
const (
	BoxReceived = "received" // requests to me
	BoxSent     = "sent"     // my requests
)

// Messages a member reads.
const (
	MsgNotFound         = profile.MsgNotFound // as every other call on an unknown or hidden profile
	MsgRequestNotFound  = "Request not found"
	MsgSelf             = "You cannot send a request to your own profile"
	MsgSameGender       = "Requests are only between brides and grooms"
	MsgWhileHidden      = "Your profile is hidden. Show it again to send requests."
	MsgPhotosVisible    = "Photos are visible to you already"
	MsgNoPhotos         = "This member has not added photos yet"
	MsgUnknownBox       = "Unknown request list"
	MsgUnknownKind      = "Unknown request kind"
	msgLivePhoto        = "You have already requested photos from this member"
	msgLivePhone        = "You have already requested the phone number of this member"
	msgAcceptedPhoto    = "This member has already shared photos with you"
	msgAcceptedPhone    = "This member has already shared the phone number with you"
	msgCoolOff          = "This member declined your request. You can ask again from %s."
	msgLimit            = "You can send %d %s requests a day. Please try again tomorrow."
	msgInvalidListValue = "Please choose a valid %s"
)

// Deps are what the service needs; all are required.
type Deps struct {
	DB        *store.DB
	Relations *relation.Store
	Profiles  *profile.Service // builds the member cards of the lists
	Now       func() time.Time // the clock; time.Now when nil
}

// Service runs photo and phone requests.
type Service struct {
	db       *store.DB
	rel      *relation.Store
	profiles *profile.Service
	now      func() time.Time
}

// New builds the service.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Relations == nil || d.Profiles == nil {
		return nil, errors.New("request: DB, Relations and Profiles are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{db: d.DB, rel: d.Relations, profiles: d.Profiles, now: d.Now}, nil
}

// target is the other member of a request, as viewer may see them.
type target struct {
	ID              uint64
	Gender          int
	PhotoVisibility string
}

// visibleTarget resolves a public profile id among the members viewer may
// see; anything else (unknown, hidden, blocked either way, suspended) is
// apperr.NotFound with notFound, so no answer tells who exists.
func (s *Service) visibleTarget(ctx context.Context, viewerID uint64, code, notFound string) (target, error) {
	var t target
	res := directory.Members(s.db.WithContext(ctx), viewerID).Where("p.profile_code = ?", code).
		Select("p.id, p.gender, p.photo_visibility").Limit(1).Scan(&t)
	if res.Error != nil {
		return t, store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		return t, apperr.New(apperr.NotFound, notFound)
	}
	return t, nil
}

func validKind(kind string) error {
	if kind != Photo && kind != Phone {
		return apperr.New(apperr.NotFound, MsgUnknownKind)
	}
	return nil
}

// Ask sends viewer's request of kind to the member with public id code:
// to a member of the other gender whom viewer may see, one live request of
// each kind per pair, PerDay a day. A photo request needs the owner's
// photos to be protected from viewer.
func (s *Service) Ask(ctx context.Context, kind string, viewerID uint64, code string) error {
	if err := validKind(kind); err != nil {
		return err
	}
	db := s.db.WithContext(ctx)
	var me struct {
		ProfileCode string
		Gender      int
		Hidden      bool
	}
	if err := db.Table("profiles").Select("profile_code, gender, hidden").Where("id = ?", viewerID).Take(&me).Error; err != nil {
		return store.Translate(err, MsgNotFound, "")
	}
	if code == me.ProfileCode {
		return apperr.New(apperr.BadRequest, MsgSelf)
	}
	t, err := s.visibleTarget(ctx, viewerID, code, MsgNotFound)
	if err != nil {
		return err
	}
	switch {
	case me.Hidden: // the owner could never see who asked
		return apperr.New(apperr.BadRequest, MsgWhileHidden)
	case me.Gender == t.Gender:
		return apperr.New(apperr.BadRequest, MsgSameGender)
	}
	if kind == Photo {
		if t.PhotoVisibility != profile.PhotosProtected {
			return apperr.New(apperr.BadRequest, MsgPhotosVisible)
		}
		var n int64
		if err := db.Table("photos").Where("profile_id = ?", t.ID).Count(&n).Error; err != nil {
			return store.Translate(err, "", "")
		}
		if n == 0 {
			return apperr.New(apperr.BadRequest, MsgNoPhotos)
		}
	}
	withinLimit := func(tx *gorm.DB) error {
		var today int64
		if err := tx.Table("access_requests").Where("requester_id = ? AND kind = ? AND created_at > ?", viewerID, kind, s.now().Add(-24*time.Hour)).
			Count(&today).Error; err != nil {
			return err
		}
		if today >= PerDay {
			return apperr.New(apperr.RateLimited, fmt.Sprintf(msgLimit, PerDay, kind))
		}
		return nil
	}
	err = s.rel.Request(ctx, kind, viewerID, t.ID, withinLimit)
	var cool *relation.RequestCoolOffUntil
	switch {
	case err == nil:
		return nil
	case errors.Is(err, relation.ErrRequestLive):
		return apperr.New(apperr.Conflict, pick(kind, msgLivePhoto, msgLivePhone))
	case errors.Is(err, relation.ErrRequestAccepted):
		return apperr.New(apperr.Conflict, pick(kind, msgAcceptedPhoto, msgAcceptedPhone))
	case errors.As(err, &cool):
		return apperr.New(apperr.Conflict, fmt.Sprintf(msgCoolOff, dates.Day(cool.Until)))
	}
	return err
}

// Answer lets viewer, the owner, accept, decline or ignore (relation's
// RequestAccepted, RequestDeclined, RequestIgnored) the request of kind the
// member with public id code sent. A requester viewer may no longer see
// (hidden, blocked) answers like a missing request.
func (s *Service) Answer(ctx context.Context, kind string, viewerID uint64, code, status string) error {
	if err := validKind(kind); err != nil {
		return err
	}
	t, err := s.visibleTarget(ctx, viewerID, code, MsgRequestNotFound)
	if err != nil {
		return err
	}
	return s.rel.AnswerRequest(ctx, kind, viewerID, t.ID, status)
}

// Cancel withdraws viewer's pending request of kind to the member with public id code.
func (s *Service) Cancel(ctx context.Context, kind string, viewerID uint64, code string) error {
	if err := validKind(kind); err != nil {
		return err
	}
	t, err := s.visibleTarget(ctx, viewerID, code, MsgRequestNotFound)
	if err != nil {
		return err
	}
	return s.rel.CancelRequest(ctx, kind, viewerID, t.ID)
}

// State is one request as a list shows it to the viewer.
type State struct {
	Kind      string    `json:"kind"`
	Status    string    `json:"status"` // pending, accepted, declined (ignored only in the owner's own lists)
	SentByMe  bool      `json:"sentByMe"`
	CreatedAt time.Time `json:"createdAt"` // when it was (last) asked
	UpdatedAt time.Time `json:"updatedAt"` // its last change
}

// Card is a member card with the request it is listed for.
type Card struct {
	profile.Card
	Request State `json:"request"`
}

// Filter narrows a list: Kind photo or phone ("" both), Status pending,
// answered or accepted ("" all; cancelled requests are never listed).
type Filter struct {
	Kind, Status string
}

// List pages viewer's requests: BoxReceived (to viewer) or BoxSent (by
// viewer), newest change first, among members viewer may see.
func (s *Service) List(ctx context.Context, viewerID uint64, viewerCode, box string, f Filter, skip, limit int) (*profile.Page[Card], error) {
	q := s.db.WithContext(ctx).Table("access_requests ar")
	received := box == BoxReceived
	switch box {
	case BoxReceived:
		q = q.Joins("JOIN profiles p ON p.id = ar.requester_id").Where("ar.owner_id = ?", viewerID)
	case BoxSent:
		q = q.Joins("JOIN profiles p ON p.id = ar.owner_id").Where("ar.requester_id = ?", viewerID)
	default:
		return nil, apperr.New(apperr.NotFound, MsgUnknownBox)
	}
	switch f.Kind {
	case "":
	case Photo, Phone:
		q = q.Where("ar.kind = ?", f.Kind)
	default:
		return nil, apperr.Validation(map[string]string{"kind": fmt.Sprintf(msgInvalidListValue, "kind")}, "kind")
	}
	pending := []string{relation.RequestPending}
	answered := []string{relation.RequestAccepted, relation.RequestDeclined, relation.RequestIgnored}
	if !received { // the requester sees an ignored request as pending
		pending = append(pending, relation.RequestIgnored)
		answered = answered[:2]
	}
	switch f.Status {
	case "":
		q = q.Where("ar.status IN ?", append(pending, answered...))
	case "pending":
		q = q.Where("ar.status IN ?", pending)
	case "answered":
		q = q.Where("ar.status IN ?", answered)
	case relation.RequestAccepted: // Inbox → Contacts: who shared their number
		q = q.Where("ar.status = ?", relation.RequestAccepted)
	default:
		return nil, apperr.Validation(map[string]string{"status": fmt.Sprintf(msgInvalidListValue, "status")}, "status")
	}
	q = q.Joins("JOIN users u ON u.id = p.user_id").Scopes(directory.Visible(viewerID)).Session(&gorm.Session{})
	pg := pagination.New(skip, limit, pagination.DefaultLimit)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	var rows []struct {
		Kind, Status         string
		CreatedAt, UpdatedAt time.Time
		PID                  uint64 `gorm:"column:pid"`
	}
	if err := q.Select("ar.kind, ar.status, ar.created_at, ar.updated_at, p.id AS pid").Order("ar.updated_at DESC, ar.id DESC").
		Offset(pg.Skip).Limit(pg.Limit).Scan(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	ids := make([]uint64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.PID)
	}
	cards, err := s.profiles.Cards(ctx, viewerID, viewerCode, profile.UniqueIDs(ids))
	if err != nil {
		return nil, err
	}
	byID := make(map[uint64]profile.Card, len(cards))
	for _, c := range cards {
		byID[c.InternalID()] = c
	}
	out := make([]Card, 0, len(rows))
	for _, r := range rows {
		c, ok := byID[r.PID]
		if !ok {
			continue
		}
		status := r.Status
		if !received {
			status = relation.RequesterSees(status)
		}
		out = append(out, Card{Card: c, Request: State{Kind: r.Kind, Status: status, SentByMe: !received, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}})
	}
	return &profile.Page[Card]{Items: out, Total: total}, nil
}

// pick chooses the photo or the phone wording.
func pick(kind, photo, phone string) string {
	if kind == Photo {
		return photo
	}
	return phone
}
