package socketio

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// RedisAdapterOptions configures the Redis adapter.
type RedisAdapterOptions struct {
	// Prefix starts every channel name, "tfm-socket.io" by default; nodes
	// that must see each other use the same prefix.
	Prefix string
	// PublishTimeout bounds one PUBLISH, 5s by default.
	PublishTimeout time.Duration
	// OnError, when set, receives publish and decode errors.
	OnError func(error)
}

// NewRedisAdapter returns an AdapterFactory whose adapters relay broadcasts
// and server-side room operations to every node through Redis pub/sub (one
// channel per namespace), so that N processes behave as one.
func NewRedisAdapter(rdb redis.UniversalClient, opts RedisAdapterOptions) AdapterFactory {
	if opts.Prefix == "" {
		opts.Prefix = "tfm-socket.io"
	}
	if opts.PublishTimeout <= 0 {
		opts.PublishTimeout = 5 * time.Second
	}
	return func(nsp *Namespace) Adapter { return newRedisAdapter(rdb, opts, nsp) }
}

// RedisAdapter is the multi-node Adapter; local work is done by the embedded
// MemoryAdapter.
type RedisAdapter struct {
	*MemoryAdapter
	rdb     redis.UniversalClient
	opts    RedisAdapterOptions
	uid     string
	channel string
	sub     *redis.PubSub
	wg      sync.WaitGroup
	once    sync.Once
}

// Operations relayed between nodes.
const (
	opBroadcast  = "broadcast"
	opJoin       = "join"
	opLeave      = "leave"
	opDisconnect = "disconnect"
)

// redisMessage is the JSON published on the namespace channel.
type redisMessage struct {
	UID    string           `json:"uid"`
	Op     string           `json:"op"`
	Opts   BroadcastOptions `json:"opts"`
	Packet *EncodedPacket   `json:"packet,omitempty"`
	Rooms  []string         `json:"rooms,omitempty"`
	Close  bool             `json:"close,omitempty"`
}

func newRedisAdapter(rdb redis.UniversalClient, opts RedisAdapterOptions, nsp *Namespace) *RedisAdapter {
	a := &RedisAdapter{
		MemoryAdapter: newMemoryAdapter(nsp),
		rdb:           rdb,
		opts:          opts,
		uid:           engineio.NewID(),
		channel:       opts.Prefix + "#" + nsp.Name() + "#",
	}
	a.sub = rdb.Subscribe(context.Background(), a.channel)
	// Wait for the subscription so that emits right after start are seen;
	// on failure go-redis keeps retrying in the background.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	if _, err := a.sub.Receive(ctx); err != nil {
		a.report(err)
	}
	cancel()
	ch := a.sub.Channel()
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		for msg := range ch {
			a.onMessage([]byte(msg.Payload))
		}
	}()
	return a
}

func (a *RedisAdapter) report(err error) {
	if a.opts.OnError != nil && err != nil {
		a.opts.OnError(err)
	}
}

// onMessage applies an operation published by another node to local sockets.
func (a *RedisAdapter) onMessage(payload []byte) {
	defer func() { _ = recover() }()
	var m redisMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		a.report(err)
		return
	}
	if m.UID == a.uid {
		return
	}
	m.Opts.Local = true
	switch m.Op {
	case opBroadcast:
		if m.Packet != nil {
			_ = a.MemoryAdapter.Broadcast(m.Packet, m.Opts)
		}
	case opJoin:
		_ = a.MemoryAdapter.SocketsJoin(m.Opts, m.Rooms...)
	case opLeave:
		_ = a.MemoryAdapter.SocketsLeave(m.Opts, m.Rooms...)
	case opDisconnect:
		_ = a.MemoryAdapter.DisconnectSockets(m.Opts, m.Close)
	}
}

func (a *RedisAdapter) publish(m redisMessage) error {
	m.UID = a.uid
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), a.opts.PublishTimeout)
	defer cancel()
	err = a.rdb.Publish(ctx, a.channel, b).Err()
	a.report(err)
	return err
}

// Broadcast delivers p locally and publishes it to the other nodes.
func (a *RedisAdapter) Broadcast(p *EncodedPacket, opts BroadcastOptions) error {
	_ = a.MemoryAdapter.Broadcast(p, opts)
	if opts.Local {
		return nil
	}
	return a.publish(redisMessage{Op: opBroadcast, Opts: opts, Packet: p})
}

// SocketsJoin makes the selected sockets on every node join rooms.
func (a *RedisAdapter) SocketsJoin(opts BroadcastOptions, rooms ...string) error {
	_ = a.MemoryAdapter.SocketsJoin(opts, rooms...)
	if opts.Local {
		return nil
	}
	return a.publish(redisMessage{Op: opJoin, Opts: opts, Rooms: rooms})
}

// SocketsLeave makes the selected sockets on every node leave rooms.
func (a *RedisAdapter) SocketsLeave(opts BroadcastOptions, rooms ...string) error {
	_ = a.MemoryAdapter.SocketsLeave(opts, rooms...)
	if opts.Local {
		return nil
	}
	return a.publish(redisMessage{Op: opLeave, Opts: opts, Rooms: rooms})
}

// DisconnectSockets disconnects the selected sockets on every node.
func (a *RedisAdapter) DisconnectSockets(opts BroadcastOptions, closeConn bool) error {
	_ = a.MemoryAdapter.DisconnectSockets(opts, closeConn)
	if opts.Local {
		return nil
	}
	return a.publish(redisMessage{Op: opDisconnect, Opts: opts, Close: closeConn})
}

// Close unsubscribes and waits for the receiving goroutine; the Redis client
// itself belongs to the caller.
func (a *RedisAdapter) Close() error {
	var err error
	a.once.Do(func() {
		err = a.sub.Close()
		a.wg.Wait()
	})
	return err
}
