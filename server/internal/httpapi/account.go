package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

const principalKey = "tfm.principal"

// DefaultAuthRateLimit is the per-address ceiling on auth calls per 10 minutes (AUTH_RATE_LIMIT).
const DefaultAuthRateLimit = 600

// bearer returns the token of an "Authorization: Bearer <token>" header.
func bearer(c *gin.Context) string {
	h := c.GetHeader("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "Bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// requireMember authenticates the bearer token: a missing or bad token answers
// 401, an expired one 400 with meta.code 1005 (the client then refreshes).
func (h *handlers) requireMember(c *gin.Context) {
	tok := bearer(c)
	if tok == "" {
		Fail(c, apperr.New(apperr.Unauthorized, "Please log in to continue"))
		return
	}
	p, err := h.Accounts.Authenticate(c.Request.Context(), tok)
	if err != nil {
		Fail(c, err)
		return
	}
	c.Set(principalKey, p)
	// Every member answer may carry photo URLs, and they load only with the
	// session's media cookie: hand it out with the answer itself, so that a
	// session restored from storage (or begun before the cookie existed)
	// never races its first images against another call.
	h.setMediaCookie(c, p.SessionID)
	c.Next()
}

// optionalMember sets the principal when a valid bearer token is present and
// lets visitors through otherwise.
func (h *handlers) optionalMember(c *gin.Context) {
	if tok := bearer(c); tok != "" {
		if p, err := h.Accounts.Authenticate(c.Request.Context(), tok); err == nil {
			c.Set(principalKey, p)
		}
	}
	c.Next()
}

// principal returns the authenticated member (nil for visitors).
func principal(c *gin.Context) *account.Principal {
	if v, ok := c.Get(principalKey); ok {
		return v.(*account.Principal)
	}
	return nil
}

// accountRoutes mounts spec §7 "Authentication and account".
func (h *handlers) accountRoutes(v1 *gin.RouterGroup) {
	// A per-address ceiling only, high enough for a family or an office
	// behind one carrier-grade NAT address; the real guards are the
	// service's per account-and-source waits (account.LoginBackoff) and its
	// per-number OTP limits.
	n := h.Config.AuthRateLimit
	if n <= 0 {
		n = DefaultAuthRateLimit
	}
	authLimit := rateLimit(h.Limiter, "auth", n, 10*time.Minute)
	checks := rateLimit(h.Limiter, "availability", 120, 10*time.Minute) // isValid and the registration steps, together
	member := h.requireMember
	auth := v1.Group("", secretAnswer) // tokens, OTP outcomes and exports are never cached

	auth.POST("/auth/register", authLimit, h.register)
	for step := 1; step <= 3; step++ {
		auth.POST(fmt.Sprintf("/auth/register/step%d", step), checks, h.registerStep(step))
	}
	auth.POST("/auth/activate", authLimit, h.activate)
	auth.POST("/auth/resend/activatelink", authLimit, h.optionalMember, h.resendActivation)
	auth.POST("/auth/login", authLimit, h.login)
	auth.POST("/auth/login-otp", authLimit, h.loginOTP)
	auth.POST("/auth/exchange-token", rateLimit(h.Limiter, "refresh", 120, 10*time.Minute), h.exchangeToken)
	auth.POST("/auth/logout", h.optionalMember, h.logout)
	auth.POST("/auth/forgotpwd", authLimit, h.forgotPassword)
	auth.POST("/auth/resetpwd", authLimit, h.resetPassword)
	auth.POST("/auth/isValid", checks, h.isValid)

	auth.POST("/user/changepwd", member, h.changePassword)
	auth.GET("/user/mobile-otp", member, h.mobileOTP)
	auth.PATCH("/user/mobile-verify", member, h.mobileVerify)
	auth.GET("/user/export", member, h.exportData)
	v1.POST("/profile/isValid", member, h.profileIsValid)
	v1.POST("/profile/hide", member, h.hideProfile)
	v1.POST("/profile/delete", member, h.deleteAccount)
}

func (h *handlers) register(c *gin.Context) {
	var in account.RegisterInput
	if !bindJSON(c, &in) {
		return
	}
	var s *account.Session
	err := h.Accounts.ThrottleTaken(c.Request.Context(), c.ClientIP(), func() (err error) {
		s, err = h.Accounts.Register(c.Request.Context(), in, c.ClientIP())
		return err
	})
	if err != nil {
		Fail(c, err)
		return
	}
	h.setMediaCookie(c, s.Family())
	OK(c, "Registered successfully. Please check your e-mail to activate your account.", h.signSession(s))
}

func (h *handlers) registerStep(step int) gin.HandlerFunc {
	return func(c *gin.Context) {
		var in account.RegisterInput
		if !bindJSON(c, &in) {
			return
		}
		if err := h.Accounts.ThrottleTaken(c.Request.Context(), c.ClientIP(), func() error {
			return h.Accounts.CheckStep(c.Request.Context(), step, in)
		}); err != nil {
			Fail(c, err)
			return
		}
		OK(c, "OK", nil)
	}
}

func (h *handlers) activate(c *gin.Context) {
	var in struct {
		Token string `json:"token"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.Activate(c.Request.Context(), in.Token); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Your e-mail address is verified", nil)
}

func (h *handlers) resendActivation(c *gin.Context) {
	var in struct {
		Email string `json:"email"`
	}
	if !bindJSON(c, &in) {
		return
	}
	// A member asking from the account page has a token: use its e-mail.
	if p := principal(c); p != nil && strings.TrimSpace(in.Email) == "" {
		email, err := h.Accounts.EmailOf(c.Request.Context(), p.UserID)
		if err != nil {
			Fail(c, err)
			return
		}
		in.Email = email
	}
	if err := h.Accounts.ResendActivation(c.Request.Context(), in.Email, c.ClientIP()); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "If the address belongs to an account that is not yet verified, an activation link is on its way", nil)
}

func (h *handlers) login(c *gin.Context) {
	var in account.LoginInput
	if !bindJSON(c, &in) {
		return
	}
	s, err := h.Accounts.Login(c.Request.Context(), in, c.ClientIP())
	if err != nil {
		Fail(c, err)
		return
	}
	h.setMediaCookie(c, s.Family())
	OK(c, "logged in successfully", h.signSession(s))
}

func (h *handlers) loginOTP(c *gin.Context) {
	var in account.PhoneInput
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.SendLoginOTP(c.Request.Context(), in, c.ClientIP()); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "If the number belongs to an account, an OTP has been sent to it", nil)
}

func (h *handlers) exchangeToken(c *gin.Context) {
	var in struct {
		RefreshToken string `json:"refreshToken"`
	}
	if !bindJSON(c, &in) {
		return
	}
	s, err := h.Accounts.Refresh(c.Request.Context(), in.RefreshToken)
	if err != nil {
		Fail(c, err)
		return
	}
	h.setMediaCookie(c, s.Family())
	s.PhotoGrant = h.Profiles.PhotoGrant(s.ProfileCode())
	OK(c, "OK", h.signSession(s))
}

func (h *handlers) logout(c *gin.Context) {
	var in struct {
		RefreshToken string `json:"refreshToken"`
	}
	if !bindJSON(c, &in) {
		return
	}
	h.clearMediaCookie(c) // whatever the outcome: this browser is logging out
	if err := h.Accounts.Logout(c.Request.Context(), in.RefreshToken, principal(c)); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Logged Out Successfully", nil)
}

func (h *handlers) forgotPassword(c *gin.Context) {
	var in struct {
		Email string `json:"email"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.ForgotPassword(c.Request.Context(), in.Email, c.ClientIP()); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "If an account uses this e-mail, a link to reset the password has been sent to it", nil)
}

func (h *handlers) resetPassword(c *gin.Context) {
	var in account.ResetPasswordInput
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.ResetPassword(c.Request.Context(), in); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "password reset successfully", nil)
}

func (h *handlers) isValid(c *gin.Context) {
	var in account.FieldCheck
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.ThrottleTaken(c.Request.Context(), c.ClientIP(), func() error {
		return h.Accounts.CheckAvailable(c.Request.Context(), 0, in)
	}); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", nil)
}

func (h *handlers) profileIsValid(c *gin.Context) {
	var in account.FieldCheck
	if !bindJSON(c, &in) {
		return
	}
	uid := principal(c).UserID
	if err := h.Accounts.ThrottleTaken(c.Request.Context(), "m:"+strconv.FormatUint(uid, 10), func() error {
		return h.Accounts.CheckAvailable(c.Request.Context(), uid, in)
	}); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "OK", nil)
}

func (h *handlers) changePassword(c *gin.Context) {
	var in account.ChangePasswordInput
	if !bindJSON(c, &in) {
		return
	}
	s, err := h.Accounts.ChangePassword(c.Request.Context(), principal(c).UserID, in)
	if err != nil {
		Fail(c, err)
		return
	}
	h.setMediaCookie(c, s.Family())
	OK(c, "Password changed successfully", h.signSession(s))
}

func (h *handlers) mobileOTP(c *gin.Context) {
	if err := h.Accounts.SendMobileOTP(c.Request.Context(), principal(c).UserID, c.ClientIP()); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "An OTP has been sent to your mobile number", nil)
}

func (h *handlers) mobileVerify(c *gin.Context) {
	var in struct {
		OTP string `json:"otp"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.VerifyMobile(c.Request.Context(), principal(c).UserID, in.OTP); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Your mobile number is verified", nil)
}

func (h *handlers) exportData(c *gin.Context) {
	e, err := h.Accounts.Export(c.Request.Context(), principal(c).UserID)
	if err != nil {
		Fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	if c.Query("download") == "1" {
		c.Header("Content-Disposition", `attachment; filename="my-tfm-data.json"`)
	}
	OK(c, "OK", e)
}

func (h *handlers) hideProfile(c *gin.Context) {
	var in struct {
		Hidden *bool `json:"hidden"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if in.Hidden == nil {
		Fail(c, apperr.Validation(map[string]string{"hidden": "Please choose whether to hide or show your profile"}))
		return
	}
	if err := h.Accounts.SetHidden(c.Request.Context(), principal(c).UserID, *in.Hidden); err != nil {
		Fail(c, err)
		return
	}
	msg := "Your profile is visible again"
	if *in.Hidden {
		msg = "Your profile is hidden"
	}
	OK(c, msg, gin.H{"hidden": *in.Hidden})
}

func (h *handlers) deleteAccount(c *gin.Context) {
	var in struct {
		Password string `json:"password"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := h.Accounts.DeleteAccount(c.Request.Context(), principal(c).UserID, in.Password); err != nil {
		Fail(c, err)
		return
	}
	OK(c, "Your account and all its data have been deleted", nil)
}

// signSession gives the session's own photo URLs the member's viewing grant
// (the media route refuses unsigned photo URLs).
func (h *handlers) signSession(s *account.Session) *account.Session {
	if s != nil && s.Profile != nil {
		h.signSummary(s.Profile, s.Profile.ProfileID)
	}
	return s
}

// setMediaCookie gives the browser the cookie that ties its photo grants to
// this session (account.MediaCookieName): HttpOnly, for /media/ only,
// same-site, Secure in production, living as long as a session may.
func (h *handlers) setMediaCookie(c *gin.Context, family string) {
	v := h.Accounts.MediaCookie(family)
	if v == "" {
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: account.MediaCookieName, Value: v, Path: "/media/",
		MaxAge: int(account.SessionMaxAge / time.Second), HttpOnly: true, Secure: h.Config.AppEnv == "prod", SameSite: http.SameSiteLaxMode})
}

// clearMediaCookie removes the media cookie (logout).
func (h *handlers) clearMediaCookie(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{Name: account.MediaCookieName, Value: "", Path: "/media/", MaxAge: -1,
		HttpOnly: true, Secure: h.Config.AppEnv == "prod", SameSite: http.SameSiteLaxMode})
}

// devOutbox serves the mail and SMS the dev outboxes hold (dev and test only).
func (h *handlers) devOutbox(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, Envelope{Meta: Meta{Code: 200, Message: "OK"}, Data: gin.H{"mail": h.MailOutbox.List(), "sms": h.SMSOutbox.List()}})
}
