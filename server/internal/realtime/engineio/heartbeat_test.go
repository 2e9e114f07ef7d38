package engineio

import (
	"sync"
	"testing"
	"time"
)

// wheelRecorder is a heartbeat wheel whose due sessions are recorded with
// the wheel time they fired at, instead of being pinged or closed.
type wheelRecorder struct {
	w     *heartbeats
	mu    sync.Mutex
	fired map[*Conn][]int64
}

func newWheelRecorder(interval, timeout time.Duration) *wheelRecorder {
	r := &wheelRecorder{w: newHeartbeats(interval, timeout), fired: map[*Conn][]int64{}}
	r.w.fire = func(c *Conn, now int64) {
		r.mu.Lock()
		r.fired[c] = append(r.fired[c], now)
		r.mu.Unlock()
	}
	return r
}

func (r *wheelRecorder) add(in time.Duration) *Conn {
	c := &Conn{}
	c.hbDue.Store(r.w.after(in))
	r.w.schedule(c)
	return c
}

func (r *wheelRecorder) firedAt(c *Conn) []int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]int64(nil), r.fired[c]...)
}

func (r *wheelRecorder) idle() bool {
	r.w.mu.Lock()
	defer r.w.mu.Unlock()
	return r.w.n == 0 && !r.w.armed
}

func TestHeartbeatWheelFiresEveryDeadlineOnceNeverEarly(t *testing.T) {
	r := newWheelRecorder(40*time.Millisecond, 40*time.Millisecond) // tick 2.5 ms, 34 slots
	var conns []*Conn
	var dues []int64
	// Deadlines spread over more than one turn of the wheel, several per slot.
	for i := range 120 {
		d := time.Duration(i) * time.Millisecond
		c := r.add(d)
		conns = append(conns, c)
		dues = append(dues, c.hbDue.Load())
	}
	deadline := time.Now().Add(3 * time.Second)
	for !r.idle() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if !r.idle() {
		t.Fatalf("wheel still holds %d sessions or its timer is armed", r.w.n)
	}
	for i, c := range conns {
		got := r.firedAt(c)
		if len(got) != 1 {
			t.Fatalf("session %d fired %d times", i, len(got))
		}
		if got[0] < dues[i] {
			t.Fatalf("session %d fired %v early", i, time.Duration(dues[i]-got[0]))
		}
	}
}

func TestHeartbeatWheelFollowsMovedDeadlinesAndForgetsRemovedSessions(t *testing.T) {
	r := newWheelRecorder(40*time.Millisecond, 40*time.Millisecond)
	moved := r.add(10 * time.Millisecond)
	removed := r.add(10 * time.Millisecond)
	kept := r.add(10 * time.Millisecond)
	// A pong moves the deadline without touching the wheel (as Conn.onPacket
	// does); the wheel finds it in its old slot and moves it on.
	later := r.w.after(60 * time.Millisecond)
	moved.hbDue.Store(later)
	r.w.remove(removed)
	deadline := time.Now().Add(3 * time.Second)
	for (len(r.firedAt(kept)) == 0 || len(r.firedAt(moved)) == 0) && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := r.firedAt(kept); len(got) != 1 {
		t.Fatalf("unmoved session fired %d times", len(got))
	}
	if got := r.firedAt(moved); len(got) != 1 || got[0] < later {
		t.Fatalf("moved session fired at %v, due %v", got, later)
	}
	if got := r.firedAt(removed); len(got) != 0 {
		t.Fatalf("removed session fired")
	}
	// An emptied wheel stops its timer; a new session starts it again.
	for !r.idle() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	again := r.add(5 * time.Millisecond)
	for len(r.firedAt(again)) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if len(r.firedAt(again)) != 1 {
		t.Fatal("the wheel did not start again for a new session")
	}
	r.w.stop()
	stopped := r.add(time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	if stopped.hbLinked || len(r.firedAt(stopped)) != 0 {
		t.Fatal("a stopped wheel took a session")
	}
}

func TestEIO3ClientPingsKeepSessionAliveUntilTheyStop(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: 50 * time.Millisecond, PingTimeout: 50 * time.Millisecond})
	op := handshake(t, hs.URL, 3)
	c := <-conns
	u := hs.URL + "/engine.io/?EIO=3&transport=polling&sid=" + op.SID
	// Pings every 60 ms for 400 ms: each lands within interval + timeout
	// (100 ms) of the last, so the session must stay open throughout.
	for range 7 {
		if code, _ := post(t, u, "1:2"); code != 200 {
			t.Fatalf("ping refused: %d", code)
		}
		if _, body := get(t, u); body != "1:3" {
			t.Fatalf("expected pong, got %q", body)
		}
		time.Sleep(60 * time.Millisecond)
		select {
		case <-c.Done():
			t.Fatalf("closed while pinging: %s", c.CloseReason())
		default:
		}
	}
	select {
	case <-c.Done():
		if c.CloseReason() != "ping timeout" {
			t.Fatalf("reason %q", c.CloseReason())
		}
	case <-time.After(2 * time.Second):
		t.Fatal("session not closed after the pings stopped")
	}
}

func TestServerCloseStopsTheHeartbeatWheel(t *testing.T) {
	srv, hs, conns := testServer(t, Options{PingInterval: 50 * time.Millisecond, PingTimeout: 50 * time.Millisecond})
	handshake(t, hs.URL, 4)
	<-conns
	if err := srv.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	srv.hb.mu.Lock()
	defer srv.hb.mu.Unlock()
	if srv.hb.n != 0 || srv.hb.armed || !srv.hb.closed {
		t.Fatalf("wheel after close: %d sessions, armed %v", srv.hb.n, srv.hb.armed)
	}
}

// The next ping is due PingInterval after the pong, even when that is
// earlier than the pong deadline the session sat under in the wheel: five
// rounds at a 50 ms interval end long before one 5 s timeout.
func TestPingsFollowPongsAtPingIntervalWhenItIsShorterThanPingTimeout(t *testing.T) {
	_, hs, _ := testServer(t, Options{PingInterval: 50 * time.Millisecond, PingTimeout: 5 * time.Second})
	op := handshake(t, hs.URL, 4)
	u := hs.URL + "/engine.io/?EIO=4&transport=polling&sid=" + op.SID
	start := time.Now()
	for range 5 {
		if _, body := get(t, u); body != "2" {
			t.Fatalf("expected ping, got %q", body)
		}
		post(t, u, "3")
	}
	if took := time.Since(start); took >= 5*time.Second {
		t.Fatalf("five ping rounds took %v: pings waited for the pong deadline", took)
	}
}

// A ping that would overflow a session's queue closes it as a slow
// consumer, as any other send would (from its own goroutine, so that the
// wheel's other due sessions are not held up by the close).
func TestAPingThatOverflowsTheQueueClosesASlowConsumer(t *testing.T) {
	_, hs, conns := testServer(t, Options{PingInterval: 50 * time.Millisecond, PingTimeout: time.Second, MaxQueuedPackets: 4})
	handshake(t, hs.URL, 4)
	c := <-conns
	// Nobody polls: the open packet went out with the handshake response,
	// so four messages fill the queue and the ping is one too many.
	for range 4 {
		if err := c.Send(Message{Data: []byte("x")}); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-c.Done():
		if r := c.CloseReason(); r != "slow consumer" {
			t.Fatalf("reason %q", r)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the session with a full queue was not closed at its ping")
	}
}
