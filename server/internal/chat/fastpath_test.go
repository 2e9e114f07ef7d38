package chat_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// establish exchanges 2*EarlyChatMessages messages, g first, so that both
// members are past their early messages and their next sends take the fast
// path; it returns the last message id.
func (e *env) establish(t *testing.T, g, b chattest.Member, room string) uint64 {
	t.Helper()
	var last uint64
	for i := 0; i < 2*chat.EarlyChatMessages; i++ {
		who := g
		if i%2 == 1 {
			who = b
		}
		last = e.send(t, who, room, "hello").ID
	}
	return last
}

// pair is an established conversation between a groom and a bride.
type pair struct {
	g, b chattest.Member
	room string
}

// establishedPairs makes n couples and establishes each conversation.
func (e *env) establishedPairs(t *testing.T, n int) []pair {
	t.Helper()
	ps := make([]pair, n)
	for i := range ps {
		g, b, room := e.couple(t)
		ps[i] = pair{g, b, room}
		e.establish(t, g, b, room)
	}
	return ps
}

// sendInOneGroup sends all inputs at once while commits are held, so that
// they reach the database in one group transaction, and returns each
// outcome.
func (e *env) sendInOneGroup(t *testing.T, inputs []chat.SendInput) ([]*chat.Sent, []error) {
	t.Helper()
	release := e.s.HoldCommits()
	sent := make([]*chat.Sent, len(inputs))
	errs := make([]error, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Go(func() { sent[i], errs[i] = e.s.Send(context.Background(), in) })
	}
	for deadline := time.Now().Add(30 * time.Second); e.s.PendingWrites() < len(inputs); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			release()
			t.Fatalf("only %d of %d sends reached the queue", e.s.PendingWrites(), len(inputs))
		}
	}
	release()
	wg.Wait()
	return sent, errs
}

// TestFastPathHonoursChangesMadeElsewhere: once a conversation is
// established, sends take the cached route; a block, a hidden or suspended
// profile written straight to the database (as another node would, with no
// event reaching this one) still refuses the very next send, and undoing it
// lets the chat go on. Counters, ids and duplicates behave as on the slow
// path.
func TestFastPathHonoursChangesMadeElsewhere(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)
			last := e.establish(t, g, b, room)
			if !e.s.HasRoute(g.ID, room) || !e.s.HasRoute(b.ID, room) {
				t.Fatal("an established conversation has no fast route")
			}
			for i := 0; i < 3; i++ {
				m := e.send(t, g, room, texts["malayalam"])
				if m.ID <= last || m.PostedBy != g.Code || m.RoomName != room || m.Message != texts["malayalam"] {
					t.Fatalf("fast send gave %+v after id %d", m, last)
				}
				last = m.ID
			}
			// The bride has EarlyChatMessages + 3 unread (she read nothing); the last message is the groom's.
			conv, err := e.s.Conversations(ctx, b.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(conv.Conversations) != 1 || conv.Conversations[0].Unread != chat.EarlyChatMessages+3 || conv.Conversations[0].LastMessageID != last ||
				conv.Conversations[0].LastMessage == nil || conv.Conversations[0].LastMessage.Message != texts["malayalam"] {
				t.Fatalf("conversation after fast sends: %+v", conv.Conversations)
			}

			// Idempotent retries on the fast path.
			first, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "once", ClientID: "fast-1"})
			if err != nil || first.Duplicate {
				t.Fatal(first, err)
			}
			again, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "once", ClientID: "fast-1"})
			if err != nil || !again.Duplicate || again.Message.ID != first.Message.ID {
				t.Fatalf("retry: %+v %v", again, err)
			}

			cases := []struct {
				name, reason string
				do, undo     string
				args         []any
			}{
				{"BlockedByPartner", chat.ReasonNotFound,
					"INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)",
					"DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", []any{b.ID, g.ID}},
				{"BlockedBySender", chat.ReasonBlocked,
					"INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)",
					"DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", []any{g.ID, b.ID}},
				{"ReportedByPartner", chat.ReasonNotFound, reportSQL, unreportSQL, []any{b.ID, g.ID}},
				{"ReportedBySender", chat.ReasonBlocked, reportSQL, unreportSQL, []any{g.ID, b.ID}},
				{"PartnerHidden", chat.ReasonNotFound,
					"UPDATE profiles SET hidden = 1 WHERE id = ?", "UPDATE profiles SET hidden = 0 WHERE id = ?", []any{b.ID}},
				{"PartnerSuspended", chat.ReasonNotFound,
					"UPDATE users SET status = 'suspended' WHERE id = (SELECT user_id FROM profiles WHERE id = ?)",
					"UPDATE users SET status = 'active' WHERE id = (SELECT user_id FROM profiles WHERE id = ?)", []any{b.ID}},
				{"SenderSuspended", chat.ReasonInactive,
					"UPDATE users SET status = 'suspended' WHERE id = (SELECT user_id FROM profiles WHERE id = ?)",
					"UPDATE users SET status = 'active' WHERE id = (SELECT user_id FROM profiles WHERE id = ?)", []any{g.ID}},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					e.send(t, g, room, "before") // the route is in place
					if !e.s.HasRoute(g.ID, room) {
						t.Fatal("no route")
					}
					if err := db.Exec(c.do, c.args...).Error; err != nil {
						t.Fatal(err)
					}
					before := len(e.messageEvents())
					_, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "after"})
					wantReason(t, err, c.reason)
					if len(e.messageEvents()) != before {
						t.Fatal("a refused message was published")
					}
					var stored int64
					db.Table("chat_messages").Where("sender_id = ? AND body = ?", g.ID, "after").Count(&stored)
					if stored != 0 {
						t.Fatal("a refused message was stored")
					}
					if err := db.Exec(c.undo, c.args...).Error; err != nil {
						t.Fatal(err)
					}
					e.send(t, g, room, "again")
				})
			}
		})
	}
}

// TestOneGroupMixesNewRevokedAndReusedSends puts four fast-path sends into
// one group transaction: two new messages, a reused client id and a send to
// a partner who has just blocked the sender. The new ones are stored and
// counted, the reused one answers the earlier message, the blocked one is
// refused, and none disturbs the others.
func TestOneGroupMixesNewRevokedAndReusedSends(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			ps := e.establishedPairs(t, 4)
			first, err := e.s.Send(ctx, chat.SendInput{From: ps[1].g.ID, RoomName: ps[1].room, Text: "kept", ClientID: "reused"})
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Exec("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)", ps[3].b.ID, ps[3].g.ID).Error; err != nil {
				t.Fatal(err)
			}
			sent, errs := e.sendInOneGroup(t, []chat.SendInput{
				{From: ps[0].g.ID, RoomName: ps[0].room, Text: "new one", ClientID: "n-0"},
				{From: ps[1].g.ID, RoomName: ps[1].room, Text: "kept", ClientID: "reused"},
				{From: ps[2].g.ID, RoomName: ps[2].room, Text: texts["tamil"]},
				{From: ps[3].g.ID, RoomName: ps[3].room, Text: "after the block"},
			})
			if errs[0] != nil || sent[0].Duplicate || sent[0].Message.ID == 0 || sent[0].Message.Message != "new one" {
				t.Fatalf("new send: %+v %v", sent[0], errs[0])
			}
			if errs[1] != nil || !sent[1].Duplicate || sent[1].Message.ID != first.Message.ID {
				t.Fatalf("reused client id: %+v %v", sent[1], errs[1])
			}
			if errs[2] != nil || sent[2].Duplicate || sent[2].Message.Message != texts["tamil"] {
				t.Fatalf("new send: %+v %v", sent[2], errs[2])
			}
			wantReason(t, errs[3], chat.ReasonNotFound) // the partner blocked the sender
			n := 2 * chat.EarlyChatMessages
			for i, want := range []int{n + 1, n + 1, n + 1, n} {
				var count int
				var last uint64
				row := db.Table("chat_conversations").Select("message_count, last_message_id").
					Where("low_id IN ? AND high_id IN ?", []uint64{ps[i].g.ID, ps[i].b.ID}, []uint64{ps[i].g.ID, ps[i].b.ID}).Row()
				if err := row.Scan(&count, &last); err != nil {
					t.Fatal(err)
				}
				if count != want {
					t.Errorf("pair %d counts %d messages, want %d", i, count, want)
				}
				if i != 1 && i != 3 && last != sent[i].Message.ID {
					t.Errorf("pair %d: last message %d, want %d", i, last, sent[i].Message.ID)
				}
			}
		})
	}
}

// TestLargeGroupChecksEveryRoute puts the fast-path sends of ten pairs into
// one group transaction, so the route check's id list (20 members) takes a
// padded statement larger than the smallest (8). One partner has blocked the
// sender and another is hidden: exactly those two sends are refused, the
// other eight are stored and published.
func TestLargeGroupChecksEveryRoute(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			const n, blockedPair, hiddenPair = 10, 4, 7
			ps := e.establishedPairs(t, n)
			if err := db.Exec("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)", ps[blockedPair].b.ID, ps[blockedPair].g.ID).Error; err != nil {
				t.Fatal(err)
			}
			if err := db.Exec("UPDATE profiles SET hidden = 1 WHERE id = ?", ps[hiddenPair].b.ID).Error; err != nil {
				t.Fatal(err)
			}
			before := len(e.messageEvents())
			inputs := make([]chat.SendInput, n)
			for i, p := range ps {
				inputs[i] = chat.SendInput{From: p.g.ID, RoomName: p.room, Text: texts["hindi"]}
			}
			sent, errs := e.sendInOneGroup(t, inputs)
			for i := range ps {
				switch i {
				case blockedPair:
					wantReason(t, errs[i], chat.ReasonNotFound) // the partner blocked the sender
				case hiddenPair:
					wantReason(t, errs[i], chat.ReasonNotFound)
				default:
					if errs[i] != nil || sent[i].Duplicate || sent[i].Message.ID == 0 || sent[i].Message.Message != texts["hindi"] {
						t.Errorf("pair %d: %+v %v", i, sent[i], errs[i])
					}
				}
			}
			if got := len(e.messageEvents()) - before; got != n-2 {
				t.Errorf("%d messages published, want %d", got, n-2)
			}
			var stored int64
			db.Table("chat_messages").Where("body = ?", texts["hindi"]).Count(&stored)
			if stored != n-2 {
				t.Errorf("%d messages stored, want %d", stored, n-2)
			}
		})
	}
}
