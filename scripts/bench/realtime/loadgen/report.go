package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// run is the results of one run: per server label, per scenario.
type runResults struct {
	name    string
	servers []string
	by      map[string]map[string]*Result
}

func loadRun(path string) (*runResults, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rr := &runResults{name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), by: map[string]map[string]*Result{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var r Result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if rr.by[r.Server] == nil {
			rr.by[r.Server] = map[string]*Result{}
			rr.servers = append(rr.servers, r.Server)
		}
		rr.by[r.Server][r.Scenario] = &r
	}
	return rr, sc.Err()
}

// row is one metric of the table.
type row struct {
	name, scenario, key string
	digits              int
	lowerBetter         bool
	target              string
}

func reportRows(rr *runResults) []row {
	rows := []row{
		{"Idle: RSS per connected+registered member, 10 s after the fill (kB)", "presence", "rssPerConnKB", 1, true, "ours ≤ ½ node"},
		{"Idle: the same, once online and quiet for IDLE (150 s unless set) (kB)", "presence", "rssPerConnIdleKB", 1, true, "ours ≤ ½ node"},
		{"Idle: the same, after a full garbage collection in the server (kB)", "presence", "rssPerConnAfterGCKB", 1, true, ""},
		{"Idle: members held online", "presence", "idleConns", 0, false, ""},
		{"Idle: server RSS with them online (MB)", "presence", "rssAfterKB/1024", 1, true, ""},
	}
	pairs := "?"
	for _, s := range rr.servers {
		if r := rr.by[s]["throughput"]; r != nil {
			pairs = fmt.Sprint(r.Params["pairs"])
		}
	}
	rows = append(rows,
		row{"Chat: messages/s delivered, best step with p99 ≤ 100 ms (" + pairs + " pairs, 100 B)", "throughput", "maxRate", 0, false, "ours ≥ 2× node"},
		row{"Chat: p50 / p99 send→partner at that step (ms)", "throughput", "p50AtMaxMs|p99AtMaxMs", 1, true, ""},
		row{"Chat: server CPU at that step (% of one core)", "throughput", "cpuAtMaxPct", 0, true, ""},
		row{"Connect storm: connects+registers/s from nothing online", "storm", "rate", 0, false, ""},
		row{"Connect storm: p50 / p99 connect→list (ms)", "storm", "p50Ms|p99Ms", 0, true, ""},
		row{"  CPU % of one core: server / rest of the shared machine", "storm", "serverCPUPct|othersCPUPct", 0, true, ""},
	)
	for _, b := range basesOf(rr) {
		rows = append(rows,
			row{fmt.Sprintf("Connect rate with %s online (/s)", b), "presence", "joinRate@" + b, 0, false, map[bool]string{true: "ours > 100/s"}[b == "5000"]},
			row{fmt.Sprintf("  p50 / p99 connect→list with %s online (ms)", b), "presence", "joinP50Ms@" + b + "|joinP99Ms@" + b, 0, true, ""},
			row{fmt.Sprintf("  presence announcements received per join with %s online", b), "presence", "presenceEventsPerJoin@" + b, 0, true, ""},
			row{fmt.Sprintf("  presence packets received per join with %s online (batched in ours)", b), "presence", "presenceFramesPerJoin@" + b, 0, true, ""},
			row{"  CPU % of one core: server / rest of the shared machine", "presence", "joinServerCPUPct@" + b + "|joinOthersCPUPct@" + b, 0, true, ""},
		)
	}
	return rows
}

func basesOf(rr *runResults) []string {
	for _, s := range rr.servers {
		if r := rr.by[s]["presence"]; r != nil {
			if bs, ok := r.Params["bases"].([]any); ok {
				var out []string
				for _, b := range bs {
					out = append(out, fmt.Sprint(b))
				}
				return out
			}
		}
	}
	return nil
}

// value reads "a", "a/1024" or "a|b" (shown as "a / b") from a result.
func value(r *Result, key string, digits int) (string, float64, bool) {
	if r == nil {
		return "–", 0, false
	}
	parts := strings.Split(key, "|")
	var shown []string
	var first float64
	for i, p := range parts {
		div := 1.0
		if k, d, ok := strings.Cut(p, "/"); ok {
			p = k
			fmt.Sscan(d, &div)
		}
		v, ok := r.Metrics[p]
		if !ok {
			return "–", 0, false
		}
		v /= div
		if i == 0 {
			first = v
		}
		if v < 0 { // cpuUnknown: the server died during the measurement
			shown = append(shown, "–")
			continue
		}
		shown = append(shown, fmt.Sprintf("%.*f", digits, v))
	}
	return strings.Join(shown, " / "), first, len(parts) == 1
}

func renderRun(b *strings.Builder, rr *runResults) {
	ref := "node"
	var others []string
	for _, s := range rr.servers {
		if s != ref {
			others = append(others, s)
		}
	}
	cols := append(append([]string{}, others...), ref)
	fmt.Fprintf(b, "| metric | %s |", strings.Join(cols, " | "))
	for _, o := range others {
		fmt.Fprintf(b, " %s / node |", o)
	}
	b.WriteString(" target |\n|---|")
	for range len(cols) + len(others) {
		b.WriteString("---:|")
	}
	b.WriteString("---|\n")
	for _, rw := range reportRows(rr) {
		fmt.Fprintf(b, "| %s |", rw.name)
		vals := map[string]float64{}
		single := true
		for _, c := range cols {
			s, v, one := value(rr.by[c][rw.scenario], rw.key, rw.digits)
			vals[c] = v
			single = single && one
			fmt.Fprintf(b, " %s |", s)
		}
		for _, o := range others {
			ratio := "–"
			if single && vals[ref] != 0 && !math.IsNaN(vals[o]/vals[ref]) {
				ratio = fmt.Sprintf("%.2f×", vals[o]/vals[ref])
			}
			fmt.Fprintf(b, " %s |", ratio)
		}
		fmt.Fprintf(b, " %s |\n", rw.target)
	}
	b.WriteString("\n")
	for _, s := range cols {
		r := rr.by[s]["throughput"]
		if r == nil || len(r.Steps) == 0 {
			continue
		}
		fmt.Fprintf(b, "<details><summary>%s: throughput steps</summary>\n\n", s)
		b.WriteString("| offered/s | sent | delivered/s | p50 ms | p99 ms | ack p99 ms | refused | server CPU % | others CPU % | RSS MB | pass | tries |\n|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|\n")
		for _, st := range r.Steps {
			ref := fmt.Sprint(st.AckErrors)
			if st.ErrorCodes != "" {
				ref += " " + st.ErrorCodes
			}
			fmt.Fprintf(b, "| %.0f | %d | %.0f | %.1f | %.1f | %.1f | %s | %s | %s | %.0f | %s | %d |\n", st.Offered, st.Sent, st.DeliveredPS,
				st.Latency.P50, st.Latency.P99, st.AckLatency.P99, ref, pct(st.ServerCPUPct), pct(st.OthersCPUPct), float64(st.RSSKB)/1024,
				map[bool]string{true: "yes", false: "no"}[st.OK], st.Attempts)
		}
		for _, n := range r.Notes {
			fmt.Fprintf(b, "\nNote: %s\n", n)
		}
		b.WriteString("\n</details>\n\n")
	}
}

func reportCmd(args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	var ins multiFlag
	fs.Var(&ins, "in", "a run's results (JSON lines); repeat for several runs")
	machine := fs.String("machine", "", "a file describing the machine, copied into the report")
	out := fs.String("out", "", "write the markdown here too")
	title := fs.String("title", "Realtime benchmark: our Go Socket.IO server vs the Node socket.io 4.8 reference", "heading")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if len(ins) == 0 {
		return fmt.Errorf("%w: loadgen report -in FILE [-in FILE] [-machine FILE] [-out FILE]", errUsage)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", *title)
	if *machine != "" {
		m, err := os.ReadFile(*machine)
		if err != nil {
			return err
		}
		b.Write(m)
		b.WriteString("\n")
	}
	for i, in := range ins {
		rr, err := loadRun(in)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "## Run %d (%s)\n\n", i+1, rr.name)
		renderRun(&b, rr)
	}
	b.WriteString("How to read it: see README.md (method and fairness caveats). Numbers come from a shared 2-core machine and vary between runs.\n")
	fmt.Print(b.String())
	if *out != "" {
		return os.WriteFile(*out, []byte(b.String()), 0o644)
	}
	return nil
}

// pct formats a CPU share, "–" when it is unknown.
func pct(v float64) string {
	if v < 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f", v)
}
