package roster

import (
	"github.com/tfmmatrimony/tfm/server/internal/directory"
)

// The preferences a Wish reports, one bit each. The order is the order in
// which match lists its criteria, so a Wish's bits are a verdict's bits
// (match's tests hold the two lists to each other).
const (
	WishAge = iota
	WishHeight
	WishMarital
	WishCommunity
	WishMotherTongue
	WishEducation
	WishProfession
	WishIncome
	WishCountry
	WishState
	WishCity
	WishDiet
	WishSmoking
	WishDrinking
)

// Wish is how one candidate's saved partner preferences judge a member's
// facts, read from the roster's compact entry without unpacking it into a
// profile.Preference (a first ask judges the viewer against hundreds of
// candidates' preferences). Bits are 1<<Wish...: Set, the preferences
// the candidate set (any value but "any"); Strict, those they marked strict
// (set or not); Met, those set and met by the member, except the income,
// which the caller compares on its scale (IncomeMin and IncomeMax).
type Wish struct {
	Saved                bool // false: the candidate saved no preferences, and the rest is zero
	Set, Strict, Met     uint16
	AgeMin, AgeMax       int
	IncomeMin, IncomeMax string
}

// noValue is what a member's fact compares as when a preference cannot
// name it (unknown, or past what the pool holds): no pool value has its tag.
const noValue = ^uint32(0)

// Wishes judges each candidate's saved preferences against me, the
// member asking, aged age: one Wish per Facts, in order. It is nil when
// the database served the window, and then the caller reads the saved
// preferences (profile.SavedPreferences) and judges those.
func (c *Candidates) Wishes(me *directory.Facts, age int) []Wish {
	if c.snap == nil {
		return nil
	}
	s := c.snap
	// mine[tag] is the pool value that means "me" for each list: tag and value.
	var mine [1 << (32 - tagShift)]uint32
	for i := range mine {
		mine[i] = noValue
	}
	for tag, f := range prefFields {
		var v uint32
		if f.ids != nil {
			p := f.factID(me)
			if p == nil || *p == 0 || *p > valueMax {
				continue
			}
			v = uint32(*p)
		} else {
			x, ok := s.codes.ids[f.factCode(me)]
			if !ok || x == other {
				continue
			}
			v = uint32(x)
		}
		mine[tag] = uint32(tag)<<tagShift | v
	}
	hasHeight, height := me.HeightCM != nil, 0
	if hasHeight {
		height = *me.HeightCM
	}
	out := make([]Wish, len(c.entries))
	for i, e := range c.entries {
		if !e.hasPref {
			continue
		}
		w := &out[i]
		w.Saved, w.AgeMin, w.AgeMax = true, int(e.ageMin), int(e.ageMax)
		if e.ageStrict {
			w.Strict |= 1 << WishAge
		}
		if e.ageMax > 0 {
			w.Set |= 1 << WishAge
			if age >= w.AgeMin && age <= w.AgeMax {
				w.Met |= 1 << WishAge
			}
		}
		if lo, hi := int(e.prefHMin), int(e.prefHMax); lo > 0 || hi > 0 {
			w.Set |= 1 << WishHeight
			if hasHeight && (lo == 0 || height >= lo) && (hi == 0 || height <= hi) {
				w.Met |= 1 << WishHeight
			}
		}
		if e.prefStrict&(1<<bitHeight) != 0 {
			w.Strict |= 1 << WishHeight
		}
		if w.IncomeMin, w.IncomeMax = s.codes.names[e.prefIncMin], s.codes.names[e.prefIncMax]; w.IncomeMin != "" || w.IncomeMax != "" {
			w.Set |= 1 << WishIncome
		}
		if e.prefStrict&(1<<bitIncome) != 0 {
			w.Strict |= 1 << WishIncome
		}
		for tag := range prefFields {
			if e.prefStrict&(1<<tag) != 0 {
				w.Strict |= 1 << prefFields[tag].wish
			}
		}
		for _, x := range s.pool[e.prefOff : e.prefOff+int32(e.prefN)] {
			bit := uint16(1) << prefFields[x>>tagShift].wish
			w.Set |= bit
			if x == mine[x>>tagShift] {
				w.Met |= bit
			}
		}
	}
	return out
}
