package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// GET /healthz: the process is up.
func (h *handlers) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

// GET /readyz: the database and Redis (when configured) answer within 2 s.
func (h *handlers) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	status, out := http.StatusOK, gin.H{}
	for name, check := range h.Checks {
		if err := check(ctx); err != nil {
			status = http.StatusServiceUnavailable
			out[name] = "down"
			h.Log.Warn("readiness check failed", "check", name, "error", err)
		} else {
			out[name] = "ok"
		}
	}
	c.JSON(status, gin.H{"status": map[bool]string{true: "ready", false: "not ready"}[status == http.StatusOK], "checks": out})
}
