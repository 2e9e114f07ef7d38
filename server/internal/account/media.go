package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// MediaCookieName is the cookie that ties photo grants to the viewer's live
// session (issue 18 item 6): a photo URL with a grant opens only in a
// browser that also holds this cookie for a session that is still live. A
// URL copied out of a page, a log or a shared screen is useless on its own,
// and a logout, password change or ban ends it at once.
const MediaCookieName = "tfm_media"

// Family is the session (refresh-token family) this Session belongs to.
func (s *Session) Family() string { return s.family }

// ProfileCode is the public profile id of the member this Session is for.
func (s *Session) ProfileCode() string { return s.code }

// MediaCookie returns the media cookie's value for a session (a
// Principal.SessionID or Session.Family): the family id and its MAC.
func (s *Service) MediaCookie(family string) string {
	if family == "" {
		return ""
	}
	return family + "." + s.mediaMAC(family)
}

func (s *Service) mediaMAC(family string) string {
	m := hmac.New(sha256.New, s.mediaKey)
	m.Write([]byte(family))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// MediaViewer returns the public profile code of the member whose session
// the media cookie names, while that session is live (not logged out,
// revoked or expired, and the member active); "" otherwise.
func (s *Service) MediaViewer(ctx context.Context, cookie string) string {
	family, mac, ok := strings.Cut(cookie, ".")
	if !ok || family == "" || !hmac.Equal([]byte(mac), []byte(s.mediaMAC(family))) {
		return ""
	}
	var code string
	err := s.db.WithContext(ctx).Raw(`SELECT p.profile_code FROM refresh_tokens r
		JOIN users u ON u.id = r.user_id JOIN profiles p ON p.user_id = u.id
		WHERE r.family_id = ? AND r.revoked_at IS NULL AND r.expires_at > ? AND u.status = ? LIMIT 1`,
		family, s.now(), StatusActive).Scan(&code).Error
	if err != nil {
		return ""
	}
	return code
}
