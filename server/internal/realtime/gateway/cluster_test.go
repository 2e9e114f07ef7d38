package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/config"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// node starts an App on dataDir (its SQLite file, unless dsn names MySQL)
// and serves it on a free port, as `tfm serve` does.
func startApp(t *testing.T, dataDir, dsn, redisURL, secret string) (*app.App, string) {
	t.Helper()
	cfg := &config.Config{AppEnv: "test", DataDir: dataDir, DBDSN: dsn, RedisURL: redisURL, BrandName: "TFM",
		JWTSecret: []byte(secret), MediaDir: dataDir + "/media", SiteURL: "http://localhost", LogLevel: "error",
		ShutdownTimeout: 5 * time.Second, ContactRateLimit: 3}
	a, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.ServeListener(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	return a, "http://" + ln.Addr().String()
}

func appToken(t *testing.T, a *app.App, m chattest.Member, n int) string {
	t.Helper()
	s, err := a.Accounts.Login(context.Background(), account.LoginInput{Email: m.Email, Pwd: chattest.Password}, "10.9.0."+strconv.Itoa(n))
	if err != nil {
		t.Fatal(err)
	}
	return s.Token
}

func TestTwoServersSharingRedisActAsOne(t *testing.T) {
	_, redisURL := testRedis(t)
	dir, dsn := t.TempDir(), storetest.MySQLDSN(t)
	secret := "cluster-secret-" + engineio.NewID()
	a1, url1 := startApp(t, dir, dsn, redisURL, secret)
	a2, url2 := startApp(t, dir, dsn, redisURL, secret)
	groom := chattest.NewMember(t, a1.DB, chattest.Options{Paid: true, Name: "Jerin George"})
	bride := chattest.NewMember(t, a1.DB, chattest.Options{Bride: true, Photo: true, Name: "Merin Jacob"})
	// The groom is on node 1 with socket.io-client v4, the bride on node 2 with v2.
	runNode(t, "chat-flow.mjs", "--url", url1, "--url2", url2, "--transports", "polling,websocket",
		"--version-a", "v4", "--version-b", "v2", "--token-a", appToken(t, a1, groom, 1), "--token-b", appToken(t, a2, bride, 2),
		"--code-a", groom.Code, "--code-b", bride.Code)
	eventually(t, "both offline on both nodes", func() bool {
		return !a1.Realtime.Online(groom.ID) && !a2.Realtime.Online(groom.ID) && !a1.Realtime.Online(bride.ID) && !a2.Realtime.Online(bride.ID)
	})
}

func TestADeadNodeIsForgotten(t *testing.T) {
	rdb, _ := testRedis(t)
	scope := uniqueScope()
	db := storetest.SQLite(t)
	ghostMember := chattest.NewMember(t, db, chattest.Options{Name: "Ghost Groom"})
	// A node that announced a member and then died without a goodbye.
	ctx := context.Background()
	user, _ := json.Marshal(map[string]any{"gender": 10, "photos": []any{}, "profileID": ghostMember.Code, "userName": "Ghost Groom"})
	up, _ := json.Marshal(map[string]any{"n": "ghost", "o": "up", "i": ghostMember.ID, "c": ghostMember.Code, "g": 10, "u": json.RawMessage(user)})
	rdb.ZAdd(ctx, scope+":presence:nodes", redis.Z{Score: float64(time.Now().UnixMilli()), Member: "ghost"})
	rdb.HSet(ctx, scope+":presence:node:ghost", strconv.FormatUint(ghostMember.ID, 10), up)

	st := newStack(t, db, rdb, scope)
	bride := st.member(t, chattest.Options{Bride: true})
	c := dialRaw(t, st.url, st.token(t, bride))
	c.call("registerNewUser", nil)
	c.waitEvent("sendActiveMatchedProfiles", listHas(ghostMember.Code))
	// The ghost never beats again: after the TTL every node forgets it.
	c.waitEvent("userDisConnected", profileIs(ghostMember.Code))
	eventually(t, "ghost keys deleted", func() bool {
		n, _ := rdb.Exists(ctx, scope+":presence:node:ghost").Result()
		_, err := rdb.ZScore(ctx, scope+":presence:nodes", "ghost").Result()
		return n == 0 && errors.Is(err, redis.Nil)
	})
	if st.gw.Online(ghostMember.ID) {
		t.Fatal("ghost still online")
	}
}

// login logs in through the REST API.
func login(t *testing.T, base, email string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "pwd": chattest.Password})
	resp, err := http.Post(base+"/api/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var env struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || env.Data.Token == "" {
		t.Fatalf("login %s: %d %s", email, resp.StatusCode, raw)
	}
	return env.Data.Token
}
