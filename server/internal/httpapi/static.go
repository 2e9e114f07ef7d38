package httpapi

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// configPlaceholder is where index.html receives the runtime configuration.
const configPlaceholder = "<!--TFM_CONFIG-->"

// notFoundOrApp answers unknown API paths with a 404 envelope and every other
// unknown path with the single-page app, whose router decides what to show.
func (h *handlers) notFoundOrApp(dist fs.FS) gin.HandlerFunc {
	// Two renderings: the site as usual, and in maintenance (switched at run
	// time by a superadmin); the back office at /admin always gets the first.
	index, down := h.renderIndex(dist, h.Config.MaintenanceMode), h.renderIndex(dist, true)
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" || strings.HasPrefix(p, "/engine.io") {
			Fail(c, apperr.New(apperr.NotFound, "Not found"))
			return
		}
		if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
			Fail(c, apperr.New(apperr.NotFound, "Not found"))
			return
		}
		if dist != nil && serveAsset(c, dist, p) {
			return
		}
		// Hashed assets that are missing must 404, not get index.html (which browsers would try to run).
		if strings.HasPrefix(p, "/assets/") || path.Ext(p) != "" && path.Ext(p) != ".html" {
			c.Status(http.StatusNotFound)
			return
		}
		c.Header("Cache-Control", "no-cache")
		c.Header("Content-Security-Policy", h.pageCSP(c))
		page := index
		if p != "/admin" && !strings.HasPrefix(p, "/admin/") {
			if on, _ := h.maintenance(c); on {
				page = down
			}
		}
		c.Data(http.StatusOK, "text/html; charset=utf-8", page)
	}
}

// razorpayCSP are the origins Razorpay's Checkout loads from (its script,
// its payment frame, its images and its telemetry); they are allowed only
// when Razorpay is configured. PCI DSS wants checkout.js from its origin.
var razorpayCSP = struct{ script, frame, img, connect string }{
	script:  " https://checkout.razorpay.com",
	frame:   " https://api.razorpay.com https://checkout.razorpay.com",
	img:     " https://cdn.razorpay.com",
	connect: " https://api.razorpay.com https://lumberjack.razorpay.com",
}

// pageCSP is the Content-Security-Policy of the app's pages.
func (h *handlers) pageCSP(c *gin.Context) string {
	script, frame, img, connect := "", "", "", ""
	if !h.Config.TestPayments() {
		script, frame, img, connect = razorpayCSP.script, " frame-src"+razorpayCSP.frame+";", razorpayCSP.img, razorpayCSP.connect
	}
	return "default-src 'self'; img-src 'self' data: blob:" + img + "; style-src 'self' 'unsafe-inline'; " +
		"script-src 'self'" + script + "; connect-src " + h.connectSrc(c) + connect + ";" + frame +
		" font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
}

// connectSrc is the page's CSP connect-src: the site's own origin and its
// own WebSocket origin only (older browsers do not count ws: as 'self').
// Production pages use wss: alone; dev and test also allow ws: on the same host.
func (h *handlers) connectSrc(c *gin.Context) string {
	host := c.Request.Host
	if host == "" || strings.ContainsAny(host, " ;'\"\r\n,") {
		return "'self'"
	}
	if h.Config.AppEnv == "prod" {
		return "'self' wss://" + host
	}
	return "'self' ws://" + host + " wss://" + host
}

// serveAsset serves one file of the built client; hashed assets are cached for a year.
func serveAsset(c *gin.Context, dist fs.FS, p string) bool {
	name := strings.TrimPrefix(path.Clean(p), "/")
	if name == "" || name == "index.html" {
		return false
	}
	f, err := dist.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return false
	}
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		return false
	}
	if strings.HasPrefix(name, "assets/") {
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		c.Header("Cache-Control", "public, max-age=3600")
	}
	http.ServeContent(c.Writer, c.Request, name, st.ModTime(), rs)
	return true
}

// renderIndex reads index.html and puts the runtime configuration into it
// as a JSON data block, which the client reads before it renders anything.
func (h *handlers) renderIndex(dist fs.FS, maintenance bool) []byte {
	var page []byte
	if dist != nil {
		page, _ = fs.ReadFile(dist, "index.html")
	}
	if len(page) == 0 {
		return []byte("<!doctype html><meta charset=utf-8><title>" + html.EscapeString(h.Config.BrandName) +
			" Matrimony</title><p>The web client is not built. Run <code>make run</code> (or <code>make client</code>) and restart.</p>")
	}
	cfg, _ := json.Marshal(map[string]any{
		"brandName": h.Config.BrandName, "maintenanceMode": maintenance, "siteUrl": h.Config.SiteURL,
		"analytics": map[string]string{"provider": h.Config.AnalyticsProvider, "id": h.Config.AnalyticsID},
		"builtAt":   time.Now().UTC().Format(time.RFC3339),
	})
	// json.Marshal escapes <, > and & so the block cannot close the script tag.
	tag := `<script id="tfm-config" type="application/json">` + string(cfg) + `</script>`
	return bytes.Replace(page, []byte(configPlaceholder), []byte(tag), 1)
}
