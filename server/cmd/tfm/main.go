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

	"golang.org/x/term"

	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/seed"
)

const usage = `usage: tfm [command]

commands:
  serve              run the web server (default)
  migrate            apply database migrations and exit
  seed [--demo] [--synthetic N [--seed S]]
                     load master data, plans, settings and content; --demo adds ~200 demo members and one demo admin per role;
                     --synthetic N makes sure N synthetic members exist (synthetic.000001@synthetic.tfmmatrimony.in …,
                     password Synthetic@123), drawn deterministically from seed S (default 1)
  admin reset-2fa --email E
                     make an admin set up their authenticator again at the next login (a lost
                     phone, or JWT_SECRET changed: the sealed secrets no longer open); their sessions end
  admin create --email E --role R[,R...] [--name N]
                     create a back-office account (password from TFM_ADMIN_PASSWORD, or asked for
                     on the terminal); the authenticator app is set up at the first login
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
			if _, err := a.SeedDemoAdmins(ctx); err != nil {
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

// adminCommand is `tfm admin create --email E --role R[,R…] [--name N]`:
// the first admin of a fresh install, or one made by an operator. The
// password comes from TFM_ADMIN_PASSWORD, or is asked for on the terminal
// (not echoed); the second factor is set up at the first login.
func adminCommand(ctx context.Context, a *app.App, args []string) error {
	if len(args) > 0 && args[0] == "reset-2fa" {
		return adminReset2FA(ctx, a, args[1:])
	}
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: tfm admin create --email E --role R[,R...] [--name N] | tfm admin reset-2fa --email E")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fs.String("email", "", "the admin's e-mail")
	roles := fs.String("role", "", "one or more of superadmin, moderator, content, finance, support (comma-separated)")
	name := fs.String("name", "", "the admin's name (default: the e-mail's name part)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *name == "" {
		*name, _, _ = strings.Cut(*email, "@")
	}
	pw := os.Getenv("TFM_ADMIN_PASSWORD")
	if pw == "" {
		if !term.IsTerminal(int(os.Stdin.Fd())) {
			return errors.New("set TFM_ADMIN_PASSWORD, or run this on a terminal to be asked for the password")
		}
		fmt.Fprint(os.Stderr, "Password for "+*email+": ")
		b, err := term.ReadPassword(int(os.Stdin.Fd()))
		fmt.Fprintln(os.Stderr)
		if err != nil {
			return err
		}
		pw = string(b)
	}
	var list []string
	for _, r := range strings.Split(*roles, ",") {
		if r = strings.TrimSpace(r); r != "" {
			list = append(list, r)
		}
	}
	created, err := a.Admin.Create(ctx, admin.CreateInput{Email: *email, Name: *name, Password: pw, Roles: list})
	if err != nil {
		if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
			var msgs []string
			for f, m := range e.Fields {
				msgs = append(msgs, f+": "+m)
			}
			return errors.New("admin not created: " + strings.Join(msgs, "; "))
		}
		return err
	}
	a.Log.Info("admin created; the authenticator is set up at the first login", "id", created.ID, "roles", strings.Join(created.Roles, ","))
	return nil
}

// adminReset2FA is `tfm admin reset-2fa --email E`: the way back in for an
// admin who cannot produce a code (a lost phone, or a changed JWT_SECRET
// that no longer opens the sealed secrets), when no superadmin can reset
// them from the back office.
func adminReset2FA(ctx context.Context, a *app.App, args []string) error {
	fs := flag.NewFlagSet("admin reset-2fa", flag.ContinueOnError)
	email := fs.String("email", "", "the admin's e-mail")
	if err := fs.Parse(args); err != nil {
		return err
	}
	all, err := a.Admin.List(ctx)
	if err != nil {
		return err
	}
	for _, ad := range all {
		if strings.EqualFold(ad.Email, strings.TrimSpace(*email)) {
			if _, err := a.Admin.ResetTOTP(ctx, ad.ID); err != nil {
				return err
			}
			a.Log.Info("second factor reset; the admin sets it up again at the next login", "id", ad.ID)
			return nil
		}
	}
	return errors.New("no admin with that e-mail")
}
