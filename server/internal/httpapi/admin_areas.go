package httpapi

import (
	"mime"
	"net/http"
	"os"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/rbac"
)

// adminAreaRoutes are the back office's work: members, proofs, reports,
// content, finance, the site and the contact-us inbox (see adminRoutes).
func adminAreaRoutes() []AdminRoute {
	r := func(method, path string, perm rbac.Permission, fn func(h *handlers, c *gin.Context)) AdminRoute {
		return AdminRoute{Method: method, Path: path, Perm: perm, handle: fn}
	}
	return []AdminRoute{
		r("GET", "/members", rbac.MembersRead, (*handlers).adminMembers),
		r("GET", "/members/:code", rbac.MembersView, (*handlers).adminMember),
		r("GET", "/members/:code/photos/:key", rbac.MembersView, (*handlers).adminMemberPhoto),
		r("POST", "/members/:code/suspend", rbac.MembersSuspend, (*handlers).adminSuspend),
		r("POST", "/members/:code/ban", rbac.MembersBan, adminBan(true)),
		r("POST", "/members/:code/unban", rbac.MembersBan, adminBan(false)),
		r("POST", "/members/:code/hide", rbac.MembersHide, adminHide(true)),
		r("POST", "/members/:code/unhide", rbac.MembersHide, adminHide(false)),
		r("DELETE", "/members/:code/photos/:key", rbac.PhotosDelete, (*handlers).adminRemovePhoto),

		r("GET", "/proofs", rbac.ProofsRead, (*handlers).adminProofs),
		r("GET", "/proofs/:id/image", rbac.ProofsView, (*handlers).adminProofImage),
		r("POST", "/proofs/:id/verdict", rbac.ProofsVerify, (*handlers).adminProofVerdict),

		r("GET", "/reports", rbac.ReportsRead, (*handlers).adminReports),
		r("GET", "/reports/:id", rbac.ReportsView, (*handlers).adminReport),
		r("POST", "/reports/:id/action", rbac.ReportsAct, (*handlers).adminReportAction),

		r("GET", "/blogs", rbac.BlogsWrite, (*handlers).adminBlogList),
		r("GET", "/blogs/:id", rbac.BlogsWrite, (*handlers).adminBlog),
		r("POST", "/blogs", rbac.BlogsWrite, (*handlers).adminBlogCreate),
		r("PUT", "/blogs/:id", rbac.BlogsWrite, (*handlers).adminBlogUpdate),
		r("DELETE", "/blogs/:id", rbac.BlogsWrite, (*handlers).adminBlogDelete),
		{Method: "POST", Path: "/blogs/:id/cover", Perm: rbac.BlogsWrite, handle: (*handlers).adminBlogCover, BodyLimit: uploadBodyLimit},
		r("GET", "/stories", rbac.StoriesWrite, (*handlers).adminStories),
		r("PUT", "/stories/:id", rbac.StoriesWrite, (*handlers).adminStoryUpdate),
		r("POST", "/stories/:id/approve", rbac.StoriesWrite, (*handlers).adminStoryApprove),
		r("POST", "/stories/:id/reject", rbac.StoriesWrite, (*handlers).adminStoryReject),
		r("GET", "/faq", rbac.FAQWrite, (*handlers).adminFAQ),
		r("POST", "/faq", rbac.FAQWrite, (*handlers).adminFAQCreate),
		r("PUT", "/faq/:id", rbac.FAQWrite, (*handlers).adminFAQUpdate),
		r("DELETE", "/faq/:id", rbac.FAQWrite, (*handlers).adminFAQDelete),
		r("GET", "/pages", rbac.PagesWrite, (*handlers).adminPages),
		r("PUT", "/pages/:key", rbac.PagesWrite, (*handlers).adminPageSave),

		r("GET", "/plans", rbac.PlansWrite, (*handlers).adminPlans),
		r("PUT", "/plans/:id", rbac.PlansWrite, (*handlers).adminPlanUpdate),
		r("GET", "/coupons", rbac.CouponsWrite, (*handlers).adminCoupons),
		r("POST", "/coupons", rbac.CouponsWrite, (*handlers).adminCouponCreate),
		r("PUT", "/coupons/:id", rbac.CouponsWrite, (*handlers).adminCouponUpdate),
		r("POST", "/coupons/:id/pause", rbac.CouponsWrite, adminCouponActive(false)),
		r("POST", "/coupons/:id/resume", rbac.CouponsWrite, adminCouponActive(true)),
		r("GET", "/orders", rbac.PaymentsRead, (*handlers).adminOrders),
		r("GET", "/orders/:id/invoice", rbac.InvoicesRead, (*handlers).adminInvoice),

		r("GET", "/settings", rbac.SettingsWrite, (*handlers).adminSettings),
		r("PUT", "/settings", rbac.SettingsWrite, (*handlers).adminSettingsSave),
		r("GET", "/maintenance", rbac.MaintenanceSet, (*handlers).adminMaintenance),
		r("PUT", "/maintenance", rbac.MaintenanceSet, (*handlers).adminMaintenanceSet),

		r("GET", "/contact", rbac.ContactRead, (*handlers).adminContacts),
		r("GET", "/contact/assignees", rbac.ContactWrite, (*handlers).adminContactAssignees),
		r("GET", "/contact/:id", rbac.ContactRead, (*handlers).adminContact),
		r("POST", "/contact/:id/assign", rbac.ContactWrite, (*handlers).adminContactAssign),
		r("POST", "/contact/:id/answered", rbac.ContactWrite, (*handlers).adminContactAnswered),
	}
}

// answer writes v, or the error.
func answer(c *gin.Context, msg string, v any, err error) {
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, msg, v)
}

// ---- members ----------------------------------------------------------------

// GET /api/admin/members?q&status&skip&limit (members:read).
func (h *handlers) adminMembers(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	pg, err := h.Admin.Members(c.Request.Context(), profile.AdminMemberFilter{Q: c.Query("q"), Status: c.Query("status"), Skip: skip, Limit: limit})
	answer(c, "OK", pg, err)
}

// GET /api/admin/members/{code} (members:view; audited).
func (h *handlers) adminMember(c *gin.Context) {
	m, err := h.Admin.Member(c.Request.Context(), adminPrincipal(c), c.Param("code"))
	answer(c, "OK", m, err)
}

// GET /api/admin/members/{code}/photos/{key} (members:view; audited): the photo.
func (h *handlers) adminMemberPhoto(c *gin.Context) {
	path, err := h.Admin.MemberPhoto(c.Request.Context(), c.Param("code"), c.Param("key"))
	if err != nil {
		Fail(c, err)
		return
	}
	serveImage(c, path, profile.MsgPhotoNotFound)
}

// serveImage sends a JPEG file that is nobody's to cache.
func serveImage(c *gin.Context, path, notFound string) {
	f, err := os.Open(path)
	if err != nil {
		Fail(c, apperr.New(apperr.NotFound, notFound))
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		Fail(c, apperr.New(apperr.NotFound, notFound))
		return
	}
	hd := c.Writer.Header()
	hd.Set("Content-Type", "image/jpeg")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	http.ServeContent(c.Writer, c.Request, "", st.ModTime(), f)
}

// reasonBody is the body of an action that needs a reason.
type reasonBody struct {
	Reason string `json:"reason"`
}

// POST /api/admin/members/{code}/suspend {days, reason} (members:suspend; audited).
func (h *handlers) adminSuspend(c *gin.Context) {
	var in struct {
		Days   int    `json:"days"`
		Reason string `json:"reason"`
	}
	if !bindJSON(c, &in) {
		return
	}
	p := adminPrincipal(c)
	if err := h.Admin.Suspend(c.Request.Context(), p, c.Param("code"), in.Days, in.Reason); err != nil {
		Fail(c, err)
		return
	}
	m, err := h.Admin.Member(c.Request.Context(), p, c.Param("code"))
	answer(c, "Member suspended", m, err)
}

// POST /api/admin/members/{code}/ban and /unban {reason} (members:ban; audited).
func adminBan(ban bool) func(h *handlers, c *gin.Context) {
	return func(h *handlers, c *gin.Context) {
		var in reasonBody
		if !bindJSON(c, &in) {
			return
		}
		ctx, p := c.Request.Context(), adminPrincipal(c)
		var err error
		if ban {
			err = h.Admin.Ban(ctx, p, c.Param("code"), in.Reason)
		} else {
			err = h.Admin.Unban(ctx, p, c.Param("code"), in.Reason)
		}
		if err != nil {
			Fail(c, err)
			return
		}
		m, err := h.Admin.Member(ctx, p, c.Param("code"))
		answer(c, "Member updated", m, err)
	}
}

// POST /api/admin/members/{code}/hide and /unhide {reason} (members:hide; audited).
func adminHide(hidden bool) func(h *handlers, c *gin.Context) {
	return func(h *handlers, c *gin.Context) {
		var in reasonBody
		if !bindJSON(c, &in) {
			return
		}
		ctx, p := c.Request.Context(), adminPrincipal(c)
		if err := h.Admin.SetHidden(ctx, p, c.Param("code"), hidden, in.Reason); err != nil {
			Fail(c, err)
			return
		}
		m, err := h.Admin.Member(ctx, p, c.Param("code"))
		answer(c, "Member updated", m, err)
	}
}

// DELETE /api/admin/members/{code}/photos/{key} {reason} (photos:delete; audited).
func (h *handlers) adminRemovePhoto(c *gin.Context) {
	var in reasonBody
	if !bindJSON(c, &in) {
		return
	}
	err := h.Admin.RemovePhoto(c.Request.Context(), adminPrincipal(c), c.Param("code"), c.Param("key"), in.Reason)
	answer(c, "Photo removed", nil, err)
}

// ---- proofs -----------------------------------------------------------------

// GET /api/admin/proofs?status&skip&limit (proofs:read).
func (h *handlers) adminProofs(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	status := c.DefaultQuery("status", profile.ProofPending)
	pg, err := h.Admin.Proofs(c.Request.Context(), status, skip, limit)
	answer(c, "OK", pg, err)
}

// GET /api/admin/proofs/{id}/image (proofs:view; audited): the image.
func (h *handlers) adminProofImage(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	b, err := h.Admin.ProofImage(c.Request.Context(), adminPrincipal(c), id)
	if err != nil {
		Fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Content-Security-Policy", "default-src 'none'; sandbox")
	c.Data(http.StatusOK, "image/jpeg", b)
}

// POST /api/admin/proofs/{id}/verdict {verdict, reason} (proofs:verify; audited).
func (h *handlers) adminProofVerdict(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Verdict string `json:"verdict"`
		Reason  string `json:"reason"`
	}
	if !bindJSON(c, &in) {
		return
	}
	row, err := h.Admin.ProofVerdict(c.Request.Context(), adminPrincipal(c), id, in.Verdict, in.Reason)
	answer(c, "Verdict recorded", row, err)
}

// ---- reports ----------------------------------------------------------------

// GET /api/admin/reports?status&skip&limit (reports:read).
func (h *handlers) adminReports(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	pg, err := h.Admin.Reports(c.Request.Context(), c.DefaultQuery("status", "open"), skip, limit)
	answer(c, "OK", pg, err)
}

// GET /api/admin/reports/{id} (reports:view; audited).
func (h *handlers) adminReport(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	r, err := h.Admin.Report(c.Request.Context(), adminPrincipal(c), id)
	answer(c, "OK", r, err)
}

// POST /api/admin/reports/{id}/action {action, note, days} (reports:act; audited).
func (h *handlers) adminReportAction(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Action string `json:"action"`
		Note   string `json:"note"`
		Days   int    `json:"days"`
	}
	if !bindJSON(c, &in) {
		return
	}
	r, err := h.Admin.ActOnReport(c.Request.Context(), adminPrincipal(c), id, in.Action, in.Note, in.Days)
	answer(c, "Report closed", r, err)
}

// ---- content ----------------------------------------------------------------

// adminBlogJSON is a blog with its cover's URL.
type adminBlogJSON struct {
	*content.AdminBlog
	CoverURL *string `json:"coverUrl"`
}

func withCover(b *content.AdminBlog) adminBlogJSON {
	out := adminBlogJSON{AdminBlog: b}
	if b != nil && b.CoverKey != nil && *b.CoverKey != "" {
		u := media.CoverURL(*b.CoverKey)
		out.CoverURL = &u
	}
	return out
}

// GET /api/admin/blogs?q&status&skip&limit (blogs:write).
func (h *handlers) adminBlogList(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	items, total, err := h.Content.AdminBlogs(c.Request.Context(), content.AdminBlogFilter{Search: c.Query("q"), Status: c.Query("status"), Skip: skip, Limit: limit})
	if err != nil {
		Fail(c, err)
		return
	}
	out := make([]adminBlogJSON, 0, len(items))
	for i := range items {
		out = append(out, withCover(&items[i]))
	}
	OK(c, "OK", gin.H{"items": out, "total": total})
}

// GET /api/admin/blogs/{id} (blogs:write).
func (h *handlers) adminBlog(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	b, err := h.Content.AdminBlog(c.Request.Context(), id)
	answer(c, "OK", withCover(b), err)
}

// POST /api/admin/blogs (blogs:write; audited).
func (h *handlers) adminBlogCreate(c *gin.Context) {
	var in content.BlogInput
	if !bindJSON(c, &in) {
		return
	}
	b, err := h.Admin.CreateBlog(c.Request.Context(), adminPrincipal(c), in)
	answer(c, "Blog saved", withCover(b), err)
}

// PUT /api/admin/blogs/{id} (blogs:write; audited).
func (h *handlers) adminBlogUpdate(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in content.BlogInput
	if !bindJSON(c, &in) {
		return
	}
	b, err := h.Admin.UpdateBlog(c.Request.Context(), adminPrincipal(c), id, in)
	answer(c, "Blog saved", withCover(b), err)
}

// DELETE /api/admin/blogs/{id} (blogs:write; audited).
func (h *handlers) adminBlogDelete(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	answer(c, "Blog deleted", nil, h.Admin.DeleteBlog(c.Request.Context(), adminPrincipal(c), id))
}

// POST /api/admin/blogs/{id}/cover (multipart "image"; blogs:write; audited).
func (h *handlers) adminBlogCover(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	data, _, err := readUpload(c)
	if err != nil {
		Fail(c, err)
		return
	}
	b, err := h.Admin.SetBlogCover(c.Request.Context(), adminPrincipal(c), id, data)
	answer(c, "Cover saved", withCover(b), err)
}

// GET /api/admin/stories?status&skip&limit (stories:write).
func (h *handlers) adminStories(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	items, total, err := h.Content.AdminStories(c.Request.Context(), c.Query("status"), skip, limit)
	answer(c, "OK", gin.H{"items": items, "total": total}, err)
}

// PUT /api/admin/stories/{id} (stories:write; audited).
func (h *handlers) adminStoryUpdate(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in content.StoryInput
	if !bindJSON(c, &in) {
		return
	}
	st, err := h.Admin.UpdateStory(c.Request.Context(), adminPrincipal(c), id, in)
	answer(c, "Story saved", st, err)
}

// POST /api/admin/stories/{id}/approve (stories:write; audited).
func (h *handlers) adminStoryApprove(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	st, err := h.Admin.ApproveStory(c.Request.Context(), adminPrincipal(c), id)
	answer(c, "Story published", st, err)
}

// POST /api/admin/stories/{id}/reject {reason} (stories:write; audited).
func (h *handlers) adminStoryReject(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in reasonBody
	if !bindJSON(c, &in) {
		return
	}
	st, err := h.Admin.RejectStory(c.Request.Context(), adminPrincipal(c), id, in.Reason)
	answer(c, "Story rejected", st, err)
}

// GET /api/admin/faq (faq:write).
func (h *handlers) adminFAQ(c *gin.Context) {
	items, err := h.Content.AdminFAQ(c.Request.Context())
	answer(c, "OK", gin.H{"items": items}, err)
}

// POST /api/admin/faq (faq:write; audited).
func (h *handlers) adminFAQCreate(c *gin.Context) {
	var in content.FAQInput
	if !bindJSON(c, &in) {
		return
	}
	f, err := h.Admin.CreateFAQ(c.Request.Context(), adminPrincipal(c), in)
	answer(c, "Question saved", f, err)
}

// PUT /api/admin/faq/{id} (faq:write; audited).
func (h *handlers) adminFAQUpdate(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in content.FAQInput
	if !bindJSON(c, &in) {
		return
	}
	f, err := h.Admin.UpdateFAQ(c.Request.Context(), adminPrincipal(c), id, in)
	answer(c, "Question saved", f, err)
}

// DELETE /api/admin/faq/{id} (faq:write; audited).
func (h *handlers) adminFAQDelete(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	answer(c, "Question deleted", nil, h.Admin.DeleteFAQ(c.Request.Context(), adminPrincipal(c), id))
}

// GET /api/admin/pages (pages:write).
func (h *handlers) adminPages(c *gin.Context) {
	items, err := h.Content.AdminPages(c.Request.Context())
	answer(c, "OK", gin.H{"items": items}, err)
}

// PUT /api/admin/pages/{key} (pages:write; audited).
func (h *handlers) adminPageSave(c *gin.Context) {
	var in content.PageInput
	if !bindJSON(c, &in) {
		return
	}
	pg, err := h.Admin.SavePage(c.Request.Context(), adminPrincipal(c), c.Param("key"), in)
	answer(c, "Page saved", pg, err)
}

// ---- finance ----------------------------------------------------------------

// GET /api/admin/plans (plans:write).
func (h *handlers) adminPlans(c *gin.Context) {
	items, err := h.Billing.AdminPlans(c.Request.Context())
	answer(c, "OK", gin.H{"items": items}, err)
}

// PUT /api/admin/plans/{id} (plans:write; audited).
func (h *handlers) adminPlanUpdate(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in billing.PlanInput
	if !bindJSON(c, &in) {
		return
	}
	p, err := h.Admin.UpdatePlan(c.Request.Context(), adminPrincipal(c), id, in)
	answer(c, "Plan saved", p, err)
}

// GET /api/admin/coupons?q&skip&limit (coupons:write).
func (h *handlers) adminCoupons(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	items, total, err := h.Billing.AdminCoupons(c.Request.Context(), c.Query("q"), skip, limit)
	answer(c, "OK", gin.H{"items": items, "total": total}, err)
}

// POST /api/admin/coupons (coupons:write; audited).
func (h *handlers) adminCouponCreate(c *gin.Context) {
	var in billing.CouponInput
	if !bindJSON(c, &in) {
		return
	}
	cp, err := h.Admin.CreateCoupon(c.Request.Context(), adminPrincipal(c), in)
	answer(c, "Coupon created", cp, err)
}

// PUT /api/admin/coupons/{id} (coupons:write; audited).
func (h *handlers) adminCouponUpdate(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in billing.CouponInput
	if !bindJSON(c, &in) {
		return
	}
	cp, err := h.Admin.UpdateCoupon(c.Request.Context(), adminPrincipal(c), id, in)
	answer(c, "Coupon saved", cp, err)
}

// POST /api/admin/coupons/{id}/pause and /resume (coupons:write; audited).
func adminCouponActive(active bool) func(h *handlers, c *gin.Context) {
	return func(h *handlers, c *gin.Context) {
		id, ok := idParam(c, "id")
		if !ok {
			return
		}
		cp, err := h.Admin.SetCouponActive(c.Request.Context(), adminPrincipal(c), id, active)
		answer(c, "Coupon saved", cp, err)
	}
}

// GET /api/admin/orders?status&q&from&to&skip&limit (payments:read).
func (h *handlers) adminOrders(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	f := billing.OrderFilter{Status: c.Query("status"), Q: c.Query("q"), Skip: skip, Limit: limit}
	var bad bool
	if f.From, bad = dateQuery(c, "from", false); bad {
		return
	}
	if f.To, bad = dateQuery(c, "to", true); bad {
		return
	}
	items, total, err := h.Billing.AdminOrders(c.Request.Context(), f)
	answer(c, "OK", gin.H{"items": items, "total": total}, err)
}

// GET /api/admin/orders/{id}/invoice (invoices:read; audited): the PDF.
func (h *handlers) adminInvoice(c *gin.Context) {
	inv, err := h.Admin.Invoice(c.Request.Context(), adminPrincipal(c), c.Param("id"))
	if err != nil {
		Fail(c, err)
		return
	}
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": inv.FileName}))
	c.Header("Content-Length", strconv.Itoa(len(inv.PDF)))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "application/pdf", inv.PDF)
}

// ---- site -------------------------------------------------------------------

// GET /api/admin/settings (settings:write).
func (h *handlers) adminSettings(c *gin.Context) {
	st, err := h.Content.GetSettings(c.Request.Context())
	answer(c, "OK", st, err)
}

// PUT /api/admin/settings (settings:write; audited).
func (h *handlers) adminSettingsSave(c *gin.Context) {
	var in content.SettingsInput
	if !bindJSON(c, &in) {
		return
	}
	st, err := h.Admin.UpdateSettings(c.Request.Context(), adminPrincipal(c), in)
	answer(c, "Settings saved", st, err)
}

// GET /api/admin/maintenance (maintenance:write): whether it is on (the environment's flag included).
func (h *handlers) adminMaintenance(c *gin.Context) {
	on, err := h.maintenance(c)
	answer(c, "OK", gin.H{"on": on, "forcedByEnvironment": h.Config.MaintenanceMode}, err)
}

// PUT /api/admin/maintenance {on} (maintenance:write; audited).
func (h *handlers) adminMaintenanceSet(c *gin.Context) {
	var in struct {
		On bool `json:"on"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Admin.SetMaintenance(c.Request.Context(), adminPrincipal(c), in.On); err != nil {
		Fail(c, err)
		return
	}
	on, err := h.maintenance(c)
	answer(c, "Maintenance mode saved", gin.H{"on": on, "forcedByEnvironment": h.Config.MaintenanceMode}, err)
}

// ---- support ----------------------------------------------------------------

// GET /api/admin/contact?status&mine&skip&limit (contact:read).
func (h *handlers) adminContacts(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	f := content.ContactFilter{Status: c.Query("status"), Skip: skip, Limit: limit}
	if c.Query("mine") == "1" {
		f.AssignedTo = adminPrincipal(c).AdminID
	}
	items, total, err := h.Content.ContactMessages(c.Request.Context(), f)
	answer(c, "OK", gin.H{"items": items, "total": total}, err)
}

// GET /api/admin/contact/{id} (contact:read; audited).
func (h *handlers) adminContact(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	m, err := h.Admin.ContactMessage(c.Request.Context(), adminPrincipal(c), id)
	answer(c, "OK", m, err)
}

// GET /api/admin/contact/assignees (contact:write): the admins a message may be handed to.
func (h *handlers) adminContactAssignees(c *gin.Context) {
	items, err := h.Admin.Assignees(c.Request.Context())
	answer(c, "OK", gin.H{"items": items}, err)
}

// POST /api/admin/contact/{id}/assign {adminId|null} (contact:write; audited).
func (h *handlers) adminContactAssign(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		AdminID *uint64 `json:"adminId"`
	}
	if !bindJSON(c, &in) {
		return
	}
	var to uint64
	if in.AdminID != nil {
		to = *in.AdminID
	}
	m, err := h.Admin.AssignContact(c.Request.Context(), adminPrincipal(c), id, to)
	answer(c, "Message assigned", m, err)
}

// POST /api/admin/contact/{id}/answered {note} (contact:write; audited).
func (h *handlers) adminContactAnswered(c *gin.Context) {
	id, ok := idParam(c, "id")
	if !ok {
		return
	}
	var in struct {
		Note string `json:"note"`
	}
	if !bindJSON(c, &in) {
		return
	}
	m, err := h.Admin.AnswerContact(c.Request.Context(), adminPrincipal(c), id, in.Note)
	answer(c, "Marked answered", m, err)
}
