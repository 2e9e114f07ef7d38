package engineio

import (
	"sync"
	"time"
)

// heartbeats keeps every session's heartbeat deadline in one hashed timing
// wheel, driven by one timer that runs while any session is open.
//
// It replaces a runtime timer per session (about 160 bytes with its closure,
// for the session's whole life) plus a new pong timer at every ping, which
// with thousands of idle members was a steady stream of garbage. The
// standard library has no timer wheel and none of the maintained ones the
// module proxy serves here fit: they run a goroutine per timer or keep the
// closure per entry, which is exactly the cost this removes.
//
// Later deadlines move lazily: a pong (or, for EIO3, any packet) only
// stores the session's new due time; the wheel finds the session in its old
// slot when that slot comes round, sees the later time and moves it. So the
// hot path never takes the wheel's lock. A deadline that moves earlier (the
// next ping after a pong, when PingInterval is shorter than PingTimeout)
// must be rescheduled by the caller. Due sessions are handled one after
// another on the timer's goroutine, so handling one must never wait (see
// Conn.heartbeatDue). Deadlines fire up to one tick late, never
// early; the tick is a small fraction of the heartbeat periods.
//
// Lock order: a session's mu, then the wheel's mu. The wheel never takes a
// session's lock while holding its own, and it acts on due sessions only
// after releasing it.
type heartbeats struct {
	tick  time.Duration
	epoch time.Time

	mu     sync.Mutex
	slots  []*Conn // heads of each slot's intrusive list (Conn.hbPrev/hbNext)
	next   int64   // the first tick not yet processed
	n      int     // sessions in the wheel
	timer  *time.Timer
	armed  bool
	closed bool
	spare  []*Conn // run's list of due sessions, kept between runs (a ping wave is thousands)

	fire func(c *Conn, now int64) // what to do with a due session: Conn.heartbeatDue
}

// newHeartbeats returns a wheel for the given ping interval and timeout:
// its tick is a sixteenth of the shorter one (between 1 ms and 100 ms, or
// longer when that would take more than maxSlots), and it has enough slots
// that the longest deadline (interval + timeout) is less than one turn
// ahead.
func newHeartbeats(interval, timeout time.Duration) *heartbeats {
	tick := min(interval, timeout) / 16
	tick = max(time.Millisecond, min(tick, 100*time.Millisecond))
	// Hour-long heartbeats would need tens of thousands of 100 ms slots:
	// beyond maxSlots the tick grows instead.
	span := interval + timeout
	if span < 0 { // overflow: absurd settings
		span = time.Duration(1<<62 - 1)
	}
	tick = max(tick, span/maxSlots+1)
	n := int(span/tick) + 2
	w := &heartbeats{tick: tick, epoch: time.Now(), slots: make([]*Conn, n)}
	w.fire = (*Conn).heartbeatDue
	w.next = w.now()/int64(tick) + 1
	return w
}

// maxSlots bounds the wheel's size (8 bytes a slot).
const maxSlots = 4096

// now returns the wheel's clock: monotonic nanoseconds since its creation.
func (w *heartbeats) now() int64 { return int64(time.Since(w.epoch)) }

// after returns the wheel time d from now.
func (w *heartbeats) after(d time.Duration) int64 { return w.now() + int64(d) }

// schedule puts c in the wheel at its due time (Conn.hbDue), or moves it
// there. The caller holds c.mu and has checked that c is open.
func (w *heartbeats) schedule(c *Conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	if c.hbLinked {
		w.unlinkLocked(c)
	}
	w.linkLocked(c, w.slotFor(c.hbDue.Load(), w.next))
	if !w.armed {
		w.armed = true
		d := time.Duration(w.next*int64(w.tick) - w.now())
		if w.timer == nil {
			w.timer = time.AfterFunc(d, w.run)
		} else {
			w.timer.Reset(d)
		}
	}
}

// remove takes c out of the wheel, if it is there.
func (w *heartbeats) remove(c *Conn) {
	w.mu.Lock()
	if c.hbLinked {
		w.unlinkLocked(c)
	}
	w.mu.Unlock()
}

// stop ends the wheel: its timer no longer fires and nothing is scheduled.
func (w *heartbeats) stop() {
	w.mu.Lock()
	w.closed = true
	if w.timer != nil {
		w.timer.Stop()
	}
	w.armed = false
	w.mu.Unlock()
}

// slotFor returns the slot of due time d, never one before tick first.
func (w *heartbeats) slotFor(d, first int64) int {
	t := max(d/int64(w.tick), first)
	return int(t % int64(len(w.slots)))
}

func (w *heartbeats) linkLocked(c *Conn, slot int) {
	c.hbPrev = nil
	c.hbNext = w.slots[slot]
	if c.hbNext != nil {
		c.hbNext.hbPrev = c
	}
	w.slots[slot] = c
	c.hbSlot = int32(slot)
	c.hbLinked = true
	w.n++
}

func (w *heartbeats) unlinkLocked(c *Conn) {
	if c.hbPrev != nil {
		c.hbPrev.hbNext = c.hbNext
	} else {
		w.slots[c.hbSlot] = c.hbNext
	}
	if c.hbNext != nil {
		c.hbNext.hbPrev = c.hbPrev
	}
	c.hbPrev, c.hbNext = nil, nil
	c.hbLinked = false
	w.n--
}

// run processes every slot whose tick has come, then re-arms the timer for
// the next tick while sessions remain.
func (w *heartbeats) run() {
	now := w.now()
	cur := now / int64(w.tick)
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	due := w.spare[:0]
	w.spare = nil // a run that overlaps this one (see the Reset below) makes its own
	// After a stall longer than a turn, every slot is looked at once.
	from := max(w.next, cur-int64(len(w.slots))+1)
	for t := from; t <= cur; t++ {
		slot := int(t % int64(len(w.slots)))
		for c := w.slots[slot]; c != nil; {
			next := c.hbNext
			d := c.hbDue.Load()
			switch {
			case d <= now:
				w.unlinkLocked(c)
				due = append(due, c)
			case w.slotFor(d, cur+1) != slot:
				w.unlinkLocked(c)
				w.linkLocked(c, w.slotFor(d, cur+1))
			}
			c = next
		}
	}
	w.next = cur + 1
	if w.n > 0 {
		w.timer.Reset(time.Duration(w.next*int64(w.tick) - now))
	} else {
		w.armed = false
	}
	w.mu.Unlock()
	for _, c := range due {
		w.fire(c, now)
	}
	clear(due)
	w.mu.Lock()
	if w.spare == nil {
		w.spare = due[:0]
	}
	w.mu.Unlock()
}
