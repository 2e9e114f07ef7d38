package app

import (
	"context"
	"runtime"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// newProfiles builds the profile service: photos and proofs on the local disk
// under MEDIA_DIR, at most half the CPUs (at least one) decoding uploads at
// once, and photo grants keyed from the server secret.
func (a *App) newProfiles() (*profile.Service, error) {
	return profile.New(profile.Deps{
		DB: a.DB, Master: a.Master, Relations: a.Relations, Log: a.Log,
		Disk:   media.NewDisk(a.Cfg.MediaDir),
		Images: media.NewProcessor(max(1, runtime.NumCPU()/2)),
		Grants: media.NewGrants(a.Cfg.JWTSecret, nil),
	})
}

// eraseProfileData is the profile area's account DeleteHook: it removes the
// member's proofs (rows and files); preferences, settings and profile views
// cascade with the profile row.
func (a *App) eraseProfileData(ctx context.Context, tx *gorm.DB, m account.DeletedMember) error {
	return a.Profiles.EraseMember(ctx, tx, m.ProfileID)
}
