package chat_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func TestConcurrentSendsShareCommitsAndEachIsStoredOnce(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			const pairs, each = 8, chat.EarlyChatMessages + 16 // the last 16 of each member go the fast path
			type pair struct {
				g, b chattest.Member
				room string
			}
			ps := make([]pair, pairs)
			for i := range ps {
				g := e.member(t, chattest.Options{Paid: true})
				b := e.member(t, chattest.Options{Bride: true, Paid: true})
				ps[i] = pair{g, b, chat.RoomName(g.Code, b.Code)}
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			ids := map[uint64]bool{}
			dups := 0
			for i, p := range ps {
				for _, who := range []chattest.Member{p.g, p.b} {
					wg.Go(func() {
						for k := range each {
							// Every clientId is sent twice: the retry fails inside
							// some group transaction and must be rolled back alone.
							cid := fmt.Sprintf("c-%d-%d-%d", i, who.ID, k/2)
							sent, err := e.s.Send(ctx, chat.SendInput{From: who.ID, RoomName: p.room, Text: "hello", ClientID: cid})
							if err != nil {
								t.Error(err)
								return
							}
							mu.Lock()
							if sent.Duplicate {
								dups++
								if !ids[sent.Message.ID] {
									t.Errorf("duplicate answered message %d, which was never stored", sent.Message.ID)
								}
							} else {
								if ids[sent.Message.ID] {
									t.Errorf("message id %d returned twice as new", sent.Message.ID)
								}
								ids[sent.Message.ID] = true
							}
							mu.Unlock()
						}
					})
				}
			}
			wg.Wait()
			stored := int64(0)
			if err := db.Table("chat_messages").Count(&stored).Error; err != nil {
				t.Fatal(err)
			}
			want := int64(pairs * 2 * each / 2)
			if stored != want || len(ids) != int(want) || dups != int(want) {
				t.Fatalf("stored %d, distinct acks %d, duplicates %d; want %d each", stored, len(ids), dups, want)
			}
			if evs := e.messageEvents(); len(evs) != int(want) {
				t.Fatalf("%d message events, want %d (duplicates publish nothing)", len(evs), want)
			}
			for _, p := range ps {
				var count, unread int
				row := db.Table("chat_conversations").Select("message_count, low_unread + high_unread").
					Where("(low_id = ? AND high_id = ?) OR (low_id = ? AND high_id = ?)", p.g.ID, p.b.ID, p.b.ID, p.g.ID).Row()
				if err := row.Scan(&count, &unread); err != nil {
					t.Fatal(err)
				}
				if count != each || unread != each {
					t.Fatalf("conversation counts %d messages and %d unread, want %d: a rolled-back duplicate was counted", count, unread, each)
				}
			}
		})
	}
}
