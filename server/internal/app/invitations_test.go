package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/app"
	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// invitationOf reads the invitation of viewer's partner view of m.
func invitationOf(t *testing.T, a *app.App, viewer, m testMember) *profile.InvitationState {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile/partner/"+m.Code, "", viewer.auth()...)
	if w.Code != 200 {
		t.Fatalf("partner view: %d", w.Code)
	}
	var v struct {
		Invitation *profile.InvitationState `json:"invitation"`
	}
	json.Unmarshal(e.Data, &v)
	return v.Invitation
}

// box reads one of m's invitation boxes as "code:status:sentByMe" entries.
func box(t *testing.T, a *app.App, m testMember, name string) []string {
	t.Helper()
	w, e := call(t, a, "GET", "/api/v1/profile/invitations/"+name, "", m.auth()...)
	if w.Code != 200 {
		t.Fatalf("box %s: %d %s", name, w.Code, e.Meta.Message)
	}
	var l struct {
		Items []struct {
			ProfileID  string                   `json:"profileID"`
			Invitation *profile.InvitationState `json:"invitation"`
		} `json:"items"`
		Total int `json:"total"`
	}
	json.Unmarshal(e.Data, &l)
	out := []string{}
	for _, it := range l.Items {
		out = append(out, fmt.Sprintf("%s:%s:%v", it.ProfileID, it.Invitation.Status, it.Invitation.SentByMe))
	}
	if l.Total != len(out) {
		t.Errorf("box %s: total %d for %d items", name, l.Total, len(out))
	}
	return out
}

// TestInvitations: spec §7 profile/invite/{id}, accept-invitation,
// decline-invitation, cancel-invitation and the inbox lists: who may invite
// whom, one live invitation per pair, the answers only the right member may
// give, the daily limit of a free plan, and a free member's chat opening once
// an invitation is accepted (product.md "Chat").
func TestInvitations(t *testing.T) {
	for name, a := range profileEngines(t) {
		t.Run(name, func(t *testing.T) {
			g := newMember(t, a, 10, "Jerin Abraham", 29)
			b := newMember(t, a, 20, "Anna Mathew", 26)
			b2 := newMember(t, a, 20, "Neethu Paul", 25)
			g2 := newMember(t, a, 10, "Rahul Joseph", 30)
			expect := func(what string, m testMember, path string, code int, msg string) {
				t.Helper()
				expectPost(t, a, what, m, path, code, msg)
			}

			t.Run("WhoMayBeInvited", func(t *testing.T) {
				expect("self", g, "invite/"+g.Code, 400, profile.MsgCannotInviteSelf)
				expect("same gender", g, "invite/"+g2.Code, 400, profile.MsgInviteSameGender)
				expect("unknown", g, "invite/TM0000000", 404, profile.MsgNotFound)
				a.Relations.Block(t.Context(), b2.ID, g.ID)
				expect("blocked by her", g, "invite/"+b2.Code, 404, profile.MsgNotFound)
				a.Relations.Unblock(t.Context(), b2.ID, g.ID)
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, g.auth()...)
				expect("while hidden", g, "invite/"+b2.Code, 400, profile.MsgInviteWhileHidden)
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":false}`, g.auth()...)
				if w, _ := call(t, a, "GET", "/api/v1/profile/invitations/inbox", "", g.auth()...); w.Code != 404 {
					t.Errorf("unknown box: %d", w.Code)
				}
			})

			t.Run("InviteAndAccept", func(t *testing.T) {
				// Free members: no chat before an accepted invitation.
				if _, err := a.Chat.Open(t.Context(), g.ID, b.Code); apperr.KindOf(err) != apperr.Forbidden {
					t.Fatalf("a free member opened a chat without an invitation: %v", err)
				}
				expect("invite", g, "invite/"+b.Code, 200, profile.MsgInviteSent)
				expect("the other way while one is live", b, "invite/"+g.Code, 409, profile.MsgInviteExists)
				if inv := invitationOf(t, a, g, b); inv == nil || inv.Status != "pending" || !inv.SentByMe {
					t.Errorf("sender's view: %+v", inv)
				}
				if inv := invitationOf(t, a, b, g); inv == nil || inv.Status != "pending" || inv.SentByMe {
					t.Errorf("receiver's view: %+v", inv)
				}
				if got := box(t, a, b, "received"); fmt.Sprint(got) != fmt.Sprint([]string{g.Code + ":pending:false"}) {
					t.Errorf("her received: %v", got)
				}
				if got := box(t, a, g, "sent"); fmt.Sprint(got) != fmt.Sprint([]string{b.Code + ":pending:true"}) {
					t.Errorf("his sent: %v", got)
				}
				// Only the receiver answers, only the sender cancels.
				expect("the sender accepting", g, "accept-invitation/"+b.Code, 404, profile.MsgInvitationNotFound)
				expect("the receiver cancelling", b, "cancel-invitation/"+g.Code, 404, profile.MsgInvitationNotFound)
				expect("accept", b, "accept-invitation/"+g.Code, 200, profile.MsgInviteAccepted)
				expect("declining an accepted one", b, "decline-invitation/"+g.Code, 404, profile.MsgInvitationNotFound)
				for _, m := range []testMember{g, b} {
					if got := box(t, a, m, "accepted"); len(got) != 1 {
						t.Errorf("accepted box of %s: %v", m.Code, got)
					}
				}
				if got := box(t, a, b, "received"); len(got) != 0 {
					t.Errorf("answered invitations leave received: %v", got)
				}
				if _, err := a.Chat.Open(t.Context(), g.ID, b.Code); err != nil {
					t.Errorf("after an accepted invitation a free member may chat: %v", err)
				}
			})

			t.Run("DeclineCancelAndInviteAgain", func(t *testing.T) {
				expect("invite", g, "invite/"+b2.Code, 200, profile.MsgInviteSent)
				expect("cancel", g, "cancel-invitation/"+b2.Code, 200, profile.MsgInviteCancelled)
				expect("cancel again", g, "cancel-invitation/"+b2.Code, 404, profile.MsgInvitationNotFound)
				expect("accepting a cancelled one", b2, "accept-invitation/"+g.Code, 404, profile.MsgInvitationNotFound)
				expect("invite again", g, "invite/"+b2.Code, 200, profile.MsgInviteSent)
				expect("decline", b2, "decline-invitation/"+g.Code, 200, profile.MsgInviteDeclined)
				// Sent shows the latest invitation to each member only.
				if got := box(t, a, g, "sent"); fmt.Sprint(got) != fmt.Sprint([]string{b2.Code + ":declined:true", b.Code + ":accepted:true"}) {
					t.Errorf("his sent: %v", got)
				}
				if inv := invitationOf(t, a, g, b2); inv == nil || inv.Status != "declined" {
					t.Errorf("view after decline: %+v", inv)
				}
				// A member hidden since drops out of the boxes.
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":true}`, b2.auth()...)
				if got := box(t, a, g, "sent"); len(got) != 1 {
					t.Errorf("sent with a hidden member: %v", got)
				}
				call(t, a, "POST", "/api/v1/profile/hide", `{"hidden":false}`, b2.auth()...)
				// A decline is respected: no new invitation to her for 30 days (issue 20's cool-off).
				w, e := call(t, a, "POST", "/api/v1/profile/invite/"+b2.Code, "", g.auth()...)
				again := dates.Day(time.Now().Add(relation.InviteCoolOff))
				if w.Code != 409 || e.Meta.Message != fmt.Sprintf(relation.MsgInviteCoolOff, again) {
					t.Errorf("re-invite within the cool-off: %d %q", w.Code, e.Meta.Message)
				}
				expect("her inviting him meanwhile is her choice", b2, "invite/"+g.Code, 200, profile.MsgInviteSent)
				expect("he cancels hers? no: he declines it", g, "decline-invitation/"+b2.Code, 200, profile.MsgInviteDeclined)
				a.DB.Exec("UPDATE invitations SET updated_at = ? WHERE sender_id = ? AND receiver_id = ? AND status = 'declined'",
					time.Now().UTC().Add(-relation.InviteCoolOff-time.Hour), g.ID, b2.ID)
				// A block withdraws the pending invitation, so it cannot be accepted across the block
				// or after it is lifted.
				expect("invite once more", g, "invite/"+b2.Code, 200, profile.MsgInviteSent)
				if got := box(t, a, g, "pending"); fmt.Sprint(got) != fmt.Sprint([]string{b2.Code + ":pending:true"}) {
					t.Errorf("his pending: %v", got)
				}
				if got := box(t, a, b2, "pending"); len(got) != 0 {
					t.Errorf("her pending holds what she did not send: %v", got)
				}
				expect("block", b2, "block/"+g.Code, 200, "Record added Successfully")
				if w, _ := call(t, a, "DELETE", "/api/v1/profile/block/"+g.Code, "", b2.auth()...); w.Code != 200 {
					t.Fatalf("unblock: %d", w.Code)
				}
				expect("accepting a withdrawn one", b2, "accept-invitation/"+g.Code, 404, profile.MsgInvitationNotFound)
				if got := box(t, a, g, "sent"); len(got) != 2 || got[0] != b2.Code+":cancelled:true" {
					t.Errorf("his sent after her block: %v", got)
				}
				// Unknown ids answer like missing invitations: these calls tell nothing about who exists.
				expect("accept from an unknown id", b2, "accept-invitation/TM0000000", 404, profile.MsgInvitationNotFound)
				expect("cancel to an unknown id", g, "cancel-invitation/TM0000000", 404, profile.MsgInvitationNotFound)
			})

			t.Run("ConcurrentInvitesKeepTheDailyLimit", func(t *testing.T) {
				sender := newMember(t, a, 20, "Riya Thomas", 27)
				free, err := a.Plans.Entitlements(context.Background(), sender.ID)
				if err != nil || free.Paid || free.DailyInvitations != 10 {
					t.Fatalf("a new member's entitlements: %+v, %v (the seeded free plan allows 10 a day)", free, err)
				}
				limit := free.DailyInvitations
				grooms := make([]testMember, limit+5)
				for i := range grooms {
					grooms[i] = newMember(t, a, 10, fmt.Sprintf("Groom Number%c", 'A'+i), 30)
				}
				var wg sync.WaitGroup
				codes := make([]int, len(grooms))
				for i, g := range grooms {
					wg.Add(1)
					go func() {
						defer wg.Done()
						w, _ := call(t, a, "POST", "/api/v1/profile/invite/"+g.Code, "", sender.auth()...)
						codes[i] = w.Code
					}()
				}
				wg.Wait()
				var sent int64
				a.DB.Table("invitations").Where("sender_id = ?", sender.ID).Count(&sent)
				ok := 0
				for _, c := range codes {
					if c == 200 {
						ok++
					} else if c != 429 {
						t.Errorf("unexpected answer %d", c)
					}
				}
				if sent != int64(limit) || ok != limit {
					t.Errorf("%d stored, %d accepted of %d concurrent invitations; the limit is %d", sent, ok, len(grooms), limit)
				}
			})

			t.Run("FreeDailyLimit", func(t *testing.T) {
				now := time.Now().UTC()
				free, err := a.Plans.Entitlements(context.Background(), g2.ID)
				if err != nil {
					t.Fatal(err)
				}
				for i := len(box(t, a, g2, "sent")); i < free.DailyInvitations; i++ {
					a.DB.Table("invitations").Create(map[string]any{"sender_id": g2.ID, "receiver_id": b2.ID, "status": "cancelled",
						"created_at": now, "updated_at": now})
				}
				expect("the 11th today", g2, "invite/"+b.Code, 429, profile.InviteLimitMessage(free))
			})
		})
	}
}
