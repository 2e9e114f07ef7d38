package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

var clientModes = []struct{ name, version, transports string }{
	{"V4PollingThenWebSocket", "v4", "polling,websocket"},
	{"V4WebSocketOnly", "v4", "websocket"},
	{"V2PollingThenWebSocket", "v2", "polling,websocket"},
	{"V2WebSocketOnly", "v2", "websocket"},
}

// pair creates a paid groom (who may start) and a bride with a photo, and
// returns the chat-flow arguments for them.
func (st *stack) pair(t *testing.T) (groom, bride chattest.Member, args []string) {
	t.Helper()
	groom = st.member(t, chattest.Options{Paid: true, Name: "Jibin Thomas"})
	bride = st.member(t, chattest.Options{Bride: true, Photo: true, Name: "Anu Mathew"})
	return groom, bride, []string{"--token-a", st.token(t, groom), "--token-b", st.token(t, bride), "--code-a", groom.Code, "--code-b", bride.Code}
}

func TestOfficialClientsChatInEveryScriptAndTransport(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	for _, m := range clientModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			_, _, args := st.pair(t)
			runNode(t, "chat-flow.mjs", append(args, "--url", st.url, "--transports", m.transports, "--version-a", m.version, "--version-b", m.version)...)
		})
	}
}

func TestOfficialV4AndV2ClientsChatWithEachOther(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	for _, v := range [][2]string{{"v4", "v2"}, {"v2", "v4"}} {
		t.Run(v[0]+"To"+v[1], func(t *testing.T) {
			t.Parallel()
			_, _, args := st.pair(t)
			runNode(t, "chat-flow.mjs", append(args, "--url", st.url, "--transports", "polling,websocket", "--version-a", v[0], "--version-b", v[1])...)
		})
	}
}

func TestOfficialClientsAreRefusedClearly(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	// Tokens are minted before any client runs: minting an expired one
	// moves the account clock back for a moment.
	args := map[string][]string{}
	for _, m := range clientModes {
		free := st.member(t, chattest.Options{}) // a free groom may not start a chat
		bride := st.member(t, chattest.Options{Bride: true})
		args[m.name] = []string{"--version", m.version, "--url", st.url, "--transports", m.transports,
			"--token", st.token(t, free), "--code-self", free.Code, "--code-refused", bride.Code,
			"--token-expired", st.expiredToken(t, free), "--token-revoked", st.revokedToken(t, free)}
	}
	for _, m := range clientModes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			runNode(t, "chat-negative.mjs", args[m.name]...)
		})
	}
	t.Run("ErrUnsupportedEIO", func(t *testing.T) {
		for _, eio := range []string{"2", "5", "x", ""} {
			resp, err := http.Get(st.url + "/engine.io/?EIO=" + eio + "&transport=polling")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 400 || !strings.Contains(string(body), `"code":5`) {
				t.Errorf("EIO=%q: %d %s", eio, resp.StatusCode, body)
			}
		}
	})
}

func TestBlockingMidChatEndsDeliveryBothWays(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	for _, m := range []struct{ version, transports string }{{"v4", "websocket"}, {"v2", "polling,websocket"}} {
		t.Run(m.version, func(t *testing.T) {
			groom, bride, args := st.pair(t)
			block := func() {
				if err := st.rel.Block(context.Background(), bride.ID, groom.ID); err != nil {
					t.Error(err)
				}
			}
			node{hooks: map[string]func(){"block": block}}.run(t, "chat-block.mjs",
				append(args, "--url", st.url, "--version", m.version, "--transports", m.transports)...)
		})
	}
}

func TestPresenceReachesOnlyWhoMaySee(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	ctx := context.Background()
	g := st.member(t, chattest.Options{Paid: true})
	blocked := st.member(t, chattest.Options{Bride: true})  // g blocked her
	notShown := st.member(t, chattest.Options{Bride: true}) // on g's "don't show" list
	hidesG := st.member(t, chattest.Options{Bride: true})   // g is on her "don't show" list
	hidden := st.member(t, chattest.Options{Bride: true, Hidden: true})
	plain := st.member(t, chattest.Options{Bride: true})
	otherGroom := st.member(t, chattest.Options{})
	st.rel.Block(ctx, g.ID, blocked.ID)
	st.rel.DontShow(ctx, g.ID, notShown.ID)
	st.rel.DontShow(ctx, hidesG.ID, g.ID)

	brides := map[string]*raw{}
	for _, b := range []chattest.Member{blocked, notShown, hidesG, hidden, plain} {
		c := dialRaw(t, st.url, st.token(t, b))
		if r := c.call("registerNewUser", nil); r["ok"] != true {
			t.Fatalf("register: %v", r)
		}
		brides[b.Code] = c
	}
	og := dialRaw(t, st.url, st.token(t, otherGroom))
	og.call("registerNewUser", nil)
	gc := dialRaw(t, st.url, st.token(t, g))
	if r := gc.call("registerNewUser", map[string]any{"profileID": plain.Code}); r["ok"] != true || r["profileID"] != g.Code {
		t.Fatalf("the profile comes from the token, not the payload: %v", r)
	}
	t.Run("OKListLeavesOutBlockedDontShowHiddenSelfAndSameGender", func(t *testing.T) {
		got := gc.lastList()
		slices.Sort(got)
		want := []string{hidesG.Code, plain.Code}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("g sees %v, want %v", got, want)
		}
	})
	t.Run("OKJoinReachesOnlyWhoMaySee", func(t *testing.T) {
		// A later join reaches every bride; announcements of one node go out
		// in order, so a bride who has the later one and not g's never gets g's.
		late := st.member(t, chattest.Options{})
		lc := dialRaw(t, st.url, st.token(t, late))
		lc.call("registerNewUser", nil)
		for code, c := range brides {
			c.waitEvent("userConnected", profileIs(late.Code))
			got := c.count("userConnected", profileIs(g.Code))
			want := 1
			if code == blocked.Code || code == hidesG.Code {
				want = 0
			}
			if got != want {
				t.Errorf("bride %s got userConnected(g) %d times, want %d", code, got, want)
			}
		}
		if og.count("userConnected", profileIs(g.Code)) != 0 {
			t.Error("a groom was told about a groom")
		}
	})
	t.Run("OKHiddenMemberIsNeverAnnounced", func(t *testing.T) {
		if slices.Contains(og.lastList(), hidden.Code) || gc.count("userConnected", profileIs(hidden.Code)) != 0 {
			t.Fatal("hidden profile shown")
		}
	})
	t.Run("OKOnlineUntilTheLastTabCloses", func(t *testing.T) {
		tab2 := dialRaw(t, st.url, st.token(t, plain))
		tab2.call("registerNewUser", nil)
		sessions := st.gw.Sessions()
		_ = tab2.ws.CloseNow()
		eventually(t, "second tab closed", func() bool { return st.gw.Sessions() == sessions-1 })
		room := gc.call("getRoomName", map[string]any{"toProfileId": plain.Code})
		sent := gc.call("sendMessage", map[string]any{"roomName": room["roomName"], "message": "two tabs?"})
		brides[plain.Code].waitEvent("message", func(r json.RawMessage) bool { return strings.Contains(string(r), "two tabs?") })
		if !st.gw.Online(plain.ID) || sent["ok"] != true {
			t.Fatal("closing one tab took the member offline")
		}
		_ = brides[plain.Code].ws.CloseNow()
		gc.waitEvent("userDisConnected", profileIs(plain.Code))
		eventually(t, "offline", func() bool { return !st.gw.Online(plain.ID) })
		// Closing the second tab earlier must not have announced anything.
		if n := gc.count("userDisConnected", profileIs(plain.Code)); n != 1 {
			t.Fatalf("userDisConnected sent %d times", n)
		}
	})
	t.Run("OKDontShowUnblockAndShowAgainUpdateTheListAtOnce", func(t *testing.T) {
		st.rel.DontShow(ctx, g.ID, hidesG.ID)
		gc.waitEvent("userDisConnected", profileIs(hidesG.Code))
		st.rel.Unblock(ctx, g.ID, blocked.ID)
		gc.waitEvent("userConnected", profileIs(blocked.Code))
		brides[blocked.Code].waitEvent("userConnected", profileIs(g.Code))
		before := gc.count("userConnected", profileIs(hidesG.Code))
		if err := st.rel.ShowAgain(ctx, g.ID, hidesG.ID); err != nil {
			t.Fatal(err)
		}
		eventually(t, "shown again", func() bool { return gc.count("userConnected", profileIs(hidesG.Code)) > before })
	})
}

func TestDontShowHoldsBackLiveMessagesUntilShownAgain(t *testing.T) {
	t.Run("OneNode", func(t *testing.T) {
		st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
		dontShowHoldsBack(t, st, st)
	})
	t.Run("TwoNodesOverRedis", func(t *testing.T) {
		rdb, _ := testRedis(t)
		db, scope := storetest.SQLite(t), uniqueScope()
		dontShowHoldsBack(t, newStack(t, db, rdb, scope), newStack(t, db, rdb, scope))
	})
}

// dontShowHoldsBack: the groom is on st, where the bride's "don't show"
// mark is made; the bride's tabs are on her node (st itself, or another
// node sharing Redis).
func dontShowHoldsBack(t *testing.T, st, her *stack) {
	ctx := context.Background()
	g, b, _ := st.pair(t)
	gc := dialRaw(t, st.url, st.token(t, g))
	gc.call("registerNewUser", nil)
	b1, b2 := dialRaw(t, her.url, st.token(t, b)), dialRaw(t, her.url, st.token(t, b))
	for _, c := range []*raw{b1, b2} {
		c.call("registerNewUser", nil)
		c.waitEvent("sendActiveMatchedProfiles", listHas(g.Code))
	}
	room := gc.call("getRoomName", map[string]any{"toProfileId": b.Code})["roomName"]
	send := func(id string) {
		t.Helper()
		if r := gc.call("sendMessage", map[string]any{"roomName": room, "message": "hello " + id, "clientId": id}); r["ok"] != true {
			t.Fatalf("send %s: %v", id, r)
		}
		gc.waitEvent("message", hasClientID(id)) // the sender's own tabs always get it
	}
	// Another groom's message, sent after the one checked and delivered
	// the same way (through the adapter, in order, on every node), is the
	// barrier: once a tab has it, it has every earlier message meant for it.
	other := st.member(t, chattest.Options{Paid: true})
	oc := dialRaw(t, st.url, st.token(t, other))
	oroom := oc.call("getRoomName", map[string]any{"toProfileId": b.Code})["roomName"]
	barriers := 0
	got := func(c *raw, id string) bool {
		t.Helper()
		barriers++
		bid := fmt.Sprintf("barrier-%d", barriers)
		if r := oc.call("sendMessage", map[string]any{"roomName": oroom, "message": "barrier", "clientId": bid}); r["ok"] != true {
			t.Fatalf("barrier: %v", r)
		}
		c.waitEvent("message", hasClientID(bid))
		return c.count("message", hasClientID(id)) > 0
	}
	send("m1")
	if !got(b1, "m1") || !got(b2, "m1") {
		t.Fatal("before the mark both tabs get messages")
	}
	// The mark is made on her node (the sender's in the one-node case).
	if err := her.rel.DontShow(ctx, b.ID, g.ID); err != nil {
		t.Fatal(err)
	}
	b1.waitEvent("userDisConnected", profileIs(g.Code))
	for _, c := range []*raw{b1, b2} { // an open window with him ends in her tabs, and only there
		c.waitEvent("chatClosed", func(r json.RawMessage) bool { return strings.Contains(string(r), fmt.Sprint(room)) })
	}
	b3 := dialRaw(t, her.url, st.token(t, b)) // connects after the mark and never registers: muted from the start
	send("m2")
	for i, c := range []*raw{b1, b2, b3} {
		if got(c, "m2") {
			t.Errorf("tab %d got a message from a member on its don't-show list", i+1)
		}
	}
	if convs, _ := b1.call("getConversations", nil)["conversations"].([]any); strings.Contains(fmt.Sprint(convs), g.Code) {
		t.Errorf("the chat list shows a don't-show member: %v", convs)
	}
	// She cannot open the chat with him (a background open after a reload
	// is refused the same way) until she shows him again.
	if r := b2.call("getRoomName", map[string]any{"toProfileId": g.Code}); r["ok"] != false || r["code"] != chat.ReasonDontShow {
		t.Fatalf("opening the chat with a don't-show member: %v", r)
	}
	send("m3")
	for i, c := range []*raw{b1, b2, b3} {
		if got(c, "m3") {
			t.Errorf("tab %d got m3 after a refused open", i+1)
		}
	}

	if err := her.rel.ShowAgain(ctx, b.ID, g.ID); err != nil {
		t.Fatal(err)
	}
	b1.waitEvent("userConnected", profileIs(g.Code))
	send("m4")
	if gc.count("chatClosed", nil) != 0 {
		t.Error("the member marked \"don't show\" was told")
	}
	if !got(b1, "m4") || !got(b2, "m4") || !got(b3, "m4") {
		t.Error("after Show again every tab gets messages")
	}
	if r := b2.call("getRoomName", map[string]any{"toProfileId": g.Code}); r["ok"] != true {
		t.Fatalf("opening after Show again: %v", r)
	}
	convs, _ := b1.call("getConversations", nil)["conversations"].([]any)
	unread := map[any]any{}
	for _, c := range convs {
		unread[c.(map[string]any)["roomName"]] = c.(map[string]any)["unread"]
	}
	if unread[room] != float64(4) {
		t.Errorf("the held messages count as unread once shown again: %v", convs)
	}
}

func hasClientID(id string) func(json.RawMessage) bool {
	return func(r json.RawMessage) bool { return strings.Contains(string(r), `"clientId":"`+id+`"`) }
}

func TestEveryTabOfBothMembersGetsTheMessage(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	g, b, _ := st.pair(t)
	g1, g2 := dialRaw(t, st.url, st.token(t, g)), dialRaw(t, st.url, st.token(t, g))
	b1, b2 := dialRaw(t, st.url, st.token(t, b)), dialRaw(t, st.url, st.token(t, b))
	room := g1.call("getRoomName", map[string]any{"toProfileId": b.Code})
	if room["ok"] != true || room["roomName"] != chat.RoomName(g.Code, b.Code) {
		t.Fatalf("room %v", room)
	}
	text := "എല്ലാ ടാബിലും 🙏"
	res := g1.call("sendMessage", map[string]any{"roomName": room["roomName"], "message": text, "clientId": "tab-1"})
	msg := res["message"].(map[string]any)
	for i, c := range []*raw{g1, g2, b1, b2} {
		got := c.waitEvent("message", func(r json.RawMessage) bool { return strings.Contains(string(r), `"clientId":"tab-1"`) })
		var m chat.Message
		_ = json.Unmarshal(got, &m)
		if m.Message != text || m.ID != uint64(msg["id"].(float64)) || m.PostedBy != g.Code {
			t.Errorf("socket %d got %+v", i, m)
		}
	}
	t.Run("OKWarningToAuthorAndFlagForReceiver", func(t *testing.T) {
		r := g2.call("sendMessage", map[string]any{"roomName": room["roomName"], "message": "send money by UPI please"})
		id := r["message"].(map[string]any)["id"]
		if r["message"].(map[string]any)["warning"].(map[string]any)["code"] != chat.WarningMoney {
			t.Fatalf("no flag: %v", r)
		}
		w := g1.waitEvent("chatWarning", nil)
		var n struct {
			MessageID float64 `json:"messageId"`
			Code      string  `json:"code"`
			Message   string  `json:"message"`
		}
		_ = json.Unmarshal(w, &n)
		if n.MessageID != id || n.Code != chat.WarningMoney || n.Message == "" {
			t.Fatalf("chatWarning %s", w)
		}
		if b1.count("chatWarning", nil) != 0 {
			t.Fatal("the receiver got the author's notice")
		}
	})
	t.Run("OKConversationsWithUnreadAndLastMessage", func(t *testing.T) {
		res := b2.call("getConversations", nil)
		convs, _ := res["conversations"].([]any)
		if res["ok"] != true || len(convs) != 1 {
			t.Fatalf("conversations %v", res)
		}
		c := convs[0].(map[string]any)
		last, _ := c["lastMessage"].(map[string]any)
		if c["roomName"] != room["roomName"] || c["unread"].(float64) != 2 || last["message"] != "send money by UPI please" ||
			c["user"].(map[string]any)["profileID"] != g.Code {
			t.Fatalf("conversation %v", c)
		}
		// Without an ack the answer comes as the conversations event.
		b1.emit("getConversations", nil)
		b1.waitEvent("conversations", func(r json.RawMessage) bool { return strings.Contains(string(r), g.Code) })
	})
}

func TestAbusivePacketsCloseOnlyTheirConnection(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	g, b, _ := st.pair(t)
	healthy := dialRaw(t, st.url, st.token(t, g))
	token := st.token(t, b)
	t.Run("ErrMalformedPackets", func(t *testing.T) {
		for _, bad := range []string{`2[{"toString":"foo"}]`, `51-[{"num":"splice"}]`, `2["sendMessage"`, `9`, `2{"a":1}`,
			`2[` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `]`} {
			c := dialRaw(t, st.url, token)
			c.write("4" + bad)
			if strings.HasPrefix(bad, "51-") {
				c.write("4" + `2["x"]`) // text where the attachment is due
			}
			c.waitClosed(bad)
		}
	})
	t.Run("ErrOversizedWebSocketMessage", func(t *testing.T) {
		c := dialRaw(t, st.url, token)
		c.emit("sendMessage", map[string]any{"roomName": "x", "message": strings.Repeat("a", 200_000)})
		c.waitClosed("oversized message")
	})
	t.Run("ErrOversizedPollingPost", func(t *testing.T) {
		resp, err := http.Get(st.url + "/engine.io/?EIO=4&transport=polling")
		if err != nil {
			t.Fatal(err)
		}
		var open struct {
			SID string `json:"sid"`
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		_ = json.Unmarshal(body[1:], &open)
		post, err := http.Post(st.url+"/engine.io/?EIO=4&transport=polling&sid="+open.SID, "text/plain", strings.NewReader("4"+strings.Repeat("x", 200_000)))
		if err != nil {
			t.Fatal(err)
		}
		post.Body.Close()
		if post.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("oversized POST: %d", post.StatusCode)
		}
	})
	t.Run("ErrWrongTypesAreRefusedNotFatal", func(t *testing.T) {
		c := dialRaw(t, st.url, token)
		for _, p := range []any{"a string", 42, []any{1, 2}, map[string]any{"toProfileId": map[string]any{"$gt": ""}}} {
			if r := c.call("getRoomName", p); r["ok"] != false || r["code"] != chat.ReasonInvalid {
				t.Errorf("getRoomName(%v) = %v", p, r)
			}
		}
		if r := c.call("loadPreviousMessages", map[string]any{"roomName": "x", "before": -1}); r["code"] != chat.ReasonInvalid {
			t.Errorf("negative id: %v", r)
		}
		if r := c.call("sendMessage", map[string]any{"roomName": "x", "message": "hi", "clientId": strings.Repeat("z", 65)}); r["ok"] != false {
			t.Errorf("long client id: %v", r)
		}
	})
	t.Run("OKHealthyConnectionUnaffected", func(t *testing.T) {
		r := healthy.call("getRoomName", map[string]any{"toProfileId": b.Code})
		if r["ok"] != true {
			t.Fatalf("healthy client: %v", r)
		}
	})
}

func TestDeletingTheAccountClosesItsSockets(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	g, b, _ := st.pair(t)
	gc := dialRaw(t, st.url, st.token(t, g))
	gc.call("registerNewUser", nil)
	bc := dialRaw(t, st.url, st.token(t, b))
	bc.call("registerNewUser", nil)
	room := gc.call("getRoomName", map[string]any{"toProfileId": b.Code})
	gc.call("sendMessage", map[string]any{"roomName": room["roomName"], "message": "hello"})
	if err := st.acc.DeleteAccount(context.Background(), b.UserID, chattest.Password); err != nil {
		t.Fatal(err)
	}
	bc.waitClosed("deleted member's socket")
	gc.waitEvent("userDisConnected", profileIs(b.Code))
	if r := gc.call("sendMessage", map[string]any{"roomName": room["roomName"], "message": "hello?"}); r["code"] != chat.ReasonNotFound {
		t.Fatalf("send to a deleted member: %v", r)
	}
	if r := gc.call("getRoomName", map[string]any{"toProfileId": b.Code}); r["code"] != chat.ReasonNotFound {
		t.Fatalf("open with a deleted member: %v", r)
	}
}
