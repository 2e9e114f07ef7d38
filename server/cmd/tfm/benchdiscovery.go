package main

// tfm bench-discovery measures the match lists and searches (issue 17) on
// the configured database, the way scripts/bench/discovery/run.sh runs it:
// Members members at once, each asking for the first page of every list and
// of a typical basic and advanced search, Rounds times; then the same again
// with the naive version: the same queries without the bounded window, so
// every candidate that passes the strict preferences is read and ranked, and
// searches count their whole filtered set. It prints one markdown table.
//
// The services are called in process (no HTTP, no login): the figure is the
// database, the roster and the ranking, which is what the window, the roster
// and the indexes change. "ours" reads the in-memory roster (loaded first,
// as a serving node does; DISCOVERY_ROSTER=off measures the database path);
// "naive" never does.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/search"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// benchCase is one call measured for each member.
type benchCase struct {
	name string
	call func(ctx context.Context, m *match.Service, s *search.Service, v benchViewer) error
}

// benchViewer is a member the benchmark acts as, with what its searches use.
type benchViewer struct {
	match.Viewer
	facts directory.Facts
}

func basicSearch(v benchViewer, now time.Time) search.Request {
	age := profile.AgeOn(v.facts.DOB, now)
	lo, hi := max(18, age-5), age+2
	if v.facts.Gender == 20 { // a bride looks for grooms of her age and older
		lo, hi = max(21, age), age+7
	}
	f := search.Filter{AgeMin: lo, AgeMax: min(70, hi)}
	if v.facts.CommunityID != nil {
		f.Community = []uint64{*v.facts.CommunityID}
	}
	if v.facts.StateID != nil {
		f.State = []uint64{*v.facts.StateID}
	}
	return search.Request{Filter: f}
}

var benchCases = []benchCase{
	{"my matches", func(ctx context.Context, m *match.Service, _ *search.Service, v benchViewer) error {
		_, err := m.List(ctx, v.Viewer, match.My, match.PageRequest{})
		return err
	}},
	{"new matches", func(ctx context.Context, m *match.Service, _ *search.Service, v benchViewer) error {
		_, err := m.List(ctx, v.Viewer, match.Fresh, match.PageRequest{})
		return err
	}},
	{"nearby", func(ctx context.Context, m *match.Service, _ *search.Service, v benchViewer) error {
		_, err := m.List(ctx, v.Viewer, match.Nearby, match.PageRequest{})
		return err
	}},
	{"discovery", func(ctx context.Context, m *match.Service, _ *search.Service, v benchViewer) error {
		_, err := m.List(ctx, v.Viewer, match.Discovery, match.PageRequest{})
		return err
	}},
	{"today (kept)", func(ctx context.Context, m *match.Service, _ *search.Service, v benchViewer) error {
		_, err := m.Today(ctx, v.Viewer)
		return err
	}},
	{"basic search", func(ctx context.Context, _ *match.Service, s *search.Service, v benchViewer) error {
		_, err := s.Search(ctx, v.Viewer, search.Basic, basicSearch(v, time.Now()))
		return err
	}},
	{"advanced search", func(ctx context.Context, _ *match.Service, s *search.Service, v benchViewer) error {
		r := basicSearch(v, time.Now())
		r.ActiveWithin30 = true
		r.Smoking = []string{"no"}
		r.Sort = search.SortLastActive
		_, err := s.Search(ctx, v.Viewer, search.Advance, r)
		return err
	}},
}

func benchDiscovery(ctx context.Context, cfg *config.Config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("bench-discovery", flag.ContinueOnError)
	members := fs.Int("members", 50, "members asking at once")
	rounds := fs.Int("rounds", 4, "times each member asks for each page")
	naiveMembers := fs.Int("naive-members", 10, "members asking at once in the naive run (0: no naive run); it ranks every candidate, so keep it small")
	only := fs.String("only", "", "comma-separated case names to run (default all)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measured runs to this file (go tool pprof)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if strings.EqualFold(strings.TrimSpace(cfg.AppEnv), "prod") {
		return errors.New("bench-discovery refuses to run with APP_ENV=prod")
	}
	a, err := app.Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	db := a.DB.WithContext(ctx)

	var total int64
	if err := db.Table("profiles").Count(&total).Error; err != nil {
		return err
	}
	// Members with a city, visible and active: the ones who would use the lists.
	var ids []uint64
	if err := directory.Members(db, 0).Where("p.city_id IS NOT NULL").Order("p.id").Limit(20000).Pluck("p.id", &ids).Error; err != nil {
		return err
	}
	if len(ids) < *members {
		return fmt.Errorf("only %d members to act as; seed more (tfm seed --synthetic N)", len(ids))
	}
	rng := rand.New(rand.NewPCG(7, 7))
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	viewers := make([]benchViewer, *members)
	for i := range viewers {
		f, _, err := directory.LoadFacts(db, ids[i])
		if err != nil {
			return err
		}
		viewers[i] = benchViewer{Viewer: match.Viewer{ID: f.ID, Code: f.ProfileCode}, facts: f}
	}
	if a.Roster != nil {
		if err := loadRoster(ctx, a, ids[:min(1000, len(ids))]); err != nil {
			return err
		}
	}
	// A serving node has answered others before any one member asks: one
	// member outside the measured ones asks for everything once, so the
	// node's kept master names, plan highlights and income scale are read
	// (once per node) before the measurement, not inside its first round.
	if len(ids) > *members {
		f, _, err := directory.LoadFacts(db, ids[*members])
		if err != nil {
			return err
		}
		warm := benchViewer{Viewer: match.Viewer{ID: f.ID, Code: f.ProfileCode}, facts: f}
		for _, c := range benchCases {
			if err := c.call(ctx, a.Matches, a.Search, warm); err != nil {
				return fmt.Errorf("warm-up, %s: %w", c.name, err)
			}
		}
	}
	// Today's lists are chosen on the first call of a day; start each run without them.
	if err := db.Exec("DELETE FROM daily_matches WHERE profile_id IN ?", ids[:*members]).Error; err != nil {
		return err
	}

	type variant struct {
		name    string
		matches *match.Service
		search  *search.Service
		viewers []benchViewer
		rounds  int
	}
	variants := []variant{{"ours", a.Matches, a.Search, viewers, *rounds}}
	if *naiveMembers > 0 {
		nm, err := match.New(match.Deps{DB: a.DB, Profiles: a.Profiles, Window: 1 << 30, NoCache: true})
		if err != nil {
			return err
		}
		ns, err := search.New(search.Deps{DB: a.DB, Master: a.Master, Matches: nm})
		if err != nil {
			return err
		}
		variants = append(variants, variant{"naive", nm, ns, viewers[:min(*naiveMembers, len(viewers))], 1})
	}
	cases := benchCases
	if *only != "" {
		cases = slices.DeleteFunc(slices.Clone(cases), func(c benchCase) bool { return !strings.Contains(","+*only+",", ","+c.name+",") })
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Printf("discovery benchmark: %d profiles (%s), %s\n", total, a.DB.Dialect, time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("ours: %d members at once, %d rounds (the first ask computes and keeps the list; the next ones read it)\n", len(viewers), *rounds)
	if len(variants) > 1 {
		fmt.Printf("naive (no window, no kept lists: every candidate ranked on every ask): %d members at once, 1 round\n", len(variants[1].viewers))
	}
	fmt.Println()
	fmt.Println("| list | ours, first ask p50 / p95 / p99 | ours, asked again p50 / p95 / p99 | naive p50 / p95 / p99 | naive p95 / ours first-ask p95 | CPU per ask, first / again (Go + database) |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, c := range cases {
		var cold, warm, naive []time.Duration
		var coldCPU, warmCPU cpuUse
		for _, v := range variants {
			if c.name == "today (kept)" {
				// Today's choice is made once a day: clear it, so the first ask chooses.
				if err := db.Exec("DELETE FROM daily_matches WHERE profile_id IN ?", ids[:*members]).Error; err != nil {
					return err
				}
			}
			for r := 0; r < v.rounds; r++ {
				before := readCPU(a.DB.Dialect == store.MySQL)
				lat, err := runCase(ctx, c, v.matches, v.search, v.viewers, 1)
				if err != nil {
					return fmt.Errorf("%s (%s): %w", c.name, v.name, err)
				}
				used := readCPU(a.DB.Dialect == store.MySQL).since(before, len(lat))
				switch {
				case v.name == "naive":
					naive = append(naive, lat...)
				case r == 0:
					cold = append(cold, lat...)
					coldCPU = used
				default:
					warm = append(warm, lat...)
					warmCPU = warmCPU.add(used, r-1)
				}
			}
		}
		row := fmt.Sprintf("| %s | %s | %s |", c.name, triple(cold), triple(warm))
		if naive != nil {
			row += fmt.Sprintf(" %s | %.1fx |", triple(naive), float64(quantile(naive, 95))/float64(max(1, quantile(cold, 95))))
		} else {
			row += " | |"
		}
		fmt.Println(row + " " + coldCPU.String() + " / " + warmCPU.String() + " |")
	}
	if *only == "" && len(ids) >= 2**members+1 {
		return afterDashboard(ctx, a, ids[*members+1:2**members+1])
	}
	return nil
}

// afterDashboard measures the path most members take: other members (none
// of whose lists are kept) open the dashboard at once, which counts their
// New matches (computing that list) and queues their My matches to be
// warmed in the background; once the warming ends, they open My matches,
// New matches, then Today's ten. A member's next tap comes a second or more after the
// dashboard; the benchmark waits for the warming instead, and prints how
// long it took.
func afterDashboard(ctx context.Context, a *app.App, ids []uint64) error {
	db := a.DB.WithContext(ctx)
	if err := db.Exec("DELETE FROM daily_matches WHERE profile_id IN ?", ids).Error; err != nil {
		return err
	}
	viewers := make([]benchViewer, len(ids))
	for i, id := range ids {
		f, _, err := directory.LoadFacts(db, id)
		if err != nil {
			return err
		}
		viewers[i] = benchViewer{Viewer: match.Viewer{ID: f.ID, Code: f.ProfileCode}, facts: f}
	}
	steps := []benchCase{
		{"dashboard (counts New matches, queues My matches)", func(ctx context.Context, _ *match.Service, _ *search.Service, v benchViewer) error {
			_, err := a.Profiles.Dashboard(ctx, v.ID)
			return err
		}},
		{"my matches, first ask", benchCases[0].call},
		{"new matches, first ask (the dashboard counted them)", benchCases[1].call},
		{"today, first ask", func(ctx context.Context, m *match.Service, _ *search.Service, v benchViewer) error {
			_, err := m.Today(ctx, v.Viewer)
			return err
		}},
	}
	fmt.Printf("\nafter the dashboard: %d other members at once, one ask each\n\n", len(viewers))
	fmt.Println("| step | p50 / p95 / p99 | CPU per ask (Go + database) |")
	fmt.Println("|---|---|---|")
	for i, c := range steps {
		before := readCPU(a.DB.Dialect == store.MySQL)
		t0 := time.Now()
		lat, err := runCase(ctx, c, a.Matches, a.Search, viewers, 1)
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		if i == 0 {
			a.Matches.WaitWarm()
		}
		used := readCPU(a.DB.Dialect == store.MySQL).since(before, len(lat))
		fmt.Printf("| %s | %s | %s |\n", c.name, triple(lat), used)
		if i == 0 {
			fmt.Printf("| (warming their %d My matches lists in the background ended %.0f ms after the dashboards began; CPU above includes it) | | |\n",
				len(viewers), float64(time.Since(t0).Microseconds())/1000)
		}
	}
	return nil
}

// cpuUse is CPU time per ask: this process's (the services, in Go) and the
// database server's when it runs on this machine (MariaDB or MySQL, found in
// /proc; SQLite runs inside this process). 50 asks at once on 2 cores wait
// about 25 times the sum, which is why the p95s are what they are.
type cpuUse struct {
	self, db time.Duration
	hasDB    bool
}

// readCPU reads the CPU used so far, as totals; withDB adds the local database server's.
func readCPU(withDB bool) cpuUse {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	u := cpuUse{self: time.Duration(ru.Utime.Nano() + ru.Stime.Nano())}
	if withDB {
		u.db, u.hasDB = dbServerCPU()
	}
	return u
}

// since turns two totals into the use per ask over n asks.
func (u cpuUse) since(before cpuUse, n int) cpuUse {
	n = max(1, n)
	return cpuUse{self: (u.self - before.self) / time.Duration(n), db: (u.db - before.db) / time.Duration(n), hasDB: u.hasDB && before.hasDB}
}

// add averages u (already averaged over k rounds) with one more round's v.
func (u cpuUse) add(v cpuUse, k int) cpuUse {
	if k <= 0 {
		return v
	}
	k64 := time.Duration(k)
	return cpuUse{self: (u.self*k64 + v.self) / (k64 + 1), db: (u.db*k64 + v.db) / (k64 + 1), hasDB: u.hasDB && v.hasDB}
}

func (u cpuUse) String() string {
	if u.self == 0 && u.db == 0 {
		return "–"
	}
	if !u.hasDB {
		return fmt.Sprintf("%.1f ms", float64(u.self.Microseconds())/1000)
	}
	return fmt.Sprintf("%.1f + %.1f ms", float64(u.self.Microseconds())/1000, float64(u.db.Microseconds())/1000)
}

// dbServerCPU is the CPU time of a local mariadbd or mysqld, from /proc
// (utime and stime, in the kernel's fixed 100 Hz user ticks).
func dbServerCPU() (time.Duration, bool) {
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		comm, err := os.ReadFile("/proc/" + d.Name() + "/comm")
		if err != nil {
			continue
		}
		if name := strings.TrimSpace(string(comm)); name != "mariadbd" && name != "mysqld" {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			return 0, false
		}
		// The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(f) < 13 {
			return 0, false
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		return time.Duration(ut+st) * 10 * time.Millisecond, true
	}
	return 0, false
}

// loadRoster loads the in-memory roster as a serving node does at start and
// prints what it costs: the time, the heap it holds, and one sync after the
// given members were active (a busy two seconds of a large site).
func loadRoster(ctx context.Context, a *app.App, active []uint64) error {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	if err := a.Roster.Load(ctx); err != nil {
		return err
	}
	took := time.Since(t0)
	runtime.GC()
	runtime.ReadMemStats(&after)
	fmt.Printf("roster: %d members loaded in %.1f s, %.0f MB of heap\n", a.Roster.Size(), took.Seconds(),
		float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20))
	if err := a.DB.WithContext(ctx).Table("profiles").Where("id IN ?", active).UpdateColumn("last_active_at", time.Now().UTC()).Error; err != nil {
		return err
	}
	t0 = time.Now()
	if err := a.Roster.Sync(ctx); err != nil {
		return err
	}
	fmt.Printf("roster: a sync after %d members were active took %.0f ms\n", len(active), float64(time.Since(t0).Microseconds())/1000)
	return nil
}

func triple(xs []time.Duration) string {
	if len(xs) == 0 {
		return "–"
	}
	return pct(xs, 50) + " / " + pct(xs, 95) + " / " + pct(xs, 99)
}

// runCase has every viewer call c rounds times, all viewers at once, and returns every latency.
func runCase(ctx context.Context, c benchCase, m *match.Service, s *search.Service, viewers []benchViewer, rounds int) ([]time.Duration, error) {
	var (
		mu    sync.Mutex
		lat   []time.Duration
		first error
		wg    sync.WaitGroup
	)
	for _, v := range viewers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				t0 := time.Now()
				err := c.call(ctx, m, s, v)
				d := time.Since(t0)
				mu.Lock()
				lat = append(lat, d)
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return lat, first
}

func quantile(xs []time.Duration, q int) time.Duration {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := min(len(s)-1, (len(s)*q+99)/100-1)
	return s[max(0, i)]
}

func pct(xs []time.Duration, q int) string {
	return fmt.Sprintf("%.0f ms", float64(quantile(xs, q).Microseconds())/1000)
}
