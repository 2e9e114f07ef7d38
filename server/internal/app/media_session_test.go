package app_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
)

// Issue 18 item 6: a photo URL opens only in the viewer's browser, for as
// long as the viewer's session lives: never on its own (a URL copied out of
// a page or a log), never with another member's cookie, and not after the
// viewer logs out or is blocked.
func TestPhotoURLsAreTiedToTheViewersLiveSession(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			owner := newMember(t, a, 20, "Reshma Kurian", 26)
			viewer := newMember(t, a, 10, "Tom Varghese", 30)
			other := newMember(t, a, 10, "Jose Mathew", 31)
			upload(t, a, "/api/v1/profile/images", owner, "me.jpg", "image/jpeg", mediatest.JPEGWithGPS(600, 800, 1))
			_, e := call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
			var v partnerJSON
			json.Unmarshal(e.Data, &v)
			if len(v.Photos) != 1 {
				t.Fatalf("photos %+v", v)
			}
			url := v.Photos[0].ImagePath + v.Photos[0].Images.Large
			cookie, _ := mediaCookies.Load(viewer.Code)
			// A session restored from storage (no cookie yet) gets it with the very answer that carries the URLs.
			pw, _ := call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
			handed := ""
			for _, c := range pw.Result().Cookies() {
				if c.Name == "tfm_media" {
					handed = c.Value
				}
			}
			if handed != cookie.(string) {
				t.Fatalf("the partner view hands out %q, want the session's cookie", handed)
			}
			otherCookie, _ := mediaCookies.Load(other.Code)
			if w := fetchWith(t, a, url, cookie.(string)); w.Code != 200 {
				t.Fatalf("the viewer's own browser: %d", w.Code)
			}
			if w := fetchWith(t, a, url, ""); w.Code != 403 {
				t.Fatalf("the URL alone: %d, want 403", w.Code)
			}
			if w := fetchWith(t, a, url, otherCookie.(string)); w.Code != 403 {
				t.Fatalf("another member's browser: %d, want 403", w.Code)
			}
			if w := fetchWith(t, a, url, strings.Replace(cookie.(string), ".", ".x", 1)); w.Code != 403 {
				t.Fatalf("a forged cookie: %d, want 403", w.Code)
			}

			t.Run("BlockedViewerLosesItAtOnce", func(t *testing.T) {
				if w, _ := call(t, a, "POST", "/api/v1/profile/block/"+viewer.Code, "", owner.auth()...); w.Code != 200 {
					t.Fatalf("block: %d", w.Code)
				}
				if w := fetchWith(t, a, url, cookie.(string)); w.Code == 200 {
					t.Fatal("a blocked viewer still loads the photo")
				}
				if w, _ := call(t, a, "DELETE", "/api/v1/profile/block/"+viewer.Code, "", owner.auth()...); w.Code != 200 {
					t.Fatalf("unblock: %d", w.Code)
				}
				if w := fetchWith(t, a, url, cookie.(string)); w.Code != 200 {
					t.Fatalf("unblocked again: %d", w.Code)
				}
			})
			t.Run("LoggedOutViewerLosesItAtOnce", func(t *testing.T) {
				w, _ := call(t, a, "POST", "/api/v1/auth/logout", `{}`, viewer.auth()...)
				if w.Code != 200 {
					t.Fatalf("logout: %d %s", w.Code, w.Body.String())
				}
				cleared := false
				for _, c := range w.Result().Cookies() {
					cleared = cleared || (c.Name == "tfm_media" && c.MaxAge < 0)
				}
				if !cleared {
					t.Error("logout did not clear the media cookie")
				}
				if w := fetchWith(t, a, url, cookie.(string)); w.Code != 403 {
					t.Fatalf("after logout, the old cookie: %d, want 403", w.Code)
				}
			})
		})
	}
}
