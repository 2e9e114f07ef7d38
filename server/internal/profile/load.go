package profile

import (
	"context"
	"strings"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"gorm.io/gorm"
)

// userActive is users.status of a member in good standing (account.StatusActive;
// this package cannot import account, which imports it).
const userActive = directory.StatusActive

// row is a profile joined with its user and the names of its master data.
type row struct {
	ID               uint64
	UserID           uint64
	ProfileCode      string
	Name             string
	ProfileName      string
	Gender           int
	DOB              time.Time `gorm:"column:dob"`
	HeightCM         *int      `gorm:"column:height_cm"`
	MaritalStatus    string
	CreatedBy        string
	MotherTongueID   *uint64
	PhysicalStatus   string
	ReligionID       *uint64
	CommunityID      *uint64
	SubCommunity     string
	Diocese          string
	Parish           string
	Vicar            string
	FaithPractice    string
	DegreeID         *uint64
	CollegeID        *uint64
	ProfessionID     *uint64
	CompanyID        *uint64
	IncomeBand       string
	CountryID        *uint64
	StateID          *uint64
	CityID           *uint64
	FatherOccupation string
	MotherOccupation string
	Siblings         string
	FamilyType       string
	FamilyValues     string
	AboutMe          *string
	AboutFamily      *string
	Diet             string
	Smoking          string
	Drinking         string
	PhotoVisibility  string
	ContactFilter    string
	ChatSetting      string
	Hidden           bool
	CompletedSteps   int
	LastActiveAt     *time.Time
	CreatedAt        time.Time

	Email           string
	PhoneCode       string
	Phone           string
	Status          string
	EmailVerifiedAt *time.Time
	PhoneVerifiedAt *time.Time

	HeightLabel      string
	MotherTongueName string
	ReligionName     string
	CommunityName    string
	DegreeName       string
	CollegeName      string
	ProfessionName   string
	CompanyName      string
	IncomeLabel      string
	CountryName      string
	StateName        string
	CityName         string
}

// rowSelect reads a profile with everything a view needs, in one query.
const rowSelect = `SELECT p.id, p.user_id, p.profile_code, p.name, p.profile_name, p.gender, p.dob, p.height_cm,
 p.marital_status, p.created_by, p.mother_tongue_id, p.physical_status, p.religion_id, p.community_id,
 p.sub_community, p.diocese, p.parish, p.vicar, p.faith_practice, p.degree_id, p.college_id, p.profession_id,
 p.company_id, p.income_band, p.country_id, p.state_id, p.city_id, p.father_occupation, p.mother_occupation,
 p.siblings, p.family_type, p.family_values, p.about_me, p.about_family, p.diet, p.smoking, p.drinking,
 p.photo_visibility, p.contact_filter, p.chat_setting, p.hidden, p.completed_steps, p.last_active_at, p.created_at,
 u.email, u.phone_code, u.phone, u.status, u.email_verified_at, u.phone_verified_at,
 COALESCE(h.label, '') AS height_label, COALESCE(l.name, '') AS mother_tongue_name, COALESCE(r.name, '') AS religion_name,
 COALESCE(c.name, '') AS community_name, COALESCE(d.name, '') AS degree_name, COALESCE(co.name, '') AS college_name,
 COALESCE(pr.name, '') AS profession_name, COALESCE(cm.name, '') AS company_name, COALESCE(ib.label, '') AS income_label,
 COALESCE(cn.name, '') AS country_name, COALESCE(st.name, '') AS state_name, COALESCE(ci.name, '') AS city_name
FROM profiles p
JOIN users u ON u.id = p.user_id
LEFT JOIN heights h ON h.cm = p.height_cm
LEFT JOIN languages l ON l.id = p.mother_tongue_id
LEFT JOIN religions r ON r.id = p.religion_id
LEFT JOIN communities c ON c.id = p.community_id
LEFT JOIN degrees d ON d.id = p.degree_id
LEFT JOIN colleges co ON co.id = p.college_id
LEFT JOIN professions pr ON pr.id = p.profession_id
LEFT JOIN companies cm ON cm.id = p.company_id
LEFT JOIN income_bands ib ON ib.code = p.income_band
LEFT JOIN countries cn ON cn.id = p.country_id
LEFT JOIN states st ON st.id = p.state_id
LEFT JOIN cities ci ON ci.id = p.city_id
WHERE `

// loadRow reads one profile by a condition on p (for example "p.id = ?"); found is false when none matches.
func loadRow(db *gorm.DB, where string, args ...any) (*row, bool, error) {
	var r row
	res := db.Raw(rowSelect+where, args...).Scan(&r)
	if res.Error != nil {
		return nil, false, res.Error
	}
	return &r, res.RowsAffected > 0, nil
}

// visible reports whether others may see the profile at all: its user is in
// good standing and it is not hidden.
func (r *row) visible() bool { return r.Status == userActive && !r.Hidden }

// AgeOn is a person's age in whole years on the day now.
func AgeOn(dob, now time.Time) int {
	y := now.Year() - dob.Year()
	if now.Month() < dob.Month() || (now.Month() == dob.Month() && now.Day() < dob.Day()) {
		y--
	}
	return y
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// sections builds the seven sections of r; withDOB adds the exact date of birth (the owner's own view only).
func (r *row) sections(now time.Time, withDOB bool) Sections {
	b := Basic{Gender: r.Gender, Name: r.Name, ProfileName: r.ProfileName, Age: AgeOn(r.DOB, now), HeightCM: r.HeightCM,
		Height: r.HeightLabel, MaritalStatus: r.MaritalStatus, CreatedBy: r.CreatedBy, MotherTongueID: r.MotherTongueID,
		MotherTongue: r.MotherTongueName, PhysicalStatus: r.PhysicalStatus}
	if withDOB {
		b.DateOfBirth = r.DOB.Format("2006-01-02")
	}
	return Sections{
		Basic: b,
		Faith: Faith{ReligionID: r.ReligionID, Religion: r.ReligionName, CommunityID: r.CommunityID, Community: r.CommunityName,
			SubCommunity: r.SubCommunity, Diocese: r.Diocese, Parish: r.Parish, Vicar: r.Vicar, FaithPractice: r.FaithPractice},
		Education: Education{DegreeID: r.DegreeID, Degree: r.DegreeName, CollegeID: r.CollegeID, College: r.CollegeName,
			ProfessionID: r.ProfessionID, Profession: r.ProfessionName, CompanyID: r.CompanyID, Company: r.CompanyName,
			IncomeBand: r.IncomeBand, Income: r.IncomeLabel},
		Location: Location{CountryID: r.CountryID, Country: r.CountryName, StateID: r.StateID, State: r.StateName,
			CityID: r.CityID, City: r.CityName},
		Family: Family{FatherOccupation: r.FatherOccupation, MotherOccupation: r.MotherOccupation, Siblings: r.Siblings,
			FamilyType: r.FamilyType, FamilyValues: r.FamilyValues},
		About:     About{AboutMe: str(r.AboutMe), AboutFamily: str(r.AboutFamily)},
		Lifestyle: Lifestyle{Diet: r.Diet, Smoking: r.Smoking, Drinking: r.Drinking},
	}
}

// utc returns t in UTC, or nil when t is nil.
func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// badges lists the member's verified checks: mobile and e-mail from the
// account, ID and parish from proof verdicts.
func (s *Service) badges(ctx context.Context, r *row) ([]Badge, error) {
	out := []Badge{}
	if r.PhoneVerifiedAt != nil {
		out = append(out, Badge{Kind: "mobile", Label: "Mobile verified", VerifiedAt: utc(r.PhoneVerifiedAt)})
	}
	if r.EmailVerifiedAt != nil {
		out = append(out, Badge{Kind: "email", Label: "Email verified", VerifiedAt: utc(r.EmailVerifiedAt)})
	}
	var proofs []struct {
		Kind       string
		ReviewedAt *time.Time
	}
	err := s.db.WithContext(ctx).Table("profile_proofs").Select("kind, reviewed_at").
		Where("profile_id = ? AND status = ?", r.ID, ProofVerified).Order("kind").Find(&proofs).Error
	if err != nil {
		return nil, internal(err)
	}
	for _, p := range proofs {
		out = append(out, Badge{Kind: p.Kind, Label: map[string]string{ProofID: "ID verified", ProofParish: "Parish verified"}[p.Kind],
			VerifiedAt: utc(p.ReviewedAt)})
	}
	return out, nil
}

// LastActive turns a timestamp into a coarse band (today, this_week,
// this_month or earlier), so exact activity is not revealed.
func LastActive(t *time.Time, now time.Time) string {
	if t == nil {
		return "earlier"
	}
	switch d := now.Sub(*t); {
	case d < 24*time.Hour:
		return "today"
	case d < 7*24*time.Hour:
		return "this_week"
	case d < 30*24*time.Hour:
		return "this_month"
	}
	return "earlier"
}

// MaskPhone shows only the first 4 digits of a number (spec §9): "9876XXXXXX".
func MaskPhone(p string) string {
	if len(p) <= 4 {
		return strings.Repeat("X", len(p))
	}
	return p[:4] + strings.Repeat("X", len(p)-4)
}

// MaskEmail hides the local part of an address (spec §9): "XXXXXX@example.in".
// The mask has a fixed length, so it does not even reveal how long the name is.
func MaskEmail(e string) string {
	at := strings.LastIndex(e, "@")
	if at < 0 {
		return "XXXXXX"
	}
	return "XXXXXX" + e[at:]
}
