package httpapi

import (
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/notification"
)

// notificationRoutes mounts spec §7 "GET profile/notification,
// dash-notification", marking read, and the e-mails' one-click unsubscribe
// (no login: the signed link is the permission, and it can only turn one
// category off).
func (h *handlers) notificationRoutes(v1 *gin.RouterGroup) {
	m := h.requireMember
	v1.GET("/profile/notification", m, h.notifications)
	v1.GET("/profile/dash-notification", m, h.dashNotifications)
	v1.POST("/profile/notification/read/:id", m, h.markNotificationRead)
	v1.POST("/profile/notification/read-all", m, h.markAllNotificationsRead)
	unsub := rateLimit(h.Limiter, "unsubscribe", 60, time.Hour)
	v1.GET("/email/unsubscribe", unsub, h.checkUnsubscribe)
	v1.POST("/email/unsubscribe", unsub, h.unsubscribe)
}

// GET /api/v1/profile/notification?skip&limit (member): newest first, with total and unread.
func (h *handlers) notifications(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	p := principal(c)
	pg, err := h.Notifications.List(c.Request.Context(), p.ProfileID, p.ProfileCode, skip, limit)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", pg)
}

// GET /api/v1/profile/dash-notification (member): the latest few and the unread count.
func (h *handlers) dashNotifications(c *gin.Context) {
	p := principal(c)
	pg, err := h.Notifications.Dash(c.Request.Context(), p.ProfileID, p.ProfileCode)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", gin.H{"items": pg.Items, "unread": pg.Unread})
}

// POST /api/v1/profile/notification/read/{id} (member, the recipient).
func (h *handlers) markNotificationRead(c *gin.Context) {
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil || id == 0 {
		Fail(c, apperr.New(apperr.NotFound, notification.MsgNotFound))
		return
	}
	n, err := h.Notifications.MarkRead(c.Request.Context(), principal(c).ProfileID, id)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", gin.H{"unread": n})
}

// POST /api/v1/profile/notification/read-all (member).
func (h *handlers) markAllNotificationsRead(c *gin.Context) {
	n, err := h.Notifications.MarkAllRead(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", gin.H{"unread": n})
}

// GET /api/v1/email/unsubscribe?t= (anyone with the link): what it turns off.
func (h *handlers) checkUnsubscribe(c *gin.Context) {
	u, err := h.Notifications.CheckUnsubscribe(c.Request.Context(), c.Query("t"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", u)
}

// POST /api/v1/email/unsubscribe?t= (anyone with the link; RFC 8058 one-click
// from the mail client posts "List-Unsubscribe=One-Click", which is ignored).
func (h *handlers) unsubscribe(c *gin.Context) {
	u, err := h.Notifications.Unsubscribe(c.Request.Context(), c.Query("t"))
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "You will no longer get e-mails about "+u.Label, u)
}
