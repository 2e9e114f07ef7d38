package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Env is what every scenario gets.
type Env struct {
	D       *Dialer
	Members []Member
	PID     int // the server's pid, for RSS and CPU
	Label   string
}

// Result is one scenario's outcome, written as one JSON line.
type Result struct {
	Server   string             `json:"server"`
	Scenario string             `json:"scenario"`
	Time     string             `json:"time"`
	Params   map[string]any     `json:"params"`
	Metrics  map[string]float64 `json:"metrics"`
	Steps    []Step             `json:"steps,omitempty"`
	Notes    []string           `json:"notes,omitempty"`
}

func newResult(env *Env, scenario string, params map[string]any) *Result {
	return &Result{Server: env.Label, Scenario: scenario, Time: time.Now().UTC().Format(time.RFC3339), Params: params, Metrics: map[string]float64{}}
}

// fill connects and registers members with at most conc in flight. It
// returns the clients that made it, their connect latencies and the
// number of failures (the first few errors are logged).
func fill(ctx context.Context, env *Env, ms []Member, conc int, h EventFunc) ([]*Client, *Samples, int) {
	var (
		mu      sync.Mutex
		clients = make([]*Client, 0, len(ms))
		lat     = &Samples{}
		fails   atomic.Int64
		next    atomic.Int64
		wg      sync.WaitGroup
	)
	for range min(conc, len(ms)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(ms) || ctx.Err() != nil {
					return
				}
				cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
				c, d, err := env.D.connectAndRegister(cctx, ms[i], h)
				cancel()
				if err != nil {
					if n := fails.Add(1); n <= 5 {
						log.Printf("%s: connect %s: %v", env.Label, ms[i].ProfileID, err)
					}
					continue
				}
				lat.Add(d)
				mu.Lock()
				clients = append(clients, c)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return clients, lat, int(fails.Load())
}

func closeAll(cs []*Client) {
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() { defer wg.Done(); c.Close() }()
	}
	wg.Wait()
}

func need(env *Env, n int) error {
	if len(env.Members) < n {
		return fmt.Errorf("this scenario needs %d members, the members file has %d", n, len(env.Members))
	}
	return nil
}

// ---- connect storm ------------------------------------------------------

// Storm connects and registers n members from nothing online, conc at a
// time, all staying connected, and reports completed connects per second.
func Storm(ctx context.Context, env *Env, n, conc int) (*Result, error) {
	if err := need(env, n); err != nil {
		return nil, err
	}
	r := newResult(env, "storm", map[string]any{"n": n, "concurrency": conc})
	w, t0 := StartCPU(env.PID), time.Now()
	cs, lat, fails := fill(ctx, env, env.Members[:n], conc, nil)
	el := time.Since(t0)
	srvPct, lgPct, otherPct := w.Stop()
	s := lat.Summarize()
	r.Metrics["rate"] = float64(len(cs)) / el.Seconds()
	r.Metrics["p50Ms"], r.Metrics["p99Ms"] = s.P50, s.P99
	r.Metrics["fails"] = float64(fails)
	r.Metrics["seconds"] = el.Seconds()
	r.Metrics["serverCPUPct"], r.Metrics["loadgenCPUPct"], r.Metrics["othersCPUPct"] = srvPct, lgPct, otherPct
	log.Printf("%s storm: %d/%d connected+registered in %.2fs = %.0f/s (p50 %.1f ms, p99 %.1f ms, %d failed; CPU: server %.0f%%, loadgen %.0f%%, others %.0f%%)",
		env.Label, len(cs), n, el.Seconds(), r.Metrics["rate"], s.P50, s.P99, fails, srvPct, lgPct, otherPct)
	closeAll(cs)
	return r, nil
}

// ---- idle connections and presence fan-out --------------------------------

// Presence holds members online in growing batches (bases, e.g. 1000 and
// 5000). At each base it times `joins` further members connecting and
// registering (joinConc at a time; they leave again afterwards). At the
// largest base, before the joins, it waits settle and reads the server's
// RSS: (RSS - RSS before any connection) / base is the memory per idle,
// registered connection. With idle > settle it reads the RSS again once the
// members have been online and quiet that long: a garbage-collected runtime
// still holds the heap the connect burst grew to a few seconds after it
// (Go collects an idle heap after two minutes, V8's memory reducer once the
// allocation rate drops), so this is the steady state of an idle server.
func Presence(ctx context.Context, env *Env, bases []int, joins, fillConc, joinConc int, settle, idle time.Duration, gcURL string) (*Result, error) {
	slices.Sort(bases)
	top := bases[len(bases)-1]
	if err := need(env, top+joins); err != nil {
		return nil, err
	}
	r := newResult(env, "presence", map[string]any{"bases": bases, "joins": joins, "fillConcurrency": fillConc,
		"joinConcurrency": joinConc, "settle": settle.String(), "idle": idle.String()})
	rss0 := rssKB(env.PID)
	r.Metrics["rssBeforeKB"] = float64(rss0)
	var online []*Client
	defer func() { closeAll(online) }()
	joiners := env.Members[top : top+joins]
	for _, base := range bases {
		t0 := time.Now()
		cs, _, fails := fill(ctx, env, env.Members[len(online):base], fillConc, nil)
		online = append(online, cs...)
		el := time.Since(t0)
		k := strconv.Itoa(base)
		r.Metrics["fillRate@"+k] = float64(len(cs)) / el.Seconds()
		r.Metrics["fillFails@"+k] = float64(fails)
		log.Printf("%s presence: %d online (filled %d in %.1fs = %.0f/s, %d failed)", env.Label, len(online), len(cs), el.Seconds(),
			float64(len(cs))/el.Seconds(), fails)
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		if base == top {
			filled := time.Now()
			time.Sleep(settle)
			rss := rssKB(env.PID)
			r.Metrics["idleConns"] = float64(len(online))
			r.Metrics["rssAfterKB"] = float64(rss)
			if len(online) > 0 {
				r.Metrics["rssPerConnKB"] = float64(rss-rss0) / float64(len(online))
			}
			log.Printf("%s idle: %d connections, RSS %.1f MB → %.1f MB, %.1f kB per connection", env.Label, len(online),
				float64(rss0)/1024, float64(rss)/1024, r.Metrics["rssPerConnKB"])
			if idle > settle && len(online) > 0 {
				time.Sleep(time.Until(filled.Add(idle)))
				rss := rssKB(env.PID)
				r.Metrics["idleSeconds"] = idle.Seconds()
				r.Metrics["rssAfterIdleKB"] = float64(rss)
				r.Metrics["rssPerConnIdleKB"] = float64(rss-rss0) / float64(len(online))
				log.Printf("%s idle for %s: RSS %.1f MB, %.1f kB per connection", env.Label, idle, float64(rss)/1024,
					r.Metrics["rssPerConnIdleKB"])
			}
			if gcURL != "" && len(online) > 0 {
				// The figure above holds whatever garbage the fill left
				// behind; after a full collection what is left is what the
				// connections themselves hold.
				if err := collectGarbage(ctx, gcURL); err != nil {
					log.Printf("%s idle: %v", env.Label, err)
				} else {
					time.Sleep(5 * time.Second)
					rss := rssKB(env.PID)
					r.Metrics["rssAfterGCKB"] = float64(rss)
					r.Metrics["rssPerConnAfterGCKB"] = float64(rss-rss0) / float64(len(online))
					log.Printf("%s idle after a full GC: RSS %.1f MB, %.1f kB per connection", env.Label, float64(rss)/1024,
						r.Metrics["rssPerConnAfterGCKB"])
				}
			}
		}
		// Announcements of the fill still in a batch window (ours holds them
		// up to 200 ms) must not be counted as the joins'.
		time.Sleep(time.Second)
		var presence0, frames0 int64
		for _, c := range online {
			presence0 += c.Presence.Load()
			frames0 += c.PresenceFrames.Load()
		}
		w, t1 := StartCPU(env.PID), time.Now()
		js, lat, jf := fill(ctx, env, joiners, joinConc, nil)
		el = time.Since(t1)
		srvPct, lgPct, otherPct := w.Stop()
		s := lat.Summarize()
		r.Metrics["joinRate@"+k] = float64(len(js)) / el.Seconds()
		r.Metrics["joinP50Ms@"+k], r.Metrics["joinP99Ms@"+k] = s.P50, s.P99
		r.Metrics["joinFails@"+k] = float64(jf)
		r.Metrics["joinServerCPUPct@"+k], r.Metrics["joinLoadgenCPUPct@"+k], r.Metrics["joinOthersCPUPct@"+k] = srvPct, lgPct, otherPct
		// Give in-flight presence events a moment, then count what the
		// members already online were told about the joins.
		time.Sleep(500 * time.Millisecond)
		var presence1, frames1 int64
		for _, c := range online {
			presence1 += c.Presence.Load()
			frames1 += c.PresenceFrames.Load()
		}
		if len(js) > 0 {
			r.Metrics["presenceEventsPerJoin@"+k] = float64(presence1-presence0) / float64(len(js))
			r.Metrics["presenceFramesPerJoin@"+k] = float64(frames1-frames0) / float64(len(js))
		}
		log.Printf("%s presence: %d joins with %d online: %.0f/s (p50 %.1f ms, p99 %.1f ms, %d failed, %.0f presence events in %.0f frames per join; CPU: server %.0f%%, loadgen %.0f%%, others %.0f%%)",
			env.Label, len(js), len(online), r.Metrics["joinRate@"+k], s.P50, s.P99, jf, r.Metrics["presenceEventsPerJoin@"+k],
			r.Metrics["presenceFramesPerJoin@"+k], srvPct, lgPct, otherPct)
		closeAll(js)
		time.Sleep(2 * time.Second) // their userDisConnected go out before the next batch
	}
	return r, nil
}

// ---- chat throughput ------------------------------------------------------

// Step is one offered rate of the throughput scenario.
type Step struct {
	Offered       float64 `json:"offeredPerSec"`
	Sent          int64   `json:"sent"`
	Acked         int64   `json:"acked"`
	AckErrors     int64   `json:"ackErrors"`
	ErrorCodes    string  `json:"errorCodes,omitempty"`
	Delivered     int64   `json:"delivered"`
	DeliveredPS   float64 `json:"deliveredPerSec"`
	Latency       Summary `json:"latency"` // send → the partner's "message"
	AckLatency    Summary `json:"ackLatency"`
	LateSends     int64   `json:"lateSends"` // sends the generator started more than 10 ms late
	ServerCPUPct  float64 `json:"serverCPUPct"`
	LoadgenCPUPct float64 `json:"loadgenCPUPct"`
	OthersCPUPct  float64 `json:"othersCPUPct"` // the rest of the (shared) machine
	RSSKB         int64   `json:"rssKB"`
	OK            bool    `json:"ok"`
	Attempts      int     `json:"attempts"` // 2 when the first attempt failed and the step was run again
}

type stepState struct {
	sent, acked, ackErrs, delivered, late atomic.Int64
	lat, ackLat                           Samples
	mu                                    sync.Mutex
	codes                                 map[string]int
}

// msgEvent is the part of the "message" payload the generator reads.
type msgEvent struct {
	PostedBy string `json:"postedBy"`
	ClientID string `json:"clientId"`
}

// Throughput connects `pairs` brides and grooms, opens a room per pair and
// then, at each offered total rate, has both members of every pair send
// size-byte messages with acks at rate/(2*pairs) per member for stepDur.
// Latency is from just before the write to the partner's "message" event.
// A step passes when p99 ≤ p99Max, at least 99% of messages reached the
// partner and at most 0.1% of acks were refusals; the scenario stops after
// two failing steps in a row.
func Throughput(ctx context.Context, env *Env, pairs int, rates []float64, stepDur, gap time.Duration, size int, p99Max float64) (*Result, error) {
	var brides, grooms []Member
	for _, m := range env.Members {
		if m.Gender == 20 && len(brides) < pairs {
			brides = append(brides, m)
		} else if m.Gender == 10 && len(grooms) < pairs {
			grooms = append(grooms, m)
		}
	}
	if len(brides) < pairs || len(grooms) < pairs {
		return nil, fmt.Errorf("need %d brides and %d grooms, have %d and %d", pairs, pairs, len(brides), len(grooms))
	}
	r := newResult(env, "throughput", map[string]any{"pairs": pairs, "rates": rates, "step": stepDur.String(), "gap": gap.String(),
		"size": size, "p99MaxMs": p99Max})

	start := time.Now()
	var (
		stepsMu sync.Mutex
		steps   = map[int]*stepState{}
		echoes  atomic.Int64
	)
	stateOf := func(i int) *stepState {
		stepsMu.Lock()
		defer stepsMu.Unlock()
		return steps[i]
	}
	onEvent := func(c *Client, event string, raw []byte) {
		if event != "message" {
			return
		}
		now := time.Since(start)
		var arr []json.RawMessage
		var m msgEvent
		if json.Unmarshal(raw, &arr) != nil || len(arr) < 2 || json.Unmarshal(arr[1], &m) != nil {
			return
		}
		if m.PostedBy == c.M.ProfileID {
			echoes.Add(1)
			return
		}
		// clientId: s<step>-<nanoseconds since start>-<seq>
		parts := strings.SplitN(strings.TrimPrefix(m.ClientID, "s"), "-", 3)
		if len(parts) != 3 {
			return
		}
		si, err1 := strconv.Atoi(parts[0])
		sent, err2 := strconv.ParseInt(parts[1], 10, 64)
		if err1 != nil || err2 != nil {
			return
		}
		if st := stateOf(si); st != nil {
			st.delivered.Add(1)
			st.lat.Add(now - time.Duration(sent))
		}
	}

	all := make([]Member, 0, 2*pairs)
	for i := range pairs {
		all = append(all, grooms[i], brides[i])
	}
	cs, _, fails := fill(ctx, env, all, 50, onEvent)
	defer func() { closeAll(cs) }()
	if fails > 0 {
		return nil, fmt.Errorf("%d of %d members failed to connect", fails, len(all))
	}
	byID := map[string]*Client{}
	for _, c := range cs {
		byID[c.M.ProfileID] = c
	}
	// Open a room per pair (the groom asks, as a chat window would).
	type pair struct {
		a, b *Client
		room string
	}
	ps := make([]pair, pairs)
	var wg sync.WaitGroup
	var openErr atomic.Value
	sem := make(chan struct{}, 50)
	for i := range pairs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			g, b := byID[grooms[i].ProfileID], byID[brides[i].ProfileID]
			cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			raw, err := g.Call(cctx, "getRoomName", map[string]any{"toProfileId": b.M.ProfileID})
			var a ackResult
			if err == nil {
				a, err = parseAck(raw)
			}
			if err == nil && (!a.OK || a.RoomName == "") {
				err = fmt.Errorf("getRoomName refused: %s %v", a.Code, a.Message)
			}
			if err != nil {
				openErr.Store(err)
				return
			}
			ps[i] = pair{g, b, a.RoomName}
		}()
	}
	wg.Wait()
	if e, _ := openErr.Load().(error); e != nil {
		return nil, e
	}
	text := messageText(size)
	var seq atomic.Int64
	send := func(c *Client, room string, step int, st *stepState, sched time.Duration) {
		now := time.Since(start)
		if now-sched > 10*time.Millisecond {
			st.late.Add(1)
		}
		id := fmt.Sprintf("s%d-%d-%d", step, int64(now), seq.Add(1))
		st.sent.Add(1)
		err := c.EmitAck(ctx, "sendMessage", map[string]any{"roomName": room, "message": text, "clientId": id}, func(raw []byte) {
			st.ackLat.Add(time.Since(start) - now)
			a, err := parseAck(raw)
			if err == nil && a.OK {
				st.acked.Add(1)
				return
			}
			st.ackErrs.Add(1)
			st.mu.Lock()
			st.codes[a.Code]++
			st.mu.Unlock()
		})
		if err != nil {
			st.ackErrs.Add(1)
			st.mu.Lock()
			st.codes["write: "+err.Error()]++
			st.mu.Unlock()
		}
	}

	// Warm-up (step 0, not reported): every groom sends one message and
	// then every bride answers, so each conversation exists and is
	// "replied" before the timed steps.
	warm := &stepState{codes: map[string]int{}}
	stepsMu.Lock()
	steps[0] = warm
	stepsMu.Unlock()
	for _, side := range []int{0, 1} {
		before := warm.acked.Load() + warm.ackErrs.Load()
		for _, p := range ps {
			c := p.a
			if side == 1 {
				c = p.b
			}
			send(c, p.room, 0, warm, time.Since(start))
		}
		deadline := time.Now().Add(60 * time.Second)
		for warm.acked.Load()+warm.ackErrs.Load() < before+int64(len(ps)) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if warm.ackErrs.Load() > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("warm-up: %d refused (%v)", warm.ackErrs.Load(), warm.codes))
		log.Printf("%s throughput warm-up: %d refused: %v", env.Label, warm.ackErrs.Load(), warm.codes)
	}
	time.Sleep(3 * time.Second) // leave the warm-up behind (and any rate-limit window it opened fills slowly)

	runStep := func(rate float64, step int) Step {
		st := &stepState{codes: map[string]int{}}
		stepsMu.Lock()
		steps[step] = st
		stepsMu.Unlock()
		per := rate / float64(2*pairs)
		interval := time.Duration(float64(time.Second) / per)
		w := StartCPU(env.PID)
		t0 := time.Since(start)
		end := t0 + stepDur
		var swg sync.WaitGroup
		for _, p := range ps {
			for _, c := range []*Client{p.a, p.b} {
				swg.Add(1)
				go func() {
					defer swg.Done()
					phase := time.Duration(rand.Int64N(int64(interval)))
					for k := 0; ; k++ {
						at := t0 + phase + time.Duration(k)*interval
						if at >= end || ctx.Err() != nil {
							return
						}
						if d := at - time.Since(start); d > 0 {
							time.Sleep(d)
						}
						send(c, p.room, step, st, at)
					}
				}()
			}
		}
		swg.Wait()
		sendEl := time.Since(start) - t0
		// Drain: wait for outstanding deliveries and acks, up to gap+5s.
		drainEnd := time.Now().Add(gap + 5*time.Second)
		for time.Now().Before(drainEnd) {
			if st.acked.Load()+st.ackErrs.Load() >= st.sent.Load() && st.delivered.Load() >= st.acked.Load() {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		srvPct, lgPct, otherPct := w.Stop()
		out := Step{Offered: rate, Sent: st.sent.Load(), Acked: st.acked.Load(), AckErrors: st.ackErrs.Load(),
			Delivered: st.delivered.Load(), Latency: st.lat.Summarize(), AckLatency: st.ackLat.Summarize(),
			LateSends: st.late.Load(), ServerCPUPct: srvPct, LoadgenCPUPct: lgPct, OthersCPUPct: otherPct, RSSKB: rssKB(env.PID)}
		out.DeliveredPS = float64(out.Delivered) / sendEl.Seconds()
		if len(st.codes) > 0 {
			b, _ := json.Marshal(st.codes)
			out.ErrorCodes = string(b)
		}
		out.OK = out.Sent > 0 && out.Latency.P99 <= p99Max && float64(out.Delivered) >= 0.99*float64(out.Sent) &&
			float64(out.AckErrors) <= 0.001*float64(out.Sent)
		log.Printf("%s throughput %6.0f/s offered: sent %d, delivered %d (%.0f/s), p50 %.1f ms p99 %.1f ms, ack p99 %.1f ms, %d refused %s, %d late sends; CPU: server %.0f%%, loadgen %.0f%%, others %.0f%% → %v",
			env.Label, rate, out.Sent, out.Delivered, out.DeliveredPS, out.Latency.P50, out.Latency.P99, out.AckLatency.P99,
			out.AckErrors, out.ErrorCodes, out.LateSends, out.ServerCPUPct, out.LoadgenCPUPct, out.OthersCPUPct, map[bool]string{true: "pass", false: "FAIL"}[out.OK])
		return out
	}
	failedInRow := 0
	best := -1
	step := 0
	for _, rate := range rates {
		// A failing step is tried once more and the better attempt is kept:
		// on a shared machine a neighbour's burst can only make a step
		// worse, so the better of two attempts estimates the capacity.
		var out Step
		tries := 0
		for attempt := range 2 {
			step++
			tries++
			o := runStep(rate, step)
			if attempt == 0 || o.OK || o.Latency.P99 < out.Latency.P99 {
				out = o
			}
			if out.OK || ctx.Err() != nil {
				break
			}
			if attempt == 0 {
				log.Printf("%s throughput %6.0f/s: failed, trying the step once more", env.Label, rate)
				time.Sleep(gap)
			}
		}
		out.Attempts = tries // how many were run, whichever was kept
		r.Steps = append(r.Steps, out)
		if out.OK {
			failedInRow = 0
			if best < 0 || out.DeliveredPS > r.Steps[best].DeliveredPS {
				best = len(r.Steps) - 1
			}
		} else if failedInRow++; failedInRow >= 2 {
			break
		}
		if ctx.Err() != nil {
			break
		}
		time.Sleep(gap)
	}
	if best >= 0 {
		b := r.Steps[best]
		r.Metrics["maxRate"] = b.DeliveredPS
		r.Metrics["maxOffered"] = b.Offered
		r.Metrics["p50AtMaxMs"], r.Metrics["p99AtMaxMs"] = b.Latency.P50, b.Latency.P99
		r.Metrics["cpuAtMaxPct"] = b.ServerCPUPct
	} else {
		r.Metrics["maxRate"] = 0
	}
	r.Metrics["echoes"] = float64(echoes.Load())
	return r, nil
}

// messageText is a harmless English sentence (no money or off-site words,
// no digits, so the early-chat safety check stays quiet) of exactly size bytes.
func messageText(size int) string {
	const s = "Praise the Lord, hope your week went well. Our family would love to hear more about yours soon, God bless. "
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(s)
	}
	out := []byte(b.String()[:size])
	if out[size-2] == ' ' {
		out[size-2] = 's'
	}
	out[size-1] = '.'
	return string(out)
}

var errUsage = errors.New("usage")

// collectGarbage asks the server for a full garbage collection: ours through
// its pprof listener (/debug/pprof/heap?gc=1), Node through node-ref's
// /bench/gc (node --expose-gc). The baseline RSS was read before any
// garbage existed, so no collection is needed for it.
func collectGarbage(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("gc: %w", err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("gc: %s answered %s", url, resp.Status)
	}
	return nil
}
