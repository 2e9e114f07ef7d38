package seed

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// DemoCount is how many demo members `tfm seed --demo` creates.
const DemoCount = 200

// DemoPassword is the password of every demo member, for trying the site locally.
const DemoPassword = "Demo@1234"

// demoEmailLike matches the demo members' e-mails; bench and synthetic
// members are is_demo too, so the demo seed tells its own by the address.
const demoEmailLike = "demo.%@demo.tfmmatrimony.in"

// demoHubs are the larger Christian centres of some states, by city name.
var demoHubs = map[string][]string{
	"KL": {"Kochi", "Kottayam", "Thrissur", "Aluva", "Thiruvalla"},
	"TN": {"Chennai", "Nagercoil", "Tiruchirappalli"},
	"KA": {"Bengaluru", "Mangaluru"},
	"GA": {"Panaji", "Margao"},
	"MH": {"Mumbai", "Thane"},
	"TG": {"Hyderabad", "Secunderabad"},
}

// hubs returns the demo hubs of state that the cities list has.
func (lk *lookups) hubs(state string) []idName {
	var out []idName
	for _, name := range demoHubs[state] {
		for _, c := range lk.citiesByState[state] {
			if c.Name == name {
				out = append(out, c)
			}
		}
	}
	return out
}

type region struct {
	states     []string // state codes
	languages  []string
	dens       []string
	surnames   []string
	groomNames []string
	brideNames []string
}

// regions keep demo members plausible: a Mizo Presbyterian in Aizawl, a Syro-Malabar Catholic in Kottayam.
var regions = []region{
	{[]string{"KL"}, []string{"Malayalam"}, []string{"Syro-Malabar Catholic", "Latin Catholic", "Malankara Orthodox Syrian", "Jacobite Syrian", "Marthoma", "Knanaya Catholic", "CSI", "Pentecostal", "IPC", "Brethren", "Syro-Malankara Catholic"},
		[]string{"Thomas", "Mathew", "George", "Varghese", "Joseph", "Kurian", "Abraham", "Philip", "Chacko", "Cherian", "John", "Jacob", "Eapen", "Ninan", "Antony", "Paul", "Zacharia", "Koshy"},
		[]string{"Jibin", "Tom", "Alan", "Jerin", "Akhil", "Bibin", "Sebin", "Linto", "Jithin", "Anson", "Ebin", "Rohan", "Jeswin", "Nikhil", "Sherin", "Tijo"},
		[]string{"Anu", "Ancy", "Bincy", "Jincy", "Reshma", "Teena", "Nimmy", "Sneha", "Aleena", "Ann", "Merin", "Riya", "Neethu", "Jisha", "Sona", "Tessa", "Elsa", "Aswathy"}},
	{[]string{"TN", "PY"}, []string{"Tamil"}, []string{"Roman Catholic", "CSI", "Pentecostal", "Lutheran", "Assemblies of God", "Evangelical / Born Again"},
		[]string{"Raj", "David", "Samuel", "Paul", "Daniel", "Joseph", "Stephen", "Selvaraj", "Arul", "Jeyakumar", "Chelliah", "Devadoss"},
		[]string{"Jebin", "Prabhu", "Sam", "Jeeva", "Ebenezer", "Jones", "Vijay", "Immanuel", "Arun", "Felix", "Wesley"},
		[]string{"Jenifer", "Priya", "Sharon", "Angel", "Evangeline", "Jasmine", "Shalini", "Divya", "Beulah", "Keziah", "Monica", "Jancy"}},
	{[]string{"KA", "TG", "AP"}, []string{"Kannada", "Telugu", "English", "Konkani", "Tamil"}, []string{"Roman Catholic", "CSI", "Methodist", "Baptist", "Church of God", "Seventh-day Adventist", "Non-denominational"},
		[]string{"Rao", "Paul", "Prakash", "Kumar", "Fernandes", "Lobo", "DSouza", "Rodrigues", "Pinto", "Babu"},
		[]string{"Joel", "Kiran", "Suresh", "Anil", "Clifford", "Melwyn", "Royston", "Prem", "Santosh"},
		[]string{"Grace", "Sunitha", "Prathibha", "Flavia", "Reena", "Sweta", "Deepa", "Vinitha", "Shilpa"}},
	{[]string{"GA", "MH"}, []string{"Konkani", "Marathi", "English"}, []string{"Roman Catholic", "Anglican", "Methodist", "Salvation Army"},
		[]string{"Fernandes", "Pereira", "Rodrigues", "Gomes", "Dias", "Almeida", "Menezes", "Carvalho", "Gonsalves"},
		[]string{"Glen", "Ryan", "Savio", "Nigel", "Jude", "Wilson", "Agnelo", "Francis"},
		[]string{"Fiona", "Sonia", "Clara", "Tanya", "Lavina", "Sharmila", "Joanna", "Cheryl"}},
	{[]string{"MZ", "ML", "NL", "MN"}, []string{"Mizo", "Khasi", "Garo", "Nagamese", "Ao", "Angami", "Tangkhul", "Kuki", "English"}, []string{"Presbyterian", "Baptist", "Roman Catholic", "Salvation Army", "Church of God", "Seventh-day Adventist"},
		[]string{"Lalremruata", "Zothanpuia", "Kharkongor", "Marak", "Sangma", "Jamir", "Ao", "Kikon", "Haokip", "Lyngdoh", "Nongrum", "Zeliang"},
		[]string{"Lalrinfela", "Vanlal", "Daniel", "Bansan", "Temjen", "Imna", "Khrieto", "Thangboi", "Robert"},
		[]string{"Lalnunmawii", "Mary", "Ibahun", "Merilyn", "Akala", "Sentila", "Neikhrielie", "Hoinu", "Dari"}},
	{[]string{"JH", "OD", "CG"}, []string{"Kurukh", "Mundari", "Santali", "Odia", "Hindi"}, []string{"Roman Catholic", "Lutheran", "Anglican", "CNI"},
		[]string{"Tirkey", "Minz", "Lakra", "Ekka", "Kujur", "Toppo", "Xalxo", "Kerketta", "Bara"},
		[]string{"Anand", "Prabhat", "Ajit", "Sunil", "Manoj", "Amit", "Niral"},
		[]string{"Anima", "Sushma", "Pushpa", "Asha", "Priti", "Jyoti", "Sangeeta"}},
	{[]string{"DL", "PB", "UP", "WB"}, []string{"Hindi", "Punjabi", "Bengali", "English"}, []string{"CNI", "Roman Catholic", "Methodist", "Pentecostal", "Presbyterian", "Believers Eastern Church"},
		[]string{"Masih", "Gill", "Sahota", "Das", "Biswas", "Mondal", "Sarkar", "Samuel", "Lal"},
		[]string{"Rahul", "Sahil", "Aman", "Joshua", "Sourav", "Rohit", "Nathan"},
		[]string{"Simran", "Sonia", "Rekha", "Ruth", "Mitali", "Shreya", "Naomi"}},
}

var (
	maritalWeights = []string{"never_married", "never_married", "never_married", "never_married", "never_married", "never_married", "never_married", "never_married", "divorced", "widowed"}
	createdBy      = []string{"self", "self", "self", "parent", "parent", "sibling", "relative"}
	diets          = []string{"non_vegetarian", "non_vegetarian", "non_vegetarian", "eggetarian", "vegetarian"}
	faith          = []string{"regular", "regular", "occasional", "devout", "devout"}
	familyTypes    = []string{"nuclear", "nuclear", "joint"}
	familyValues   = []string{"traditional", "moderate", "moderate", "liberal"}
	incomes        = []string{"3-5L", "5-7L", "7-10L", "10-15L", "15-20L", "20-30L"}
	// aboutLines take (a kind of person, the profession, the city), each
	// line using those it needs.
	aboutLines = []string{
		"I am a %[1]s working as a %[2]s. Faith and family mean a great deal to me, and I sing in our parish choir.",
		"Grew up in %[3]s in a close-knit family. I work as a %[2]s and enjoy travelling, cooking and Sunday family lunches.",
		"A %[2]s by profession, based in %[3]s. Looking for a God-fearing partner who values honesty, kindness and laughter.",
		"I work as a %[2]s and live in %[3]s with my parents. I like reading, long walks and helping with the youth ministry.",
	}
)

// Demo creates DemoCount demo brides and grooms with avatars and some paid plans.
// Members that already exist (by e-mail) are left alone, so running it again adds nothing.
func (s *Seeder) Demo(ctx context.Context) (int, error) {
	var existing int64
	if err := s.DB.WithContext(ctx).Table("users").Where("is_demo = ? AND email LIKE ?", true, demoEmailLike).Count(&existing).Error; err != nil {
		return 0, err
	}
	if existing >= DemoCount {
		s.Log.Info("demo members already present", "count", existing)
		if err := s.repairDemoHeights(ctx); err != nil {
			return 0, err
		}
		if err := s.demoPreferences(ctx); err != nil {
			return 0, err
		}
		if err := s.demoRequests(ctx); err != nil {
			return 0, err
		}
		if err := s.demoOrders(ctx); err != nil {
			return 0, err
		}
		if err := s.demoContactViews(ctx); err != nil {
			return 0, err
		}
		if err := s.demoBackOffice(ctx); err != nil {
			return 0, err
		}
		return 0, s.demoNotifications(ctx)
	}
	// One hash for every demo member: 200 bcrypt hashes at cost 12 would take most of a minute.
	cost := s.PasswordCost
	if cost == 0 {
		cost = 12
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(DemoPassword), cost)
	if err != nil {
		return 0, err
	}
	lk, err := s.lookups(ctx)
	if err != nil {
		return 0, err
	}
	rng := mrand.New(mrand.NewPCG(2026, 11))
	created := 0
	for i := 0; i < DemoCount; i++ {
		gender := profile.GenderFemale
		if i%2 == 1 {
			gender = profile.GenderMale
		}
		email := fmt.Sprintf("demo.%s.%03d@demo.tfmmatrimony.in", map[int]string{profile.GenderFemale: "bride", profile.GenderMale: "groom"}[gender], i/2+1)
		var n int64
		if err := s.DB.WithContext(ctx).Table("users").Where("email = ?", email).Count(&n).Error; err != nil {
			return created, err
		}
		r := regions[rng.IntN(len(regions))]
		m := lk.member(rng, r, gender, i)
		if n > 0 {
			continue
		}
		err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			return s.createDemo(tx, rng, email, string(hash), gender, m, lk)
		})
		if err != nil {
			return created, fmt.Errorf("demo member %s: %w", email, err)
		}
		created++
	}
	s.Log.Info("seeded demo members", "created", created)
	if err := s.demoPreferences(ctx); err != nil {
		return created, err
	}
	if err := s.demoRequests(ctx); err != nil {
		return created, err
	}
	if err := s.demoOrders(ctx); err != nil {
		return created, err
	}
	if err := s.demoContactViews(ctx); err != nil {
		return created, err
	}
	if err := s.demoBackOffice(ctx); err != nil {
		return created, err
	}
	return created, s.demoNotifications(ctx)
}

// demoContactViews writes, for each demo member whose plan has spent
// contact views and who has none listed, the members they viewed (demo
// members of the other gender, visible, whose contact filter lets any paid
// member see them), so Inbox → Contacts agrees with "N contact views left".
func (s *Seeder) demoContactViews(ctx context.Context) error {
	db := s.DB.WithContext(ctx)
	var subs []struct {
		ID, ProfileID uint64
		Gender, Used  int
		StartsAt      time.Time
		PeriodStart   *time.Time
	}
	err := db.Table("subscriptions s").Joins("JOIN profiles p ON p.id = s.profile_id").Joins("JOIN users u ON u.id = p.user_id").
		Select("s.id, s.profile_id, p.gender, s.contact_views_used AS used, s.starts_at, s.period_start").
		Where("u.is_demo = ? AND s.status = 'active' AND s.contact_views_used > 0", true).
		Where("NOT EXISTS (SELECT 1 FROM contact_views cv WHERE cv.viewer_id = s.profile_id)").Order("s.id").Scan(&subs).Error
	if err != nil {
		return err
	}
	for _, sub := range subs {
		var owners []uint64
		err := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Where("u.is_demo = ? AND u.status = 'active' AND p.hidden = ? AND p.gender <> ? AND p.contact_filter = ?", true, false, sub.Gender, profile.ContactPaid).
			Order("p.id").Pluck("p.id", &owners).Error
		if err != nil || len(owners) == 0 {
			return err
		}
		period := sub.StartsAt
		if sub.PeriodStart != nil {
			period = *sub.PeriodStart
		}
		err = db.Transaction(func(tx *gorm.DB) error {
			for i := 0; i < sub.Used && i < len(owners); i++ {
				owner := owners[(int(sub.ProfileID)*7+i*13)%len(owners)]
				at := sub.StartsAt.Add(time.Duration(i+1) * 26 * time.Hour)
				if now := time.Now().UTC(); at.After(now) {
					at = now.Add(-time.Duration(i+1) * time.Minute)
				}
				if err := tx.Exec("INSERT INTO contact_views (viewer_id, owner_id, subscription_id, period_start, viewed_at) VALUES (?, ?, ?, ?, ?)",
					sub.ProfileID, owner, sub.ID, period, at).Error; err != nil && !store.IsUniqueViolation(err) {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// demoOrders gives every demo member's paid plan the order, payment and GST
// invoice that bought it (billing.RecordPaidSubscription), so My Orders and
// the invoice download show real data; plans seeded before orders existed
// get theirs too. A second seeding adds nothing.
func (s *Seeder) demoOrders(ctx context.Context) error {
	db := s.DB.WithContext(ctx)
	var subs []struct {
		ID, ProfileID                 uint64
		Name, Email, PhoneCode, Phone string
		State                         string
	}
	err := db.Table("subscriptions s").Joins("JOIN profiles p ON p.id = s.profile_id").Joins("JOIN users u ON u.id = p.user_id").
		Joins("LEFT JOIN states st ON st.id = p.state_id").
		Select("s.id, s.profile_id, p.name, u.email, u.phone_code, u.phone, COALESCE(st.name, '') AS state").
		Where("u.is_demo = ? AND s.order_id IS NULL", true).Order("s.starts_at, s.id").Scan(&subs).Error
	if err != nil {
		return err
	}
	for _, sub := range subs {
		buyer := billing.Buyer{Name: sub.Name, Email: sub.Email, Phone: sub.PhoneCode + " " + sub.Phone, State: sub.State}
		if err := db.Transaction(func(tx *gorm.DB) error {
			return billing.RecordPaidSubscription(tx, sub.ID, buyer, s.Invoices)
		}); err != nil {
			return fmt.Errorf("demo order of subscription %d: %w", sub.ID, err)
		}
	}
	if len(subs) > 0 {
		s.Log.Info("seeded demo orders", "count", len(subs))
	}
	return nil
}

// demoNotifications give demo members 060 to 064 a bell with something in
// it: the notifications their seeded requests would have raised, a profile
// view, a badge and an invitation answer, some read. They are written as
// delivered events (no e-mail goes out for them); a dedupe key per row
// keeps a second seeding from adding them again.
func (s *Seeder) demoNotifications(ctx context.Context) error {
	db := s.DB.WithContext(ctx)
	id := func(who string) (uint64, error) {
		if who == "" {
			return 0, nil
		}
		var pid uint64
		err := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Where("u.email = ?", "demo."+who+"@demo.tfmmatrimony.in").Pluck("p.id", &pid).Error
		return pid, err
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	// The new-matches digest: every demo member had one just now, so a
	// fresh node does not mail two hundred of them at its first sweep;
	// bride 060 had hers a week ago, so her next one shows in /dev/outbox.
	var ids []uint64
	if err := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Where("u.email LIKE ?", "demo.%@demo.tfmmatrimony.in").
		Where("NOT EXISTS (SELECT 1 FROM member_settings ms WHERE ms.profile_id = p.id)").Pluck("p.id", &ids).Error; err != nil {
		return err
	}
	for _, pid := range ids {
		if err := db.Table("member_settings").Create(map[string]any{"profile_id": pid, "last_digest_at": now, "updated_at": now}).Error; err != nil {
			return err
		}
	}
	if b060, err := id("bride.060"); err != nil {
		return err
	} else if len(ids) > 0 && b060 != 0 {
		if err := db.Table("member_settings").Where("profile_id = ?", b060).Update("last_digest_at", now.AddDate(0, 0, -8)).Error; err != nil {
			return err
		}
	}
	for i, n := range []struct {
		kind, to, from, detail string
		read                   bool
	}{
		{"badgeGranted", "bride.060", "", "mobile", true},
		{"requestReceived", "bride.060", "groom.061", "photo", true},
		{"requestReceived", "bride.060", "groom.063", "phone", true},
		{"profileViewed", "bride.060", "groom.064", "", false},
		{"requestReceived", "bride.060", "groom.060", "photo", false},
		{"requestAccepted", "groom.061", "bride.060", "photo", false},
		{"requestAccepted", "groom.063", "bride.060", "phone", false},
		{"requestAccepted", "groom.060", "bride.061", "photo", false},
		{"requestReceived", "bride.062", "groom.060", "phone", false},
		{"requestReceived", "groom.064", "bride.063", "phone", false},
		{"profileViewed", "groom.060", "bride.064", "", false},
	} {
		to, err := id(n.to)
		if err != nil {
			return err
		}
		from, err := id(n.from)
		if err != nil {
			return err
		}
		if to == 0 || (n.from != "" && from == 0) {
			continue
		}
		at := now.Add(-time.Duration(12-i) * 2 * time.Hour)
		key := fmt.Sprintf("demo:notification:%d", i)
		err = db.Transaction(func(tx *gorm.DB) error {
			var exists int64
			if err := tx.Table("events").Where("dedupe_key = ?", key).Count(&exists).Error; err != nil || exists > 0 {
				return err
			}
			ev := map[string]any{"kind": n.kind, "recipient_id": to, "actor_id": from, "detail": n.detail, "dedupe_key": key, "created_at": at}
			if err := tx.Table("events").Create(ev).Error; err != nil {
				return err
			}
			var eventID uint64
			if err := tx.Table("events").Where("dedupe_key = ?", key).Pluck("id", &eventID).Error; err != nil {
				return err
			}
			row := map[string]any{"profile_id": to, "event_id": eventID, "kind": n.kind, "actor_id": from, "detail": n.detail, "created_at": at}
			if n.read {
				row["read_at"] = at.Add(time.Hour)
			}
			return tx.Table("notifications").Create(row).Error
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// demoRequests are photo and phone requests among demo members 060 to 064
// (no browser test uses them), one of each state, so that Inbox → Requests
// and a protected profile show something: log in as demo.bride.060 to see
// received ones, as demo.groom.060 to see sent ones. Brides 060 to 062
// protect their photos. Existing rows are left alone.
func (s *Seeder) demoRequests(ctx context.Context) error {
	db := s.DB.WithContext(ctx)
	id := func(who string) (uint64, error) {
		var pid uint64
		err := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Where("u.email = ?", "demo."+who+"@demo.tfmmatrimony.in").Pluck("p.id", &pid).Error
		return pid, err
	}
	for _, b := range []string{"bride.060", "bride.061", "bride.062"} {
		pid, err := id(b)
		if err != nil || pid == 0 {
			return err
		}
		if err := db.Table("profiles").Where("id = ?", pid).Update("photo_visibility", profile.PhotosProtected).Error; err != nil {
			return err
		}
	}
	now := time.Now().UTC()
	for i, r := range []struct{ kind, from, to, status string }{
		{"photo", "groom.060", "bride.060", "pending"},
		{"photo", "groom.061", "bride.060", "accepted"},
		{"photo", "groom.062", "bride.061", "declined"},
		{"phone", "groom.060", "bride.062", "pending"},
		{"phone", "groom.063", "bride.060", "accepted"},
		{"phone", "bride.063", "groom.064", "pending"},
		{"photo", "groom.060", "bride.061", "accepted"},
	} {
		from, err := id(r.from)
		if err != nil {
			return err
		}
		to, err := id(r.to)
		if err != nil {
			return err
		}
		if from == 0 || to == 0 {
			continue
		}
		var n int64
		if err := db.Table("access_requests").Where("kind = ? AND requester_id = ? AND owner_id = ?", r.kind, from, to).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		at := now.Add(-time.Duration(i+1) * 3 * time.Hour)
		if err := db.Table("access_requests").Create(map[string]any{"kind": r.kind, "requester_id": from, "owner_id": to,
			"status": r.status, "created_at": at, "updated_at": at}).Error; err != nil {
			return err
		}
	}
	return nil
}

// demoPreferences gives every demo member without partner preferences the
// defaults derived from their profile (a bride: grooms her age to 7 years
// older; a groom: brides up to 5 years younger; same denomination, mother
// tongue and country as soft wishes). Members who have preferences keep them.
func (s *Seeder) demoPreferences(ctx context.Context) error {
	var ids []uint64
	err := s.DB.WithContext(ctx).Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
		Where("u.is_demo = ? AND u.email LIKE ?", true, demoEmailLike).Where("NOT EXISTS (SELECT 1 FROM partner_preferences pp WHERE pp.profile_id = p.id)").
		Order("p.id").Pluck("p.id", &ids).Error
	if err != nil {
		return err
	}
	n, err := profile.SeedDefaultPreferences(ctx, s.DB, ids)
	if err != nil {
		return fmt.Errorf("demo preferences: %w", err)
	}
	if n > 0 {
		s.Log.Info("seeded demo partner preferences", "count", n)
	}
	return nil
}

// demoOccupations are parents' occupations for demo members, picked by a
// hash of the e-mail so the random sequence of the rest of the seed is unchanged.
var demoOccupations = []string{"Retired teacher", "Farmer", "Businessman", "Government employee", "Nurse",
	"Homemaker", "Retired bank officer", "Engineer", "Doctor", "Pastor", "Shop owner", "Accountant"}

func occupationFor(email string, salt uint32) string {
	h := fnv.New32a()
	h.Write([]byte(email))
	return demoOccupations[(h.Sum32()+salt)%uint32(len(demoOccupations))]
}

type demoMember struct {
	name, city, stateCode, den, lang, profession, degree string
	cityID, stateID                                      uint64
	age, heightCM                                        int
}

type lookups struct {
	india                                  uint64
	citiesByState                          map[string][]idName
	states                                 map[string]uint64
	communities, languages, degrees, profs map[string]uint64
	degreeNames, profNames                 []string
	plans                                  []planRow
	heights                                []int // the selectable heights (cm), ascending
}

type idName struct {
	ID   uint64
	Name string
}

type planRow struct {
	ID                   uint64
	Months, ContactViews int
}

func (s *Seeder) lookups(ctx context.Context) (*lookups, error) {
	db := s.DB.WithContext(ctx)
	lk := &lookups{citiesByState: map[string][]idName{}, states: map[string]uint64{}}
	var india struct{ ID uint64 }
	if err := db.Table("countries").Select("id").Where("code = 'IN'").Take(&india).Error; err != nil {
		return nil, fmt.Errorf("master data missing (run `tfm seed` first): %w", err)
	}
	lk.india = india.ID
	var cities []struct {
		ID        uint64
		Name      string
		StateCode string
		StateID   uint64
	}
	if err := db.Table("cities c").Select("c.id, c.name, s.code AS state_code, s.id AS state_id").Joins("JOIN states s ON s.id = c.state_id").Order("c.id").Find(&cities).Error; err != nil {
		return nil, err
	}
	for _, c := range cities {
		lk.citiesByState[c.StateCode] = append(lk.citiesByState[c.StateCode], idName{c.ID, c.Name})
		lk.states[c.StateCode] = c.StateID
	}
	load := func(table string) (map[string]uint64, []string, error) {
		var rows []idName
		if err := db.Table(table).Select("id, name").Order("id").Find(&rows).Error; err != nil {
			return nil, nil, err
		}
		m, names := map[string]uint64{}, []string{}
		for _, r := range rows {
			m[r.Name], names = r.ID, append(names, r.Name)
		}
		return m, names, nil
	}
	var err error
	if lk.communities, _, err = load("communities"); err != nil {
		return nil, err
	}
	if lk.languages, _, err = load("languages"); err != nil {
		return nil, err
	}
	if lk.degrees, lk.degreeNames, err = load("degrees"); err != nil {
		return nil, err
	}
	if lk.profs, lk.profNames, err = load("professions"); err != nil {
		return nil, err
	}
	if err := db.Table("plans").Select("id, months, contact_views").Where("is_free = ?", false).Order("sort").Find(&lk.plans).Error; err != nil {
		return nil, err
	}
	if err := db.Table("heights").Order("cm").Pluck("cm", &lk.heights).Error; err != nil {
		return nil, err
	}
	if len(lk.heights) == 0 {
		return nil, errors.New("master data missing: no heights (run `tfm seed` first)")
	}
	return lk, nil
}

func pick[T any](rng *mrand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }

func (lk *lookups) member(rng *mrand.Rand, r region, gender, i int) demoMember {
	m := demoMember{}
	first := pick(rng, r.brideNames)
	if gender == profile.GenderMale {
		first = pick(rng, r.groomNames)
	}
	m.name = first + " " + pick(rng, r.surnames)
	if len(m.name) > 25 {
		m.name = m.name[:25]
	}
	m.stateCode = pick(rng, r.states)
	if cs := lk.citiesByState[m.stateCode]; len(cs) > 0 {
		c := pick(rng, cs)
		// Three in five live in one of their state's larger Christian
		// centres, as real members do, so Near Me has neighbours to show.
		// The choice follows from the city drawn (no extra draw), so every
		// other demo detail stays as it was.
		if hubs := lk.hubs(m.stateCode); len(hubs) > 0 && c.ID%5 < 3 {
			c = hubs[c.ID%uint64(len(hubs))]
		}
		m.cityID, m.city = c.ID, c.Name
	}
	m.stateID = lk.states[m.stateCode]
	m.den, m.lang = pick(rng, r.dens), pick(rng, r.languages)
	m.degree, m.profession = pick(rng, lk.degreeNames), pick(rng, lk.profNames)
	// Heights come from the selectable list, so a demo member's own edit form and
	// the preferences derived from the profile hold valid values.
	if gender == profile.GenderMale {
		m.age, m.heightCM = 23+rng.IntN(14), pick(rng, heightsBetween(lk.heights, 163, 184))
	} else {
		m.age, m.heightCM = 21+rng.IntN(13), pick(rng, heightsBetween(lk.heights, 150, 169))
	}
	return m
}

// heightsBetween returns the heights in [lo, hi], or the nearest one when none is.
func heightsBetween(all []int, lo, hi int) []int {
	var out []int
	for _, h := range all {
		if h >= lo && h <= hi {
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		out = []int{nearestHeight(all, (lo+hi)/2)}
	}
	return out
}

// nearestHeight returns the selectable height closest to cm.
func nearestHeight(all []int, cm int) int {
	best := all[0]
	for _, h := range all {
		if abs(h-cm) < abs(best-cm) {
			best = h
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// repairDemoHeights moves demo heights that are not selectable (seeded by an
// earlier version that drew any centimetre) to the nearest selectable height,
// in the profiles and in the partner preferences derived from them.
func (s *Seeder) repairDemoHeights(ctx context.Context) error {
	db := s.DB.WithContext(ctx)
	var heights []int
	if err := db.Table("heights").Order("cm").Pluck("cm", &heights).Error; err != nil || len(heights) == 0 {
		return err
	}
	demo := db.Table("users").Select("p.id").Joins("JOIN profiles p ON p.user_id = users.id").Where("users.is_demo = ? AND users.email LIKE ?", true, demoEmailLike)
	for _, t := range []struct {
		table, key string
		cols       []string
	}{
		{"profiles", "id", []string{"height_cm"}},
		{"partner_preferences", "profile_id", []string{"height_min", "height_max"}},
	} {
		for _, col := range t.cols {
			var rows []struct {
				Rid    uint64
				Height int
			}
			err := db.Table(t.table).Select(t.key+" AS rid, "+col+" AS height").Where(t.key+" IN (?)", demo).
				Where(col+" IS NOT NULL").Where(col+" NOT IN (?)", heights).Find(&rows).Error
			if err != nil {
				return err
			}
			for _, r := range rows {
				if err := db.Table(t.table).Where(t.key+" = ?", r.Rid).Update(col, nearestHeight(heights, r.Height)).Error; err != nil {
					return err
				}
			}
			if len(rows) > 0 {
				s.Log.Info("repaired demo heights", "table", t.table, "column", col, "rows", len(rows))
			}
		}
	}
	return nil
}

func (s *Seeder) createDemo(tx *gorm.DB, rng *mrand.Rand, email, hash string, gender int, m demoMember, lk *lookups) error {
	now := time.Now().UTC().Truncate(time.Millisecond)
	joined := now.Add(-time.Duration(rng.IntN(120*24)) * time.Hour)
	phone := fmt.Sprintf("9%09d", 100000000+rng.IntN(899999999))
	user := map[string]any{"email": email, "phone_code": "+91", "phone": phone, "password_hash": hash, "status": "active",
		"email_verified_at": joined, "token_version": 0, "is_demo": true, "created_at": joined, "updated_at": joined}
	if rng.IntN(4) > 0 {
		user["phone_verified_at"] = joined
	}
	if err := tx.Table("users").Create(user).Error; err != nil {
		return err
	}
	var u struct{ ID uint64 }
	if err := tx.Table("users").Select("id").Where("email = ?", email).Take(&u).Error; err != nil {
		return err
	}
	dob := now.AddDate(-m.age, -rng.IntN(12), -rng.IntN(28))
	about := fmt.Sprintf(pick(rng, aboutLines), pick(rng, []string{"cheerful person", "calm and caring person", "family person"}), m.profession, m.city)
	code, err := profileCode(tx)
	if err != nil {
		return err
	}
	prof := map[string]any{
		"user_id": u.ID, "profile_code": code, "name": m.name, "profile_name": m.name, "gender": gender, "dob": dob,
		"height_cm": m.heightCM, "marital_status": pick(rng, maritalWeights), "created_by": pick(rng, createdBy),
		"mother_tongue_id": nullID(lk.languages[m.lang]), "physical_status": "normal", "religion_id": nil,
		"community_id": nullID(lk.communities[m.den]), "faith_practice": pick(rng, faith),
		"degree_id": nullID(lk.degrees[m.degree]), "profession_id": nullID(lk.profs[m.profession]),
		"income_band": pick(rng, incomes), "country_id": lk.india, "state_id": nullID(m.stateID), "city_id": nullID(m.cityID),
		"family_type": pick(rng, familyTypes), "family_values": pick(rng, familyValues), "about_me": about,
		"father_occupation": occupationFor(email, 0), "mother_occupation": occupationFor(email, 5),
		"about_family": "We are a church-going family. My parents are retired and my siblings are settled.",
		"diet":         pick(rng, diets), "smoking": "no", "drinking": pick(rng, []string{"no", "no", "no", "occasionally"}),
		"photo_visibility": pick(rng, []string{"all", "all", "all", "protected"}), "contact_filter": "paid", "chat_setting": "verified",
		"hidden": false, "completed_steps": 30, "last_active_at": now.Add(-time.Duration(rng.IntN(72)) * time.Hour),
		"created_at": joined, "updated_at": joined,
	}
	var rel struct{ ID uint64 }
	if err := tx.Table("religions").Select("id").Where("name = 'Christian'").Take(&rel).Error; err == nil {
		prof["religion_id"] = rel.ID
	}
	if err := tx.Table("profiles").Create(prof).Error; err != nil {
		return err
	}
	var p struct{ ID uint64 }
	if err := tx.Table("profiles").Select("id").Where("user_id = ?", u.ID).Take(&p).Error; err != nil {
		return err
	}
	key, err := s.writeAvatar(rng, gender, m.name)
	if err != nil {
		return err
	}
	if err := tx.Table("photos").Create(map[string]any{"profile_id": p.ID, "file_key": key, "is_default": true, "sort": 0, "created_at": joined}).Error; err != nil {
		return err
	}
	// About one in five demo members is on a paid plan, so premium lists have people in them.
	if len(lk.plans) > 0 && rng.IntN(5) == 0 {
		pl := pick(rng, lk.plans)
		start := now.AddDate(0, 0, -rng.IntN(30))
		err := tx.Table("subscriptions").Create(map[string]any{"profile_id": p.ID, "plan_id": pl.ID, "starts_at": start,
			"expires_at": start.AddDate(0, pl.Months, 0), "contact_views_total": pl.ContactViews, "contact_views_used": rng.IntN(5),
			"prev_contact_view_pending": 0, "created_at": start}).Error
		if err != nil {
			return err
		}
	}
	return nil
}

func nullID(id uint64) any {
	if id == 0 {
		return nil
	}
	return id
}

// profileCode makes a public profile id such as "TM4821937": random, so ids cannot be walked.
func profileCode(tx *gorm.DB) (string, error) {
	for i := 0; i < 10; i++ {
		b := make([]byte, 4)
		if _, err := rand.Read(b); err != nil {
			return "", err
		}
		n := (uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])) % 9000000
		code := fmt.Sprintf("TM%07d", n+1000000)
		var c int64
		if err := tx.Table("profiles").Where("profile_code = ?", code).Count(&c).Error; err != nil {
			return "", err
		}
		if c == 0 {
			return code, nil
		}
	}
	return "", fmt.Errorf("could not find a free profile code")
}

// writeAvatar draws a simple portrait silhouette on a soft background and
// stores it as small (160 px) and large (480 px) JPEGs under a random key.
func (s *Seeder) writeAvatar(rng *mrand.Rand, gender int, name string) (string, error) {
	kb := make([]byte, 16)
	if _, err := rand.Read(kb); err != nil {
		return "", err
	}
	key := hex.EncodeToString(kb)
	dir := filepath.Join(s.MediaDir, "photos", key[:2])
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	palettes := [][2]color.RGBA{
		{{0xf3, 0xe3, 0xd3, 255}, {0x8c, 0x4a, 0x3c, 255}}, {{0xdc, 0xe8, 0xe4, 255}, {0x2f, 0x5d, 0x62, 255}},
		{{0xe8, 0xe0, 0xf0, 255}, {0x5b, 0x3f, 0x7a, 255}}, {{0xf6, 0xe7, 0xc1, 255}, {0x7a, 0x5a, 0x1e, 255}},
		{{0xe1, 0xea, 0xf5, 255}, {0x30, 0x4a, 0x78, 255}},
	}
	pal := rng.IntN(len(palettes))
	for _, size := range []struct {
		name string
		px   int
	}{{"small", 160}, {"large", 480}} {
		// 5 palettes × 2 genders × 2 sizes: each distinct avatar is drawn and encoded once.
		k := avatarKey{palette: pal, female: gender == profile.GenderFemale, px: size.px}
		data, ok := s.avatars[k]
		if !ok {
			var buf bytes.Buffer
			img := drawAvatar(size.px, palettes[pal][0], palettes[pal][1], k.female)
			if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 82}); err != nil {
				return "", err
			}
			data = buf.Bytes()
			if s.avatars == nil {
				s.avatars = map[avatarKey][]byte{}
			}
			s.avatars[k] = data
		}
		if err := os.WriteFile(filepath.Join(dir, key+"_"+size.name+".jpg"), data, 0o640); err != nil {
			return "", err
		}
	}
	_ = name
	return key, nil
}

// avatarKey names one distinct demo avatar rendition.
type avatarKey struct {
	palette int
	female  bool
	px      int
}

func drawAvatar(px int, bg, fg color.RGBA, long bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, px, px))
	f := float64(px)
	hx, hy, hr := f*0.5, f*0.40, f*0.17 // head
	for y := 0; y < px; y++ {
		for x := 0; x < px; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			// vertical gradient background
			t := fy / f
			c := color.RGBA{lerp(bg.R, 255, t*0.35), lerp(bg.G, 255, t*0.35), lerp(bg.B, 255, t*0.35), 255}
			dx, dy := fx-hx, fy-hy
			inHead := dx*dx+dy*dy <= hr*hr
			// shoulders: an ellipse whose top sits under the chin
			sx, sy, srx, sry := f*0.5, f*1.02, f*0.36, f*0.40
			ex, ey := (fx-sx)/srx, (fy-sy)/sry
			inBody := ex*ex+ey*ey <= 1
			// long hair: a rounded shape behind the head reaching the shoulders
			inHair := false
			if long {
				hx2, hy2, rx, ry := hx, hy+f*0.06, hr*1.25, hr*1.55
				ax, ay := (fx-hx2)/rx, (fy-hy2)/ry
				inHair = ax*ax+ay*ay <= 1 && fy > hy-hr*0.2
			}
			switch {
			case inHead:
				c = fg
			case inHair:
				c = color.RGBA{lerp(fg.R, 0, 0.35), lerp(fg.G, 0, 0.35), lerp(fg.B, 0, 0.35), 255}
			case inBody:
				c = color.RGBA{lerp(fg.R, 255, 0.15), lerp(fg.G, 255, 0.15), lerp(fg.B, 255, 0.15), 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func lerp(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t) }
