package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// profileEngines yields an App with master data (no demo members) per database engine.
func profileEngines(t *testing.T) map[string]*app.App {
	t.Helper()
	out := map[string]*app.App{"sqlite": masterApp(t, "")}
	if os.Getenv("TEST_MYSQL_DSN") != "" {
		out["mysql"] = masterApp(t, storetest.MySQLDSN(t))
	}
	return out
}

func masterApp(t *testing.T, dsn string) *app.App {
	t.Helper()
	a := newApp(t, dsn, false)
	if err := a.Seeder().Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if a.Redis != nil {
		a.Redis.FlushDB(t.Context())
	}
	return a
}

// testMember is a member created for a test, logged in.
type testMember struct {
	ID     uint64 // profiles.id, for driving the relation store directly
	UserID uint64
	Code   string
	Token  string
	Email  string
	Phone  string
	Pwd    string
}

func (m testMember) auth() []string { return bearer(m.Token) }

var memberSeq atomic.Int64

// newMember inserts a member as registration leaves one (basic, contact and
// faith filled, completedSteps 9) with a cheap password hash, then logs in
// through the API. gender is 10 (groom) or 20 (bride).
func newMember(t *testing.T, a *app.App, gender int, name string, age int) testMember {
	t.Helper()
	n := memberSeq.Add(1)
	m := testMember{Email: fmt.Sprintf("member%d.%d@example.in", n, time.Now().UnixNano()%100000), Phone: fmt.Sprintf("94%08d", 10000000+n*7919%89999999), Pwd: "Secret@123"}
	hash, err := bcrypt.GenerateFromPassword([]byte(m.Pwd), 4)
	if err != nil {
		t.Fatal(err)
	}
	db := a.DB
	now := time.Now().UTC().Truncate(time.Millisecond)
	u := map[string]any{"email": m.Email, "phone_code": "+91", "phone": m.Phone, "password_hash": string(hash), "status": "active",
		"email_verified_at": now, "created_at": now, "updated_at": now}
	if err := db.Table("users").Create(u).Error; err != nil {
		t.Fatal(err)
	}
	db.Table("users").Where("email = ?", m.Email).Pluck("id", &m.UserID)
	var rel, com, lang uint64
	db.Table("religions").Where("name = ?", "Christian").Pluck("id", &rel)
	db.Table("communities").Where("name = ?", "CSI").Pluck("id", &com)
	db.Table("languages").Where("name = ?", "Tamil").Pluck("id", &lang)
	m.Code = fmt.Sprintf("TM%07d", 1000000+n*104729%8999999)
	p := map[string]any{"user_id": m.UserID, "profile_code": m.Code, "name": name, "profile_name": name, "gender": gender,
		"dob": now.AddDate(-age, -1, 0).Format("2006-01-02"), "created_by": "self", "religion_id": rel, "community_id": com,
		"mother_tongue_id": lang, "completed_steps": 9, "last_active_at": now, "created_at": now, "updated_at": now}
	if err := db.Table("profiles").Create(p).Error; err != nil {
		t.Fatal(err)
	}
	db.Table("profiles").Where("user_id = ?", m.UserID).Pluck("id", &m.ID)
	w, e := call(t, a, "POST", "/api/v1/auth/login", fmt.Sprintf(`{"email":%q,"pwd":%q,"loginType":"password"}`, m.Email, m.Pwd),
		"Remote-Addr", fmt.Sprintf("198.51.100.%d:1000", n%250+1))
	if w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body.String())
	}
	var s session
	json.Unmarshal(e.Data, &s)
	m.Token = s.Token
	rememberMediaCookie(m.Code, w)
	return m
}

// mediaCookies holds each test member's media cookie (account.MediaCookieName)
// by profile code, as that member's browser would.
var mediaCookies sync.Map

// rememberMediaCookie keeps the media cookie a response set for the member code.
func rememberMediaCookie(code string, w *httptest.ResponseRecorder) {
	for _, c := range w.Result().Cookies() {
		if c.Name == account.MediaCookieName {
			mediaCookies.Store(code, c.Value)
		}
	}
}

// upload posts a multipart body with the file part "image" (named filename,
// declared as ctype) and extra text fields.
func upload(t *testing.T, a *app.App, path string, m testMember, filename, ctype string, data []byte, fields ...string) (*httptest.ResponseRecorder, envelope) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for i := 0; i+1 < len(fields); i += 2 {
		mw.WriteField(fields[i], fields[i+1])
	}
	if data != nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="image"; filename=%q`, filename))
		h.Set("Content-Type", ctype)
		pw, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write(data)
	}
	mw.Close()
	req := httptest.NewRequest("POST", path, &body)
	req.RemoteAddr = "203.0.113.9:5555"
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if m.Token != "" {
		req.Header.Set("Authorization", "Bearer "+m.Token)
	}
	w := httptest.NewRecorder()
	a.Handler.ServeHTTP(w, req)
	var e envelope
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("upload: not an envelope: %d %q", w.Code, w.Body.String())
	}
	return w, e
}

// photoJSON is a photo item of an answer.
type photoJSON struct {
	PhotoID   string `json:"photoId"`
	ImagePath string `json:"imagePath"`
	Images    struct {
		Small string `json:"small"`
		Large string `json:"large"`
	} `json:"images"`
	IsDefault bool `json:"isDefault"`
}

func photosOf(t *testing.T, e envelope) []photoJSON {
	t.Helper()
	var d struct {
		Photos []photoJSON `json:"photos"`
	}
	if err := json.Unmarshal(e.Data, &d); err != nil {
		t.Fatal(err)
	}
	return d.Photos
}

// fetch GETs a media URL (path plus query) as an <img> tag in the browser of
// the viewer its grant names does: with that member's media cookie and no
// token. fetchBare sends no cookie at all (a URL copied elsewhere).
func fetch(t *testing.T, a *app.App, url string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", url, nil)
	if _, g, ok := strings.Cut(url, "?g="); ok {
		viewer, _, _ := strings.Cut(g, ".")
		if v, ok := mediaCookies.Load(viewer); ok {
			req.AddCookie(&http.Cookie{Name: account.MediaCookieName, Value: v.(string)})
		}
	}
	w := httptest.NewRecorder()
	a.Handler.ServeHTTP(w, req)
	return w
}

// fetchWith GETs a media URL with the given media cookie ("" for none).
func fetchWith(t *testing.T, a *app.App, url, cookie string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", url, nil)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: account.MediaCookieName, Value: cookie})
	}
	w := httptest.NewRecorder()
	a.Handler.ServeHTTP(w, req)
	return w
}

// recorder keeps every response body a member received, to scan them for leaks.
type recorder struct {
	t      *testing.T
	a      *app.App
	bodies []string
}

func (r *recorder) call(method, path, body string, hdr ...string) (*httptest.ResponseRecorder, envelope) {
	r.t.Helper()
	w, e := call(r.t, r.a, method, path, body, hdr...)
	r.bodies = append(r.bodies, method+" "+path+" → "+w.Body.String())
	return w, e
}

// mustNotContain fails for every recorded body that carries one of secrets.
func (r *recorder) mustNotContain(secrets ...string) {
	r.t.Helper()
	if len(r.bodies) == 0 {
		r.t.Fatal("nothing recorded")
	}
	for _, b := range r.bodies {
		for _, s := range secrets {
			if strings.Contains(b, s) {
				r.t.Errorf("a response carries %q: %.300s", s, b)
			}
		}
	}
}

// expectPost checks that m's POST /api/v1/profile/<path> answers code with msg.
func expectPost(t *testing.T, a *app.App, what string, m testMember, path string, code int, msg string) {
	t.Helper()
	w, e := call(t, a, "POST", "/api/v1/profile/"+path, "", m.auth()...)
	if w.Code != code || e.Meta.Message != msg {
		t.Errorf("%s: %d %q, want %d %q", what, w.Code, e.Meta.Message, code, msg)
	}
}
