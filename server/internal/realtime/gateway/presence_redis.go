package gateway

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisBus shares presence between nodes through Redis:
//
//   - <prefix>:nodes is a sorted set of node ids scored by their last
//     heartbeat (unix ms);
//   - <prefix>:node:<id> is a hash, member id → up event, of the members
//     registered on that node, so a starting node can read everyone online;
//   - <prefix>:events is the pub/sub channel of up, down and bye events.
//
// A node writes its hash and publishes in one ordered stream (a single
// goroutine), so other nodes see a member's changes in order. A node whose
// heartbeat is older than the TTL is dead: every node forgets its members
// (announcing them offline) and any node deletes its keys. A node that finds
// itself missing from the set republishes its members.
type redisBus struct {
	rdb       redis.UniversalClient
	p         *presence
	log       *slog.Logger
	prefix    string
	node      string
	heartbeat time.Duration
	ttl       time.Duration

	queue   chan presenceEvent
	stop    chan struct{}
	pubDone chan struct{} // closed when the publisher has drained the queue
	sub     *redis.PubSub
	wg      sync.WaitGroup
	once    sync.Once
}

func (b *redisBus) nodesKey() string         { return b.prefix + ":nodes" }
func (b *redisBus) nodeKey(id string) string { return b.prefix + ":node:" + id }
func (b *redisBus) channel() string          { return b.prefix + ":events" }

// startRedisBus subscribes, announces the node, loads the members online on
// the other live nodes into p, and starts the publisher, the subscriber and
// the heartbeat.
func startRedisBus(ctx context.Context, rdb redis.UniversalClient, p *presence, prefix string, heartbeat, ttl time.Duration, log *slog.Logger) (*redisBus, error) {
	b := &redisBus{rdb: rdb, p: p, log: log, prefix: prefix, node: p.node, heartbeat: heartbeat, ttl: ttl,
		queue: make(chan presenceEvent, 8192), stop: make(chan struct{}), pubDone: make(chan struct{})}
	b.sub = rdb.Subscribe(ctx, b.channel())
	if _, err := b.sub.Receive(ctx); err != nil {
		_ = b.sub.Close()
		return nil, err
	}
	// Events published from now on wait in the channel until the snapshot
	// below is applied; replaying them afterwards converges, because the
	// last event of a member on a node is its state.
	events := b.sub.Channel(redis.WithChannelSize(16384))
	if err := rdb.ZAdd(ctx, b.nodesKey(), redis.Z{Score: float64(time.Now().UnixMilli()), Member: b.node}).Err(); err != nil {
		_ = b.sub.Close()
		return nil, err
	}
	if err := b.loadSnapshot(ctx); err != nil {
		_ = b.sub.Close()
		return nil, err
	}
	b.wg.Add(2)
	go b.consume(events)
	go b.publishLoop()
	go b.beatLoop()
	return b, nil
}

// loadSnapshot reads the members of every live node.
func (b *redisBus) loadSnapshot(ctx context.Context) error {
	nodes, err := b.rdb.ZRangeWithScores(ctx, b.nodesKey(), 0, -1).Result()
	if err != nil {
		return err
	}
	fresh := float64(time.Now().Add(-b.ttl).UnixMilli())
	for _, z := range nodes {
		id, _ := z.Member.(string)
		if id == b.node || z.Score < fresh {
			continue
		}
		members, err := b.rdb.HGetAll(ctx, b.nodeKey(id)).Result()
		if err != nil {
			return err
		}
		for _, raw := range members {
			var ev presenceEvent
			if json.Unmarshal([]byte(raw), &ev) == nil && ev.Op == opUp {
				ev.Node = id
				b.p.apply(ev)
			}
		}
	}
	return nil
}

// publish queues an event; the queue keeps the node's events in order.
func (b *redisBus) publish(ev presenceEvent) {
	select {
	case b.queue <- ev:
	case <-b.stop:
	}
}

func (b *redisBus) publishLoop() {
	defer close(b.pubDone)
	for {
		select {
		case ev := <-b.queue:
			b.write(ev)
		case <-b.stop:
			for {
				select {
				case ev := <-b.queue:
					b.write(ev)
				default:
					return
				}
			}
		}
	}
}

// write stores the event in the node's hash and publishes it.
func (b *redisBus) write(ev presenceEvent) {
	raw, err := json.Marshal(ev)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	pipe := b.rdb.Pipeline()
	field := strconv.FormatUint(ev.ID, 10)
	switch ev.Op {
	case opUp:
		pipe.HSet(ctx, b.nodeKey(b.node), field, raw)
	case opDown:
		pipe.HDel(ctx, b.nodeKey(b.node), field)
	}
	pipe.Publish(ctx, b.channel(), raw)
	if _, err := pipe.Exec(ctx); err != nil {
		b.log.Warn("gateway: publishing presence failed", "op", ev.Op, "err", err)
	}
}

func (b *redisBus) consume(events <-chan *redis.Message) {
	defer b.wg.Done()
	for msg := range events {
		var ev presenceEvent
		if err := json.Unmarshal([]byte(msg.Payload), &ev); err != nil || ev.Node == b.node || ev.Node == "" {
			continue
		}
		b.p.apply(ev)
	}
}

func (b *redisBus) beatLoop() {
	defer b.wg.Done()
	t := time.NewTicker(b.heartbeat)
	defer t.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-t.C:
			b.beat()
		}
	}
}

// beat refreshes this node's heartbeat and forgets dead nodes.
func (b *redisBus) beat() {
	ctx, cancel := context.WithTimeout(context.Background(), b.heartbeat)
	defer cancel()
	now := time.Now()
	added, err := b.rdb.ZAdd(ctx, b.nodesKey(), redis.Z{Score: float64(now.UnixMilli()), Member: b.node}).Result()
	if err != nil {
		b.log.Warn("gateway: presence heartbeat failed", "err", err)
		return
	}
	if added > 0 {
		// Others took this node for dead and forgot its members: tell them again.
		b.log.Warn("gateway: presence of this node was lost; republishing")
		for _, ev := range b.p.localUps() {
			b.publish(ev)
		}
	}
	nodes, err := b.rdb.ZRangeWithScores(ctx, b.nodesKey(), 0, -1).Result()
	if err != nil {
		return
	}
	live := map[string]struct{}{}
	dead := now.Add(-b.ttl).UnixMilli()
	for _, z := range nodes {
		id, _ := z.Member.(string)
		if int64(z.Score) >= dead || id == b.node {
			live[id] = struct{}{}
			continue
		}
		pipe := b.rdb.Pipeline()
		pipe.ZRem(ctx, b.nodesKey(), id)
		pipe.Del(ctx, b.nodeKey(id))
		_, _ = pipe.Exec(ctx)
	}
	for id := range b.p.remoteNodes() {
		if _, ok := live[id]; !ok {
			b.p.purge(id)
		}
	}
}

// close publishes what is queued, says goodbye (other nodes forget this
// node's members at once), removes the node's keys and unsubscribes.
func (b *redisBus) close() {
	b.once.Do(func() {
		close(b.stop)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// The publisher drains the queue before the goodbye.
		select {
		case <-b.pubDone:
		case <-ctx.Done():
		}
		raw, _ := json.Marshal(presenceEvent{Node: b.node, Op: opBye})
		pipe := b.rdb.Pipeline()
		pipe.Del(ctx, b.nodeKey(b.node))
		pipe.ZRem(ctx, b.nodesKey(), b.node)
		pipe.Publish(ctx, b.channel(), raw)
		_, _ = pipe.Exec(ctx)
		_ = b.sub.Close()
		b.wg.Wait()
	})
}
