package match

import (
	"math"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// DOBRange is the condition "age between min and max on day now" as a
// half-open range on the dob column, so the index on dob serves it on both
// engines (no function around the column; SQLite may keep a time after the
// date, which a half-open range still orders correctly). A zero bound is open.
func DOBRange(q *gorm.DB, minAge, maxAge int, now time.Time) *gorm.DB {
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if maxAge > 0 { // older than max+1 years is out: born after the day max+1 years ago
		q = q.Where("p.dob >= ?", day.AddDate(-maxAge-1, 0, 1).Format(time.DateOnly))
	}
	if minAge > 0 { // born on or before the day min years ago
		q = q.Where("p.dob < ?", day.AddDate(-minAge, 0, 1).Format(time.DateOnly))
	}
	return q
}

// idColumns are the profile columns of the id-list preferences.
var idColumns = map[string]string{KeyCommunity: "p.community_id", KeyMotherTongue: "p.mother_tongue_id",
	KeyEducation: "p.degree_id", KeyProfession: "p.profession_id", KeyCountry: "p.country_id",
	KeyState: "p.state_id", KeyCity: "p.city_id"}

// IncomeCodes are the disclosed income bands between lo and hi ("" leaves an end open).
func (j *judge) incomeCodes(lo, hi string) []string {
	l, hasLo := j.income[lo]
	h, hasHi := j.income[hi]
	out := []string{}
	for code, b := range j.income {
		if b.Disclosed && (!hasLo || b.Sort >= l.Sort) && (!hasHi || b.Sort <= h.Sort) {
			out = append(out, code)
		}
	}
	return out
}

// strictSQL narrows q to the members who meet the viewer's strict
// preferences, each as an indexable condition on p; evaluate checks the
// same rules again in memory.
func (sk *seeker) strictSQL(q *gorm.DB) *gorm.DB {
	p := sk.pref
	if p.Age.Strict && p.Age.Max > 0 {
		q = DOBRange(q, p.Age.Min, p.Age.Max, sk.j.now)
	}
	if p.Height.Strict && (p.Height.Min > 0 || p.Height.Max > 0) {
		q = q.Where("p.height_cm IS NOT NULL")
		if p.Height.Min > 0 {
			q = q.Where("p.height_cm >= ?", p.Height.Min)
		}
		if p.Height.Max > 0 {
			q = q.Where("p.height_cm <= ?", p.Height.Max)
		}
	}
	if p.Income.Strict && (p.Income.Min != "" || p.Income.Max != "") {
		q = q.Where("p.income_band IN ?", sk.j.incomeCodes(p.Income.Min, p.Income.Max))
	}
	for key, list := range map[string]*profile.IDList{KeyCommunity: &p.Community, KeyMotherTongue: &p.MotherTongue,
		KeyEducation: &p.Education, KeyProfession: &p.Profession, KeyCountry: &p.Country, KeyState: &p.State, KeyCity: &p.City} {
		if list.Strict && len(list.Values) > 0 {
			q = q.Where(idColumns[key]+" IN ?", list.Values)
		}
	}
	for col, list := range map[string]*profile.EnumList{"p.marital_status": &p.MaritalStatus, "p.diet": &p.Diet,
		"p.smoking": &p.Smoking, "p.drinking": &p.Drinking} {
		if list.Strict && len(list.Values) > 0 {
			q = q.Where(col+" IN ?", list.Values)
		}
	}
	return q
}

// reverseSQL leaves out, already in SQL, the members whose saved strict age
// range does not take the viewer's age (stretched by slack years each way):
// most members keep age strict, so the window is not filled with people
// evaluate would drop. Members without saved preferences pass here and are
// judged on their defaults in memory.
func (sk *seeker) reverseSQL(q *gorm.DB, slack int) *gorm.DB {
	age := profile.AgeOn(sk.facts.DOB, sk.j.now)
	return q.Joins("LEFT JOIN partner_preferences pp ON pp.profile_id = p.id").
		Where("(pp.profile_id IS NULL OR pp.age_strict = ? OR (pp.age_min <= ? AND pp.age_max >= ?))", false, age+slack, age-slack)
}

// earthKm is the mean radius of the Earth.
const earthKm = 6371.0

// NearbyKm is how far Nearby looks, city to city.
const NearbyKm = 50.0

// haversineKm is the great-circle distance between two points.
func haversineKm(lat1, lng1, lat2, lng2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earthKm * math.Asin(math.Sqrt(a))
}

// band turns a distance into the coarse band a card may show. Distances are
// city to city, and the city is on the card already, so a band reveals
// nothing finer than what the member chose to show: no trilateration can
// place anyone closer than their city.
func band(km float64) string {
	switch {
	case km < 10:
		return "under10"
	case km < 25:
		return "under25"
	}
	return "under50"
}
