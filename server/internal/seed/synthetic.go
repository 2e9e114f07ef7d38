package seed

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// SyntheticPassword is the password of every synthetic member, so any of
// them can log in (unless suspended) while trying the site at scale.
const SyntheticPassword = "Synthetic@123"

// SyntheticMax is the most synthetic members a database may hold: public
// profile codes (TM1000000-TM9999999) have nine million values in all.
const SyntheticMax = 5_000_000

// SyntheticDomain is the e-mail domain of synthetic members.
const SyntheticDomain = "synthetic.tfmmatrimony.in"

const (
	synthBatch    = 2000   // members per transaction
	synthStmtRows = 1000   // rows per INSERT statement (partner preference values: 4×)
	synthProgress = 50_000 // members between progress lines
	// Member i's mobile number lies in its own block of synthPhoneBlock
	// numbers from 6000000000 on (5,000,000 blocks fill 6000000000-9999999999),
	// so numbers never collide between synthetic members and rise with the
	// member number: the phone index is appended to, not written at random.
	synthPhoneBase  = 6_000_000_000
	synthPhoneBlock = 800
	codeSpace       = 9_000_000
)

// SyntheticEmail is the e-mail of synthetic member i (1-based), e.g. synthetic.000001@synthetic.tfmmatrimony.in.
func SyntheticEmail(i int) string { return fmt.Sprintf("synthetic.%06d@%s", i, SyntheticDomain) }

// SyntheticOptions say how many synthetic members there should be and how to draw them.
type SyntheticOptions struct {
	Count int       // synthetic members wanted in all: synthetic.000001 … synthetic.{Count}
	Seed  uint64    // the same seed draws the same members
	Now   time.Time // ages and dates count back from it; zero means now
}

// Synthetic makes sure synthetic members 1…opts.Count exist, creating the
// missing ones, and returns how many it created: with the same count a
// second run adds nothing, and a larger count adds the difference. Each
// member gets a user, a profile, partner preferences and their values; some
// a paid plan or member settings. Members are drawn from a random generator
// seeded by opts.Seed and their number, so they do not depend on how many
// are made at once. Master data must be seeded first (Run). Rows are
// written with explicit ids above the current maximum, in multi-row
// INSERTs, so nobody should register members while it runs.
func (s *Seeder) Synthetic(ctx context.Context, opts SyntheticOptions) (int, error) {
	if opts.Count < 0 || opts.Count > SyntheticMax {
		return 0, fmt.Errorf("synthetic members: count must be between 0 and %d", SyntheticMax)
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC().Truncate(time.Millisecond)
	sqlDB := s.DB.SQL()

	have, existing, err := synthExisting(ctx, sqlDB, opts.Count)
	if err != nil {
		return 0, err
	}
	var todo []int
	for i := 1; i <= opts.Count; i++ {
		if !have[i] {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 {
		s.Log.Info("synthetic members already present", "count", existing)
		return 0, nil
	}
	lk, err := s.synthLookups(ctx)
	if err != nil {
		return 0, err
	}
	g := newSynthGen(lk, opts.Seed, opts.Count, now)
	if err := g.loadTaken(ctx, sqlDB); err != nil {
		return 0, err
	}
	cost := s.PasswordCost
	if cost == 0 {
		cost = 12
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(SyntheticPassword), cost)
	if err != nil {
		return 0, err
	}
	var maxUser, maxProfile uint64
	if err := sqlDB.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM users").Scan(&maxUser); err != nil {
		return 0, err
	}
	if err := sqlDB.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM profiles").Scan(&maxProfile); err != nil {
		return 0, err
	}
	s.Log.Info("creating synthetic members", "existing", existing, "to_create", len(todo), "seed", opts.Seed)
	return s.synthLoad(ctx, g, string(hash), todo, maxUser, maxProfile)
}

// synthExisting reports which synthetic members 1…count exist, and how many synthetic members there are in all.
func synthExisting(ctx context.Context, db *sql.DB, count int) ([]bool, int, error) {
	have := make([]bool, count+1)
	rows, err := db.QueryContext(ctx, "SELECT email FROM users WHERE email LIKE ?", "synthetic.%@"+SyntheticDomain)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	n := 0
	prefix, suffix := "synthetic.", "@"+SyntheticDomain
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, 0, err
		}
		e = strings.ToLower(e)
		if !strings.HasPrefix(e, prefix) || !strings.HasSuffix(e, suffix) {
			continue
		}
		i, err := strconv.Atoi(e[len(prefix) : len(e)-len(suffix)])
		if err != nil || i < 1 {
			continue
		}
		n++
		if i <= count {
			have[i] = true
		}
	}
	return have, n, rows.Err()
}

// synthBatchSQL is one transaction's statements.
type synthBatchSQL struct {
	stmts   []string
	members int
	rows    int
	err     error // the generator could not draw a member
}

// synthLoad generates the members of todo in batches on one goroutine while
// this one writes the previous batch, each batch in one transaction on one
// connection set up for bulk loading.
func (s *Seeder) synthLoad(ctx context.Context, g *synthGen, hash string, todo []int, maxUser, maxProfile uint64) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn, err := s.DB.SQL().Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	restore, err := bulkSession(ctx, conn, s.DB.Dialect)
	if err != nil {
		return 0, err
	}
	defer restore()

	batches := make(chan synthBatchSQL, 2)
	go func() {
		defer close(batches)
		w := newSynthWriter(s.DB.Dialect, hash)
		var m synthMember
		uid, pid := maxUser, maxProfile
		for start := 0; start < len(todo); start += synthBatch {
			end := min(start+synthBatch, len(todo))
			var b synthBatchSQL
			for _, i := range todo[start:end] {
				uid++
				pid++
				if b.err = g.member(i, &m); b.err != nil {
					break
				}
				m.userID, m.profileID = uid, pid
				w.add(&m)
			}
			if b.err == nil {
				b = w.flush()
				b.members = end - start
			}
			select {
			case batches <- b:
			case <-ctx.Done():
				return
			}
			if b.err != nil {
				return
			}
		}
	}()

	created, rows := 0, 0
	began, lastLog := time.Now(), 0
	for b := range batches {
		err := b.err
		if err == nil {
			err = execBatch(ctx, conn, b.stmts)
		}
		if err != nil {
			cancel()
			for range batches { // let the generator finish
			}
			return created, fmt.Errorf("synthetic members: %w", err)
		}
		created += b.members
		rows += b.rows
		if created-lastLog >= synthProgress || created == len(todo) {
			lastLog = created
			secs := time.Since(began).Seconds()
			s.Log.Info("synthetic members", "created", created, "of", len(todo), "rows", rows,
				"members_per_s", int(float64(created)/secs), "rows_per_s", int(float64(rows)/secs))
		}
	}
	if err := ctx.Err(); err != nil {
		return created, err
	}
	s.Log.Info("seeded synthetic members", "created", created, "rows", rows, "seconds", math.Round(time.Since(began).Seconds()*10)/10)
	return created, nil
}

func execBatch(ctx context.Context, conn *sql.Conn, stmts []string) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	for _, st := range stmts {
		if _, err := tx.ExecContext(ctx, st); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// bulkSession sets up conn for a bulk load: on MySQL no unique or foreign key
// checks (the generator guarantees both), on SQLite no fsync, no foreign key
// checks and a large page cache. The returned function restores the settings,
// since the connection goes back to the pool.
func bulkSession(ctx context.Context, conn *sql.Conn, d store.Dialect) (func(), error) {
	if d == store.MySQL {
		var uc, fk int
		if err := conn.QueryRowContext(ctx, "SELECT @@SESSION.unique_checks, @@SESSION.foreign_key_checks").Scan(&uc, &fk); err != nil {
			return nil, err
		}
		if _, err := conn.ExecContext(ctx, "SET SESSION unique_checks = 0, foreign_key_checks = 0"); err != nil {
			return nil, err
		}
		return func() {
			_, _ = conn.ExecContext(context.Background(), fmt.Sprintf("SET SESSION unique_checks = %d, foreign_key_checks = %d", uc, fk))
		}, nil
	}
	var sync, fk, cache int
	for _, p := range []struct {
		name string
		dst  *int
	}{{"synchronous", &sync}, {"foreign_keys", &fk}, {"cache_size", &cache}} {
		if err := conn.QueryRowContext(ctx, "PRAGMA "+p.name).Scan(p.dst); err != nil {
			return nil, err
		}
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -262144"); err != nil {
		return nil, err
	}
	return func() {
		_, _ = conn.ExecContext(context.Background(), fmt.Sprintf("PRAGMA synchronous = %d; PRAGMA foreign_keys = %d; PRAGMA cache_size = %d", sync, fk, cache))
	}, nil
}

// ---- master data ----

type cityRef struct {
	id   uint64
	name string
}

type denRef struct {
	id, religion uint64
	name         string
}

type degRef struct {
	id    uint64
	level int
}

type profRef struct {
	id   uint64
	name string
}

type synthState struct {
	id, country uint64
	code        string
	cities      wtable[cityRef]
	langs       wtable[uint64]
	langIDs     []uint64 // every language of the state, for a second mother tongue in preferences
	dens        wtable[denRef]
	names       *region
	colleges    []uint64
}

type synthCareer struct {
	degrees wtable[degRef]
	profs   wtable[profRef]
	lo, hi  int
	maxAge  int
	company bool
}

type synthLookups struct {
	states         []synthState
	stateW         wtable[int]
	careers        []synthCareer
	careerW        [2]wtable[int] // brides, grooms
	degreesByLevel [5][]uint64
	profIDs        []uint64 // professions a partner may be asked to have
	incomes        []string // income band codes with an amount, by sort
	incomeND       string   // "Not disclosed", or "" when the master data has none
	heights        []int
	plans          wtable[planRow]
	companies      []uint64
	english        uint64
	denFamily      map[uint64][]uint64
	endogamous     map[uint64]bool
	ages           [2]wtable[int]
	enums          map[string]wtable[string]
}

func levelRank(level string) int {
	switch level {
	case "doctorate":
		return 4
	case "master":
		return 3
	case "bachelor":
		return 2
	case "diploma":
		return 1
	}
	return 0
}

// synthLookups reads the master tables and resolves the names of synthetic_data.go to their ids.
func (s *Seeder) synthLookups(ctx context.Context) (*synthLookups, error) {
	db := s.DB.WithContext(ctx)
	lk := &synthLookups{denFamily: map[uint64][]uint64{}, endogamous: map[uint64]bool{}, enums: map[string]wtable[string]{}}
	var india struct{ ID uint64 }
	if err := db.Table("countries").Select("id").Where("code = 'IN'").Take(&india).Error; err != nil {
		return nil, fmt.Errorf("master data missing (run `tfm seed` first): %w", err)
	}
	var cities []struct {
		ID        uint64
		Name      string
		StateID   uint64
		StateCode string
	}
	if err := db.Table("cities c").Select("c.id, c.name, c.state_id, s.code AS state_code").Joins("JOIN states s ON s.id = c.state_id").
		Where("s.country_id = ?", india.ID).Order("c.id").Find(&cities).Error; err != nil {
		return nil, err
	}
	var comms []struct {
		ID, ReligionID uint64
		Name           string
	}
	if err := db.Table("communities").Select("id, religion_id, name").Order("id").Find(&comms).Error; err != nil {
		return nil, err
	}
	dens := map[string]denRef{}
	for _, c := range comms {
		dens[c.Name] = denRef{c.ID, c.ReligionID, c.Name}
	}
	langs, err := nameIDs(db.Table("languages"))
	if err != nil {
		return nil, err
	}
	lk.english = langs["English"]
	var degs []struct {
		ID    uint64
		Name  string
		Level string
	}
	if err := db.Table("degrees").Select("id, name, level").Order("id").Find(&degs).Error; err != nil {
		return nil, err
	}
	degrees := map[string]degRef{}
	for _, d := range degs {
		r := degRef{d.ID, levelRank(d.Level)}
		degrees[d.Name] = r
		lk.degreesByLevel[r.level] = append(lk.degreesByLevel[r.level], d.ID)
	}
	var profRows []struct {
		ID       uint64
		Name     string
		Category string
	}
	if err := db.Table("professions").Select("id, name, category").Order("id").Find(&profRows).Error; err != nil {
		return nil, err
	}
	profs := map[string]profRef{}
	for _, p := range profRows {
		profs[p.Name] = profRef{p.ID, p.Name}
		if p.Category != "Not working" && p.Name != "Other" && p.Name != "Priest / Vicar" {
			lk.profIDs = append(lk.profIDs, p.ID)
		}
	}
	var colleges []struct {
		ID        uint64
		StateCode string
	}
	if err := db.Table("colleges").Select("id, state_code").Order("id").Find(&colleges).Error; err != nil {
		return nil, err
	}
	if err := db.Table("companies").Order("id").Pluck("id", &lk.companies).Error; err != nil {
		return nil, err
	}
	var bands []struct {
		Code           string
		MinInr, MaxInr int64
	}
	if err := db.Table("income_bands").Select("code, min_inr, max_inr").Order("sort").Find(&bands).Error; err != nil {
		return nil, err
	}
	for _, b := range bands {
		if b.MinInr == 0 && b.MaxInr == 0 {
			lk.incomeND = b.Code
		} else {
			lk.incomes = append(lk.incomes, b.Code)
		}
	}
	if err := db.Table("heights").Order("cm").Pluck("cm", &lk.heights).Error; err != nil {
		return nil, err
	}
	var plans []planRow
	if err := db.Table("plans").Select("id, months, contact_views").Where("active = ? AND is_free = ?", true, false).Order("sort").Find(&plans).Error; err != nil {
		return nil, err
	}
	for i, p := range plans { // cheaper plans sell more
		lk.plans.add(p, float64(len(plans)-i))
	}
	if len(cities) == 0 || len(comms) == 0 || len(lk.heights) == 0 || len(lk.incomes) == 0 || len(lk.profIDs) == 0 {
		return nil, errors.New("master data missing (run `tfm seed` first)")
	}

	byState := map[string]*synthState{}
	var order []string
	for _, c := range cities {
		st := byState[c.StateCode]
		if st == nil {
			st = &synthState{id: c.StateID, country: india.ID, code: c.StateCode}
			byState[c.StateCode] = st
			order = append(order, c.StateCode)
		}
		st.cities.items = append(st.cities.items, cityRef{c.ID, c.Name}) // weights below
	}
	for _, c := range colleges {
		if st := byState[c.StateCode]; st != nil {
			st.colleges = append(st.colleges, c.ID)
		}
	}
	for _, code := range order {
		st := byState[code]
		spec, ok := synthStates[code]
		if !ok {
			spec = synthStateSpec{weight: 0.05, langs: langsNorth, dens: densNorth, names: 6}
		}
		all := st.cities.items
		st.cities = wtable[cityRef]{}
		for _, c := range all {
			w := 1.0
			for _, m := range spec.cities {
				if m.name == c.name {
					w = m.w
				}
			}
			st.cities.add(c, w)
		}
		for _, l := range spec.langs {
			if id := langs[l.name]; id != 0 {
				st.langs.add(id, l.w)
				st.langIDs = append(st.langIDs, id)
			}
		}
		for _, d := range spec.dens {
			if r, ok := dens[d.name]; ok {
				st.dens.add(r, d.w)
			}
		}
		if st.langs.empty() || st.dens.empty() {
			continue // master data without this state's languages or denominations: no members from it
		}
		st.names = &regions[spec.names]
		lk.states = append(lk.states, *st)
		lk.stateW.add(len(lk.states)-1, spec.weight)
	}
	if lk.stateW.empty() {
		return nil, errors.New("master data missing: no state with cities, languages and denominations")
	}
	for _, fam := range denFamilies {
		var ids []uint64
		for _, n := range fam {
			if r, ok := dens[n]; ok {
				ids = append(ids, r.id)
			}
		}
		for _, id := range ids {
			lk.denFamily[id] = ids
		}
	}
	for n := range endogamous {
		if r, ok := dens[n]; ok {
			lk.endogamous[r.id] = true
		}
	}
	for _, cs := range careerSpecs {
		c := synthCareer{lo: cs.lo, hi: cs.hi, maxAge: cs.maxAge, company: cs.company && len(lk.companies) > 0}
		for _, d := range cs.degrees {
			if r, ok := degrees[d.name]; ok {
				c.degrees.add(r, d.w)
			}
		}
		for _, p := range cs.profs {
			if r, ok := profs[p.name]; ok {
				c.profs.add(r, p.w)
			}
		}
		if c.degrees.empty() || c.profs.empty() {
			continue
		}
		lk.careers = append(lk.careers, c)
		lk.careerW[0].add(len(lk.careers)-1, cs.bride)
		lk.careerW[1].add(len(lk.careers)-1, cs.groom)
	}
	if lk.careerW[0].empty() || lk.careerW[1].empty() {
		return nil, errors.New("master data missing: no degrees or professions for synthetic members")
	}
	for i, w := range brideAges {
		lk.ages[0].add(profile.PartnerMinAgeBride+i, w)
	}
	for i, w := range groomAges {
		lk.ages[1].add(profile.PartnerMinAgeGroom+i, w)
	}
	for name, list := range map[string][]wn{"createdBy": synthCreatedBy, "faith": synthFaith, "diet": synthDiet, "famType": synthFamType,
		"famValues": synthFamValues, "photoVis": synthPhotoVis, "contact": synthContact, "chat": synthChat, "smoke0": synthSmokeBride,
		"smoke1": synthSmokeGroom, "drink0": synthDrinkBride, "drink1": synthDrinkGroom, "relation": synthRelation} {
		var t wtable[string]
		for _, x := range list {
			t.add(x.name, x.w)
		}
		lk.enums[name] = t
	}
	return lk, nil
}

func nameIDs(q *gorm.DB) (map[string]uint64, error) {
	var rows []idName
	if err := q.Select("id, name").Order("id").Find(&rows).Error; err != nil {
		return nil, err
	}
	m := map[string]uint64{}
	for _, r := range rows {
		m[r.Name] = r.ID
	}
	return m, nil
}

// ---- weighted choice ----

// wtable picks items with probability proportional to their weights.
type wtable[T any] struct {
	items []T
	cum   []float64
}

func (t *wtable[T]) add(v T, w float64) {
	if w <= 0 {
		return
	}
	if n := len(t.cum); n > 0 {
		w += t.cum[n-1]
	}
	t.items = append(t.items, v)
	t.cum = append(t.cum, w)
}

func (t *wtable[T]) empty() bool { return len(t.cum) == 0 }

func (t *wtable[T]) pick(r *mrand.Rand) T {
	x := r.Float64() * t.cum[len(t.cum)-1]
	i := sort.Search(len(t.cum), func(i int) bool { return t.cum[i] > x })
	if i == len(t.cum) {
		i--
	}
	return t.items[i]
}

func chance(r *mrand.Rand, p float64) bool { return r.Float64() < p }

// ---- one member ----

type prefVal struct {
	field, value string
}

type synthSub struct {
	plan          planRow
	starts, until time.Time
	used          int
}

type synthMember struct {
	userID, profileID                                uint64
	email, status                                    string
	phone                                            uint64
	emailVerified, phoneVerified                     time.Time // zero: not verified
	created, updated, lastActive                     time.Time
	code                                             int
	name                                             string
	gender                                           int
	dob                                              time.Time
	height                                           int
	marital, createdBy, physical, faith, parish      string
	lang, religion, community                        uint64
	degree, college, profession, company             uint64
	income                                           string
	country, state, city                             uint64
	fatherOcc, motherOcc, siblings, famType, famVals string
	aboutMe, aboutFamily                             string // "": NULL
	diet, smoking, drinking                          string
	photoVis, contact, chat                          string
	hidden                                           bool
	steps                                            int

	ageMin, ageMax, heightMin, heightMax int
	incomeMin, incomeMax                 string
	strict                               map[string]bool
	prefSaved                            time.Time
	vals                                 []prefVal

	subs     []synthSub
	settings bool
	showPub  bool
	cPerson  string
	cRel     string
	callTime string
	alerts   [6]bool
}

// synthGen draws members. Each member's draws come from a generator seeded
// by the run's seed and the member's number alone.
type synthGen struct {
	lk     *synthLookups
	seed   uint64
	count  int // members wanted in all: join dates spread over 1…count
	now    time.Time
	today  time.Time
	pcg    *mrand.PCG
	r      *mrand.Rand
	phones map[uint64]struct{} // numbers taken (+91)
	codes  []uint64            // bitset over profile codes taken, TM1000000 = bit 0
}

func newSynthGen(lk *synthLookups, seed uint64, count int, now time.Time) *synthGen {
	pcg := mrand.NewPCG(0, 0)
	return &synthGen{lk: lk, seed: seed, count: max(count, 1), now: now, today: time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC),
		pcg: pcg, r: mrand.New(pcg), phones: map[uint64]struct{}{}, codes: make([]uint64, (codeSpace+63)/64)}
}

// loadTaken reads the phone numbers and profile codes already in use.
func (g *synthGen) loadTaken(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT phone FROM users WHERE phone_code = '+91'")
	if err != nil {
		return err
	}
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return err
		}
		if n, err := strconv.ParseUint(p, 10, 64); err == nil {
			g.phones[n] = struct{}{}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = db.QueryContext(ctx, "SELECT profile_code FROM profiles")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return err
		}
		if len(c) == 9 && c[:2] == "TM" {
			if n, err := strconv.Atoi(c[2:]); err == nil && n >= 1_000_000 && n < 10_000_000 {
				g.takeCode(n - 1_000_000)
			}
		}
	}
	return rows.Err()
}

func (g *synthGen) codeTaken(n int) bool { return g.codes[n/64]&(1<<(n%64)) != 0 }
func (g *synthGen) takeCode(n int)       { g.codes[n/64] |= 1 << (n % 64) }

// phoneFor is member i's mobile number: one of its block chosen by i alone
// (whatever the seed, so runs with different seeds never collide), stepping
// to the next one of the block only when someone already holds it.
func (g *synthGen) phoneFor(i int) (uint64, error) {
	block := synthPhoneBase + uint64(i-1)*synthPhoneBlock
	off := splitmix(uint64(i)) % synthPhoneBlock
	for k := uint64(0); k < synthPhoneBlock; k++ {
		p := block + (off+k)%synthPhoneBlock
		if _, taken := g.phones[p]; !taken {
			g.phones[p] = struct{}{}
			return p, nil
		}
	}
	return 0, fmt.Errorf("synthetic member %d: every number from %d on is taken", i, block)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// nearest returns the selectable height closest to cm.
func (lk *synthLookups) nearest(cm int) int {
	i := sort.SearchInts(lk.heights, cm)
	switch {
	case i == 0:
		return lk.heights[0]
	case i == len(lk.heights):
		return lk.heights[i-1]
	case lk.heights[i]-cm < cm-lk.heights[i-1]:
		return lk.heights[i]
	}
	return lk.heights[i-1]
}

func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

var (
	synthFathers = []string{"a retired teacher", "a farmer", "a businessman", "a government employee", "a retired bank officer", "an engineer",
		"a doctor", "a pastor", "a shop owner", "an accountant", "a Gulf returnee", "a planter", "a retired army officer", "a contractor"}
	synthMothers  = []string{"a homemaker", "a homemaker", "a homemaker", "a teacher", "a nurse", "a retired teacher", "a government employee", "a bank officer"}
	synthParishes = []string{"St. Mary's Church", "St. Thomas Church", "St. George's Church", "Holy Family Church", "Sacred Heart Church",
		"Christ Church", "St. Joseph's Church", "Immanuel Church", "Bethel Church", "Zion Church", "St. Antony's Church", "Holy Trinity Church"}
	notWorking = map[string]bool{"Student": true, "Homemaker": true, "Not working": true}
)

// member draws synthetic member i into m (which it resets).
func (g *synthGen) member(i int, m *synthMember) error {
	lk, r, now := g.lk, g.r, g.now
	g.pcg.Seed(splitmix(g.seed^splitmix(uint64(i))), splitmix(uint64(i)+0x5851f42d4c957f2d))
	*m = synthMember{vals: m.vals[:0], subs: m.subs[:0], strict: m.strict}
	if m.strict == nil {
		m.strict = map[string]bool{}
	}
	clear(m.strict)
	m.email = SyntheticEmail(i)
	var err error
	if m.phone, err = g.phoneFor(i); err != nil {
		return err
	}
	m.status = "active"
	if chance(r, 0.01) {
		m.status = "suspended"
	}

	// who
	gi := 0 // 0 bride, 1 groom
	m.gender = profile.GenderFemale
	if r.IntN(2) == 1 {
		gi, m.gender = 1, profile.GenderMale
	}
	st := &lk.states[lk.stateW.pick(r)]
	city := st.cities.pick(r)
	m.country, m.state, m.city = st.country, st.id, city.id
	m.lang = st.langs.pick(r)
	den := st.dens.pick(r)
	m.community, m.religion = den.id, den.religion
	first := pick(r, st.names.brideNames)
	if gi == 1 {
		first = pick(r, st.names.groomNames)
	}
	m.name = first + " " + pick(r, st.names.surnames)
	if len(m.name) > 25 {
		m.name = m.name[:25]
	}
	age := lk.ages[gi].pick(r)
	m.dob = g.today.AddDate(-age, 0, -r.IntN(365))
	minAge := profile.PartnerMinAgeBride
	if gi == 1 {
		minAge = profile.PartnerMinAgeGroom
	}
	never := 0.97
	switch {
	case age > 32:
		never = 0.78
	case age > 25:
		never = 0.91
	}
	m.marital = profile.NeverMarried
	if !chance(r, never) {
		m.marital = pickW(r, []wn{{profile.Divorced, 50}, {profile.Widowed, 25}, {profile.Separated, 15}, {profile.Annulled, 10}})
	}
	if gi == 0 {
		m.height = lk.nearest(int(math.Round(157 + 6*r.NormFloat64())))
	} else {
		m.height = lk.nearest(int(math.Round(170 + 7*r.NormFloat64())))
	}
	m.createdBy = g.enum("createdBy")
	m.physical = "normal"
	if chance(r, 0.01) {
		m.physical = "physically_challenged"
	}
	m.faith = g.enum("faith")
	if chance(r, 0.35) {
		m.parish = pick(r, synthParishes) + ", " + city.name
	}

	// education and work
	ci := lk.careerW[gi].pick(r)
	for try := 0; try < 5 && lk.careers[ci].maxAge > 0 && age > lk.careers[ci].maxAge; try++ {
		ci = lk.careerW[gi].pick(r)
	}
	c := &lk.careers[ci]
	deg := c.degrees.pick(r)
	prof := c.profs.pick(r)
	m.degree, m.profession = deg.id, prof.id
	if deg.level >= 1 && len(st.colleges) > 0 && chance(r, 0.4) {
		m.college = pick(r, st.colleges)
	}
	if c.company && chance(r, 0.35) {
		m.company = pick(r, lk.companies)
	}
	inc := c.lo + r.IntN(c.hi-c.lo+1)
	if age > 30 && chance(r, 0.5) {
		inc++
	}
	if age < 24 && inc > c.lo {
		inc--
	}
	inc = max(0, min(inc, len(lk.incomes)-1))
	m.income = lk.incomes[inc]
	if lk.incomeND != "" && chance(r, 0.06) {
		m.income = lk.incomeND
	}

	// lifestyle, family, about
	m.diet = g.enum("diet")
	m.smoking = g.enum([]string{"smoke0", "smoke1"}[gi])
	m.drinking = g.enum([]string{"drink0", "drink1"}[gi])
	m.photoVis, m.contact, m.chat = g.enum("photoVis"), g.enum("contact"), g.enum("chat")
	m.steps = 8 * profile.StepsPerSection // basic, contact, faith, education, location, family, about, lifestyle
	if chance(r, 0.85) {
		m.famType, m.famVals = g.enum("famType"), g.enum("famValues")
		m.fatherOcc, m.motherOcc = pick(r, synthFathers), pick(r, synthMothers)
		m.siblings = pick(r, synthSiblings)
		m.aboutFamily = fmt.Sprintf(pick(r, synthFamilyFmt), m.famVals, city.name, m.fatherOcc, m.motherOcc)
		m.fatherOcc = strings.TrimPrefix(strings.TrimPrefix(m.fatherOcc, "a "), "an ")
		m.motherOcc = strings.TrimPrefix(strings.TrimPrefix(m.motherOcc, "a "), "an ")
		m.fatherOcc = strings.ToUpper(m.fatherOcc[:1]) + m.fatherOcc[1:]
		m.motherOcc = strings.ToUpper(m.motherOcc[:1]) + m.motherOcc[1:]
		h1 := pick(r, synthHobbies)
		h2 := pick(r, synthHobbies)
		if notWorking[prof.name] {
			m.aboutMe = fmt.Sprintf("I am a %s person from %s, currently %s. I enjoy %s and %s, and my faith and family mean a great deal to me.",
				pick(r, synthKinds), city.name, strings.ToLower(prof.name), h1, h2)
		} else {
			m.aboutMe = fmt.Sprintf(pick(r, synthAboutFmt), pick(r, synthKinds), article(prof.name), city.name, h1, h2)
		}
		m.aboutMe = strings.ToUpper(m.aboutMe[:1]) + m.aboutMe[1:]
	} else {
		m.steps -= 2 * profile.StepsPerSection // a sparse profile: no family, no about me
	}
	m.steps += profile.StepsPerSection // partner preferences (no photos: 27 of 30)

	// dates: members joined in the order of their numbers (so, as in a real
	// database, ids rise with the join date and its index is appended to)
	// over three years, more recently than long ago and the last tenth in
	// the last 30 days; never before the legal age.
	from, recent := now.AddDate(-3, 0, 0), now.AddDate(0, 0, -30)
	if u := (float64(i-1) + r.Float64()) / float64(g.count); u >= 0.9 {
		m.created = recent.Add(time.Duration(min(1, (u-0.9)/0.1) * float64(now.Sub(recent))))
	} else {
		m.created = from.Add(time.Duration(math.Sqrt(u/0.9) * float64(recent.Sub(from))))
	}
	if legal := m.dob.AddDate(minAge, 0, 0); m.created.Before(legal) {
		m.created = legal.Add(time.Duration(r.Float64() * float64(min(30*24*time.Hour, now.Sub(legal)))))
	}
	m.created = m.created.Truncate(time.Millisecond)
	var back time.Duration
	switch x := r.Float64(); {
	case x < 0.25:
		back = time.Duration(r.Float64() * float64(24*time.Hour))
	case x < 0.45:
		back = 24*time.Hour + time.Duration(r.Float64()*float64(6*24*time.Hour))
	case x < 0.65:
		back = 7*24*time.Hour + time.Duration(r.Float64()*float64(23*24*time.Hour))
	case x < 0.85:
		back = 30*24*time.Hour + time.Duration(r.Float64()*float64(150*24*time.Hour))
	default:
		back = 180*24*time.Hour + time.Duration(r.Float64()*float64(900*24*time.Hour))
	}
	m.lastActive = now.Add(-back).Truncate(time.Millisecond)
	if m.lastActive.Before(m.created) {
		m.lastActive = m.created
	}
	span := m.lastActive.Sub(m.created)
	m.updated = m.created.Add(time.Duration(r.Float64() * float64(span))).Truncate(time.Millisecond)
	m.prefSaved = m.created.Add(time.Duration(r.Float64() * 0.2 * float64(span))).Truncate(time.Millisecond)
	if chance(r, 0.93) {
		m.emailVerified = m.created.Add(time.Duration(1+r.IntN(120)) * time.Minute)
	}
	if chance(r, 0.72) {
		m.phoneVerified = m.created.Add(time.Duration(1+r.IntN(600)) * time.Minute)
	}
	for _, t := range []*time.Time{&m.emailVerified, &m.phoneVerified} {
		if t.After(now) {
			*t = now
		}
	}
	m.hidden = chance(r, 0.03)

	g.preferences(m, st, gi, age, inc)

	// plans: about 8% on an active paid plan, some with an expired one
	if !lk.plans.empty() {
		if chance(r, 0.08) {
			p := lk.plans.pick(r)
			lo := now.AddDate(0, -p.Months, 1)
			if lo.Before(m.created) {
				lo = m.created
			}
			start := lo.Add(time.Duration(r.Float64() * float64(now.Sub(lo)))).Truncate(time.Millisecond)
			m.subs = append(m.subs, synthSub{p, start, start.AddDate(0, p.Months, 0), r.IntN(p.ContactViews/2 + 1)})
		}
		if chance(r, 0.05) {
			p := lk.plans.pick(r)
			hi := now.AddDate(0, -p.Months, -1)
			if hi.After(m.created) {
				start := m.created.Add(time.Duration(r.Float64() * float64(hi.Sub(m.created)))).Truncate(time.Millisecond)
				m.subs = append(m.subs, synthSub{p, start, start.AddDate(0, p.Months, 0), r.IntN(p.ContactViews + 1)})
			}
		}
	}
	// member settings: about one in eight changed something
	if chance(r, 0.12) {
		m.settings = true
		m.showPub = !chance(r, 0.25)
		m.cRel = g.enum("relation")
		m.cPerson = strings.TrimSpace(m.name[strings.LastIndexByte(m.name, ' ')+1:])
		switch m.cRel {
		case "self":
			m.cPerson = m.name
		case "father":
			m.cPerson = "Mr. " + m.cPerson
		case "mother":
			m.cPerson = "Mrs. " + m.cPerson
		default:
			m.cPerson = pick(r, st.names.groomNames) + " " + m.cPerson
		}
		if len(m.cPerson) > 50 {
			m.cPerson = m.cPerson[:50]
		}
		m.callTime = pick(r, synthCallTimes)
		for k := range m.alerts {
			m.alerts[k] = !chance(r, 0.2)
		}
		m.alerts[5] = chance(r, 0.3) // newsletter
	}

	// the public profile code, last so that a collision moves nothing else
	for {
		n := r.IntN(codeSpace)
		if !g.codeTaken(n) {
			g.takeCode(n)
			m.code = n + 1_000_000
			return nil
		}
	}
}

func (g *synthGen) enum(name string) string {
	t := g.lk.enums[name]
	return t.pick(g.r)
}

func pickW(r *mrand.Rand, list []wn) string {
	var t wtable[string]
	for _, x := range list {
		t.add(x.name, x.w)
	}
	return t.pick(r)
}

func (m *synthMember) addVal(field, value string) {
	for _, v := range m.vals {
		if v.field == field && v.value == value {
			return
		}
	}
	m.vals = append(m.vals, prefVal{field, value})
}

func (m *synthMember) addID(field string, id uint64) {
	if id != 0 {
		m.addVal(field, strconv.FormatUint(id, 10))
	}
}

func (m *synthMember) hasVals(field string) bool {
	for _, v := range m.vals {
		if v.field == field {
			return true
		}
	}
	return false
}

// setStrict marks field strict with probability p, when it has values.
func (m *synthMember) setStrict(r *mrand.Rand, field string, p float64) {
	if m.hasVals(field) && chance(r, p) {
		m.strict[field] = true
	}
}

// preferences draws partner preferences around the member's own profile,
// the way profile's defaults derive them (a bride: grooms her age to about 7
// years older; a groom: brides up to about 5 years younger), with the mix of
// strict and soft wishes and of value lists that members set.
func (g *synthGen) preferences(m *synthMember, st *synthState, gi, age, inc int) {
	lk, r := g.lk, g.r
	if gi == 0 {
		lo := max(profile.PartnerMinAgeGroom, age+pickInt(r, []int{0, 0, 0, 0, 0, 0, 1, 1, -1, -1, 2, -2}))
		m.ageMin, m.ageMax = lo, min(profile.PartnerMaxAge, lo+pickInt(r, []int{5, 6, 6, 7, 7, 7, 8, 8, 10}))
	} else {
		hi := max(profile.PartnerMinAgeBride, age+pickInt(r, []int{0, 0, 0, 0, 0, 0, 1, 1, -1, 2, 3}))
		m.ageMin, m.ageMax = max(profile.PartnerMinAgeBride, hi-pickInt(r, []int{4, 5, 5, 5, 6, 6, 7, 8})), hi
	}
	m.strict["age"] = chance(r, 0.85)

	// height: brides mostly ask for a groom at least their height, grooms for a bride at most theirs
	if gi == 0 {
		if chance(r, 0.7) {
			m.heightMin = lk.nearest(m.height + pickInt(r, []int{0, 0, 3, 5}))
			if chance(r, 0.25) {
				m.heightMax = lk.nearest(m.heightMin + 25)
			}
		}
	} else {
		if chance(r, 0.7) {
			m.heightMax = m.height
			if chance(r, 0.25) {
				m.heightMin = lk.nearest(m.height - 20)
			}
		}
	}
	if m.heightMin != 0 && m.heightMax != 0 && m.heightMin > m.heightMax {
		m.heightMax = 0
	}
	m.strict["height"] = (m.heightMin != 0 || m.heightMax != 0) && chance(r, 0.2)

	// marital status
	if m.marital == profile.NeverMarried {
		if chance(r, 0.88) {
			m.addVal("marital", profile.NeverMarried)
		}
	} else if chance(r, 0.5) {
		for _, v := range []string{profile.Divorced, profile.Widowed, profile.Separated, profile.Annulled} {
			m.addVal("marital", v)
		}
	}
	m.setStrict(r, "marital", 0.45)

	// denomination
	switch {
	case lk.endogamous[m.community]:
		m.addID("community", m.community)
		m.setStrict(r, "community", 0.8)
	case chance(r, 0.85):
		m.addID("community", m.community)
		if fam := lk.denFamily[m.community]; len(fam) > 1 && chance(r, 0.4) {
			for k := 1 + r.IntN(3); k > 0; k-- {
				m.addID("community", pick(r, fam))
			}
		}
		m.setStrict(r, "community", 0.35)
	}

	// mother tongue
	if chance(r, 0.8) {
		m.addID("mother_tongue", m.lang)
		if chance(r, 0.2) {
			m.addID("mother_tongue", lk.english)
		}
		if chance(r, 0.1) {
			m.addID("mother_tongue", pick(r, st.langIDs))
		}
		m.setStrict(r, "mother_tongue", 0.19)
	}

	// education: degrees at the member's level or the one above
	if chance(r, 0.25) {
		lvl := 2
		for l := range lk.degreesByLevel {
			for _, id := range lk.degreesByLevel[l] {
				if id == m.degree {
					lvl = l
				}
			}
		}
		var pool []uint64
		for l := max(0, lvl-1); l <= min(4, lvl+1); l++ {
			pool = append(pool, lk.degreesByLevel[l]...)
		}
		if len(pool) > 0 {
			for k := 2 + r.IntN(5); k > 0; k-- {
				m.addID("degree", pick(r, pool))
			}
		}
		m.setStrict(r, "degree", 0.12)
	}
	if chance(r, 0.15) {
		for k := 2 + r.IntN(4); k > 0; k-- {
			m.addID("profession", pick(r, lk.profIDs))
		}
		m.setStrict(r, "profession", 0.1)
	}

	// income: brides often ask for at least their own band, grooms rarely set a ceiling
	if gi == 0 && chance(r, 0.35) {
		m.incomeMin = lk.incomes[max(0, inc-r.IntN(2))]
	} else if gi == 1 && chance(r, 0.08) {
		m.incomeMax = lk.incomes[min(len(lk.incomes)-1, inc+1)]
	}
	m.strict["income"] = (m.incomeMin != "" || m.incomeMax != "") && chance(r, 0.12)

	// where
	if chance(r, 0.8) {
		m.addID("country", m.country)
		m.setStrict(r, "country", 0.1)
	}
	if chance(r, 0.25) {
		m.addID("state", m.state)
		if chance(r, 0.3) {
			for k := 1 + r.IntN(2); k > 0; k-- {
				m.addID("state", lk.states[lk.stateW.pick(r)].id)
			}
		}
		m.setStrict(r, "state", 0.08)
	}
	if chance(r, 0.08) {
		m.addID("city", m.city)
		for k := r.IntN(3); k > 0; k-- {
			m.addID("city", st.cities.pick(r).id)
		}
		m.setStrict(r, "city", 0.15)
	}

	// lifestyle
	switch {
	case (m.diet == "vegetarian" || m.diet == "vegan") && chance(r, 0.6):
		m.addVal("diet", "vegetarian")
		m.addVal("diet", "eggetarian")
		m.addVal("diet", "vegan")
	case m.diet == "eggetarian" && chance(r, 0.2):
		m.addVal("diet", "vegetarian")
		m.addVal("diet", "eggetarian")
	case m.diet == "non_vegetarian" && chance(r, 0.05):
		m.addVal("diet", "non_vegetarian")
		m.addVal("diet", "eggetarian")
	}
	m.setStrict(r, "diet", 0.3)
	if chance(r, []float64{0.6, 0.2}[gi]) {
		m.addVal("smoking", "no")
		if chance(r, 0.15) {
			m.addVal("smoking", "occasionally")
		}
	}
	m.setStrict(r, "smoking", 0.5)
	switch x := r.Float64(); {
	case gi == 0 && x < 0.35, gi == 1 && x < 0.15:
		m.addVal("drinking", "no")
	case gi == 0 && x < 0.5:
		m.addVal("drinking", "no")
		m.addVal("drinking", "occasionally")
	}
	m.setStrict(r, "drinking", 0.3)
}

func pickInt(r *mrand.Rand, xs []int) int { return xs[r.IntN(len(xs))] }

// ---- SQL ----

// synthWriter turns members into multi-row INSERT statements with literal
// values (all generated here, quoted), in the time format each driver itself writes.
type synthWriter struct {
	mysql                                    bool
	hash                                     string // the one bcrypt hash of SyntheticPassword
	users, profiles, prefs, vals, subs, sets tableSQL
	rows                                     int
}

type tableSQL struct {
	head  string
	limit int
	b     []byte
	n     int
	out   []string
}

func newSynthWriter(d store.Dialect, hash string) *synthWriter {
	t := func(table, cols string, limit int) tableSQL {
		return tableSQL{head: "INSERT INTO " + table + " (" + cols + ") VALUES ", limit: limit}
	}
	return &synthWriter{mysql: d == store.MySQL, hash: hash,
		users: t("users", "id, email, phone_code, phone, password_hash, status, email_verified_at, phone_verified_at, token_version, is_demo, created_at, updated_at", synthStmtRows),
		profiles: t("profiles", "id, user_id, profile_code, name, profile_name, gender, dob, height_cm, marital_status, created_by, mother_tongue_id, "+
			"physical_status, religion_id, community_id, parish, faith_practice, degree_id, college_id, profession_id, company_id, income_band, "+
			"country_id, state_id, city_id, father_occupation, mother_occupation, siblings, family_type, family_values, about_me, about_family, "+
			"diet, smoking, drinking, photo_visibility, contact_filter, chat_setting, hidden, completed_steps, last_active_at, created_at, updated_at", synthStmtRows/2),
		prefs: t("partner_preferences", "profile_id, age_min, age_max, age_strict, height_min, height_max, height_strict, income_min, income_max, "+
			"income_strict, marital_strict, community_strict, mother_tongue_strict, degree_strict, profession_strict, country_strict, state_strict, "+
			"city_strict, diet_strict, smoking_strict, drinking_strict, created_at, updated_at", synthStmtRows),
		vals: t("partner_preference_values", "profile_id, field, value", 4*synthStmtRows),
		subs: t("subscriptions", "profile_id, plan_id, starts_at, expires_at, contact_views_total, contact_views_used, prev_contact_view_pending, created_at", synthStmtRows),
		sets: t("member_settings", "profile_id, show_in_public, contact_person, contact_relation, call_time, alert_invitations, alert_requests, "+
			"alert_profile_views, alert_plan_expiry, alert_badges, alert_newsletter, updated_at", synthStmtRows),
	}
}

// row starts a row of t, flushing a full statement first.
func (w *synthWriter) row(t *tableSQL) *tableSQL {
	if t.n == t.limit {
		t.done()
	}
	if t.n == 0 {
		t.b = append(t.b[:0], t.head...)
	} else {
		t.b = append(t.b, ',')
	}
	t.n++
	w.rows++
	t.b = append(t.b, '(')
	return t
}

func (t *tableSQL) done() {
	if t.n > 0 {
		t.out = append(t.out, string(t.b))
		t.n = 0
	}
}

func (t *tableSQL) end() { t.b = append(t.b, ')') }

func (t *tableSQL) sep() { t.b = append(t.b, ',') }

func (t *tableSQL) u(v uint64) *tableSQL {
	t.sep()
	t.b = strconv.AppendUint(t.b, v, 10)
	return t
}

func (t *tableSQL) first(v uint64) *tableSQL {
	t.b = strconv.AppendUint(t.b, v, 10)
	return t
}

func (t *tableSQL) i(v int) *tableSQL {
	t.sep()
	t.b = strconv.AppendInt(t.b, int64(v), 10)
	return t
}

// id writes 0 as NULL.
func (t *tableSQL) id(v uint64) *tableSQL {
	if v == 0 {
		t.sep()
		t.b = append(t.b, "NULL"...)
		return t
	}
	return t.u(v)
}

func (t *tableSQL) bool(v bool) *tableSQL {
	if v {
		return t.i(1)
	}
	return t.i(0)
}

func (t *tableSQL) s(v string) *tableSQL {
	t.sep()
	t.b = append(t.b, '\'')
	for k := 0; k < len(v); k++ {
		if v[k] == '\'' {
			t.b = append(t.b, '\'')
		}
		t.b = append(t.b, v[k])
	}
	t.b = append(t.b, '\'')
	return t
}

// sn writes "" as NULL.
func (t *tableSQL) sn(v string) *tableSQL {
	if v == "" {
		t.sep()
		t.b = append(t.b, "NULL"...)
		return t
	}
	return t.s(v)
}

// Times as the drivers write them: MySQL DATETIME(3), and SQLite text in
// the "sqlite" format the GORM dialector asks modernc.org/sqlite for.
const (
	mysqlTime  = "2006-01-02 15:04:05.000"
	sqliteTime = "2006-01-02 15:04:05.999999999-07:00"
)

func (w *synthWriter) t(t *tableSQL, v time.Time) {
	if v.IsZero() {
		t.sep()
		t.b = append(t.b, "NULL"...)
		return
	}
	t.sep()
	t.b = append(t.b, '\'')
	if w.mysql {
		t.b = v.AppendFormat(t.b, mysqlTime)
	} else {
		t.b = v.AppendFormat(t.b, sqliteTime)
	}
	t.b = append(t.b, '\'')
}

func (w *synthWriter) date(t *tableSQL, v time.Time) {
	t.sep()
	t.b = append(t.b, '\'')
	if w.mysql {
		t.b = v.AppendFormat(t.b, "2006-01-02")
	} else {
		t.b = v.AppendFormat(t.b, sqliteTime)
	}
	t.b = append(t.b, '\'')
}

func (w *synthWriter) add(m *synthMember) {
	u := w.row(&w.users).first(m.userID).s(m.email).s("+91")
	u.b = append(u.b, ",'"...)
	u.b = strconv.AppendUint(u.b, m.phone, 10)
	u.b = append(u.b, '\'')
	u.s(w.hash).s(m.status)
	w.t(u, m.emailVerified)
	w.t(u, m.phoneVerified)
	u.i(0).i(1)
	w.t(u, m.created)
	w.t(u, m.lastActive)
	u.end()

	p := w.row(&w.profiles).first(m.profileID).u(m.userID)
	p.sep()
	p.b = append(p.b, "'TM"...)
	p.b = strconv.AppendInt(p.b, int64(m.code), 10)
	p.b = append(p.b, '\'')
	p.s(m.name).s(m.name).i(m.gender)
	w.date(p, m.dob)
	p.i(m.height).s(m.marital).s(m.createdBy).id(m.lang).s(m.physical).id(m.religion).id(m.community).s(m.parish).s(m.faith).
		id(m.degree).id(m.college).id(m.profession).id(m.company).s(m.income).id(m.country).id(m.state).id(m.city).
		s(m.fatherOcc).s(m.motherOcc).s(m.siblings).s(m.famType).s(m.famVals).sn(m.aboutMe).sn(m.aboutFamily).
		s(m.diet).s(m.smoking).s(m.drinking).s(m.photoVis).s(m.contact).s(m.chat).bool(m.hidden).i(m.steps)
	w.t(p, m.lastActive)
	w.t(p, m.created)
	w.t(p, m.updated)
	p.end()

	pr := w.row(&w.prefs).first(m.profileID).i(m.ageMin).i(m.ageMax).bool(m.strict["age"]).
		id(uint64(m.heightMin)).id(uint64(m.heightMax)).bool(m.strict["height"]).s(m.incomeMin).s(m.incomeMax).bool(m.strict["income"])
	for _, f := range []string{"marital", "community", "mother_tongue", "degree", "profession", "country", "state", "city", "diet", "smoking", "drinking"} {
		pr.bool(m.strict[f])
	}
	w.t(pr, m.prefSaved)
	w.t(pr, m.prefSaved)
	pr.end()

	for _, v := range m.vals {
		w.row(&w.vals).first(m.profileID).s(v.field).s(v.value).end()
	}
	for _, s := range m.subs {
		t := w.row(&w.subs).first(m.profileID).u(s.plan.ID)
		w.t(t, s.starts)
		w.t(t, s.until)
		t.i(s.plan.ContactViews).i(s.used).i(0)
		w.t(t, s.starts)
		t.end()
	}
	if m.settings {
		t := w.row(&w.sets).first(m.profileID).bool(m.showPub).s(m.cPerson).s(m.cRel).s(m.callTime)
		for _, a := range m.alerts {
			t.bool(a)
		}
		w.t(t, m.updated)
		t.end()
	}
}

// flush ends the batch: every table's statements, parents first.
func (w *synthWriter) flush() synthBatchSQL {
	b := synthBatchSQL{rows: w.rows}
	for _, t := range []*tableSQL{&w.users, &w.profiles, &w.prefs, &w.vals, &w.subs, &w.sets} {
		t.done()
		b.stmts = append(b.stmts, t.out...)
		t.out = nil
	}
	w.rows = 0
	return b
}
