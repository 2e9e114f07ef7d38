package httpapi

import (
	"log/slog"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/search"
)

// Rate-limit messages of discovery.
const (
	msgTooManyPages = "You have opened many pages of results in the last hour. Please take a break and try again later."
	msgTooManyViews = "You have opened many profiles in the last hour. Please take a break and try again later."
)

// discoveryRoutes mounts spec §7's match lists and searches, and our
// discovery-matchs, saved-search list and save. Every route needs a member;
// pages of results and profile views are limited per account and hour (see
// billing.Entitlements.SearchPagesPerHour).
func (h *handlers) discoveryRoutes(v1 *gin.RouterGroup) {
	m := h.requireMember
	pages := h.memberRate("discovery-pages", billing.Entitlements.SearchPagesPerHour, msgTooManyPages)
	v1.POST("/profile/my-matchs", m, pages, h.matchList(match.My))
	v1.POST("/profile/new-matchs", m, pages, h.matchList(match.Fresh))
	v1.POST("/profile/nearby-matchs", m, pages, h.matchList(match.Nearby))
	v1.POST("/profile/discovery-matchs", m, pages, h.matchList(match.Discovery))
	v1.POST("/profile/today-matchs", m, pages, h.todayMatches)
	v1.PATCH("/profile/today-viewed-matchs", m, h.todayViewed)
	v1.POST("/profile/search", m, pages, h.search(search.Basic))
	v1.POST("/profile/advance-search", m, pages, h.search(search.Advance))
	v1.POST("/profile/search/save", m, h.saveSearch)
	v1.GET("/profile/search/saved", m, h.savedSearches)
	v1.POST("/profile/search-matchs/:id", m, pages, h.runSavedSearch)
	v1.PATCH("/profile/search/delete/:id", m, h.deleteSavedSearch)
}

// profileViews limits the profiles one account may open in an hour.
func (h *handlers) profileViews() gin.HandlerFunc {
	return h.memberRate("profile-views", billing.Entitlements.ProfileViewsPerHour, msgTooManyViews)
}

// memberRate limits an action per member account and hour, to what the
// member's plan allows (perHour of their entitlements). It runs after requireMember.
func (h *handlers) memberRate(action string, perHour func(billing.Entitlements) int, msg string) gin.HandlerFunc {
	return func(c *gin.Context) {
		p := principal(c)
		ctx := c.Request.Context()
		ent, err := h.Billing.Entitlements(ctx, p.ProfileID)
		if err != nil {
			Fail(c, err)
			return
		}
		limit := perHour(ent)
		ok, retry, err := h.Limiter.Allow(ctx, action+":member:"+strconv.FormatUint(p.ProfileID, 10), limit, time.Hour)
		if err != nil {
			// A limiter outage must not take discovery down; log it and let the request through.
			slog.WarnContext(ctx, "rate limiter unavailable", "error", err, "action", action)
			c.Next()
			return
		}
		if !ok {
			c.Header("Retry-After", strconv.Itoa(int(retry.Seconds())+1))
			Fail(c, apperr.New(apperr.RateLimited, msg))
			return
		}
		c.Next()
	}
}

// viewer is the calling member as the match and search areas name them.
func viewer(c *gin.Context) match.Viewer {
	p := principal(c)
	return match.Viewer{ID: p.ProfileID, Code: p.ProfileCode}
}

// POST /api/v1/profile/{my,new,nearby,discovery}-matchs (member): one page of a match list.
func (h *handlers) matchList(kind match.Kind) gin.HandlerFunc {
	return func(c *gin.Context) {
		var pr match.PageRequest
		if !bindJSON(c, &pr) {
			return
		}
		pg, err := h.Matches.List(c.Request.Context(), viewer(c), kind, pr)
		if err != nil {
			Fail(c, err)
			return
		}
		noStore(c)
		OK(c, "OK", pg)
	}
}

// POST /api/v1/profile/today-matchs (member): today's matches, the same all day.
func (h *handlers) todayMatches(c *gin.Context) {
	pg, err := h.Matches.Today(c.Request.Context(), viewer(c))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", pg)
}

// PATCH /api/v1/profile/today-viewed-matchs (member): marks today's matches viewed.
func (h *handlers) todayViewed(c *gin.Context) {
	var in struct {
		ProfileIDs []string `json:"profileIDs"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if len(in.ProfileIDs) > match.TodayCount*2 {
		Fail(c, apperr.Validation(map[string]string{"profileIDs": "Please send at most 20 profile ids"}, "profileIDs"))
		return
	}
	n, err := h.Matches.MarkTodayViewed(c.Request.Context(), viewer(c), in.ProfileIDs)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, msgRecordUpdated, gin.H{"viewed": n})
}

// POST /api/v1/profile/search and advance-search (member): one page of results.
func (h *handlers) search(kind string) gin.HandlerFunc {
	return func(c *gin.Context) {
		var in search.Request
		if !bindJSON(c, &in) {
			return
		}
		pg, err := h.Search.Search(c.Request.Context(), viewer(c), kind, in)
		if err != nil {
			Fail(c, err)
			return
		}
		noStore(c)
		OK(c, "OK", pg)
	}
}

// POST /api/v1/profile/search/save (member): saves a named search.
func (h *handlers) saveSearch(c *gin.Context) {
	var in search.SaveRequest
	if !bindJSON(c, &in) {
		return
	}
	sv, err := h.Search.Save(c.Request.Context(), principal(c).ProfileID, in)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, msgRecordAdded, sv)
}

// GET /api/v1/profile/search/saved (member): the caller's saved searches, newest first.
func (h *handlers) savedSearches(c *gin.Context) {
	items, err := h.Search.List(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", gin.H{"items": items})
}

// POST /api/v1/profile/search-matchs/{id} (member, owner): runs a saved search.
func (h *handlers) runSavedSearch(c *gin.Context) {
	id, ok := paramID(c, c.Param("id"), "Saved search id")
	if !ok {
		return
	}
	var pr match.PageRequest
	if !bindJSON(c, &pr) {
		return
	}
	pg, err := h.Search.Run(c.Request.Context(), viewer(c), id, pr)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", pg)
}

// PATCH /api/v1/profile/search/delete/{id} (member, owner): deletes a saved search.
func (h *handlers) deleteSavedSearch(c *gin.Context) {
	id, ok := paramID(c, c.Param("id"), "Saved search id")
	if !ok {
		return
	}
	if err := h.Search.Delete(c.Request.Context(), principal(c).ProfileID, id); err != nil {
		Fail(c, err)
		return
	}
	OK(c, msgRecordDeleted, gin.H{"id": id})
}
