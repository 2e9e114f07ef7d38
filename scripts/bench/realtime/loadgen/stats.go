package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Samples collects durations from many goroutines.
type Samples struct {
	mu sync.Mutex
	d  []time.Duration
}

// Add records one duration.
func (s *Samples) Add(d time.Duration) {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
}

// Len is the number of samples.
func (s *Samples) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.d)
}

// Summary is the percentiles of a sample set, in milliseconds.
type Summary struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50Ms"`
	P90 float64 `json:"p90Ms"`
	P99 float64 `json:"p99Ms"`
	Max float64 `json:"maxMs"`
}

// Summarize sorts a copy and reads the percentiles.
func (s *Samples) Summarize() Summary {
	s.mu.Lock()
	d := slices.Clone(s.d)
	s.mu.Unlock()
	if len(d) == 0 {
		return Summary{}
	}
	slices.Sort(d)
	at := func(q float64) float64 {
		i := int(q*float64(len(d))+0.5) - 1
		i = max(0, min(len(d)-1, i))
		return ms(d[i])
	}
	return Summary{N: len(d), P50: at(0.50), P90: at(0.90), P99: at(0.99), Max: ms(d[len(d)-1])}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// rssKB reads VmRSS of a process in kB (0 when pid is 0 or unreadable).
func rssKB(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			fields := strings.Fields(rest)
			if len(fields) > 0 {
				n, _ := strconv.ParseInt(fields[0], 10, 64)
				return n
			}
		}
	}
	return 0
}

// cpuTicks reads utime+stime of a process in clock ticks (1/100 s here);
// 0 when it cannot be read.
func cpuTicks(pid int) int64 {
	t, _ := procTicks(pid)
	return t
}

// procTicks is cpuTicks, also reporting whether the process could be read
// (false once it has exited and been reaped).
func procTicks(pid int) (int64, bool) {
	if pid <= 0 {
		return 0, false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st, true
}

// machineTicks reads the busy and total jiffies of all CPUs from /proc/stat.
func machineTicks() (busy, total int64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return 0, 0
	}
	for i, s := range f[1:] {
		n, _ := strconv.ParseInt(s, 10, 64)
		total += n
		if i != 3 && i != 4 { // idle, iowait
			busy += n
		}
	}
	return busy, total
}

// cpuUnknown stands for a CPU share that could not be measured.
const cpuUnknown = -1

// CPUWatch measures, over an interval, the server's CPU and what the rest
// of the machine (other than the server and this load generator) used,
// both in percent of one core: the machine is shared, so a busy neighbour
// shows up here.
type CPUWatch struct {
	pid                  int
	srv, self, busy, tot int64
	t0                   time.Time
}

// StartCPU starts a CPUWatch.
func StartCPU(pid int) *CPUWatch {
	w := &CPUWatch{pid: pid, srv: cpuTicks(pid), self: cpuTicks(os.Getpid()), t0: time.Now()}
	w.busy, w.tot = machineTicks()
	return w
}

// Stop returns server%, loadgen% and others% of one core since StartCPU.
// When the server died meanwhile its CPU time is lost, so server and
// others are both cpuUnknown (the report shows "–").
func (w *CPUWatch) Stop() (server, loadgen, others float64) {
	el := time.Since(w.t0).Seconds()
	if el <= 0 {
		return 0, 0, 0
	}
	end, alive := procTicks(w.pid)
	self := float64(cpuTicks(os.Getpid())-w.self) / 100
	if w.pid > 0 && !alive {
		return cpuUnknown, 100 * self / el, cpuUnknown
	}
	srv := float64(end-w.srv) / 100
	busy, _ := machineTicks()
	all := float64(busy-w.busy) / 100
	return 100 * srv / el, 100 * self / el, max(0, 100*(all-srv-self)/el)
}
