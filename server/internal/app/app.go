// Package app wires configuration, stores, services and the HTTP and realtime
// layers into one runnable application. main and the end-to-end tests build
// the same App, so there are no package-level globals.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"github.com/tfmmatrimony/tfm/client"
	"github.com/tfmmatrimony/tfm/db"
	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/httpapi"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/notification"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/memreduce"
	"github.com/tfmmatrimony/tfm/server/internal/platform/razorpay"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/gateway"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/request"
	"github.com/tfmmatrimony/tfm/server/internal/search"
	"github.com/tfmmatrimony/tfm/server/internal/seed"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// App is the running service: its stores, services and HTTP handler.
type App struct {
	Cfg      *config.Config
	Log      *slog.Logger
	DB       *store.DB
	Redis    redis.UniversalClient // nil when REDIS_URL is unset
	Limiter  ratelimit.Limiter
	Registry *prometheus.Registry
	Master   *master.Service
	Content  *content.Service
	// Billing is plans, entitlements, checkout, payments, orders, invoices and
	// contact views; Plans is its read side that other areas are given.
	Billing *billing.Service
	Plans   *billing.Meter
	// Admin is the back office: admin accounts, logins, sessions, the Casbin
	// policy (RBAC) and the audit log.
	Admin *admin.Service
	RBAC  *rbac.Enforcer
	// Media is the media folder (photos, proofs, covers); Images re-encodes uploads.
	Media  *media.Disk
	Images *media.Processor
	// TestGateway stands in for Razorpay when no keys are configured (dev and
	// test only); its checkout page is at /dev/checkout/.
	TestGateway *razorpay.TestGateway
	Profiles    *profile.Service
	Matches     *match.Service   // matches and today's ten
	Search      *search.Service  // searches and saved searches
	Roster      *roster.Roster   // members' facts in memory for match lists and searches; nil when DISCOVERY_ROSTER is off
	Requests    *request.Service // photo and phone requests
	Accounts    *account.Service
	// Events is the outbox of domain events; Notifications consumes it
	// (in-app notifications, e-mail alerts, the live push, reminders).
	Events        *event.Outbox
	Notifications *notification.Service
	// Relations holds blocks, don't-show marks, invitations and requests.
	Relations *relation.Store
	// Chat holds conversations and messages; Realtime is the Socket.IO
	// gateway at /engine.io/ that delivers them and keeps presence.
	Chat     *chat.Service
	Realtime *gateway.Gateway
	// Mailer sends every e-mail (account mail and alerts): SMTP, or MailOutbox.
	Mailer mail.Sender
	// MailOutbox and SMSOutbox are set when mail and SMS stay in memory (dev and test).
	MailOutbox *mail.Outbox
	SMSOutbox  *sms.Outbox
	Handler    http.Handler
}

// NewLogger builds the structured logger the configuration asks for.
func NewLogger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, opts))
}

// Open connects the database (migrating it) and Redis, and builds every service.
func Open(ctx context.Context, cfg *config.Config, log *slog.Logger) (*App, error) {
	d, err := store.Open(store.Options{DSN: cfg.DBDSN, SQLitePath: cfg.SQLitePath(), Log: log})
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	a := &App{Cfg: cfg, Log: log, DB: d, Registry: prometheus.NewRegistry()}
	a.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if cfg.RedisURL != "" {
		opt, err := redis.ParseURL(cfg.RedisURL)
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("app: REDIS_URL: %w", err)
		}
		a.Redis = redis.NewClient(opt)
		// Counted in Redis, and in process on this node while Redis does not answer.
		limiter := ratelimit.NewFallback(ratelimit.NewRedis(a.Redis), log)
		a.Registry.MustRegister(limiter.Collector())
		a.Limiter = limiter
	} else {
		a.Limiter = ratelimit.NewMemory()
	}
	a.Master = master.NewService(d)
	a.Content = content.NewService(d)
	a.Plans = billing.NewMeter(d, nil)
	a.Relations = relation.New(d)
	a.Events = event.New(d, event.Options{Log: log})
	a.Relations.SetEvents(a.Events)
	a.Mailer = a.newMailer()
	if a.Profiles, err = a.newProfiles(); err != nil {
		d.Close()
		return nil, err
	}
	if a.Billing, err = a.newBilling(); err != nil {
		d.Close()
		return nil, err
	}
	if cfg.DiscoveryRoster {
		a.Roster = roster.New(d, log)
	}
	if a.Matches, err = match.New(match.Deps{DB: d, Profiles: a.Profiles, Plans: a.Plans, Roster: a.Roster, Master: a.Master}); err != nil {
		d.Close()
		return nil, err
	}
	a.Profiles.SetNewMatches(a.Matches)
	if a.Search, err = search.New(search.Deps{DB: d, Master: a.Master, Matches: a.Matches}); err != nil {
		d.Close()
		return nil, err
	}
	if a.Requests, err = request.New(request.Deps{DB: d, Relations: a.Relations, Profiles: a.Profiles}); err != nil {
		d.Close()
		return nil, err
	}
	scope := gateway.ScopeOf(ctx, d) // nodes sharing this database share presence and rooms in Redis
	if a.Chat, err = chat.New(chat.Deps{DB: d, Relations: a.Relations, Plans: a.Plans, Limiter: a.Limiter, Scope: scope, Log: log,
		SendLimit: cfg.ChatSendLimit}); err != nil {
		d.Close()
		return nil, err
	}
	if a.Accounts, err = a.newAccounts(); err != nil {
		d.Close()
		return nil, err
	}
	if a.Notifications, err = notification.New(notification.Deps{DB: d, Outbox: a.Events, Profiles: a.Profiles, Mail: a.Mailer,
		Plans: a.Plans, Matches: matchDigest{a.Matches}, Secret: cfg.JWTSecret, SiteURL: cfg.SiteURL, BrandName: cfg.BrandName + " Matrimony", Log: log}); err != nil {
		d.Close()
		return nil, err
	}
	a.Realtime, err = gateway.New(ctx, gateway.Deps{Accounts: a.Accounts, Chat: a.Chat, Relations: a.Relations, Redis: a.Redis, Log: log},
		gateway.Options{AllowedOrigins: cfg.AllowedOrigins, Scope: scope, MaxSocketsPerMember: cfg.ChatSocketsPerMember,
			Engine: engineio.Options{MaxSessions: socketBudget(cfg.ChatSockets), MaxSessionsPerClient: cfg.ChatSocketsPerIP}})
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("app: realtime gateway: %w", err)
	}

	a.Notifications.SetPusher(livePush{a.Realtime})
	if err := a.newAdmin(ctx); err != nil {
		d.Close()
		return nil, err
	}
	a.registerGuardMetrics()

	checks := map[string]func(context.Context) error{"database": d.Ping}
	if a.Redis != nil {
		checks["redis"] = func(ctx context.Context) error { return a.Redis.Ping(ctx).Err() }
	}
	a.Handler = httpapi.NewRouter(httpapi.Deps{
		Config: cfg, Log: log, Master: a.Master, Content: a.Content, Billing: a.Billing, Profiles: a.Profiles, Admin: a.Admin, Media: a.Media,
		Matches: a.Matches, Search: a.Search, Requests: a.Requests, Accounts: a.Accounts, Notifications: a.Notifications, MailOutbox: a.MailOutbox, SMSOutbox: a.SMSOutbox,
		Limiter: a.Limiter, Registry: a.Registry, Checks: checks, Client: clientFS(a.Cfg.ClientDir), Realtime: a.Realtime,
		DevCheckout: a.devCheckout(),
	})
	if a.TestGateway != nil {
		// The stand-in posts its signed webhooks to the real route, so they
		// go through the same verification as Razorpay's.
		a.TestGateway.SetWebhookTarget(a.Handler, "/api/v1/payment/webhook")
	}
	return a, nil
}

// newAccounts builds the account service with real SMTP and SMS gateways when
// configured, and the dev outboxes otherwise (config refuses that in prod).
func (a *App) newAccounts() (*account.Service, error) {
	cfg := a.Cfg
	var texter sms.Sender
	if cfg.SMSURL != "" {
		texter = sms.NewHTTP(sms.HTTPConfig{URL: cfg.SMSURL, APIKey: cfg.SMSAPIKey, Header: cfg.SMSHeader,
			SenderID: cfg.SMSSenderID, MaxRetries: 2})
	} else {
		a.SMSOutbox = sms.NewOutbox()
		texter = a.SMSOutbox
	}
	var otps account.OTPStore
	var backoff ratelimit.Backoff
	if a.Redis != nil {
		otps = account.NewRedisOTP(a.Redis)
		backoff = ratelimit.NewRedisBackoff(a.Redis)
	}
	return account.New(account.Deps{
		DB: a.DB, Secret: cfg.JWTSecret, Mail: a.Mailer, SMS: texter, Events: a.Events, OTP: otps, Limiter: a.Limiter, Backoff: backoff, Plans: a.Plans,
		SiteURL: cfg.SiteURL, BrandName: cfg.BrandName, MediaDir: cfg.MediaDir, Log: a.Log, PasswordCost: cfg.PasswordCost,
		DeleteHooks: []account.DeleteHook{a.Chat.DeleteMemberData, a.eraseProfileData, a.forgetBuyer},
		// Everything else kept about the member goes into the data export (file keys stay out).
		ExportTables: []account.ExportTable{
			{Name: "partnerPreferences", Table: "partner_preferences", Column: "profile_id"},
			{Name: "partnerPreferenceValues", Table: "partner_preference_values", Column: "profile_id"},
			{Name: "memberSettings", Table: "member_settings", Column: "profile_id"},
			{Name: "proofs", Table: "profile_proofs", Column: "profile_id", Omit: []string{"file_key"}},
			{Name: "profilesViewed", Table: "profile_views", Column: "viewer_id"},
			{Name: "messagesSent", Table: "chat_messages", Column: "sender_id"},
			{Name: "blocked", Table: "blocks", Column: "blocker_id"},
			{Name: "dontShow", Table: "dont_shows", Column: "profile_id"},
			{Name: "reportsFiled", Table: "reports", Column: "reporter_id"},
			{Name: "invitationsSent", Table: "invitations", Column: "sender_id"},
			{Name: "invitationsReceived", Table: "invitations", Column: "receiver_id"},
			{Name: "requestsSent", Table: "access_requests", Column: "requester_id"},
			{Name: "notifications", Table: "notifications", Column: "profile_id"},
			{Name: "orders", Table: "orders", Column: "profile_id"},
			{Name: "contactViews", Table: "contact_views", Column: "viewer_id"},
		},
	})
}

// newMailer is real SMTP when configured, and the dev outbox otherwise
// (config refuses that in prod).
func (a *App) newMailer() mail.Sender {
	cfg := a.Cfg
	if cfg.SMTPHost != "" {
		return mail.NewSMTP(mail.SMTPConfig{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUsername,
			Password: cfg.SMTPPassword, From: cfg.MailFrom})
	}
	a.MailOutbox = mail.NewOutbox()
	return a.MailOutbox
}

// clientFS returns the embedded client build, or nil when it was not built;
// a non-empty dir (CLIENT_DIR, dev and test only) serves a build from disk
// instead, so a client rebuild needs no new binary.
func clientFS(dir string) fs.FS {
	dist := client.Dist()
	if dir != "" {
		dist = os.DirFS(dir)
	}
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		return nil
	}
	return dist
}

// Seeder returns a seeder over the embedded seed files.
func (a *App) Seeder() *seed.Seeder {
	return &seed.Seeder{DB: a.DB, Files: db.Seed, MediaDir: a.Cfg.MediaDir, Log: a.Log, PasswordCost: a.Cfg.PasswordCost,
		Invoices: a.invoiceSettings()}
}

// Serve listens on the configured port until ctx is cancelled, then stops
// accepting, drains in-flight requests for up to ShutdownTimeout and returns.
func (a *App) Serve(ctx context.Context) error {
	ln, err := net.Listen("tcp", fmt.Sprintf(":%d", a.Cfg.Port))
	if err != nil {
		return err
	}
	return a.ServeListener(ctx, ln)
}

// ServeListener is Serve on an existing listener (tests pass port 0).
func (a *App) ServeListener(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           a.Handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      0, // long-polling and websockets manage their own deadlines
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.Log.Handler(), slog.LevelWarn),
	}
	if a.Realtime != nil {
		// Long-polls and websockets end when the gateway closes, so the drain
		// below is not held up by them.
		srv.RegisterOnShutdown(func() {
			ctx, cancel := context.WithTimeout(context.Background(), a.Cfg.ShutdownTimeout)
			defer cancel()
			_ = a.Realtime.Close(ctx)
		})
	}
	if a.Cfg.PprofAddr != "" {
		a.servePprof(ctx)
	}
	if a.Cfg.MetricsAddr != "" {
		a.serveMetrics(ctx)
	}
	// The outbox's workers and the reminder sweep run on every node; the
	// database decides which node delivers each event.
	a.Events.Start(ctx)
	go a.Notifications.Run(ctx)
	go a.Billing.Run(ctx)
	go a.housekeeping(ctx)
	if a.Roster != nil {
		go a.Roster.Run(ctx) // lists read the database until its first load ends
	}
	if a.Cfg.MemoryReducer {
		go (&memreduce.Reducer{Log: a.Log}).Run(ctx)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.Log.Info("serving", "addr", ln.Addr().String(), "database", string(a.DB.Dialect), "redis", a.Redis != nil,
		"maintenance", a.Cfg.MaintenanceMode, "env", a.Cfg.AppEnv)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.Log.Info("shutting down", "drain_timeout", a.Cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), a.Cfg.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		a.Log.Warn("drain timed out; closing remaining connections")
		err = srv.Close()
	}
	if e := <-errc; e != nil && !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// Close releases the realtime gateway, the database and Redis.
func (a *App) Close() error {
	var errs []string
	if a.Realtime != nil {
		// The gateway's close acknowledges committed messages first; give it the drain time SIGTERM gives HTTP.
		ctx, cancel := context.WithTimeout(context.Background(), max(a.Cfg.ShutdownTimeout, 5*time.Second))
		if err := a.Realtime.Close(ctx); err != nil {
			errs = append(errs, err.Error())
		}
		cancel()
	}
	if a.TestGateway != nil {
		a.TestGateway.Close() // its webhooks in flight land before the database closes
	}
	if a.Events != nil {
		a.Events.Stop() // a delivery in progress finishes; the rest waits in the database
	}
	if a.Accounts != nil {
		a.Accounts.Wait() // let queued e-mails and SMS go out before the connections close
	}
	if a.Matches != nil {
		a.Matches.StopWarming() // a list being warmed in the background finishes before the database closes
	}
	if a.Redis != nil {
		if err := a.Redis.Close(); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if err := a.DB.Close(); err != nil {
		errs = append(errs, err.Error())
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// registerGuardMetrics exports what the abuse guards refused: password
// checks shed in a login burst and chat handshakes past the socket caps.
func (a *App) registerGuardMetrics() {
	a.Registry.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tfm_password_checks_shed_total",
			Help: "Password checks and hashes refused (503) because the bcrypt slots and queue were full."},
			func() float64 { return float64(a.Accounts.Shed()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tfm_chat_handshakes_refused_total",
			Help: "Chat handshakes refused by the socket caps (per client address, or the whole node).", ConstLabels: prometheus.Labels{"cap": "per_address"}},
			func() float64 { n, _ := a.Realtime.Refused(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tfm_chat_handshakes_refused_total",
			Help: "Chat handshakes refused by the socket caps (per client address, or the whole node).", ConstLabels: prometheus.Labels{"cap": "node"}},
			func() float64 { _, n := a.Realtime.Refused(); return float64(n) }),
	)
	if a.Roster != nil {
		// The discovery roster: how many members it holds, and how old its
		// last successful read is (past a few seconds: syncs are failing, and
		// lists show changes late; they stay correct on who may be seen).
		a.Registry.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tfm_roster_members",
				Help: "Members held by the in-memory discovery roster (0 until its first load)."},
				func() float64 { return float64(a.Roster.Size()) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tfm_roster_age_seconds",
				Help: "Seconds since the discovery roster's last successful read (-1 before the first)."},
				func() float64 { return a.Roster.Age().Seconds() }),
		)
	}
	// The outbox's backlog: deliveries waiting (a growing number means the
	// workers fall behind or a consumer keeps failing) and parked as failed.
	for _, consumer := range []string{notification.ConsumerNotify, notification.ConsumerMail} {
		for _, state := range []string{"pending", "failed"} {
			a.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tfm_event_deliveries",
				Help: "Event deliveries in the outbox, by consumer and state (pending or failed).", ConstLabels: prometheus.Labels{"consumer": consumer, "state": state}},
				func() float64 {
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
					defer cancel()
					pending, failed, err := a.Events.Stats(ctx)
					if err != nil {
						return -1
					}
					if state == "failed" {
						return float64(failed[consumer])
					}
					return float64(pending[consumer])
				}))
		}
	}
}

// serveMetrics serves /metrics alone on the loopback METRICS_ADDR (config
// refuses any other) until ctx ends, for a scraper on the same host.
func (a *App) serveMetrics(ctx context.Context) {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(a.Registry, promhttp.HandlerOpts{}))
	srv := &http.Server{Addr: a.Cfg.MetricsAddr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Log.Warn("metrics server stopped", "error", err)
		}
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
}

// servePprof serves Go's profiler on the loopback address PPROF_ADDR (config
// refuses any other) until ctx ends: for an operator measuring a live node.
func (a *App) servePprof(ctx context.Context) {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Addr: a.Cfg.PprofAddr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Log.Warn("pprof server stopped", "error", err)
		}
	}()
	context.AfterFunc(ctx, func() { _ = srv.Close() })
	a.Log.Info("profiler listening", "addr", a.Cfg.PprofAddr)
}
