package match

import (
	"math"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// DOBBounds is "age between min and max on day now" as a half-open range
// of dates of birth (dob >= from, dob < before), so the index on dob serves
// it on both engines (no function around the column; SQLite may keep a time
// after the date, which a half-open range still orders correctly). A zero
// age leaves its end open (a zero time).
func DOBBounds(minAge, maxAge int, now time.Time) (from, before time.Time) {
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if maxAge > 0 { // older than max+1 years is out: born after the day max+1 years ago
		from = day.AddDate(-maxAge-1, 0, 1)
	}
	if minAge > 0 { // born on or before the day min years ago
		before = day.AddDate(-minAge, 0, 1)
	}
	return from, before
}

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

// strictQuery is the roster query of the members who meet the viewer's
// strict preferences, of the other gender; evaluate checks the same rules
// again in memory. The roster runs it over memory, or as SQL (Query.SQL).
func (sk *seeker) strictQuery() *roster.Query {
	p := sk.pref
	q := &roster.Query{Gender: sk.other}
	if p.Age.Strict && p.Age.Max > 0 {
		q.DOBFrom, q.DOBBefore = DOBBounds(p.Age.Min, p.Age.Max, sk.j.now)
	}
	if p.Height.Strict && (p.Height.Min > 0 || p.Height.Max > 0) {
		q.HeightKnown, q.HeightMin, q.HeightMax = true, p.Height.Min, p.Height.Max
	}
	if p.Income.Strict && (p.Income.Min != "" || p.Income.Max != "") {
		q.Income, q.IncomeSet = sk.j.incomeCodes(p.Income.Min, p.Income.Max), true
	}
	for _, l := range []struct {
		list *profile.IDList
		to   *[]uint64
	}{{&p.Community, &q.Community}, {&p.MotherTongue, &q.MotherTongue}, {&p.Education, &q.Degree},
		{&p.Profession, &q.Profession}, {&p.Country, &q.Country}, {&p.State, &q.State}, {&p.City, &q.City}} {
		if l.list.Strict && len(l.list.Values) > 0 {
			*l.to = l.list.Values
		}
	}
	for _, l := range []struct {
		list *profile.EnumList
		to   *[]string
	}{{&p.MaritalStatus, &q.Marital}, {&p.Diet, &q.Diet}, {&p.Smoking, &q.Smoking}, {&p.Drinking, &q.Drinking}} {
		if l.list.Strict && len(l.list.Values) > 0 {
			*l.to = l.list.Values
		}
	}
	return q
}

// reverse leaves out, already in the window, the members whose saved strict
// age range does not take the viewer's age (stretched by slack years each
// way): most members keep age strict, so the window is not filled with
// people evaluate would drop. Members without saved preferences pass here
// and are judged on their defaults in memory.
func (sk *seeker) reverse(slack int) *roster.Reverse {
	return &roster.Reverse{Age: profile.AgeOn(sk.facts.DOB, sk.j.now), Slack: slack}
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
