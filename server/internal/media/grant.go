package media

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// GrantTTL is the least time a grant stays valid; expiries are rounded up to
// the next hour, so a grant lives between GrantTTL and GrantTTL plus an hour.
// A grant alone opens nothing: the media route also wants the viewer's
// session cookie (account.MediaCookieName), so a URL dies with the session.
const GrantTTL = 2 * time.Hour

// ErrBadGrant means a grant is missing, malformed, forged, for another file or expired.
var ErrBadGrant = errors.New("media: invalid or expired grant")

var viewerPattern = regexp.MustCompile(`^[A-Za-z0-9]{1,16}$`)

// Grants signs and checks the per-viewer grants on photo URLs.
type Grants struct {
	key []byte
	now func() time.Time
}

// NewGrants derives the grant key from the server secret (HMAC-SHA256 of a
// fixed label, so it is never the secret itself); now is the clock (time.Now when nil).
func NewGrants(secret []byte, now func() time.Time) *Grants {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("tfm/media-grant/v1"))
	if now == nil {
		now = time.Now
	}
	return &Grants{key: m.Sum(nil), now: now}
}

func (g *Grants) mac(viewer, name string, exp int64) string {
	m := hmac.New(sha256.New, g.key)
	m.Write([]byte(viewer + "\x00" + name + "\x00" + strconv.FormatInt(exp, 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// Sign returns name with a grant for viewer (a public profile code) appended:
// "<name>?g=<viewer>.<expiry>.<mac>". It returns "" when viewer is not a well-formed code.
func (g *Grants) Sign(viewer, name string) string {
	if !viewerPattern.MatchString(viewer) {
		return ""
	}
	return name + "?g=" + g.token(viewer, name)
}

// allFiles is the file name a viewer grant (SignViewer) is made for.
const allFiles = "*"

// SignViewer returns a grant token for viewer that is good for every photo
// file: "<viewer>.<expiry>.<mac>", to be appended as "?g=<token>". Payloads
// shared by many members (the chat's presence events) carry photo file names
// without grants, and each member's client appends its own viewer grant. As
// with Sign, the media route still asks whether the viewer may see the photo,
// so the grant names who asks; it never gives a permission. It returns ""
// when viewer is not a well-formed code.
func (g *Grants) SignViewer(viewer string) string {
	if !viewerPattern.MatchString(viewer) {
		return ""
	}
	return g.token(viewer, allFiles)
}

// token is "<viewer>.<expiry>.<mac>" for name; the expiry is rounded up to
// the hour so that URLs stay the same for an hour.
func (g *Grants) token(viewer, name string) string {
	exp := g.now().Add(GrantTTL).Truncate(time.Hour).Add(time.Hour).Unix()
	return viewer + "." + strconv.FormatInt(exp, 10) + "." + g.mac(viewer, name, exp)
}

// Verify checks token (the g parameter) for the file name, a grant for that
// file or a viewer grant, and returns the viewer it names and when it expires.
func (g *Grants) Verify(name, token string) (viewer string, expires time.Time, err error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || !viewerPattern.MatchString(parts[0]) {
		return "", time.Time{}, ErrBadGrant
	}
	exp, perr := strconv.ParseInt(parts[1], 10, 64)
	if perr != nil {
		return "", time.Time{}, ErrBadGrant
	}
	if !hmac.Equal([]byte(parts[2]), []byte(g.mac(parts[0], name, exp))) &&
		!hmac.Equal([]byte(parts[2]), []byte(g.mac(parts[0], allFiles, exp))) {
		return "", time.Time{}, ErrBadGrant
	}
	expires = time.Unix(exp, 0)
	if !g.now().Before(expires) {
		return "", time.Time{}, ErrBadGrant
	}
	return parts[0], expires, nil
}
