package chat_test

import (
	"bytes"
	"context"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/tfmmatrimony/tfm/server/internal/account"
	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/chat/chattest"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/sms"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

func TestDeletingAnAccountErasesItsChats(t *testing.T) {
	for name, db := range storetest.Engines(t) {
		t.Run(string(name), func(t *testing.T) {
			e := newEnv(t, db)
			ctx := context.Background()
			acc, err := account.New(account.Deps{DB: db, Secret: bytes.Repeat([]byte("s"), 32), Mail: mail.NewOutbox(), SMS: sms.NewOutbox(),
				PasswordCost: bcrypt.MinCost, DeleteHooks: []account.DeleteHook{e.s.DeleteMemberData}})
			if err != nil {
				t.Fatal(err)
			}
			leaving := e.member(t, chattest.Options{Paid: true})
			b1 := e.member(t, chattest.Options{Bride: true})
			b2 := e.member(t, chattest.Options{Bride: true})
			stays := e.member(t, chattest.Options{Paid: true})
			for _, b := range []chattest.Member{b1, b2} {
				room := chat.RoomName(leaving.Code, b.Code)
				e.send(t, leaving, room, "hello from the one who leaves")
				e.send(t, b, room, "hello back")
			}
			kept := e.send(t, stays, chat.RoomName(stays.Code, b1.Code), "I stay")

			if err := acc.DeleteAccount(ctx, leaving.UserID, chattest.Password); err != nil {
				t.Fatal(err)
			}
			var sent, convs, all int64
			db.Table("chat_messages").Where("sender_id = ?", leaving.ID).Count(&sent)
			db.Table("chat_conversations").Where("low_id = ? OR high_id = ?", leaving.ID, leaving.ID).Count(&convs)
			db.Table("chat_messages").Count(&all)
			if sent != 0 || convs != 0 || all != 1 {
				t.Fatalf("after deletion: %d messages sent by the member, %d conversations, %d messages in all", sent, convs, all)
			}
			if p, err := e.s.Since(ctx, b1.ID, kept.RoomName, 0, 10); err != nil || len(p.Messages) != 1 {
				t.Fatalf("other conversations must stay: %+v %v", p, err)
			}
			deleted := false
			for _, ev := range e.events {
				deleted = deleted || (ev.Kind == chat.EventMemberDeleted && ev.From == leaving.ID)
			}
			if !deleted {
				t.Fatal("listeners must hear of the deletion so that open sockets close")
			}
			if sum, err := e.s.Unread(ctx, b1.ID); err != nil || sum.Total != 1 {
				t.Fatalf("unread after the partner left: %+v %v", sum, err)
			}
		})
	}
}

func TestProfileRowsCascadeToChats(t *testing.T) {
	db := storetest.SQLite(t)
	e := newEnv(t, db)
	g := e.member(t, chattest.Options{Paid: true})
	b := e.member(t, chattest.Options{Bride: true})
	e.send(t, g, chat.RoomName(g.Code, b.Code), "hi")
	if err := db.Exec("DELETE FROM profiles WHERE id = ?", b.ID).Error; err != nil {
		t.Fatal(err)
	}
	var n int64
	db.Table("chat_messages").Count(&n)
	if n != 0 {
		t.Fatal("foreign keys must cascade from profiles to conversations and messages")
	}
}
