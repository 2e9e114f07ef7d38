package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// buildTFM builds the tfm binary into a temporary folder.
func buildTFM(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tfm")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./server/cmd/tfm")
	cmd.Dir = repoRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// tfmProcess is a running `tfm serve`.
type tfmProcess struct {
	cmd    *exec.Cmd
	url    string
	stderr *bytes.Buffer
	done   chan struct{}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// runTFM runs `tfm <args>` to completion.
func runTFM(t *testing.T, bin, dir string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tfm %v: %v\n%s", args, err, out)
	}
}

// serveTFM starts `tfm serve` on a free port and waits until it is healthy.
func serveTFM(t *testing.T, bin, dir string, env []string) *tfmProcess {
	t.Helper()
	port := freePort(t)
	p := &tfmProcess{cmd: exec.Command(bin, "serve"), url: fmt.Sprintf("http://127.0.0.1:%d", port), stderr: &bytes.Buffer{}, done: make(chan struct{})}
	p.cmd.Dir, p.cmd.Env, p.cmd.Stderr = dir, append(env, "PORT="+strconv.Itoa(port)), p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(15 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(p.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p
			}
		}
		select {
		case <-p.done:
			t.Fatalf("tfm serve exited: %s", p.stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("tfm serve not healthy: %s", p.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type pendingMessage struct {
	From     string `json:"from"`
	ClientID string `json:"clientId"`
	Text     string `json:"text"`
}

func TestSIGKILLLosesNoAcknowledgedMessage(t *testing.T) {
	clientsDir(t)
	bin := buildTFM(t)
	dir := t.TempDir()
	dsn := storetest.MySQLDSN(t)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "APP_ENV=test", "DATA_DIR=" + dir, "DB_DSN=" + dsn,
		"JWT_SECRET=durability-secret-0123456789abcdefghij", "LOG_LEVEL=error", "SITE_URL=http://127.0.0.1", "SHUTDOWN_TIMEOUT_SECONDS=5"}
	runTFM(t, bin, dir, env, "migrate")
	db, err := store.Open(store.Options{DSN: dsn, SQLitePath: filepath.Join(dir, "tfm.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	groom := chattest.NewMember(t, db, chattest.Options{Paid: true})
	bride := chattest.NewMember(t, db, chattest.Options{Bride: true})

	srv := serveTFM(t, bin, dir, env)
	tokA, tokB := login(t, srv.url, groom.Email), login(t, srv.url, bride.Email)
	common := []string{"--token-a", tokA, "--token-b", tokB, "--code-a", groom.Code, "--code-b", bride.Code}

	// Phase 1: stream messages and kill -9 the server after a dozen acks,
	// with more in flight.
	var (
		mu       sync.Mutex
		room     string
		acked    = map[string]uint64{}
		received []uint64
		unacked  []pendingMessage
		killed   bool
	)
	node{onLine: func(l map[string]any) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case l["room"] != nil:
			room = l["room"].(string)
		case l["acked"] != nil:
			acked[l["clientId"].(string)] = uint64(l["acked"].(float64))
			if len(acked) == 12 && !killed {
				killed = true
				_ = srv.cmd.Process.Signal(syscall.SIGKILL)
			}
		case l["received"] != nil:
			received = append(received, uint64(l["received"].(float64)))
		case l["unacked"] != nil:
			raw, _ := json.Marshal(l["unacked"])
			_ = json.Unmarshal(raw, &unacked)
		case l["refused"] != nil:
			t.Errorf("refused before the kill: %v", l)
		}
	}}.run(t, "chat-durability.mjs", append([]string{"--phase", "send", "--url", srv.url}, common...)...)
	<-srv.done
	if !killed || srv.cmd.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the server was not killed mid-stream (acks %d): %v", len(acked), srv.cmd.ProcessState)
	}
	for i := 1; i < len(received); i++ {
		if received[i] <= received[i-1] {
			t.Fatalf("live delivery out of order: %v", received)
		}
	}

	// Phase 2: restart; the unacked messages are retried with their
	// clientId and the bride catches up from the last id she saw.
	srv2 := serveTFM(t, bin, dir, env)
	after := uint64(0)
	if len(received) > 0 {
		after = received[len(received)-1]
	}
	pending, _ := json.Marshal(unacked)
	var caught []uint64
	resent := map[string]uint64{}
	node{onLine: func(l map[string]any) {
		switch {
		case l["caught"] != nil:
			for _, v := range l["caught"].([]any) {
				caught = append(caught, uint64(v.(float64)))
			}
		case l["resent"] != nil:
			resent[l["resent"].(string)] = uint64(l["id"].(float64))
		}
	}}.run(t, "chat-durability.mjs", append([]string{"--phase", "verify", "--url", srv2.url, "--room", room,
		"--after", strconv.FormatUint(after, 10), "--pending", string(pending)}, common...)...)

	var rows []struct {
		ID       uint64
		ClientID *string
	}
	db.Raw(`SELECT m.id, m.client_id FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
		WHERE c.low_id IN (?, ?) AND c.high_id IN (?, ?) ORDER BY m.id`, groom.ID, bride.ID, groom.ID, bride.ID).Scan(&rows)
	stored := map[string]uint64{}
	var ids []uint64
	for _, r := range rows {
		ids = append(ids, r.ID)
		if r.ClientID != nil {
			if _, dup := stored[*r.ClientID]; dup {
				t.Errorf("clientId %s stored twice", *r.ClientID)
			}
			stored[*r.ClientID] = r.ID
		}
	}
	for cid, id := range acked {
		if stored[cid] != id {
			t.Errorf("acknowledged %s (id %d) is not in the database after the restart (got %d)", cid, id, stored[cid])
		}
	}
	for _, p := range unacked {
		if stored[p.ClientID] == 0 || resent[p.ClientID] != stored[p.ClientID] {
			t.Errorf("retried %s: stored %d, answered %d", p.ClientID, stored[p.ClientID], resent[p.ClientID])
		}
	}
	seen := append(slices.Clone(received), caught...)
	if !slices.Equal(seen, ids) {
		t.Errorf("the bride's view has gaps or duplicates:\n live     %v\n catch-up %v\n stored   %v", received, caught, ids)
	}
	t.Logf("%d acked before SIGKILL, %d in flight retried, %d delivered live, %d caught up", len(acked), len(unacked), len(received), len(caught))
}
