package gateway

import (
	"encoding/json"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/socketio"
)

// Presence operations carried between nodes.
const (
	opUp   = "up"   // a member's first registered socket on Node
	opDown = "down" // a member's last registered socket on Node closed
	opBye  = "bye"  // Node is shutting down: forget everything it held
	opHide = "hide" // the member hid their profile or showed it again (Hidden), on any node
)

// presenceEvent is one change of a node's local presence. Up events carry
// what other nodes need to list and announce the member, so that no node
// queries the database for someone else's join; Except lists the members
// who must not hear about it.
type presenceEvent struct {
	Node   string          `json:"n"`
	Op     string          `json:"o"`
	ID     uint64          `json:"i,omitempty"`
	Code   string          `json:"c,omitempty"`
	Gender int             `json:"g,omitempty"`
	Hidden bool            `json:"h,omitempty"`
	User   json.RawMessage `json:"u,omitempty"`
	Except []uint64        `json:"x,omitempty"`
}

// onlineMember is a member online somewhere in the cluster.
type onlineMember struct {
	id     uint64
	code   string
	gender int
	hidden bool
	user   json.RawMessage // the encoded chat user, shared by every list and announcement
	except []uint64        // who must not see the member, as known at the first join
	nodes  []string        // the nodes it is registered on: one, nearly always (a slice costs far less than a map)
}

// onNode reports whether m is registered on node.
func (m *onlineMember) onNode(node string) bool { return slices.Contains(m.nodes, node) }

// addNode records m on node.
func (m *onlineMember) addNode(node string) {
	if !m.onNode(node) {
		m.nodes = append(m.nodes, node)
	}
}

// dropNode forgets m on node.
func (m *onlineMember) dropNode(node string) {
	if i := slices.Index(m.nodes, node); i >= 0 {
		m.nodes = slices.Delete(m.nodes, i, i+1)
	}
}

// bus carries presence events to the other nodes (Redis); nil means a
// single node.
type bus interface {
	publish(presenceEvent)
}

// presence keeps, on every node, a mirror of who is online across the
// cluster, and tells the members who may see a change about it. Changes and
// the lists sent to new members are emitted under one lock, so a member
// never gets a list that an earlier announcement contradicts. Sending never
// blocks: emits only queue packets.
type presence struct {
	node string
	nsp  *socketio.Namespace
	log  *slog.Logger
	bus  bus

	mu       sync.Mutex
	online   map[uint64]*onlineMember
	byGender map[int]map[uint64]*onlineMember
	local    map[uint64]int // registered sockets of this node, per member
	closing  bool           // the node is shutting down: nothing is announced any more

	// pending holds announcements without exclusions, per audience gender
	// room and member (last state wins), until the batch window ends.
	pending map[int]map[uint64]pendingChange
	timer   *time.Timer
}

// pendingChange is a member's latest online state waiting to be announced.
type pendingChange struct {
	online bool
	code   string
	user   json.RawMessage
}

// batchWindow is how long announcements wait to be sent together: a burst
// of joins costs each member of the audience one packet per window instead
// of one per join. Writing one packet to each of thousands of sockets is
// the main cost of a connect storm (a system call each), so the window is
// long enough to gather many joins and still short for a person watching a
// list. A window with a single change sends the spec's own event.
const batchWindow = 200 * time.Millisecond

func newPresence(node string, nsp *socketio.Namespace, log *slog.Logger) *presence {
	return &presence{node: node, nsp: nsp, log: log, online: map[uint64]*onlineMember{},
		byGender: map[int]map[uint64]*onlineMember{}, local: map[uint64]int{}, pending: map[int]map[uint64]pendingChange{}}
}

// Room names used by the gateway.
func memberRoom(id uint64) string { return "m:" + strconv.FormatUint(id, 10) }
func genderRoom(g int) string     { return "g:" + strconv.Itoa(g) }

// mutedRoom holds the sockets of members who put id on their "don't show"
// list, from their connection on (Gateway.mute): id's live messages skip
// them (product.md: a member on that list is left out of my chat; the
// messages are stored, and counted once I show the member again).
func mutedRoom(id uint64) string { return "q:" + strconv.FormatUint(id, 10) }

// opposite returns the gender that sees g in the chat list, or 0.
func opposite(g int) int {
	switch g {
	case chat.GenderGroom:
		return chat.GenderBride
	case chat.GenderBride:
		return chat.GenderGroom
	}
	return 0
}

func memberRooms(ids []uint64) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = memberRoom(id)
	}
	return out
}

// register counts a newly registered socket of m (when first is true) and
// sends s the list of online members m may see, in one critical section.
func (p *presence) register(s *socketio.Socket, m *chat.Member, hiddenFromOthers []uint64, hiddenFromMember map[uint64]struct{}, first bool) {
	user, _ := json.Marshal(m.User)
	p.mu.Lock()
	defer p.mu.Unlock()
	if first {
		p.local[m.ID]++
		if p.local[m.ID] == 1 {
			ev := presenceEvent{Node: p.node, Op: opUp, ID: m.ID, Code: m.Code, Gender: m.Gender, Hidden: m.Hidden, User: user, Except: hiddenFromOthers}
			p.applyLocked(ev)
			if p.bus != nil {
				p.bus.publish(ev)
			}
		}
	}
	// The list goes straight into the packet: with thousands online it is
	// the largest thing a connect allocates, and every copy of it is
	// garbage that the heap must make room for.
	_ = s.EmitAppended(EventActiveMatchedProfiles, p.listSizeLocked(m.Gender), func(dst []byte) []byte {
		return p.appendListLocked(dst, m.ID, m.Gender, hiddenFromMember)
	})
}

// lastLocal reports whether id has exactly one registered socket here, so
// that unregistering it takes the member offline on this node.
func (p *presence) lastLocal(id uint64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.local[id] == 1
}

// unregister forgets one registered socket of id; when it was the last one
// on this node, the node announces that the member left it.
func (p *presence) unregister(id uint64, except []uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.local[id]
	if n == 0 || p.closing {
		// While shutting down, the goodbye (Redis) or the end of the process
		// tells everyone at once; announcing each socket would cost N².
		return
	}
	if n > 1 {
		p.local[id] = n - 1
		return
	}
	delete(p.local, id)
	ev := presenceEvent{Node: p.node, Op: opDown, ID: id, Except: except}
	p.applyLocked(ev)
	if p.bus != nil {
		p.bus.publish(ev)
	}
}

// apply takes an event from another node.
func (p *presence) apply(ev presenceEvent) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ev.Op == opBye {
		p.purgeLocked(ev.Node)
		return
	}
	p.applyLocked(ev)
}

// applyLocked updates the mirror and, when the member comes online or goes
// offline cluster-wide, tells this node's sockets of the opposite gender,
// except the members in ev.Except.
func (p *presence) applyLocked(ev presenceEvent) {
	m := p.online[ev.ID]
	switch ev.Op {
	case opUp:
		if m != nil {
			m.addNode(ev.Node)
			p.setHiddenLocked(m, ev.Hidden, ev.User)
			return
		}
		m = &onlineMember{id: ev.ID, code: ev.Code, gender: ev.Gender, hidden: ev.Hidden, user: ev.User, except: ev.Except,
			nodes: []string{ev.Node}}
		p.online[m.id] = m
		g := p.byGender[m.gender]
		if g == nil {
			g = map[uint64]*onlineMember{}
			p.byGender[m.gender] = g
		}
		g[m.id] = m
		if !m.hidden {
			p.announceLocked(m, true, ev.Except)
		}
	case opHide:
		if m == nil {
			return
		}
		p.setHiddenLocked(m, ev.Hidden, ev.User)
		if p.local[m.id] > 0 && p.bus != nil && ev.Node != p.node {
			// Rewrite this node's entry in Redis, so that a node starting
			// later reads the new state.
			p.bus.publish(presenceEvent{Node: p.node, Op: opUp, ID: m.id, Code: m.code, Gender: m.gender, Hidden: m.hidden, User: m.user, Except: m.except})
		}
	case opDown:
		if m == nil {
			return
		}
		m.dropNode(ev.Node)
		if len(m.nodes) == 0 {
			p.removeLocked(m, ev.Except)
		}
	}
}

// setHidden applies a hide or show of an online member on this node and
// tells the other nodes.
func (p *presence) setHidden(id uint64, hidden bool, user json.RawMessage) {
	p.mu.Lock()
	defer p.mu.Unlock()
	ev := presenceEvent{Node: p.node, Op: opHide, ID: id, Hidden: hidden, User: user}
	p.applyLocked(ev)
	if p.bus != nil {
		p.bus.publish(ev)
	}
	if m := p.online[id]; m != nil && p.local[id] > 0 && p.bus != nil {
		p.bus.publish(presenceEvent{Node: p.node, Op: opUp, ID: id, Code: m.code, Gender: m.gender, Hidden: m.hidden, User: m.user, Except: m.except})
	}
}

// setHiddenLocked updates an online member's state; a member who became
// hidden is announced offline (to everyone: a notice about someone a member
// never saw changes nothing), one shown again is announced online except to
// those who must not see them.
func (p *presence) setHiddenLocked(m *onlineMember, hidden bool, user json.RawMessage) {
	if len(user) > 0 {
		m.user = user
	}
	if m.hidden == hidden {
		return
	}
	m.hidden = hidden
	p.announceLocked(m, !hidden, m.except)
}

// removeLocked drops a member who is no longer online anywhere.
func (p *presence) removeLocked(m *onlineMember, except []uint64) {
	delete(p.online, m.id)
	delete(p.byGender[m.gender], m.id)
	if !m.hidden {
		p.announceLocked(m, false, except)
	}
}

// purgeLocked forgets every member held by a node that left or died.
func (p *presence) purgeLocked(node string) {
	for _, m := range p.online {
		if !m.onNode(node) {
			continue
		}
		m.dropNode(node)
		if len(m.nodes) == 0 {
			// The dead node's exclusions are unknown; a notice about someone
			// a member never saw changes nothing on their screen.
			p.removeLocked(m, nil)
		}
	}
}

// announceLocked tells this node's sockets of the gender that sees m that m
// came online or went offline. Announcements without exclusions join the
// current batch; one with exclusions is emitted at once, after the batch,
// so that every member's changes keep their order.
func (p *presence) announceLocked(m *onlineMember, online bool, except []uint64) {
	g := opposite(m.gender)
	if g == 0 || p.closing {
		return
	}
	if len(except) > 0 {
		p.flushLocked()
		op := p.nsp.Local().To(genderRoom(g)).Except(memberRooms(except)...)
		var err error
		if online {
			err = op.Emit(EventUserConnected, m.user)
		} else {
			err = op.Emit(EventUserDisconnected, offlineNotice{ProfileID: m.code})
		}
		if err != nil {
			p.log.Warn("gateway: presence announcement failed", "err", err)
		}
		return
	}
	batch := p.pending[g]
	if batch == nil {
		batch = map[uint64]pendingChange{}
		p.pending[g] = batch
	}
	batch[m.id] = pendingChange{online: online, code: m.code, user: m.user}
	if p.timer == nil {
		p.timer = time.AfterFunc(batchWindow, p.flush)
	}
}

// flush sends the pending batch.
func (p *presence) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushLocked()
}

// flushLocked sends each audience its pending changes: the spec's
// userConnected or userDisConnected for a single change, onlineUsersChanged
// {connected: [ChatUser], disconnected: [profileID]} for several.
func (p *presence) flushLocked() {
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	for g, batch := range p.pending {
		delete(p.pending, g)
		if p.closing || len(batch) == 0 {
			continue
		}
		op := p.nsp.Local().To(genderRoom(g))
		var err error
		if len(batch) == 1 {
			for _, c := range batch {
				if c.online {
					err = op.Emit(EventUserConnected, c.user)
				} else {
					err = op.Emit(EventUserDisconnected, offlineNotice{ProfileID: c.code})
				}
			}
		} else {
			n := presenceBatch{Connected: []json.RawMessage{}, Disconnected: []string{}}
			for _, c := range batch {
				if c.online {
					n.Connected = append(n.Connected, c.user)
				} else {
					n.Disconnected = append(n.Disconnected, c.code)
				}
			}
			err = op.Emit(EventOnlineUsersChanged, n)
		}
		if err != nil {
			p.log.Warn("gateway: presence announcement failed", "err", err)
		}
	}
}

// close stops announcing; the node is going away.
func (p *presence) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closing = true
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	p.pending = map[int]map[uint64]pendingChange{}
}

// listSizeLocked bounds the bytes of the list sent to a member of gender.
func (p *presence) listSizeLocked(gender int) int {
	size := 2
	for _, m := range p.byGender[opposite(gender)] {
		size += len(m.user) + 1
	}
	return size
}

// appendListLocked appends to out the JSON array of the chat users a member
// of gender may see: online members of the other gender, not hidden, not
// self, not excluded. It is spliced from the members' encoded chat users, so
// a list of thousands costs one copy, not an encoding.
func (p *presence) appendListLocked(out []byte, self uint64, gender int, excluded map[uint64]struct{}) []byte {
	out = append(out, '[')
	first := true
	for id, m := range p.byGender[opposite(gender)] {
		if _, skip := excluded[id]; skip || m.hidden || id == self || len(m.user) == 0 {
			continue
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		out = append(out, m.user...)
	}
	return append(out, ']')
}

// visible returns the online member id (nil when offline or hidden).
func (p *presence) visible(id uint64) *onlineMember {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := p.online[id]
	if m == nil || m.hidden {
		return nil
	}
	c := *m
	c.nodes = slices.Clone(m.nodes)
	return &c
}

// isOnline reports whether id is online anywhere (hidden members included).
func (p *presence) isOnline(id uint64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.online[id] != nil
}

// count returns how many members are online in the cluster.
func (p *presence) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.online)
}

// remoteNodes returns the other nodes the mirror holds members of.
func (p *presence) remoteNodes() map[string]struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]struct{}{}
	for _, m := range p.online {
		for _, n := range m.nodes {
			if n != p.node {
				out[n] = struct{}{}
			}
		}
	}
	return out
}

// purge forgets the members of a node that stopped beating.
func (p *presence) purge(node string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.purgeLocked(node)
}

// localUps returns an up event for every member registered on this node,
// to republish after Redis lost this node's state.
func (p *presence) localUps() []presenceEvent {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]presenceEvent, 0, len(p.local))
	for id := range p.local {
		if m := p.online[id]; m != nil {
			out = append(out, presenceEvent{Node: p.node, Op: opUp, ID: id, Code: m.code, Gender: m.gender, Hidden: m.hidden, User: m.user, Except: m.except})
		}
	}
	return out
}

// visibleOrHidden returns the online member, hidden or not (nil when offline).
func (p *presence) visibleOrHidden(id uint64) *onlineMember {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := p.online[id]
	if m == nil {
		return nil
	}
	c := *m
	c.nodes = slices.Clone(m.nodes)
	return &c
}
