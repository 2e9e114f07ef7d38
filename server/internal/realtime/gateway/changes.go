package gateway

import (
	"context"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
)

// onChatEvent delivers what the chat service stored. Emits go through the
// adapter, so sockets on every node get them.
func (g *Gateway) onChatEvent(_ context.Context, e chat.Event) {
	switch e.Kind {
	case chat.EventMessage:
		// Except: the receiver's sockets that hold the sender back ("don't
		// show"); the sender never mutes themselves, so all their tabs get it.
		if err := g.nsp.To(memberRoom(e.From), memberRoom(e.To)).Except(mutedRoom(e.From)).Emit(EventMessage, e.Message); err != nil {
			g.log.Warn("gateway: delivering a message", "err", err)
		}
		if w := e.SenderWarning; w != nil {
			_ = g.nsp.To(memberRoom(e.From)).Emit(EventChatWarning, chatWarningNotice{RoomName: e.Message.RoomName,
				MessageID: e.Message.ID, ClientID: e.Message.ClientID, Code: w.Code, Message: w.Message})
		}
	case chat.EventMemberDeleted:
		// The account is going: close its sockets everywhere (their
		// disconnect takes the member offline); a rolled-back deletion only
		// makes the clients reconnect.
		_ = g.nsp.In(memberRoom(e.From)).DisconnectSockets(true)
	}
}

// onRelationChange applies blocks, unblocks and "don't show" marks to live
// chats and online lists at once (product.md "Blocking someone ends the
// chat at once").
func (g *Gateway) onRelationChange(ctx context.Context, c relation.Change) {
	switch c.Kind {
	case relation.Blocked:
		// Sends already in flight finish first; later ones see the block.
		g.chat.Quiesce(c.From, c.To)
		g.pres.flush() // announcements made before the block go out before it
		codes, err := g.chat.Codes(ctx, c.From, c.To)
		if err != nil || codes[c.From] == "" || codes[c.To] == "" {
			return
		}
		room := chat.RoomName(codes[c.From], codes[c.To])
		// Both leave each other's online list, which reads as going
		// offline. Only the blocker's open window is closed: telling the
		// blocked member their chat "closed" would tell them they were
		// blocked; their next send is refused as for a profile that no
		// longer exists (not_found).
		_ = g.nsp.To(memberRoom(c.To)).Emit(EventUserDisconnected, offlineNotice{ProfileID: codes[c.From]})
		blocker := g.nsp.To(memberRoom(c.From))
		_ = blocker.Emit(EventUserDisconnected, offlineNotice{ProfileID: codes[c.To]})
		_ = blocker.Emit(EventChatClosed, chatClosedNotice{RoomName: room, ProfileID: codes[c.To]})
	case relation.DontShown:
		if err := g.nsp.In(memberRoom(c.From)).SocketsJoin(mutedRoom(c.To)); err != nil {
			g.log.Warn("gateway: muting a don't-show member", "profile", c.From, "err", err)
		}
		g.pres.flush()
		if m := g.pres.visible(c.To); m != nil {
			_ = g.nsp.To(memberRoom(c.From)).Emit(EventUserDisconnected, offlineNotice{ProfileID: m.code})
		}
		// A window open with them in any of the marker's tabs ends there
		// (only there: the other member is not told); Show again brings it
		// back (the client asks for the room when they show up online).
		if codes, err := g.chat.Codes(ctx, c.From, c.To); err == nil && codes[c.From] != "" && codes[c.To] != "" {
			_ = g.nsp.To(memberRoom(c.From)).Emit(EventChatClosed, chatClosedNotice{RoomName: chat.RoomName(codes[c.From], codes[c.To]), ProfileID: codes[c.To]})
		}
	case relation.Unblocked:
		for _, pair := range [][2]uint64{{c.From, c.To}, {c.To, c.From}} {
			g.showIfVisible(ctx, pair[0], pair[1])
		}
	case relation.ShownAgain:
		if err := g.nsp.In(memberRoom(c.From)).SocketsLeave(mutedRoom(c.To)); err != nil {
			g.log.Warn("gateway: unmuting a member shown again", "profile", c.From, "err", err)
		}
		g.showIfVisible(ctx, c.From, c.To)
	}
}

// showIfVisible tells viewer that target is online, when both are online,
// of opposite genders and nothing hides target from viewer any more.
func (g *Gateway) showIfVisible(ctx context.Context, viewer, target uint64) {
	v, t := g.pres.visibleOrHidden(viewer), g.pres.visible(target)
	if v == nil || t == nil || opposite(v.gender) != t.gender {
		return
	}
	if hidden, err := g.rel.Hidden(ctx, viewer, target); err != nil || hidden {
		return
	}
	_ = g.nsp.To(memberRoom(viewer)).Emit(EventUserConnected, t.user)
}

// PushToMember emits event with payload to every socket of the member, on
// every node (through the adapter): the in-app notifications' live push.
func (g *Gateway) PushToMember(profileID uint64, event string, payload any) {
	if err := g.nsp.To(memberRoom(profileID)).Emit(event, payload); err != nil {
		g.log.Warn("gateway: pushing to a member", "event", event, "err", err)
	}
}
