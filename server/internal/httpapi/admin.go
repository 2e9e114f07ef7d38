package httpapi

import (
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/admin"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
)

// AdminRoute is one route of the admin API (/api/admin/...) and what it
// needs: a permission (checked by Casbin), or, for the few that come before
// or around a session, Access.
type AdminRoute struct {
	Method string
	Path   string // below /api/admin
	Perm   rbac.Permission
	// Access is "public" (login, the second factor: their own checks) or
	// "session" (any signed-in admin: me, logout); "" means Perm decides.
	Access string
	// BodyLimit caps the request body (1 MB when 0; uploads more).
	BodyLimit int64
	handle    func(h *handlers, c *gin.Context)
}

// Access values of AdminRoute.
const (
	AccessPublic  = "public"
	AccessSession = "session"
)

const adminPrincipalKey = "admin_principal"

// adminRoutes is every admin route. It is the only way routes enter
// /api/admin: each passes requireAdmin and requirePermission(Perm) before
// its handler, and the matrix test (app/admin_rbac_test.go) calls every one
// as every role, comparing the answer with the policy; a route whose
// permission no role holds fails that test, and so does a route added to
// the group by other means.
func adminRoutes() []AdminRoute { return append(adminAccountRoutes(), adminAreaRoutes()...) }

// adminAccountRoutes are the login, the admin's own session, the admins
// and their roles, and the audit log.
func adminAccountRoutes() []AdminRoute {
	r := func(method, path string, perm rbac.Permission, fn func(h *handlers, c *gin.Context)) AdminRoute {
		return AdminRoute{Method: method, Path: path, Perm: perm, handle: fn}
	}
	return []AdminRoute{
		{Method: "POST", Path: "/auth/login", Access: AccessPublic, handle: (*handlers).adminLogin},
		{Method: "POST", Path: "/auth/totp", Access: AccessPublic, handle: (*handlers).adminTOTP},
		{Method: "POST", Path: "/auth/logout", Access: AccessSession, handle: (*handlers).adminLogout},
		{Method: "GET", Path: "/me", Access: AccessSession, handle: (*handlers).adminMe},

		r("GET", "/admins", rbac.AdminsManage, (*handlers).adminList),
		r("POST", "/admins", rbac.AdminsManage, (*handlers).adminCreate),
		r("PUT", "/admins/:id/roles", rbac.AdminsManage, (*handlers).adminSetRoles),
		r("POST", "/admins/:id/disable", rbac.AdminsManage, adminSetStatus(admin.StatusDisabled)),
		r("POST", "/admins/:id/enable", rbac.AdminsManage, adminSetStatus(admin.StatusActive)),
		r("POST", "/admins/:id/reset-totp", rbac.AdminsManage, (*handlers).adminResetTOTP),
		r("GET", "/roles", rbac.AdminsManage, (*handlers).adminRoles),
		r("GET", "/audit", rbac.AuditRead, (*handlers).adminAudit),
	}
}

// AdminRouteTable lists the admin routes with what they need (for tests and docs).
func AdminRouteTable() []AdminRoute {
	out := adminRoutes()
	for i := range out {
		out[i].handle = nil
	}
	return out
}

// mountAdmin mounts /api/admin from adminRoutes.
func (h *handlers) mountAdmin(r *gin.Engine) {
	g := r.Group("/api/admin", secretAnswer)
	login := rateLimit(h.Limiter, "admin-login", 30, 10*time.Minute)
	for _, rt := range adminRoutes() {
		limit := rt.BodyLimit
		if limit == 0 {
			limit = 1 << 20
		}
		chain := []gin.HandlerFunc{limitBody(limit)}
		switch rt.Access {
		case AccessPublic:
			chain = append(chain, login)
		case AccessSession:
			chain = append(chain, h.requireAdmin)
		default:
			chain = append(chain, h.requireAdmin, h.requirePermission(rt.Perm))
		}
		handle := rt.handle
		g.Handle(rt.Method, rt.Path, append(chain, func(c *gin.Context) { handle(h, c) })...)
	}
}

// requireAdmin authenticates an admin session token; members' tokens and
// anything else are 401.
func (h *handlers) requireAdmin(c *gin.Context) {
	tok := bearer(c)
	if tok == "" {
		Fail(c, apperr.New(apperr.Unauthorized, admin.MsgSessionEnded))
		return
	}
	p, err := h.Admin.Authenticate(c.Request.Context(), tok, c.ClientIP())
	if err != nil {
		Fail(c, err)
		return
	}
	c.Set(adminPrincipalKey, p)
	c.Next()
}

// requirePermission refuses an admin without perm (403). When Casbin cannot
// answer, the request fails with a 500: an error is never a yes.
func (h *handlers) requirePermission(perm rbac.Permission) gin.HandlerFunc {
	return func(c *gin.Context) {
		ok, err := h.Admin.Allowed(c.Request.Context(), adminPrincipal(c), perm)
		if err != nil {
			Fail(c, apperr.Wrap(apperr.Internal, "Something went wrong, please try again", err))
			return
		}
		if !ok {
			Fail(c, apperr.New(apperr.Forbidden, admin.MsgForbidden))
			return
		}
		c.Next()
	}
}

// adminPrincipal is the admin of the request (after requireAdmin).
func adminPrincipal(c *gin.Context) *admin.Principal {
	if v, ok := c.Get(adminPrincipalKey); ok {
		return v.(*admin.Principal)
	}
	return nil
}

// audit appends an audit line for the request's admin, without a transaction.
func (h *handlers) audit(c *gin.Context, e admin.Entry) error {
	return h.Admin.Record(c.Request.Context(), nil, adminPrincipal(c), e)
}

// idParam reads a numeric path id, or answers 404.
func idParam(c *gin.Context, name string) (uint64, bool) {
	id, err := strconv.ParseUint(c.Param(name), 10, 64)
	if err != nil || id == 0 {
		Fail(c, apperr.New(apperr.NotFound, "Not found"))
		return 0, false
	}
	return id, true
}

// POST /api/admin/auth/login {email, password}: the second factor's stage.
func (h *handlers) adminLogin(c *gin.Context) {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if !bindJSON(c, &in) {
		return
	}
	step, err := h.Admin.Login(c.Request.Context(), in.Email, in.Password, c.ClientIP())
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Enter the code from your authenticator app", step)
}

// POST /api/admin/auth/totp {code} with the stage token: a working session.
func (h *handlers) adminTOTP(c *gin.Context) {
	var in struct {
		Code string `json:"code"`
	}
	if !bindJSON(c, &in) {
		return
	}
	out, err := h.Admin.SecondFactor(c.Request.Context(), bearer(c), in.Code, c.ClientIP())
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Logged in", out)
}

// POST /api/admin/auth/logout (session).
func (h *handlers) adminLogout(c *gin.Context) {
	if err := h.Admin.Logout(c.Request.Context(), adminPrincipal(c)); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Logged out", nil)
}

// GET /api/admin/me (session): the admin with roles and permissions.
func (h *handlers) adminMe(c *gin.Context) {
	me, err := h.Admin.Me(c.Request.Context(), adminPrincipal(c))
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", me)
}

// GET /api/admin/admins (admins:manage).
func (h *handlers) adminList(c *gin.Context) {
	l, err := h.Admin.List(c.Request.Context())
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", gin.H{"items": l})
}

// POST /api/admin/admins {email, name, roles, password} (admins:manage; audited).
func (h *handlers) adminCreate(c *gin.Context) {
	var in admin.CreateInput
	if !bindJSON(c, &in) {
		return
	}
	a, err := h.Admin.Create(c.Request.Context(), in)
	if err != nil {
		Fail(c, err)
		return
	}
	if err := h.audit(c, admin.Entry{Action: "admin.create", Object: "admin", ObjectID: strconv.FormatUint(a.ID, 10),
		Detail: map[string]any{"email": a.Email, "roles": a.Roles}}); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Admin created", a)
}

// PUT /api/admin/admins/{id}/roles {roles} (admins:manage; audited).
func (h *handlers) adminSetRoles(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Roles []string `json:"roles"`
	}
	if !bindJSON(c, &in) {
		return
	}
	before, err := h.Admin.Get(c.Request.Context(), id)
	if err != nil {
		Fail(c, err)
		return
	}
	a, err := h.Admin.SetRoles(c.Request.Context(), adminPrincipal(c), id, in.Roles)
	if err != nil {
		Fail(c, err)
		return
	}
	if err := h.audit(c, admin.Entry{Action: "admin.roles", Object: "admin", ObjectID: strconv.FormatUint(id, 10),
		Detail: map[string]any{"from": strings.Join(before.Roles, ","), "to": strings.Join(a.Roles, ",")}}); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Roles changed", a)
}

// POST /api/admin/admins/{id}/disable and /enable (admins:manage; audited).
func adminSetStatus(status string) func(h *handlers, c *gin.Context) {
	return func(h *handlers, c *gin.Context) {
		id, ok := idParam(c, "id")
		if !ok {
			return
		}
		a, err := h.Admin.SetStatus(c.Request.Context(), adminPrincipal(c), id, status)
		if err != nil {
			Fail(c, err)
			return
		}
		action := "admin.enable"
		if status == admin.StatusDisabled {
			action = "admin.disable"
		}
		if err := h.audit(c, admin.Entry{Action: action, Object: "admin", ObjectID: strconv.FormatUint(id, 10)}); err != nil {
			Fail(c, err)
			return
		}
		OK(c, "Admin updated", a)
	}
}

// POST /api/admin/admins/{id}/reset-totp (admins:manage; audited).
func (h *handlers) adminResetTOTP(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	a, err := h.Admin.ResetTOTP(c.Request.Context(), id)
	if err != nil {
		Fail(c, err)
		return
	}
	if err := h.audit(c, admin.Entry{Action: "admin.reset_totp", Object: "admin", ObjectID: strconv.FormatUint(id, 10)}); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "The second factor will be set up again at the next login", a)
}

// GET /api/admin/roles (admins:manage): each role and its permissions.
func (h *handlers) adminRoles(c *gin.Context) { OK(c, "OK", gin.H{"items": h.Admin.RolePermissions()}) }

// GET /api/admin/audit?adminId&action&object&objectId&from&to&skip&limit (audit:read).
func (h *handlers) adminAudit(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	f := admin.AuditFilter{Action: c.Query("action"), Object: c.Query("object"), ObjectID: c.Query("objectId"), Skip: skip, Limit: limit}
	if v := c.Query("adminId"); v != "" {
		id, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			Fail(c, apperr.Validation(map[string]string{"adminId": "Choose an admin"}, "adminId"))
			return
		}
		f.AdminID = id
	}
	var bad bool
	if f.From, bad = dateQuery(c, "from", false); bad {
		return
	}
	if f.To, bad = dateQuery(c, "to", true); bad {
		return
	}
	pg, err := h.Admin.Audit(c.Request.Context(), f)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", pg)
}

// dateQuery reads a YYYY-MM-DD query parameter as a day in India (the end
// of the day when end is set); bad is true when it answered 422.
func dateQuery(c *gin.Context, name string, end bool) (t *time.Time, bad bool) {
	v := c.Query(name)
	if v == "" {
		return nil, false
	}
	d, err := time.ParseInLocation(time.DateOnly, v, dates.India)
	if err != nil {
		Fail(c, apperr.Validation(map[string]string{name: "Please give a date as YYYY-MM-DD"}, name))
		return nil, true
	}
	if end {
		d = d.AddDate(0, 0, 1)
	}
	return &d, false
}

// maintenance reports whether the site is in maintenance: the environment's
// MAINTENANCE_MODE, or the switch a superadmin flips at run time (read with
// a short cache on every node).
func (h *handlers) maintenance(c *gin.Context) (bool, error) {
	if h.Config.MaintenanceMode {
		return true, nil
	}
	if h.Content == nil {
		return false, nil
	}
	return h.Content.Maintenance(c.Request.Context())
}

// MsgMaintenance answers the member API while the site is in maintenance (spec §2).
const MsgMaintenance = "Site Under Maintenance. We'll be back soon!"

// maintenanceGate answers every member API call with 503 while the site is
// in maintenance; the admin API, the health routes and the payment gateway's
// webhook are not behind it.
// When the switch cannot be read it lets the request through (and logs):
// the database outage answers for itself.
func (h *handlers) maintenanceGate(c *gin.Context) {
	if c.FullPath() == "/api/v1/payment/webhook" { // payments in flight are still recorded
		c.Next()
		return
	}
	on, err := h.maintenance(c)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "maintenance switch unreadable", "error", err)
	}
	if on {
		c.Header("Retry-After", "300")
		Fail(c, apperr.New(apperr.Unavailable, MsgMaintenance))
		return
	}
	c.Next()
}
