package profile

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// NewMatchCounter counts a member's new matches and, as they land on the
// dashboard, gets their My matches ready in the background; the match area
// implements it.
type NewMatchCounter interface {
	CountNew(ctx context.Context, viewerID uint64) (int64, error)
	WarmMatches(viewerID uint64)
}

// SetNewMatches plugs in the match area's counter for the dashboard.
func (s *Service) SetNewMatches(c NewMatchCounter) { s.newMatches = c }

// VisitorWindow is how far back the dashboard counts recent visitors.
const VisitorWindow = 30 * 24 * time.Hour

// DashCounts are the dashboard's counters, each leaving out blocked,
// don't-show, hidden, suspended and deleted members.
type DashCounts struct {
	NewMatches          int64 `json:"newMatches"`          // see Dashboard
	InvitationsReceived int64 `json:"invitationsReceived"` // pending invitations to me
	InvitationsAccepted int64 `json:"invitationsAccepted"` // accepted invitations, either way
	RecentVisitors      int64 `json:"recentVisitors"`      // members who viewed me in the last 30 days
	PhotoRequests       int64 `json:"photoRequests"`       // pending photo requests to me
	PhoneRequests       int64 `json:"phoneRequests"`       // pending phone requests to me
}

// PlanUsage is the member's current plan and its contact views.
type PlanUsage struct {
	PlanName               string    `json:"planName"`
	ExpiresAt              time.Time `json:"expiresAt"`
	ContactViewsUsed       int       `json:"contactViewsUsed"`
	ContactViewsTotal      int       `json:"contactViewsTotal"`
	PrevContactViewPending int       `json:"prevContactViewPending"`
	ContactViewsLeft       int       `json:"contactViewsLeft"` // total - used + carried forward
}

// Dashboard is GET profile/dash-view.
type Dashboard struct {
	ProfileID         string     `json:"profileID"`
	UserName          string     `json:"userName"`
	Gender            int        `json:"gender"`
	Photos            []Photo    `json:"photos"` // at most the default photo
	CompletedSteps    int        `json:"completedSteps"`
	CompletionPercent int        `json:"completionPercent"`
	Completion        []Section  `json:"completion"`
	Badges            []Badge    `json:"badges"`
	Counts            DashCounts `json:"counts"`
	Plan              *PlanUsage `json:"plan"` // null on the free plan
	Hidden            bool       `json:"hidden"`
}

// Dashboard gathers the member's dashboard. New matches are counted by the
// match area (see NewMatchCounter), exactly as the New matches list shows them.
func (s *Service) Dashboard(ctx context.Context, profileID uint64) (*Dashboard, error) {
	db := s.db.WithContext(ctx)
	r, ok, err := loadRow(db, "p.id = ?", profileID)
	if err != nil {
		return nil, internal(err)
	}
	if !ok {
		return nil, notFound()
	}
	now := s.clock()
	d := &Dashboard{ProfileID: r.ProfileCode, UserName: r.Name, Gender: r.Gender, Hidden: r.Hidden, Photos: []Photo{}}
	photos, err := s.photosOf(db, r.ID, r.ProfileCode, true)
	if err != nil {
		return nil, internal(err)
	}
	if len(photos) > 0 {
		d.Photos = photos[:1]
	}
	f, err := s.facts(db, r)
	if err != nil {
		return nil, internal(err)
	}
	d.CompletedSteps, d.Completion = completion(r, f)
	d.CompletionPercent = d.CompletedSteps * 100 / CompleteSteps
	if d.Badges, err = s.badges(ctx, r); err != nil {
		return nil, err
	}
	if s.newMatches != nil {
		if d.Counts.NewMatches, err = s.newMatches.CountNew(ctx, r.ID); err != nil {
			return nil, err
		}
		s.newMatches.WarmMatches(r.ID)
	}
	if err := s.dashCounts(db, r.ID, now, &d.Counts); err != nil {
		return nil, internal(err)
	}
	ent, err := s.plans.Entitlements(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	if ent.Paid {
		d.Plan = &PlanUsage{PlanName: ent.PlanName, ExpiresAt: *ent.ExpiresAt, ContactViewsUsed: ent.ContactViewsUsed,
			ContactViewsTotal: ent.ContactViewsTotal, PrevContactViewPending: ent.PrevContactViewPending,
			ContactViewsLeft: ent.ContactViewsLeft}
	}
	return d, nil
}

// dashCounts reads the dashboard's counters but New matches, each over the
// members the viewer may see, as scalar subqueries of one statement: one
// round trip instead of five on the page every member lands on.
func (s *Service) dashCounts(db *gorm.DB, id uint64, now time.Time, c *DashCounts) error {
	visible := func() *gorm.DB { return directory.Members(db, id).Select("COUNT(*)") }
	requests := func(kind string) *gorm.DB {
		return visible().Joins("JOIN access_requests ar ON ar.requester_id = p.id").
			Where("ar.owner_id = ? AND ar.kind = ? AND ar.status = ?", id, kind, relation.RequestPending)
	}
	return db.Raw("SELECT (?) AS received, (?) AS accepted, (?) AS visitors, (?) AS photo, (?) AS phone",
		visible().Joins("JOIN invitations i ON i.sender_id = p.id").Where("i.receiver_id = ? AND i.status = ?", id, relation.InvitePending),
		visible().Joins("JOIN invitations i ON (i.sender_id = p.id AND i.receiver_id = ?) OR (i.receiver_id = p.id AND i.sender_id = ?)", id, id).
			Where("i.status = ?", relation.InviteAccepted),
		visible().Joins("JOIN profile_views pv ON pv.viewer_id = p.id").Where("pv.viewed_id = ? AND pv.last_viewed_at >= ?", id, now.Add(-VisitorWindow)),
		requests(relation.KindPhoto), requests(relation.KindPhone)).
		Row().Scan(&c.InvitationsReceived, &c.InvitationsAccepted, &c.RecentVisitors, &c.PhotoRequests, &c.PhoneRequests)
}
