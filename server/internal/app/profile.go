package app

import (
	"context"
	"runtime"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/notification"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/gateway"
)

// newProfiles builds the profile service: photos and proofs on the local disk
// under MEDIA_DIR, at most half the CPUs (at least one) decoding uploads at
// once, and photo grants keyed from the server secret.
func (a *App) newProfiles() (*profile.Service, error) {
	a.Media = media.NewDisk(a.Cfg.MediaDir)
	a.Images = media.NewProcessor(max(1, runtime.NumCPU()/2))
	return profile.New(profile.Deps{
		DB: a.DB, Master: a.Master, Relations: a.Relations, Log: a.Log,
		Disk:   a.Media,
		Images: a.Images,
		Grants: media.NewGrants(a.Cfg.JWTSecret, nil),
		Events: a.Events, Plans: a.Plans,
	})
}

// eraseProfileData is the profile area's account DeleteHook: it removes the
// member's proofs (rows and files); preferences, settings and profile views
// cascade with the profile row.
func (a *App) eraseProfileData(ctx context.Context, tx *gorm.DB, m account.DeletedMember) error {
	return a.Profiles.EraseMember(ctx, tx, m.ProfileID)
}

// matchDigest lists new matches for the notification area's e-mail digest.
type matchDigest struct{ m *match.Service }

// NewMatches implements notification.Digester.
func (d matchDigest) NewMatches(ctx context.Context, viewerID uint64, viewerCode string, limit int) ([]profile.Card, error) {
	pg, err := d.m.List(ctx, match.Viewer{ID: viewerID, Code: viewerCode}, match.Fresh, match.PageRequest{Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]profile.Card, 0, len(pg.Items))
	for _, c := range pg.Items {
		out = append(out, c.Card)
	}
	return out, nil
}

// livePush delivers notification.Live notices over the chat gateway's sockets.
type livePush struct{ g *gateway.Gateway }

// PushNotification implements notification.Pusher.
func (p livePush) PushNotification(_ context.Context, profileID uint64, l notification.Live) {
	p.g.PushToMember(profileID, gateway.EventNotification, l)
}

// forgetBuyer is billing's account DeleteHook: orders, payments and invoices
// stay (tax law), without anything that identifies the member.
func (a *App) forgetBuyer(ctx context.Context, tx *gorm.DB, m account.DeletedMember) error {
	return a.Billing.ForgetMember(ctx, tx, m.ProfileID)
}
