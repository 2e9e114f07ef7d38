package chat_test

import (
	"context"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// reportSQL files a report of the second id by the first straight in the
// database, without the block and the "don't show" mark that
// relation.Store.FileReport adds: a report kept after its author lifted
// them, or one filed before reports blocked. unreportSQL removes it.
const (
	reportSQL   = "INSERT INTO reports (reporter_id, reported_id, kind, reason, details, status, created_at) VALUES (?, ?, 'profile', 'fake', '', 'open', CURRENT_TIMESTAMP)"
	unreportSQL = "DELETE FROM reports WHERE reporter_id = ? AND reported_id = ?"
)

// sameAnswer fails unless got is the refusal want is: the same reason
// code, member-facing message and kind, so that nothing tells them apart.
func sameAnswer(t *testing.T, what string, got, want error) {
	t.Helper()
	if got == nil || want == nil || chat.ReasonOf(got) != chat.ReasonOf(want) || chat.MessageOf(got) != chat.MessageOf(want) ||
		apperr.KindOf(got) != apperr.KindOf(want) {
		t.Fatalf("%s: got %v (%q, %q), want the answer %v (%q, %q)", what, got, chat.ReasonOf(got), chat.MessageOf(got),
			want, chat.ReasonOf(want), chat.MessageOf(want))
	}
}

// TestBlockedByPartnerLooksLikeUnknown: a member who blocked me answers
// every chat call exactly as a profile that does not exist (not_found,
// the REST profile view's 404), so the chat does not tell me I was
// blocked; only the member who blocked hears "blocked", which they know.
func TestBlockedByPartnerLooksLikeUnknown(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)
			hidden := e.member(t, chattest.Options{Bride: true, Hidden: true})
			hiddenRoom := chat.RoomName(g.Code, hidden.Code)
			const unknown = "TM0000001"
			unknownRoom := chat.RoomName(g.Code, unknown)
			e.send(t, g, room, "hello")
			e.send(t, b, room, "hi")
			if err := e.rel.Block(ctx, b.ID, g.ID); err != nil {
				t.Fatal(err)
			}

			_, want := e.s.Open(ctx, g.ID, unknown)
			wantReason(t, want, chat.ReasonNotFound)
			_, got := e.s.Open(ctx, g.ID, b.Code)
			sameAnswer(t, "open", got, want)
			_, got = e.s.Open(ctx, g.ID, hidden.Code)
			sameAnswer(t, "open a hidden member", got, want)
			if apperr.KindOf(got) != apperr.NotFound {
				t.Fatalf("kind %v, want NotFound (HTTP 404)", apperr.KindOf(got))
			}

			_, want = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: unknownRoom, Text: "hello?"})
			_, got = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "hello?"})
			sameAnswer(t, "send", got, want)
			_, got = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: hiddenRoom, Text: "hello?"})
			sameAnswer(t, "send to a hidden member", got, want)

			_, want = e.s.History(ctx, g.ID, unknownRoom, 0, 10)
			_, got = e.s.History(ctx, g.ID, room, 0, 10)
			sameAnswer(t, "history", got, want)
			_, got = e.s.Since(ctx, g.ID, room, 0, 10)
			sameAnswer(t, "since", got, want)

			// The member who blocked knows it.
			_, err := e.s.Open(ctx, b.ID, g.Code)
			wantReason(t, err, chat.ReasonBlocked)
			_, err = e.s.Send(ctx, chat.SendInput{From: b.ID, RoomName: room, Text: "bye"})
			wantReason(t, err, chat.ReasonBlocked)
			_, err = e.s.History(ctx, b.ID, room, 0, 10)
			wantReason(t, err, chat.ReasonBlocked)

			// Blocked both ways: each is told of their own block, which reveals nothing.
			if err := e.rel.Block(ctx, g.ID, b.ID); err != nil {
				t.Fatal(err)
			}
			_, err = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "hello?"})
			wantReason(t, err, chat.ReasonBlocked)

			// A member of my own gender who blocked me is not found either,
			// where one who did not is "same_gender": the gender must not
			// tell a blocker from a member who does not exist.
			groom := e.member(t, chattest.Options{})
			_, err = e.s.Open(ctx, g.ID, groom.Code)
			wantReason(t, err, chat.ReasonSameGender)
			if err := e.rel.Block(ctx, groom.ID, g.ID); err != nil {
				t.Fatal(err)
			}
			_, got = e.s.Open(ctx, g.ID, groom.Code)
			_, want = e.s.Open(ctx, g.ID, unknown)
			sameAnswer(t, "open a groom who blocked me", got, want)
		})
	}
}

// TestReportStopsTheReportedMember: a report counts as a block by its
// author. Filed while the chat is open (the reported member's sends on
// the fast path), it refuses the reported member's very next message with
// the answer a block gives them (not_found); and it keeps doing so after
// the author lifts the block and the "don't show" mark that filing it
// made, both ways (no chat runs one way only), leaving the conversation
// out of both chat lists. Only removing the report ends it.
func TestReportStopsTheReportedMember(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)
			e.establish(t, g, b, room)
			e.send(t, g, room, "are you there?")
			if !e.s.HasRoute(g.ID, room) {
				t.Fatal("no fast route before the report")
			}
			if err := e.rel.FileReport(ctx, relation.Report{Reporter: b.ID, Reported: g.ID, Kind: relation.ReportChat, Reason: "money"}); err != nil {
				t.Fatal(err)
			}
			refused := func(t *testing.T, what string) {
				t.Helper()
				before := len(e.messageEvents())
				_, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "please answer " + what})
				wantReason(t, err, chat.ReasonNotFound)
				_, err = e.s.Open(ctx, g.ID, b.Code)
				wantReason(t, err, chat.ReasonNotFound)
				_, err = e.s.History(ctx, g.ID, room, 0, 10)
				wantReason(t, err, chat.ReasonNotFound)
				_, err = e.s.Send(ctx, chat.SendInput{From: b.ID, RoomName: room, Text: "one way " + what})
				wantReason(t, err, chat.ReasonBlocked)
				if len(e.messageEvents()) != before {
					t.Fatalf("%s: a refused message was published", what)
				}
				var stored int64
				db.Table("chat_messages").Where("body IN ?", []string{"please answer " + what, "one way " + what}).Count(&stored)
				if stored != 0 {
					t.Fatalf("%s: a refused message was stored", what)
				}
				for _, who := range []chattest.Member{g, b} {
					list, err := e.s.Conversations(ctx, who.ID)
					if err != nil || len(list.Conversations) != 0 {
						t.Fatalf("%s: chat list of %d: %+v %v", what, who.ID, list, err)
					}
				}
			}
			refused(t, "after the report")

			if err := e.rel.Unblock(ctx, b.ID, g.ID); err != nil {
				t.Fatal(err)
			}
			if err := e.rel.ShowAgain(ctx, b.ID, g.ID); err != nil {
				t.Fatal(err)
			}
			refused(t, "after unblocking")

			// A moderator removes the report: the chat goes on.
			if err := db.Exec(unreportSQL, b.ID, g.ID).Error; err != nil {
				t.Fatal(err)
			}
			e.send(t, g, room, "thank you")
			e.send(t, b, room, "welcome")
		})
	}
}

// TestReportWithoutBlockRefusesOnTheSlowPath: a report alone (no block,
// see reportSQL) refuses the reported member's first message and opening
// the chat, and the reporter's as "blocked".
func TestReportWithoutBlockRefusesOnTheSlowPath(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)
			if err := db.Exec(reportSQL, b.ID, g.ID).Error; err != nil {
				t.Fatal(err)
			}
			_, err := e.s.Open(ctx, g.ID, b.Code)
			wantReason(t, err, chat.ReasonNotFound)
			_, err = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "hello"})
			wantReason(t, err, chat.ReasonNotFound)
			b2 := e.member(t, chattest.Options{Bride: true, Paid: true})
			if err := db.Exec(reportSQL, b2.ID, g.ID).Error; err != nil {
				t.Fatal(err)
			}
			_, err = e.s.Open(ctx, b2.ID, g.Code)
			wantReason(t, err, chat.ReasonBlocked)
		})
	}
}
