package app_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// TestDatabaseOutageIs503 closes the connection pool under a running app, as
// when the database goes away, and checks that requests are answered 503
// with Retry-After (try again shortly), not 500 (a bug): through
// store.Translate, and on every other route whatever wrapped the error.
func TestDatabaseOutageIs503(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			m := newMember(t, a, 10, "Outage Groom", 30)
			if err := a.DB.SQL().Close(); err != nil {
				t.Fatal(err)
			}

			t.Run("ErrLoginIs503", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/v1/auth/login", `{"email":"nobody@example.in","pwd":"Secret@123","loginType":"password"}`)
				if w.Code != http.StatusServiceUnavailable || e.Meta.Code != 503 {
					t.Fatalf("login with the database closed: %d %s", w.Code, w.Body.String())
				}
				if e.Meta.Message != store.MsgUnavailable {
					t.Errorf("message %q", e.Meta.Message)
				}
				if got := w.Header().Get("Retry-After"); got != "5" {
					t.Errorf("Retry-After %q, want 5", got)
				}
			})

			t.Run("ErrNoRouteAnswers500", func(t *testing.T) {
				var n503 int
				for _, r := range a.Handler.(*gin.Engine).Routes() {
					if strings.HasPrefix(r.Path, "/engine.io/") || strings.HasSuffix(r.Path, "/*filepath") {
						continue
					}
					path := r.Path
					for _, seg := range strings.Split(r.Path, "/") {
						if strings.HasPrefix(seg, ":") {
							path = strings.Replace(path, seg, "1", 1)
						}
					}
					body := ""
					if r.Method != http.MethodGet {
						body = "{}"
					}
					w, _ := call(t, a, r.Method, path, body, m.auth()...)
					if w.Code >= 500 && w.Code != http.StatusServiceUnavailable {
						t.Errorf("%s %s with the database closed: %d %s", r.Method, path, w.Code, w.Body.String())
					}
					if w.Code == http.StatusServiceUnavailable {
						n503++
						if w.Header().Get("Retry-After") == "" && path != "/readyz" {
							t.Errorf("%s %s: 503 without Retry-After", r.Method, path)
						}
					}
				}
				if n503 < 20 {
					t.Errorf("only %d routes answered 503", n503)
				}
			})
		})
	}
}

// TestRedisOutageKeepsLimits stops Redis under a running app: the per-IP
// limits are then counted in process, so the fourth contact message of a
// three-an-hour limit is still refused (before, a limiter error let every
// request through).
func TestRedisOutageKeepsLimits(t *testing.T) {
	mr := miniredis.RunT(t)
	dir := t.TempDir()
	cfg := &config.Config{AppEnv: "test", DataDir: dir, RedisURL: "redis://" + mr.Addr() + "/0",
		BrandName: "TFM", JWTSecret: bytes.Repeat([]byte("k"), 32), MediaDir: dir + "/media", SiteURL: "http://localhost",
		LogLevel: "error", ShutdownTimeout: 2 * time.Second, ContactRateLimit: 3, PasswordCost: 4}
	a, err := app.Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	mr.Close()
	body := `{"name":"Mary Thomas","email":"mary@example.in","phone":"9847012345","subject":"Profile help","message":"Please help me set up my daughter's profile."}`
	for i := 1; i <= 4; i++ {
		w, e := call(t, a, "POST", "/api/v1/common/contact-us", body)
		if want := map[bool]int{true: 200, false: 429}[i <= 3]; w.Code != want {
			t.Fatalf("message %d with Redis down: %d %q, want %d", i, w.Code, e.Meta.Message, want)
		}
	}
}
