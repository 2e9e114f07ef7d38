// Command tfm is the TFM Matrimony server: `tfm serve` (the default),
// `tfm migrate`, `tfm seed [--demo] [--synthetic N [--seed S]]` and `tfm admin create`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/seed"
)

const usage = `usage: tfm [command]

commands:
  serve              run the web server (default)
  migrate            apply database migrations and exit
  seed [--demo] [--synthetic N [--seed S]]
                     load master data, plans, settings and content; --demo adds ~200 demo members;
                     --synthetic N makes sure N synthetic members exist (synthetic.000001@synthetic.tfmmatrimony.in …,
                     password Synthetic@123), drawn deterministically from seed S (default 1)
  admin create --enable-admin-create --email E --role R
                     create a back-office account (password read from TFM_ADMIN_PASSWORD);
                     behind a flag until the admin API ships
  bench-members, bench-discovery
                     benchmark helpers for scripts/bench/realtime and scripts/bench/discovery (refused under APP_ENV=prod)

configuration comes from the environment and an optional .env file; see .env.example.
`

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "tfm:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		cmd = "help"
	} else if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		fmt.Print(usage)
		return nil
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	log := app.NewLogger(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "serve", "migrate", "seed", "admin":
	case "bench-members":
		return benchMembers(ctx, cfg, log, args) // scripts/bench/realtime; see bench.go
	case "bench-discovery":
		return benchDiscovery(ctx, cfg, log, args) // scripts/bench/discovery; see benchdiscovery.go
	default:
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
	a, err := app.Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()

	switch cmd {
	case "serve":
		return a.Serve(ctx)
	case "migrate":
		log.Info("migrations applied", "database", string(a.DB.Dialect))
		return nil
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ContinueOnError)
		demo := fs.Bool("demo", false, "also create about 200 demo brides and grooms")
		synthetic := fs.Int("synthetic", 0, "make sure this many synthetic members exist (adds only the missing ones)")
		synthSeed := fs.Uint64("seed", 1, "random seed of the synthetic members")
		if err := fs.Parse(args); err != nil {
			return err
		}
		if err := a.Seeder().Run(ctx); err != nil {
			return err
		}
		if *demo {
			if _, err := a.Seeder().Demo(ctx); err != nil {
				return err
			}
		}
		if *synthetic > 0 {
			_, err := a.Seeder().Synthetic(ctx, seed.SyntheticOptions{Count: *synthetic, Seed: *synthSeed})
			return err
		}
		return nil
	default: // admin
		return adminCommand(ctx, a, args)
	}
}

func adminCommand(ctx context.Context, a *app.App, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: tfm admin create --enable-admin-create --email E --role R")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	enable := fs.Bool("enable-admin-create", false, "acknowledge that the admin API is not released yet")
	email := fs.String("email", "", "the admin's e-mail")
	role := fs.String("role", "", "superadmin, moderator, content, finance or support")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if !*enable {
		return errors.New("admin create is behind --enable-admin-create until the admin API ships")
	}
	switch *role {
	case "superadmin", "moderator", "content", "finance", "support":
	default:
		return fmt.Errorf("unknown role %q", *role)
	}
	pw := os.Getenv("TFM_ADMIN_PASSWORD")
	if len(pw) < 12 || len(pw) > 72 {
		return errors.New("set TFM_ADMIN_PASSWORD to 12–72 characters")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), 12)
	if err != nil {
		return err
	}
	err = a.DB.WithContext(ctx).Table("admins").Create(map[string]any{
		"email": strings.ToLower(strings.TrimSpace(*email)), "password_hash": string(hash), "role": *role, "created_at": time.Now().UTC(),
	}).Error
	if err != nil {
		return fmt.Errorf("creating admin: %w", err)
	}
	a.Log.Info("admin created", "role", *role)
	return nil
}
