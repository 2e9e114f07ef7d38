package httpapi

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/request"
)

// requestRoutes mounts spec §7 "Phone-request and its accept; photo-request
// and its accept" (each {id} is the other member's public profile id), the
// owner's decline and ignore and the requester's withdrawal, and the
// Inbox → Requests lists.
func (h *handlers) requestRoutes(v1 *gin.RouterGroup) {
	m := h.requireMember
	for _, kind := range []string{request.Photo, request.Phone} {
		label := strings.ToUpper(kind[:1]) + kind[1:] + " request"
		base := "/profile/" + kind + "-request"
		v1.POST(base+"/:id", m, h.relationMark(func(ctx context.Context, viewerID uint64, code string) error {
			return h.Requests.Ask(ctx, kind, viewerID, strings.ToUpper(strings.TrimSpace(code)))
		}, label+" sent"))
		for suffix, answer := range map[string]struct{ status, done string }{
			"-accept":  {relation.RequestAccepted, " accepted"},
			"-decline": {relation.RequestDeclined, " declined"},
			"-ignore":  {relation.RequestIgnored, " ignored"},
		} {
			v1.POST(base+suffix+"/:id", m, h.relationMark(func(ctx context.Context, viewerID uint64, code string) error {
				return h.Requests.Answer(ctx, kind, viewerID, strings.ToUpper(strings.TrimSpace(code)), answer.status)
			}, label+answer.done))
		}
		v1.POST(base+"-cancel/:id", m, h.relationMark(func(ctx context.Context, viewerID uint64, code string) error {
			return h.Requests.Cancel(ctx, kind, viewerID, strings.ToUpper(strings.TrimSpace(code)))
		}, label+" withdrawn"))
	}
	v1.GET("/profile/requests/:box", m, h.requestList)
}

// GET /api/v1/profile/requests/{received|sent}?kind=photo|phone&status=pending|answered|accepted&skip&limit
// (member): the caller's requests, newest change first, each card with its request.
func (h *handlers) requestList(c *gin.Context) {
	skip, limit, ok := pageArgs(c)
	if !ok {
		return
	}
	p := principal(c)
	pg, err := h.Requests.List(c.Request.Context(), p.ProfileID, p.ProfileCode, c.Param("box"),
		request.Filter{Kind: c.Query("kind"), Status: c.Query("status")}, skip, limit)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", pg)
}
