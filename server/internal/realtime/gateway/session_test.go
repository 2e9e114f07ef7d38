package gateway_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/realtime/gateway"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// codeIs matches a chatError whose code is code.
func codeIs(code string) func(json.RawMessage) bool {
	return func(r json.RawMessage) bool {
		var n struct{ Code string }
		_ = json.Unmarshal(r, &n)
		return n.Code == code
	}
}

// Issue 18 item 7: a socket ends with its session (logout, on every node)
// and with its access token unless the client re-authenticates.
func TestSocketsEndWithTheirSession(t *testing.T) {
	for dialect, db := range storetest.Engines(t) {
		t.Run(string(dialect), func(t *testing.T) { testSocketsEndWithTheirSession(t, db) })
	}
}

func testSocketsEndWithTheirSession(t *testing.T, db *store.DB) {
	ctx := context.Background()
	rdb, _ := testRedis(t)
	scope := uniqueScope()
	tune := func(o *gateway.Options) { o.ExpiryGrace = 100 * time.Millisecond }
	a := newStackWith(t, db, rdb, scope, tune)
	b := newStackWith(t, db, rdb, scope, tune) // a second node of the same cluster

	t.Run("LogoutClosesThatSessionsSocketsOnEveryNode", func(t *testing.T) {
		m := a.member(t, chattest.Options{})
		laptop, phone := a.login(t, m), a.login(t, m)
		onA := dialRaw(t, a.url, laptop.Token)
		onB := dialRaw(t, b.url, laptop.Token)
		other := dialRaw(t, a.url, phone.Token)
		if err := a.acc.Logout(ctx, laptop.RefreshToken, nil); err != nil {
			t.Fatal(err)
		}
		onA.waitClosed("the logged-out session's socket on this node")
		onB.waitClosed("the logged-out session's socket on the other node")
		if got := other.call("getUnreadCounts", nil); got["ok"] != true {
			t.Fatalf("the member's other session was closed too: %v", got)
		}
	})

	t.Run("ReplayedRefreshTokenClosesTheFamilysSockets", func(t *testing.T) {
		m := a.member(t, chattest.Options{Bride: true})
		s := a.login(t, m)
		c := dialRaw(t, b.url, s.Token)
		if _, err := a.acc.Refresh(ctx, s.RefreshToken); err != nil {
			t.Fatal(err)
		}
		if _, err := a.acc.Refresh(ctx, s.RefreshToken); err == nil {
			t.Fatal("a replayed refresh token was accepted")
		}
		c.waitClosed("the stolen family's socket")
	})

	t.Run("ExpiredTokenDisconnectsWithoutReauthentication", func(t *testing.T) {
		m := a.member(t, chattest.Options{})
		c := dialRaw(t, a.url, a.tokenExpiringIn(t, m, 1500*time.Millisecond))
		c.waitEvent("chatError", codeIs(gateway.CodeTokenExpired))
		c.waitClosed("a socket whose token expired")
	})

	t.Run("ReauthenticationKeepsTheSocketOpen", func(t *testing.T) {
		m := a.member(t, chattest.Options{})
		c := dialRaw(t, a.url, a.tokenExpiringIn(t, m, 1500*time.Millisecond))
		fresh := a.token(t, m)
		res := c.call("authenticate", map[string]string{"token": fresh})
		if res["ok"] != true {
			t.Fatalf("authenticate: %v", res)
		}
		p, err := a.acc.Authenticate(ctx, fresh)
		if err != nil {
			t.Fatal(err)
		}
		if int64(res["expiresAt"].(float64)) != p.ExpiresAt.Unix() {
			t.Fatalf("expiresAt %v, want %d", res["expiresAt"], p.ExpiresAt.Unix())
		}
		time.Sleep(2 * time.Second) // past the first token's expiry and grace
		if got := c.call("getUnreadCounts", nil); got["ok"] != true {
			t.Fatalf("a re-authenticated socket was refused: %v", got)
		}
		if n := c.count("chatError", codeIs(gateway.CodeTokenExpired)); n != 0 {
			t.Fatalf("%d expiry notices after re-authenticating", n)
		}
		// The renewed session is the one whose logout closes the socket.
		if err := a.acc.Logout(ctx, "", p); err != nil {
			t.Fatal(err)
		}
		c.waitClosed("the renewed session's socket after its logout")
	})

	t.Run("ReauthenticationRefusals", func(t *testing.T) {
		m := a.member(t, chattest.Options{})
		c := dialRaw(t, a.url, a.token(t, m))
		if res := c.call("authenticate", map[string]string{"token": "not-a-token"}); res["ok"] != false || res["code"] != gateway.CodeUnauthorized {
			t.Fatalf("a bad token: %v", res)
		}
		if res := c.call("authenticate", map[string]string{"token": a.expiredToken(t, m)}); res["ok"] != false || res["code"] != gateway.CodeTokenExpired {
			t.Fatalf("an expired token: %v", res)
		}
		if res := c.call("authenticate", map[string]string{"token": a.revokedToken(t, m)}); res["ok"] != false || res["code"] != gateway.CodeUnauthorized {
			t.Fatalf("a logged-out token: %v", res)
		}
		stranger := a.member(t, chattest.Options{Bride: true})
		c.emit("authenticate", map[string]string{"token": a.token(t, stranger)})
		c.waitClosed("a socket handed another member's token")
	})

	t.Run("PasswordChangeClosesEverySocket", func(t *testing.T) {
		m := a.member(t, chattest.Options{})
		c := dialRaw(t, b.url, a.token(t, m))
		if _, err := a.acc.ChangePassword(ctx, m.UserID, account.ChangePasswordInput{OldPassword: chattest.Password, Password: "N3w!Passphrase", ConfirmPassword: "N3w!Passphrase"}); err != nil {
			t.Fatal(err)
		}
		c.waitClosed("a socket after a password change")
	})
}

// Issue 18 item 2: one member cannot open sockets without end.
func TestSocketsPerMemberAreCapped(t *testing.T) {
	st := newStackWith(t, storetest.SQLite(t), nil, uniqueScope(), func(o *gateway.Options) { o.MaxSocketsPerMember = 3 })
	m := st.member(t, chattest.Options{})
	tok := st.token(t, m)
	open := []*raw{dialRaw(t, st.url, tok), dialRaw(t, st.url, tok), dialRaw(t, st.url, tok)}
	over := dialOpen(t, st.url)
	auth, _ := json.Marshal(map[string]string{"token": tok})
	over.write("40" + string(auth))
	over.waitEvent("<connect_error>", func(r json.RawMessage) bool {
		var e struct {
			Data struct{ Code, Message string }
		}
		_ = json.Unmarshal(r, &e)
		return e.Data.Code == gateway.CodeTooManyConnections && e.Data.Message == gateway.MsgTooManyConnections
	})
	// Another member is not affected, and closing a tab makes room again.
	dialRaw(t, st.url, st.token(t, st.member(t, chattest.Options{Bride: true})))
	_ = open[0].ws.CloseNow()
	eventually(t, "a freed slot", func() bool {
		c := dialOpen(t, st.url)
		c.write("40" + string(auth))
		c.waitUntil("CONNECT answer", func() bool { return c.connected() || len(c.events) > 0 })
		return c.connected()
	})
}
