package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
)

// newAdmin builds the back office: the Casbin enforcer over the policy table
// and the admin service, whose login throttling shares the members' store
// (Redis when configured).
func (a *App) newAdmin(ctx context.Context) error {
	var err error
	if a.RBAC, err = rbac.New(ctx, a.DB, a.Log); err != nil {
		return fmt.Errorf("app: rbac: %w", err)
	}
	var backoff ratelimit.Backoff
	if a.Redis != nil {
		backoff = ratelimit.NewFallbackBackoff(ratelimit.NewRedisBackoff(a.Redis))
	}
	a.Admin, err = admin.New(admin.Deps{DB: a.DB, RBAC: a.RBAC, Secret: a.Cfg.JWTSecret, Backoff: backoff,
		Issuer: a.Cfg.BrandName + " Matrimony", PasswordCost: a.Cfg.PasswordCost, Log: a.Log})
	if err != nil {
		return err
	}
	a.Admin.SetAreas(admin.Areas{Accounts: a.Accounts, Profiles: a.Profiles, Relations: a.Relations, Chat: a.Chat, Events: a.Events,
		Billing: a.Billing, Content: a.Content, Disk: a.Media, Images: a.Images})
	return nil
}

// housekeeping lifts suspensions whose time is up (each minute) and deletes
// proof images 30 days after their verdict (each hour), on every node: the
// conditional UPDATEs make a second node's pass a no-op.
func (a *App) housekeeping(ctx context.Context) {
	minute := time.NewTicker(time.Minute)
	defer minute.Stop()
	var lastPurge time.Time
	for {
		if n, err := a.Accounts.LiftSuspensions(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("lifting suspensions", "error", err)
		} else if n > 0 {
			a.Log.Info("suspensions ended", "count", n)
		}
		if time.Since(lastPurge) >= time.Hour {
			lastPurge = time.Now()
			if n, err := a.Profiles.PurgeProofImages(ctx); err != nil && ctx.Err() == nil {
				a.Log.Warn("deleting reviewed proof images", "error", err)
			} else if n > 0 {
				a.Log.Info("reviewed proof images deleted", "count", n)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-minute.C:
		}
	}
}

// DemoAdminPassword is the password of the demo back-office accounts that
// `tfm seed --demo` makes, for trying /admin locally.
const DemoAdminPassword = "Demo@Admin2026"

// SeedDemoAdmins makes one demo admin per role, demo.<role>@demo.tfmmatrimony.in,
// unless they exist; each sets up their authenticator at the first login like
// any admin. It refuses in production, where a known password must never
// open the back office, and returns how many it made.
func (a *App) SeedDemoAdmins(ctx context.Context) (int, error) {
	if a.Cfg.AppEnv == "prod" {
		return 0, errors.New("demo admins are not made in production; use `tfm admin create`")
	}
	made := 0
	for _, role := range rbac.Roles() {
		_, err := a.Admin.Create(ctx, admin.CreateInput{Email: "demo." + role + "@demo.tfmmatrimony.in",
			Name: "Demo " + role, Password: DemoAdminPassword, Roles: []string{role}})
		if e, ok := apperr.As(err); ok && e.Fields["email"] == admin.MsgEmailTaken {
			continue
		}
		if err != nil {
			return made, fmt.Errorf("demo admin %s: %w", role, err)
		}
		made++
	}
	if made > 0 {
		a.Log.Info("seeded demo admins", "created", made)
	}
	return made, nil
}
