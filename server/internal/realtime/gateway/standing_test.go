package gateway_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func TestHidingAndBanningReachOpenChatListsAtOnce(t *testing.T) {
	st := newStack(t, storetest.SQLite(t), nil, uniqueScope())
	ctx := context.Background()
	g := st.member(t, chattest.Options{})
	b := st.member(t, chattest.Options{Bride: true})
	gc := dialRaw(t, st.url, st.token(t, g))
	gc.call("registerNewUser", nil)
	bc := dialRaw(t, st.url, st.token(t, b))
	bc.call("registerNewUser", nil)
	gc.waitEvent("userConnected", profileIs(b.Code))

	t.Run("OKHiddenMemberGoesOfflineForOthersButStaysConnected", func(t *testing.T) {
		if err := st.acc.SetHidden(ctx, b.UserID, true); err != nil {
			t.Fatal(err)
		}
		gc.waitEvent("userDisConnected", profileIs(b.Code))
		bc.mu.Lock()
		closed := bc.closed
		bc.mu.Unlock()
		if closed {
			t.Fatal("hiding closed the member's own socket")
		}
		late := st.member(t, chattest.Options{})
		lc := dialRaw(t, st.url, st.token(t, late))
		lc.call("registerNewUser", nil)
		for _, code := range lc.lastList() {
			if code == b.Code {
				t.Fatal("a hidden member is listed to a newcomer")
			}
		}
	})
	t.Run("OKShownMemberComesBack", func(t *testing.T) {
		before := gc.count("userConnected", profileIs(b.Code))
		if err := st.acc.SetHidden(ctx, b.UserID, false); err != nil {
			t.Fatal(err)
		}
		gc.waitUntil("userConnected again", func() bool { return countLocked(gc, "userConnected", profileIs(b.Code)) > before })
	})
	t.Run("OKBannedMemberIsDisconnectedAndGoesOffline", func(t *testing.T) {
		before := gc.count("userDisConnected", profileIs(b.Code))
		if err := st.acc.Ban(ctx, b.UserID); err != nil {
			t.Fatal(err)
		}
		bc.waitClosed("banned member's socket")
		gc.waitUntil("userDisConnected after the ban", func() bool {
			return countLocked(gc, "userDisConnected", profileIs(b.Code)) > before
		})
		eventually(t, "offline", func() bool { return !st.gw.Online(b.ID) })
	})
}

func TestConnectingAndLeavingRecordLastActivity(t *testing.T) {
	db := storetest.SQLite(t)
	st := newStack(t, db, nil, uniqueScope())
	g := st.member(t, chattest.Options{})
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := db.Table("profiles").Where("id = ?", g.ID).UpdateColumn("last_active_at", old).Error; err != nil {
		t.Fatal(err)
	}
	lastActive := func() time.Time {
		var at time.Time
		if err := db.Table("profiles").Where("id = ?", g.ID).Select("last_active_at").Row().Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	gc := dialRaw(t, st.url, st.token(t, g))
	gc.call("registerNewUser", nil)
	// Written in batches a few seconds apart; the wait only guards against hangs.
	eventually(t, "last_active_at after connecting", func() bool { return lastActive().After(old) })
}

// countLocked is count for use inside waitUntil, which holds c.mu.
func countLocked(c *raw, name string, match func(json.RawMessage) bool) int {
	n := 0
	for _, e := range c.events {
		if e.Name == name && match(e.Arg) {
			n++
		}
	}
	return n
}
