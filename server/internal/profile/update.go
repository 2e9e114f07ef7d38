package profile

import (
	"context"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/content"
)

// Validation messages. Those marked "spec" are spec §5 word for word.
const (
	MsgNameLetters       = "Name can only contain letters" // spec
	MsgNameMin           = "Minimum 3 characters required" // spec
	MsgNameMax           = "Maximum 25 character allowed"  // spec
	MsgProfileNameMax    = "Maximum 30 character allowed"  // spec §5: profile name up to 30, worded like the name rule
	MsgDupName           = "Name is already registered"    // spec
	MsgNoContactInText   = "Please do not share phone numbers or e-mail addresses here"
	MsgTextInvalid       = "Please use plain text only"
	MsgHeightInvalid     = "Please select a valid height"
	MsgIncomeInvalid     = "Please select a valid income"
	MsgMaritalInvalid    = "Please select a valid marital status"
	MsgCreatedByInvalid  = "Please select who is creating this profile"
	MsgPhysicalInvalid   = "Please select a valid physical status"
	MsgLanguageRequired  = "Language is required"
	MsgLanguageInvalid   = "Please select a valid language"
	MsgReligionRequired  = "Religion is required"
	MsgReligionInvalid   = "Please select a valid religion"
	MsgCommunityRequired = "Community is required"
	MsgCommunityInvalid  = "Please select a valid community"
	MsgFaithInvalid      = "Please select a valid faith practice"
	MsgDegreeInvalid     = "Please select a valid degree"
	MsgCollegeInvalid    = "Please select a valid college"
	MsgProfessionInvalid = "Please select a valid profession"
	MsgCompanyInvalid    = "Please select a valid company"
	MsgCountryInvalid    = "Please select a valid country"
	MsgStateInvalid      = "Please select a valid state"
	MsgCityInvalid       = "Please select a valid city"
	MsgFamilyTypeInvalid = "Please select a valid family type"
	MsgFamilyValInvalid  = "Please select valid family values"
	MsgDietInvalid       = "Please select a valid diet"
	MsgSmokingInvalid    = "Please select a valid smoking habit"
	MsgDrinkingInvalid   = "Please select a valid drinking habit"
	MsgAboutMeMin        = "Please write at least 30 characters about yourself"
)

// Text limits, in characters.
const (
	MaxProfileName  = 30
	MaxShortText    = 100 // sub-community, diocese, vicar, occupations
	MaxParish       = 150
	MaxSiblings     = 200
	MaxAbout        = 2000
	MinAboutMe      = 30
	maxPlainNewline = 40 // line breaks allowed in a long text
)

// ProfileUpdate is PUT profile: any subset of the seven sections, each with
// any subset of its fields. An absent (or null) field stays as it is; "" or 0
// clears an optional field. Everything else in the body (gender, date of
// birth, plan, badges, verification, counters, hidden, profile code...) is
// not part of this type and so is ignored.
type ProfileUpdate struct {
	Basic     *BasicUpdate     `json:"basic"`
	Faith     *FaithUpdate     `json:"faith"`
	Education *EducationUpdate `json:"education"`
	Location  *LocationUpdate  `json:"location"`
	Family    *FamilyUpdate    `json:"family"`
	About     *AboutUpdate     `json:"about"`
	Lifestyle *LifestyleUpdate `json:"lifestyle"`
}

// BasicUpdate holds the editable basic fields; gender and date of birth are fixed at registration.
type BasicUpdate struct {
	Name           *string `json:"name"`
	ProfileName    *string `json:"profileName"`
	HeightCM       *int    `json:"heightCm"`
	MaritalStatus  *string `json:"maritalStatus"`
	CreatedBy      *string `json:"createdBy"`
	MotherTongueID *uint64 `json:"motherTongueId"`
	PhysicalStatus *string `json:"physicalStatus"`
}

// FaithUpdate holds the faith fields.
type FaithUpdate struct {
	ReligionID    *uint64 `json:"religionId"`
	CommunityID   *uint64 `json:"communityId"`
	SubCommunity  *string `json:"subCommunity"`
	Diocese       *string `json:"diocese"`
	Parish        *string `json:"parish"`
	Vicar         *string `json:"vicar"`
	FaithPractice *string `json:"faithPractice"`
}

// EducationUpdate holds the education and work fields.
type EducationUpdate struct {
	DegreeID     *uint64 `json:"degreeId"`
	CollegeID    *uint64 `json:"collegeId"`
	ProfessionID *uint64 `json:"professionId"`
	CompanyID    *uint64 `json:"companyId"`
	IncomeBand   *string `json:"incomeBand"`
}

// LocationUpdate holds country, state and city. Changing the country without
// naming a state clears state and city; changing the state clears the city.
type LocationUpdate struct {
	CountryID *uint64 `json:"countryId"`
	StateID   *uint64 `json:"stateId"`
	CityID    *uint64 `json:"cityId"`
}

// FamilyUpdate holds the family fields.
type FamilyUpdate struct {
	FatherOccupation *string `json:"fatherOccupation"`
	MotherOccupation *string `json:"motherOccupation"`
	Siblings         *string `json:"siblings"`
	FamilyType       *string `json:"familyType"`
	FamilyValues     *string `json:"familyValues"`
}

// AboutUpdate holds the two texts.
type AboutUpdate struct {
	AboutMe     *string `json:"aboutMe"`
	AboutFamily *string `json:"aboutFamily"`
}

// LifestyleUpdate holds diet, smoking and drinking.
type LifestyleUpdate struct {
	Diet     *string `json:"diet"`
	Smoking  *string `json:"smoking"`
	Drinking *string `json:"drinking"`
}

// updateOrder is the order of the form, so the headline message is the first field's.
var updateOrder = []string{"name", "profileName", "heightCm", "maritalStatus", "createdBy", "motherTongueId", "physicalStatus",
	"religionId", "communityId", "subCommunity", "diocese", "parish", "vicar", "faithPractice",
	"degreeId", "collegeId", "professionId", "companyId", "incomeBand", "countryId", "stateId", "cityId",
	"fatherOccupation", "motherOccupation", "siblings", "familyType", "familyValues", "aboutMe", "aboutFamily",
	"diet", "smoking", "drinking"}

var (
	// contactPattern finds phone numbers (ten or more digits, however spaced) and e-mail addresses in free text.
	contactPattern = regexp.MustCompile(`(?:\d[\s\-().+]{0,3}){10,}|[A-Za-z0-9._%+\-]+\s*(?:@|\(at\)|\[at\])\s*[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
)

// checkText validates free text: valid UTF-8, no control characters (line
// breaks only when multiline), no markup brackets, at most max characters, and
// no phone number or e-mail address (they are shared only through contact views).
func checkText(v string, max int, multiline bool) string {
	if !utf8.ValidString(v) {
		return MsgTextInvalid
	}
	lines := 0
	for _, r := range v {
		switch {
		case r == '\n':
			lines++
			if !multiline || lines > maxPlainNewline {
				return MsgTextInvalid
			}
		case r == '<' || r == '>':
			return MsgTextInvalid
		case unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t':
			return MsgTextInvalid
		}
	}
	if n := utf8.RuneCountInString(v); n > max {
		return "Maximum " + itoa(max) + " characters allowed"
	}
	if contactPattern.MatchString(v) {
		return MsgNoContactInText
	}
	return ""
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// normalizeLine trims and collapses the spaces of a one-line text.
func normalizeLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// normalizeBlock trims a multi-line text and its lines, dropping carriage returns.
func normalizeBlock(s string) string {
	s = strings.ReplaceAll(s, "\r", "")
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.Join(lines, "\n")
}

// updater collects validated column values and field errors for one PUT.
type updater struct {
	s    *Service
	ctx  context.Context
	db   *gorm.DB
	cur  *row
	cols map[string]any
	errs map[string]string
}

func (u *updater) fail(field, msg string) {
	if _, ok := u.errs[field]; !ok {
		u.errs[field] = msg
	}
}

// exists checks a master id through the master service.
func (u *updater) exists(kind string, id uint64) (bool, error) {
	return u.s.master.Exists(u.ctx, kind, id)
}

// optionalID validates an optional master id: 0 clears it.
func (u *updater) optionalID(field, col, kind, msg string, v *uint64) error {
	if v == nil {
		return nil
	}
	if *v == 0 {
		u.cols[col] = nil
		return nil
	}
	ok, err := u.exists(kind, *v)
	if err != nil {
		return err
	}
	if !ok {
		u.fail(field, msg)
		return nil
	}
	u.cols[col] = *v
	return nil
}

// enum validates a value of a fixed list; "" clears it when optional.
func (u *updater) enum(field, col, enum, msg string, v *string, optional bool) {
	if v == nil {
		return
	}
	x := strings.TrimSpace(*v)
	if (x == "" && optional) || valid(enum, x) {
		u.cols[col] = x
		return
	}
	u.fail(field, msg)
}

// text validates a one-line text.
func (u *updater) text(field, col string, v *string, max int) {
	if v == nil {
		return
	}
	x := normalizeLine(*v)
	if m := checkText(x, max, false); m != "" {
		u.fail(field, m)
		return
	}
	u.cols[col] = x
}

// Update applies a PUT profile to the member's profile and answers the whole
// profile. Field errors come back together as one apperr.Invalid (422) with
// a message per field; nothing is written unless everything is valid.
func (s *Service) Update(ctx context.Context, profileID uint64, in ProfileUpdate) (*Own, error) {
	if in.Basic == nil && in.Faith == nil && in.Education == nil && in.Location == nil && in.Family == nil &&
		in.About == nil && in.Lifestyle == nil {
		return nil, apperr.New(apperr.BadRequest, MsgNothingToUpdate)
	}
	db := s.db.WithContext(ctx)
	cur, ok, err := loadRow(db, "p.id = ?", profileID)
	if err != nil {
		return nil, internal(err)
	}
	if !ok {
		return nil, notFound()
	}
	u := &updater{s: s, ctx: ctx, db: db, cur: cur, cols: map[string]any{}, errs: map[string]string{}}
	if err := u.basic(in.Basic); err != nil {
		return nil, internal(err)
	}
	if err := u.faith(in.Faith); err != nil {
		return nil, internal(err)
	}
	if err := u.education(in.Education); err != nil {
		return nil, internal(err)
	}
	if err := u.location(in.Location); err != nil {
		return nil, internal(err)
	}
	u.family(in.Family)
	u.about(in.About)
	u.lifestyle(in.Lifestyle)
	if len(u.errs) > 0 {
		e := apperr.Validation(u.errs, updateOrder...)
		if len(u.errs) == 1 && u.errs["name"] == MsgDupName {
			e.Kind = apperr.Conflict
		}
		return nil, e
	}
	if len(u.cols) > 0 {
		u.cols["updated_at"] = s.clock()
		err = db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Table("profiles").Where("id = ?", profileID).Updates(u.cols).Error; err != nil {
				return err
			}
			return s.recompute(ctx, tx, profileID)
		})
		if err != nil {
			return nil, internal(err)
		}
	}
	return s.Own(ctx, profileID)
}

func (u *updater) basic(in *BasicUpdate) error {
	if in == nil {
		return nil
	}
	if in.Name != nil {
		n := normalizeLine(*in.Name)
		if m := content.ValidateName(n); m != "" {
			u.fail("name", m)
		} else if !strings.EqualFold(n, u.cur.Name) {
			// The registration rule: a name is "already registered" when another member has it with the same date of birth.
			var c int64
			err := u.db.Table("profiles").Where("LOWER(name) = ? AND DATE(dob) = DATE(?) AND id <> ?", strings.ToLower(n),
				u.cur.DOB.Format("2006-01-02"), u.cur.ID).Count(&c).Error
			if err != nil {
				return err
			}
			if c > 0 {
				u.fail("name", MsgDupName)
			} else {
				u.cols["name"] = n
			}
		} else {
			u.cols["name"] = n
		}
	}
	if in.ProfileName != nil {
		n := normalizeLine(*in.ProfileName)
		switch {
		case n == "":
			u.cols["profile_name"] = ""
		case !content.NamePattern.MatchString(n):
			u.fail("profileName", MsgNameLetters)
		case utf8.RuneCountInString(n) < 3:
			u.fail("profileName", MsgNameMin)
		case utf8.RuneCountInString(n) > MaxProfileName:
			u.fail("profileName", MsgProfileNameMax)
		default:
			u.cols["profile_name"] = n
		}
	}
	if in.HeightCM != nil {
		if *in.HeightCM == 0 {
			u.cols["height_cm"] = nil
		} else {
			var c int64
			if err := u.db.Table("heights").Where("cm = ?", *in.HeightCM).Count(&c).Error; err != nil {
				return err
			}
			if c == 0 {
				u.fail("heightCm", MsgHeightInvalid)
			} else {
				u.cols["height_cm"] = *in.HeightCM
			}
		}
	}
	u.enum("maritalStatus", "marital_status", "maritalStatus", MsgMaritalInvalid, in.MaritalStatus, false)
	u.enum("createdBy", "created_by", "createdBy", MsgCreatedByInvalid, in.CreatedBy, false)
	u.enum("physicalStatus", "physical_status", "physicalStatus", MsgPhysicalInvalid, in.PhysicalStatus, false)
	if in.MotherTongueID != nil {
		if *in.MotherTongueID == 0 {
			u.fail("motherTongueId", MsgLanguageRequired)
		} else if ok, err := u.exists("language", *in.MotherTongueID); err != nil {
			return err
		} else if !ok {
			u.fail("motherTongueId", MsgLanguageInvalid)
		} else {
			u.cols["mother_tongue_id"] = *in.MotherTongueID
		}
	}
	return nil
}

func (u *updater) faith(in *FaithUpdate) error {
	if in == nil {
		return nil
	}
	religion := u.cur.ReligionID
	if in.ReligionID != nil {
		if *in.ReligionID == 0 {
			u.fail("religionId", MsgReligionRequired)
		} else if ok, err := u.exists("religion", *in.ReligionID); err != nil {
			return err
		} else if !ok {
			u.fail("religionId", MsgReligionInvalid)
		} else {
			u.cols["religion_id"] = *in.ReligionID
			religion = in.ReligionID
		}
	}
	community := in.CommunityID
	if community == nil && in.ReligionID != nil && u.cur.CommunityID != nil {
		community = u.cur.CommunityID // a new religion must still fit the denomination
	}
	if community != nil {
		if *community == 0 {
			u.fail("communityId", MsgCommunityRequired)
		} else {
			var c struct{ ReligionID uint64 }
			res := u.db.Table("communities").Select("religion_id").Where("id = ?", *community).Limit(1).Scan(&c)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 || (religion != nil && c.ReligionID != *religion) {
				u.fail("communityId", MsgCommunityInvalid)
			} else {
				u.cols["community_id"] = *community
			}
		}
	}
	u.text("subCommunity", "sub_community", in.SubCommunity, MaxShortText)
	u.text("diocese", "diocese", in.Diocese, MaxShortText)
	u.text("parish", "parish", in.Parish, MaxParish)
	u.text("vicar", "vicar", in.Vicar, MaxShortText)
	u.enum("faithPractice", "faith_practice", "faithPractice", MsgFaithInvalid, in.FaithPractice, true)
	return nil
}

func (u *updater) education(in *EducationUpdate) error {
	if in == nil {
		return nil
	}
	for _, f := range []struct {
		field, col, kind, msg string
		v                     *uint64
	}{
		{"degreeId", "degree_id", "degree", MsgDegreeInvalid, in.DegreeID},
		{"collegeId", "college_id", "college", MsgCollegeInvalid, in.CollegeID},
		{"professionId", "profession_id", "profession", MsgProfessionInvalid, in.ProfessionID},
		{"companyId", "company_id", "company", MsgCompanyInvalid, in.CompanyID},
	} {
		if err := u.optionalID(f.field, f.col, f.kind, f.msg, f.v); err != nil {
			return err
		}
	}
	if in.IncomeBand != nil {
		code := strings.TrimSpace(*in.IncomeBand)
		if code == "" {
			u.cols["income_band"] = ""
		} else {
			var c int64
			if err := u.db.Table("income_bands").Where("code = ?", code).Count(&c).Error; err != nil {
				return err
			}
			if c == 0 {
				u.fail("incomeBand", MsgIncomeInvalid)
			} else {
				u.cols["income_band"] = code
			}
		}
	}
	return nil
}

func (u *updater) location(in *LocationUpdate) error {
	if in == nil {
		return nil
	}
	country, state, city := u.cur.CountryID, u.cur.StateID, u.cur.CityID
	val := func(p *uint64) uint64 {
		if p == nil {
			return 0
		}
		return *p
	}
	if in.CountryID != nil && *in.CountryID != val(country) {
		country = in.CountryID
		if in.StateID == nil {
			state, city = nil, nil
		}
	}
	if in.StateID != nil && *in.StateID != val(state) {
		state = in.StateID
		if in.CityID == nil {
			city = nil
		}
	}
	if in.CityID != nil {
		city = in.CityID
	}
	c, st, ci := val(country), val(state), val(city)
	if c != 0 {
		if ok, err := u.exists("country", c); err != nil {
			return err
		} else if !ok {
			u.fail("countryId", MsgCountryInvalid)
		}
	}
	if st != 0 {
		var n int64
		if err := u.db.Table("states").Where("id = ? AND country_id = ?", st, c).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			u.fail("stateId", MsgStateInvalid)
		}
	}
	if ci != 0 {
		var n int64
		if err := u.db.Table("cities").Where("id = ? AND state_id = ?", ci, st).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			u.fail("cityId", MsgCityInvalid)
		}
	}
	nullable := func(v uint64) any {
		if v == 0 {
			return nil
		}
		return v
	}
	u.cols["country_id"], u.cols["state_id"], u.cols["city_id"] = nullable(c), nullable(st), nullable(ci)
	return nil
}

func (u *updater) family(in *FamilyUpdate) {
	if in == nil {
		return
	}
	u.text("fatherOccupation", "father_occupation", in.FatherOccupation, MaxShortText)
	u.text("motherOccupation", "mother_occupation", in.MotherOccupation, MaxShortText)
	u.text("siblings", "siblings", in.Siblings, MaxSiblings)
	u.enum("familyType", "family_type", "familyType", MsgFamilyTypeInvalid, in.FamilyType, true)
	u.enum("familyValues", "family_values", "familyValues", MsgFamilyValInvalid, in.FamilyValues, true)
}

func (u *updater) about(in *AboutUpdate) {
	if in == nil {
		return
	}
	for _, f := range []struct {
		field, col string
		v          *string
		min        int
	}{{"aboutMe", "about_me", in.AboutMe, MinAboutMe}, {"aboutFamily", "about_family", in.AboutFamily, 0}} {
		if f.v == nil {
			continue
		}
		x := normalizeBlock(*f.v)
		if m := checkText(x, MaxAbout, true); m != "" {
			u.fail(f.field, m)
			continue
		}
		if x != "" && utf8.RuneCountInString(x) < f.min {
			u.fail(f.field, MsgAboutMeMin)
			continue
		}
		if x == "" {
			u.cols[f.col] = nil
		} else {
			u.cols[f.col] = x
		}
	}
}

func (u *updater) lifestyle(in *LifestyleUpdate) {
	if in == nil {
		return
	}
	u.enum("diet", "diet", "diet", MsgDietInvalid, in.Diet, true)
	u.enum("smoking", "smoking", "smoking", MsgSmokingInvalid, in.Smoking, true)
	u.enum("drinking", "drinking", "drinking", MsgDrinkingInvalid, in.Drinking, true)
}
