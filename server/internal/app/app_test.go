package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

type envelope struct {
	Meta struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"meta"`
	Data json.RawMessage `json:"data"`
}

// engines yields a seeded App per database engine available to this run.
func engines(t *testing.T) map[string]*app.App {
	t.Helper()
	out := map[string]*app.App{"sqlite": newApp(t, "", true)}
	if os.Getenv("TEST_MYSQL_DSN") != "" {
		out["mysql"] = newApp(t, storetest.MySQLDSN(t), true)
	}
	return out
}

// newApp opens an App on dsn (SQLite when empty); seeded adds master data, content and demo members.
func newApp(t *testing.T, dsn string, seeded bool) *app.App {
	t.Helper()
	dir := t.TempDir()
	cfg := &config.Config{AppEnv: "test", Port: 0, DataDir: dir, DBDSN: dsn, RedisURL: os.Getenv("TEST_REDIS_URL"),
		BrandName: "TFM", JWTSecret: bytes.Repeat([]byte("k"), 32), MediaDir: dir + "/media", SiteURL: "http://localhost",
		LogLevel: "error", ShutdownTimeout: 2 * time.Second, ContactRateLimit: 3, DiscoveryRoster: true, // built, never loaded: lists read the database unless a test loads it
		SellerName: "TFM Matrimony", SellerState: "Tamil Nadu", SellerGSTIN: "33ABCDE1234F1Z5", InvoicePrefix: "TFM",
		// bcrypt's minimum: cost 12 takes seconds per hash under -race (the account tests check 12 is the default).
		PasswordCost: 4}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := app.Open(context.Background(), cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if !seeded {
		return a
	}
	if err := a.Seeder().Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Seeder().Demo(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a.Redis != nil { // a fresh limiter window for each engine's run
		a.Redis.FlushDB(context.Background())
	}
	return a
}

func call(t *testing.T, a *app.App, method, path, body string, hdr ...string) (*httptest.ResponseRecorder, envelope) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	req.RemoteAddr = "203.0.113.7:5555"
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Remote-Addr" { // the peer address, which only trusted proxies may override
			req.RemoteAddr = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	a.Handler.ServeHTTP(w, req)
	var e envelope
	if strings.HasPrefix(path, "/api/v1") || strings.HasPrefix(path, "/api/admin") {
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
			t.Fatalf("%s %s: not an envelope: %s", method, path, w.Body.String())
		}
	}
	return w, e
}

func TestPublicAPI(t *testing.T) {
	for name, a := range engines(t) {
		t.Run(name, func(t *testing.T) {
			t.Run("OKCommonHasMasterDataAndSettings", func(t *testing.T) {
				w, e := call(t, a, "GET", "/api/v1/common", "")
				var d struct {
					MasterData map[string][]map[string]any `json:"masterData"`
					Settings   struct {
						SupportEmail  string            `json:"supportEmail"`
						ContactNo     []string          `json:"contactNo"`
						Social        map[string]string `json:"social"`
						OfficeAddress map[string]string `json:"officeAddress"`
					} `json:"settings"`
				}
				json.Unmarshal(e.Data, &d)
				if w.Code != 200 || e.Meta.Code != 200 {
					t.Fatalf("status %d meta %d", w.Code, e.Meta.Code)
				}
				if len(d.MasterData["community"]) != 28 || d.MasterData["community"][0]["name"] != "Roman Catholic" {
					t.Errorf("communities: %v", d.MasterData["community"])
				}
				if len(d.MasterData["state"]) != 36 {
					t.Errorf("want 36 Indian states and UTs, got %d", len(d.MasterData["state"]))
				}
				if d.Settings.SupportEmail == "" || len(d.Settings.ContactNo) != 3 || d.Settings.OfficeAddress["city"] != "Chennai" {
					t.Errorf("settings: %+v", d.Settings)
				}
				for _, k := range []string{"facebook", "instagram", "twitter", "youtube"} {
					if d.Settings.Social[k] == "" {
						t.Errorf("social %s missing", k)
					}
				}
			})
			t.Run("OKCitiesOfAStateWithPrefix", func(t *testing.T) {
				_, e := call(t, a, "GET", "/api/v1/master/state?countryId=1&q=Ker", "")
				var states []struct {
					ID   int    `json:"id"`
					Name string `json:"name"`
				}
				json.Unmarshal(e.Data, &states)
				if len(states) != 1 || states[0].Name != "Kerala" {
					t.Fatalf("states: %+v", states)
				}
				_, e = call(t, a, "GET", "/api/v1/master/city/"+itoa(states[0].ID)+"?q=Kot", "")
				var cities []map[string]any
				json.Unmarshal(e.Data, &cities)
				if len(cities) == 0 {
					t.Fatal("no Kerala city starting with Kot")
				}
				for _, c := range cities {
					if !strings.HasPrefix(c["name"].(string), "Kot") {
						t.Errorf("%v does not start with Kot", c["name"])
					}
					if _, ok := c["lat"]; ok {
						t.Error("city coordinates leaked")
					}
				}
			})
			t.Run("OKLikeWildcardsAreLiteral", func(t *testing.T) {
				_, e := call(t, a, "GET", "/api/v1/master/city?q=%25", "")
				if string(e.Data) != "[]" {
					t.Fatalf("q=%% matched: %s", e.Data)
				}
			})
			t.Run("ErrUnknownMasterList", func(t *testing.T) {
				w, e := call(t, a, "GET", "/api/v1/master/horoscope", "")
				if w.Code != 404 || e.Meta.Code != 404 {
					t.Fatalf("got %d", w.Code)
				}
			})
			t.Run("OKBlogBySlugAndByID", func(t *testing.T) {
				_, e := call(t, a, "POST", "/api/v1/common/blog/filter", `{"limit":3}`)
				var page struct {
					Items []struct {
						ID          int `json:"id"`
						Slug, Title string
					} `json:"items"`
					Total int `json:"total"`
				}
				json.Unmarshal(e.Data, &page)
				if len(page.Items) != 3 || page.Total < 6 {
					t.Fatalf("blogs: %d of %d", len(page.Items), page.Total)
				}
				b := page.Items[0]
				_, e = call(t, a, "POST", "/api/v1/common/blog/filter", `{"slug":"`+b.Slug+`"}`)
				json.Unmarshal(e.Data, &page)
				if len(page.Items) != 1 || page.Items[0].Title != b.Title {
					t.Fatalf("by slug: %+v", page)
				}
				w, _ := call(t, a, "POST", "/api/v1/common/blog/filter", `{"slug":"no-such-post"}`)
				if w.Code != 404 {
					t.Fatalf("missing slug: %d", w.Code)
				}
			})
			t.Run("OKAdminBlogsShape", func(t *testing.T) {
				w, _ := call(t, a, "GET", "/api/blogs", "")
				var body struct {
					Response []struct{ Title string } `json:"response"`
				}
				json.Unmarshal(w.Body.Bytes(), &body)
				if w.Code != 200 || len(body.Response) < 6 || body.Response[0].Title == "" {
					t.Fatalf("GET /api/blogs: %d %s", w.Code, w.Body.String()[:min(200, w.Body.Len())])
				}
			})
			t.Run("OKStoriesFAQPagesPlans", func(t *testing.T) {
				_, e := call(t, a, "GET", "/api/v1/common/success-story?limit=5", "")
				if !strings.Contains(string(e.Data), `"brideName"`) || !strings.Contains(string(e.Data), `"total":1`) {
					t.Errorf("stories: %.200s", e.Data)
				}
				_, e = call(t, a, "POST", "/api/v1/common/faq/filter", `{"search":"photo"}`)
				if !strings.Contains(string(e.Data), `"question"`) {
					t.Errorf("faq: %.200s", e.Data)
				}
				for _, k := range []string{"about-us", "privacy", "terms-and-use", "return-and-cancellation"} {
					if w, _ := call(t, a, "GET", "/api/v1/common/page/"+k, ""); w.Code != 200 {
						t.Errorf("page %s: %d", k, w.Code)
					}
				}
				_, e = call(t, a, "GET", "/api/v1/plans", "")
				for _, p := range []string{"TFM-EXECUTIVE", "TFM-CLASSIC", "TFM-PREMIUM", "TFM-SUPREME"} {
					if !strings.Contains(string(e.Data), p) {
						t.Errorf("plan %s missing", p)
					}
				}
			})
			t.Run("OKPremiumMembersAreVisitorSafe", func(t *testing.T) {
				_, e := call(t, a, "GET", "/api/v1/profile/premium-members", "")
				var page struct {
					Items []map[string]any `json:"items"`
					Total int              `json:"total"`
				}
				json.Unmarshal(e.Data, &page)
				if page.Total == 0 {
					t.Fatal("demo seed should give some premium members")
				}
				allowed := map[string]bool{"profileID": true, "firstName": true, "denomination": true, "city": true, "state": true, "gender": true}
				for _, it := range page.Items {
					for k := range it {
						if !allowed[k] {
							t.Errorf("visitor sees %q", k)
						}
					}
					if strings.Contains(it["firstName"].(string), " ") {
						t.Errorf("full name leaked: %v", it["firstName"])
					}
				}
			})
			t.Run("ErrContactValidationMessages", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/v1/common/contact-us", `{"name":"Jo1","email":"x@","phone":"12345","subject":"","message":"hi"}`, "Remote-Addr", "192.0.2.201:1")
				var d struct{ Errors map[string]string }
				json.Unmarshal(e.Data, &d)
				want := map[string]string{"name": "Name can only contain letters", "email": "Please enter a valid email address",
					"phone": "Phone number is not valid", "subject": "Subject is required", "message": "Minimum 10 characters required"}
				if w.Code != 422 || e.Meta.Code != 422 {
					t.Fatalf("status %d", w.Code)
				}
				for k, v := range want {
					if d.Errors[k] != v {
						t.Errorf("%s: got %q want %q", k, d.Errors[k], v)
					}
				}
			})
			t.Run("ErrBadJSON", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/v1/common/contact-us", `{"name":`, "Remote-Addr", "192.0.2.202:1")
				if w.Code != 400 || e.Meta.Message != "Invalid request body" {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
			})
			t.Run("OKContactStoredThenRateLimitedEvenWithSpoofedXFF", func(t *testing.T) {
				peer := "192.0.2." + itoa(int(time.Now().UnixNano()%200)+1) + ":4000"
				body := `{"name":"Mary Thomas","email":"mary@example.in","phone":"9847012345","subject":"Profile help","message":"Please help me set up my daughter's profile."}`
				for i := 0; i < 3; i++ {
					w, e := call(t, a, "POST", "/api/v1/common/contact-us", body, "X-Forwarded-For", "198.51.100."+itoa(i), "Remote-Addr", peer)
					if w.Code != 200 {
						t.Fatalf("submission %d: %d %s", i, w.Code, e.Meta.Message)
					}
				}
				w, _ := call(t, a, "POST", "/api/v1/common/contact-us", body, "X-Forwarded-For", "198.51.100.99", "Remote-Addr", peer)
				if w.Code != 429 || w.Header().Get("Retry-After") == "" {
					t.Fatalf("4th submission: %d", w.Code)
				}
				var n int64
				a.DB.Table("contact_messages").Where("email = ?", "mary@example.in").Count(&n)
				if n != 3 {
					t.Fatalf("stored %d messages", n)
				}
			})
			t.Run("OKSeedTwiceAddsNothing", func(t *testing.T) {
				count := func() (n [4]int64) {
					for i, tb := range []string{"cities", "blogs", "users", "faqs"} {
						a.DB.Table(tb).Count(&n[i])
					}
					return
				}
				before := count()
				if err := a.Seeder().Run(context.Background()); err != nil {
					t.Fatal(err)
				}
				if _, err := a.Seeder().Demo(context.Background()); err != nil {
					t.Fatal(err)
				}
				if after := count(); after != before {
					t.Fatalf("before %v after %v", before, after)
				}
				if before[2] != 200 {
					t.Fatalf("demo members: %d", before[2])
				}
				var noCity, brides int64
				a.DB.Table("profiles").Where("city_id IS NULL OR community_id IS NULL").Count(&noCity)
				a.DB.Table("profiles").Where("gender = 20").Count(&brides)
				if noCity != 0 || brides != 100 {
					t.Fatalf("%d demo members without city or denomination; %d brides", noCity, brides)
				}
			})
			t.Run("OKHealthReadyMetrics", func(t *testing.T) {
				if w, _ := call(t, a, "GET", "/healthz", ""); w.Code != 200 {
					t.Fatal("healthz")
				}
				w, _ := call(t, a, "GET", "/readyz", "")
				if w.Code != 200 || !strings.Contains(w.Body.String(), `"database":"ok"`) {
					t.Fatalf("readyz: %s", w.Body.String())
				}
				if a.Redis != nil && !strings.Contains(w.Body.String(), `"redis":"ok"`) {
					t.Fatalf("readyz without redis: %s", w.Body.String())
				}
				w, _ = call(t, a, "GET", "/metrics", "")
				if !strings.Contains(w.Body.String(), "tfm_http_requests_total") {
					t.Fatal("metrics missing")
				}
			})
			t.Run("OKUnknownAPIPathIsEnvelope404AndOtherPathsGetTheApp", func(t *testing.T) {
				w, e := call(t, a, "GET", "/api/v1/nothing-here", "")
				if w.Code != 404 || e.Meta.Code != 404 {
					t.Fatalf("%d", w.Code)
				}
				w, _ = call(t, a, "GET", "/my-matrimony", "")
				if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Type"), "text/html") {
					t.Fatalf("SPA fallback: %d %s", w.Code, w.Header().Get("Content-Type"))
				}
				if w.Header().Get("X-Request-ID") == "" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
					t.Fatal("missing request id or nosniff")
				}
			})
		})
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
