// Package seed loads the master data, plans, settings and content shipped in
// db/seed into the database, and can add demo members. Every record is
// upserted by its natural key, so running the seed again creates no duplicates.
package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/billing"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// Seeder loads seed files from an fs.FS (db.Seed in production).
type Seeder struct {
	DB       *store.DB
	Files    fs.FS // rooted so that "seed/master/countries.json" exists
	MediaDir string
	Log      *slog.Logger
	// PasswordCost is the bcrypt cost of the demo password; 12 when 0.
	PasswordCost int
	// Invoices are the seller and numbering of the demo members' invoices.
	Invoices billing.InvoiceSettings

	avatars map[avatarKey][]byte // encoded demo avatars: there are only a few distinct ones
}

// Run loads every seed file in dependency order.
func (s *Seeder) Run(ctx context.Context) error {
	steps := []struct {
		name string
		fn   func(context.Context, *gorm.DB) (int, error)
	}{
		{"religions", s.religions}, {"communities", s.communities}, {"languages", s.languages},
		{"countries", s.countries}, {"states", s.states}, {"cities", s.cities},
		{"degrees", s.degrees}, {"colleges", s.colleges}, {"professions", s.professions},
		{"companies", s.companies}, {"income bands", s.incomeBands}, {"heights", s.heights},
		{"plans", s.plans}, {"coupons", s.coupons}, {"settings", s.settings}, {"content", s.content},
	}
	for _, st := range steps {
		var n int
		err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var err error
			n, err = st.fn(ctx, tx)
			return err
		})
		if err != nil {
			return fmt.Errorf("seed %s: %w", st.name, err)
		}
		s.Log.Info("seeded", "what", st.name, "rows", n)
	}
	return nil
}

func (s *Seeder) read(name string, v any) error {
	b, err := fs.ReadFile(s.Files, "seed/"+name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// upsert inserts a row keyed by key, or updates its other columns when it exists.
func upsert(tx *gorm.DB, table string, key, values map[string]any) error {
	var n int64
	if err := tx.Table(table).Where(key).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		if len(values) == 0 {
			return nil
		}
		return tx.Table(table).Where(key).Updates(values).Error
	}
	all := map[string]any{}
	for k, v := range key {
		all[k] = v
	}
	for k, v := range values {
		all[k] = v
	}
	return tx.Table(table).Create(all).Error
}

type named struct {
	Name     string `json:"name"`
	Sort     int    `json:"sort"`
	Religion string `json:"religion"`
	Level    string `json:"level"`
	Category string `json:"category"`
	City     string `json:"city"`
	State    string `json:"stateCode"`
}

func (s *Seeder) simple(tx *gorm.DB, file, table string, cols func(named) map[string]any) (int, error) {
	var rows []named
	if err := s.read("master/"+file, &rows); err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := upsert(tx, table, map[string]any{"name": r.Name}, cols(r)); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) religions(_ context.Context, tx *gorm.DB) (int, error) {
	return s.simple(tx, "religions.json", "religions", func(named) map[string]any { return nil })
}

func (s *Seeder) communities(_ context.Context, tx *gorm.DB) (int, error) {
	ids := map[string]uint64{}
	return s.simple(tx, "communities.json", "communities", func(r named) map[string]any {
		rel := r.Religion
		if rel == "" {
			rel = "Christian"
		}
		if _, ok := ids[rel]; !ok {
			var row struct{ ID uint64 }
			tx.Table("religions").Select("id").Where("name = ?", rel).Take(&row)
			ids[rel] = row.ID
		}
		return map[string]any{"sort": r.Sort, "religion_id": ids[rel]}
	})
}

func (s *Seeder) languages(_ context.Context, tx *gorm.DB) (int, error) {
	return s.simple(tx, "languages.json", "languages", func(r named) map[string]any { return map[string]any{"sort": r.Sort} })
}

func (s *Seeder) degrees(_ context.Context, tx *gorm.DB) (int, error) {
	return s.simple(tx, "degrees.json", "degrees", func(r named) map[string]any {
		return map[string]any{"sort": r.Sort, "level": r.Level}
	})
}

func (s *Seeder) colleges(_ context.Context, tx *gorm.DB) (int, error) {
	return s.simple(tx, "colleges.json", "colleges", func(r named) map[string]any {
		return map[string]any{"city": r.City, "state_code": r.State}
	})
}

func (s *Seeder) professions(_ context.Context, tx *gorm.DB) (int, error) {
	return s.simple(tx, "professions.json", "professions", func(r named) map[string]any { return map[string]any{"category": r.Category} })
}

func (s *Seeder) companies(_ context.Context, tx *gorm.DB) (int, error) {
	return s.simple(tx, "companies.json", "companies", func(named) map[string]any { return nil })
}

func (s *Seeder) countries(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct{ Code, Name, PhoneCode string }
	if err := s.read("master/countries.json", &rows); err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := upsert(tx, "countries", map[string]any{"code": r.Code}, map[string]any{"name": r.Name, "phone_code": r.PhoneCode}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) states(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct{ Code, Name, CountryCode, Type string }
	if err := s.read("master/states.json", &rows); err != nil {
		return 0, err
	}
	countries := map[string]uint64{}
	for _, r := range rows {
		cid, ok := countries[r.CountryCode]
		if !ok {
			var c struct{ ID uint64 }
			if err := tx.Table("countries").Select("id").Where("code = ?", r.CountryCode).Take(&c).Error; err != nil {
				return 0, fmt.Errorf("state %s: country %s: %w", r.Name, r.CountryCode, err)
			}
			cid, countries[r.CountryCode] = c.ID, c.ID
		}
		if err := upsert(tx, "states", map[string]any{"country_id": cid, "code": r.Code}, map[string]any{"name": r.Name, "type": r.Type}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) cities(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct {
		Name, StateCode string
		Lat, Lng        float64
	}
	if err := s.read("master/cities.json", &rows); err != nil {
		return 0, err
	}
	var states []struct {
		ID   uint64
		Code string
	}
	if err := tx.Table("states s").Select("s.id, s.code").Joins("JOIN countries c ON c.id = s.country_id AND c.code = 'IN'").Find(&states).Error; err != nil {
		return 0, err
	}
	ids := map[string]uint64{}
	for _, st := range states {
		ids[st.Code] = st.ID
	}
	for _, r := range rows {
		sid, ok := ids[r.StateCode]
		if !ok {
			return 0, fmt.Errorf("city %s: unknown state code %q", r.Name, r.StateCode)
		}
		if err := upsert(tx, "cities", map[string]any{"state_id": sid, "name": r.Name}, map[string]any{"lat": r.Lat, "lng": r.Lng}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) incomeBands(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct {
		Code, Label string
		Min, Max    int64
	}
	if err := s.read("master/income_bands.json", &rows); err != nil {
		return 0, err
	}
	for i, r := range rows {
		if err := upsert(tx, "income_bands", map[string]any{"code": r.Code},
			map[string]any{"label": r.Label, "min_inr": r.Min, "max_inr": r.Max, "sort": i + 1}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) heights(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct {
		CM    int
		Label string
	}
	if err := s.read("master/heights.json", &rows); err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := upsert(tx, "heights", map[string]any{"cm": r.CM}, map[string]any{"label": r.Label}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) plans(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct {
		Name                                                   string
		Months, PriceInr, ContactViews, DailyInvitations, Sort int
		Free, StartChats, ProfileHighlight, PrioritySupport    bool
	}
	if err := s.read("plans.json", &rows); err != nil {
		return 0, err
	}
	for _, r := range rows {
		// Only insert: admins may have edited prices since, and the seed must not undo that.
		// (Migration 00012 already made the free tier's row.)
		q := tx.Table("plans").Where("name = ?", r.Name)
		if r.Free {
			q = tx.Table("plans").Where("is_free = ?", true)
		}
		var n int64
		if err := q.Count(&n).Error; err != nil {
			return 0, err
		}
		if n > 0 {
			continue
		}
		if err := tx.Table("plans").Create(map[string]any{"name": r.Name, "months": r.Months, "price_inr": r.PriceInr,
			"contact_views": r.ContactViews, "start_chats": r.StartChats, "profile_highlight": r.ProfileHighlight,
			"priority_support": r.PrioritySupport, "daily_invitations": r.DailyInvitations, "sort": r.Sort, "active": true,
			"is_free": r.Free}).Error; err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

// coupons inserts the shipped coupons that do not exist yet (by code);
// admins may have edited or paused them since.
func (s *Seeder) coupons(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct {
		Code, Description, Kind, Plan string
		Value, MaxUses                int
		ValidFrom, ValidUntil         time.Time
	}
	if err := s.read("coupons.json", &rows); err != nil {
		return 0, err
	}
	for _, r := range rows {
		var n int64
		if err := tx.Table("coupons").Where("code = ?", r.Code).Count(&n).Error; err != nil {
			return 0, err
		}
		if n > 0 {
			continue
		}
		row := map[string]any{"code": r.Code, "description": r.Description, "kind": r.Kind, "value": r.Value,
			"valid_from": r.ValidFrom.UTC(), "valid_until": r.ValidUntil.UTC(), "max_uses": r.MaxUses, "used_count": 0, "active": true,
			"created_at": time.Now().UTC()}
		if r.Plan != "" {
			var id uint64
			if err := tx.Table("plans").Where("name = ?", r.Plan).Pluck("id", &id).Error; err != nil {
				return 0, err
			}
			if id == 0 {
				return 0, fmt.Errorf("coupon %s: no plan %q", r.Code, r.Plan)
			}
			row["plan_id"] = id
		}
		if err := tx.Table("coupons").Create(row).Error; err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) settings(ctx context.Context, tx *gorm.DB) (int, error) {
	doc := map[string]json.RawMessage{}
	if err := s.read("settings.json", &doc); err != nil {
		return 0, err
	}
	// Insert only missing keys: settings edited by admins win over the seed.
	svc := content.NewService(&store.DB{DB: tx, Dialect: s.DB.Dialect})
	return len(doc), svc.SaveSettings(ctx, doc, false)
}

// contentSeededKey marks, in the settings table, that the shipped blogs,
// stories, FAQ and pages were loaded once: after that the content team owns
// them in the back office, and seeding again (make run seeds at every
// start) neither brings back what they deleted nor undoes their edits.
const contentSeededKey = "seed.content"

// content loads the shipped content the first time, inserting only what is
// missing (a database seeded before the marker existed keeps its edits).
func (s *Seeder) content(ctx context.Context, tx *gorm.DB) (int, error) {
	var n int64
	if err := tx.Table("settings").Where("setting_key = ?", contentSeededKey).Count(&n).Error; err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, nil
	}
	total := 0
	for _, step := range []func(context.Context, *gorm.DB) (int, error){s.blogs, s.stories, s.faqs, s.pages} {
		c, err := step(ctx, tx)
		if err != nil {
			return total, err
		}
		total += c
	}
	return total, tx.Table("settings").Create(map[string]any{"setting_key": contentSeededKey, "value": `"done"`, "updated_at": time.Now().UTC()}).Error
}

// insertMissing inserts a row keyed by key unless one exists.
func insertMissing(tx *gorm.DB, table string, key, values map[string]any) error {
	var n int64
	if err := tx.Table(table).Where(key).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	all := map[string]any{}
	for k, v := range key {
		all[k] = v
	}
	for k, v := range values {
		all[k] = v
	}
	return tx.Table(table).Create(all).Error
}

func (s *Seeder) blogs(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct {
		Title, Author, Summary, Body, PublishedAt string
		Tags                                      []string
	}
	if err := s.read("content/blogs.json", &rows); err != nil {
		return 0, err
	}
	now := time.Now().UTC()
	for _, r := range rows {
		pub, err := time.Parse(time.RFC3339, r.PublishedAt)
		if err != nil {
			return 0, fmt.Errorf("blog %q: publishedAt: %w", r.Title, err)
		}
		err = insertMissing(tx, "blogs", map[string]any{"slug": content.Slugify(r.Title)}, map[string]any{
			"title": r.Title, "author": r.Author, "summary": r.Summary, "body": r.Body,
			"tags": content.Tags(r.Tags), "published_at": pub.UTC(), "status": "published", "created_at": now, "updated_at": now})
		if err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) stories(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct{ Title, BrideName, GroomName, Denomination, City, WeddingDate, Summary, Story string }
	if err := s.read("content/success_stories.json", &rows); err != nil {
		return 0, err
	}
	now := time.Now().UTC()
	for _, r := range rows {
		wd, err := time.Parse("2006-01-02", r.WeddingDate)
		if err != nil {
			return 0, fmt.Errorf("story %q: weddingDate: %w", r.Title, err)
		}
		err = insertMissing(tx, "success_stories", map[string]any{"seed_key": r.Title}, map[string]any{
			"title": r.Title, "bride_name": r.BrideName, "groom_name": r.GroomName, "denomination": r.Denomination,
			"city": r.City, "wedding_date": wd, "summary": r.Summary, "story": r.Story, "status": "published",
			"created_at": now, "updated_at": now})
		if err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) faqs(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct{ Category, Question, Answer string }
	if err := s.read("content/faq.json", &rows); err != nil {
		return 0, err
	}
	for i, r := range rows {
		if err := insertMissing(tx, "faqs", map[string]any{"question": r.Question},
			map[string]any{"category": r.Category, "answer": r.Answer, "sort": i + 1}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

func (s *Seeder) pages(_ context.Context, tx *gorm.DB) (int, error) {
	var rows []struct{ Key, Title, Body string }
	if err := s.read("content/pages.json", &rows); err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := insertMissing(tx, "pages", map[string]any{"page_key": r.Key},
			map[string]any{"title": r.Title, "body": r.Body, "updated_at": time.Now().UTC()}); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}
