package account

import (
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/billing"
)

// User statuses.
const (
	StatusActive    = "active"
	StatusBanned    = "banned"
	StatusSuspended = "suspended" // until users.suspended_until
)

// User is a row of users: the login identity behind a profile.
type User struct {
	ID              uint64     `json:"id"`
	Email           string     `json:"email"`
	PhoneCode       string     `json:"phoneCode"`
	Phone           string     `json:"phone"`
	PasswordHash    string     `json:"-"`
	Status          string     `json:"status"`
	EmailVerifiedAt *time.Time `json:"emailVerifiedAt"`
	PhoneVerifiedAt *time.Time `json:"phoneVerifiedAt"`
	SuspendedUntil  *time.Time `json:"suspendedUntil"`
	TokenVersion    int        `json:"-"`
	IsDemo          bool       `json:"-"`
	CreatedAt       time.Time  `json:"createdAt"`
	UpdatedAt       time.Time  `json:"updatedAt"`
}

// TableName pins the users table.
func (User) TableName() string { return "users" }

// Session is what a login, a registration or a refresh answers: data.token,
// data.refreshToken and, on login and registration, the profile summary.
type Session struct {
	Token        string   `json:"token"`
	RefreshToken string   `json:"refreshToken"`
	ExpiresIn    int      `json:"expiresIn"` // access token lifetime in seconds
	Profile      *Summary `json:"profile,omitempty"`
	// PhotoGrant, on a refresh (which carries no Profile), renews the
	// member's viewer grant for photo URLs (Summary.PhotoGrant), whose life
	// is shorter than a long chat session's.
	PhotoGrant string `json:"photoGrant,omitempty"`
	family     string // the refresh-token family: see Family
	code       string // the member's public profile id: see ProfileCode
}

// Summary is the member's own profile summary (spec §3 "Profile").
type Summary struct {
	ProfileID              string               `json:"profileID"`
	UserName               string               `json:"userName"`
	Gender                 int                  `json:"gender"`
	Basic                  SummaryBasic         `json:"basic"`
	Photos                 []Photo              `json:"photos"`
	CompletedSteps         int                  `json:"completedSteps"`
	Hidden                 bool                 `json:"hidden"`
	EmailVerified          bool                 `json:"emailVerified"`
	PhoneVerified          bool                 `json:"phoneVerified"`
	Subscription           *SubscriptionSummary `json:"subscription"`
	PrevContactViewPending int                  `json:"prevContactViewPending"`
	// Entitlements is what the member's plan grants now (billing decides it).
	Entitlements billing.Entitlements `json:"entitlements"`
	// PhotoGrant is the member's viewer grant for photo URLs that come
	// without one (chat users); the API handler sets it.
	PhotoGrant string `json:"photoGrant,omitempty"`
}

// SummaryBasic carries basic.gender as the spec's client reads it.
type SummaryBasic struct {
	Gender int `json:"gender"`
}

// Photo is one of the member's photos; the URL is API host + ImagePath + Images.Large.
type Photo struct {
	ImagePath string      `json:"imagePath"`
	Images    PhotoImages `json:"images"`
	IsDefault bool        `json:"isDefault"`
}

// PhotoImages names the small and large renditions.
type PhotoImages struct {
	Small string `json:"small"`
	Large string `json:"large"`
}

// SubscriptionSummary is the member's current plan (the client shows expiresAt as DD-MM-YYYY).
type SubscriptionSummary struct {
	PlanName  string    `json:"planName"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Export is everything the service holds about a member, for the data-export endpoint.
type Export struct {
	GeneratedAt   time.Time        `json:"generatedAt"`
	User          User             `json:"user"`
	Profile       map[string]any   `json:"profile"`
	Photos        []map[string]any `json:"photos"`
	Subscriptions []map[string]any `json:"subscriptions"`
	Sessions      []ExportSession  `json:"sessions"`
	// More holds the rows other areas keep about the member (preferences, settings, views, messages...).
	More map[string][]map[string]any `json:"more,omitempty"`
}

// ExportSession is one login (refresh-token family member) without its secret.
type ExportSession struct {
	CreatedAt time.Time  `json:"createdAt"`
	ExpiresAt time.Time  `json:"expiresAt"`
	RotatedAt *time.Time `json:"rotatedAt"`
	RevokedAt *time.Time `json:"revokedAt"`
}

// LoginInput is the auth/login payload (spec §7: email, pwd, loginType, otp).
// loginType "otp" (also "mobile", "phone") logs in with an OTP sent by
// auth/login-otp; then email may hold the phone number instead of phone.
// Any other loginType (usually "password" or "email") uses email and pwd.
type LoginInput struct {
	Email     string `json:"email"`
	Pwd       string `json:"pwd"`
	LoginType string `json:"loginType"`
	OTP       string `json:"otp"`
	PhoneCode string `json:"phoneCode"`
	Phone     string `json:"phone"`
}

// PhoneInput names a phone number (auth/login-otp).
type PhoneInput struct {
	PhoneCode string `json:"phoneCode"`
	Phone     string `json:"phone"`
}

// ChangePasswordInput is the user/changepwd payload.
type ChangePasswordInput struct {
	OldPassword     string `json:"oldPassword"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ResetPasswordInput is the auth/resetpwd payload: the token from the e-mailed link and the new password.
type ResetPasswordInput struct {
	Token           string `json:"token"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// FieldCheck is the auth/isValid and profile/isValid payload: each non-empty field is checked.
type FieldCheck struct {
	Name        string `json:"name"`
	DateOfBirth string `json:"dateOfBirth"`
	Email       string `json:"email"`
	PhoneCode   string `json:"phoneCode"`
	Phone       string `json:"phone"`
}
