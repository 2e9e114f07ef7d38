package account

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/tfmmatrimony/tfm/server/internal/account/breached"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// The user-facing messages. Those marked "spec" are spec §5/§8 word for word, spelling included.
const (
	MsgPasswordRule     = "Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Case Character" // spec
	MsgPasswordMax      = "Maximun 20 Characters are allowed"                                                                  // spec
	MsgPasswordMismatch = "Passwords does not match"                                                                           // spec
	MsgPasswordRequired = "Password is required"
	MsgPhoneNotValid    = "Phone number is not valid" // spec
	MsgPhoneInvalid     = "Invalid Phone number"      // spec: well formed but unusable
	MsgPhoneRequired    = "Phone number is required"
	MsgPhoneCodeReq     = "Phone code is required"
	MsgPhoneCodeInvalid = "Phone code is not valid"
	MsgGenderRequired   = "Gender is required"
	MsgReligionRequired = "Religion is required"
	MsgLanguageRequired = "Language is required"
	MsgCommunityReq     = "Community is required"
	MsgReligionInvalid  = "Please select a valid religion"
	MsgLanguageInvalid  = "Please select a valid language"
	MsgCommunityInvalid = "Please select a valid community"
	MsgDOBRequired      = "Date of birth is required"
	MsgDOBInvalid       = "Please enter a valid date of birth"
	MsgBrideTooYoung    = "The bride must be at least 18 years old"
	MsgGroomTooYoung    = "The groom must be at least 21 years old"
	MsgCreatedByReq     = "Profile created by is required"
	MsgCreatedByInvalid = "Please select who is creating this profile"
	MsgDupName          = "Name is already registered"              // spec
	MsgDupEmail         = "This email is already registered"        // spec
	MsgDupPhone         = "This phone number is already registered" // spec
)

// MsgPasswordBreached refuses a password that passes the spec's rule but is a
// common breached password (security issue 18); the spec's messages come first.
const MsgPasswordBreached = "This password is too common and has appeared in data breaches. Please choose another."

// Minimum ages by gender, as Indian law sets (product.md "Who uses it").
const (
	MinAgeBride = 18
	MinAgeGroom = 21
)

// CreatedByOptions are the accepted "profile created by" values.
var CreatedByOptions = []string{"self", "parent", "sibling", "relative", "friend"}

// RegisterInput is the registration form; the step endpoints validate subsets of it.
type RegisterInput struct {
	Name             string `json:"name"`
	Gender           int    `json:"gender"`           // 10 groom, 20 bride
	DateOfBirth      string `json:"dateOfBirth"`      // YYYY-MM-DD
	ProfileCreatedBy string `json:"profileCreatedBy"` // self|parent|sibling|relative|friend
	Email            string `json:"email"`
	PhoneCode        string `json:"phoneCode"` // "+91"
	Phone            string `json:"phone"`
	Password         string `json:"password"`
	ConfirmPassword  string `json:"confirmPassword"`
	ReligionID       uint64 `json:"religionId"`
	CommunityID      uint64 `json:"communityId"` // the denomination
	MotherTongueID   uint64 `json:"motherTongueId"`
}

// fieldOrder is the order of the form, so the headline message is the first field's.
var fieldOrder = []string{"name", "gender", "dateOfBirth", "profileCreatedBy", "email", "phoneCode", "phone",
	"password", "confirmPassword", "religionId", "communityId", "motherTongueId", "otp", "oldPassword"}

// normalise trims and lower-cases what should be, and accepts "91" for "+91".
// The name is stored in Unicode NFC, so "José" typed as e + combining acute
// is the same name (and the same duplicate) as the precomposed é.
func (in *RegisterInput) normalise() {
	in.Name = norm.NFC.String(strings.Join(strings.Fields(in.Name), " "))
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	in.PhoneCode = normalisePhoneCode(in.PhoneCode)
	in.Phone = strings.TrimSpace(in.Phone)
	in.DateOfBirth = strings.TrimSpace(in.DateOfBirth)
	in.ProfileCreatedBy = strings.ToLower(strings.TrimSpace(in.ProfileCreatedBy))
}

func normalisePhoneCode(c string) string {
	c = strings.TrimSpace(c)
	if c != "" && c[0] != '+' {
		c = "+" + c
	}
	return c
}

var (
	phoneCodePattern  = regexp.MustCompile(`^\+[1-9][0-9]{0,3}$`)
	otherPhonePattern = regexp.MustCompile(`^[0-9]{6,14}$`)
)

// ValidatePassword applies the spec §5 password rule: 8–20 characters with a
// lowercase, an uppercase, a digit and one of !@#$%^&*; printable ASCII only,
// so 20 characters can never exceed bcrypt's 72-byte limit. A password the
// rule accepts is then refused when it is a common breached password, even
// decorated to meet the rule ("Password@123"; see package breached): the
// spec's messages come first. Registration, change password and reset
// password all go through here; sign-in does not, so existing passwords work.
func ValidatePassword(p string) string {
	if p == "" {
		return MsgPasswordRequired
	}
	if utf8.RuneCountInString(p) > 20 {
		return MsgPasswordMax
	}
	var lower, upper, digit, special bool
	for _, r := range p {
		switch {
		case r < 0x20 || r > 0x7e:
			return MsgPasswordRule
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune("!@#$%^&*", r):
			special = true
		}
	}
	if len(p) < 8 || !lower || !upper || !digit || !special {
		return MsgPasswordRule
	}
	if breached.Common(p) {
		return MsgPasswordBreached
	}
	return ""
}

// ValidatePhone checks a phone code and number: Indian mobiles are 10 digits
// starting 6–9 (spec §5); a number made of one repeated digit is "Invalid Phone number".
func ValidatePhone(code, phone string) (field, msg string) {
	switch {
	case code == "":
		return "phoneCode", MsgPhoneCodeReq
	case !phoneCodePattern.MatchString(code):
		return "phoneCode", MsgPhoneCodeInvalid
	case phone == "":
		return "phone", MsgPhoneRequired
	}
	if code == "+91" {
		if !content.PhonePattern.MatchString(phone) {
			return "phone", MsgPhoneNotValid
		}
	} else if !otherPhonePattern.MatchString(phone) {
		return "phone", MsgPhoneNotValid
	}
	if strings.Count(phone, phone[:1]) == len(phone) {
		return "phone", MsgPhoneInvalid
	}
	return "", ""
}

// age returns whole years between dob and now.
func age(dob, now time.Time) int {
	y := now.Year() - dob.Year()
	if now.Month() < dob.Month() || (now.Month() == dob.Month() && now.Day() < dob.Day()) {
		y--
	}
	return y
}

// parseDOB reads YYYY-MM-DD as a UTC date.
func parseDOB(s string) (time.Time, bool) {
	d, err := time.ParseInLocation("2006-01-02", s, time.UTC)
	return d, err == nil
}

// validateStep1 checks name, gender, date of birth and "created by" (pure rules).
func (s *Service) validateStep1(in *RegisterInput, errs map[string]string) {
	if m := content.ValidateName(in.Name); m != "" {
		errs["name"] = m
	}
	if in.Gender != profile.GenderMale && in.Gender != profile.GenderFemale {
		errs["gender"] = MsgGenderRequired
	}
	switch dob, ok := parseDOB(in.DateOfBirth); {
	case in.DateOfBirth == "":
		errs["dateOfBirth"] = MsgDOBRequired
	case !ok || dob.After(s.now()) || age(dob, s.now()) > 100:
		errs["dateOfBirth"] = MsgDOBInvalid
	case in.Gender == profile.GenderFemale && age(dob, s.now()) < MinAgeBride:
		errs["dateOfBirth"] = MsgBrideTooYoung
	case in.Gender == profile.GenderMale && age(dob, s.now()) < MinAgeGroom:
		errs["dateOfBirth"] = MsgGroomTooYoung
	}
	switch {
	case in.ProfileCreatedBy == "":
		errs["profileCreatedBy"] = MsgCreatedByReq
	case !contains(CreatedByOptions, in.ProfileCreatedBy):
		errs["profileCreatedBy"] = MsgCreatedByInvalid
	}
}

// validateStep2 checks email, phone and password (pure rules).
func validateStep2(in *RegisterInput, errs map[string]string) {
	if m := content.ValidateEmail(in.Email); m != "" {
		errs["email"] = m
	}
	if f, m := ValidatePhone(in.PhoneCode, in.Phone); m != "" {
		errs[f] = m
	}
	if m := ValidatePassword(in.Password); m != "" {
		errs["password"] = m
	} else if in.ConfirmPassword != in.Password {
		errs["confirmPassword"] = MsgPasswordMismatch
	}
}

// validateStep3 checks religion, denomination and mother tongue against master data.
func (s *Service) validateStep3(ctx context.Context, in *RegisterInput, errs map[string]string) error {
	db := s.db.WithContext(ctx)
	exists := func(table string, id uint64) (bool, error) {
		var n int64
		err := db.Table(table).Where("id = ?", id).Count(&n).Error
		return n > 0, err
	}
	if in.ReligionID == 0 {
		errs["religionId"] = MsgReligionRequired
	} else if ok, err := exists("religions", in.ReligionID); err != nil {
		return err
	} else if !ok {
		errs["religionId"] = MsgReligionInvalid
	}
	if in.CommunityID == 0 {
		errs["communityId"] = MsgCommunityReq
	} else {
		var c struct{ ReligionID uint64 }
		res := db.Table("communities").Select("religion_id").Where("id = ?", in.CommunityID).Limit(1).Scan(&c)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 || (in.ReligionID != 0 && c.ReligionID != in.ReligionID) {
			errs["communityId"] = MsgCommunityInvalid
		}
	}
	if in.MotherTongueID == 0 {
		errs["motherTongueId"] = MsgLanguageRequired
	} else if ok, err := exists("languages", in.MotherTongueID); err != nil {
		return err
	} else if !ok {
		errs["motherTongueId"] = MsgLanguageInvalid
	}
	return nil
}

// duplicates adds the spec's duplicate messages for fields that are well formed
// and already taken by someone other than exceptUser. A name is taken when
// another member has the same name (case- and space-insensitive) and the same
// date of birth: a name alone is far too common to be unique.
func (s *Service) duplicates(ctx context.Context, in *RegisterInput, exceptUser uint64, checkName, checkContact bool, errs map[string]string) error {
	db := s.db.WithContext(ctx)
	if checkName && errs["name"] == "" && errs["dateOfBirth"] == "" && in.Name != "" && in.DateOfBirth != "" {
		if dob, ok := parseDOB(in.DateOfBirth); ok {
			var n int64
			err := db.Table("profiles").Where("LOWER(name) = ? AND DATE(dob) = ? AND user_id <> ?", strings.ToLower(in.Name), dob.Format("2006-01-02"), exceptUser).Count(&n).Error
			if err != nil {
				return err
			}
			if n > 0 {
				errs["name"] = MsgDupName
			}
		}
	}
	if checkContact && errs["email"] == "" && in.Email != "" {
		var n int64
		if err := db.Table("users").Where("email = ? AND id <> ?", in.Email, exceptUser).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			errs["email"] = MsgDupEmail
		}
	}
	if checkContact && errs["phone"] == "" && errs["phoneCode"] == "" && in.Phone != "" {
		var n int64
		if err := db.Table("users").Where("phone_code = ? AND phone = ? AND id <> ?", in.PhoneCode, in.Phone, exceptUser).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			errs["phone"] = MsgDupPhone
		}
	}
	return nil
}

// fieldErrors turns collected messages into an apperr: Conflict when every
// problem is a duplicate (409 with the spec's message), Invalid otherwise.
func fieldErrors(errs map[string]string) error {
	if len(errs) == 0 {
		return nil
	}
	e := apperr.Validation(errs, fieldOrder...)
	allDup := true
	for _, m := range errs {
		if m != MsgDupName && m != MsgDupEmail && m != MsgDupPhone {
			allDup = false
		}
	}
	if allDup {
		e.Kind = apperr.Conflict
	}
	return e
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

func validName(n string) string  { return content.ValidateName(n) }
func validEmail(e string) string { return content.ValidateEmail(e) }
