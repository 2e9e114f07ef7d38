// Package engineio is an Engine.IO server that serves both protocol revisions
// used by the official JavaScript clients from one code base:
//
//   - Engine.IO 4 (EIO=4, socket.io-client v3/v4): the server sends the
//     heartbeat ping ("2") every PingInterval and expects a pong ("3") within
//     PingTimeout. Long-polling payloads join packets with the record separator
//     (0x1e) and carry binary packets as "b" + base64. Over WebSocket a binary
//     frame is the raw message. The open packet has sid, upgrades,
//     pingInterval, pingTimeout and maxPayload.
//   - Engine.IO 3 (EIO=3, socket.io-client v2): the client sends the ping and
//     the server answers with a pong; the server closes the session when no
//     packet arrives within PingInterval+PingTimeout. Long-polling payloads are
//     length-prefixed ("<len>:<packet>") where len counts UTF-16 code units the
//     way JavaScript's String.length does ("€" is 1, an emoji is 2), and binary
//     packets are "b4" + base64 when the client asked for b64=1. Clients with
//     XHR2 (browsers, no b64 parameter) may use the binary payload format
//     (<0|1><decimal length digits>0xFF<packet>), which is decoded and, when a
//     response holds binary packets, produced. Over WebSocket a binary frame is
//     a 0x04 byte followed by the raw message. The open packet has sid,
//     upgrades, pingInterval and pingTimeout.
//
// Both revisions start with HTTP long-polling (GET receives, POST sends) and
// upgrade to WebSocket ("2probe"/"3probe", then "5"), or open directly over
// WebSocket. Messages queued during the switch are delivered exactly once over
// whichever transport takes them from the session queue.
//
// Over WebSocket the framing is this package's own (wsconn.go), with
// gobwas/ws for the handshake and frame headers, so that a connection keeps
// no buffers between messages. A session with packets queued goes to the
// server's write workers (at most GOMAXPROCS, writers.go), which frame its
// whole queue into one pooled buffer and write it without waiting; only a
// session whose client cannot take it all at once gets a writer goroutine
// of its own, which waits with the write deadline. The reader borrows a
// buffered reader while it has bytes to parse; after idleHandover without
// any (at once after a heartbeat), it hands the socket to the server's
// poller (one epoll goroutine, Linux) and ends, so an idle session holds no
// goroutine; the poller starts a reader again when bytes arrive. Every
// session's heartbeat deadline sits in one timing wheel (heartbeat.go).
//
// Every session has a bounded outgoing queue; writers never hold a lock while
// touching the network, and a session whose queue overflows is closed with
// reason "slow consumer" so that broadcasters never block. JSONP polling is not
// supported.
package engineio
