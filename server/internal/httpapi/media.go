package httpapi

import (
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// mediaRoutes serves member photos and mounts the uploads (see uploadRoutes).
func (h *handlers) mediaRoutes(r *gin.Engine) {
	r.GET("/media/photos/:dir/:name", h.photo)
	r.GET("/media/covers/:dir/:name", h.cover)
	h.uploadRoutes(r)
}

// GET /media/photos/{dir}/{key}_{small|large}.jpg?g=<grant>: one photo
// rendition. The grant names the viewer, and the browser's media cookie
// must name a live session of that same viewer (a URL alone opens nothing);
// the profile area re-checks on every request that this viewer may still
// see the photo. Visitors have no grants, so they never see a member photo.
func (h *handlers) photo(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	cookie, _ := c.Cookie(account.MediaCookieName)
	viewer := h.Accounts.MediaViewer(c.Request.Context(), cookie)
	path, until, err := h.Profiles.OpenPhoto(c.Request.Context(), c.Param("dir"), c.Param("name"), c.Query("g"), viewer)
	if err != nil {
		Fail(c, err)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		Fail(c, apperr.New(apperr.NotFound, profile.MsgPhotoNotFound))
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		Fail(c, apperr.New(apperr.NotFound, profile.MsgPhotoNotFound))
		return
	}
	age := int(time.Until(until).Seconds())
	age = max(0, min(age, 3600))
	hd := c.Writer.Header()
	hd.Set("Content-Type", "image/jpeg")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "private, max-age="+strconv.Itoa(age))
	hd.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	hd.Set("Cross-Origin-Resource-Policy", "same-site")
	hd.Set("Content-Disposition", "inline")
	http.ServeContent(c.Writer, c.Request, "", st.ModTime(), f)
}

// GET /media/covers/{dir}/{key}.jpg: a blog's cover image, public like the
// blog itself. The name is its random key, so a new cover is a new URL and
// the file can be cached for long.
func (h *handlers) cover(c *gin.Context) {
	key, ok := strings.CutSuffix(c.Param("name"), ".jpg")
	if !ok || h.Media == nil || len(key) < 2 || c.Param("dir") != key[:2] {
		Fail(c, apperr.New(apperr.NotFound, "Not found"))
		return
	}
	path, err := h.Media.CoverPath(key)
	if err != nil {
		Fail(c, apperr.New(apperr.NotFound, "Not found"))
		return
	}
	f, err := os.Open(path)
	if err != nil {
		Fail(c, apperr.New(apperr.NotFound, "Not found"))
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		Fail(c, apperr.New(apperr.NotFound, "Not found"))
		return
	}
	hd := c.Writer.Header()
	hd.Set("Content-Type", "image/jpeg")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Cache-Control", "public, max-age=86400")
	hd.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	http.ServeContent(c.Writer, c.Request, "", st.ModTime(), f)
}
