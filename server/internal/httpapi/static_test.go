package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tfmmatrimony/tfm/server/internal/config"
)

func staticRouter(maintenance bool) *httptestRouter {
	dist := fstest.MapFS{
		"index.html":             {Data: []byte(`<html><head><!--TFM_CONFIG--></head><body></body></html>`)},
		"assets/index-AbC123.js": {Data: []byte(`console.log(1)`)},
		"images/avatar-male.svg": {Data: []byte(`<svg/>`)},
	}
	cfg := &config.Config{BrandName: "TFM", MaintenanceMode: maintenance, SiteURL: "http://localhost:8080"}
	r := NewRouter(Deps{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Registry: prometheus.NewRegistry(), Client: dist})
	return &httptestRouter{r}
}

type httptestRouter struct{ h http.Handler }

func TestStatic(t *testing.T) {
	r := staticRouter(true)
	get := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		r.h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		return w
	}
	t.Run("OKHashedAssetsCachedForAYear", func(t *testing.T) {
		w := get("/assets/index-AbC123.js")
		if w.Code != 200 || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
			t.Fatalf("%d %q", w.Code, w.Header().Get("Cache-Control"))
		}
	})
	t.Run("OKUnknownRouteGetsIndexWithConfig", func(t *testing.T) {
		w := get("/blogs/some-post")
		body := w.Body.String()
		if w.Code != 200 || !strings.Contains(body, `<script id="tfm-config" type="application/json">`) ||
			!strings.Contains(body, `"maintenanceMode":true`) || w.Header().Get("Cache-Control") != "no-cache" {
			t.Fatalf("%d %s", w.Code, body)
		}
	})
	t.Run("ErrMissingAssetIs404NotIndex", func(t *testing.T) {
		if w := get("/assets/gone-123.js"); w.Code != 404 {
			t.Fatalf("%d", w.Code)
		}
	})
	t.Run("ErrUnknownAPIIsEnvelope", func(t *testing.T) {
		w := get("/api/v1/zzz")
		if w.Code != 404 || !strings.Contains(w.Body.String(), `"meta":{"code":404`) {
			t.Fatalf("%d %s", w.Code, w.Body.String())
		}
	})
}
