package gateway_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"go.uber.org/goleak"
	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/gateway"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m,
		// database/sql keeps one opener per pool until Close; go-redis and
		// miniredis clean up asynchronously after Close returns.
		goleak.IgnoreTopFunction("database/sql.(*DB).connectionOpener"),
		goleak.IgnoreTopFunction("github.com/redis/go-redis/v9/internal/pool.(*ConnPool).reaper"),
		// GORM's prepared-statement cache (chat.Service's hot session)
		// expires entries from one goroutine per database, for its lifetime.
		goleak.IgnoreTopFunction("gorm.io/gorm/internal/lru.NewLRU[...].func1"),
	)
}

// stack is one in-process node: the services and the gateway behind an
// httptest server.
type stack struct {
	db    *store.DB
	rel   *relation.Store
	chat  *chat.Service
	acc   *account.Service
	gw    *gateway.Gateway
	url   string
	skew  *atomic.Int64 // added to the account clock, to mint expired tokens
	ipSeq *atomic.Int64
}

const testSecret = "gateway-test-secret-0123456789abcdef"

// newStack builds a node on db; rdb may be nil (single node). Nodes built
// with the same rdb and scope form one cluster.
func newStack(t *testing.T, db *store.DB, rdb redis.UniversalClient, scope string) *stack {
	t.Helper()
	return newStackWith(t, db, rdb, scope, nil)
}

// newStackWith is newStack with the gateway options adjusted by tune (may be nil).
func newStackWith(t *testing.T, db *store.DB, rdb redis.UniversalClient, scope string, tune func(*gateway.Options)) *stack {
	t.Helper()
	var limiter ratelimit.Limiter = ratelimit.NewMemory()
	if rdb != nil {
		limiter = ratelimit.NewRedis(rdb)
	}
	return buildStack(t, db, rdb, scope, tune, limiter)
}

// buildStack builds a node whose chat counts sends with limiter.
func buildStack(t *testing.T, db *store.DB, rdb redis.UniversalClient, scope string, tune func(*gateway.Options), limiter ratelimit.Limiter) *stack {
	t.Helper()
	st := &stack{db: db, rel: relation.New(db), skew: &atomic.Int64{}, ipSeq: &atomic.Int64{}}
	var err error
	st.chat, err = chat.New(chat.Deps{DB: db, Relations: st.rel, Limiter: limiter, Scope: scope, SendLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	st.acc, err = account.New(account.Deps{DB: db, Secret: []byte(testSecret), Mail: mail.NewOutbox(), SMS: sms.NewOutbox(),
		PasswordCost: bcrypt.MinCost, Limiter: ratelimit.NewMemory(), DeleteHooks: []account.DeleteHook{st.chat.DeleteMemberData},
		Now: func() time.Time { return time.Now().Add(time.Duration(st.skew.Load())) }})
	if err != nil {
		t.Fatal(err)
	}
	opts := gateway.Options{AllowedOrigins: []string{"http://tfm.example"}, Scope: scope, PresenceHeartbeat: 200 * time.Millisecond, PresenceTTL: 2 * time.Second}
	if tune != nil {
		tune(&opts)
	}
	st.gw, err = gateway.New(context.Background(), gateway.Deps{Accounts: st.acc, Chat: st.chat, Relations: st.rel, Redis: rdb}, opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(st.gw)
	st.url = hs.URL
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := st.gw.Close(ctx); err != nil {
			t.Errorf("gateway close: %v", err)
		}
		hs.CloseClientConnections()
		hs.Close()
	})
	return st
}

// member creates a member.
func (st *stack) member(t *testing.T, o chattest.Options) chattest.Member {
	t.Helper()
	return chattest.NewMember(t, st.db, o)
}

// token logs m in and returns an access token.
func (st *stack) token(t *testing.T, m chattest.Member) string {
	t.Helper()
	ip := fmt.Sprintf("10.1.%d.%d", st.ipSeq.Add(1)/250, st.ipSeq.Load()%250+1)
	s, err := st.acc.Login(context.Background(), account.LoginInput{Email: m.Email, Pwd: chattest.Password}, ip)
	if err != nil {
		t.Fatalf("login %s: %v", m.Email, err)
	}
	return s.Token
}

// login logs m in and returns the whole session (access and refresh token).
func (st *stack) login(t *testing.T, m chattest.Member) *account.Session {
	t.Helper()
	ip := fmt.Sprintf("10.2.%d.%d", st.ipSeq.Add(1)/250, st.ipSeq.Load()%250+1)
	s, err := st.acc.Login(context.Background(), account.LoginInput{Email: m.Email, Pwd: chattest.Password}, ip)
	if err != nil {
		t.Fatalf("login %s: %v", m.Email, err)
	}
	return s
}

// tokenExpiringIn returns a genuine access token of m that expires after d.
func (st *stack) tokenExpiringIn(t *testing.T, m chattest.Member, d time.Duration) string {
	t.Helper()
	st.skew.Store(int64(d - account.AccessTTL))
	defer st.skew.Store(0)
	return st.token(t, m)
}

// expiredToken returns a genuine access token of m that has expired.
func (st *stack) expiredToken(t *testing.T, m chattest.Member) string {
	t.Helper()
	st.skew.Store(int64(-(account.AccessTTL + time.Minute)))
	defer st.skew.Store(0)
	return st.token(t, m)
}

// revokedToken returns an access token of m whose session was logged out.
func (st *stack) revokedToken(t *testing.T, m chattest.Member) string {
	t.Helper()
	tok := st.token(t, m)
	p, err := st.acc.Authenticate(context.Background(), tok)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.acc.Logout(context.Background(), "", p); err != nil {
		t.Fatal(err)
	}
	return tok
}

// testRedis returns TEST_REDIS_URL's Redis, or an in-process miniredis.
// TFM_REQUIRE_SERVICES=1 refuses the stand-in.
func testRedis(t *testing.T) (redis.UniversalClient, string) {
	t.Helper()
	u := os.Getenv("TEST_REDIS_URL")
	if u == "" {
		if os.Getenv("TFM_REQUIRE_SERVICES") != "" {
			t.Fatal("TFM_REQUIRE_SERVICES is set but TEST_REDIS_URL is not")
		}
		mr := miniredis.RunT(t)
		u = "redis://" + mr.Addr()
	}
	opt, err := redis.ParseURL(u)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { _ = rdb.Close() })
	return rdb, u
}

func uniqueScope() string { return "test-" + engineio.NewID() }

// clientsDir returns scripts/realtime-clients; it fails (or skips with
// TFM_SKIP_NODE_CLIENTS=1) when the npm clients are not installed.
func clientsDir(t *testing.T) string {
	t.Helper()
	if os.Getenv("TFM_SKIP_NODE_CLIENTS") == "1" {
		t.Skip("TFM_SKIP_NODE_CLIENTS=1")
	}
	dir := repoRoot(t)
	clients := filepath.Join(dir, "scripts", "realtime-clients")
	for _, pkg := range []string{"socket.io-client-v4", "socket.io-client-v2"} {
		if _, err := os.Stat(filepath.Join(clients, "node_modules", pkg)); err != nil {
			t.Fatalf("official clients are not installed: run `npm ci --prefix scripts/realtime-clients` (or set TFM_SKIP_NODE_CLIENTS=1 to skip): %v", err)
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not on PATH; install Node.js 18+ or set TFM_SKIP_NODE_CLIENTS=1")
	}
	return clients
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
}

// node runs a client script. Every {"check"} line must be ok and the script
// must print {"done"}. A {"wait": name} line runs hooks[name] and then lets
// the script go on; onLine, when set, sees every other JSON line.
type node struct {
	hooks  map[string]func()
	onLine func(map[string]any)
}

func (n node) run(t *testing.T, script string, args ...string) {
	t.Helper()
	dir := clientsDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join(dir, script)}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := false
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Logf("node: %s", sc.Text())
			continue
		}
		switch {
		case line["done"] == true:
			done = true
		case line["wait"] != nil:
			name, _ := line["wait"].(string)
			if h := n.hooks[name]; h != nil {
				h()
			} else {
				t.Errorf("%s: no hook for %q", script, name)
			}
			_, _ = io.WriteString(stdin, "\n")
		case line["check"] != nil:
			if line["ok"] != true {
				t.Errorf("%s: check %q failed: %s", script, line["check"], sc.Text())
			}
		default:
			if n.onLine != nil {
				n.onLine(line)
			}
		}
	}
	_ = stdin.Close()
	_ = cmd.Wait()
	if !done {
		t.Errorf("%s did not finish; stderr:\n%s", script, stderr.String())
	}
}

// runNode runs a script without hooks.
func runNode(t *testing.T, script string, args ...string) { node{}.run(t, script, args...) }

// eventually polls cond; the timeout only guards against hangs.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var _ sync.Mutex
