package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/master"
)

func queryInt(c *gin.Context, key string) (int, bool) {
	s := c.Query(key)
	if s == "" {
		return 0, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		Fail(c, apperr.New(apperr.BadRequest, key+" must be a non-negative number"))
		return 0, false
	}
	return n, true
}

func paramID(c *gin.Context, s, what string) (uint64, bool) {
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		Fail(c, apperr.New(apperr.BadRequest, what+" must be a number"))
		return 0, false
	}
	return n, true
}

// list is the shape of paged lists.
type list struct {
	Items any   `json:"items"`
	Total int64 `json:"total"`
}

// GET /api/v1/common: master data and site settings, loaded once by the client.
func (h *handlers) common(c *gin.Context) {
	md, err := h.Master.CommonMasterData(c)
	if err != nil {
		Fail(c, err)
		return
	}
	st, err := h.Content.GetSettings(c)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Success", gin.H{"masterData": md, "settings": h.publicSettings(st)})
}

func (h *handlers) publicSettings(st *content.Settings) gin.H {
	cfg := h.Config
	return gin.H{
		"brandName": cfg.BrandName, "siteName": cfg.BrandName + " Matrimony", "siteUrl": cfg.SiteURL,
		"supportEmail": st.SupportEmail, "contactNo": st.ContactNo, "whatsapp": st.Whatsapp,
		"social": st.Social, "officeAddress": st.OfficeAddress, "officeHours": st.OfficeHours,
		"maintenanceMode": cfg.MaintenanceMode,
		"analytics":       gin.H{"provider": cfg.AnalyticsProvider, "id": cfg.AnalyticsID},
	}
}

// GET /api/v1/master/:kind?q=&countryId=&stateId=
func (h *handlers) masterList(c *gin.Context) {
	cid, ok := paramID(c, c.Query("countryId"), "countryId")
	if !ok {
		return
	}
	sid, ok := paramID(c, c.Query("stateId"), "stateId")
	if !ok {
		return
	}
	h.answerMaster(c, c.Param("kind"), master.Filter{Q: c.Query("q"), CountryID: cid, StateID: sid})
}

// GET /api/v1/master/state/:countryId
func (h *handlers) masterStatesOf(c *gin.Context) {
	if id, ok := paramID(c, c.Param("countryId"), "countryId"); ok {
		h.answerMaster(c, "state", master.Filter{Q: c.Query("q"), CountryID: id})
	}
}

// GET /api/v1/master/city/:stateId
func (h *handlers) masterCitiesOf(c *gin.Context) {
	if id, ok := paramID(c, c.Param("stateId"), "stateId"); ok {
		h.answerMaster(c, "city", master.Filter{Q: c.Query("q"), StateID: id})
	}
}

func (h *handlers) answerMaster(c *gin.Context, kind string, f master.Filter) {
	v, err := h.Master.List(c, kind, f)
	if err != nil {
		Fail(c, err)
		return
	}
	c.Header("Cache-Control", "public, max-age=300")
	OK(c, "Success", v)
}

// POST /api/v1/common/blog/filter {skip, limit, search, id, slug}
func (h *handlers) blogFilter(c *gin.Context) {
	var f content.BlogFilter
	if !bindJSON(c, &f) {
		return
	}
	items, total, err := h.Content.FilterBlogs(c, f)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Success", list{Items: items, Total: total})
}

// GET /api/blogs: {"response":[{id,title,slug,summary,publishedAt}]} for the footer grid.
func (h *handlers) adminBlogs(c *gin.Context) {
	items, err := h.Content.BlogTitles(c, 30)
	if err != nil {
		status, _, e := classify(c, err)
		c.JSON(status, gin.H{"response": []any{}, "message": e.Message})
		return
	}
	out := make([]gin.H, 0, len(items))
	for _, b := range items {
		out = append(out, gin.H{"id": b.ID, "title": b.Title, "slug": b.Slug, "summary": b.Summary, "publishedAt": b.PublishedAt})
	}
	c.JSON(http.StatusOK, gin.H{"response": out})
}

// GET /api/v1/common/success-story?skip=&limit=&id=
func (h *handlers) successStories(c *gin.Context) {
	skip, ok1 := queryInt(c, "skip")
	limit, ok2 := queryInt(c, "limit")
	id, ok3 := paramID(c, c.Query("id"), "id")
	if !ok1 || !ok2 || !ok3 {
		return
	}
	items, total, err := h.Content.ListStories(c, content.StoryFilter{ID: id, Skip: skip, Limit: limit})
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Success", list{Items: items, Total: total})
}

// POST /api/v1/common/success-story: a couple sends their story for review.
func (h *handlers) submitSuccessStory(c *gin.Context) {
	var in content.StorySubmission
	if !bindJSON(c, &in) {
		return
	}
	id, err := h.Content.SubmitStory(c, in)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Thank you for sharing your story. It will appear once our team has reviewed it.", gin.H{"id": id})
}

// POST /api/v1/common/faq/filter {category, search}
func (h *handlers) faqFilter(c *gin.Context) {
	var f content.FAQFilter
	if !bindJSON(c, &f) {
		return
	}
	items, err := h.Content.FilterFAQ(c, f)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Success", list{Items: items, Total: int64(len(items))})
}

// POST /api/v1/common/contact-us {name, email, phone, subject, message}
func (h *handlers) contactUs(c *gin.Context) {
	var in content.ContactInput
	if !bindJSON(c, &in) {
		return
	}
	id, err := h.Content.SubmitContact(c, in, c.ClientIP())
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Thank you, we have received your message", gin.H{"id": id})
}

// GET /api/v1/common/page/:key
func (h *handlers) page(c *gin.Context) {
	key := strings.ToLower(c.Param("key"))
	p, err := h.Content.GetPage(c, key)
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Success", p)
}

// GET /api/v1/plans: the free tier first, then the paid plans.
func (h *handlers) plans(c *gin.Context) {
	v, err := h.Billing.Plans(c.Request.Context())
	if err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Success", v)
}

// GET /api/v1/profile/premium-members?skip=&limit= (anyone; a member sees the opposite gender): visitor-safe cards only.
func (h *handlers) premiumMembers(c *gin.Context) {
	skip, ok1 := queryInt(c, "skip")
	limit, ok2 := queryInt(c, "limit")
	if !ok1 || !ok2 {
		return
	}
	var viewer uint64
	if p := principal(c); p != nil {
		viewer = p.ProfileID
	}
	items, total, err := h.Profiles.PremiumMembers(c, viewer, skip, limit)
	if err != nil {
		Fail(c, err)
		return
	}
	msg := "Success"
	if total == 0 {
		msg = "Nobody is there premium members"
	}
	OK(c, msg, list{Items: items, Total: total})
}
