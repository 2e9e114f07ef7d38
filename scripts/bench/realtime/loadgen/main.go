// Command loadgen drives the realtime benchmark (scripts/bench/realtime):
// raw Engine.IO 4 + Socket.IO 5 clients over websocket against our Go
// server or the Node reference, with the same steps for both.
//
//	loadgen [flags] storm       connect storm from nothing online
//	loadgen [flags] presence    idle RSS per connection + connect rate with 1,000 / 5,000 online
//	loadgen [flags] throughput  chat messages/s at stepped offered rates, p50/p99 send→partner
//	loadgen report -in run1.jsonl [-in run2.jsonl] [-machine FILE] [-out RESULTS.md]
//
// Results are appended as one JSON line per scenario to -out. See
// ../README.md for the method and ../run.sh for the whole run.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	log.SetFlags(log.Ltime | log.Lmicroseconds)
	if err := run(os.Args[1:]); err != nil {
		log.Fatalf("loadgen: %v", err)
	}
}

func run(args []string) error {
	if len(args) > 0 && args[0] == "report" {
		return reportCmd(args[1:])
	}
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	url := fs.String("url", "ws://127.0.0.1:8080/engine.io/?EIO=4&transport=websocket", "Engine.IO websocket URL")
	membersFile := fs.String("members", "", "members JSON from `tfm bench-members` ([{profileID, token, gender}])")
	synthetic := fs.Int("synthetic", 0, "make up N members with bench:<id>:<gender> tokens (Node reference only: it checks nothing)")
	pid := fs.Int("pid", 0, "server pid, to read its RSS and CPU time from /proc")
	label := fs.String("label", "server", "server label in the results (ours, node, ...)")
	out := fs.String("out", "", "append the result as a JSON line to this file")
	timeout := fs.Duration("timeout", 20*time.Minute, "give up after this long")
	// storm
	stormN := fs.Int("storm-n", 1000, "storm: members connecting")
	stormConc := fs.Int("storm-concurrency", 200, "storm: connects in flight")
	// presence
	bases := fs.String("bases", "1000,5000", "presence: members held online, in steps (the largest gives the idle RSS)")
	joins := fs.Int("joins", 200, "presence: further members timed joining at each step")
	fillConc := fs.Int("fill-concurrency", 50, "presence: connects in flight while filling")
	joinConc := fs.Int("join-concurrency", 20, "presence: connects in flight while timing joins")
	settle := fs.Duration("settle", 10*time.Second, "presence: wait before reading the idle RSS")
	idle := fs.Duration("idle", 0, "presence: also read the idle RSS once the members have been online this long, quiet (0: not)")
	gcURL := fs.String("gc-url", "", "presence: URL that makes the server collect garbage; the idle RSS is read again 5 s after it")
	// throughput
	pairs := fs.Int("pairs", 500, "throughput: bride-groom pairs chatting")
	rates := fs.String("rates", "250,500,750,1000,1500,1900,2500,3500,4000,5000,6000,7000,10000,14000,20000", "throughput: offered total messages/s, in steps")
	stepDur := fs.Duration("step", 10*time.Second, "throughput: length of each step")
	gap := fs.Duration("gap", 2*time.Second, "throughput: pause between steps")
	size := fs.Int("size", 100, "throughput: message bytes")
	p99 := fs.Float64("p99", 100, "throughput: p99 limit in ms for a step to pass")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return fmt.Errorf("%w: loadgen [flags] storm|presence|throughput [flags]", errUsage)
	}
	scenario := fs.Arg(0)
	if err := fs.Parse(fs.Args()[1:]); err != nil { // flags may follow the scenario too
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("%w: unexpected %q", errUsage, fs.Args())
	}
	env := &Env{D: &Dialer{URL: *url}, PID: *pid, Label: *label}
	switch {
	case *membersFile != "":
		b, err := os.ReadFile(*membersFile)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &env.Members); err != nil {
			return fmt.Errorf("%s: %w", *membersFile, err)
		}
	case *synthetic > 0:
		env.Members = Synthetic(*synthetic)
	default:
		return fmt.Errorf("%w: give -members or -synthetic", errUsage)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	ctx, cancel2 := context.WithTimeout(ctx, *timeout)
	defer cancel2()

	var res *Result
	var err error
	switch scenario {
	case "storm":
		res, err = Storm(ctx, env, *stormN, *stormConc)
	case "presence":
		bs, e := ints(*bases)
		if e != nil || len(bs) == 0 {
			return fmt.Errorf("-bases: %q", *bases)
		}
		res, err = Presence(ctx, env, bs, *joins, *fillConc, *joinConc, *settle, *idle, *gcURL)
	case "throughput":
		rs, e := floats(*rates)
		if e != nil || len(rs) == 0 {
			return fmt.Errorf("-rates: %q", *rates)
		}
		res, err = Throughput(ctx, env, *pairs, rs, *stepDur, *gap, *size, *p99)
	default:
		return fmt.Errorf("%w: unknown scenario %q", errUsage, scenario)
	}
	if res != nil && *out != "" {
		b, _ := json.Marshal(res)
		f, e := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if e != nil {
			return e
		}
		_, e = f.Write(append(b, '\n'))
		if cerr := f.Close(); e == nil {
			e = cerr
		}
		if e != nil {
			return e
		}
	}
	return err
}

// Synthetic makes n members for the Node reference: alternately a bride
// (20) and a groom (10), as `tfm bench-members` does.
func Synthetic(n int) []Member {
	ms := make([]Member, n)
	for i := range ms {
		g := 20
		if i%2 == 1 {
			g = 10
		}
		id := fmt.Sprintf("NB%06d", i+1)
		ms[i] = Member{ProfileID: id, Gender: g, Token: fmt.Sprintf("bench:%s:%d", id, g)}
	}
	return ms
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func floats(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}
