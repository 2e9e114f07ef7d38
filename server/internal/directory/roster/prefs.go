package roster

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// prefField is one list of the saved partner preferences: its name in
// partner_preference_values.field and partner_preferences.<name>_strict,
// and where it lives in profile.Preference. Its index is its tag in the
// pool and its bit in entry.prefStrict.
type prefField struct {
	name string
	wish uint16                                      // its bit in a Wish
	ids  func(*profile.Preference) *profile.IDList   // nil for an enum list
	enum func(*profile.Preference) *profile.EnumList // nil for an id list
	// The fact of a member the list names: factID for an id list, factCode for an enum list.
	factID   func(*directory.Facts) *uint64
	factCode func(*directory.Facts) string
}

var prefFields = []prefField{
	{name: "marital", wish: WishMarital, enum: func(p *profile.Preference) *profile.EnumList { return &p.MaritalStatus },
		factCode: func(f *directory.Facts) string { return f.MaritalStatus }},
	{name: "community", wish: WishCommunity, ids: func(p *profile.Preference) *profile.IDList { return &p.Community },
		factID: func(f *directory.Facts) *uint64 { return f.CommunityID }},
	{name: "mother_tongue", wish: WishMotherTongue, ids: func(p *profile.Preference) *profile.IDList { return &p.MotherTongue },
		factID: func(f *directory.Facts) *uint64 { return f.MotherTongueID }},
	{name: "degree", wish: WishEducation, ids: func(p *profile.Preference) *profile.IDList { return &p.Education },
		factID: func(f *directory.Facts) *uint64 { return f.DegreeID }},
	{name: "profession", wish: WishProfession, ids: func(p *profile.Preference) *profile.IDList { return &p.Profession },
		factID: func(f *directory.Facts) *uint64 { return f.ProfessionID }},
	{name: "country", wish: WishCountry, ids: func(p *profile.Preference) *profile.IDList { return &p.Country },
		factID: func(f *directory.Facts) *uint64 { return f.CountryID }},
	{name: "state", wish: WishState, ids: func(p *profile.Preference) *profile.IDList { return &p.State },
		factID: func(f *directory.Facts) *uint64 { return f.StateID }},
	{name: "city", wish: WishCity, ids: func(p *profile.Preference) *profile.IDList { return &p.City },
		factID: func(f *directory.Facts) *uint64 { return f.CityID }},
	{name: "diet", wish: WishDiet, enum: func(p *profile.Preference) *profile.EnumList { return &p.Diet },
		factCode: func(f *directory.Facts) string { return f.Diet }},
	{name: "smoking", wish: WishSmoking, enum: func(p *profile.Preference) *profile.EnumList { return &p.Smoking },
		factCode: func(f *directory.Facts) string { return f.Smoking }},
	{name: "drinking", wish: WishDrinking, enum: func(p *profile.Preference) *profile.EnumList { return &p.Drinking },
		factCode: func(f *directory.Facts) string { return f.Drinking }},
}

// The strict bits of the two ranges, after the lists' bits.
const (
	bitHeight = 11
	bitIncome = 12
	// tagShift places a list's tag above its value in the pool: ids and codes stay below 1<<28.
	tagShift = 28
	valueMax = 1<<tagShift - 1
)

// savedPref is a saved preference as read, before it is packed into an entry.
type savedPref struct {
	heightMin, heightMax int
	incomeMin, incomeMax string
	strict               uint16
	values               [][2]string // field, value
}

var prefTag = func() map[string]int {
	m := make(map[string]int, len(prefFields))
	for i, f := range prefFields {
		m[f.name] = i
	}
	return m
}()

// readPrefs reads the saved preferences of the profiles cond (over
// profile_id) names, with their list values, as two plain scans: at a
// million members the load reads some ten million values.
func (r *Roster) readPrefs(ctx context.Context, cond string, args ...any) (map[uint64]*savedPref, error) {
	db := r.db.WithContext(ctx)
	cols := "profile_id, height_min, height_max, height_strict, income_min, income_max, income_strict"
	for _, f := range prefFields {
		cols += ", " + f.name + "_strict"
	}
	rows, err := db.Raw(fmt.Sprintf("SELECT %s FROM partner_preferences WHERE %s", cols, cond), args...).Rows()
	if err != nil {
		return nil, err
	}
	out := map[uint64]*savedPref{}
	for rows.Next() {
		var id uint64
		var hMin, hMax sql.NullInt64
		var hStrict, iStrict bool
		p := &savedPref{}
		strict := make([]bool, len(prefFields))
		dest := []any{&id, &hMin, &hMax, &hStrict, &p.incomeMin, &p.incomeMax, &iStrict}
		for i := range strict {
			dest = append(dest, &strict[i])
		}
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return nil, err
		}
		p.heightMin, p.heightMax = int(hMin.Int64), int(hMax.Int64)
		for i, on := range append(strict, hStrict, iStrict) {
			if on {
				p.strict |= 1 << i
			}
		}
		out[id] = p
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	rows, err = db.Raw(fmt.Sprintf("SELECT profile_id, field, value FROM partner_preference_values WHERE %s ORDER BY profile_id, id", cond), args...).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id uint64
		var field, value string
		if err := rows.Scan(&id, &field, &value); err != nil {
			return nil, err
		}
		if p := out[id]; p != nil {
			p.values = append(p.values, [2]string{field, value})
		}
	}
	return out, rows.Err()
}

// setPref packs p into e, its lists appended to the snapshot's pool; nil clears it.
func (s *snapshot) setPref(e *entry, p *savedPref) {
	e.prefOff, e.prefN, e.prefHMin, e.prefHMax, e.prefIncMin, e.prefIncMax, e.prefStrict = 0, 0, 0, 0, 0, 0, 0
	if p == nil {
		return
	}
	e.prefHMin, e.prefHMax = int16(p.heightMin), int16(p.heightMax)
	e.prefIncMin, e.prefIncMax = s.codes.code(p.incomeMin), s.codes.code(p.incomeMax)
	e.prefStrict = p.strict
	e.prefOff = int32(len(s.pool))
	for _, fv := range p.values {
		tag, ok := prefTag[fv[0]]
		if !ok || e.prefN == 1<<16-1 {
			continue
		}
		var v uint64
		if prefFields[tag].ids != nil {
			var err error
			if v, err = strconv.ParseUint(fv[1], 10, 64); err != nil || v == 0 || v > valueMax {
				continue
			}
		} else {
			v = uint64(s.codes.code(fv[1]))
		}
		s.pool = append(s.pool, uint32(tag)<<tagShift|uint32(v))
		e.prefN++
	}
}

// preference unpacks the saved preferences of e (nil when it saved none),
// as profile.SavedPreferences returns them: without names.
func (s *snapshot) preference(e *entry) *profile.Preference {
	if !e.hasPref {
		return nil
	}
	p := &profile.Preference{Saved: true,
		Age:    profile.Range{Min: int(e.ageMin), Max: int(e.ageMax), Strict: e.ageStrict},
		Height: profile.Range{Min: int(e.prefHMin), Max: int(e.prefHMax), Strict: e.prefStrict&(1<<bitHeight) != 0},
		Income: profile.IncomeRange{Min: s.codes.names[e.prefIncMin], Max: s.codes.names[e.prefIncMax], Strict: e.prefStrict&(1<<bitIncome) != 0}}
	for i, f := range prefFields {
		strict := e.prefStrict&(1<<i) != 0
		if f.ids != nil {
			f.ids(p).Strict, f.ids(p).Values, f.ids(p).Names = strict, []uint64{}, []string{}
		} else {
			f.enum(p).Strict, f.enum(p).Values = strict, []string{}
		}
	}
	// Each list is made once at its size (a window unpacks hundreds of
	// members' preferences on every first ask), then filled in pool order.
	vals := s.pool[e.prefOff : e.prefOff+int32(e.prefN)]
	var n [1 << (32 - tagShift)]int
	for _, x := range vals {
		n[x>>tagShift]++
	}
	for tag, c := range n[:len(prefFields)] {
		if c == 0 {
			continue
		}
		if f := prefFields[tag]; f.ids != nil {
			f.ids(p).Values = make([]uint64, 0, c)
		} else {
			f.enum(p).Values = make([]string, 0, c)
		}
	}
	for _, x := range vals {
		f, v := prefFields[x>>tagShift], x&valueMax
		if f.ids != nil {
			l := f.ids(p)
			l.Values = append(l.Values, uint64(v))
		} else {
			l := f.enum(p)
			l.Values = append(l.Values, s.codes.names[v])
		}
	}
	return p
}

// Preferences returns the saved partner preferences of those of ids the
// roster holds and who saved any, as profile.SavedPreferences would read
// them, and ok false until the roster has loaded.
func (r *Roster) Preferences(ids []uint64) (prefs map[uint64]*profile.Preference, ok bool) {
	s := r.loaded()
	if s == nil {
		return nil, false
	}
	out := make(map[uint64]*profile.Preference, len(ids))
	for _, id := range ids {
		slot, ok := s.slotOf(id)
		if !ok {
			continue
		}
		if p := s.preference(s.entries.at(slot)); p != nil {
			out[id] = p
		}
	}
	return out, true
}

// Member returns a member's facts and saved partner preferences as the
// roster holds them, when its reads began more than the sync overlap after
// changedAt (so they hold every change made up to then, allowing for clocks
// of nodes that differ a little) and the member saved preferences; ok is
// false otherwise, and the caller reads the database. A member's list read
// this way needs three queries fewer.
func (r *Roster) Member(id uint64, changedAt time.Time) (f directory.Facts, p *profile.Preference, ok bool) {
	if r == nil || r.readThrough {
		return directory.Facts{}, nil, false
	}
	s := r.snap.Load()
	if s == nil || !s.at.Add(-overlap).After(changedAt) {
		return directory.Facts{}, nil, false
	}
	slot, found := s.slotOf(id)
	if !found {
		return directory.Facts{}, nil, false
	}
	e := s.entries.at(slot)
	if p = s.preference(e); p == nil {
		return directory.Facts{}, nil, false
	}
	return s.facts(e), p, true
}
