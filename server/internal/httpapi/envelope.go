package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Meta is the envelope's status part.
type Meta struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Envelope is the shape of every /api/v1 response: {"meta":{"code","message"},"data"}.
type Envelope struct {
	Meta Meta `json:"meta"`
	Data any  `json:"data"`
}

// ErrorData carries per-field validation messages.
type ErrorData struct {
	Errors map[string]string `json:"errors,omitempty"`
}

// MetaTokenExpired is the meta code the client watches for to refresh its token (spec §8).
const MetaTokenExpired = 1005

// errorTable is the one place that maps an error kind to an HTTP status and a meta code.
var errorTable = map[apperr.Kind]struct{ status, meta int }{
	apperr.Invalid:         {http.StatusUnprocessableEntity, 422},
	apperr.BadRequest:      {http.StatusBadRequest, 400},
	apperr.Unauthorized:    {http.StatusUnauthorized, 401},
	apperr.TokenExpired:    {http.StatusBadRequest, MetaTokenExpired},
	apperr.Forbidden:       {http.StatusForbidden, 403},
	apperr.PaymentRequired: {http.StatusPaymentRequired, 402},
	apperr.NotFound:        {http.StatusNotFound, 404},
	apperr.Conflict:        {http.StatusConflict, 409},
	apperr.TooLarge:        {http.StatusRequestEntityTooLarge, 413},
	apperr.RateLimited:     {http.StatusTooManyRequests, 429},
	apperr.Unavailable:     {http.StatusServiceUnavailable, 503},
	apperr.Internal:        {http.StatusInternalServerError, 500},
}

// StatusFor returns the HTTP status and meta code for an error kind.
func StatusFor(k apperr.Kind) (status, meta int) {
	e, ok := errorTable[k]
	if !ok {
		e = errorTable[apperr.Internal]
	}
	return e.status, e.meta
}

// OK writes a 200 envelope with data and a message.
func OK(c *gin.Context, message string, data any) {
	c.JSON(http.StatusOK, Envelope{Meta: Meta{Code: http.StatusOK, Message: message}, Data: data})
}

// retryAfterUnavailable is the Retry-After, in seconds, of a 503.
const retryAfterUnavailable = "5"

// Fail writes the envelope for err, logging internal causes (never the request body).
func Fail(c *gin.Context, err error) {
	status, meta, e := classify(c, err)
	var data any
	if len(e.Fields) > 0 {
		data = ErrorData{Errors: e.Fields}
	}
	c.AbortWithStatusJSON(status, Envelope{Meta: Meta{Code: meta, Message: e.Message}, Data: data})
}

// classify turns err into the apperr, status and meta code to answer with,
// logging internal causes and setting Retry-After: the error's RetryAfter
// when it has one, else 5 seconds on a 503 (a handler's own header stays).
// An unexpected error (not an apperr, or an Internal one) whose cause is an
// outage (store.IsOutage: the database or Redis down, the pool closed or
// exhausted) becomes Unavailable, wherever it was wrapped.
func classify(c *gin.Context, err error) (status, meta int, e *apperr.Error) {
	e, ok := apperr.As(err)
	if (!ok || e.Kind == apperr.Internal) && store.IsOutage(err) {
		e = apperr.Wrap(apperr.Unavailable, store.MsgUnavailable, err)
	} else if !ok {
		e = apperr.Wrap(apperr.Internal, "Something went wrong, please try again", err)
	}
	if e.RetryAfter > 0 && c.Writer.Header().Get("Retry-After") == "" {
		c.Header("Retry-After", strconv.Itoa(max(1, int(math.Ceil(e.RetryAfter.Seconds())))))
	}
	switch e.Kind {
	case apperr.Internal:
		slog.ErrorContext(c.Request.Context(), "request failed", "error", errors.Unwrap(e), "message", e.Message,
			"request_id", c.GetString(requestIDKey), "route", c.FullPath())
	case apperr.Unavailable:
		if c.Writer.Header().Get("Retry-After") == "" {
			c.Header("Retry-After", retryAfterUnavailable)
		}
		if e.Err != nil {
			slog.WarnContext(c.Request.Context(), "request failed: dependency unavailable", "error", errors.Unwrap(e),
				"request_id", c.GetString(requestIDKey), "route", c.FullPath())
		}
	}
	status, meta = StatusFor(e.Kind)
	return status, meta, e
}

// maxJSONBody caps a JSON body that no limitBody middleware has capped
// already (every /api/v1 route has one of the same size).
const maxJSONBody = 1 << 20

// maxJSONDepth is the deepest nesting of objects and arrays a JSON body may
// have; ours nest three deep at most.
const maxJSONDepth = 32

// The 400 messages of a JSON body that is not what the route takes.
const (
	msgBadJSON       = "Invalid request body"
	msgTrailingJSON  = "Unexpected data after the JSON body"
	msgJSONTooDeep   = "The JSON body is nested too deeply"
	msgBodyTooLarge  = "The request is too large"
	unknownFieldText = `json: unknown field "`
)

// bindJSON decodes a JSON body into v, answering 400 (or 413) on failure; an
// empty body is allowed. It is strict: a field v does not have, a field sent
// twice (at any depth, letter case aside) or anything after the JSON value is
// refused with a message naming it, so that what the server acts on is
// exactly what the client meant and no proxy or other parser can read the
// same body differently.
func bindJSON(c *gin.Context, v any) bool {
	if c.Request.ContentLength == 0 {
		return true
	}
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxJSONBody+1))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe) || len(body) > maxJSONBody:
		Fail(c, apperr.New(apperr.TooLarge, msgBodyTooLarge))
		return false
	case err != nil:
		Fail(c, apperr.Wrap(apperr.BadRequest, msgBadJSON, err))
		return false
	}
	if err := decodeStrict(body, v); err != nil {
		Fail(c, err)
		return false
	}
	return true
}

// decodeStrict decodes the one JSON value in data into v, refusing unknown
// fields, duplicate fields and trailing data with an apperr.BadRequest.
func decodeStrict(data []byte, v any) error {
	if err := checkJSON(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	// encoding/json has no error type for an unknown field, only this text.
	if s := err.Error(); strings.HasPrefix(s, unknownFieldText) {
		return apperr.Wrap(apperr.BadRequest, "Unknown field "+s[len(unknownFieldText)-1:], err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		field := jsonPath(reflect.TypeOf(v), te.Field)
		return apperr.Wrap(apperr.BadRequest, fmt.Sprintf("Field %q must be %s", field, jsonKindOf(te.Type)), err)
	}
	return apperr.Wrap(apperr.BadRequest, msgBadJSON, err)
}

// jsonPath turns an UnmarshalTypeError's Field, which names embedded structs
// by their Go names ("Filter.ageMin"), into the path the client wrote ("ageMin").
func jsonPath(t reflect.Type, field string) string {
	var out []string
	for _, name := range strings.Split(field, ".") {
		t = elemType(t)
		if t == nil || t.Kind() != reflect.Struct {
			t = nil
			out = append(out, name)
			continue
		}
		if sf, ok := t.FieldByName(name); ok && sf.Anonymous && sf.Tag.Get("json") == "" {
			t = sf.Type // an embedded struct: its fields are the parent's in JSON
			continue
		}
		t = jsonFieldType(t, name)
		out = append(out, name)
	}
	return strings.Join(out, ".")
}

// elemType strips pointers, slices, arrays and maps down to the element type.
func elemType(t reflect.Type) reflect.Type {
	for t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		default:
			return t
		}
	}
	return nil
}

// jsonFieldType is the type of the field of struct t that JSON calls name, looking into embedded structs; nil if none.
func jsonFieldType(t reflect.Type, name string) reflect.Type {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if sf.Anonymous && tag == "" {
			if et := elemType(sf.Type); et != nil && et.Kind() == reflect.Struct {
				if ft := jsonFieldType(et, name); ft != nil {
					return ft
				}
			}
			continue
		}
		if tag == name || (tag == "" && sf.Name == name) {
			return sf.Type
		}
	}
	return nil
}

// jsonKindOf names what a JSON value for a Go type looks like, for messages.
func jsonKindOf(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a valid value"
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, not negative"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a valid value"
}

// jsonFrame is an object or array being walked by checkJSON.
type jsonFrame struct {
	object  bool
	path    string              // where it is: "" for the body itself, "filter", "items[2]"
	key     string              // object: the key of the value that comes next
	wantKey bool                // object: the next string is a key
	index   int                 // array: the index of the next element
	seen    map[string]struct{} // object: its keys so far, case-folded
}

// checkJSON walks the tokens of data and refuses a body with a key repeated
// in one object, nesting deeper than maxJSONDepth, or anything but space
// after its one value; it also refuses JSON that does not parse.
//
// The walk is needed because encoding/json keeps the last of duplicate keys
// without a word and has no option to refuse them; encoding/json/v2 does
// refuse them, but it is still behind GOEXPERIMENT=jsonv2. Keys are compared
// case-folded, as encoding/json matches them to struct fields: {"email":…,
// "EMAIL":…} fills one field twice.
func checkJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*jsonFrame
	// startValue returns the path of the value that starts now and moves its container on.
	startValue := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.object {
			f.wantKey = true
			return joinPath(f.path, f.key)
		}
		f.index++
		return f.path + "[" + strconv.Itoa(f.index-1) + "]"
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return apperr.Wrap(apperr.BadRequest, msgBadJSON, err)
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if len(stack) >= maxJSONDepth {
					return apperr.New(apperr.BadRequest, msgJSONTooDeep)
				}
				path := startValue()
				stack = append(stack, &jsonFrame{object: t == '{', path: path, wantKey: t == '{'})
			default: // '}' or ']'
				stack = stack[:len(stack)-1]
			}
		case string:
			if f := top(stack); f != nil && f.object && f.wantKey {
				folded := foldKey(t)
				if _, dup := f.seen[folded]; dup {
					return apperr.New(apperr.BadRequest, fmt.Sprintf("Duplicate field %q", joinPath(f.path, t)))
				}
				if f.seen == nil {
					f.seen = map[string]struct{}{}
				}
				f.seen[folded] = struct{}{}
				f.key, f.wantKey = t, false
				continue
			}
			startValue()
		default:
			startValue()
		}
		if len(stack) == 0 {
			break
		}
	}
	if _, err := dec.Token(); err != io.EOF {
		return apperr.New(apperr.BadRequest, msgTrailingJSON)
	}
	return nil
}

// top is the innermost open object or array, or nil at the top level.
func top(stack []*jsonFrame) *jsonFrame {
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1]
}

// joinPath names key inside the value at path, as "filter.community".
func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// foldKey maps key to one spelling per case-insensitive class, as
// encoding/json compares keys with field names (so "ſ" and "s", or the Kelvin
// sign and "k", fold together too).
func foldKey(key string) string {
	ascii := true
	for i := 0; i < len(key); i++ {
		if key[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii { // the least rune of an ASCII letter's class is its capital
		return strings.ToUpper(key)
	}
	var b strings.Builder
	for _, r := range key {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < m {
				m = f
			}
		}
		b.WriteRune(m)
	}
	return b.String()
}
