package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// Success messages of this area. Those marked "spec" are spec §8 word for word.
const (
	msgProfileUpdated = "profile updated successfully"      // spec
	msgImageUploaded  = "profile image update successfully" // spec
	msgProofUploaded  = "proof image updated successfully"  // spec
	msgRecordAdded    = "Record added Successfully"         // spec: "Record added/updated/deleted Successfully"
	msgRecordUpdated  = "Record updated Successfully"       // spec
	msgRecordDeleted  = "Record deleted Successfully"       // spec
	msgNotMultipart   = "Please send the image as multipart/form-data"
)

// uploadBodyLimit caps multipart bodies: the largest image plus room for the form's other parts.
const uploadBodyLimit = media.MaxUploadBytes + 256<<10

// profileRoutes mounts spec §7 "Profile and matches" for the member's own
// profile, the profile others see, photos (except the uploads, see
// uploadRoutes), proofs, preferences and settings. Every route but
// profile/options needs a member; each acts only on the caller's own data.
func (h *handlers) profileRoutes(v1 *gin.RouterGroup) {
	m := h.requireMember
	v1.GET("/profile/options", h.profileOptions)
	v1.PUT("/profile", m, h.updateProfile)
	v1.GET("/profile/dash-view", m, h.dashView)
	v1.GET("/profile/partner/:id", m, h.profileViews(), h.partnerProfile)
	v1.GET("/profile/recently-viewed", m, h.memberList(h.Profiles.RecentlyViewed))
	v1.GET("/profile/recent-visitors", m, h.memberList(h.Profiles.RecentVisitors))
	v1.GET("/profile/block", m, h.memberList(h.Profiles.BlockedList))
	v1.POST("/profile/block/:id", m, h.relationMark(h.Profiles.Block, msgRecordAdded))
	v1.DELETE("/profile/block/:id", m, h.relationMark(h.Profiles.Unblock, msgRecordDeleted))
	v1.GET("/profile/dont-show", m, h.memberList(h.Profiles.DontShowList))
	v1.POST("/profile/dont-show/:id", m, h.relationMark(h.Profiles.DontShow, msgRecordAdded))
	v1.DELETE("/profile/dont-show/:id", m, h.relationMark(h.Profiles.ShowAgain, msgRecordDeleted))
	v1.POST("/profile/report/:id", m, h.report)
	v1.POST("/profile/invite/:id", m, h.relationMark(h.Profiles.Invite, profile.MsgInviteSent))
	v1.POST("/profile/accept-invitation/:id", m, h.relationMark(h.answerInvitation(relation.InviteAccepted), profile.MsgInviteAccepted))
	v1.POST("/profile/decline-invitation/:id", m, h.relationMark(h.answerInvitation(relation.InviteDeclined), profile.MsgInviteDeclined))
	v1.POST("/profile/cancel-invitation/:id", m, h.relationMark(h.Profiles.CancelInvitation, profile.MsgInviteCancelled))
	v1.GET("/profile/invitations/:box", m, h.invitations)
	v1.GET("/profile/images", m, h.myPhotos)
	v1.PATCH("/profile/images/:photoId/default", m, h.defaultPhoto)
	v1.DELETE("/profile/images/:photoId", m, h.deletePhoto)
	v1.GET("/profile/proof", m, h.proofs)
	v1.GET("/profile/proof/:kind/image", m, h.proofImage)
	v1.DELETE("/profile/proof/:kind", m, h.deleteProof)
	v1.GET("/preference", m, h.preference)
	v1.POST("/preference", m, h.savePreference)
	v1.GET("/profile/settings", m, h.settings)
	v1.PATCH("/profile/settings", m, h.updateSettings)
	v1.PATCH("/profile/contact-me", m, h.contactMe)
	v1.GET("/profile/email-alerts", m, h.emailAlerts)
	v1.POST("/profile/email-alerts", m, h.updateEmailAlerts)
}

// uploadRoutes mounts the multipart uploads on their own group: the /api/v1
// group caps bodies at 1 MB, and a cap cannot be raised from inside it.
func (h *handlers) uploadRoutes(r *gin.Engine) {
	up := r.Group("/api/v1", limitBody(uploadBodyLimit), h.maintenanceGate, rateLimit(h.Limiter, "upload", 120, time.Hour), h.requireMember)
	up.POST("/profile/images", h.uploadPhoto)
	up.POST("/profile/proof", h.uploadProof)
}

// noStore marks a member's own data as not cacheable.
func noStore(c *gin.Context) { c.Header("Cache-Control", "no-store") }

// GET /api/v1/profile (member): the whole own profile; onlyInfo=true gives the spec §3 summary only.
func (h *handlers) profile(c *gin.Context) {
	p := principal(c)
	noStore(c)
	if c.Query("onlyInfo") == "true" {
		s, err := h.Accounts.Summary(c.Request.Context(), p.UserID)
		if err != nil {
			Fail(c, err)
			return
		}
		OK(c, "OK", h.signSummary(s, p.ProfileCode))
		return
	}
	own, err := h.Profiles.Own(c.Request.Context(), p.ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	own.PhotoGrant = h.Profiles.PhotoGrant(p.ProfileCode)
	OK(c, "OK", own)
}

// signSummary gives the photo URLs of an account summary the viewer's grants,
// so the member's own photos load (the media route refuses unsigned URLs),
// and the member's viewer grant for the photos of chat users.
func (h *handlers) signSummary(s *account.Summary, viewerCode string) *account.Summary {
	s.PhotoGrant = h.Profiles.PhotoGrant(viewerCode)
	for i := range s.Photos {
		ph := &s.Photos[i]
		ph.Images.Small = h.Profiles.SignPhotoName(viewerCode, ph.Images.Small)
		ph.Images.Large = h.Profiles.SignPhotoName(viewerCode, ph.Images.Large)
	}
	return s
}

// GET /api/v1/profile/options: the fixed lists (with labels) and limits the profile forms use.
func (h *handlers) profileOptions(c *gin.Context) {
	OK(c, "OK", gin.H{"enums": profile.Enums, "limits": gin.H{
		"maxPhotos": profile.MaxPhotos, "maxUploadBytes": media.MaxUploadBytes, "minImageSide": media.MinSide,
		"maxImageSide": media.MaxSide, "maxImagePixels": media.MaxPixels, "nameMin": 3, "nameMax": 25,
		"profileNameMax": profile.MaxProfileName, "shortTextMax": profile.MaxShortText, "parishMax": profile.MaxParish,
		"siblingsMax": profile.MaxSiblings, "aboutMin": profile.MinAboutMe, "aboutMax": profile.MaxAbout,
		"partnerMinAgeBride": profile.PartnerMinAgeBride, "partnerMinAgeGroom": profile.PartnerMinAgeGroom,
		"partnerMaxAge": profile.PartnerMaxAge, "preferenceMaxValues": profile.MaxPreferenceItems,
		"completeSteps": profile.CompleteSteps, "stepsPerSection": profile.StepsPerSection,
	}})
}

// PUT /api/v1/profile (member): update sections of the own profile.
func (h *handlers) updateProfile(c *gin.Context) {
	var in profile.ProfileUpdate
	if !bindJSON(c, &in) {
		return
	}
	own, err := h.Profiles.Update(c.Request.Context(), principal(c).ProfileID, in)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgProfileUpdated, own)
}

// GET /api/v1/profile/dash-view (member): the dashboard summary.
func (h *handlers) dashView(c *gin.Context) {
	d, err := h.Profiles.Dashboard(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", d)
}

// GET /api/v1/profile/partner/{id} (member): another member's profile as the caller may see it.
func (h *handlers) partnerProfile(c *gin.Context) {
	p := principal(c)
	v, err := h.Profiles.Partner(c.Request.Context(), p.ProfileID, p.ProfileCode, c.Param("id"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", v)
}

// pageArgs reads skip and limit.
func pageArgs(c *gin.Context) (skip, limit int, ok bool) {
	if skip, ok = queryInt(c, "skip"); !ok {
		return 0, 0, false
	}
	limit, ok = queryInt(c, "limit")
	return skip, limit, ok
}

// listFunc pages one of the caller's member lists.
type listFunc func(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*profile.Page[profile.Card], error)

// memberList serves a member list of the caller, paged by skip and limit:
// GET profile/recently-viewed, recent-visitors, block and dont-show.
func (h *handlers) memberList(list listFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		skip, limit, ok := pageArgs(c)
		if !ok {
			return
		}
		p := principal(c)
		pg, err := list(c.Request.Context(), p.ProfileID, p.ProfileCode, skip, limit)
		if err != nil {
			Fail(c, err)
			return
		}
		noStore(c)
		OK(c, "OK", pg)
	}
}

// relationMark serves POST and DELETE profile/block/{id} and profile/dont-show/{id}:
// mark applies the change between the caller and the member with public code id.
func (h *handlers) relationMark(mark func(ctx context.Context, viewerID uint64, code string) error, msg string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := mark(c.Request.Context(), principal(c).ProfileID, c.Param("id")); err != nil {
			Fail(c, err)
			return
		}
		OK(c, msg, gin.H{"profileID": strings.ToUpper(strings.TrimSpace(c.Param("id")))})
	}
}

// answerInvitation accepts or declines (status) an invitation the member {id} sent the caller.
func (h *handlers) answerInvitation(status string) func(ctx context.Context, viewerID uint64, code string) error {
	return func(ctx context.Context, viewerID uint64, code string) error {
		return h.Profiles.AnswerInvitation(ctx, viewerID, code, status)
	}
}

// GET /api/v1/profile/invitations/{box} (member): received (pending to me), pending (mine awaiting an
// answer), sent (mine, latest per member) or accepted (either way).
func (h *handlers) invitations(c *gin.Context) {
	box := c.Param("box")
	h.memberList(func(ctx context.Context, viewerID uint64, viewerCode string, skip, limit int) (*profile.Page[profile.Card], error) {
		return h.Profiles.Invitations(ctx, viewerID, viewerCode, box, skip, limit)
	})(c)
}

// msgReported thanks a member for a report.
const msgReported = "Thank you. Our team will review your report."

// POST /api/v1/profile/report/{id} (member): report a profile or a chat; the member drops out of the caller's view.
func (h *handlers) report(c *gin.Context) {
	var in profile.ReportInput
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Profiles.Report(c.Request.Context(), principal(c).ProfileID, c.Param("id"), in); err != nil {
		Fail(c, err)
		return
	}
	OK(c, msgReported, nil)
}

// GET /api/v1/profile/images (member): the caller's photos.
func (h *handlers) myPhotos(c *gin.Context) {
	p := principal(c)
	photos, err := h.Profiles.MyPhotos(c.Request.Context(), p.ProfileID, p.ProfileCode)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", gin.H{"photos": photos})
}

// readUpload reads a multipart body: the file part "image" (at most
// media.MaxUploadBytes, never trusting its name or declared type) and small
// text parts (at most 1 KB each). A missing image gives no error and nil data.
func readUpload(c *gin.Context) (data []byte, fields map[string]string, err error) {
	ct, _, perr := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if perr != nil || ct != "multipart/form-data" {
		return nil, nil, apperr.New(apperr.BadRequest, msgNotMultipart)
	}
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return nil, nil, apperr.Wrap(apperr.BadRequest, msgNotMultipart, err)
	}
	fields = map[string]string{}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, uploadReadError(err)
		}
		name := part.FormName()
		switch {
		case name == "image" && data == nil:
			b, err := io.ReadAll(io.LimitReader(part, media.MaxUploadBytes+1))
			if err != nil {
				return nil, nil, uploadReadError(err)
			}
			if len(b) > media.MaxUploadBytes {
				return nil, nil, &apperr.Error{Kind: apperr.TooLarge, Message: media.MsgTooBig, Fields: map[string]string{"image": media.MsgTooBig}}
			}
			data = b
			if data == nil {
				data = []byte{}
			}
		case part.FileName() == "" && name != "":
			b, err := io.ReadAll(io.LimitReader(part, 1<<10))
			if err != nil {
				return nil, nil, uploadReadError(err)
			}
			fields[name] = strings.TrimSpace(string(b))
		default:
			if _, err := io.Copy(io.Discard, part); err != nil {
				return nil, nil, uploadReadError(err)
			}
		}
		part.Close()
	}
	return data, fields, nil
}

func uploadReadError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return &apperr.Error{Kind: apperr.TooLarge, Message: media.MsgTooBig, Fields: map[string]string{"image": media.MsgTooBig}, Err: err}
	}
	return apperr.Wrap(apperr.BadRequest, msgNotMultipart, err)
}

// POST /api/v1/profile/images (member, multipart field "image"): add a photo.
func (h *handlers) uploadPhoto(c *gin.Context) {
	data, _, err := readUpload(c)
	if err != nil {
		Fail(c, err)
		return
	}
	if len(data) == 0 {
		Fail(c, apperr.Validation(map[string]string{"image": media.MsgImageRequired}, "image"))
		return
	}
	p := principal(c)
	photos, err := h.Profiles.UploadPhoto(c.Request.Context(), p.ProfileID, p.ProfileCode, data)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgImageUploaded, gin.H{"photos": photos})
}

// PATCH /api/v1/profile/images/{photoId}/default (member): make one of the caller's photos the default.
func (h *handlers) defaultPhoto(c *gin.Context) {
	p := principal(c)
	photos, err := h.Profiles.SetDefaultPhoto(c.Request.Context(), p.ProfileID, p.ProfileCode, c.Param("photoId"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgRecordUpdated, gin.H{"photos": photos})
}

// DELETE /api/v1/profile/images/{photoId} (member): delete one of the caller's photos.
func (h *handlers) deletePhoto(c *gin.Context) {
	p := principal(c)
	photos, err := h.Profiles.DeletePhoto(c.Request.Context(), p.ProfileID, p.ProfileCode, c.Param("photoId"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgRecordDeleted, gin.H{"photos": photos})
}

// POST /api/v1/profile/proof (member, multipart "image" and "kind" = id|parish; kind may also be a query parameter).
func (h *handlers) uploadProof(c *gin.Context) {
	data, fields, err := readUpload(c)
	if err != nil {
		Fail(c, err)
		return
	}
	kind := fields["kind"]
	if kind == "" {
		kind = c.Query("kind")
	}
	proofs, err := h.Profiles.UploadProof(c.Request.Context(), principal(c).ProfileID, strings.ToLower(kind), data)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgProofUploaded, gin.H{"proofs": proofs})
}

// GET /api/v1/profile/proof (member): the state of the caller's proofs.
func (h *handlers) proofs(c *gin.Context) {
	proofs, err := h.Profiles.Proofs(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", gin.H{"proofs": proofs})
}

// GET /api/v1/profile/proof/{kind}/image (member): the caller's own proof image, as image/jpeg.
func (h *handlers) proofImage(c *gin.Context) {
	b, err := h.Profiles.ProofImage(c.Request.Context(), principal(c).ProfileID, c.Param("kind"))
	if err != nil {
		Fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", "inline")
	c.Header("Content-Security-Policy", "default-src 'none'; sandbox")
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "image/jpeg", b)
}

// DELETE /api/v1/profile/proof/{kind} (member): withdraw a proof that is not yet verified.
func (h *handlers) deleteProof(c *gin.Context) {
	proofs, err := h.Profiles.DeleteProof(c.Request.Context(), principal(c).ProfileID, c.Param("kind"))
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgRecordDeleted, gin.H{"proofs": proofs})
}

// GET /api/v1/preference (member): partner preferences, saved or derived defaults.
func (h *handlers) preference(c *gin.Context) {
	p, err := h.Profiles.Preference(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", p)
}

// POST /api/v1/preference (member): save partner preferences (all fields).
func (h *handlers) savePreference(c *gin.Context) {
	// The body is read as fields first, so that a partial save changes only
	// the fields it sends (a missing field keeps its value; it never resets).
	var raw map[string]json.RawMessage
	if !bindJSON(c, &raw) {
		return
	}
	sent := make(map[string]bool, len(raw))
	for k := range raw {
		sent[k] = true
	}
	var in profile.Preference
	if b, err := json.Marshal(raw); err != nil || json.Unmarshal(b, &in) != nil {
		Fail(c, apperr.New(apperr.BadRequest, "Invalid request body"))
		return
	}
	p, created, err := h.Profiles.SavePreference(c.Request.Context(), principal(c).ProfileID, in, sent)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	msg := msgRecordUpdated
	if created {
		msg = msgRecordAdded
	}
	OK(c, msg, p)
}

// GET /api/v1/profile/settings (member): privacy and contact settings.
func (h *handlers) settings(c *gin.Context) {
	s, err := h.Profiles.Settings(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", s)
}

// PATCH /api/v1/profile/settings (member): photo visibility, contact filter, chat setting, public lists.
func (h *handlers) updateSettings(c *gin.Context) {
	var in profile.SettingsUpdate
	if !bindJSON(c, &in) {
		return
	}
	s, err := h.Profiles.UpdateSettings(c.Request.Context(), principal(c).ProfileID, in)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgRecordUpdated, s)
}

// PATCH /api/v1/profile/contact-me (member): contact filter and contact person.
func (h *handlers) contactMe(c *gin.Context) {
	var in profile.ContactMeUpdate
	if !bindJSON(c, &in) {
		return
	}
	s, err := h.Profiles.UpdateContactMe(c.Request.Context(), principal(c).ProfileID, in)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgRecordUpdated, s)
}

// GET /api/v1/profile/email-alerts (member): e-mail alert categories.
func (h *handlers) emailAlerts(c *gin.Context) {
	a, err := h.Profiles.EmailAlerts(c.Request.Context(), principal(c).ProfileID)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, "OK", a)
}

// POST /api/v1/profile/email-alerts (member): turn categories on or off.
func (h *handlers) updateEmailAlerts(c *gin.Context) {
	var in profile.EmailAlertsUpdate
	if !bindJSON(c, &in) {
		return
	}
	a, err := h.Profiles.UpdateEmailAlerts(c.Request.Context(), principal(c).ProfileID, in)
	if err != nil {
		Fail(c, err)
		return
	}
	noStore(c)
	OK(c, msgRecordUpdated, a)
}
