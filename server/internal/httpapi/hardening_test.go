package httpapi

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func do(h http.Handler, method, path, body string, hdr ...string) *httptest.ResponseRecorder {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Remote-Addr" {
			req.RemoteAddr = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// Issue 18 "Low": /metrics is not public in prod, prod answers carry HSTS,
// and the page's CSP lets it connect to its own origin and websocket only.
func TestProductionHeadersAndMetricsGuard(t *testing.T) {
	router := func(env, token string) http.Handler {
		cfg := &config.Config{AppEnv: env, BrandName: "TFM", SiteURL: "https://tfm.example", MetricsToken: token}
		return NewRouter(Deps{Config: cfg, Log: quietLog(), Registry: prometheus.NewRegistry()})
	}
	prod, bare, dev := router("prod", "s3cret-metrics-token"), router("prod", ""), router("dev", "")
	if w := do(prod, "GET", "/metrics", ""); w.Code != http.StatusUnauthorized {
		t.Fatalf("prod /metrics without the token: %d", w.Code)
	}
	if w := do(prod, "GET", "/metrics", "", "Authorization", "Bearer wrong"); w.Code != http.StatusUnauthorized {
		t.Fatalf("prod /metrics with a wrong token: %d", w.Code)
	}
	if w := do(prod, "GET", "/metrics", "", "Authorization", "Bearer s3cret-metrics-token"); w.Code != 200 || !strings.Contains(w.Body.String(), "tfm_http_requests_total") {
		t.Fatalf("prod /metrics with the token: %d", w.Code)
	}
	if w := do(bare, "GET", "/metrics", ""); w.Code != http.StatusNotFound {
		t.Fatalf("prod /metrics with no token configured: %d, want 404", w.Code)
	}
	if w := do(dev, "GET", "/metrics", ""); w.Code != 200 {
		t.Fatalf("dev /metrics: %d", w.Code)
	}
	if h := do(prod, "GET", "/healthz", "").Header().Get("Strict-Transport-Security"); !strings.Contains(h, "max-age=31536000") {
		t.Fatalf("prod HSTS: %q", h)
	}
	if h := do(dev, "GET", "/healthz", "").Header().Get("Strict-Transport-Security"); h != "" {
		t.Fatalf("dev sends HSTS: %q", h)
	}
	req := httptest.NewRequest("GET", "/matches", nil)
	req.Host = "tfm.example"
	w := httptest.NewRecorder()
	prod.ServeHTTP(w, req)
	csp := w.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "connect-src 'self' wss://tfm.example;") || strings.Contains(csp, " ws: ") || strings.Contains(csp, "wss: ") {
		t.Fatalf("CSP connect-src: %q", csp)
	}
}

// accountRouter is a router over a real account service on SQLite, with a
// member "bride@example.in" / memberPwd; hook runs inside every bcrypt slot.
func accountRouter(t *testing.T, slots int, hook func()) (http.Handler, *account.Service) {
	t.Helper()
	db := storetest.SQLite(t)
	m := storetest.NewMember(t, db, storetest.Person{Bride: true})
	hash, _ := bcrypt.GenerateFromPassword([]byte(memberPwd), bcrypt.MinCost)
	db.Table("users").Where("id = ?", m.UserID).Updates(map[string]any{"email": "bride@example.in", "password_hash": string(hash)})
	acc, err := account.New(account.Deps{DB: db, Secret: []byte(strings.Repeat("k", 32)), Mail: mail.NewOutbox(), SMS: sms.NewOutbox(),
		PasswordCost: bcrypt.MinCost, HashSlots: slots, HashHook: hook, HashQueueWait: time.Hour}) // queued logins wait for a slot, not the clock
	if err != nil {
		t.Fatal(err)
	}
	profiles, err := profile.New(profile.Deps{DB: db, Master: master.NewService(db), Relations: relation.New(db), Log: quietLog(),
		Disk: media.NewDisk(t.TempDir()), Images: media.NewProcessor(1), Grants: media.NewGrants([]byte(strings.Repeat("k", 32)), nil)})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{AppEnv: "test", BrandName: "TFM", SiteURL: "http://localhost", AuthRateLimit: 100000}
	return NewRouter(Deps{Config: cfg, Log: quietLog(), Registry: prometheus.NewRegistry(), Accounts: acc, Profiles: profiles,
		Limiter: ratelimit.NewMemory()}), acc
}

const memberPwd = "Kayal#Bride7"

// decode reads an envelope answer into v.
func decode(t *testing.T, w *httptest.ResponseRecorder, v any) {
	t.Helper()
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatalf("%d: not JSON: %s", w.Code, w.Body.String())
	}
}

func loginBody() string {
	return fmt.Sprintf(`{"email":"bride@example.in","pwd":%q,"loginType":"password"}`, memberPwd)
}

// Issue 18 "Low": answers carrying tokens are never cached.
func TestTokenAnswersAreNotCached(t *testing.T) {
	h, _ := accountRouter(t, 0, nil)
	w := do(h, "POST", "/api/v1/auth/login", loginBody())
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("login: %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
	}
	var tok struct {
		Data struct{ Token, RefreshToken string }
	}
	decode(t, w, &tok)
	w = do(h, "POST", "/api/v1/auth/exchange-token", fmt.Sprintf(`{"refreshToken":%q}`, tok.Data.RefreshToken))
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("refresh: %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
	}
	decode(t, w, &tok)
	if w := do(h, "GET", "/api/v1/user/export", "", "Authorization", "Bearer "+tok.Data.Token); w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("export: %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
	}
}

// Issue 18 item 3: a burst of logins is shed at once with 503 and
// Retry-After past the bcrypt slots and their queue, while other routes,
// authenticated ones included, keep answering. The slots are held by the
// test, so nothing here depends on timing.
func TestLoginBurstIsShedWhileOtherRoutesAnswer(t *testing.T) {
	const slots, burst = 2, 60
	hold := make(chan struct{})
	var inSlot sync.WaitGroup
	var holding sync.Mutex
	holdNow := false
	h, acc := accountRouter(t, slots, func() {
		holding.Lock()
		held := holdNow
		holding.Unlock()
		if held {
			inSlot.Done()
			<-hold
		}
	})
	w := do(h, "POST", "/api/v1/auth/login", loginBody())
	var tok struct{ Data struct{ Token string } }
	decode(t, w, &tok)

	holding.Lock()
	holdNow = true
	holding.Unlock()
	inSlot.Add(slots)
	codes := make(chan *httptest.ResponseRecorder, burst)
	for i := 0; i < burst; i++ {
		go func(i int) {
			codes <- do(h, "POST", "/api/v1/auth/login", loginBody(), "Remote-Addr", fmt.Sprintf("10.30.%d.%d:4000", i/20, i%20))
		}(i)
	}
	inSlot.Wait() // the slots are taken and held: every other login waits or is shed
	queue := 4 * slots
	shed := 0
	for i := 0; i < burst-slots-queue; i++ {
		w := <-codes
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), account.MsgBusy) {
			t.Fatalf("a login past the queue: %d %q Retry-After %q", w.Code, w.Body.String(), w.Header().Get("Retry-After"))
		}
		shed++
	}
	// While the burst holds every slot, other routes answer.
	if w := do(h, "GET", "/healthz", ""); w.Code != 200 {
		t.Fatalf("/healthz during the burst: %d", w.Code)
	}
	if w := do(h, "GET", "/api/v1/user/export", "", "Authorization", "Bearer "+tok.Data.Token); w.Code != 200 {
		t.Fatalf("an authenticated call during the burst: %d %s", w.Code, w.Body.String())
	}
	if acc.Shed() != int64(shed) {
		t.Fatalf("Shed() = %d, want %d", acc.Shed(), shed)
	}
	holding.Lock()
	holdNow = false
	holding.Unlock()
	close(hold)
	for i := 0; i < slots+queue; i++ {
		if w := <-codes; w.Code != 200 {
			t.Fatalf("an admitted login: %d %s", w.Code, w.Body.String())
		}
	}
}
