package chat_test

import (
	"context"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// TestEachMembersFirstFiftyMessagesAreScreened: the screen reads each
// member's first EarlyChatMessages (50) messages in a conversation, however
// many the other member wrote: a chatty partner does not use up the
// sender's early messages. Past them the member's sends take the fast path
// and are no longer screened.
func TestEachMembersFirstFiftyMessagesAreScreened(t *testing.T) {
	if chat.EarlyChatMessages != 50 {
		t.Fatalf("EarlyChatMessages = %d, want 50", chat.EarlyChatMessages)
	}
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)
			flagged := func(from uint64, text string) bool {
				t.Helper()
				sent, err := e.s.Send(ctx, chat.SendInput{From: from, RoomName: room, Text: text})
				if err != nil {
					t.Fatal(err)
				}
				return sent.Message.Warning != nil
			}
			if flagged(g.ID, "Hello, I liked your profile") {
				t.Fatal("ordinary text flagged")
			}
			// The bride writes 55 messages: she is past her early ones.
			for i := 0; i < chat.EarlyChatMessages+5; i++ {
				e.send(t, b, room, "tell me about your family")
			}
			if flagged(b.ID, "my whatsapp is 98470 12345") {
				t.Fatal("the bride's 56th message was screened")
			}
			// The groom's second message, the conversation's 58th, is screened.
			if !flagged(g.ID, "Please pay the visa fee, my gift is stuck at customs") {
				t.Fatal("the groom's 2nd message (the conversation's 58th) was not screened")
			}
			for i := 2; i < chat.EarlyChatMessages-1; i++ {
				e.send(t, g, room, "hope your week went well")
			}
			if e.s.HasRoute(g.ID, room) {
				t.Fatal("a fast route before the groom's early messages are over")
			}
			if !flagged(g.ID, "w h a t s a p p me") {
				t.Fatal("the groom's 50th message was not screened")
			}
			if !e.s.HasRoute(g.ID, room) {
				t.Fatal("no fast route once the groom's early messages are over")
			}
			if flagged(g.ID, "w h a t s a p p me") {
				t.Fatal("the groom's 51st message was screened")
			}
		})
	}
}
