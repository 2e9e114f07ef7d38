package socketio

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// testRedis returns a client for TEST_REDIS_URL, or for an in-process
// miniredis when it is not set.
func testRedis(t *testing.T) redis.UniversalClient {
	t.Helper()
	var rdb *redis.Client
	if u := os.Getenv("TEST_REDIS_URL"); u != "" {
		opt, err := redis.ParseURL(u)
		if err != nil {
			t.Fatal(err)
		}
		rdb = redis.NewClient(opt)
	} else {
		mr := miniredis.RunT(t)
		rdb = redis.NewClient(&redis.Options{Addr: mr.Addr()})
	}
	t.Cleanup(func() { _ = rdb.Close() })
	return rdb
}

// twoNodes starts two servers sharing Redis under a prefix unique to the test.
func twoNodes(t *testing.T) (*Server, string, *Server, string) {
	rdb := testRedis(t)
	factory := NewRedisAdapter(rdb, RedisAdapterOptions{Prefix: "test-" + engineio.NewID()})
	a, urlA := appServer(t, Options{Adapter: factory})
	b, urlB := appServer(t, Options{Adapter: factory})
	return a, urlA, b, urlB
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRedisAdapterMakesTwoNodesBehaveAsOne(t *testing.T) {
	nodeA, urlA, nodeB, urlB := twoNodes(t)
	onA := dialRaw(t, urlA)
	onB := dialRaw(t, urlB)

	t.Run("RoomEmitReachesOtherNode", func(t *testing.T) {
		onB.write(`421["join","room1"]`)
		onB.expect(`31["joined"]`)
		onA.write(`42["shout","room1","വണക്കം 🙏"]`)
		onB.expect(`2["shouted","വണക്കം 🙏"]`)
	})
	t.Run("BinaryBroadcastReachesOtherNode", func(t *testing.T) {
		if err := nodeA.Of("/").To("room1").Emit("bin", []byte{1, 2, 3}); err != nil {
			t.Fatal(err)
		}
		onB.expect(`51-["bin",{"_placeholder":true,"num":0}]`)
		if _, m, err := onB.ws.Read(context.Background()); err != nil || string(m) != "\x01\x02\x03" {
			t.Fatalf("attachment %q %v", m, err)
		}
	})
	t.Run("SocketsJoinAppliesOnEveryNode", func(t *testing.T) {
		if err := nodeA.Of("/").In("room1").SocketsJoin("pair-1"); err != nil {
			t.Fatal(err)
		}
		eventually(t, "socket on node B in pair-1", func() bool { return len(nodeB.Of("/").SocketsIn("pair-1")) == 1 })
		_ = nodeA.Of("/").To("pair-1").Emit("direct", "hi")
		onB.expect(`2["direct","hi"]`)
		if err := nodeA.Of("/").In("pair-1").SocketsLeave("pair-1"); err != nil {
			t.Fatal(err)
		}
		eventually(t, "socket on node B out of pair-1", func() bool { return len(nodeB.Of("/").SocketsIn("pair-1")) == 0 })
	})
	t.Run("DisconnectSocketsAppliesOnEveryNode", func(t *testing.T) {
		_ = nodeA.Of("/").In("room1").DisconnectSockets(false)
		onB.expect("1")
		eventually(t, "node B socket gone", func() bool { return len(nodeB.Of("/").Sockets()) == 0 })
	})
}

func TestOfficialClientsOnDifferentNodesChatThroughRedis(t *testing.T) {
	_, urlA, _, urlB := twoNodes(t)
	runNode(t, "cross.mjs", "--url", urlA, "--url2", urlB, "--transports", "polling,websocket")
}
