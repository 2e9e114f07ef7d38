// Package socketio is a Socket.IO server on top of package engineio that
// serves socket.io-client v4 (Socket.IO protocol 5 over Engine.IO 4) and
// legacy socket.io-client v2 (Socket.IO protocol 4 over Engine.IO 3) from the
// same namespaces, rooms and handlers.
//
// The two protocol revisions differ in the connection handshake only:
//
//   - Protocol 5: the client sends CONNECT ("0/nsp,{auth}") for every
//     namespace, including "/"; the server answers CONNECT with {"sid":"..."}
//     or CONNECT_ERROR (type 4) with {"message":"...","data":...}. A client
//     that connects no namespace within ConnectTimeout is closed.
//   - Protocol 4: the connection to "/" is implicit — the server runs "/"'s
//     middlewares as soon as the Engine.IO session opens and sends "0". Other
//     namespaces are joined with "0/nsp?query," (no auth payload; the query
//     is merged into Handshake.Query) and acknowledged with "0/nsp,". Type 4
//     is ERROR and carries a bare JSON string such as "Invalid namespace".
//     Socket ids are the Engine.IO sid ("/") or "/nsp#sid", as v2 expects.
//
// EVENT (2), ACK (3), BINARY_EVENT (5) and BINARY_ACK (6) are identical in
// both: "5<n>-/nsp,<id>[...]" followed by n binary attachments, each
// referenced by {"_placeholder":true,"num":i}. Binary arguments are []byte,
// anywhere inside []any and map[string]any values.
//
// A broadcast is encoded once and its bytes shared by every recipient; an
// argument of type Raw (already JSON) is spliced in without re-encoding.
//
// Handlers of one connection run sequentially on a per-connection goroutine,
// started when an event arrives and ended when none is left (idle
// connections hold none), so a slow handler never stalls other clients; acknowledgements are matched
// on the reading goroutine, so EmitWithAck may be called from a handler.
package socketio
