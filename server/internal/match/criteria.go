package match

import (
	"math/bits"
	"slices"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// The preference keys a verdict names, in the order cards show them; they
// are the JSON names of profile.Preference.
const (
	KeyAge           = "age"
	KeyHeight        = "height"
	KeyMaritalStatus = "maritalStatus"
	KeyCommunity     = "community"
	KeyMotherTongue  = "motherTongue"
	KeyEducation     = "education"
	KeyProfession    = "profession"
	KeyIncome        = "income"
	KeyCountry       = "country"
	KeyState         = "state"
	KeyCity          = "city"
	KeyDiet          = "diet"
	KeySmoking       = "smoking"
	KeyDrinking      = "drinking"
)

// RelaxYears is how far Discovery stretches a strict age range each way.
const RelaxYears = 3

// Verdict is how one member's facts fare against another's preferences.
type Verdict struct {
	StrictOK bool // every strict preference that is set is met
	OthersOK bool // every strict preference but the age is met
	AgeNear  bool // the age is not strict, or within RelaxYears of the range
	// met has bit i set when criteria[i] is set and met: a window ranks
	// hundreds of candidates both ways, and only a page's cards name them.
	met uint16
}

// Met names the preferences that are set and met, strict or soft, in the order cards show them.
func (v Verdict) Met() []string { return unmask(v.met) }

// metCount is how many preferences are set and met.
func (v Verdict) metCount() int { return bits.OnesCount16(v.met) }

// incomeBand is what an income preference compares: a band's place in the
// scale, and whether the band discloses an amount at all.
type incomeBand struct {
	Sort      int
	Disclosed bool
}

// criterion is one preference: set reports whether it narrows anything,
// meets whether f meets it.
type criterion struct {
	key    string
	strict func(*profile.Preference) bool
	set    func(*profile.Preference) bool
	meets  func(*profile.Preference, *directory.Facts, *judge) bool
}

// judge holds what every evaluation of one request shares.
type judge struct {
	now    time.Time
	income map[string]incomeBand
}

func idIn(xs []uint64, v *uint64) bool { return v != nil && slices.Contains(xs, *v) }

// criteria lists every preference once; Evaluate and the SQL of the match
// windows (strictQuery) both follow it.
var criteria = []criterion{
	{KeyAge, func(p *profile.Preference) bool { return p.Age.Strict }, func(p *profile.Preference) bool { return p.Age.Max > 0 },
		func(p *profile.Preference, f *directory.Facts, j *judge) bool {
			a := profile.AgeOn(f.DOB, j.now)
			return a >= p.Age.Min && a <= p.Age.Max
		}},
	{KeyHeight, func(p *profile.Preference) bool { return p.Height.Strict },
		func(p *profile.Preference) bool { return p.Height.Min > 0 || p.Height.Max > 0 },
		func(p *profile.Preference, f *directory.Facts, _ *judge) bool {
			return f.HeightCM != nil && (p.Height.Min == 0 || *f.HeightCM >= p.Height.Min) && (p.Height.Max == 0 || *f.HeightCM <= p.Height.Max)
		}},
	{KeyMaritalStatus, func(p *profile.Preference) bool { return p.MaritalStatus.Strict },
		func(p *profile.Preference) bool { return len(p.MaritalStatus.Values) > 0 },
		func(p *profile.Preference, f *directory.Facts, _ *judge) bool {
			return slices.Contains(p.MaritalStatus.Values, f.MaritalStatus)
		}},
	idCriterion(KeyCommunity, func(p *profile.Preference) *profile.IDList { return &p.Community }, func(f *directory.Facts) *uint64 { return f.CommunityID }),
	idCriterion(KeyMotherTongue, func(p *profile.Preference) *profile.IDList { return &p.MotherTongue }, func(f *directory.Facts) *uint64 { return f.MotherTongueID }),
	idCriterion(KeyEducation, func(p *profile.Preference) *profile.IDList { return &p.Education }, func(f *directory.Facts) *uint64 { return f.DegreeID }),
	idCriterion(KeyProfession, func(p *profile.Preference) *profile.IDList { return &p.Profession }, func(f *directory.Facts) *uint64 { return f.ProfessionID }),
	{KeyIncome, func(p *profile.Preference) bool { return p.Income.Strict },
		func(p *profile.Preference) bool { return p.Income.Min != "" || p.Income.Max != "" },
		func(p *profile.Preference, f *directory.Facts, j *judge) bool {
			return j.incomeIn(p.Income.Min, p.Income.Max, f.IncomeBand)
		}},
	idCriterion(KeyCountry, func(p *profile.Preference) *profile.IDList { return &p.Country }, func(f *directory.Facts) *uint64 { return f.CountryID }),
	idCriterion(KeyState, func(p *profile.Preference) *profile.IDList { return &p.State }, func(f *directory.Facts) *uint64 { return f.StateID }),
	idCriterion(KeyCity, func(p *profile.Preference) *profile.IDList { return &p.City }, func(f *directory.Facts) *uint64 { return f.CityID }),
	enumCriterion(KeyDiet, func(p *profile.Preference) *profile.EnumList { return &p.Diet }, func(f *directory.Facts) string { return f.Diet }),
	enumCriterion(KeySmoking, func(p *profile.Preference) *profile.EnumList { return &p.Smoking }, func(f *directory.Facts) string { return f.Smoking }),
	enumCriterion(KeyDrinking, func(p *profile.Preference) *profile.EnumList { return &p.Drinking }, func(f *directory.Facts) string { return f.Drinking }),
}

// incomeIn reports whether band discloses an amount within the bands lo and hi ("" or unknown leaves an end open).
func (j *judge) incomeIn(lo, hi, band string) bool {
	b, ok := j.income[band]
	if !ok || !b.Disclosed {
		return false
	}
	l, hasLo := j.income[lo]
	h, hasHi := j.income[hi]
	return (!hasLo || b.Sort >= l.Sort) && (!hasHi || b.Sort <= h.Sort)
}

// byWish is evaluate(p, me) for the saved preferences p that w read from
// the roster, compact: the same verdict without unpacking p. ageOfMe is
// me's age on the judge's day.
func (j *judge) byWish(w *roster.Wish, me *directory.Facts, ageOfMe int) Verdict {
	met := w.Met
	if w.Set&(1<<roster.WishIncome) != 0 && j.incomeIn(w.IncomeMin, w.IncomeMax, me.IncomeBand) {
		met |= 1 << roster.WishIncome
	}
	failed := w.Set &^ met & w.Strict
	v := Verdict{StrictOK: failed == 0, OthersOK: failed&^(1<<roster.WishAge) == 0, AgeNear: true, met: met}
	if failed&(1<<roster.WishAge) != 0 {
		v.AgeNear = ageOfMe >= w.AgeMin-RelaxYears && ageOfMe <= w.AgeMax+RelaxYears
	}
	return v
}

func idCriterion(key string, list func(*profile.Preference) *profile.IDList, fact func(*directory.Facts) *uint64) criterion {
	return criterion{key, func(p *profile.Preference) bool { return list(p).Strict },
		func(p *profile.Preference) bool { return len(list(p).Values) > 0 },
		func(p *profile.Preference, f *directory.Facts, _ *judge) bool { return idIn(list(p).Values, fact(f)) }}
}

func enumCriterion(key string, list func(*profile.Preference) *profile.EnumList, fact func(*directory.Facts) string) criterion {
	return criterion{key, func(p *profile.Preference) bool { return list(p).Strict },
		func(p *profile.Preference) bool { return len(list(p).Values) > 0 },
		func(p *profile.Preference, f *directory.Facts, _ *judge) bool {
			return slices.Contains(list(p).Values, fact(f))
		}}
}

// evaluate judges f against p: a preference that is not set ("any") is
// neither met nor failed; an unknown fact (no height, income not disclosed)
// does not meet a preference that is set.
func (j *judge) evaluate(p *profile.Preference, f *directory.Facts) Verdict {
	v := Verdict{StrictOK: true, OthersOK: true, AgeNear: true}
	for i, c := range criteria {
		if !c.set(p) {
			continue
		}
		if c.meets(p, f, j) {
			v.met |= 1 << i
			continue
		}
		if !c.strict(p) {
			continue
		}
		v.StrictOK = false
		if c.key == KeyAge {
			a := profile.AgeOn(f.DOB, j.now)
			v.AgeNear = a >= p.Age.Min-RelaxYears && a <= p.Age.Max+RelaxYears
		} else {
			v.OthersOK = false
		}
	}
	return v
}
