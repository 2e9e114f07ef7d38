package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/request"
)

// requestList reads one of m's request lists as "code:kind:status" entries.
func requestList(t *testing.T, a *app.App, m testMember, box, query string) []string {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile/requests/"+box+query, "", m.auth()...)
	if w.Code != 200 {
		t.Fatalf("requests/%s%s: %d %s", box, query, w.Code, e.Meta.Message)
	}
	var l struct {
		Items []struct {
			ProfileID string `json:"profileID"`
			Request   struct {
				Kind, Status string
				SentByMe     bool
			} `json:"request"`
		} `json:"items"`
		Total int `json:"total"`
	}
	json.Unmarshal(e.Data, &l)
	out := []string{}
	for _, it := range l.Items {
		if it.Request.SentByMe != (box == "sent") {
			t.Errorf("%s: sentByMe %v", box, it.Request.SentByMe)
		}
		out = append(out, it.ProfileID+":"+it.Request.Kind+":"+it.Request.Status)
	}
	if l.Total != len(out) {
		t.Errorf("requests/%s%s: total %d for %d items", box, query, l.Total, len(out))
	}
	return out
}

// view is viewer's partner view of m.
func view(t *testing.T, a *app.App, viewer, m testMember) partnerJSON {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile/partner/"+m.Code, "", viewer.auth()...)
	if w.Code != 200 {
		t.Fatalf("partner view: %d %s", w.Code, e.Meta.Message)
	}
	var v partnerJSON
	json.Unmarshal(e.Data, &v)
	return v
}

// TestPhotoAndPhoneRequests: issue 20's request state machines over HTTP,
// what an accepted request grants (protected photos; the contact within the
// owner's filter), the exclusions, the lists and the daily limit.
func TestPhotoAndPhoneRequests(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			bride := newMember(t, a, 20, "Merin Jacob", 26)
			groom := newMember(t, a, 10, "Tom Varghese", 30)
			other := newMember(t, a, 10, "Jose Mathew", 31)
			upload(t, a, "/api/v1/profile/images", bride, "me.jpg", "image/jpeg", mediatest.JPEGWithGPS(600, 800, 1))
			expect := func(what string, m testMember, path string, code int, msg string) {
				t.Helper()
				expectPost(t, a, what, m, path, code, msg)
			}

			t.Run("PhotoRequestOnlyForProtectedPhotos", func(t *testing.T) {
				expect("photos already visible", groom, "photo-request/"+bride.Code, 400, request.MsgPhotosVisible)
				if w, _ := call(t, a, "PATCH", "/api/v1/profile/settings", `{"photoVisibility":"protected"}`, bride.auth()...); w.Code != 200 {
					t.Fatalf("protect: %d", w.Code)
				}
				if v := view(t, a, groom, bride); len(v.Photos) != 0 || !v.PhotosProtected || v.Requests.Photo != "" {
					t.Fatalf("protected before any request: %+v", v)
				}
			})
			t.Run("Exclusions", func(t *testing.T) {
				expect("self", bride, "photo-request/"+bride.Code, 400, request.MsgSelf)
				expect("same gender", other, "phone-request/"+groom.Code, 400, request.MsgSameGender)
				expect("unknown", groom, "photo-request/TM0000000", 404, request.MsgNotFound)
				expect("unknown kind", groom, "video-request/"+bride.Code, 404, "Not found")
				a.Relations.Block(t.Context(), bride.ID, other.ID)
				expect("blocked by her", other, "photo-request/"+bride.Code, 404, request.MsgNotFound)
				a.Relations.Unblock(t.Context(), bride.ID, other.ID)
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, other.auth()...)
				expect("while hidden", other, "phone-request/"+bride.Code, 400, request.MsgWhileHidden)
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":false}`, other.auth()...)
				if w, _ := call(t, a, "POST", "/api/v1/profile/photo-request/"+bride.Code, ""); w.Code != 401 {
					t.Errorf("a visitor's request: %d", w.Code)
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile/requests/inbox", "", bride.auth()...); w.Code != 404 {
					t.Errorf("unknown list: %d", w.Code)
				}
				if w, _ := call(t, a, "GET", "/api/v1/profile/requests/sent?status=maybe", "", bride.auth()...); w.Code != 422 {
					t.Errorf("unknown status filter: %d", w.Code)
				}
			})
			t.Run("PhotoRequestIgnoredThenAccepted", func(t *testing.T) {
				expect("ask", groom, "photo-request/"+bride.Code, 200, "Photo request sent")
				expect("ask again", groom, "photo-request/"+bride.Code, 409, "You have already requested photos from this member")
				if got := requestList(t, a, bride, "received", "?status=pending"); fmt.Sprint(got) != fmt.Sprint([]string{groom.Code + ":photo:pending"}) {
					t.Errorf("her pending received: %v", got)
				}
				if got := requestList(t, a, groom, "sent", ""); fmt.Sprint(got) != fmt.Sprint([]string{bride.Code + ":photo:pending"}) {
					t.Errorf("his sent: %v", got)
				}
				expect("the requester cannot accept", groom, "photo-request-accept/"+bride.Code, 404, "Request not found")
				expect("ignore", bride, "photo-request-ignore/"+groom.Code, 200, "Photo request ignored")
				// Ignored: gone from her pending list, still pending to him.
				if got := requestList(t, a, bride, "received", "?status=pending"); len(got) != 0 {
					t.Errorf("ignored stays pending for her: %v", got)
				}
				if got := requestList(t, a, bride, "received", "?status=answered"); fmt.Sprint(got) != fmt.Sprint([]string{groom.Code + ":photo:ignored"}) {
					t.Errorf("her answered: %v", got)
				}
				if v := view(t, a, groom, bride); v.Requests.Photo != "pending" || len(v.Photos) != 0 {
					t.Errorf("his view of an ignored request: %+v", v)
				}
				expect("accept after all", bride, "photo-request-accept/"+groom.Code, 200, "Photo request accepted")
				v := view(t, a, groom, bride)
				if v.Requests.Photo != "accepted" || len(v.Photos) != 1 || v.PhotosProtected {
					t.Fatalf("after the accept: %+v", v)
				}
				if w := fetch(t, a, v.Photos[0].ImagePath+v.Photos[0].Images.Large); w.Code != 200 {
					t.Errorf("the shared photo: %d", w.Code)
				}
				expect("ask once accepted", groom, "photo-request/"+bride.Code, 409, "This member has already shared photos with you")
				if v := view(t, a, other, bride); len(v.Photos) != 0 {
					t.Error("an accept for one member shows the photos to another")
				}
			})
			t.Run("PhoneRequestDeclinedCoolOffThenAccepted", func(t *testing.T) {
				if v := view(t, a, groom, bride); !v.Contact.Masked {
					t.Fatalf("contact before a phone request: %+v", v.Contact)
				}
				expect("ask", groom, "phone-request/"+bride.Code, 200, "Phone request sent")
				expect("decline", bride, "phone-request-decline/"+groom.Code, 200, "Phone request declined")
				if v := view(t, a, groom, bride); v.Requests.Phone != "declined" || !v.Contact.Masked {
					t.Errorf("after the decline: %+v", v)
				}
				w, e := call(t, a, "POST", "/api/v1/profile/phone-request/"+bride.Code, "", groom.auth()...)
				from := dates.Day(time.Now().Add(relation.RequestCoolOff))
				if w.Code != 409 || !strings.Contains(e.Meta.Message, "declined your request. You can ask again from "+from) {
					t.Errorf("asking within the cool-off: %d %q", w.Code, e.Meta.Message)
				}
				a.DB.Exec("UPDATE access_requests SET updated_at = ? WHERE requester_id = ? AND owner_id = ? AND kind = 'phone'",
					time.Now().UTC().Add(-31*24*time.Hour), groom.ID, bride.ID)
				expect("ask after the cool-off", groom, "phone-request/"+bride.Code, 200, "Phone request sent")
				expect("accept", bride, "phone-request-accept/"+groom.Code, 200, "Phone request accepted")
				if v := view(t, a, groom, bride); v.Contact.Masked || v.Contact.Phone != bride.Phone {
					t.Errorf("contact after the accept (filter: any paid member): %+v", v.Contact)
				}
				// Her contact filter still holds: "verified" wants his mobile verified.
				if w, _ := call(t, a, "PATCH", "/api/v1/profile/settings", `{"contactFilter":"verified"}`, bride.auth()...); w.Code != 200 {
					t.Fatalf("filter: %d", w.Code)
				}
				if v := view(t, a, groom, bride); !v.Contact.Masked {
					t.Errorf("an unverified requester sees the contact despite the filter: %+v", v.Contact)
				}
				a.DB.Table("users").Where("id = ?", groom.UserID).Update("phone_verified_at", time.Now().UTC())
				if v := view(t, a, groom, bride); v.Contact.Masked {
					t.Errorf("a verified requester within the filter: %+v", v.Contact)
				}
			})
			t.Run("WithdrawAndBlock", func(t *testing.T) {
				expect("ask", other, "photo-request/"+bride.Code, 200, "Photo request sent")
				expect("withdraw", other, "photo-request-cancel/"+bride.Code, 200, "Photo request withdrawn")
				expect("withdraw again", other, "photo-request-cancel/"+bride.Code, 404, "Request not found")
				expect("accept a withdrawn one", bride, "photo-request-accept/"+other.Code, 404, "Request not found")
				expect("ask again", other, "photo-request/"+bride.Code, 200, "Photo request sent")
				expect("and the phone", other, "phone-request/"+bride.Code, 200, "Phone request sent")
				// A block withdraws both, so neither can be accepted across it or after it is lifted.
				expect("block", bride, "block/"+other.Code, 200, "Record added Successfully")
				if w, _ := call(t, a, "DELETE", "/api/v1/profile/block/"+other.Code, "", bride.auth()...); w.Code != 200 {
					t.Fatalf("unblock: %d", w.Code)
				}
				expect("accept across a block", bride, "photo-request-accept/"+other.Code, 404, "Request not found")
				if got := requestList(t, a, other, "sent", ""); len(got) != 0 {
					t.Errorf("his sent after her block: %v", got)
				}
				// A hidden requester drops out of her lists.
				expect("ask once more", other, "photo-request/"+bride.Code, 200, "Photo request sent")
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, other.auth()...)
				if got := requestList(t, a, bride, "received", "?kind=photo&status=pending"); len(got) != 0 {
					t.Errorf("a hidden requester is listed: %v", got)
				}
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":false}`, other.auth()...)
			})
			t.Run("DailyLimit", func(t *testing.T) {
				asker := newMember(t, a, 10, "Rahul Joseph", 29)
				now := time.Now().UTC()
				for i := 0; i < request.PerDay; i++ {
					b := newMember(t, a, 20, fmt.Sprintf("Bride Number%c", 'A'+i), 25)
					a.DB.Table("access_requests").Create(map[string]any{"kind": "phone", "requester_id": asker.ID, "owner_id": b.ID,
						"status": "pending", "created_at": now, "updated_at": now})
				}
				expect("one too many", asker, "phone-request/"+bride.Code, 429, fmt.Sprintf("You can send %d phone requests a day. Please try again tomorrow.", request.PerDay))
			})
		})
	}
}
