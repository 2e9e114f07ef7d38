package httpapi

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/search"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

type strictInner struct {
	Values []uint64 `json:"values"`
	Strict bool     `json:"strict"`
}

type strictPage struct {
	Skip  int `json:"skip"`
	Limit int `json:"limit"`
}

type strictBody struct {
	Email  string        `json:"email"`
	Age    *int          `json:"age"`
	Inner  strictInner   `json:"inner"`
	Items  []strictInner `json:"items"`
	Hidden string        `json:"-"`
	strictPage
}

func TestDecodeStrict(t *testing.T) {
	for _, c := range []struct {
		name, body, msg string
	}{
		{"OKAllFields", `{"email":"a@b.in","age":30,"inner":{"values":[1,2],"strict":true},"items":[{"values":[3]},{"strict":false}],"skip":0,"limit":10}`, ""},
		{"OKTrailingSpace", "{\"email\":\"a@b.in\"}\n \t", ""},
		{"OKSameKeyInSiblingObjects", `{"items":[{"strict":true},{"strict":false}],"inner":{"strict":true}}`, ""},
		{"OKNull", `null`, ""},
		{"ErrUnknownField", `{"email":"a@b.in","foo":1}`, `Unknown field "foo"`},
		{"ErrUnknownNestedField", `{"inner":{"values":[1],"names":["x"]}}`, `Unknown field "names"`},
		{"ErrIgnoredFieldIsUnknown", `{"Hidden":"x"}`, `Unknown field "Hidden"`},
		{"ErrDuplicateField", `{"email":"a@b.in","email":"c@d.in"}`, `Duplicate field "email"`},
		{"ErrDuplicateFieldOtherCase", `{"email":"a@b.in","EMAIL":"c@d.in"}`, `Duplicate field "EMAIL"`},
		{"ErrDuplicateFieldUnicodeFold", `{"skip":1,"ſkip":2}`, `Duplicate field "ſkip"`},
		{"ErrDuplicateNestedField", `{"inner":{"strict":true,"strict":false}}`, `Duplicate field "inner.strict"`},
		{"ErrDuplicateFieldInArray", `{"items":[{},{"values":[1],"values":[2]}]}`, `Duplicate field "items[1].values"`},
		{"ErrDuplicateUnknownField", `{"foo":1,"foo":2}`, `Duplicate field "foo"`},
		{"ErrSecondValue", `{"email":"a@b.in"} {"email":"c@d.in"}`, msgTrailingJSON},
		{"ErrTrailingGarbage", `{"email":"a@b.in"}x`, msgTrailingJSON},
		{"ErrTrailingBrace", `{"email":"a@b.in"}}`, msgTrailingJSON},
		{"ErrTruncated", `{"email":`, msgBadJSON},
		{"ErrNotJSON", `email=a`, msgBadJSON},
		{"ErrOnlySpace", `  `, msgBadJSON},
		{"ErrTooDeep", `{"items":` + strings.Repeat("[", maxJSONDepth) + strings.Repeat("]", maxJSONDepth) + `}`, msgJSONTooDeep},
		{"ErrWrongType", `{"age":"thirty"}`, `Field "age" must be a whole number`},
		{"ErrWrongTypeNested", `{"inner":{"values":"1"}}`, `Field "inner.values" must be a list`},
		{"ErrNegativeID", `{"inner":{"values":[-1]}}`, `Field "inner.values" must be a whole number, not negative`},
		{"ErrWrongTypeEmbedded", `{"limit":"ten"}`, `Field "limit" must be a whole number`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v strictBody
			err := decodeStrict([]byte(c.body), &v)
			if c.msg == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.BadRequest || e.Message != c.msg {
				t.Fatalf("got %v (%+v), want 400 %q", err, e, c.msg)
			}
		})
	}
	t.Run("OKMapKeepsEveryField", func(t *testing.T) {
		var m map[string]json.RawMessage
		if err := decodeStrict([]byte(`{"saved":true,"age":{"min":1,"minLabel":"x"}}`), &m); err != nil || len(m) != 2 {
			t.Fatalf("%v %v", m, err)
		}
	})
	t.Run("ErrMapDuplicate", func(t *testing.T) {
		var m map[string]json.RawMessage
		if err := decodeStrict([]byte(`{"age":1,"Age":2}`), &m); apperr.KindOf(err) != apperr.BadRequest {
			t.Fatalf("%v", err)
		}
	})
}

// TestDecodeStrictRealPayloads names fields as the client wrote them, through
// the embedded structs of the real request types.
func TestDecodeStrictRealPayloads(t *testing.T) {
	for _, c := range []struct {
		name, body, msg string
		v               any
	}{
		{"SearchEmbedsFilterAndPage", `{"ageMin":"x"}`, `Field "ageMin" must be a whole number`, &search.Request{}},
		{"SearchPage", `{"cursor":1}`, `Field "cursor" must be text`, &search.Request{}},
		{"SavedSearchFilter", `{"name":"n","filter":{"community":["a"]}}`, `Field "filter.community" must be a whole number, not negative`, &search.SaveRequest{}},
		{"ProfileSection", `{"basic":{"heightCm":"tall"}}`, `Field "basic.heightCm" must be a whole number`, &profile.ProfileUpdate{}},
		{"SearchUIOnlyField", `{"ageMin":25,"gender":20}`, `Unknown field "gender"`, &search.Request{}},
		{"RegisterExtraField", `{"email":"a@b.in","acceptTerms":true}`, `Unknown field "acceptTerms"`, &account.RegisterInput{}},
	} {
		t.Run("Err"+c.name, func(t *testing.T) {
			e, ok := apperr.As(decodeStrict([]byte(c.body), c.v))
			if !ok || e.Message != c.msg {
				t.Fatalf("got %+v, want %q", e, c.msg)
			}
		})
	}
}

// serveBind runs one request through a router with the given middleware and a route that binds strictBody.
func serveBind(t *testing.T, body string, contentLength int64, mw ...gin.HandlerFunc) (*httptest.ResponseRecorder, Envelope) {
	t.Helper()
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.POST("/x", append(mw, func(c *gin.Context) {
		var v strictBody
		if bindJSON(c, &v) {
			OK(c, "OK", v)
		}
	})...)
	req := httptest.NewRequest(http.MethodPost, "/x", strings.NewReader(body))
	req.ContentLength = contentLength
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	var e Envelope
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("not an envelope: %s", w.Body.String())
	}
	return w, e
}

func TestBindJSON(t *testing.T) {
	t.Run("OKEmptyBody", func(t *testing.T) {
		if w, _ := serveBind(t, "", 0); w.Code != 200 {
			t.Fatalf("%d", w.Code)
		}
	})
	t.Run("ErrUnknownFieldIs400", func(t *testing.T) {
		body := `{"email":"a@b.in","confirmEmail":"a@b.in"}`
		w, e := serveBind(t, body, int64(len(body)))
		if w.Code != 400 || e.Meta.Code != 400 || e.Meta.Message != `Unknown field "confirmEmail"` {
			t.Fatalf("%d %+v", w.Code, e.Meta)
		}
	})
	t.Run("ErrChunkedBodyIsStillChecked", func(t *testing.T) { // no Content-Length
		w, e := serveBind(t, `{"email":"a","email":"b"}`, -1)
		if w.Code != 400 || e.Meta.Message != `Duplicate field "email"` {
			t.Fatalf("%d %+v", w.Code, e.Meta)
		}
	})
	t.Run("ErrOverLimitBodyIs413", func(t *testing.T) {
		body := `{"email":"` + strings.Repeat("a", 100) + `"}`
		w, e := serveBind(t, body, int64(len(body)), limitBody(50))
		if w.Code != 413 || e.Meta.Code != 413 || e.Meta.Message != msgBodyTooLarge {
			t.Fatalf("%d %+v", w.Code, e.Meta)
		}
		if w, _ := serveBind(t, body, int64(len(body)), limitBody(int64(len(body)))); w.Code != 200 {
			t.Fatalf("a body at the limit: %d", w.Code)
		}
	})
	t.Run("ErrUnlimitedRouteCappedAt1MB", func(t *testing.T) {
		body := `{"email":"` + strings.Repeat("a", maxJSONBody) + `"}`
		if w, _ := serveBind(t, body, int64(len(body))); w.Code != 413 {
			t.Fatalf("%d", w.Code)
		}
	})
}

func TestFailOutage(t *testing.T) {
	fail := func(err error, hdr ...string) (*httptest.ResponseRecorder, Envelope) {
		t.Helper()
		w := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(w)
		c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			c.Header(hdr[i], hdr[i+1])
		}
		Fail(c, err)
		var e Envelope
		json.Unmarshal(w.Body.Bytes(), &e)
		return w, e
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"RawPoolClosed", errors.New("sql: database is closed")},
		{"RawBadConn", fmt.Errorf("loading: %w", driver.ErrBadConn)},
		{"InternalWrappingAnOutage", apperr.Wrap(apperr.Internal, "Site settings are unreadable", driver.ErrBadConn)},
		{"Translated", store.Translate(driver.ErrBadConn, "", "")},
	} {
		t.Run("Err"+c.name+"Is503", func(t *testing.T) {
			w, e := fail(c.err)
			if w.Code != 503 || e.Meta.Code != 503 || e.Meta.Message != store.MsgUnavailable {
				t.Fatalf("%d %+v", w.Code, e.Meta)
			}
			if got := w.Header().Get("Retry-After"); got != "5" {
				t.Fatalf("Retry-After %q", got)
			}
		})
	}
	t.Run("ErrUnavailableKeepsItsMessageAndRetryAfter", func(t *testing.T) {
		w, e := fail(apperr.New(apperr.Unavailable, "The server is busy; please try again"), "Retry-After", "30")
		if w.Code != 503 || e.Meta.Message != "The server is busy; please try again" || w.Header().Get("Retry-After") != "30" {
			t.Fatalf("%d %+v %q", w.Code, e.Meta, w.Header().Get("Retry-After"))
		}
	})
	t.Run("ErrRetryAfterOfTheError", func(t *testing.T) {
		w, _ := fail(&apperr.Error{Kind: apperr.RateLimited, Message: "Wait", RetryAfter: 1500 * time.Millisecond})
		if w.Code != 429 || w.Header().Get("Retry-After") != "2" {
			t.Fatalf("%d %q", w.Code, w.Header().Get("Retry-After"))
		}
		w, _ = fail(&apperr.Error{Kind: apperr.Unavailable, Message: "Busy", RetryAfter: 2 * time.Second})
		if w.Code != 503 || w.Header().Get("Retry-After") != "2" {
			t.Fatalf("%d %q", w.Code, w.Header().Get("Retry-After"))
		}
	})
	t.Run("ErrBugIs500", func(t *testing.T) {
		for _, err := range []error{errors.New("Error 1064: syntax"), fmt.Errorf("x: %w", context.Canceled)} {
			w, _ := fail(err)
			if w.Code != 500 || w.Header().Get("Retry-After") != "" {
				t.Fatalf("%v: %d", err, w.Code)
			}
		}
	})
	t.Run("ErrKnownKindsUnchanged", func(t *testing.T) {
		// A refusal whose cause happens to look like an outage keeps its kind.
		w, _ := fail(apperr.Wrap(apperr.NotFound, "No such member", driver.ErrBadConn))
		if w.Code != 404 {
			t.Fatalf("%d", w.Code)
		}
	})
}
