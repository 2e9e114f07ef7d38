package profile

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Preference limits.
const (
	PartnerMinAgeBride = 18 // a bride must be at least 18 (product.md "Who uses it")
	PartnerMinAgeGroom = 21 // a groom at least 21
	PartnerMaxAge      = 70
	MaxPreferenceItems = 50 // values in one list
)

// Preference messages.
const (
	MsgAgeRange      = "Please choose an age range between %d and 70"
	MsgAgeOrder      = "The minimum age cannot be more than the maximum age"
	MsgHeightOrder   = "The minimum height cannot be more than the maximum height"
	MsgIncomeOrder   = "The minimum income cannot be more than the maximum income"
	MsgTooManyValues = "Please choose at most 50 values"
)

// Range is a numeric preference: an age in years or a height in cm. For
// height, 0 leaves that end open.
type Range struct {
	Min    int  `json:"min"`
	Max    int  `json:"max"`
	Strict bool `json:"strict"`
}

// IncomeRange bounds the partner's income band by income_bands codes; "" leaves that end open.
type IncomeRange struct {
	Min      string `json:"min"`
	Max      string `json:"max"`
	MinLabel string `json:"minLabel"` // answers only
	MaxLabel string `json:"maxLabel"` // answers only
	Strict   bool   `json:"strict"`
}

// IDList is a preference over master data ids; no values means any.
type IDList struct {
	Values []uint64 `json:"values"`
	Names  []string `json:"names"` // answers only, in the order of Values
	Strict bool     `json:"strict"`
}

// EnumList is a preference over a fixed list; no values means any.
type EnumList struct {
	Values []string `json:"values"`
	Strict bool     `json:"strict"`
}

// Preference is the member's partner preferences (GET and POST preference).
// Each field may be strict (a match must meet it) or soft (it only ranks).
type Preference struct {
	Saved         bool        `json:"saved"` // false: these are defaults derived from the member's own profile
	Age           Range       `json:"age"`
	Height        Range       `json:"height"`
	MaritalStatus EnumList    `json:"maritalStatus"`
	Community     IDList      `json:"community"` // denominations; no values: any denomination
	MotherTongue  IDList      `json:"motherTongue"`
	Education     IDList      `json:"education"` // degree ids
	Profession    IDList      `json:"profession"`
	Income        IncomeRange `json:"income"`
	Country       IDList      `json:"country"`
	State         IDList      `json:"state"`
	City          IDList      `json:"city"`
	Diet          EnumList    `json:"diet"`
	Smoking       EnumList    `json:"smoking"`
	Drinking      EnumList    `json:"drinking"`
}

// idField ties an IDList to its storage field and master table.
type idField struct {
	field, table, jsonName, msg string
	get                         func(*Preference) *IDList
}

var idFields = []idField{
	{"community", "communities", "community", "Please select valid denominations", func(p *Preference) *IDList { return &p.Community }},
	{"mother_tongue", "languages", "motherTongue", "Please select valid languages", func(p *Preference) *IDList { return &p.MotherTongue }},
	{"degree", "degrees", "education", "Please select valid degrees", func(p *Preference) *IDList { return &p.Education }},
	{"profession", "professions", "profession", "Please select valid professions", func(p *Preference) *IDList { return &p.Profession }},
	{"country", "countries", "country", "Please select valid countries", func(p *Preference) *IDList { return &p.Country }},
	{"state", "states", "state", "Please select valid states", func(p *Preference) *IDList { return &p.State }},
	{"city", "cities", "city", "Please select valid cities", func(p *Preference) *IDList { return &p.City }},
}

// enumField ties an EnumList to its storage field and fixed list.
type enumField struct {
	field, enum, jsonName, msg string
	get                        func(*Preference) *EnumList
}

var enumFields = []enumField{
	{"marital", "maritalStatus", "maritalStatus", "Please select valid marital statuses", func(p *Preference) *EnumList { return &p.MaritalStatus }},
	{"diet", "diet", "diet", "Please select valid diets", func(p *Preference) *EnumList { return &p.Diet }},
	{"smoking", "smoking", "smoking", "Please select valid smoking habits", func(p *Preference) *EnumList { return &p.Smoking }},
	{"drinking", "drinking", "drinking", "Please select valid drinking habits", func(p *Preference) *EnumList { return &p.Drinking }},
}

var prefOrder = []string{"age", "height", "maritalStatus", "community", "motherTongue", "education", "profession",
	"income", "country", "state", "city", "diet", "smoking", "drinking"}

// prefRow is partner_preferences.
type prefRow struct {
	ProfileID                           uint64
	AgeMin, AgeMax                      int
	AgeStrict                           bool
	HeightMin, HeightMax                *int
	HeightStrict                        bool
	IncomeMin, IncomeMax                string
	IncomeStrict                        bool
	MaritalStrict, CommunityStrict      bool
	MotherTongueStrict, DegreeStrict    bool
	ProfessionStrict, CountryStrict     bool
	StateStrict, CityStrict, DietStrict bool
	SmokingStrict, DrinkingStrict       bool
}

// partnerMinAge is the legal minimum age of the partner of a member of gender.
func partnerMinAge(gender int) int {
	if gender == GenderFemale {
		return PartnerMinAgeGroom
	}
	return PartnerMinAgeBride
}

// Basics are the parts of a profile that its default partner preferences derive from.
type Basics struct {
	Gender                                 int
	HeightCM                               *int
	MaritalStatus                          string
	CommunityID, MotherTongueID, CountryID *uint64
}

// DefaultPreference derives preferences from a member's own profile (b, and
// age in years): a bride sees grooms of her age up to 7 years older, a groom
// brides up to 5 years younger; a partner of the same marital status (never
// married, or any otherwise), denomination, mother tongue and country, all
// soft but the age. A member who never saved preferences is matched with these.
func DefaultPreference(b Basics, age int) Preference {
	p := Preference{Age: Range{Strict: true}}
	minAge := partnerMinAge(b.Gender)
	if b.Gender == GenderFemale {
		p.Age.Min, p.Age.Max = max(minAge, age), max(minAge, age)+7
	} else {
		p.Age.Min, p.Age.Max = max(minAge, age-5), max(minAge, age)
	}
	p.Age.Max = min(p.Age.Max, PartnerMaxAge)
	if b.HeightCM != nil {
		if b.Gender == GenderFemale {
			p.Height.Min = *b.HeightCM
		} else {
			p.Height.Max = *b.HeightCM
		}
	}
	if b.MaritalStatus == NeverMarried {
		p.MaritalStatus.Values = []string{NeverMarried}
	}
	if b.CommunityID != nil {
		p.Community.Values = []uint64{*b.CommunityID}
	}
	if b.MotherTongueID != nil {
		p.MotherTongue.Values = []uint64{*b.MotherTongueID}
	}
	if b.CountryID != nil {
		p.Country.Values = []uint64{*b.CountryID}
	}
	normalizePreference(&p)
	return p
}

// defaults derives preferences from the member's profile row (see DefaultPreference).
func defaults(r *row, age int) Preference {
	return DefaultPreference(Basics{Gender: r.Gender, HeightCM: r.HeightCM, MaritalStatus: r.MaritalStatus,
		CommunityID: r.CommunityID, MotherTongueID: r.MotherTongueID, CountryID: r.CountryID}, age)
}

// Preference returns the member's saved partner preferences, or defaults
// derived from their profile (Saved false) when none are saved.
func (s *Service) Preference(ctx context.Context, profileID uint64) (*Preference, error) {
	db := s.db.WithContext(ctx)
	p, err := s.loadPreference(db, profileID)
	if err != nil {
		return nil, internal(err)
	}
	if err := s.fillNames(db, p); err != nil {
		return nil, internal(err)
	}
	return p, nil
}

// PreferenceValues is Preference without the master names (Names and the
// income labels stay empty): what matching compares, in two queries.
func (s *Service) PreferenceValues(ctx context.Context, profileID uint64) (*Preference, error) {
	p, err := s.loadPreference(s.db.WithContext(ctx), profileID)
	if err != nil {
		return nil, internal(err)
	}
	return p, nil
}

// loadPreference reads saved preferences or builds the defaults, without names.
func (s *Service) loadPreference(db *gorm.DB, profileID uint64) (*Preference, error) {
	var rows []prefRow
	if err := db.Table("partner_preferences").Where("profile_id = ?", profileID).Limit(1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		r, ok, err := loadRow(db, "p.id = ?", profileID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, notFound()
		}
		now := s.clock()
		p := defaults(r, AgeOn(r.DOB, now))
		normalizePreference(&p)
		return &p, nil
	}
	var vals []prefValue
	if err := db.Table("partner_preference_values").Select("profile_id, field, value").Where("profile_id = ?", profileID).
		Order("id").Find(&vals).Error; err != nil {
		return nil, err
	}
	return buildSaved(rows[0], vals), nil
}

// prefValue is one partner_preference_values row.
type prefValue struct {
	ProfileID    uint64
	Field, Value string
}

// buildSaved assembles saved preferences from their row and value rows (without names).
func buildSaved(pr prefRow, vals []prefValue) *Preference {
	p := &Preference{Saved: true, Age: Range{Min: pr.AgeMin, Max: pr.AgeMax, Strict: pr.AgeStrict},
		Height: Range{Strict: pr.HeightStrict}, Income: IncomeRange{Min: pr.IncomeMin, Max: pr.IncomeMax, Strict: pr.IncomeStrict}}
	if pr.HeightMin != nil {
		p.Height.Min = *pr.HeightMin
	}
	if pr.HeightMax != nil {
		p.Height.Max = *pr.HeightMax
	}
	strict := map[string]bool{"marital": pr.MaritalStrict, "community": pr.CommunityStrict, "mother_tongue": pr.MotherTongueStrict,
		"degree": pr.DegreeStrict, "profession": pr.ProfessionStrict, "country": pr.CountryStrict, "state": pr.StateStrict,
		"city": pr.CityStrict, "diet": pr.DietStrict, "smoking": pr.SmokingStrict, "drinking": pr.DrinkingStrict}
	for _, f := range idFields {
		l := f.get(p)
		l.Strict = strict[f.field]
		for _, v := range vals {
			if v.Field == f.field {
				if id, err := strconv.ParseUint(v.Value, 10, 64); err == nil {
					l.Values = append(l.Values, id)
				}
			}
		}
	}
	for _, f := range enumFields {
		l := f.get(p)
		l.Strict = strict[f.field]
		for _, v := range vals {
			if v.Field == f.field {
				l.Values = append(l.Values, v.Value)
			}
		}
	}
	normalizePreference(p)
	return p
}

// SavedPreferences returns the saved preferences (without names) of those of
// ids that saved any, in two queries; matching uses it for a whole window of
// candidates and derives the others' with DefaultPreference.
func (s *Service) SavedPreferences(ctx context.Context, ids []uint64) (map[uint64]*Preference, error) {
	out := make(map[uint64]*Preference, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	db := s.db.WithContext(ctx)
	var rows []prefRow
	var vals []prefValue
	for part := range slices.Chunk(ids, store.MaxInList) {
		var r []prefRow
		if err := db.Table("partner_preferences").Where("profile_id IN ?", part).Find(&r).Error; err != nil {
			return nil, internal(err)
		}
		var v []prefValue
		if err := db.Table("partner_preference_values").Select("profile_id, field, value").Where("profile_id IN ?", part).
			Order("id").Find(&v).Error; err != nil {
			return nil, internal(err)
		}
		rows, vals = append(rows, r...), append(vals, v...)
	}
	byProfile := make(map[uint64][]prefValue, len(rows))
	for _, v := range vals {
		byProfile[v.ProfileID] = append(byProfile[v.ProfileID], v)
	}
	for _, r := range rows {
		out[r.ProfileID] = buildSaved(r, byProfile[r.ProfileID])
	}
	return out, nil
}

// normalizePreference makes every list non-nil, so answers carry [] rather than null.
func normalizePreference(p *Preference) {
	for _, f := range idFields {
		l := f.get(p)
		if l.Values == nil {
			l.Values = []uint64{}
		}
		l.Names = []string{}
	}
	for _, f := range enumFields {
		if l := f.get(p); l.Values == nil {
			l.Values = []string{}
		}
	}
}

// fillNames adds the master names of every id list and the income labels.
func (s *Service) fillNames(db *gorm.DB, p *Preference) error {
	for _, f := range idFields {
		l := f.get(p)
		l.Names = make([]string, 0, len(l.Values))
		if len(l.Values) == 0 {
			continue
		}
		var rows []struct {
			ID   uint64
			Name string
		}
		if err := db.Table(f.table).Select("id, name").Where("id IN ?", l.Values).Find(&rows).Error; err != nil {
			return err
		}
		names := map[uint64]string{}
		for _, r := range rows {
			names[r.ID] = r.Name
		}
		for _, id := range l.Values {
			l.Names = append(l.Names, names[id])
		}
	}
	for _, b := range []struct {
		code string
		dst  *string
	}{{p.Income.Min, &p.Income.MinLabel}, {p.Income.Max, &p.Income.MaxLabel}} {
		*b.dst = ""
		if b.code == "" {
			continue
		}
		var labels []string
		if err := db.Table("income_bands").Where("code = ?", b.code).Limit(1).Pluck("label", &labels).Error; err != nil {
			return err
		}
		if len(labels) > 0 {
			*b.dst = labels[0]
		}
	}
	return nil
}

// PreferenceFields are the JSON names of the preference fields, the keys a partial save may send.
var PreferenceFields = prefOrder

// SavePreference validates and stores the member's partner preferences;
// created is true the first time. sent names the fields the caller sent
// (JSON names, see PreferenceFields): the others keep their current value
// (saved, or the defaults), so a partial body never resets what it left
// out. A nil sent means every field was sent.
func (s *Service) SavePreference(ctx context.Context, profileID uint64, in Preference, sent map[string]bool) (p *Preference, created bool, err error) {
	db := s.db.WithContext(ctx)
	var me struct{ Gender int }
	res := db.Table("profiles").Select("gender").Where("id = ?", profileID).Limit(1).Scan(&me)
	if res.Error != nil {
		return nil, false, internal(res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, false, notFound()
	}
	if sent != nil {
		cur, err := s.loadPreference(db, profileID)
		if err != nil {
			return nil, false, internal(err)
		}
		mergePreference(&in, cur, sent)
	}
	errs := map[string]string{}
	minAge := partnerMinAge(me.Gender)
	switch {
	case in.Age.Min < minAge || in.Age.Max > PartnerMaxAge || in.Age.Max < minAge:
		errs["age"] = strings.Replace(MsgAgeRange, "%d", strconv.Itoa(minAge), 1)
	case in.Age.Min > in.Age.Max:
		errs["age"] = MsgAgeOrder
	}
	for _, h := range []int{in.Height.Min, in.Height.Max} {
		if h == 0 {
			continue
		}
		var n int64
		if err := db.Table("heights").Where("cm = ?", h).Count(&n).Error; err != nil {
			return nil, false, internal(err)
		}
		if n == 0 {
			errs["height"] = MsgHeightInvalid
		}
	}
	if errs["height"] == "" && in.Height.Min != 0 && in.Height.Max != 0 && in.Height.Min > in.Height.Max {
		errs["height"] = MsgHeightOrder
	}
	in.Income.Min, in.Income.Max = strings.TrimSpace(in.Income.Min), strings.TrimSpace(in.Income.Max)
	sorts := map[string]int{}
	for _, code := range []string{in.Income.Min, in.Income.Max} {
		if code == "" {
			continue
		}
		var rows []struct {
			Sort           int
			MinINR, MaxINR int64
		}
		if err := db.Table("income_bands").Select("sort, min_inr, max_inr").Where("code = ?", code).Find(&rows).Error; err != nil {
			return nil, false, internal(err)
		}
		if len(rows) == 0 || (rows[0].MinINR == 0 && rows[0].MaxINR == 0) { // "Not disclosed" bounds nothing
			errs["income"] = MsgIncomeInvalid
			continue
		}
		sorts[code] = rows[0].Sort
	}
	if errs["income"] == "" && in.Income.Min != "" && in.Income.Max != "" && sorts[in.Income.Min] > sorts[in.Income.Max] {
		errs["income"] = MsgIncomeOrder
	}
	for _, f := range idFields {
		l := f.get(&in)
		l.Values = UniqueIDs(l.Values)
		if len(l.Values) > MaxPreferenceItems {
			errs[f.jsonName] = MsgTooManyValues
			continue
		}
		if len(l.Values) == 0 {
			continue
		}
		var n int64
		if err := db.Table(f.table).Where("id IN ?", l.Values).Count(&n).Error; err != nil {
			return nil, false, internal(err)
		}
		if int(n) != len(l.Values) {
			errs[f.jsonName] = f.msg
		}
	}
	for _, f := range enumFields {
		l := f.get(&in)
		l.Values = UniqueStrings(l.Values)
		for _, v := range l.Values {
			if !valid(f.enum, v) {
				errs[f.jsonName] = f.msg
			}
		}
	}
	if len(errs) > 0 {
		return nil, false, apperr.Validation(errs, prefOrder...)
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		var werr error
		if created, werr = writePreference(tx, s.db.Dialect, profileID, &in, s.clock()); werr != nil {
			return werr
		}
		return s.recompute(ctx, tx, profileID)
	})
	if err != nil {
		return nil, false, internal(err)
	}
	p, err = s.Preference(ctx, profileID)
	return p, created, err
}

// mergePreference copies into in every field of cur whose JSON name is not in sent.
func mergePreference(in, cur *Preference, sent map[string]bool) {
	keep := func(name string) bool { return !sent[name] }
	if keep("age") {
		in.Age = cur.Age
	}
	if keep("height") {
		in.Height = cur.Height
	}
	if keep("income") {
		in.Income = cur.Income
	}
	for _, f := range idFields {
		if keep(f.jsonName) {
			*f.get(in) = *f.get(cur)
		}
	}
	for _, f := range enumFields {
		if keep(f.jsonName) {
			*f.get(in) = *f.get(cur)
		}
	}
}

// UniqueIDs drops zeros and repeats from xs, keeping the first of each, and never returns nil.
func UniqueIDs(xs []uint64) []uint64 {
	seen := map[uint64]bool{}
	out := []uint64{}
	for _, x := range xs {
		if x != 0 && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// UniqueStrings trims xs and drops empty values and repeats, keeping the first of each, and never returns nil.
func UniqueStrings(xs []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, x := range xs {
		x = strings.TrimSpace(x)
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// writePreference stores validated preferences in tx, replacing any saved ones; created is true the first time.
func writePreference(tx *gorm.DB, d store.Dialect, profileID uint64, in *Preference, now time.Time) (created bool, err error) {
	nullable := func(v int) any {
		if v == 0 {
			return nil
		}
		return v
	}
	cols := map[string]any{"age_min": in.Age.Min, "age_max": in.Age.Max, "age_strict": in.Age.Strict,
		"height_min": nullable(in.Height.Min), "height_max": nullable(in.Height.Max), "height_strict": in.Height.Strict,
		"income_min": in.Income.Min, "income_max": in.Income.Max, "income_strict": in.Income.Strict,
		"marital_strict": in.MaritalStatus.Strict, "community_strict": in.Community.Strict,
		"mother_tongue_strict": in.MotherTongue.Strict, "degree_strict": in.Education.Strict,
		"profession_strict": in.Profession.Strict, "country_strict": in.Country.Strict, "state_strict": in.State.Strict,
		"city_strict": in.City.Strict, "diet_strict": in.Diet.Strict, "smoking_strict": in.Smoking.Strict,
		"drinking_strict": in.Drinking.Strict, "updated_at": now}
	if err := lockProfile(tx, d, profileID); err != nil {
		return false, err
	}
	var n int64
	if err := tx.Table("partner_preferences").Where("profile_id = ?", profileID).Count(&n).Error; err != nil {
		return false, err
	}
	created = n == 0
	if created {
		cols["profile_id"], cols["created_at"] = profileID, now
		if err := tx.Table("partner_preferences").Create(cols).Error; err != nil {
			return false, err
		}
	} else if err := tx.Table("partner_preferences").Where("profile_id = ?", profileID).Updates(cols).Error; err != nil {
		return false, err
	}
	if err := tx.Exec("DELETE FROM partner_preference_values WHERE profile_id = ?", profileID).Error; err != nil {
		return false, err
	}
	var vals []map[string]any
	for _, f := range idFields {
		for _, id := range f.get(in).Values {
			vals = append(vals, map[string]any{"profile_id": profileID, "field": f.field, "value": strconv.FormatUint(id, 10)})
		}
	}
	for _, f := range enumFields {
		for _, v := range f.get(in).Values {
			vals = append(vals, map[string]any{"profile_id": profileID, "field": f.field, "value": v})
		}
	}
	if len(vals) > 0 {
		if err := tx.Table("partner_preference_values").Create(vals).Error; err != nil {
			return false, err
		}
	}
	return created, nil
}

// SeedDefaultPreferences saves, for each of profileIDs that has none yet,
// the defaults derived from its profile (see defaults), and returns how many
// it saved. The demo seed uses it; running it again saves nothing.
func SeedDefaultPreferences(ctx context.Context, db *store.DB, profileIDs []uint64) (int, error) {
	saved := 0
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, id := range profileIDs {
		err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var n int64
			if err := tx.Table("partner_preferences").Where("profile_id = ?", id).Count(&n).Error; err != nil || n > 0 {
				return err
			}
			r, ok, err := loadRow(tx, "p.id = ?", id)
			if err != nil || !ok {
				return err
			}
			p := defaults(r, AgeOn(r.DOB, now))
			if _, err := writePreference(tx, db.Dialect, id, &p, now); err != nil {
				return err
			}
			saved++
			return nil
		})
		if err != nil {
			return saved, err
		}
	}
	return saved, nil
}
