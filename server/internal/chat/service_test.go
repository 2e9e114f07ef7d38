package chat_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/ratelimit"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// texts are the scripts every store must keep intact.
var texts = map[string]string{
	"malayalam": "നമസ്കാരം, സുഖമാണോ?",
	"tamil":     "வணக்கம், எப்படி இருக்கிறீர்கள்?",
	"hindi":     "नमस्ते, आप कैसे हैं?",
	"emoji":     "🙏💍👨‍👩‍👧 ❤️",
}

type env struct {
	db     *store.DB
	rel    *relation.Store
	s      *chat.Service
	mu     sync.Mutex
	events []chat.Event
}

func newEnv(t *testing.T, db *store.DB, limit ...int) *env {
	t.Helper()
	e := &env{db: db, rel: relation.New(db)}
	n := 10000 // tests send far faster than people type
	if len(limit) > 0 {
		n = limit[0]
	}
	s, err := chat.New(chat.Deps{DB: db, Relations: e.rel, Limiter: ratelimit.NewMemory(), Scope: "test", SendLimit: n})
	if err != nil {
		t.Fatal(err)
	}
	s.OnEvent(func(_ context.Context, ev chat.Event) {
		e.mu.Lock()
		e.events = append(e.events, ev)
		e.mu.Unlock()
	})
	e.s = s
	return e
}

func (e *env) messageEvents() []chat.Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []chat.Event
	for _, ev := range e.events {
		if ev.Kind == chat.EventMessage {
			out = append(out, ev)
		}
	}
	return out
}

func (e *env) member(t *testing.T, o chattest.Options) chattest.Member {
	return chattest.NewMember(t, e.db, o)
}

// couple makes a paid groom, a bride and their room.
func (e *env) couple(t *testing.T) (g, b chattest.Member, room string) {
	g = e.member(t, chattest.Options{Paid: true})
	b = e.member(t, chattest.Options{Bride: true})
	return g, b, chat.RoomName(g.Code, b.Code)
}

// accept gives a and b an accepted invitation.
func (e *env) accept(t *testing.T, a, b chattest.Member) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.rel.Invite(ctx, a.ID, b.ID); err != nil {
		t.Fatal(err)
	}
	if err := e.rel.RespondInvitation(ctx, b.ID, a.ID, relation.InviteAccepted); err != nil {
		t.Fatal(err)
	}
}

func wantReason(t *testing.T, err error, reason string) {
	t.Helper()
	if got := chat.ReasonOf(err); got != reason {
		t.Fatalf("want refusal %q, got %q (%v)", reason, got, err)
	}
	if reason != chat.ReasonInternal && chat.MessageOf(err) == chat.MsgInternal {
		t.Fatalf("refusal %q has no member-facing message", reason)
	}
}

func (e *env) send(t *testing.T, from chattest.Member, room, text string) chat.Message {
	t.Helper()
	sent, err := e.s.Send(context.Background(), chat.SendInput{From: from.ID, RoomName: room, Text: text})
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	return sent.Message
}

func TestWhoMayChat(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			paidGroom := e.member(t, chattest.Options{Paid: true, Photo: true})
			freeGroom := e.member(t, chattest.Options{})
			bride := e.member(t, chattest.Options{Bride: true, Photo: true})
			room := chat.RoomName(paidGroom.Code, bride.Code)

			t.Run("OKPaidMemberStartsWithVerifiedSetting", func(t *testing.T) {
				o, err := e.s.Open(ctx, paidGroom.ID, strings.ToLower(bride.Code))
				if err != nil {
					t.Fatal(err)
				}
				if o.RoomName != room || o.Partner.ProfileID != bride.Code || o.Partner.Gender != 20 || len(o.Partner.Photos) != 1 ||
					o.Partner.Photos[0].ImagePath != "/media/photos/ab/" || !strings.HasSuffix(o.Partner.Photos[0].Images.Large, "_large.jpg") ||
					len(o.Messages) != 0 || o.HasMore || o.Unread != 0 {
					t.Fatalf("opened %+v", o)
				}
				e.send(t, paidGroom, room, "Hello "+texts["malayalam"])
			})
			t.Run("OKFreeMemberRepliesInAChatTheOtherStarted", func(t *testing.T) {
				o, err := e.s.Open(ctx, bride.ID, paidGroom.Code)
				if err != nil {
					t.Fatal(err)
				}
				if len(o.Messages) != 1 || o.Messages[0].PostedBy != paidGroom.Code || o.Unread != 1 {
					t.Fatalf("opened %+v", o)
				}
				e.send(t, bride, room, "Hi!")
			})
			t.Run("OKEitherGoesOnOnceBothWrote", func(t *testing.T) {
				db.Exec("UPDATE subscriptions SET expires_at = ? WHERE profile_id = ?", time.Now().UTC().Add(-time.Minute), paidGroom.ID)
				defer db.Exec("UPDATE subscriptions SET expires_at = ? WHERE profile_id = ?", time.Now().UTC().AddDate(0, 1, 0), paidGroom.ID)
				e.send(t, paidGroom, room, "My plan ended but we already talk")
			})
			t.Run("ErrFreeMemberCannotStart", func(t *testing.T) {
				_, err := e.s.Open(ctx, freeGroom.ID, bride.Code)
				wantReason(t, err, chat.ReasonNeedsPlan)
				_, err = e.s.Send(ctx, chat.SendInput{From: freeGroom.ID, RoomName: chat.RoomName(freeGroom.Code, bride.Code), Text: "hi"})
				wantReason(t, err, chat.ReasonNeedsPlan)
			})
			t.Run("OKFreeMembersWithAnAcceptedInvitation", func(t *testing.T) {
				b2 := e.member(t, chattest.Options{Bride: true})
				e.accept(t, b2, freeGroom)
				if _, err := e.s.Open(ctx, freeGroom.ID, b2.Code); err != nil {
					t.Fatal(err)
				}
				e.send(t, freeGroom, chat.RoomName(freeGroom.Code, b2.Code), "Thank you for accepting")
			})
			t.Run("ErrSettingNobody", func(t *testing.T) {
				b := e.member(t, chattest.Options{Bride: true, Setting: chat.SettingNobody})
				_, err := e.s.Open(ctx, paidGroom.ID, b.Code)
				wantReason(t, err, chat.ReasonChatOff)
			})
			t.Run("ErrSettingAcceptedNeedsInvitationEvenWhenPaid", func(t *testing.T) {
				b := e.member(t, chattest.Options{Bride: true, Setting: chat.SettingAccepted})
				_, err := e.s.Open(ctx, paidGroom.ID, b.Code)
				wantReason(t, err, chat.ReasonNeedsInvitation)
				e.accept(t, paidGroom, b)
				if _, err := e.s.Open(ctx, paidGroom.ID, b.Code); err != nil {
					t.Fatal(err)
				}
			})
			t.Run("ErrSettingVerifiedNeedsVerifiedSender", func(t *testing.T) {
				g := e.member(t, chattest.Options{Paid: true, Unverified: true})
				_, err := e.s.Open(ctx, g.ID, bride.Code)
				wantReason(t, err, chat.ReasonNeedsVerification)
			})
			t.Run("ErrSameGender", func(t *testing.T) {
				_, err := e.s.Open(ctx, paidGroom.ID, freeGroom.Code)
				wantReason(t, err, chat.ReasonSameGender)
			})
			t.Run("ErrHiddenSuspendedUnknownAndSelfAreNotFound", func(t *testing.T) {
				hidden := e.member(t, chattest.Options{Bride: true, Hidden: true})
				banned := e.member(t, chattest.Options{Bride: true})
				db.Exec("UPDATE users SET status = 'banned' WHERE id = ?", banned.UserID)
				for _, code := range []string{hidden.Code, banned.Code, "TM0000001", paidGroom.Code, "", "../x", "__proto__"} {
					_, err := e.s.Open(ctx, paidGroom.ID, code)
					wantReason(t, err, chat.ReasonNotFound)
				}
			})
			t.Run("ErrBannedSenderIsInactive", func(t *testing.T) {
				g := e.member(t, chattest.Options{Paid: true})
				db.Exec("UPDATE users SET status = 'banned' WHERE id = ?", g.UserID)
				_, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: chat.RoomName(g.Code, bride.Code), Text: "hi"})
				wantReason(t, err, chat.ReasonInactive)
			})
			t.Run("ErrBlockedEitherWayEvenInAnOngoingChat", func(t *testing.T) {
				b := e.member(t, chattest.Options{Bride: true})
				r := chat.RoomName(paidGroom.Code, b.Code)
				e.send(t, paidGroom, r, "hello")
				if err := e.rel.Block(ctx, b.ID, paidGroom.ID); err != nil {
					t.Fatal(err)
				}
				// The blocker is told "blocked"; the blocked member, "not found" (see TestBlockedByPartnerLooksLikeUnknown).
				for who, reason := range map[chattest.Member]string{paidGroom: chat.ReasonNotFound, b: chat.ReasonBlocked} {
					_, err := e.s.Send(ctx, chat.SendInput{From: who.ID, RoomName: r, Text: "still there?"})
					wantReason(t, err, reason)
					_, err = e.s.History(ctx, who.ID, r, 0, 10)
					wantReason(t, err, reason)
				}
				_, err := e.s.Open(ctx, paidGroom.ID, b.Code)
				wantReason(t, err, chat.ReasonNotFound)
				_, err = e.s.Open(ctx, b.ID, paidGroom.Code)
				wantReason(t, err, chat.ReasonBlocked)
				if err := e.rel.Unblock(ctx, b.ID, paidGroom.ID); err != nil {
					t.Fatal(err)
				}
				e.send(t, paidGroom, r, "back again")
			})
			t.Run("ErrOpeningWithAMemberOnMyDontShowList", func(t *testing.T) {
				b := e.member(t, chattest.Options{Bride: true})
				r := chat.RoomName(paidGroom.Code, b.Code)
				e.send(t, paidGroom, r, "hello")
				if err := e.rel.DontShow(ctx, b.ID, paidGroom.ID); err != nil {
					t.Fatal(err)
				}
				_, err := e.s.Open(ctx, b.ID, paidGroom.Code)
				wantReason(t, err, chat.ReasonDontShow)
				if _, err := e.s.Open(ctx, paidGroom.ID, b.Code); err != nil {
					t.Fatalf("the marked member is not told: %v", err)
				}
				e.send(t, paidGroom, r, "held for her") // stored; the gateway holds it back from her tabs
				if err := e.rel.ShowAgain(ctx, b.ID, paidGroom.ID); err != nil {
					t.Fatal(err)
				}
				if o, err := e.s.Open(ctx, b.ID, paidGroom.Code); err != nil || o.Unread != 2 {
					t.Fatalf("after Show again: %+v %v", o, err)
				}
			})
			t.Run("ErrNotInRoom", func(t *testing.T) {
				outsider := e.member(t, chattest.Options{Bride: true, Paid: true})
				for _, r := range []string{room, "chat-" + paidGroom.Code, "general", chat.RoomName(outsider.Code, "TM0000002") + "x"} {
					_, err := e.s.Send(ctx, chat.SendInput{From: outsider.ID, RoomName: r, Text: "let me in"})
					wantReason(t, err, chat.ReasonNotInRoom)
					_, err = e.s.History(ctx, outsider.ID, r, 0, 10)
					wantReason(t, err, chat.ReasonNotInRoom)
					_, err = e.s.MarkRead(ctx, outsider.ID, r, 0)
					wantReason(t, err, chat.ReasonNotInRoom)
				}
			})
		})
	}
}

func TestMessagesAreStoredInOrderAndPaged(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)

			t.Run("OKTextValidation", func(t *testing.T) {
				for _, bad := range []string{"", "   \n\t ", "\x00"} {
					_, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: bad})
					wantReason(t, err, chat.ReasonEmptyMessage)
				}
				long := strings.Repeat("ന", chat.MaxMessageRunes) // 3 bytes each: the limit counts characters
				m := e.send(t, g, room, "  "+long+"  ")
				if m.Message != long {
					t.Fatal("2,000 characters must be accepted and trimmed")
				}
				_, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: long + "x"})
				wantReason(t, err, chat.ReasonTooLong)
				_, err = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "ok", ClientID: "has space"})
				wantReason(t, err, chat.ReasonInvalid)
				_, err = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "ok", ClientID: strings.Repeat("x", 65)})
				wantReason(t, err, chat.ReasonInvalid)
			})
			t.Run("OKUnicodeRoundTrip", func(t *testing.T) {
				for lang, text := range texts {
					m := e.send(t, b, room, text)
					p, err := e.s.Since(ctx, g.ID, room, m.ID-1, 10)
					if err != nil || len(p.Messages) != 1 || p.Messages[0].Message != text {
						t.Fatalf("%s: %+v %v", lang, p, err)
					}
				}
			})
			t.Run("OKClientIDMakesRetriesIdempotent", func(t *testing.T) {
				before := len(e.messageEvents())
				first, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "once", ClientID: "c-123"})
				if err != nil || first.Duplicate {
					t.Fatal(err)
				}
				again, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "once", ClientID: "c-123"})
				if err != nil || !again.Duplicate || again.Message.ID != first.Message.ID || again.Message.ClientID != "c-123" ||
					!again.Message.CreatedAt.Equal(first.Message.CreatedAt) {
					t.Fatalf("retry: %+v %v", again, err)
				}
				var n int64
				db.Table("chat_messages").Where("sender_id = ? AND client_id = ?", g.ID, "c-123").Count(&n)
				if n != 1 || len(e.messageEvents()) != before+1 {
					t.Fatalf("%d rows, %d events", n, len(e.messageEvents())-before)
				}
				// The same key from the other member is theirs to use.
				if other, err := e.s.Send(ctx, chat.SendInput{From: b.ID, RoomName: room, Text: "mine", ClientID: "c-123"}); err != nil || other.Duplicate {
					t.Fatalf("other author: %+v %v", other, err)
				}
			})
			t.Run("OKPagesWithoutGapsOrDuplicates", func(t *testing.T) {
				for i := 0; i < 130; i++ {
					from := g
					if i%3 == 0 {
						from = b
					}
					e.send(t, from, room, fmt.Sprintf("message %d", i))
				}
				var all []chat.Message
				for after := uint64(0); ; {
					p, err := e.s.Since(ctx, b.ID, room, after, 40)
					if err != nil {
						t.Fatal(err)
					}
					all = append(all, p.Messages...)
					if !p.HasMore {
						break
					}
					after = p.Messages[len(p.Messages)-1].ID
				}
				var total int64
				db.Table("chat_messages").Count(&total)
				if int64(len(all)) != total {
					t.Fatalf("catch-up gave %d of %d", len(all), total)
				}
				for i := 1; i < len(all); i++ {
					if all[i].ID <= all[i-1].ID {
						t.Fatalf("order broken at %d", i)
					}
				}
				o, err := e.s.Open(ctx, g.ID, b.Code)
				if err != nil || len(o.Messages) != chat.PageSize || !o.HasMore || o.Messages[chat.PageSize-1].ID != all[len(all)-1].ID {
					t.Fatalf("open: %d messages, more %v, %v", len(o.Messages), o.HasMore, err)
				}
				var back []chat.Message
				for before := o.Messages[0].ID; ; {
					p, err := e.s.History(ctx, g.ID, room, before, 50)
					if err != nil {
						t.Fatal(err)
					}
					back = append(p.Messages, back...)
					if !p.HasMore {
						break
					}
					before = p.Messages[0].ID
				}
				back = append(back, o.Messages...)
				if len(back) != len(all) || back[0].ID != all[0].ID {
					t.Fatalf("history gave %d of %d", len(back), len(all))
				}
			})
			t.Run("OKUnreadCountsAndMarkRead", func(t *testing.T) {
				sum, err := e.s.Unread(ctx, b.ID)
				if err != nil || len(sum.Conversations) != 1 || sum.Total == 0 || sum.Conversations[0].RoomName != room ||
					sum.Conversations[0].User.ProfileID != g.Code {
					t.Fatalf("unread %+v %v", sum, err)
				}
				p, _ := e.s.Since(ctx, b.ID, room, 0, 100)
				mid := p.Messages[50].ID
				left, err := e.s.MarkRead(ctx, b.ID, room, mid)
				var want int64
				db.Table("chat_messages").Where("sender_id = ? AND id > ?", g.ID, mid).Count(&want)
				if err != nil || int64(left) != want {
					t.Fatalf("partial mark: %d left, want %d (%v)", left, want, err)
				}
				if left, err = e.s.MarkRead(ctx, b.ID, room, 0); err != nil || left != 0 {
					t.Fatalf("mark all: %d %v", left, err)
				}
				if sum, _ = e.s.Unread(ctx, b.ID); sum.Total != 0 || len(sum.Conversations) != 0 {
					t.Fatalf("after read %+v", sum)
				}
				e.send(t, g, room, "one more")
				if sum, _ = e.s.Unread(ctx, b.ID); sum.Total != 1 {
					t.Fatalf("after a new message %+v", sum)
				}
				if sum, _ = e.s.Unread(ctx, g.ID); sum.Total == 0 {
					t.Fatal("the groom never read the bride's messages")
				}
			})
			t.Run("ErrRateLimited", func(t *testing.T) {
				strict := newEnv(t, db, chat.SendLimit) // the product default
				g2 := e.member(t, chattest.Options{Paid: true})
				r := chat.RoomName(g2.Code, b.Code)
				for i := 0; i < chat.SendLimit; i++ {
					if _, err := strict.s.Send(ctx, chat.SendInput{From: g2.ID, RoomName: r, Text: "hello"}); err != nil {
						t.Fatalf("message %d: %v", i+1, err)
					}
				}
				_, err := strict.s.Send(ctx, chat.SendInput{From: g2.ID, RoomName: r, Text: "hello"})
				wantReason(t, err, chat.ReasonRateLimited)
			})
		})
	}
}

// TestConversationsListsTheLatestWithTheirLastMessage: read and unread
// conversations, newest first, each with its last message; a blocked
// partner's conversation drops out, and so does one on the viewer's "don't show" list.
func TestConversationsListsTheLatestWithTheirLastMessage(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g := e.member(t, chattest.Options{Paid: true})
			b1 := e.member(t, chattest.Options{Bride: true})
			b2 := e.member(t, chattest.Options{Bride: true})
			b3 := e.member(t, chattest.Options{Bride: true})
			if sum, err := e.s.Conversations(ctx, g.ID); err != nil || len(sum.Conversations) != 0 {
				t.Fatalf("before any message: %+v %v", sum, err)
			}
			r1, r2, r3 := chat.RoomName(g.Code, b1.Code), chat.RoomName(g.Code, b2.Code), chat.RoomName(g.Code, b3.Code)
			e.send(t, g, r1, "first to one")
			e.send(t, b1, r1, "reply from one")
			e.send(t, g, r2, "hello two")
			e.send(t, g, r3, "hello three")
			// Opening a room without writing makes no conversation worth listing.
			b4 := e.member(t, chattest.Options{Bride: true})
			if _, err := e.s.Open(ctx, g.ID, b4.Code); err != nil {
				t.Fatal(err)
			}
			if _, err := e.s.MarkRead(ctx, g.ID, r1, 0); err != nil {
				t.Fatal(err)
			}
			sum, err := e.s.Conversations(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			var rooms []string
			for _, c := range sum.Conversations {
				rooms = append(rooms, c.RoomName)
			}
			if !slices.Equal(rooms, []string{r3, r2, r1}) || sum.Total != 0 {
				t.Fatalf("rooms %v total %d", rooms, sum.Total)
			}
			one := sum.Conversations[2]
			if one.LastMessage == nil || one.LastMessage.Message != "reply from one" || one.LastMessage.PostedBy != b1.Code ||
				one.User.ProfileID != b1.Code || one.Unread != 0 {
				t.Fatalf("conversation with one: %+v %+v", one, one.LastMessage)
			}
			// The bride sees hers with the unread count; Unread and Conversations agree.
			bs, _ := e.s.Conversations(ctx, b2.ID)
			if len(bs.Conversations) != 1 || bs.Conversations[0].Unread != 1 || bs.Total != 1 || bs.Conversations[0].LastMessage.PostedBy != g.Code {
				t.Fatalf("bride two: %+v", bs)
			}
			if err := e.rel.Block(ctx, b3.ID, g.ID); err != nil {
				t.Fatal(err)
			}
			if sum, _ = e.s.Conversations(ctx, g.ID); len(sum.Conversations) != 2 || sum.Conversations[0].RoomName != r2 {
				t.Fatalf("after a block: %+v", sum)
			}
			// The viewer's "don't show" list leaves the chat out of the viewer's list only.
			if err := e.rel.DontShow(ctx, g.ID, b2.ID); err != nil {
				t.Fatal(err)
			}
			if sum, _ = e.s.Conversations(ctx, g.ID); len(sum.Conversations) != 1 || sum.Conversations[0].RoomName != r1 {
				t.Fatalf("after don't show: %+v", sum)
			}
			if bs, _ = e.s.Conversations(ctx, b2.ID); len(bs.Conversations) != 1 {
				t.Fatalf("don't show is one-way: %+v", bs)
			}
			// Her unread summary leaves him out once she blocks him.
			if un, _ := e.s.Unread(ctx, b2.ID); len(un.Conversations) != 1 {
				t.Fatalf("her unread before the block: %+v", un)
			}
			if err := e.rel.Block(ctx, b2.ID, g.ID); err != nil {
				t.Fatal(err)
			}
			if un, _ := e.s.Unread(ctx, b2.ID); len(un.Conversations) != 0 {
				t.Fatalf("her unread after the block: %+v", un)
			}
		})
	}
}

func TestConcurrentSendersOfOneRoomArePublishedInIDOrder(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			g, b, room := e.couple(t)
			e.send(t, g, room, "first")
			var wg sync.WaitGroup
			for _, who := range []chattest.Member{g, b} {
				wg.Go(func() {
					for i := 0; i < 15; i++ {
						if _, err := e.s.Send(ctx, chat.SendInput{From: who.ID, RoomName: room, Text: "x"}); err != nil {
							t.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
			evs := e.messageEvents()
			if len(evs) != 31 {
				t.Fatalf("%d events", len(evs))
			}
			for i := 1; i < len(evs); i++ {
				if evs[i].Message.ID <= evs[i-1].Message.ID {
					t.Fatalf("published out of order: %d after %d", evs[i].Message.ID, evs[i-1].Message.ID)
				}
			}
		})
	}
}

func TestEarlyMessagesAskingForMoneyOrMovingOffSiteAreFlagged(t *testing.T) {
	db := storetest.SQLite(t)
	e := newEnv(t, db)
	ctx := context.Background()
	g, b, room := e.couple(t)
	sent, err := e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "Please send money through Western Union"})
	if err != nil || sent.Message.Warning == nil || sent.Message.Warning.Code != chat.WarningMoney || sent.SenderWarning == nil ||
		sent.SenderWarning.Message == sent.Message.Warning.Message {
		t.Fatalf("money: %+v %v", sent, err)
	}
	ev := e.messageEvents()[0]
	if ev.SenderWarning == nil || ev.Message.Warning == nil {
		t.Fatal("the event must carry both notices")
	}
	sent, _ = e.s.Send(ctx, chat.SendInput{From: b.ID, RoomName: room, Text: "WhatsApp me on 98470 12345"})
	if sent.Message.Warning == nil || sent.Message.Warning.Code != chat.WarningOffsite {
		t.Fatalf("offsite: %+v", sent.Message)
	}
	p, _ := e.s.Since(ctx, b.ID, room, 0, 10)
	if p.Messages[0].Warning == nil || p.Messages[0].Warning.Code != chat.WarningMoney {
		t.Fatal("the flag must be kept with the message")
	}
	sent, _ = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "Good morning 🙏"})
	if sent.Message.Warning != nil || sent.SenderWarning != nil {
		t.Fatal("ordinary text flagged")
	}
	for i := 0; i < chat.EarlyChatMessages; i++ { // past g's own early messages (each member has theirs)
		e.send(t, g, room, "tell me about your family")
	}
	if sent, _ = e.s.Send(ctx, chat.SendInput{From: g.ID, RoomName: room, Text: "my whatsapp is 98470 12345"}); sent.Message.Warning != nil {
		t.Fatal("only early messages are screened")
	}
}

func TestVisibilityAndProfiles(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			me := e.member(t, chattest.Options{Photo: true, Protected: true, Name: "Jibin Thomas"})
			blockedByMe := e.member(t, chattest.Options{Bride: true})
			blocksMe := e.member(t, chattest.Options{Bride: true})
			iDontShow := e.member(t, chattest.Options{Bride: true})
			dontShowsMe := e.member(t, chattest.Options{Bride: true})
			e.rel.Block(ctx, me.ID, blockedByMe.ID)
			e.rel.Block(ctx, blocksMe.ID, me.ID)
			e.rel.DontShow(ctx, me.ID, iDontShow.ID)
			e.rel.DontShow(ctx, dontShowsMe.ID, me.ID)
			v, err := e.s.Visibility(ctx, me.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []uint64{blockedByMe.ID, blocksMe.ID, iDontShow.ID} {
				if _, ok := v.HiddenFromMember[id]; !ok {
					t.Errorf("%d must be hidden from me", id)
				}
			}
			if _, ok := v.HiddenFromMember[dontShowsMe.ID]; ok || len(v.HiddenFromMember) != 3 {
				t.Errorf("hidden from me: %v", v.HiddenFromMember)
			}
			if fmt.Sprint(sorted(v.HiddenFromOthers)) != fmt.Sprint(sorted([]uint64{blockedByMe.ID, blocksMe.ID, dontShowsMe.ID})) {
				t.Errorf("hidden from others: %v", v.HiddenFromOthers)
			}

			m, err := e.s.Profile(ctx, me.ID)
			if err != nil || m.Code != me.Code || m.Gender != 10 || m.User.UserName != "Jibin Thomas" || len(m.User.Photos) != 0 {
				t.Fatalf("profile %+v %v (a protected photo must not be in the shared chat user)", m, err)
			}
			u, _ := e.s.ChatUserOf(ctx, dontShowsMe.ID, me.ID)
			if len(u.Photos) != 0 {
				t.Fatal("protected photo shown without an accepted request")
			}
			e.rel.Request(ctx, relation.KindPhoto, dontShowsMe.ID, me.ID)
			e.rel.AnswerRequest(ctx, relation.KindPhoto, me.ID, dontShowsMe.ID, relation.RequestAccepted)
			if u, _ = e.s.ChatUserOf(ctx, dontShowsMe.ID, me.ID); len(u.Photos) != 1 {
				t.Fatal("accepted photo request must show the photo")
			}
		})
	}
}

func sorted(ids []uint64) []uint64 {
	out := append([]uint64{}, ids...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}
