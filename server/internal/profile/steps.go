package profile

import (
	"context"

	"gorm.io/gorm"
)

// Completion (spec §2: the completion page counts 30 as complete). The
// profile has ten sections; each one that is complete counts StepsPerSection,
// so completedSteps is 0, 3, 6 ... 30. Registration completes basic, contact
// and faith, so a new member starts at 9 (account.registrationSteps).
const (
	StepsPerSection = 3
	CompleteSteps   = 30
)

// Section is one completion section: whether it is complete and, if not,
// which fields (named as PUT profile names them) are still missing.
type Section struct {
	Key      string   `json:"key"`
	Label    string   `json:"label"`
	Complete bool     `json:"complete"`
	Steps    int      `json:"steps"` // StepsPerSection when complete, else 0
	Missing  []string `json:"missing"`
}

// completionFacts are what completion needs beyond the profile row.
type completionFacts struct {
	photos        int64
	hasPreference bool
	countryStates int64 // how many states the member's country has in master data
}

func (s *Service) facts(db *gorm.DB, r *row) (completionFacts, error) {
	var f completionFacts
	if err := db.Table("photos").Where("profile_id = ?", r.ID).Count(&f.photos).Error; err != nil {
		return f, err
	}
	var n int64
	if err := db.Table("partner_preferences").Where("profile_id = ?", r.ID).Count(&n).Error; err != nil {
		return f, err
	}
	f.hasPreference = n > 0
	if r.CountryID != nil {
		if err := db.Table("states").Where("country_id = ?", *r.CountryID).Count(&f.countryStates).Error; err != nil {
			return f, err
		}
	}
	return f, nil
}

// completion evaluates the ten sections, in the order the completion page walks them:
//
//	basic       name, maritalStatus, createdBy, motherTongueId, physicalStatus (gender and date of birth are fixed at registration)
//	contact     the account's e-mail and phone
//	faith       religionId, communityId (the denomination)
//	education   degreeId, professionId, incomeBand
//	location    countryId, and stateId and cityId when the country has states in master data
//	family      familyType, familyValues, and fatherOccupation or motherOccupation
//	about       aboutMe
//	lifestyle   heightCm (edited in basic; registration does not ask it), diet, smoking, drinking
//	photos      at least one photo
//	preference  partner preferences saved once (POST preference)
func completion(r *row, f completionFacts) (steps int, out []Section) {
	add := func(key, label string, missing ...string) {
		var m []string
		for i := 0; i+1 < len(missing); i += 2 {
			if missing[i+1] == "" {
				m = append(m, missing[i])
			}
		}
		sec := Section{Key: key, Label: label, Complete: len(m) == 0, Missing: m}
		if sec.Missing == nil {
			sec.Missing = []string{}
		}
		if sec.Complete {
			sec.Steps = StepsPerSection
			steps += StepsPerSection
		}
		out = append(out, sec)
	}
	set := func(ok bool) string {
		if ok {
			return "ok"
		}
		return ""
	}
	add("basic", "Basic details", "name", r.Name, "maritalStatus", r.MaritalStatus, "createdBy", r.CreatedBy,
		"motherTongueId", set(r.MotherTongueID != nil), "physicalStatus", r.PhysicalStatus)
	add("contact", "Contact details", "email", r.Email, "phone", r.Phone)
	add("faith", "Faith", "religionId", set(r.ReligionID != nil), "communityId", set(r.CommunityID != nil))
	add("education", "Education and work", "degreeId", set(r.DegreeID != nil), "professionId", set(r.ProfessionID != nil),
		"incomeBand", r.IncomeBand)
	needState := r.CountryID == nil || f.countryStates > 0
	add("location", "Location", "countryId", set(r.CountryID != nil), "stateId", set(r.StateID != nil || !needState),
		"cityId", set(r.CityID != nil || !needState))
	add("family", "Family", "familyType", r.FamilyType, "familyValues", r.FamilyValues,
		"fatherOccupation", set(r.FatherOccupation != "" || r.MotherOccupation != ""))
	add("about", "About me", "aboutMe", str(r.AboutMe))
	add("lifestyle", "Height and lifestyle", "heightCm", set(r.HeightCM != nil), "diet", r.Diet, "smoking", r.Smoking,
		"drinking", r.Drinking)
	add("photos", "Photos", "photos", set(f.photos > 0))
	add("preference", "Partner preferences", "preference", set(f.hasPreference))
	return steps, out
}

// recompute stores the profile's completedSteps as its sections now stand;
// every write that can complete or empty a section calls it in its transaction.
func (s *Service) recompute(ctx context.Context, tx *gorm.DB, profileID uint64) error {
	r, ok, err := loadRow(tx.WithContext(ctx), "p.id = ?", profileID)
	if err != nil || !ok {
		return err
	}
	f, err := s.facts(tx.WithContext(ctx), r)
	if err != nil {
		return err
	}
	steps, _ := completion(r, f)
	if steps == r.CompletedSteps {
		return nil
	}
	return tx.WithContext(ctx).Table("profiles").Where("id = ?", profileID).Update("completed_steps", steps).Error
}
