package roster

import (
	"time"

	"gorm.io/gorm"
)

// SQL narrows q, a directory.Members query over profiles p, to the members
// Query asks for: the same conditions Window and Keyset test in memory,
// written once here as SQL for the database path (before the roster has
// loaded, in the naive benchmark, and for filters the roster does not hold).
// Exclude is not read: directory.Members already leaves those out.
func (rq *Query) SQL(q *gorm.DB) *gorm.DB {
	q = q.Where("p.gender = ?", rq.Gender)
	if !rq.DOBFrom.IsZero() {
		q = q.Where("p.dob >= ?", rq.DOBFrom.Format(time.DateOnly))
	}
	if !rq.DOBBefore.IsZero() {
		q = q.Where("p.dob < ?", rq.DOBBefore.Format(time.DateOnly))
	}
	if rq.HeightKnown || rq.HeightMin > 0 || rq.HeightMax > 0 {
		q = q.Where("p.height_cm IS NOT NULL")
	}
	if rq.HeightMin > 0 {
		q = q.Where("p.height_cm >= ?", rq.HeightMin)
	}
	if rq.HeightMax > 0 {
		q = q.Where("p.height_cm <= ?", rq.HeightMax)
	}
	for _, c := range []struct {
		col string
		ids []uint64
	}{{"p.community_id", rq.Community}, {"p.mother_tongue_id", rq.MotherTongue}, {"p.degree_id", rq.Degree},
		{"p.profession_id", rq.Profession}, {"p.country_id", rq.Country}, {"p.state_id", rq.State}, {"p.city_id", rq.City}} {
		if len(c.ids) > 0 {
			q = q.Where(c.col+" IN ?", c.ids)
		}
	}
	for _, c := range []struct {
		col  string
		vals []string
	}{{"p.marital_status", rq.Marital}, {"p.diet", rq.Diet}, {"p.smoking", rq.Smoking}, {"p.drinking", rq.Drinking}} {
		if len(c.vals) > 0 {
			q = q.Where(c.col+" IN ?", c.vals)
		}
	}
	switch {
	case len(rq.Income) > 0:
		q = q.Where("p.income_band IN ?", rq.Income)
	case rq.IncomeSet:
		q = q.Where("1 = 0")
	}
	if !rq.CreatedFrom.IsZero() {
		q = q.Where("p.created_at >= ?", rq.CreatedFrom)
	}
	if !rq.ActiveFrom.IsZero() {
		q = q.Where("p.last_active_at >= ?", rq.ActiveFrom)
	}
	if rv := rq.Reverse; rv != nil {
		q = q.Joins("LEFT JOIN partner_preferences pp ON pp.profile_id = p.id").
			Where("(pp.profile_id IS NULL OR pp.age_strict = ? OR (pp.age_min <= ? AND pp.age_max >= ?))", false, rv.Age+rv.Slack, rv.Age-rv.Slack)
	}
	return q
}
