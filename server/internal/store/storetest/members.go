package storetest

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Gender codes, as package profile names them (spec §3: 10 is the groom).
const (
	Groom = 10
	Bride = 20
)

// Master is a small set of master data for tests that match or search:
// ids of two denominations, two languages, India, Kerala and Tamil Nadu,
// four cities with their real coordinates, two degrees, two professions;
// income bands low < mid < high plus an undisclosed one; heights 150-190.
type Master struct {
	RC, CSI                                        uint64 // Roman Catholic, CSI
	Malayalam, Tamil                               uint64
	India                                          uint64
	Kerala, TamilNadu                              uint64
	Kochi, Aluva                                   uint64 // about 17 km apart
	Thrissur, Chennai                              uint64 // about 70 km and 550 km from Kochi
	BTech, MBBS                                    uint64
	Engineer, Doctor                               uint64
	IncomeLow, IncomeMid, IncomeHigh, IncomeHidden string
}

// SeedMaster inserts the Master rows into an empty migrated database.
func SeedMaster(t testing.TB, db *store.DB) Master {
	t.Helper()
	var m Master
	ins := func(table string, row map[string]any) uint64 {
		t.Helper()
		if err := db.Table(table).Create(row).Error; err != nil {
			t.Fatalf("seed %s: %v", table, err)
		}
		var id uint64
		if err := db.Table(table).Select("MAX(id)").Scan(&id).Error; err != nil {
			t.Fatal(err)
		}
		return id
	}
	rel := ins("religions", map[string]any{"name": "Christian"})
	m.RC = ins("communities", map[string]any{"religion_id": rel, "name": "Roman Catholic", "sort": 1})
	m.CSI = ins("communities", map[string]any{"religion_id": rel, "name": "CSI", "sort": 2})
	m.Malayalam = ins("languages", map[string]any{"name": "Malayalam", "sort": 1})
	m.Tamil = ins("languages", map[string]any{"name": "Tamil", "sort": 2})
	m.India = ins("countries", map[string]any{"code": "IN", "name": "India", "phone_code": "+91"})
	m.Kerala = ins("states", map[string]any{"country_id": m.India, "code": "KL", "name": "Kerala"})
	m.TamilNadu = ins("states", map[string]any{"country_id": m.India, "code": "TN", "name": "Tamil Nadu"})
	m.Kochi = ins("cities", map[string]any{"state_id": m.Kerala, "name": "Kochi", "lat": 9.9312, "lng": 76.2673})
	m.Aluva = ins("cities", map[string]any{"state_id": m.Kerala, "name": "Aluva", "lat": 10.1076, "lng": 76.3516})
	m.Thrissur = ins("cities", map[string]any{"state_id": m.Kerala, "name": "Thrissur", "lat": 10.5276, "lng": 76.2144})
	m.Chennai = ins("cities", map[string]any{"state_id": m.TamilNadu, "name": "Chennai", "lat": 13.0827, "lng": 80.2707})
	m.BTech = ins("degrees", map[string]any{"name": "B.Tech", "sort": 1})
	m.MBBS = ins("degrees", map[string]any{"name": "MBBS", "sort": 2})
	m.Engineer = ins("professions", map[string]any{"name": "Engineer"})
	m.Doctor = ins("professions", map[string]any{"name": "Doctor"})
	m.IncomeHidden, m.IncomeLow, m.IncomeMid, m.IncomeHigh = "nd", "lt5", "5to10", "gt10"
	for i, b := range []struct {
		code     string
		min, max int64
	}{{"nd", 0, 0}, {"lt5", 1, 500000}, {"5to10", 500000, 1000000}, {"gt10", 1000000, 100000000}} {
		ins("income_bands", map[string]any{"code": b.code, "label": b.code, "min_inr": b.min, "max_inr": b.max, "sort": i})
	}
	for cm := 150; cm <= 190; cm += 5 {
		if err := db.Table("heights").Create(map[string]any{"cm": cm, "label": fmt.Sprintf("%d cm", cm)}).Error; err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// Person describes a test member; the zero value is an active, visible
// groom of 28 who joined today, with nothing else filled in.
type Person struct {
	Bride         bool
	Age           int       // whole years today; 28 when 0 and DOB is zero
	DOB           time.Time // wins over Age
	Name          string
	HeightCM      int
	Marital       string // never_married when ""
	Community     uint64
	MotherTongue  uint64
	Country       uint64
	State         uint64
	City          uint64
	Degree        uint64
	Profession    uint64
	Income        string
	Diet          string
	Smoking       string
	Drinking      string
	Diocese       string
	Parish        string
	Hidden        bool
	Status        string     // users.status; active when ""
	CreatedAt     time.Time  // now when zero
	LastActiveAt  *time.Time // NULL when nil
	PhoneVerified bool
}

// Member is a created test member.
type Member struct {
	ID     uint64 // profiles.id
	UserID uint64
	Code   string // the public profile id
	Email  string
}

var memberSeq atomic.Uint64

// NewMember inserts a user and a profile as p describes; the password hash is not a real one.
func NewMember(t testing.TB, db *store.DB, p Person) Member {
	t.Helper()
	n := memberSeq.Add(1)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if p.CreatedAt.IsZero() {
		p.CreatedAt = now
	}
	if p.DOB.IsZero() {
		age := p.Age
		if age == 0 {
			age = 28
		}
		p.DOB = now.AddDate(-age, 0, 0)
	}
	if p.Status == "" {
		p.Status = "active"
	}
	if p.Marital == "" {
		p.Marital = "never_married"
	}
	if p.Name == "" {
		p.Name = fmt.Sprintf("Member %d", n)
	}
	m := Member{Email: fmt.Sprintf("member%d.%d@example.in", n, time.Now().UnixNano()%100000), Code: fmt.Sprintf("TS%07d", n)}
	u := map[string]any{"email": m.Email, "phone_code": "+91", "phone": fmt.Sprintf("9%09d", n), "password_hash": "x",
		"status": p.Status, "created_at": p.CreatedAt, "updated_at": now}
	if p.PhoneVerified {
		u["phone_verified_at"] = now
	}
	if err := db.Table("users").Create(u).Error; err != nil {
		t.Fatal(err)
	}
	db.Table("users").Where("email = ?", m.Email).Pluck("id", &m.UserID)
	gender := Groom
	if p.Bride {
		gender = Bride
	}
	opt := func(v uint64) any {
		if v == 0 {
			return nil
		}
		return v
	}
	row := map[string]any{"user_id": m.UserID, "profile_code": m.Code, "name": p.Name, "gender": gender,
		"dob": p.DOB.Format(time.DateOnly), "marital_status": p.Marital, "community_id": opt(p.Community),
		"mother_tongue_id": opt(p.MotherTongue), "country_id": opt(p.Country), "state_id": opt(p.State),
		"city_id": opt(p.City), "degree_id": opt(p.Degree), "profession_id": opt(p.Profession), "income_band": p.Income,
		"diet": p.Diet, "smoking": p.Smoking, "drinking": p.Drinking, "diocese": p.Diocese, "parish": p.Parish,
		"hidden": p.Hidden, "last_active_at": p.LastActiveAt, "created_at": p.CreatedAt, "updated_at": now}
	if p.HeightCM != 0 {
		row["height_cm"] = p.HeightCM
	}
	if err := db.Table("profiles").Create(row).Error; err != nil {
		t.Fatal(err)
	}
	db.Table("profiles").Where("user_id = ?", m.UserID).Pluck("id", &m.ID)
	return m
}
