// Package httpapi is the Gin HTTP layer: every route is listed in this file,
// handlers bind input, call one service method and answer with the envelope.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/notification"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
	"github.com/tfmmatrimony/tfm/server/internal/request"
	"github.com/tfmmatrimony/tfm/server/internal/search"
)

// Deps are the services and settings the HTTP layer needs; app wires them.
type Deps struct {
	Config  *config.Config
	Log     *slog.Logger
	Master  *master.Service
	Content *content.Service
	// Media is the media folder (blog covers are served from it).
	Media *media.Disk
	// Admin is the back office's accounts, logins, sessions, RBAC and audit log.
	Admin *admin.Service
	// Billing is plans, entitlements, checkout, payments, orders, invoices and contact views.
	Billing *billing.Service
	// DevCheckout, when set (dev and test, without Razorpay keys), serves the
	// test gateway's checkout page at /dev/checkout/.
	DevCheckout http.Handler
	Profiles    *profile.Service
	Matches     *match.Service
	Search      *search.Service
	Requests    *request.Service
	Accounts    *account.Service
	// Notifications are the in-app notifications and the e-mail unsubscribe links.
	Notifications *notification.Service
	// MailOutbox and SMSOutbox, when set (dev and test only), are served at /dev/outbox.
	MailOutbox *mail.Outbox
	SMSOutbox  *sms.Outbox
	Limiter    ratelimit.Limiter
	Registry   *prometheus.Registry
	// Checks are the readiness checks (database, Redis) run by /readyz.
	Checks map[string]func(context.Context) error
	// Client is the built single-page app (client/dist); nil or empty serves a notice.
	Client fs.FS
	// Realtime, when set, is mounted at /engine.io/.
	Realtime http.Handler
}

type handlers struct{ Deps }

// NewRouter builds the Gin engine with every route of the service.
func NewRouter(d Deps) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	// Only the configured proxies may set the client IP; everyone else's
	// X-Forwarded-For is ignored, so rate limits cannot be dodged by spoofing it.
	if err := r.SetTrustedProxies(d.Config.TrustedProxies); err != nil {
		d.Log.Warn("invalid TRUSTED_PROXIES; trusting none", "error", err)
		_ = r.SetTrustedProxies(nil)
	}
	m := NewMetrics(d.Registry)
	prod := d.Config.AppEnv == "prod"
	r.Use(requestID(), recovery(d.Log), m.middleware(), accessLog(d.Log), securityHeaders(prod))
	h := &handlers{d}

	r.GET("/healthz", h.healthz)
	r.GET("/readyz", h.readyz)
	r.GET("/metrics", metricsGuard(prod, d.Config.MetricsToken), gin.WrapH(promhttp.HandlerFor(d.Registry, promhttp.HandlerOpts{})))
	if d.Realtime != nil {
		rt := d.Realtime
		r.Any("/engine.io/*any", func(c *gin.Context) {
			// The socket layer counts sessions per client address and binds
			// each session to it: hand it the address Gin trusts.
			rt.ServeHTTP(c.Writer, c.Request.WithContext(engineio.WithClientAddr(c.Request.Context(), c.ClientIP())))
		})
	}

	// The web-admin back end's public blog list (spec §7), without the envelope.
	r.GET("/api/blogs", h.adminBlogs)
	if d.Admin != nil {
		h.mountAdmin(r)
	}

	v1 := r.Group("/api/v1", limitBody(1<<20), h.maintenanceGate)
	v1.GET("/common", h.common)
	v1.GET("/master/:kind", h.masterList)
	v1.GET("/master/state/:countryId", h.masterStatesOf)
	v1.GET("/master/city/:stateId", h.masterCitiesOf)
	v1.POST("/common/blog/filter", h.blogFilter)
	v1.GET("/common/success-story", h.successStories)
	v1.POST("/common/success-story", rateLimit(d.Limiter, "story", 3, time.Hour), h.submitSuccessStory)
	v1.POST("/common/faq/filter", h.faqFilter)
	v1.POST("/common/contact-us", rateLimit(d.Limiter, "contact", d.Config.ContactRateLimit, time.Hour), h.contactUs)
	v1.GET("/common/page/:key", h.page)
	v1.GET("/plans", h.plans)
	v1.GET("/profile/premium-members", h.optionalMember, h.premiumMembers)

	h.accountRoutes(v1)
	v1.GET("/profile", h.requireMember, h.profile)
	h.profileRoutes(v1)
	h.discoveryRoutes(v1)
	h.requestRoutes(v1)
	h.notificationRoutes(v1)
	h.billingRoutes(v1)
	h.mediaRoutes(r)
	if d.MailOutbox != nil && d.SMSOutbox != nil {
		r.GET("/dev/outbox", h.devOutbox)
	}
	if d.DevCheckout != nil {
		r.Any("/dev/checkout/*any", gin.WrapH(d.DevCheckout))
	}

	r.NoRoute(h.notFoundOrApp(d.Client))
	r.NoMethod(func(c *gin.Context) {
		c.AbortWithStatusJSON(http.StatusMethodNotAllowed, Envelope{Meta: Meta{Code: 405, Message: "Method not allowed"}})
	})
	return r
}
