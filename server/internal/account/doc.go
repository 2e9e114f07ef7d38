// Package account runs the member account life-cycle: registration (whole
// form and the three steps), e-mail activation, login by password or OTP,
// sessions (short access JWTs plus rotating refresh tokens), password change
// and reset, mobile verification, hiding, data export and real deletion.
//
// # Sessions
//
// An access token is an HS256 JWT valid 15 minutes with the claims sub (user
// id), pid (profile code), ver (users.token_version), typ "access", sid (the
// refresh-token family), exp, iat and jti. It is signed with a key derived
// from the server secret. Authenticate refuses every other algorithm
// (including "none"), other keys and other types, and looks the user up on
// every call: a stale ver (password changed or reset, banned) or a revoked
// family (logged out, theft detected) ends the token at once. An expired but
// genuine token gives apperr.TokenExpired (HTTP 400, meta.code 1005); any
// other failure gives apperr.Unauthorized (401).
//
// A refresh token is 32 random bytes, stored only as its SHA-256 in
// refresh_tokens, valid 30 days. Refresh rotates it within its family;
// presenting an already rotated token revokes the whole family.
//
// Activation (48 h) and reset (1 h) links carry single-use random tokens stored
// hashed in action_tokens. OTPs are 6 digits from crypto/rand, valid 10
// minutes, single use, bound to purpose and number, dead after 5 wrong tries,
// stored as HMACs under HMAC-named keys (OTPStore: MemoryOTP or RedisOTP).
//
// E-mails and SMS are sent in the background (Service.Wait drains them) so the
// answers of forgot-password, resend-activation and login-otp do not reveal,
// by content or by timing, whether an account exists.
//
// "Name is already registered" means another profile has the same name
// (ignoring case and extra spaces) and the same date of birth: a name alone is
// far too common to be unique. It is checked by the service only; e-mail and
// phone are also unique in the database, and a lost race still answers the
// spec's duplicate message.
//
// # HTTP mapping (for httpapi; base /api/v1, envelope {meta, data})
//
// ip is the client address as resolved with the trusted proxies. "member"
// routes need Authenticate on the bearer token, giving p *Principal.
//
//	POST  auth/register             Register(ctx, RegisterInput, ip)            → data: Session {token, refreshToken, expiresIn, profile}
//	POST  auth/register/step1       CheckStep(ctx, 1, RegisterInput)            → data: null (422 field errors; 409 "Name is already registered")
//	POST  auth/register/step2       CheckStep(ctx, 2, RegisterInput)            → data: null (409 email / phone duplicates)
//	POST  auth/register/step3       CheckStep(ctx, 3, RegisterInput)            → data: null
//	POST  auth/activate {token}     Activate(ctx, token)                        → data: null; 422 "This link is invalid or has expired"
//	POST  auth/resend/activatelink {email}  ResendActivation(ctx, email, ip)    → data: null (same for unknown e-mails)
//	POST  auth/login {email,pwd,loginType,otp}  Login(ctx, LoginInput, ip)      → data: Session; 401 "Invalid email or password"
//	      loginType "otp" (or "mobile"/"phone"): email (or phone, phoneCode) holds the number, otp the code.
//	POST  auth/login-otp {phoneCode,phone}  SendLoginOTP(ctx, PhoneInput, ip)   → data: null (same for unknown numbers; 429 when limited)
//	POST  auth/exchange-token {refreshToken}  Refresh(ctx, refreshToken)        → data: {token, refreshToken, expiresIn}; 401 on any failure
//	POST  auth/forgotpwd {email}    ForgotPassword(ctx, email, ip)              → data: null (always the same answer)
//	POST  auth/resetpwd {token,password,confirmPassword}  ResetPassword(ctx, ResetPasswordInput) → data: null, message "password reset successfully"
//	POST  user/changepwd (member) {oldPassword,password,confirmPassword}  ChangePassword(ctx, p.UserID, in) → data: Session (the new one; all others ended)
//	POST  auth/isValid {name,dateOfBirth,email,phoneCode,phone}  CheckAvailable(ctx, 0, FieldCheck) → data: null; 409 duplicate / 422 format
//	POST  profile/isValid (member)  CheckAvailable(ctx, p.UserID, FieldCheck)   → same, ignoring the member's own values
//	POST  profile/hide (member) {hidden: bool}  SetHidden(ctx, p.UserID, hidden) → data: {hidden}
//	POST  profile/delete (member) {password}  DeleteAccount(ctx, p.UserID, password) → data: null; the client then logs out
//	GET   user/mobile-otp (member)  SendMobileOTP(ctx, p.UserID, ip)            → data: null (409 when already verified, 429 when limited)
//	PATCH user/mobile-verify (member) {otp}  VerifyMobile(ctx, p.UserID, otp)   → data: null; 422 "Invalid OTP" / expired / locked
//	GET   user/export (member; name ours)  Export(ctx, p.UserID)               → data: Export (serve as a JSON download)
//	POST  auth/logout (member or not; name ours) {refreshToken}  Logout(ctx, refreshToken, p) → data: null
//	GET   profile (member) header data     Summary(ctx, p.UserID)              → data: Summary
//	admin ban / unban                      Ban(ctx, userID), Unban(ctx, userID)
//
// Error kinds map through httpapi's single table: Invalid 422 (Fields carry
// per-field messages, the first by form order is meta.message), Conflict 409,
// Unauthorized 401, TokenExpired 400/1005, Forbidden 403 (banned),
// RateLimited 429, NotFound 404.
//
// # Deletion
//
// DeleteAccount removes the profile, photos (rows and files), subscriptions,
// refresh and action tokens, OTP codes and the user row; rate-limit counters
// are keyed by HMACs and expire within an hour. Areas added later register a
// DeleteHook (same transaction) or cascade from profiles/users. When payments
// exist, their rows are kept by law but must be de-identified by a hook.
//
// # Listeners
//
// OnStateChange tells other areas, after the commit, that a member was
// banned, unbanned, hidden or shown; the realtime gateway uses it to take the
// member off (or put them back on) open chat lists on every node at once.
package account
