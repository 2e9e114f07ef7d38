package profile

import (
	"strings"
	"testing"
)

func TestMasking(t *testing.T) {
	for in, want := range map[string]string{"9876543210": "9876XXXXXX", "987": "XXX", "": ""} {
		if got := MaskPhone(in); got != want {
			t.Errorf("MaskPhone(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"priya.samuel@example.in": "XXXXXX@example.in", "a@b.co": "XXXXXX@b.co", "broken": "XXXXXX"} {
		if got := MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheckText(t *testing.T) {
	cases := []struct {
		in        string
		multiline bool
		want      string
	}{
		{"St. Mary's Forane Church, Kuravilangad", false, ""},
		{"Fr. Joseph (Vicar) & Fr. Thomas", false, ""},
		{"Two brothers, 1 married", false, ""},
		{"Born 1996; 2 sisters; 3 nephews", false, ""},
		{"line one\nline two", true, ""},
		{"line one\nline two", false, MsgTextInvalid},
		{"<script>alert(1)</script>", true, MsgTextInvalid},
		{"bell\x07", false, MsgTextInvalid},
		{"\xff\xfe", false, MsgTextInvalid},
		{"call 9876543210", false, MsgNoContactInText},
		{"call +91 98765-43210", false, MsgNoContactInText},
		{"call 98 76 54 32 10 today", false, MsgNoContactInText},
		{"mail me: anu.m@gmail.com", false, MsgNoContactInText},
		{"mail me: anu.m (at) gmail.com", false, MsgNoContactInText},
		{strings.Repeat("a", 101), false, "Maximum 100 characters allowed"},
		{strings.Repeat("\n", maxPlainNewline+1), true, MsgTextInvalid},
	}
	for _, c := range cases {
		max := 100
		if got := checkText(c.in, max, c.multiline); got != c.want {
			t.Errorf("checkText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestCompletionArithmetic(t *testing.T) {
	full := &row{Name: "Anu Mathew", MaritalStatus: NeverMarried, CreatedBy: "self", MotherTongueID: ptr[uint64](1),
		PhysicalStatus: "normal", Email: "a@b.in", Phone: "9876543210", ReligionID: ptr[uint64](1), CommunityID: ptr[uint64](2),
		DegreeID: ptr[uint64](3), ProfessionID: ptr[uint64](4), IncomeBand: "5-7L", CountryID: ptr[uint64](1),
		StateID: ptr[uint64](5), CityID: ptr[uint64](6), FamilyType: "nuclear", FamilyValues: "moderate",
		MotherOccupation: "Teacher", AboutMe: ptr("I am a teacher who loves music and travel."), HeightCM: ptr(160),
		Diet: "vegetarian", Smoking: "no", Drinking: "no"}
	facts := completionFacts{photos: 1, hasPreference: true, countryStates: 36}
	if steps, secs := completion(full, facts); steps != CompleteSteps || len(secs) != 10 {
		t.Fatalf("a full profile: %d steps, %d sections", steps, len(secs))
	}
	registered := &row{Name: "Anu Mathew", MaritalStatus: NeverMarried, CreatedBy: "self", MotherTongueID: ptr[uint64](1),
		PhysicalStatus: "normal", Email: "a@b.in", Phone: "9876543210", ReligionID: ptr[uint64](1), CommunityID: ptr[uint64](2)}
	steps, secs := completion(registered, completionFacts{})
	if steps != 9 {
		t.Fatalf("a registered member: %d steps, want 9", steps)
	}
	missing := map[string]string{}
	for _, s := range secs {
		missing[s.Key] = strings.Join(s.Missing, ",")
	}
	want := map[string]string{"basic": "", "contact": "", "faith": "", "education": "degreeId,professionId,incomeBand",
		"location": "countryId,stateId,cityId", "family": "familyType,familyValues,fatherOccupation", "about": "aboutMe",
		"lifestyle": "heightCm,diet,smoking,drinking", "photos": "photos", "preference": "preference"}
	for k, v := range want {
		if missing[k] != v {
			t.Errorf("%s missing %q, want %q", k, missing[k], v)
		}
	}
	// A country without states in master data needs no state or city.
	abroad := *full
	abroad.StateID, abroad.CityID = nil, nil
	if steps, _ := completion(&abroad, completionFacts{photos: 1, hasPreference: true}); steps != CompleteSteps {
		t.Errorf("abroad: %d", steps)
	}
	if steps, _ := completion(&abroad, facts); steps != CompleteSteps-StepsPerSection {
		t.Errorf("India without a city: %d", steps)
	}
}

func TestDefaultPreferences(t *testing.T) {
	bride := &row{Gender: GenderFemale, HeightCM: ptr(157), MaritalStatus: NeverMarried, CommunityID: ptr[uint64](4),
		MotherTongueID: ptr[uint64](1), CountryID: ptr[uint64](1)}
	p := defaults(bride, 24)
	if p.Age != (Range{Min: 24, Max: 31, Strict: true}) || p.Height.Min != 157 || p.Height.Max != 0 ||
		len(p.Community.Values) != 1 || p.Community.Strict || p.MaritalStatus.Values[0] != NeverMarried {
		t.Errorf("bride: %+v", p)
	}
	young := defaults(&row{Gender: GenderFemale}, 19)
	if young.Age.Min != PartnerMinAgeGroom || young.Age.Max != PartnerMinAgeGroom+7 {
		t.Errorf("a young bride's grooms must be at least 21: %+v", young.Age)
	}
	groom := defaults(&row{Gender: GenderMale, HeightCM: ptr(175), MaritalStatus: Divorced}, 30)
	if groom.Age != (Range{Min: 25, Max: 30, Strict: true}) || groom.Height.Max != 175 || len(groom.MaritalStatus.Values) != 0 {
		t.Errorf("groom: %+v", groom)
	}
	if g := defaults(&row{Gender: GenderMale}, 22); g.Age.Min != PartnerMinAgeBride {
		t.Errorf("a young groom's brides must be at least 18: %+v", g.Age)
	}
}
