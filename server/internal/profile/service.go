package profile

import (
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// MsgNotFound answers every profile a viewer may not see: unknown, hidden,
// deleted, suspended or blocked either way look the same.
const MsgNotFound = "Profile not found"

// Deps is what the profile service needs; DB, Master, Relations, Disk, Images and Grants are required.
type Deps struct {
	DB        *store.DB
	Master    *master.Service
	Relations *relation.Store
	Disk      *media.Disk      // MEDIA_DIR: photos and proofs
	Images    *media.Processor // decodes and re-encodes uploads
	Grants    *media.Grants    // signs photo URLs per viewer
	// Plans answers what a member's plan grants (the header's plan summary,
	// invitations a day, contact views) and spends contact views; nil builds
	// one on DB (billing.NewMeter), which reads the same rows.
	Plans *billing.Meter
	// Events records "viewed your profile" (once a day per viewer) in the view's transaction; nil records none.
	Events *event.Outbox
	Log    *slog.Logger
	Now    func() time.Time // the clock; time.Now when nil
}

// Service reads and writes member profiles, photos, proofs, preferences,
// settings and profile views.
type Service struct {
	db     *store.DB
	master *master.Service
	rel    *relation.Store
	disk   *media.Disk
	images *media.Processor
	grants *media.Grants
	plans  *billing.Meter
	events *event.Outbox
	// newMatches counts the dashboard's new matches; nil shows 0 (see SetNewMatches).
	newMatches NewMatchCounter
	log        *slog.Logger
	now        func() time.Time
}

// New builds the profile service; it fails when a required dependency is missing.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Master == nil || d.Relations == nil || d.Disk == nil || d.Images == nil || d.Grants == nil {
		return nil, errors.New("profile: DB, Master, Relations, Disk, Images and Grants are required")
	}
	s := &Service{db: d.DB, master: d.Master, rel: d.Relations, disk: d.Disk, images: d.Images, grants: d.Grants,
		plans: d.Plans, events: d.Events, log: d.Log, now: d.Now}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.plans == nil {
		s.plans = billing.NewMeter(d.DB, s.now)
	}
	return s, nil
}

// clock returns the current UTC time at millisecond precision, as the database keeps it.
func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// internal wraps an unexpected storage error.
func internal(err error) error { return store.Translate(err, MsgNotFound, "") }

// notFound is the one answer for a profile the caller may not see.
func notFound() error { return apperr.New(apperr.NotFound, MsgNotFound) }
