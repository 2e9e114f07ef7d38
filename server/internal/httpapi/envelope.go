package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
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
	apperr.Invalid:      {http.StatusUnprocessableEntity, 422},
	apperr.BadRequest:   {http.StatusBadRequest, 400},
	apperr.Unauthorized: {http.StatusUnauthorized, 401},
	apperr.TokenExpired: {http.StatusBadRequest, MetaTokenExpired},
	apperr.Forbidden:    {http.StatusForbidden, 403},
	apperr.NotFound:     {http.StatusNotFound, 404},
	apperr.Conflict:     {http.StatusConflict, 409},
	apperr.TooLarge:     {http.StatusRequestEntityTooLarge, 413},
	apperr.RateLimited:  {http.StatusTooManyRequests, 429},
	apperr.Unavailable:  {http.StatusServiceUnavailable, 503},
	apperr.Internal:     {http.StatusInternalServerError, 500},
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

// Fail writes the envelope for err, logging internal causes (never the request body).
func Fail(c *gin.Context, err error) {
	e, ok := apperr.As(err)
	if !ok {
		e = apperr.Wrap(apperr.Internal, "Something went wrong, please try again", err)
	}
	status, meta := StatusFor(e.Kind)
	if e.Kind == apperr.Internal {
		slog.ErrorContext(c.Request.Context(), "request failed", "error", errors.Unwrap(e), "message", e.Message,
			"request_id", c.GetString(requestIDKey), "route", c.FullPath())
	}
	var data any
	if len(e.Fields) > 0 {
		data = ErrorData{Errors: e.Fields}
	}
	c.AbortWithStatusJSON(status, Envelope{Meta: Meta{Code: meta, Message: e.Message}, Data: data})
}
