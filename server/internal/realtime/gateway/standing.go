package gateway

import (
	"context"
	"encoding/json"

	"github.com/tfmmatrimony/tfm/server/internal/account"
)

// onAccountChange applies a ban, hide or show to live sessions at once: a
// banned member's sockets close everywhere (their disconnect takes them off
// every list), and a hidden member leaves the online lists of others, or
// comes back to them when shown again, while staying connected.
func (g *Gateway) onAccountChange(ctx context.Context, c account.StateChange) {
	if c.Kind == account.StateSignedOut {
		g.closeSession(ctx, c.Session)
		return
	}
	pid, err := g.chat.ProfileOfUser(ctx, c.UserID)
	if err != nil || pid == 0 {
		return
	}
	switch c.Kind {
	case account.StateBanned:
		if err := g.nsp.In(memberRoom(pid)).DisconnectSockets(true); err != nil {
			g.log.Warn("gateway: closing a banned member's sockets", "err", err)
		}
	case account.StateHidden, account.StateShown:
		m, err := g.chat.Profile(ctx, pid)
		if err != nil {
			return // suspended or gone: nothing to show
		}
		user, _ := json.Marshal(m.User)
		g.pres.setHidden(pid, m.Hidden, user)
	}
}
