package app_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
)

// outbox reads /dev/outbox.
func outbox(t *testing.T, a *app.App) (mails []map[string]any, sms []map[string]any) {
	t.Helper()
	a.Accounts.Wait() // mail and SMS are sent in the background
	w, _ := call(t, a, "GET", "/dev/outbox", "")
	var e struct {
		Data struct {
			Mail []map[string]any `json:"mail"`
			SMS  []map[string]any `json:"sms"`
		} `json:"data"`
	}
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &e) != nil {
		t.Fatalf("outbox: %d %s", w.Code, w.Body.String())
	}
	return e.Data.Mail, e.Data.SMS
}

var linkToken = regexp.MustCompile(`token=([A-Za-z0-9_\-]+)`)
var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

func lastMailToken(t *testing.T, a *app.App, to, subjectWord string) string {
	t.Helper()
	mails, _ := outbox(t, a)
	for _, m := range mails {
		if m["to"] == to && strings.Contains(strings.ToLower(m["subject"].(string)), subjectWord) {
			if s := linkToken.FindStringSubmatch(m["text"].(string)); s != nil {
				return s[1]
			}
		}
	}
	t.Fatalf("no %q mail with a link for %s in %v", subjectWord, to, mails)
	return ""
}

func lastOTP(t *testing.T, a *app.App, phone string) string {
	t.Helper()
	_, texts := outbox(t, a)
	for _, m := range texts {
		if strings.HasSuffix(m["to"].(string), phone) {
			return sixDigits.FindStringSubmatch(m["text"].(string))[1]
		}
	}
	t.Fatalf("no SMS for %s", phone)
	return ""
}

func masterID(t *testing.T, a *app.App, kind, name string) uint64 {
	t.Helper()
	_, e := call(t, a, "GET", "/api/v1/master/"+kind+"?q="+url.QueryEscape(name), "")
	var items []struct {
		ID   uint64 `json:"id"`
		Name string `json:"name"`
	}
	json.Unmarshal(e.Data, &items)
	for _, it := range items {
		if it.Name == name {
			return it.ID
		}
	}
	t.Fatalf("no %s %q", kind, name)
	return 0
}

type session struct {
	Token        string `json:"token"`
	RefreshToken string `json:"refreshToken"`
	Profile      struct {
		ProfileID     string `json:"profileID"`
		EmailVerified bool   `json:"emailVerified"`
		PhoneVerified bool   `json:"phoneVerified"`
		Hidden        bool   `json:"hidden"`
	} `json:"profile"`
}

func bearer(tok string) []string { return []string{"Authorization", "Bearer " + tok} }

// TestAccountJourneyOverHTTP walks the whole account life-cycle through the
// real router: register, activate and verify through the dev outbox, log in
// and out, refresh, change and reset the password, hide and delete.
func TestAccountJourneyOverHTTP(t *testing.T) {
	a := newApp(t, "", true)
	christian := masterID(t, a, "religion", "Christian")
	csi := masterID(t, a, "community", "CSI")
	tamil := masterID(t, a, "language", "Tamil")
	dob := time.Now().AddDate(-27, 0, 0).Format("2006-01-02")
	reg := fmt.Sprintf(`{"name":"Priya Samuel","gender":20,"dateOfBirth":%q,"profileCreatedBy":"parent","email":"priya.samuel@example.in",
		"phoneCode":"+91","phone":"9443012345","password":"Chennai@2026","confirmPassword":"Chennai@2026",
		"religionId":%d,"communityId":%d,"motherTongueId":%d}`, dob, christian, csi, tamil)

	// Step checks and validation messages come back in the envelope.
	w, e := call(t, a, "POST", "/api/v1/auth/register/step1", `{"name":"P1","gender":20}`)
	if w.Code != 422 || e.Meta.Code != 422 || !strings.Contains(string(e.Data), "Name can only contain letters") {
		t.Fatalf("step1: %d %s %s", w.Code, e.Meta.Message, e.Data)
	}
	w, e = call(t, a, "POST", "/api/v1/auth/register", strings.Replace(reg, `"confirmPassword":"Chennai@2026"`, `"confirmPassword":"Chennai@2025"`, 1))
	if w.Code != 422 || !strings.Contains(string(e.Data), "Passwords does not match") {
		t.Fatalf("mismatch: %d %s", w.Code, e.Data)
	}

	w, e = call(t, a, "POST", "/api/v1/auth/register", reg)
	if w.Code != 200 {
		t.Fatalf("register: %d %s", w.Code, w.Body.String())
	}
	var s session
	json.Unmarshal(e.Data, &s)
	if s.Token == "" || s.RefreshToken == "" || s.Profile.ProfileID == "" || s.Profile.EmailVerified {
		t.Fatalf("session: %+v", s)
	}
	// A second registration with the same e-mail is the spec's duplicate.
	w, e = call(t, a, "POST", "/api/v1/auth/register", strings.NewReplacer("9443012345", "9443012399", "Priya Samuel", "Priya Daniel").Replace(reg))
	if w.Code != 409 || e.Meta.Message != "This email is already registered" {
		t.Fatalf("duplicate: %d %q", w.Code, e.Meta.Message)
	}
	w, e = call(t, a, "POST", "/api/v1/auth/isValid", `{"phoneCode":"+91","phone":"9443012345"}`)
	if w.Code != 409 || e.Meta.Message != "This phone number is already registered" {
		t.Fatalf("isValid phone: %d %q", w.Code, e.Meta.Message)
	}

	// A member may ask again for the link without typing the address.
	if w, _ = call(t, a, "POST", "/api/v1/auth/resend/activatelink", `{}`, bearer(s.Token)...); w.Code != 200 {
		t.Fatalf("resend with a token: %d %s", w.Code, w.Body.String())
	}
	// Activation through the e-mailed link.
	tok := lastMailToken(t, a, "priya.samuel@example.in", "activ")
	if w, _ = call(t, a, "POST", "/api/v1/auth/activate", `{"token":"`+tok+`"}`); w.Code != 200 {
		t.Fatalf("activate: %d %s", w.Code, w.Body.String())
	}
	if w, _ = call(t, a, "POST", "/api/v1/auth/activate", `{"token":"`+tok+`"}`); w.Code == 200 {
		t.Fatal("an activation link works once")
	}
	// Mobile verification with the texted OTP; the OTP is never in a response.
	w, _ = call(t, a, "GET", "/api/v1/user/mobile-otp", "", bearer(s.Token)...)
	otp := lastOTP(t, a, "9443012345")
	if w.Code != 200 || strings.Contains(w.Body.String(), otp) {
		t.Fatalf("mobile-otp: %d %s", w.Code, w.Body.String())
	}
	if w, _ = call(t, a, "PATCH", "/api/v1/user/mobile-verify", `{"otp":"`+otp+`"}`, bearer(s.Token)...); w.Code != 200 {
		t.Fatalf("mobile-verify: %d %s", w.Code, w.Body.String())
	}
	_, e = call(t, a, "GET", "/api/v1/profile", "", bearer(s.Token)...)
	var sum struct {
		EmailVerified, PhoneVerified bool
	}
	json.Unmarshal(e.Data, &sum)
	if !sum.EmailVerified || !sum.PhoneVerified {
		t.Fatalf("badges: %s", e.Data)
	}

	// Refresh rotates; the old refresh token is then dead and its reuse ends the family.
	w, e = call(t, a, "POST", "/api/v1/auth/exchange-token", `{"refreshToken":"`+s.RefreshToken+`"}`)
	var r session
	json.Unmarshal(e.Data, &r)
	if w.Code != 200 || r.Token == "" || r.RefreshToken == s.RefreshToken {
		t.Fatalf("exchange: %d %s", w.Code, w.Body.String())
	}
	// A refresh renews the viewer grant of chat photos, for a chat left open longer than a grant lives.
	var grant struct{ PhotoGrant string }
	json.Unmarshal(e.Data, &grant)
	if !strings.HasPrefix(grant.PhotoGrant, s.Profile.ProfileID+".") {
		t.Fatalf("exchange without a fresh photo grant for %s: %s", s.Profile.ProfileID, e.Data)
	}
	if w, _ = call(t, a, "POST", "/api/v1/auth/exchange-token", `{"refreshToken":"`+s.RefreshToken+`"}`); w.Code != 401 {
		t.Fatalf("reuse of a rotated token: %d", w.Code)
	}
	if w, _ = call(t, a, "GET", "/api/v1/profile", "", bearer(r.Token)...); w.Code != 401 {
		t.Fatalf("after reuse the family is revoked, got %d", w.Code)
	}
	// A refresh token is not an access token; garbage is 401, not 1005.
	if w, e = call(t, a, "GET", "/api/v1/profile", "", bearer(r.RefreshToken)...); w.Code != 401 || e.Meta.Code != 401 {
		t.Fatalf("refresh as access: %d %d", w.Code, e.Meta.Code)
	}

	// Password login, wrong password, change password, logout.
	w, e = call(t, a, "POST", "/api/v1/auth/login", `{"email":"priya.samuel@example.in","pwd":"Wrong@2026","loginType":"password"}`)
	if w.Code != 401 {
		t.Fatalf("wrong password: %d", w.Code)
	}
	w, e = call(t, a, "POST", "/api/v1/auth/login", `{"email":"priya.samuel@example.in","pwd":"Chennai@2026","loginType":"password"}`)
	if w.Code != 200 || e.Meta.Message != "logged in successfully" {
		t.Fatalf("login: %d %s", w.Code, w.Body.String())
	}
	json.Unmarshal(e.Data, &s)
	w, e = call(t, a, "POST", "/api/v1/user/changepwd", `{"oldPassword":"Chennai@2026","password":"Kochi#2027x","confirmPassword":"Kochi#2027x"}`, bearer(s.Token)...)
	if w.Code != 200 {
		t.Fatalf("changepwd: %d %s", w.Code, w.Body.String())
	}
	if w, _ = call(t, a, "GET", "/api/v1/profile", "", bearer(s.Token)...); w.Code != 401 {
		t.Fatalf("a password change ends older sessions, got %d", w.Code)
	}
	json.Unmarshal(e.Data, &s)
	if w, _ = call(t, a, "POST", "/api/v1/auth/logout", `{"refreshToken":"`+s.RefreshToken+`"}`, bearer(s.Token)...); w.Code != 200 {
		t.Fatalf("logout: %d", w.Code)
	}
	if w, _ = call(t, a, "GET", "/api/v1/profile", "", bearer(s.Token)...); w.Code != 401 {
		t.Fatalf("logout ends the access token at once, got %d", w.Code)
	}

	// Forgot password answers the same for unknown and known addresses.
	_, known := call(t, a, "POST", "/api/v1/auth/forgotpwd", `{"email":"priya.samuel@example.in"}`)
	_, unknown := call(t, a, "POST", "/api/v1/auth/forgotpwd", `{"email":"nobody.here@example.in"}`)
	if known.Meta != unknown.Meta || string(known.Data) != string(unknown.Data) {
		t.Fatalf("forgot-password answers differ: %+v vs %+v", known, unknown)
	}
	reset := lastMailToken(t, a, "priya.samuel@example.in", "reset")
	w, e = call(t, a, "POST", "/api/v1/auth/resetpwd", `{"token":"`+reset+`","password":"Madurai!2028","confirmPassword":"Madurai!2028"}`)
	if w.Code != 200 || e.Meta.Message != "password reset successfully" {
		t.Fatalf("reset: %d %s", w.Code, w.Body.String())
	}
	w, e = call(t, a, "POST", "/api/v1/auth/login", `{"email":"priya.samuel@example.in","pwd":"Madurai!2028","loginType":"password"}`)
	if w.Code != 200 {
		t.Fatalf("login after reset: %d", w.Code)
	}
	json.Unmarshal(e.Data, &s)

	// Hide, export, delete; afterwards the e-mail and phone are free again.
	if w, e = call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, bearer(s.Token)...); w.Code != 200 || !strings.Contains(string(e.Data), `"hidden":true`) {
		t.Fatalf("hide: %d %s", w.Code, w.Body.String())
	}
	w, _ = call(t, a, "GET", "/api/v1/user/export", "", bearer(s.Token)...)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "priya.samuel@example.in") || strings.Contains(w.Body.String(), "password_hash") ||
		!strings.Contains(w.Body.String(), `"partnerPreferences"`) || !strings.Contains(w.Body.String(), `"messagesSent"`) {
		t.Fatalf("export: %d %s", w.Code, w.Body.String())
	}
	if w, _ = call(t, a, "POST", "/api/v1/profile/delete", `{"password":"nope"}`, bearer(s.Token)...); w.Code == 200 {
		t.Fatal("deletion needs the password")
	}
	if w, _ = call(t, a, "POST", "/api/v1/profile/delete", `{"password":"Madurai!2028"}`, bearer(s.Token)...); w.Code != 200 {
		t.Fatalf("delete: %d %s", w.Code, w.Body.String())
	}
	if w, _ = call(t, a, "GET", "/api/v1/profile", "", bearer(s.Token)...); w.Code != 401 {
		t.Fatalf("deleted member's token: %d", w.Code)
	}
	var n int64
	a.DB.Table("users").Where("email = ?", "priya.samuel@example.in").Count(&n)
	if n != 0 {
		t.Fatal("the user row must be gone")
	}
	if w, _ = call(t, a, "POST", "/api/v1/auth/isValid", `{"email":"priya.samuel@example.in","phoneCode":"+91","phone":"9443012345"}`); w.Code != 200 {
		t.Fatalf("e-mail and phone must be free after deletion: %d %s", w.Code, w.Body.String())
	}
}

// TestMemberRoutesNeedAToken proves that every member route refuses visitors
// and tokens that are not access tokens.
func TestMemberRoutesNeedAToken(t *testing.T) {
	a := newApp(t, "", false)
	routes := [][2]string{{"POST", "/api/v1/user/changepwd"}, {"GET", "/api/v1/user/mobile-otp"}, {"PATCH", "/api/v1/user/mobile-verify"},
		{"GET", "/api/v1/user/export"}, {"POST", "/api/v1/profile/isValid"}, {"POST", "/api/v1/profile/hide"},
		{"POST", "/api/v1/profile/delete"}, {"GET", "/api/v1/profile"}}
	for _, rt := range routes {
		for _, hdr := range [][]string{nil, bearer("not-a-jwt"), bearer("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwidHlwIjoiYWNjZXNzIn0.")} {
			w, e := call(t, a, rt[0], rt[1], `{}`, hdr...)
			if w.Code != 401 || e.Meta.Code != 401 {
				t.Errorf("%s %s with %v: %d/%d, want 401", rt[0], rt[1], hdr, w.Code, e.Meta.Code)
			}
		}
	}
}

// TestLoginRateLimitIgnoresSpoofedForwardedFor floods auth/login from one
// peer with a different X-Forwarded-For each time: the limit still holds.
func TestLoginRateLimitIgnoresSpoofedForwardedFor(t *testing.T) {
	a := newApp(t, "", false)
	limited := false
	for i := 0; i < 40 && !limited; i++ {
		w, _ := call(t, a, "POST", "/api/v1/auth/login", `{"email":"x@example.in","pwd":"Abcdef@1","loginType":"password"}`,
			"X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i))
		limited = w.Code == 429
	}
	if !limited {
		t.Fatal("40 logins from one peer were never limited")
	}
}

// TestDevOutboxOnlyOutsideProduction: the outbox route exists in dev/test only.
func TestDevOutboxOnlyOutsideProduction(t *testing.T) {
	a := newApp(t, "", false)
	if w, _ := call(t, a, "GET", "/dev/outbox", ""); w.Code != 200 {
		t.Fatalf("dev outbox in test mode: %d", w.Code)
	}
	if a.Cfg.DevOutbox() != (a.MailOutbox != nil) {
		t.Fatal("outbox wiring does not follow the configuration")
	}
}
