package socketio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// clientsDir returns scripts/realtime-clients, failing (or skipping with
// TFM_SKIP_NODE_CLIENTS=1) when its node_modules are not installed.
func clientsDir(t *testing.T) string {
	t.Helper()
	if os.Getenv("TFM_SKIP_NODE_CLIENTS") == "1" {
		t.Skip("TFM_SKIP_NODE_CLIENTS=1")
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
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

// runNode runs a client script and fails the test on any failed check.
func runNode(t *testing.T, script string, args ...string) {
	t.Helper()
	dir := clientsDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join(dir, script)}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	done := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Logf("node: %s", sc.Text())
			continue
		}
		if line["done"] == true {
			done = true
			continue
		}
		if line["ok"] != true {
			t.Errorf("%s %v: check %q failed: %s", script, args, line["check"], sc.Text())
		}
	}
	if !done {
		t.Errorf("%s %v did not finish; stderr:\n%s", script, args, stderr.String())
	}
}

// appServer builds the server the client scripts talk to.
func appServer(t *testing.T, opts Options) (*Server, string) {
	t.Helper()
	if opts.Engine.PingInterval == 0 {
		opts.Engine.PingInterval = 2 * time.Second
		opts.Engine.PingTimeout = 2 * time.Second
	}
	srv := NewServer(opts)
	mountApp(srv)
	mux := http.NewServeMux()
	mux.Handle("/engine.io/", srv)
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
		hs.Close()
	})
	return srv, hs.URL
}

// mountApp registers the test application used by the client scripts.
func mountApp(srv *Server) {
	root := srv.Of("/")
	root.OnConnection(func(s *Socket) {
		s.On("echo", func(s *Socket, args []any, ack func(...any)) {
			if ack != nil {
				ack(args...)
			}
		})
		s.On("join", func(s *Socket, args []any, ack func(...any)) {
			room, _ := args[0].(string)
			s.Join(room)
			if ack != nil {
				ack("joined")
			}
		})
		s.On("shout", func(s *Socket, args []any, ack func(...any)) {
			room, _ := args[0].(string)
			_ = s.To(room).Emit("shouted", args[1:]...)
		})
		s.On("ask-me", func(s *Socket, args []any, ack func(...any)) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			res, err := s.EmitWithAck(ctx, "ask", args...)
			if err != nil {
				_ = s.Emit("asked", map[string]any{"error": err.Error()})
				return
			}
			_ = s.Emit("asked", res...)
		})
		var stopOnce sync.Once
		stop := make(chan struct{})
		halt := func() { stopOnce.Do(func() { close(stop) }) }
		s.OnDisconnect(func(string) { halt() })
		s.On("ticks", func(s *Socket, args []any, ack func(...any)) {
			go func() {
				for i := 0; ; i++ {
					select {
					case <-stop:
						_ = s.Emit("final", i)
						return
					default:
					}
					_ = s.Emit("tick", i)
					time.Sleep(2 * time.Millisecond)
				}
			}()
		})
		s.On("stop", func(*Socket, []any, func(...any)) { halt() })
	})
	private := srv.Of("/private")
	private.Use(func(s *Socket, auth map[string]any) error {
		token, _ := auth["token"].(string)
		if s.Handshake().Protocol == 4 {
			token = s.Handshake().Query.Get("token")
		}
		if token != "good" {
			return &ConnectError{Message: "not authorized", Data: map[string]any{"code": 401}}
		}
		s.SetData(token)
		return nil
	})
	private.OnConnection(func(s *Socket) {
		s.On("whoami", func(s *Socket, _ []any, ack func(...any)) { ack(s.Data()) })
	})
}

var clientModes = []struct{ name, version, transports string }{
	{"V4PollingThenWebSocket", "v4", "polling,websocket"},
	{"V4WebSocketOnly", "v4", "websocket"},
	{"V2PollingThenWebSocket", "v2", "polling,websocket"},
	{"V2WebSocketOnly", "v2", "websocket"},
}

func TestOfficialClientsExchangeUnicodeBinaryAcksAndRooms(t *testing.T) {
	_, url := appServer(t, Options{})
	for _, m := range clientModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			runNode(t, "exchange.mjs", "--version", m.version, "--url", url, "--transports", m.transports)
		})
	}
}

func TestOfficialV4AndV2ClientsChatThroughServer(t *testing.T) {
	_, url := appServer(t, Options{})
	for _, tr := range []string{"polling,websocket", "websocket"} {
		t.Run(tr, func(t *testing.T) {
			t.Parallel()
			runNode(t, "cross.mjs", "--url", url, "--transports", tr)
		})
	}
}

func TestOfficialClientsAreRefusedCleanly(t *testing.T) {
	_, url := appServer(t, Options{Engine: engineio.Options{CheckOrigin: engineio.AllowOrigins("http://tfm.example")}})
	for _, m := range clientModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			runNode(t, "negative.mjs", "--version", m.version, "--url", url, "--transports", m.transports)
		})
	}
	t.Run("ErrUnsupportedProtocolVersion", func(t *testing.T) {
		resp, err := http.Get(url + "/engine.io/?EIO=5&transport=polling")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 400 || strings.TrimSpace(string(body)) != `{"code":5,"message":"Unsupported protocol version"}` {
			t.Fatalf("got %d %s", resp.StatusCode, body)
		}
	})
}

var _ = errors.New
