package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// TestProfileRoutesNeedAToken: every route of the profile area refuses
// visitors and bad tokens with 401.
func TestProfileRoutesNeedAToken(t *testing.T) {
	a := masterApp(t, "")
	routes := [][2]string{{"GET", "/api/v1/profile"}, {"GET", "/api/v1/profile?onlyInfo=true"}, {"PUT", "/api/v1/profile"},
		{"GET", "/api/v1/profile/dash-view"}, {"GET", "/api/v1/profile/partner/TM1234567"},
		{"GET", "/api/v1/profile/recently-viewed"}, {"GET", "/api/v1/profile/recent-visitors"},
		{"GET", "/api/v1/profile/images"}, {"POST", "/api/v1/profile/images"},
		{"PATCH", "/api/v1/profile/images/" + strings.Repeat("a", 32) + "/default"},
		{"DELETE", "/api/v1/profile/images/" + strings.Repeat("a", 32)},
		{"POST", "/api/v1/profile/proof"}, {"GET", "/api/v1/profile/proof"}, {"GET", "/api/v1/profile/proof/id/image"},
		{"DELETE", "/api/v1/profile/proof/id"}, {"GET", "/api/v1/preference"}, {"POST", "/api/v1/preference"},
		{"GET", "/api/v1/profile/settings"}, {"PATCH", "/api/v1/profile/settings"}, {"PATCH", "/api/v1/profile/contact-me"},
		{"GET", "/api/v1/profile/email-alerts"}, {"POST", "/api/v1/profile/email-alerts"},
		{"GET", "/api/v1/profile/block"}, {"POST", "/api/v1/profile/block/TM1234567"}, {"DELETE", "/api/v1/profile/block/TM1234567"},
		{"GET", "/api/v1/profile/dont-show"}, {"POST", "/api/v1/profile/dont-show/TM1234567"}, {"DELETE", "/api/v1/profile/dont-show/TM1234567"},
		{"POST", "/api/v1/profile/report/TM1234567"}, {"POST", "/api/v1/profile/invite/TM1234567"},
		{"POST", "/api/v1/profile/accept-invitation/TM1234567"}, {"POST", "/api/v1/profile/decline-invitation/TM1234567"},
		{"POST", "/api/v1/profile/cancel-invitation/TM1234567"}, {"GET", "/api/v1/profile/invitations/received"}}
	for _, rt := range routes {
		for _, hdr := range [][]string{nil, bearer("not-a-jwt")} {
			w, e := call(t, a, rt[0], rt[1], `{}`, hdr...)
			if w.Code != 401 || e.Meta.Code != 401 {
				t.Errorf("%s %s with %v: %d/%d, want 401", rt[0], rt[1], hdr, w.Code, e.Meta.Code)
			}
		}
	}
	if w, _ := call(t, a, "GET", "/api/v1/profile/options", ""); w.Code != 200 {
		t.Errorf("options are public: %d", w.Code)
	}
}

func own(t *testing.T, a *app.App, m testMember) map[string]any {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile", "", m.auth()...)
	if w.Code != 200 {
		t.Fatalf("GET profile: %d %s", w.Code, w.Body.String())
	}
	var out map[string]any
	json.Unmarshal(e.Data, &out)
	return out
}

func dig(m map[string]any, path ...string) any {
	var v any = m
	for _, p := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[p]
	}
	return v
}

// TestProfileUpdate proves every validation rule of PUT profile, that fields
// a member must not set are ignored, and that completedSteps grows to 30.
func TestProfileUpdate(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			m := newMember(t, a, 20, "Anu Mathew", 27)
			ids := func(kind, n string) uint64 { return masterID(t, a, kind, n) }
			kerala, india := ids("state", "Kerala"), ids("country", "India")
			var kottayam, chennai uint64
			a.DB.Table("cities").Where("name = ? AND state_id = ?", "Kottayam", kerala).Pluck("id", &kottayam)
			a.DB.Table("cities").Where("name = ?", "Chennai").Pluck("id", &chennai)
			var otherReligionCommunity uint64 = 999999
			cases := []struct{ name, body, field, msg string }{
				{"ErrNameDigits", `{"basic":{"name":"Anu 2"}}`, "name", "Name can only contain letters"},
				{"ErrNameShort", `{"basic":{"name":"An"}}`, "name", "Minimum 3 characters required"},
				{"ErrNameLong", `{"basic":{"name":"Anupama Mathew Kuriakose Varghese"}}`, "name", "Maximum 25 character allowed"},
				{"ErrNameEmpty", `{"basic":{"name":" "}}`, "name", "Name is required"},
				{"ErrProfileNameLong", `{"basic":{"profileName":"Anupama Mathew Kuriakose Varghese"}}`, "profileName", "Maximum 30 character allowed"},
				{"ErrProfileNameLetters", `{"basic":{"profileName":"Anu_M"}}`, "profileName", "Name can only contain letters"},
				{"ErrHeightNotInList", `{"basic":{"heightCm":166}}`, "heightCm", "Please select a valid height"},
				{"ErrHeightOutOfRange", `{"basic":{"heightCm":300}}`, "heightCm", "Please select a valid height"},
				{"ErrMarital", `{"basic":{"maritalStatus":"engaged"}}`, "maritalStatus", "Please select a valid marital status"},
				{"ErrMaritalEmpty", `{"basic":{"maritalStatus":""}}`, "maritalStatus", "Please select a valid marital status"},
				{"ErrCreatedBy", `{"basic":{"createdBy":"agent"}}`, "createdBy", "Please select who is creating this profile"},
				{"ErrPhysical", `{"basic":{"physicalStatus":"tall"}}`, "physicalStatus", "Please select a valid physical status"},
				{"ErrLanguageMissing", `{"basic":{"motherTongueId":0}}`, "motherTongueId", "Language is required"},
				{"ErrLanguageUnknown", `{"basic":{"motherTongueId":999999}}`, "motherTongueId", "Please select a valid language"},
				{"ErrReligionUnknown", `{"faith":{"religionId":999999}}`, "religionId", "Please select a valid religion"},
				{"ErrCommunityMissing", `{"faith":{"communityId":0}}`, "communityId", "Community is required"},
				{"ErrCommunityUnknown", fmt.Sprintf(`{"faith":{"communityId":%d}}`, otherReligionCommunity), "communityId", "Please select a valid community"},
				{"ErrFaithPractice", `{"faith":{"faithPractice":"sometimes"}}`, "faithPractice", "Please select a valid faith practice"},
				{"ErrParishLong", `{"faith":{"parish":"` + strings.Repeat("a", 151) + `"}}`, "parish", "Maximum 150 characters allowed"},
				{"ErrVicarMarkup", `{"faith":{"vicar":"<b>Fr. Joseph</b>"}}`, "vicar", "Please use plain text only"},
				{"ErrDegreeUnknown", `{"education":{"degreeId":999999}}`, "degreeId", "Please select a valid degree"},
				{"ErrCollegeUnknown", `{"education":{"collegeId":999999}}`, "collegeId", "Please select a valid college"},
				{"ErrProfessionUnknown", `{"education":{"professionId":999999}}`, "professionId", "Please select a valid profession"},
				{"ErrCompanyUnknown", `{"education":{"companyId":999999}}`, "companyId", "Please select a valid company"},
				{"ErrIncome", `{"education":{"incomeBand":"1000L"}}`, "incomeBand", "Please select a valid income"},
				{"ErrCountryUnknown", `{"location":{"countryId":999999}}`, "countryId", "Please select a valid country"},
				{"ErrStateOfOtherCountry", fmt.Sprintf(`{"location":{"countryId":%d,"stateId":999999}}`, india), "stateId", "Please select a valid state"},
				{"ErrCityOfOtherState", fmt.Sprintf(`{"location":{"countryId":%d,"stateId":%d,"cityId":%d}}`, india, kerala, chennai), "cityId", "Please select a valid city"},
				{"ErrFatherOccupationLong", `{"family":{"fatherOccupation":"` + strings.Repeat("b", 101) + `"}}`, "fatherOccupation", "Maximum 100 characters allowed"},
				{"ErrSiblingsLong", `{"family":{"siblings":"` + strings.Repeat("c", 201) + `"}}`, "siblings", "Maximum 200 characters allowed"},
				{"ErrFamilyType", `{"family":{"familyType":"huge"}}`, "familyType", "Please select a valid family type"},
				{"ErrFamilyValues", `{"family":{"familyValues":"strict"}}`, "familyValues", "Please select valid family values"},
				{"ErrAboutMeShort", `{"about":{"aboutMe":"Hello there"}}`, "aboutMe", "Please write at least 30 characters about yourself"},
				{"ErrAboutMeLong", `{"about":{"aboutMe":"` + strings.Repeat("d", 2001) + `"}}`, "aboutMe", "Maximum 2000 characters allowed"},
				{"ErrAboutMePhone", `{"about":{"aboutMe":"Call me on 98765 43210 any time after church on Sunday"}}`, "aboutMe", "Please do not share phone numbers or e-mail addresses here"},
				{"ErrAboutFamilyEmail", `{"about":{"aboutFamily":"Write to anu.mathew@gmail.com for details please"}}`, "aboutFamily", "Please do not share phone numbers or e-mail addresses here"},
				{"ErrDiet", `{"lifestyle":{"diet":"keto"}}`, "diet", "Please select a valid diet"},
				{"ErrSmoking", `{"lifestyle":{"smoking":"sometimes"}}`, "smoking", "Please select a valid smoking habit"},
				{"ErrDrinking", `{"lifestyle":{"drinking":"daily"}}`, "drinking", "Please select a valid drinking habit"},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					w, e := call(t, a, "PUT", "/api/v1/profile", c.body, m.auth()...)
					var d struct {
						Errors map[string]string `json:"errors"`
					}
					json.Unmarshal(e.Data, &d)
					if w.Code != 422 || e.Meta.Code != 422 || d.Errors[c.field] != c.msg || e.Meta.Message != c.msg {
						t.Fatalf("%d %q %v, want 422 %s=%q", w.Code, e.Meta.Message, d.Errors, c.field, c.msg)
					}
				})
			}
			t.Run("ErrNothingToUpdate", func(t *testing.T) {
				if w, _ := call(t, a, "PUT", "/api/v1/profile", `{}`, m.auth()...); w.Code != 400 {
					t.Fatalf("%d", w.Code)
				}
			})
			t.Run("ErrNameTakenWithSameBirthday", func(t *testing.T) {
				twin := newMember(t, a, 20, "Merin Joseph", 27)
				a.DB.Table("profiles").Where("id = ?", twin.ID).Update("dob", dig(own(t, a, m), "basic", "dateOfBirth"))
				w, e := call(t, a, "PUT", "/api/v1/profile", `{"basic":{"name":"merin  joseph"}}`, m.auth()...)
				if w.Code != 409 || e.Meta.Message != "Name is already registered" {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
			})
			t.Run("ErrNothingWrittenWhenOneFieldFails", func(t *testing.T) {
				call(t, a, "PUT", "/api/v1/profile", `{"basic":{"profileName":"Anu M"},"lifestyle":{"diet":"keto"}}`, m.auth()...)
				if got := dig(own(t, a, m), "basic", "profileName"); got != "Anu Mathew" {
					t.Fatalf("profileName %v", got)
				}
			})

			before := own(t, a, m)
			if before["completedSteps"].(float64) != 9 {
				t.Fatalf("a new member has 9 steps, got %v", before["completedSteps"])
			}
			steps := func() float64 { return own(t, a, m)["completedSteps"].(float64) }
			t.Run("ErrMassAssignmentRefused", func(t *testing.T) {
				body := `{"basic":{"name":"Anu Mathew","gender":10,"dateOfBirth":"1990-01-01","age":50},
					"gender":10,"dateOfBirth":"1990-01-01","dob":"1990-01-01","hidden":true,"completedSteps":30,"completed_steps":30,
					"profileID":"TM0000001","profile_code":"TM0000001","userId":1,"user_id":1,"plan":"TFM-SUPREME","subscription":{"planName":"TFM-SUPREME"},
					"prevContactViewPending":99,"badges":[{"kind":"id"}],"role":"superadmin","emailVerified":false,"phoneVerified":true,
					"status":"banned","photoVisibility":"protected","contact":{"email":"x@y.in","phone":"9000000000"}}`
				w, e := call(t, a, "PUT", "/api/v1/profile", body, m.auth()...)
				// Fields PUT profile does not take are refused (400), and nothing changes.
				if w.Code != 400 || e.Meta.Message != `Unknown field "gender"` {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
				after := own(t, a, m)
				for _, k := range []string{"profileID", "gender", "hidden", "completedSteps", "subscription", "prevContactViewPending",
					"emailVerified", "phoneVerified", "badges", "contact", "settings"} {
					if fmt.Sprint(after[k]) != fmt.Sprint(before[k]) {
						t.Errorf("%s changed: %v → %v", k, before[k], after[k])
					}
				}
				if fmt.Sprint(dig(after, "basic", "dateOfBirth")) != fmt.Sprint(dig(before, "basic", "dateOfBirth")) {
					t.Error("date of birth changed")
				}
			})

			cm := ids("profession", "Software Engineer")
			deg := ids("degree", "B.Tech / B.E.")
			var h155 = 155
			t.Run("OKSectionsCompleteStepByStep", func(t *testing.T) {
				put := func(body string, want float64) {
					t.Helper()
					w, e := call(t, a, "PUT", "/api/v1/profile", body, m.auth()...)
					if w.Code != 200 {
						t.Fatalf("%s: %d %s", body, w.Code, e.Data)
					}
					if got := steps(); got != want {
						t.Fatalf("after %s: completedSteps %v, want %v", body, got, want)
					}
				}
				put(fmt.Sprintf(`{"education":{"degreeId":%d,"professionId":%d,"incomeBand":"5-7L"}}`, deg, cm), 12)
				put(fmt.Sprintf(`{"location":{"countryId":%d,"stateId":%d}}`, india, kerala), 12) // a city is still missing
				put(fmt.Sprintf(`{"location":{"cityId":%d}}`, kottayam), 15)
				put(`{"family":{"familyType":"nuclear","familyValues":"moderate","fatherOccupation":"Retired teacher","siblings":"One brother, married"}}`, 18)
				put(`{"about":{"aboutMe":"I teach mathematics at a school in Kottayam and sing in our parish choir.\nFamily first.","aboutFamily":""}}`, 21)
				put(fmt.Sprintf(`{"basic":{"heightCm":%d},"lifestyle":{"diet":"non_vegetarian","smoking":"no","drinking":"no"}}`, h155), 24)
				put(`{"faith":{"subCommunity":"","diocese":"Kottayam","parish":"St. Mary's, Kottayam","vicar":"Fr. Thomas","faithPractice":"regular"}}`, 24)
				// Changing the state without a city clears the city, and the section is incomplete again.
				put(fmt.Sprintf(`{"location":{"stateId":%d}}`, ids("state", "Tamil Nadu")), 21)
				put(fmt.Sprintf(`{"location":{"stateId":%d,"cityId":%d}}`, kerala, kottayam), 24)
				if _, e := upload(t, a, "/api/v1/profile/images", m, "me.jpg", "image/jpeg", mediatest.JPEG(400, 500)); e.Meta.Code != 200 {
					t.Fatalf("upload: %s", e.Meta.Message)
				}
				if got := steps(); got != 27 {
					t.Fatalf("after a photo: %v", got)
				}
				w, e := call(t, a, "GET", "/api/v1/preference", "", m.auth()...)
				if w.Code != 200 {
					t.Fatal(w.Body.String())
				}
				if w, _ := call(t, a, "POST", "/api/v1/preference", string(e.Data), m.auth()...); w.Code != 200 {
					t.Fatalf("saving the defaults: %s", w.Body.String())
				}
				if got := steps(); got != 30 {
					t.Fatalf("complete profile: %v", got)
				}
				o := own(t, a, m)
				for _, s := range o["completion"].([]any) {
					if !s.(map[string]any)["complete"].(bool) {
						t.Errorf("section incomplete: %v", s)
					}
				}
				if dig(o, "location", "city") != "Kottayam" || dig(o, "education", "income") == "" || dig(o, "basic", "height") == "" {
					t.Errorf("master names missing: %v %v %v", dig(o, "location"), dig(o, "education"), dig(o, "basic"))
				}
				// The summary (onlyInfo) carries the same count.
				_, e = call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", m.auth()...)
				var sum map[string]any
				json.Unmarshal(e.Data, &sum)
				if sum["completedSteps"].(float64) != 30 || dig(sum, "basic", "gender").(float64) != 20 || sum["profileID"] != m.Code {
					t.Errorf("summary: %v", sum)
				}
				if _, ok := sum["about"]; ok {
					t.Error("onlyInfo must answer the summary only")
				}
			})
		})
	}
}

// TestPhotoUploadsAndServing covers the type and size checks, metadata
// stripping, the photo limit, default and delete, and serving with grants.
func TestPhotoUploadsAndServing(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			m := newMember(t, a, 10, "Jibin Thomas", 29)
			other := newMember(t, a, 20, "Ancy George", 26)
			refused := []struct {
				name, file, ctype string
				data              []byte
				status            int
			}{
				{"ErrGIFPolyglot", "photo.gif", "image/gif", mediatest.GIFWithPHP(), 422},
				{"ErrJPEGHeaderWithHTML", "photo.jpg", "image/jpeg", mediatest.JPEGHeaderWithHTML(), 422},
				{"ErrPHPNamedJPG", "photo.jpg.php", "image/jpeg", []byte(mediatest.PHPPayload), 422},
				{"ErrPHPDeclaredJPEG", "photo.jpg", "image/jpeg", []byte("<?php echo 1; ?>" + strings.Repeat(" ", 600)), 422},
				{"ErrSVG", "photo.svg", "image/svg+xml", mediatest.SVG(), 422},
				{"ErrSVGNamedPNG", "photo.png", "image/png", mediatest.SVG(), 422},
				{"ErrPixelBomb", "bomb.png", "image/png", mediatest.PNGHeaderOnly(20000, 20000), 422},
				{"ErrTooLarge", "big.jpg", "image/jpeg", append(mediatest.JPEG(300, 300), make([]byte, media.MaxUploadBytes)...), 413},
				{"ErrMissingImage", "", "", nil, 422},
			}
			for _, c := range refused {
				t.Run(c.name, func(t *testing.T) {
					w, e := upload(t, a, "/api/v1/profile/images", m, c.file, c.ctype, c.data)
					if w.Code != c.status {
						t.Fatalf("%d %q", w.Code, e.Meta.Message)
					}
				})
			}
			if n := countFiles(t, a.Cfg.MediaDir); n != 0 {
				t.Fatalf("refused uploads left %d files", n)
			}

			var photos []photoJSON
			t.Run("OKJPEGWithGPSIsStripped", func(t *testing.T) {
				w, e := upload(t, a, "/api/v1/profile/images", m, "IMG_2041.JPG", "image/jpeg", mediatest.JPEGWithGPS(1600, 1200, 6))
				if w.Code != 200 || e.Meta.Message != "profile image update successfully" {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
				photos = photosOf(t, e)
				if len(photos) != 1 || !photos[0].IsDefault || photos[0].PhotoID == "" {
					t.Fatalf("photos %+v", photos)
				}
				for _, name := range []string{photos[0].Images.Small, photos[0].Images.Large} {
					w := fetch(t, a, photos[0].ImagePath+name)
					if w.Code != 200 {
						t.Fatalf("fetch %s: %d %s", name, w.Code, w.Body.String())
					}
					if w.Header().Get("Content-Type") != "image/jpeg" || w.Header().Get("X-Content-Type-Options") != "nosniff" ||
						!strings.HasPrefix(w.Header().Get("Cache-Control"), "private") {
						t.Errorf("headers %v", w.Header())
					}
					b := w.Body.Bytes()
					for _, bad := range []string{"Exif", "GPS", mediatest.GPSMarker, "TFMPhone"} {
						if bytes.Contains(b, []byte(bad)) {
							t.Errorf("%s still carries %q", name, bad)
						}
					}
				}
			})
			t.Run("OKPNGAndWebP", func(t *testing.T) {
				for _, up := range []struct {
					file, ctype string
					data        []byte
				}{{"a.png", "image/png", mediatest.PNG(500, 400)}, {"rose.webp", "image/webp", mediatest.WebP()},
					{"wrongly-named.gif", "application/octet-stream", mediatest.JPEG(300, 300)}} {
					w, e := upload(t, a, "/api/v1/profile/images", m, up.file, up.ctype, up.data)
					if w.Code != 200 {
						t.Fatalf("%s: %d %q", up.file, w.Code, e.Meta.Message)
					}
					photos = photosOf(t, e)
				}
				if len(photos) != 4 {
					t.Fatalf("%d photos", len(photos))
				}
			})
			t.Run("ErrVisitorsAndForgedGrants", func(t *testing.T) {
				p := photos[0]
				bare := p.ImagePath + p.Images.Large[:strings.Index(p.Images.Large, "?")]
				for _, url := range []string{bare, bare + "?g=", bare + "?g=" + other.Code + ".9999999999.AAAAAAAAAAAAAAAAAAAAAAAA",
					p.ImagePath + strings.Replace(p.Images.Large, "_large.jpg", "_small.jpg", 1)} {
					if w := fetch(t, a, url); w.Code != 403 {
						t.Errorf("%s: %d", url, w.Code)
					}
				}
				for _, url := range []string{"/media/photos/zz/" + p.Images.Large, "/media/photos/" + p.PhotoID[:2] + "/" + p.PhotoID + "_large.jpg.php",
					"/media/photos/" + p.PhotoID[:2] + "/" + p.PhotoID + "_large.png" + p.Images.Large[strings.Index(p.Images.Large, "?"):]} {
					if w := fetch(t, a, url); w.Code != 404 {
						t.Errorf("%s: %d", url, w.Code)
					}
				}
				// A path that climbs out of the photo tree never reaches the file system.
				os.WriteFile(filepath.Join(a.Cfg.DataDir, "secret.txt"), []byte("TOPSECRET"), 0o600)
				for _, url := range []string{"/media/photos/" + p.PhotoID[:2] + "/../../secret.txt", "/media/photos/..%2f..%2fsecret.txt", "/media/../secret.txt"} {
					if w := fetch(t, a, url); strings.Contains(w.Body.String(), "TOPSECRET") || w.Header().Get("Content-Type") == "image/jpeg" {
						t.Errorf("%s: %d %s", url, w.Code, w.Header().Get("Content-Type"))
					}
				}
			})
			t.Run("OKMakeDefaultAndDelete", func(t *testing.T) {
				target := photos[2].PhotoID
				w, e := call(t, a, "PATCH", "/api/v1/profile/images/"+target+"/default", "", m.auth()...)
				if w.Code != 200 || e.Meta.Message != "Record updated Successfully" {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
				ps := photosOf(t, e)
				if ps[0].PhotoID != target || !ps[0].IsDefault || ps[1].IsDefault {
					t.Fatalf("default not first: %+v", ps)
				}
				// Another member can neither promote nor delete it.
				if w, _ := call(t, a, "PATCH", "/api/v1/profile/images/"+target+"/default", "", other.auth()...); w.Code != 404 {
					t.Errorf("other member default: %d", w.Code)
				}
				if w, _ := call(t, a, "DELETE", "/api/v1/profile/images/"+target, "", other.auth()...); w.Code != 404 {
					t.Errorf("other member delete: %d", w.Code)
				}
				w, e = call(t, a, "DELETE", "/api/v1/profile/images/"+target, "", m.auth()...)
				if w.Code != 200 || e.Meta.Message != "Record deleted Successfully" {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
				ps = photosOf(t, e)
				if len(ps) != 3 || !ps[0].IsDefault {
					t.Fatalf("after delete: %+v", ps)
				}
				if w := fetch(t, a, photos[2].ImagePath+photos[2].Images.Large); w.Code != 404 {
					t.Errorf("a deleted photo is still served: %d", w.Code)
				}
				if _, err := os.Stat(filepath.Join(a.Cfg.MediaDir, "photos", target[:2], target+"_large.jpg")); !os.IsNotExist(err) {
					t.Error("the deleted photo's file is still on disk")
				}
				photos = ps
			})
			t.Run("ErrEleventhPhoto", func(t *testing.T) {
				for len(photos) < 10 {
					w, e := upload(t, a, "/api/v1/profile/images", m, "p.jpg", "image/jpeg", mediatest.JPEG(120, 120))
					if w.Code != 200 {
						t.Fatalf("%d %q", w.Code, e.Meta.Message)
					}
					photos = photosOf(t, e)
				}
				w, e := upload(t, a, "/api/v1/profile/images", m, "p.jpg", "image/jpeg", mediatest.JPEG(120, 120))
				if w.Code != 422 || !strings.Contains(e.Meta.Message, "up to 10 photos") {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
			})
		})
	}
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

type partnerJSON struct {
	ProfileID       string      `json:"profileID"`
	Photos          []photoJSON `json:"photos"`
	PhotosProtected bool        `json:"photosProtected"`
	IsSelf          bool        `json:"isSelf"`
	Contact         struct {
		Phone  string `json:"phone"`
		Email  string `json:"email"`
		Masked bool   `json:"masked"`
	} `json:"contact"`
	Basic struct {
		Age         int    `json:"age"`
		DateOfBirth string `json:"dateOfBirth"`
	} `json:"basic"`
	Badges   []struct{ Kind string }       `json:"badges"`
	Requests struct{ Photo, Phone string } `json:"requests"`
	DontShow bool                          `json:"dontShow"`
}

// TestPartnerViewMaskingAndProtectedPhotos: another member sees age not
// birth date, a masked contact and badges; protected photos appear only after
// an accepted request, and the photo URL itself is re-checked every time.
// No response to the viewer carries the owner's full phone or e-mail, or coordinates.
func TestPartnerViewMaskingAndProtectedPhotos(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			owner := newMember(t, a, 20, "Reshma Kurian", 26)
			viewer := newMember(t, a, 10, "Tom Varghese", 30)
			rec := &recorder{t: t, a: a}
			upload(t, a, "/api/v1/profile/images", owner, "me.jpg", "image/jpeg", mediatest.JPEGWithGPS(600, 800, 1))
			a.DB.Table("users").Where("id = ?", owner.UserID).Update("phone_verified_at", a.DB.NowFunc())

			w, e := rec.call("GET", "/api/v1/profile/partner/"+strings.ToLower(owner.Code), "", viewer.auth()...)
			if w.Code != 200 {
				t.Fatalf("%d %s", w.Code, w.Body.String())
			}
			var v partnerJSON
			json.Unmarshal(e.Data, &v)
			if v.ProfileID != owner.Code || v.IsSelf || v.Basic.Age != 26 || v.Basic.DateOfBirth != "" {
				t.Errorf("view: %+v", v)
			}
			if !v.Contact.Masked || v.Contact.Phone != owner.Phone[:4]+"XXXXXX" || v.Contact.Email != "XXXXXX@example.in" {
				t.Errorf("contact not masked as spec §9 says: %+v", v.Contact)
			}
			if len(v.Badges) != 2 || v.Badges[0].Kind != "mobile" || v.Badges[1].Kind != "email" {
				t.Errorf("badges %+v", v.Badges)
			}
			if len(v.Photos) != 1 || v.PhotosProtected {
				t.Fatalf("photos %+v", v)
			}
			url := v.Photos[0].ImagePath + v.Photos[0].Images.Large
			if w := fetch(t, a, url); w.Code != 200 {
				t.Fatalf("visible photo: %d", w.Code)
			}
			for _, k := range []string{`"lat"`, `"lng"`, `"latitude"`, `"userId"`, `"user_id"`, `"dob"`} {
				if strings.Contains(w.Body.String(), k) {
					t.Errorf("partner view carries %s", k)
				}
			}

			t.Run("ErrProtectedWithoutAcceptedRequest", func(t *testing.T) {
				if w, e := call(t, a, "PATCH", "/api/v1/profile/settings", `{"photoVisibility":"protected"}`, owner.auth()...); w.Code != 200 {
					t.Fatalf("%d %s", w.Code, e.Meta.Message)
				}
				if w := fetch(t, a, url); w.Code != 403 {
					t.Fatalf("an earlier URL must be refused once photos are protected: %d", w.Code)
				}
				_, e := rec.call("GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
				var v partnerJSON
				json.Unmarshal(e.Data, &v)
				if len(v.Photos) != 0 || !v.PhotosProtected {
					t.Fatalf("protected photos shown: %+v", v)
				}
				// A pending request is not enough.
				if err := a.Relations.Request(t.Context(), relation.KindPhoto, viewer.ID, owner.ID); err != nil {
					t.Fatal(err)
				}
				if w := fetch(t, a, url); w.Code != 403 {
					t.Fatalf("pending request: %d", w.Code)
				}
			})
			t.Run("OKAfterAcceptance", func(t *testing.T) {
				if err := a.Relations.AnswerRequest(t.Context(), relation.KindPhoto, owner.ID, viewer.ID, relation.RequestAccepted); err != nil {
					t.Fatal(err)
				}
				if w := fetch(t, a, url); w.Code != 200 {
					t.Fatalf("accepted request: %d", w.Code)
				}
				_, e := rec.call("GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
				var v partnerJSON
				json.Unmarshal(e.Data, &v)
				if len(v.Photos) != 1 || v.PhotosProtected || v.Requests.Photo != "accepted" {
					t.Fatalf("after acceptance: %+v", v)
				}
				// A third member still sees nothing.
				third := newMember(t, a, 10, "Alan John", 31)
				_, e = call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", third.auth()...)
				json.Unmarshal(e.Data, &v)
				if len(v.Photos) != 0 || !v.PhotosProtected {
					t.Fatalf("third member: %+v", v)
				}
			})
			t.Run("OKOwnViewIsUnmasked", func(t *testing.T) {
				_, e := call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", owner.auth()...)
				var v partnerJSON
				json.Unmarshal(e.Data, &v)
				if !v.IsSelf || v.Contact.Masked || v.Contact.Phone != owner.Phone || len(v.Photos) != 1 {
					t.Fatalf("self view: %+v", v)
				}
			})
			t.Run("OKListsAndDashboard", func(t *testing.T) {
				w, e := rec.call("GET", "/api/v1/profile/recently-viewed", "", viewer.auth()...)
				var pg struct {
					Items []struct {
						ProfileID string      `json:"profileID"`
						ViewCount int         `json:"viewCount"`
						Photos    []photoJSON `json:"photos"`
					} `json:"items"`
					Total int `json:"total"`
				}
				json.Unmarshal(e.Data, &pg)
				if w.Code != 200 || pg.Total != 1 || pg.Items[0].ProfileID != owner.Code || pg.Items[0].ViewCount != 3 || len(pg.Items[0].Photos) != 1 {
					t.Fatalf("recently viewed: %s", w.Body.String())
				}
				_, e = call(t, a, "GET", "/api/v1/profile/recent-visitors", "", owner.auth()...)
				json.Unmarshal(e.Data, &pg)
				if pg.Total != 2 { // the viewer and the third member
					t.Fatalf("recent visitors: %+v", pg)
				}
				if _, err := a.Relations.Invite(t.Context(), viewer.ID, owner.ID); err != nil {
					t.Fatal(err)
				}
				_, e = call(t, a, "GET", "/api/v1/profile/dash-view", "", owner.auth()...)
				var d struct {
					Counts map[string]int `json:"counts"`
					Plan   any            `json:"plan"`
				}
				json.Unmarshal(e.Data, &d)
				if d.Counts["recentVisitors"] != 2 || d.Counts["invitationsReceived"] != 1 || d.Counts["newMatches"] != 2 || d.Plan != nil {
					t.Fatalf("dashboard: %+v", d)
				}
				_, e = rec.call("GET", "/api/v1/profile/dash-view", "", viewer.auth()...)
				json.Unmarshal(e.Data, &d)
				if d.Counts["newMatches"] != 1 { // the bride is within a groom's default age range
					t.Fatalf("viewer's dashboard: %+v", d)
				}
			})
			rec.mustNotContain(owner.Phone, owner.Email, `"lat"`, `"lng"`)
		})
	}
}

// TestIDRoutesHideBlockedHiddenAndDeletedProfiles: a two-member matrix over
// every {id} route: a hidden, suspended, deleted or blocking (either way)
// profile answers 404 exactly like an id that does not exist, its photos are
// not served and it leaves the viewer's lists.
func TestIDRoutesHideBlockedHiddenAndDeletedProfiles(t *testing.T) {
	states := []struct {
		name  string
		apply func(t *testing.T, a *app.App, owner, viewer testMember)
	}{
		{"Hidden", func(t *testing.T, a *app.App, owner, _ testMember) {
			if w, _ := call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, owner.auth()...); w.Code != 200 {
				t.Fatalf("hide: %d", w.Code)
			}
		}},
		{"BlockedByOwner", func(t *testing.T, a *app.App, owner, viewer testMember) {
			if err := a.Relations.Block(t.Context(), owner.ID, viewer.ID); err != nil {
				t.Fatal(err)
			}
		}},
		{"BlockedByViewer", func(t *testing.T, a *app.App, owner, viewer testMember) {
			if err := a.Relations.Block(t.Context(), viewer.ID, owner.ID); err != nil {
				t.Fatal(err)
			}
		}},
		{"BlockedByViewerThroughTheAPI", func(t *testing.T, a *app.App, owner, viewer testMember) {
			if w, e := call(t, a, "POST", "/api/v1/profile/block/"+owner.Code, "", viewer.auth()...); w.Code != 200 {
				t.Fatalf("block: %d %s", w.Code, e.Meta.Message)
			}
		}},
		{"BlockedByOwnerThroughTheAPI", func(t *testing.T, a *app.App, owner, viewer testMember) {
			if w, e := call(t, a, "POST", "/api/v1/profile/block/"+strings.ToLower(viewer.Code), "", owner.auth()...); w.Code != 200 {
				t.Fatalf("block: %d %s", w.Code, e.Meta.Message)
			}
		}},
		{"Suspended", func(t *testing.T, a *app.App, owner, _ testMember) {
			if err := a.Accounts.Ban(t.Context(), owner.UserID); err != nil {
				t.Fatal(err)
			}
		}},
		{"Deleted", func(t *testing.T, a *app.App, owner, _ testMember) {
			if w, _ := call(t, a, "POST", "/api/v1/profile/delete", `{"password":"`+owner.Pwd+`"}`, owner.auth()...); w.Code != 200 {
				t.Fatalf("delete: %d", w.Code)
			}
		}},
	}
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			_, unknown := call(t, a, "GET", "/api/v1/profile/partner/TM0000000", "", newMember(t, a, 10, "Some One", 30).auth()...)
			for _, st := range states {
				t.Run(st.name, func(t *testing.T) {
					owner := newMember(t, a, 20, "Neethu Paul", 25)
					viewer := newMember(t, a, 10, "Jerin Abraham", 28)
					_, e := upload(t, a, "/api/v1/profile/images", owner, "o.jpg", "image/jpeg", mediatest.JPEG(300, 300))
					ownerPhoto := photosOf(t, e)[0]
					// Before: the viewer sees the profile and its photo, and it is in their list.
					_, e = call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
					var v partnerJSON
					json.Unmarshal(e.Data, &v)
					if len(v.Photos) != 1 {
						t.Fatalf("before: %+v", v)
					}
					seen := v.Photos[0].ImagePath + v.Photos[0].Images.Large
					call(t, a, "GET", "/api/v1/profile/partner/"+viewer.Code, "", owner.auth()...)
					st.apply(t, a, owner, viewer)

					w, e := call(t, a, "GET", "/api/v1/profile/partner/"+owner.Code, "", viewer.auth()...)
					if w.Code != 404 || e.Meta.Message != unknown.Meta.Message || string(e.Data) != string(unknown.Data) {
						t.Errorf("partner: %d %q %s, want the unknown-id answer %q", w.Code, e.Meta.Message, e.Data, unknown.Meta.Message)
					}
					if w := fetch(t, a, seen); w.Code != 404 {
						t.Errorf("photo URL: %d", w.Code)
					}
					for _, rt := range [][2]string{{"PATCH", "/api/v1/profile/images/" + ownerPhoto.PhotoID + "/default"}, {"DELETE", "/api/v1/profile/images/" + ownerPhoto.PhotoID}} {
						if w, _ := call(t, a, rt[0], rt[1], "", viewer.auth()...); w.Code != 404 {
							t.Errorf("%s %s: %d", rt[0], rt[1], w.Code)
						}
					}
					for _, path := range []string{"/api/v1/profile/recently-viewed", "/api/v1/profile/recent-visitors"} {
						w, _ := call(t, a, "GET", path, "", viewer.auth()...)
						if strings.Contains(w.Body.String(), owner.Code) {
							t.Errorf("%s still lists the owner", path)
						}
					}
					_, e = call(t, a, "GET", "/api/v1/profile/dash-view", "", viewer.auth()...)
					var d struct {
						Counts map[string]int `json:"counts"`
					}
					json.Unmarshal(e.Data, &d)
					if d.Counts["recentVisitors"] != 0 {
						t.Errorf("dashboard still counts the owner: %v", d.Counts)
					}
				})
			}
		})
	}
}

// TestPreferences: defaults derived from the profile, every validation rule,
// and the add/update messages.
func TestPreferences(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			bride := newMember(t, a, 20, "Sneha Jacob", 26)
			groom := newMember(t, a, 10, "Akhil Joseph", 30)
			get := func(m testMember) map[string]any {
				w, e := call(t, a, "GET", "/api/v1/preference", "", m.auth()...)
				if w.Code != 200 {
					t.Fatal(w.Body.String())
				}
				var p map[string]any
				json.Unmarshal(e.Data, &p)
				return p
			}
			p := get(bride)
			if p["saved"] != false || dig(p, "age", "min").(float64) != 26 || dig(p, "age", "max").(float64) != 33 || dig(p, "age", "strict") != true {
				t.Errorf("bride defaults: %v", p["age"])
			}
			if names := dig(p, "community", "names").([]any); len(names) != 1 || names[0] != "CSI" || dig(p, "community", "strict") != false {
				t.Errorf("denomination default: %v", p["community"])
			}
			if g := get(groom); dig(g, "age", "min").(float64) != 25 || dig(g, "age", "max").(float64) != 30 {
				t.Errorf("groom defaults: %v", g["age"])
			}
			csi, tamil := masterID(t, a, "community", "CSI"), masterID(t, a, "language", "Tamil")
			valid := func(over map[string]any) string {
				base := map[string]any{"age": map[string]any{"min": 25, "max": 32, "strict": true},
					"height": map[string]any{"min": 152, "max": 0}, "maritalStatus": map[string]any{"values": []string{"never_married"}},
					"community": map[string]any{"values": []uint64{csi}, "strict": true}, "motherTongue": map[string]any{"values": []uint64{tamil}},
					"income": map[string]any{"min": "5-7L"}, "diet": map[string]any{"values": []string{"non_vegetarian", "eggetarian"}}}
				for k, v := range over {
					base[k] = v
				}
				b, _ := json.Marshal(base)
				return string(b)
			}
			many := make([]int, 51)
			for i := range many {
				many[i] = i + 1
			}
			cases := []struct {
				name  string
				over  map[string]any
				field string
				msg   string
			}{
				{"ErrGroomUnder21", map[string]any{"age": map[string]any{"min": 19, "max": 30}}, "age", "Please choose an age range between 21 and 70"},
				{"ErrAgeOver70", map[string]any{"age": map[string]any{"min": 30, "max": 71}}, "age", "Please choose an age range between 21 and 70"},
				{"ErrAgeOrder", map[string]any{"age": map[string]any{"min": 35, "max": 30}}, "age", "The minimum age cannot be more than the maximum age"},
				{"ErrAgeMissing", map[string]any{"age": nil}, "age", "Please choose an age range between 21 and 70"},
				{"ErrHeightNotInList", map[string]any{"height": map[string]any{"min": 151}}, "height", "Please select a valid height"},
				{"ErrHeightOrder", map[string]any{"height": map[string]any{"min": 180, "max": 152}}, "height", "The minimum height cannot be more than the maximum height"},
				{"ErrIncomeUnknown", map[string]any{"income": map[string]any{"min": "2L"}}, "income", "Please select a valid income"},
				{"ErrIncomeNotDisclosedIsNoBound", map[string]any{"income": map[string]any{"min": "ND"}}, "income", "Please select a valid income"},
				{"ErrIncomeOrder", map[string]any{"income": map[string]any{"min": "20-30L", "max": "5-7L"}}, "income", "The minimum income cannot be more than the maximum income"},
				{"ErrMarital", map[string]any{"maritalStatus": map[string]any{"values": []string{"engaged"}}}, "maritalStatus", "Please select valid marital statuses"},
				{"ErrCommunityUnknown", map[string]any{"community": map[string]any{"values": []int{csi2(csi), 999999}}}, "community", "Please select valid denominations"},
				{"ErrLanguageUnknown", map[string]any{"motherTongue": map[string]any{"values": []int{999999}}}, "motherTongue", "Please select valid languages"},
				{"ErrDegreeUnknown", map[string]any{"education": map[string]any{"values": []int{999999}}}, "education", "Please select valid degrees"},
				{"ErrProfessionUnknown", map[string]any{"profession": map[string]any{"values": []int{999999}}}, "profession", "Please select valid professions"},
				{"ErrCountryUnknown", map[string]any{"country": map[string]any{"values": []int{999999}}}, "country", "Please select valid countries"},
				{"ErrStateUnknown", map[string]any{"state": map[string]any{"values": []int{999999}}}, "state", "Please select valid states"},
				{"ErrCityUnknown", map[string]any{"city": map[string]any{"values": []int{99999999}}}, "city", "Please select valid cities"},
				{"ErrTooManyCities", map[string]any{"city": map[string]any{"values": many}}, "city", "Please choose at most 50 values"},
				{"ErrDiet", map[string]any{"diet": map[string]any{"values": []string{"keto"}}}, "diet", "Please select valid diets"},
				{"ErrSmoking", map[string]any{"smoking": map[string]any{"values": []string{"chain"}}}, "smoking", "Please select valid smoking habits"},
				{"ErrDrinking", map[string]any{"drinking": map[string]any{"values": []string{"daily"}}}, "drinking", "Please select valid drinking habits"},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					w, e := call(t, a, "POST", "/api/v1/preference", valid(c.over), bride.auth()...)
					var d struct {
						Errors map[string]string `json:"errors"`
					}
					json.Unmarshal(e.Data, &d)
					if w.Code != 422 || d.Errors[c.field] != c.msg {
						t.Fatalf("%d %v, want %s=%q", w.Code, d.Errors, c.field, c.msg)
					}
				})
			}
			if p := get(bride); p["saved"] != false {
				t.Fatal("a refused preference must not be saved")
			}
			t.Run("OKAddedThenUpdated", func(t *testing.T) {
				w, e := call(t, a, "POST", "/api/v1/preference", valid(nil), bride.auth()...)
				if w.Code != 200 || e.Meta.Message != "Record added Successfully" {
					t.Fatalf("%d %q %s", w.Code, e.Meta.Message, e.Data)
				}
				p := get(bride)
				if p["saved"] != true || dig(p, "community", "strict") != true || dig(p, "income", "minLabel") == "" ||
					len(dig(p, "diet", "values").([]any)) != 2 || dig(p, "height", "min").(float64) != 152 {
					t.Fatalf("saved: %v", p)
				}
				// "Any denomination": no values.
				w, e = call(t, a, "POST", "/api/v1/preference", valid(map[string]any{"community": map[string]any{"values": []int{}}}), bride.auth()...)
				if w.Code != 200 || e.Meta.Message != "Record updated Successfully" {
					t.Fatalf("%d %q", w.Code, e.Meta.Message)
				}
				if v := dig(get(bride), "community", "values").([]any); len(v) != 0 {
					t.Fatalf("any denomination: %v", v)
				}
				// The groom's own preferences are untouched.
				if get(groom)["saved"] != false {
					t.Fatal("another member's preferences changed")
				}
			})
		})
	}
}

func csi2(id uint64) int { return int(id) }

// TestSettingsContactAndAlerts covers the settings, contact-me and e-mail alerts calls.
func TestSettingsContactAndAlerts(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			m := newMember(t, a, 20, "Teena Philip", 24)
			other := newMember(t, a, 10, "Ebin Chacko", 29)
			_, e := call(t, a, "GET", "/api/v1/profile/settings", "", m.auth()...)
			if string(e.Data) != `{"photoVisibility":"all","contactFilter":"paid","chatSetting":"verified","showInPublicLists":true,"contactPerson":"","contactRelation":"","callTime":""}` {
				t.Fatalf("defaults: %s", e.Data)
			}
			for _, c := range []struct{ body, field string }{
				{`{"photoVisibility":"friends"}`, "photoVisibility"}, {`{"chatSetting":"everyone"}`, "chatSetting"},
				{`{"contactFilter":"all"}`, "contactFilter"},
			} {
				w, e := call(t, a, "PATCH", "/api/v1/profile/settings", c.body, m.auth()...)
				if w.Code != 422 || !strings.Contains(string(e.Data), c.field) {
					t.Errorf("%s: %d %s", c.body, w.Code, e.Data)
				}
			}
			if w, _ := call(t, a, "PATCH", "/api/v1/profile/settings", `{"hidden":true}`, m.auth()...); w.Code != 400 {
				t.Errorf("nothing to update: %d", w.Code)
			}
			w, e := call(t, a, "PATCH", "/api/v1/profile/settings", `{"photoVisibility":"protected","chatSetting":"nobody","showInPublicLists":false}`, m.auth()...)
			if w.Code != 200 || !strings.Contains(string(e.Data), `"photoVisibility":"protected","contactFilter":"paid","chatSetting":"nobody","showInPublicLists":false`) {
				t.Fatalf("%d %s", w.Code, e.Data)
			}
			for _, c := range []struct{ body, field, msg string }{
				{`{"contactPerson":"Mr 1"}`, "contactPerson", "Name can only contain letters"},
				{`{"contactRelation":"uncle"}`, "contactRelation", "Please select a valid relation"},
				{`{"callTime":"call 9876543210"}`, "callTime", "Please do not share phone numbers or e-mail addresses here"},
				{`{"contactFilter":"everyone"}`, "contactFilter", "Please choose who can see your contact details"},
			} {
				w, e := call(t, a, "PATCH", "/api/v1/profile/contact-me", c.body, m.auth()...)
				var d struct {
					Errors map[string]string `json:"errors"`
				}
				json.Unmarshal(e.Data, &d)
				if w.Code != 422 || d.Errors[c.field] != c.msg {
					t.Errorf("%s: %d %v", c.body, w.Code, d.Errors)
				}
			}
			w, e = call(t, a, "PATCH", "/api/v1/profile/contact-me", `{"contactFilter":"accepted","contactPerson":"Philip  Mathew","contactRelation":"father","callTime":"6 pm to 9 pm"}`, m.auth()...)
			if w.Code != 200 || e.Meta.Message != "Record updated Successfully" ||
				!strings.Contains(string(e.Data), `"contactFilter":"accepted","chatSetting":"nobody","showInPublicLists":false,"contactPerson":"Philip Mathew","contactRelation":"father","callTime":"6 pm to 9 pm"`) {
				t.Fatalf("%d %s", w.Code, e.Data)
			}
			// The contact person is part of the contact: masked members' views do not show it.
			w, _ = call(t, a, "GET", "/api/v1/profile/partner/"+m.Code, "", other.auth()...)
			if strings.Contains(w.Body.String(), "Philip Mathew") || strings.Contains(w.Body.String(), "6 pm") {
				t.Error("the contact person leaked without a contact view")
			}
			_, e = call(t, a, "GET", "/api/v1/profile/email-alerts", "", m.auth()...)
			if string(e.Data) != `{"invitations":true,"requests":true,"profileViews":true,"planExpiry":true,"badges":true,"newsletter":false,"matches":true,"matchDigest":"weekly"}` {
				t.Fatalf("alert defaults: %s", e.Data)
			}
			w, e = call(t, a, "POST", "/api/v1/profile/email-alerts", `{"profileViews":false,"newsletter":true}`, m.auth()...)
			if w.Code != 200 || string(e.Data) != `{"invitations":true,"requests":true,"profileViews":false,"planExpiry":true,"badges":true,"newsletter":true,"matches":true,"matchDigest":"weekly"}` {
				t.Fatalf("%d %s", w.Code, e.Data)
			}
			if w, _ := call(t, a, "POST", "/api/v1/profile/email-alerts", `{}`, m.auth()...); w.Code != 400 {
				t.Errorf("empty alerts: %d", w.Code)
			}
			if w, e := call(t, a, "POST", "/api/v1/profile/email-alerts", `{"matchDigest":"monthly"}`, m.auth()...); w.Code != 422 || !strings.Contains(string(e.Data), "Choose daily or weekly") {
				t.Errorf("a monthly digest: %d %s", w.Code, e.Data)
			}
			if w, e := call(t, a, "POST", "/api/v1/profile/email-alerts", `{"matches":false,"matchDigest":"daily"}`, m.auth()...); w.Code != 200 || !strings.Contains(string(e.Data), `"matches":false,"matchDigest":"daily"`) {
				t.Errorf("digest choice: %d %s", w.Code, e.Data)
			}
			if ok, _ := a.Profiles.WantsEmail(t.Context(), m.ID, "profileViews"); ok {
				t.Error("WantsEmail ignores the choice")
			}
			_, e = call(t, a, "GET", "/api/v1/profile/email-alerts", "", other.auth()...)
			if !strings.Contains(string(e.Data), `"profileViews":true`) {
				t.Error("another member's alerts changed")
			}
		})
	}
}

// TestProofsArePrivateAndGoWithTheAccount: a proof is stored outside the
// served tree, stripped, readable only by its owner, and deleted with the
// account together with the member's profile views.
func TestProofsArePrivateAndGoWithTheAccount(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			m := newMember(t, a, 10, "Sebin Kurian", 32)
			other := newMember(t, a, 20, "Aleena Thomas", 27)
			w, e := upload(t, a, "/api/v1/profile/proof", m, "aadhaar.jpg", "image/jpeg", mediatest.JPEGWithGPS(1200, 800, 1), "kind", "id")
			if w.Code != 200 || e.Meta.Message != "proof image updated successfully" {
				t.Fatalf("%d %q", w.Code, e.Meta.Message)
			}
			if !strings.Contains(string(e.Data), `"kind":"id","label":"ID proof","status":"pending"`) ||
				!strings.Contains(string(e.Data), `"kind":"parish","label":"Parish letter","status":"none"`) {
				t.Fatalf("status: %s", e.Data)
			}
			for _, c := range []struct {
				kind string
				data []byte
				msg  string
			}{{"passport", mediatest.JPEG(300, 300), "Please choose the kind of proof: id or parish"},
				{"parish", nil, "Proof image is required"}, {"parish", mediatest.SVG(), "Please upload a JPEG, PNG or WebP image"}} {
				w, e := upload(t, a, "/api/v1/profile/proof", m, "x.jpg", "image/jpeg", c.data, "kind", c.kind)
				if w.Code != 422 || e.Meta.Message != c.msg {
					t.Errorf("%s: %d %q", c.kind, w.Code, e.Meta.Message)
				}
			}
			proofImage := func(m testMember) *httptest.ResponseRecorder {
				req := httptest.NewRequest("GET", "/api/v1/profile/proof/id/image", nil)
				req.Header.Set("Authorization", "Bearer "+m.Token)
				w := httptest.NewRecorder()
				a.Handler.ServeHTTP(w, req)
				return w
			}
			img := proofImage(m)
			if img.Code != 200 || img.Header().Get("Content-Type") != "image/jpeg" || img.Header().Get("Cache-Control") != "no-store" ||
				bytes.Contains(img.Body.Bytes(), []byte(mediatest.GPSMarker)) || bytes.Contains(img.Body.Bytes(), []byte("Exif")) {
				t.Fatalf("own proof: %d %v", img.Code, img.Header())
			}
			if w := proofImage(other); w.Code != 404 {
				t.Errorf("another member reads their own (absent) proof, never this one: %d", w.Code)
			}
			if n := countFiles(t, filepath.Join(a.Cfg.MediaDir, "photos")); n != 0 {
				t.Errorf("the proof landed in the photo tree (%d files)", n)
			}
			if n := countFiles(t, filepath.Join(a.Cfg.MediaDir, "proofs")); n != 1 {
				t.Fatalf("%d proof files", n)
			}
			// Verified proofs become badges and cannot be replaced.
			a.DB.Table("profile_proofs").Where("profile_id = ?", m.ID).Updates(map[string]any{"status": "verified", "reviewed_at": a.DB.NowFunc()})
			w, e = upload(t, a, "/api/v1/profile/proof", m, "again.jpg", "image/jpeg", mediatest.JPEG(300, 300), "kind", "id")
			if w.Code != 409 {
				t.Errorf("replacing a verified proof: %d %q", w.Code, e.Meta.Message)
			}
			_, e = call(t, a, "GET", "/api/v1/profile/partner/"+m.Code, "", other.auth()...)
			if !strings.Contains(string(e.Data), `"kind":"id","label":"ID verified","verifiedAt":"20`) {
				t.Errorf("ID badge missing or without its date: %s", e.Data)
			}
			// A verdict recorded without a review date shows no date at all,
			// never year 1.
			a.DB.Table("profile_proofs").Where("profile_id = ?", m.ID).Update("reviewed_at", nil)
			_, e = call(t, a, "GET", "/api/v1/profile/partner/"+m.Code, "", other.auth()...)
			if !strings.Contains(string(e.Data), `"kind":"id","label":"ID verified","verifiedAt":null`) {
				t.Errorf("ID badge without a review date: %s", e.Data)
			}
			call(t, a, "GET", "/api/v1/profile/partner/"+other.Code, "", m.auth()...)
			call(t, a, "POST", "/api/v1/preference", `{"age":{"min":22,"max":30}}`, m.auth()...)

			if w, _ := call(t, a, "POST", "/api/v1/profile/delete", `{"password":"`+m.Pwd+`"}`, m.auth()...); w.Code != 200 {
				t.Fatalf("delete: %d %s", w.Code, w.Body.String())
			}
			if n := countFiles(t, filepath.Join(a.Cfg.MediaDir, "proofs")); n != 0 {
				t.Errorf("%d proof files survive the account", n)
			}
			for _, table := range []string{"profile_proofs", "profile_views", "partner_preferences", "partner_preference_values", "member_settings"} {
				var n int64
				a.DB.Table(table).Where(map[string]any{map[bool]string{true: "viewer_id", false: "profile_id"}[table == "profile_views"]: m.ID}).Count(&n)
				if table == "profile_views" {
					var back int64
					a.DB.Table(table).Where("viewed_id = ?", m.ID).Count(&back)
					n += back
				}
				if n != 0 {
					t.Errorf("%s keeps %d rows of the deleted member", table, n)
				}
			}
		})
	}
}

// TestDemoMembersHavePreferencesAndServedAvatars: the demo seed gives every
// demo member partner preferences (idempotently), and their avatars, which
// live in the same photo tree, are served through the same grants.
func TestDemoMembersHavePreferencesAndServedAvatars(t *testing.T) {
	a := newApp(t, "", true)
	var demo, withPrefs int64
	a.DB.Table("users").Where("is_demo = ?", true).Count(&demo)
	a.DB.Table("partner_preferences pp").Joins("JOIN profiles p ON p.id = pp.profile_id").Joins("JOIN users u ON u.id = p.user_id").
		Where("u.is_demo = ?", true).Count(&withPrefs)
	if demo == 0 || withPrefs != demo {
		t.Fatalf("%d demo members, %d with preferences", demo, withPrefs)
	}
	// Every "about me" reads as a sentence: no formatting debris, no person where a city or a job belongs.
	var abouts []string
	a.DB.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").Where("u.is_demo = ?", true).Pluck("p.about_me", &abouts)
	for _, about := range abouts {
		if strings.Contains(about, "%") || strings.Contains(about, "in cheerful") || strings.Contains(about, "as a family person") ||
			strings.Contains(about, "based in calm") || strings.Contains(about, "live in family") {
			t.Fatalf("garbled demo about: %q", about)
		}
	}
	if n, err := a.Seeder().Demo(t.Context()); err != nil || n != 0 {
		t.Fatalf("seeding again: %d %v", n, err)
	}
	var again int64
	a.DB.Table("partner_preferences").Count(&again)
	if again != withPrefs {
		t.Fatalf("seeding again changed the preferences: %d → %d", withPrefs, again)
	}
	var email string
	a.DB.Table("users u").Joins("JOIN profiles p ON p.user_id = u.id").Where("u.is_demo = ? AND p.gender = ?", true, 10).
		Order("u.id").Limit(1).Pluck("u.email", &email)
	w, e := call(t, a, "POST", "/api/v1/auth/login", `{"email":"`+email+`","pwd":"Demo@1234","loginType":"password"}`)
	if w.Code != 200 {
		t.Fatalf("demo login: %d %s", w.Code, w.Body.String())
	}
	var s session
	json.Unmarshal(e.Data, &s)
	rememberMediaCookie(s.Profile.ProfileID, w)
	me := testMember{Token: s.Token}
	// The summary's own avatar loads with its grant.
	_, e = call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", me.auth()...)
	ps := photosOf(t, e)
	if len(ps) != 1 || !strings.Contains(ps[0].Images.Large, "?g=") {
		t.Fatalf("summary photos: %+v", ps)
	}
	if w := fetch(t, a, ps[0].ImagePath+ps[0].Images.Large); w.Code != 200 {
		t.Fatalf("own avatar: %d", w.Code)
	}
	// A bride with photos for all members: her avatar loads for this groom.
	var code string
	a.DB.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Where("u.is_demo = ? AND p.gender = ? AND p.photo_visibility = ?", true, 20, "all").Order("p.id").Limit(1).Pluck("p.profile_code", &code)
	_, e = call(t, a, "GET", "/api/v1/profile/partner/"+code, "", me.auth()...)
	var v partnerJSON
	json.Unmarshal(e.Data, &v)
	if len(v.Photos) != 1 {
		t.Fatalf("demo bride photos: %+v", v)
	}
	if w := fetch(t, a, v.Photos[0].ImagePath+v.Photos[0].Images.Small); w.Code != 200 || w.Header().Get("Content-Type") != "image/jpeg" {
		t.Fatalf("demo avatar: %d", w.Code)
	}
	// Her completion stays 30 when recomputed: the seed fills every section.
	_, e = call(t, a, "GET", "/api/v1/profile", "", me.auth()...)
	var o map[string]any
	json.Unmarshal(e.Data, &o)
	if o["completedSteps"].(float64) != 30 {
		t.Errorf("a demo member's completion: %v %v", o["completedSteps"], o["completion"])
	}
	// Every demo height is a selectable one, so the member can save the
	// preferences derived from the profile as they are.
	var bad int64
	a.DB.Table("profiles").Where("height_cm IS NOT NULL AND height_cm NOT IN (SELECT cm FROM heights)").Count(&bad)
	if bad != 0 {
		t.Errorf("%d demo profiles have a height that cannot be selected", bad)
	}
	_, e = call(t, a, "GET", "/api/v1/preference", "", me.auth()...)
	if w, e2 := call(t, a, "POST", "/api/v1/preference", string(e.Data), me.auth()...); w.Code != 200 {
		t.Errorf("saving the derived preferences: %d %s", w.Code, e2.Meta.Message)
	}
	// An older seed's off-list heights are moved to the nearest selectable one.
	a.DB.Table("profiles").Where("profile_code = ?", code).Update("height_cm", 161)
	if _, err := a.Seeder().Demo(t.Context()); err != nil {
		t.Fatal(err)
	}
	var h int
	a.DB.Table("profiles").Where("profile_code = ?", code).Pluck("height_cm", &h)
	if h == 161 {
		t.Errorf("height 161 not repaired")
	}
}

// TestViewerGrantOpensOnlyWhatTheViewerMaySee: the own profile (GET profile,
// its onlyInfo summary, and login) carries the member's viewer grant, which the client
// appends to photo names that come without a grant (chat users). It opens a
// photo the viewer may see, and nothing more: protected photos, blocks and a
// forged viewer are refused as with per-file grants.
func TestViewerGrantOpensOnlyWhatTheViewerMaySee(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			owner := newMember(t, a, 20, "Reshma Kurian", 26)
			viewer := newMember(t, a, 10, "Tom Varghese", 30)
			upload(t, a, "/api/v1/profile/images", owner, "me.jpg", "image/jpeg", mediatest.JPEGWithGPS(600, 800, 1))
			summary := func(m testMember) (grant string, photos []photoJSON) {
				w, e := call(t, a, "GET", "/api/v1/profile?onlyInfo=true", "", m.auth()...)
				var s struct {
					PhotoGrant string      `json:"photoGrant"`
					Photos     []photoJSON `json:"photos"`
				}
				if w.Code != 200 || json.Unmarshal(e.Data, &s) != nil {
					t.Fatalf("summary: %d %s", w.Code, w.Body.String())
				}
				return s.PhotoGrant, s.Photos
			}
			grant, _ := summary(viewer)
			_, own := summary(owner)
			if grant == "" || !strings.HasPrefix(grant, viewer.Code+".") || len(own) != 1 {
				t.Fatalf("grant %q, owner's photos %+v", grant, own)
			}
			// The whole own profile, which the client keeps as the session's, carries it too.
			_, e := call(t, a, "GET", "/api/v1/profile", "", viewer.auth()...)
			var whole struct {
				PhotoGrant string `json:"photoGrant"`
			}
			if json.Unmarshal(e.Data, &whole) != nil || whole.PhotoGrant != grant {
				t.Fatalf("GET profile: photoGrant %q, want %q", whole.PhotoGrant, grant)
			}
			// A chat user's photo: the file name without any grant.
			file := own[0].Images.Small[:strings.Index(own[0].Images.Small, "?")]
			url := own[0].ImagePath + file
			if w := fetch(t, a, url+"?g="+grant); w.Code != 200 {
				t.Fatalf("visible photo with the viewer grant: %d", w.Code)
			}
			if w := fetch(t, a, url); w.Code != 403 {
				t.Fatalf("no grant: %d", w.Code)
			}
			forged := owner.Code + grant[strings.Index(grant, "."):]
			if w := fetch(t, a, url+"?g="+forged); w.Code != 403 {
				t.Fatalf("forged viewer: %d", w.Code)
			}
			if w, e := call(t, a, "PATCH", "/api/v1/profile/settings", `{"photoVisibility":"protected"}`, owner.auth()...); w.Code != 200 {
				t.Fatalf("%d %s", w.Code, e.Meta.Message)
			}
			if w := fetch(t, a, url+"?g="+grant); w.Code != 403 {
				t.Fatalf("protected photo with the viewer grant: %d", w.Code)
			}
			if w, _ := call(t, a, "PATCH", "/api/v1/profile/settings", `{"photoVisibility":"all"}`, owner.auth()...); w.Code != 200 {
				t.Fatal(w.Body.String())
			}
			if err := a.Relations.Block(t.Context(), owner.ID, viewer.ID); err != nil {
				t.Fatal(err)
			}
			if w := fetch(t, a, url+"?g="+grant); w.Code != 403 && w.Code != 404 {
				t.Fatalf("blocked viewer with the viewer grant: %d", w.Code)
			}
		})
	}
}
