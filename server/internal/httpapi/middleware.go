package httpapi

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
)

const requestIDKey = "request_id"

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// requestID takes a sane incoming X-Request-ID or makes one, and echoes it back.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if !requestIDPattern.MatchString(id) {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

// accessLog writes one structured line per request. It logs the path without
// the query string, because query strings can carry tokens.
func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		level := slog.LevelInfo
		if c.Writer.Status() >= 500 {
			level = slog.LevelError
		}
		log.LogAttrs(c.Request.Context(), level, "http",
			slog.String("request_id", c.GetString(requestIDKey)),
			slog.String("method", c.Request.Method),
			slog.String("path", c.Request.URL.Path),
			slog.String("route", route),
			slog.Int("status", c.Writer.Status()),
			slog.Int("bytes", c.Writer.Size()),
			slog.Duration("duration", time.Since(start)),
			slog.String("ip", c.ClientIP()),
		)
	}
}

// recovery turns a panic into a 500 envelope and a logged stack trace.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				if r == http.ErrAbortHandler {
					panic(r)
				}
				log.Error("panic", "request_id", c.GetString(requestIDKey), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				Fail(c, apperr.New(apperr.Internal, "Something went wrong, please try again"))
			}
		}()
		c.Next()
	}
}

// securityHeaders sets headers every response should carry; prod adds HSTS
// (the site is only served over HTTPS there, behind its TLS proxy).
func securityHeaders(prod bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		if prod {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		c.Next()
	}
}

// Metrics are the HTTP metrics exported at /metrics.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewMetrics registers the HTTP metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tfm_http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "tfm_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

func (m *Metrics) middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		m.requests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
		m.duration.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
	}
}

// rateLimit allows limit requests per window per client IP for one named action.
func rateLimit(l ratelimit.Limiter, action string, limit int, window time.Duration) gin.HandlerFunc {
	return func(c *gin.Context) {
		ok, retry, err := l.Allow(c.Request.Context(), action+":ip:"+c.ClientIP(), limit, window)
		if err != nil {
			// A limiter outage must not take the site down; log it and let the request through.
			slog.WarnContext(c.Request.Context(), "rate limiter unavailable", "error", err, "action", action)
			c.Next()
			return
		}
		if !ok {
			c.Header("Retry-After", strconv.Itoa(int(retry.Seconds())+1))
			Fail(c, apperr.New(apperr.RateLimited, "Too many requests. Please try again after some time."))
			return
		}
		c.Next()
	}
}

// secretAnswer is middleware for routes whose answers carry secrets
// (tokens, OTP results, a data export): never cached by a browser or proxy.
func secretAnswer(c *gin.Context) {
	noStore(c)
	c.Header("Pragma", "no-cache")
	c.Next()
}

// metricsGuard keeps /metrics from the public: outside prod it is open; in
// prod it needs "Authorization: Bearer <METRICS_TOKEN>" (compared in
// constant time), and without a token configured it answers 404 (operators
// then scrape the loopback METRICS_ADDR listener instead).
func metricsGuard(prod bool, token string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !prod {
			c.Next()
			return
		}
		if token == "" {
			Fail(c, apperr.New(apperr.NotFound, "Not found"))
			return
		}
		if subtle.ConstantTimeCompare([]byte(bearer(c)), []byte(token)) != 1 {
			c.Header("WWW-Authenticate", `Bearer realm="metrics"`)
			Fail(c, apperr.New(apperr.Unauthorized, "Not authorised"))
			return
		}
		c.Next()
	}
}

// limitBody caps request bodies so a client cannot make the server buffer without end.
func limitBody(n int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		c.Next()
	}
}
