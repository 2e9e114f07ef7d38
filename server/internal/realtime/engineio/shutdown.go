package engineio

import "context"

// Shutting down, as Node's engine.io closes its clients but without
// dropping what is already queued for them:
//
//  1. Drain: no new sessions (handshakes and upgrades are refused), and a
//     barrier over every session's message callback, so that a layer
//     above that stopped taking client messages first knows that none
//     slipped past it. Open sessions go on: their writes flow, heartbeats
//     and polling POSTs are served. A polling GET is held until Close,
//     because under http.Server.Shutdown a client whose GET was answered
//     cannot come back for the rest (the listener and its connection are
//     closed): it gets everything at once, with the close packet.
//  2. Close: every session closes gracefully. A WebSocket gets its queued
//     packets, the close packet ("1") and a close frame with status 1001
//     (going away); a pending polling GET is answered with the queued
//     packets and the close packet. A polling session with no GET pending
//     is closed at once, as Node's discarding close does: its client finds
//     the session gone and connects again. Sessions that have not closed
//     when ctx ends are closed at once.

// Drain stops the server taking new sessions and waits, until ctx is done,
// for every message callback already running to return; sessions stay
// open, and their pending polling GETs are answered by Close.
func (s *Server) Drain(ctx context.Context) error {
	s.mu.Lock()
	s.closed = true
	s.draining.Store(true)
	conns := s.sessionsLocked()
	s.mu.Unlock()
	done := make(chan struct{})
	s.goTracked(func() {
		defer close(done)
		for _, c := range conns {
			// deliver runs the callback holding recvMu: once taken, any
			// delivery that began before the drain is over.
			c.recvMu.Lock()
			//lint:ignore SA2001 an empty critical section is the point: it waits for the holder.
			c.recvMu.Unlock()
		}
	})
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close drains the server (see Drain), closes every session gracefully —
// a WebSocket gets its queued packets, the close packet and a close frame
// with status 1001 (going away); a pending polling GET is answered with the
// queued packets and the close packet — and waits, until ctx is done, for
// the sessions to close (the rest are then closed at once) and for the
// goroutines the server started to end. New requests are refused afterwards.
func (s *Server) Close(ctx context.Context) error {
	err := s.Drain(ctx)
	s.mu.Lock()
	conns := s.sessionsLocked()
	s.mu.Unlock()
	for _, c := range conns {
		c.closeForShutdown()
	}
	for _, c := range conns {
		select {
		case <-c.done:
			continue
		case <-ctx.Done():
		}
		c.closeNow("forced close")
	}
	s.hb.stop()
	if werr := s.wg.Wait(ctx); err == nil {
		err = werr
	}
	return err
}

// sessionsLocked returns the open sessions; s.mu is held.
func (s *Server) sessionsLocked() []*Conn {
	conns := make([]*Conn, 0, len(s.sessions))
	for _, c := range s.sessions {
		conns = append(conns, c)
	}
	return conns
}

// closeForShutdown closes the session for a server going away: gracefully,
// except a polling session with no GET pending, whose client cannot fetch
// anything more from a server that stopped listening.
func (c *Conn) closeForShutdown() {
	c.mu.Lock()
	idle := c.state == stateOpen && c.ws == nil && !c.polling && !c.upgrading
	c.mu.Unlock()
	if idle {
		c.closeNow("forced close")
		return
	}
	_ = c.Close()
}

// awaitPeerClose reads and discards until the client has ended its side of
// the connection after our close frame, or shutdown's grace closed it, and
// then closes it: a process that exits with the client's bytes unread would
// reset the connection, and the client could lose the last packets (an
// ack) still on their way. A session's reader, when one runs, reads its
// part before this does (the socket takes one read at a time).
func (w *wsConn) awaitPeerClose() {
	var b [256]byte
	for {
		if _, err := w.nc.Read(b[:]); err != nil {
			break
		}
	}
	_ = w.nc.Close()
}
