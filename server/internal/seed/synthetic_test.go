package seed

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"strconv"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	tfmdb "github.com/tfmmatrimony/tfm/db"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

const synthLike = "synthetic.%@" + SyntheticDomain

// TestSynthetic seeds 500 synthetic members on each engine and checks what
// the rest of the app relies on: every member complete with preferences,
// legal ages, cities inside their states, values that exist, unique phones
// and codes, the password, and that runs add only what is missing.
func TestSynthetic(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			ctx := context.Background()
			// One connection: the bulk load's session settings must be restored on it.
			db.SQL().SetMaxOpenConns(1)
			s := &Seeder{DB: db, Files: tfmdb.Seed, MediaDir: t.TempDir(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)), PasswordCost: bcrypt.MinCost}
			if err := s.Run(ctx); err != nil {
				t.Fatal(err)
			}
			n, err := s.Synthetic(ctx, SyntheticOptions{Count: 500, Seed: 7})
			if err != nil || n != 500 {
				t.Fatalf("created %d, %v", n, err)
			}
			checkSynthetic(t, db, 500)
			checkSession(t, db)
			checkDates(t, db, 500)

			var before string
			db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").Where("u.email = ?", SyntheticEmail(1)).Pluck("p.profile_code", &before)
			if n, err := s.Synthetic(ctx, SyntheticOptions{Count: 500, Seed: 7}); err != nil || n != 0 {
				t.Fatalf("second run created %d, %v", n, err)
			}
			if n, err := s.Synthetic(ctx, SyntheticOptions{Count: 300, Seed: 7}); err != nil || n != 0 {
				t.Fatalf("a smaller count created %d, %v", n, err)
			}
			if n, err := s.Synthetic(ctx, SyntheticOptions{Count: 600, Seed: 7}); err != nil || n != 100 {
				t.Fatalf("extending to 600 created %d, %v", n, err)
			}
			checkSynthetic(t, db, 600)
			var after string
			db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").Where("u.email = ?", SyntheticEmail(1)).Pluck("p.profile_code", &after)
			if before == "" || before != after {
				t.Fatalf("member 1 changed: %q → %q", before, after)
			}
			// Synthetic members are is_demo too: they must not pass for the demo members, nor the demo members for synthetic ones.
			if n, err := s.Demo(ctx); err != nil || n != DemoCount {
				t.Fatalf("demo after synthetic created %d, %v", n, err)
			}
			if n, err := s.Synthetic(ctx, SyntheticOptions{Count: 600, Seed: 7}); err != nil || n != 0 {
				t.Fatalf("synthetic after demo created %d, %v", n, err)
			}
			checkNames(t, s)
		})
	}
}

func checkSynthetic(t *testing.T, db *store.DB, want int) {
	t.Helper()
	count := func(q string, args ...any) int64 {
		t.Helper()
		var n int64
		if err := db.Raw(q, args...).Scan(&n).Error; err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	const mine = "FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email LIKE ? AND u.is_demo = 1"
	if n := count("SELECT COUNT(*) FROM users WHERE email LIKE ? AND is_demo = 1", synthLike); n != int64(want) {
		t.Fatalf("%d synthetic users, want %d", n, want)
	}
	if n := count("SELECT COUNT(*) "+mine, synthLike); n != int64(want) {
		t.Fatalf("%d synthetic profiles, want %d", n, want)
	}
	if n := count("SELECT COUNT(*) "+mine+" AND NOT EXISTS (SELECT 1 FROM partner_preferences pp WHERE pp.profile_id = p.id)", synthLike); n != 0 {
		t.Fatalf("%d synthetic profiles without partner preferences", n)
	}
	if n := count("SELECT COUNT(*) "+mine+" AND (p.city_id IS NULL OR p.state_id IS NULL OR p.mother_tongue_id IS NULL OR p.community_id IS NULL OR p.religion_id IS NULL)", synthLike); n != 0 {
		t.Fatalf("%d synthetic profiles without place, language or denomination", n)
	}
	if n := count("SELECT COUNT(*) "+mine+" AND NOT EXISTS (SELECT 1 FROM cities c WHERE c.id = p.city_id AND c.state_id = p.state_id)", synthLike); n != 0 {
		t.Fatalf("%d synthetic profiles with a city outside their state", n)
	}
	for _, col := range []string{"u.phone", "p.profile_code", "u.email"} {
		if n := count("SELECT COUNT(DISTINCT "+col+") "+mine, synthLike); n != int64(want) {
			t.Fatalf("%d distinct %s for %d members", n, col, want)
		}
	}
	if n := count("SELECT COUNT(*) FROM (SELECT phone_code, phone FROM users GROUP BY phone_code, phone HAVING COUNT(*) > 1) d"); n != 0 {
		t.Fatalf("%d phone numbers used twice", n)
	}
	if n := count("SELECT COUNT(*) FROM (SELECT profile_code FROM profiles GROUP BY profile_code HAVING COUNT(*) > 1) d"); n != 0 {
		t.Fatalf("%d profile codes used twice", n)
	}
	if n := count("SELECT COUNT(*) "+mine+" AND p.height_cm NOT IN (SELECT cm FROM heights)", synthLike); n != 0 {
		t.Fatalf("%d heights that are not selectable", n)
	}

	var rows []struct {
		Gender                   int
		DOB                      time.Time
		ProfileCode, Phone, Hash string
		AgeMin, AgeMax           int
		HeightMin, HeightMax     *int
		StateCode, Language      string
	}
	err := db.Raw(`SELECT p.gender, p.dob, p.profile_code, u.phone, u.password_hash AS hash, pp.age_min, pp.age_max, pp.height_min, pp.height_max,
		s.code AS state_code, l.name AS language
		FROM profiles p JOIN users u ON u.id = p.user_id JOIN partner_preferences pp ON pp.profile_id = p.id
		JOIN states s ON s.id = p.state_id JOIN languages l ON l.id = p.mother_tongue_id
		WHERE u.email LIKE ?`, synthLike).Scan(&rows).Error
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	brides, kerala, malayalam := 0, 0, 0
	for _, r := range rows {
		age := now.Year() - r.DOB.Year()
		if now.YearDay() < r.DOB.YearDay() {
			age--
		}
		lo, hi, partnerMin := 21, 45, profile.PartnerMinAgeBride
		if r.Gender == profile.GenderFemale {
			lo, hi, partnerMin = 18, 40, profile.PartnerMinAgeGroom
			brides++
		}
		if age < lo || age > hi {
			t.Fatalf("gender %d aged %d (born %s)", r.Gender, age, r.DOB)
		}
		if r.AgeMin < partnerMin || r.AgeMax > profile.PartnerMaxAge || r.AgeMin > r.AgeMax {
			t.Fatalf("gender %d wants partners aged %d-%d", r.Gender, r.AgeMin, r.AgeMax)
		}
		if r.HeightMin != nil && r.HeightMax != nil && *r.HeightMin > *r.HeightMax {
			t.Fatalf("height range %d-%d", *r.HeightMin, *r.HeightMax)
		}
		if len(r.ProfileCode) != 9 || r.ProfileCode[:2] != "TM" {
			t.Fatalf("profile code %q", r.ProfileCode)
		}
		if len(r.Phone) != 10 || r.Phone[0] < '6' {
			t.Fatalf("phone %q", r.Phone)
		}
		if r.StateCode == "KL" {
			kerala++
			if r.Language == "Malayalam" {
				malayalam++
			}
		}
	}
	if brides < want*35/100 || brides > want*65/100 {
		t.Fatalf("%d brides of %d", brides, want)
	}
	if kerala < want/6 || malayalam < kerala*85/100 {
		t.Fatalf("%d members in Kerala, %d of them Malayalam", kerala, malayalam)
	}
	if bcrypt.CompareHashAndPassword([]byte(rows[0].Hash), []byte(SyntheticPassword)) != nil {
		t.Fatal("SyntheticPassword does not match the stored hash")
	}

	// Every preference value is one the preference form accepts: a master id or an enum value.
	var vals []struct{ Field, Value string }
	if err := db.Raw("SELECT v.field, v.value FROM partner_preference_values v JOIN profiles p ON p.id = v.profile_id JOIN users u ON u.id = p.user_id WHERE u.email LIKE ?", synthLike).
		Scan(&vals).Error; err != nil {
		t.Fatal(err)
	}
	tables := map[string]string{"community": "communities", "mother_tongue": "languages", "degree": "degrees", "profession": "professions",
		"country": "countries", "state": "states", "city": "cities"}
	enums := map[string]string{"marital": "maritalStatus", "diet": "diet", "smoking": "smoking", "drinking": "drinking"}
	ids := map[string]map[string]bool{}
	for field, table := range tables {
		var list []uint64
		db.Table(table).Pluck("id", &list)
		ids[field] = map[string]bool{}
		for _, id := range list {
			ids[field][strconv.FormatUint(id, 10)] = true
		}
	}
	seen := map[string]int{}
	for _, v := range vals {
		seen[v.Field]++
		if set, ok := ids[v.Field]; ok {
			if !set[v.Value] {
				t.Fatalf("%s value %s is no id of %s", v.Field, v.Value, tables[v.Field])
			}
			continue
		}
		enum, ok := enums[v.Field]
		if !ok {
			t.Fatalf("unknown preference field %q", v.Field)
		}
		found := false
		for _, o := range profile.Enums[enum] {
			found = found || o.Value == v.Value
		}
		if !found {
			t.Fatalf("%s value %q is not in the %s list", v.Field, v.Value, enum)
		}
	}
	for _, f := range []string{"community", "mother_tongue", "marital", "country"} {
		if seen[f] < want/2 {
			t.Fatalf("only %d %s values for %d members", seen[f], f, want)
		}
	}
}

// checkSession: the bulk load's connection settings are back to normal.
func checkSession(t *testing.T, db *store.DB) {
	t.Helper()
	if db.Dialect == store.MySQL {
		var uc, fk int
		if err := db.SQL().QueryRow("SELECT @@SESSION.unique_checks, @@SESSION.foreign_key_checks").Scan(&uc, &fk); err != nil || uc != 1 || fk != 1 {
			t.Fatalf("unique_checks %d, foreign_key_checks %d (%v)", uc, fk, err)
		}
		return
	}
	var fk, sync, cache int
	if err := db.SQL().QueryRow("PRAGMA foreign_keys").Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign_keys %d (%v)", fk, err)
	}
	if err := db.SQL().QueryRow("PRAGMA synchronous").Scan(&sync); err != nil || sync != 1 {
		t.Fatalf("synchronous %d (%v)", sync, err)
	}
	if err := db.SQL().QueryRow("PRAGMA cache_size").Scan(&cache); err != nil || cache != -256 {
		t.Fatalf("cache_size %d (%v)", cache, err)
	}
}

// checkNames: every name in synthetic_data.go exists in the shipped master
// data (a renamed city or denomination would silently drop out), and a
// member is the same whether drawn alone or after others.
func checkNames(t *testing.T, s *Seeder) {
	t.Helper()
	ctx := context.Background()
	names := map[string]map[string]bool{}
	for _, table := range []string{"languages", "communities", "degrees", "professions", "cities"} {
		var list []string
		s.DB.Table(table).Pluck("name", &list)
		names[table] = map[string]bool{}
		for _, n := range list {
			names[table][n] = true
		}
	}
	need := func(table, name string) {
		if !names[table][name] {
			t.Errorf("synthetic data names %q, which is not in %s", name, table)
		}
	}
	for code, st := range synthStates {
		for _, x := range st.langs {
			need("languages", x.name)
		}
		for _, x := range st.dens {
			need("communities", x.name)
		}
		for _, x := range st.cities {
			need("cities", x.name)
		}
		if st.names < 0 || st.names >= len(regions) {
			t.Errorf("state %s: no name region %d", code, st.names)
		}
	}
	for _, fam := range denFamilies {
		for _, n := range fam {
			need("communities", n)
		}
	}
	for _, c := range careerSpecs {
		for _, x := range c.degrees {
			need("degrees", x.name)
		}
		for _, x := range c.profs {
			need("professions", x.name)
		}
	}

	lk, err := s.synthLookups(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	var alone, later synthMember
	if err := newSynthGen(lk, 3, 100, now).member(42, &alone); err != nil {
		t.Fatal(err)
	}
	g := newSynthGen(lk, 3, 100, now)
	for i := 1; i <= 42; i++ {
		if err := g.member(i, &later); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []*synthMember{&alone, &later} { // a reused member keeps empty, not nil, slices
		if len(m.subs) == 0 {
			m.subs = nil
		}
		if len(m.vals) == 0 {
			m.vals = nil
		}
	}
	if !reflect.DeepEqual(alone, later) {
		t.Fatalf("member 42 differs when drawn after others:\n%+v\n%+v", alone, later)
	}
	var other synthMember
	if err := newSynthGen(lk, 4, 100, now).member(42, &other); err != nil {
		t.Fatal(err)
	}
	if other.name == alone.name && other.dob.Equal(alone.dob) && other.city == alone.city {
		t.Fatal("another seed drew the same member")
	}
}

// checkDates: members joined over three years in the order of their ids,
// about a tenth in the last 30 days, and were active since.
func checkDates(t *testing.T, db *store.DB, want int) {
	t.Helper()
	var rows []struct {
		CreatedAt, LastActiveAt time.Time
	}
	if err := db.Raw("SELECT p.created_at, p.last_active_at FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email LIKE ? ORDER BY p.id", synthLike).
		Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	rising, recent := 0, 0
	for k, r := range rows {
		if r.CreatedAt.Before(now.AddDate(-3, 0, -1)) || r.CreatedAt.After(now) || r.LastActiveAt.Before(r.CreatedAt) || r.LastActiveAt.After(now) {
			t.Fatalf("joined %s, last active %s", r.CreatedAt, r.LastActiveAt)
		}
		if k > 0 && !r.CreatedAt.Before(rows[k-1].CreatedAt) {
			rising++
		}
		if r.CreatedAt.After(now.AddDate(0, 0, -30)) {
			recent++
		}
	}
	if rising < want*9/10 {
		t.Fatalf("only %d of %d members joined after the member before them", rising, want)
	}
	if recent < want*7/100 || recent > want*15/100 {
		t.Fatalf("%d of %d members joined in the last 30 days", recent, want)
	}
}
