// Package gateway is the chat's realtime endpoint (spec §7 "Real-time"): a
// Socket.IO server (packages engineio and socketio) at /engine.io/ that
// serves socket.io-client v4 and legacy v2, authenticates members, keeps
// presence across nodes and carries the chat events to and from package
// chat. All names below are exact; note the spec's spelling
// "userDisConnected".
//
// # Connecting
//
// v4 clients send the access token in the CONNECT auth payload:
// io(url, {path: "/engine.io", auth: {token}}) — pass a function
// (cb => cb({token: current})) so that reconnections use a fresh token. v2
// clients can only use the handshake query: ?token=. A v4 token in the query
// is refused (URLs end up in logs). A missing, bad, revoked or expired token
// is refused with CONNECT_ERROR: v4 gets connect_error with err.message and
// err.data = {code, message}, v2 an "error" event with {code, message}.
// Codes: "unauthorized" (log in again), "token_expired" (also metaCode 1005:
// refresh the token, then reconnect), "unavailable". A browser Origin must
// be the site's own or one of ALLOWED_ORIGINS. The member always comes from
// the token; any profile id a client sends about itself is ignored.
//
// Every socket joins its member's room, so every open tab receives the
// member's messages.
//
// # Session lifetime and caps
//
// A socket lives no longer than its login session and its access token
// (issue 18). A logout, a replayed refresh token or the session's 90-day
// end closes that session's sockets on every node (account StateSignedOut;
// a room per session); a password change or a ban closes all of the
// member's. At the access token's expiry (plus ExpiryGrace) the socket gets
// chatError {code: "token_expired", event: "authenticate"} and is closed,
// unless the client sent a fresh token first:
//
//	authenticate {token}
//	    ack {ok, expiresAt}   (Unix seconds; re-authenticate again before then)
//	    refusals: unauthorized (log in again), token_expired (refresh, then retry);
//	    another member's token closes the socket
//
// One member may hold MaxSocketsPerMember sockets on a node (8); the next
// CONNECT is refused with code "too_many_connections". Below that, the
// Engine.IO layer caps sessions per client address and per node (polling
// sessions that never upgrade count too; 429 / 503 with Retry-After), and
// binds each session to the address (and, for polling, the User-Agent)
// that opened it: a session id used from anywhere else is "Session ID unknown".
//
// # Acks and refusals
//
// Every client event may carry an ack callback. Success answers
// {ok: true, ...}; a refusal answers {ok: false, code, message} and, with or
// without an ack, also emits chatError {code, message, event, toProfileId?,
// roomName?, clientId?}. Codes are package chat's reasons (invalid,
// empty_message, too_long, not_found, not_in_room, same_gender, blocked,
// dont_show, chat_off, needs_invitation, needs_verification, needs_plan, rate_limited,
// inactive, internal); message is ready to show.
//
// # Node shutdown
//
// A node that shuts down (SIGTERM) refuses new connections and ignores the
// events that arrive from then on (no ack: the client sends them again once
// connected elsewhere, sendMessage with the same clientId), finishes the
// events it is handling (a sendMessage being stored is acknowledged) and
// then closes every connection: a WebSocket gets what was queued, the
// Engine.IO close packet and a close frame with status 1001 (going away); a
// pending long-poll is answered with what was queued and the close packet.
// Clients see "transport close" and reconnect (to another node behind the
// load balancer); loadMessagesSince catches up.
//
// # Client → server
//
//	registerNewUser (payload ignored)
//	    → sendActiveMatchedProfiles [ChatUser...]  online members of the other gender,
//	                                               without self, blocked (either way),
//	                                               "don't show" and hidden profiles
//	    → unreadCounts {total, conversations: [{roomName, user: ChatUser, unread, lastMessageId}]}
//	    ack {ok, profileID}
//	getRoomName {toProfileId}
//	    → initialChatUserMessages {roomName, user: ChatUser, online, messages: [Message], hasMore, unread}
//	      (the latest 50, oldest first; emitted before the ack)
//	    ack {ok, roomName}
//	sendMessage {roomName, message, clientId?}
//	    stored first; then message (Message) to every socket of both members
//	    ack {ok, message: Message, duplicate}   duplicate: clientId seen, the stored one
//	loadPreviousMessages {roomName, before?, limit?}   older page, oldest first
//	    ack {ok, roomName, messages, hasMore}  (without ack: previousMessages {...})
//	loadMessagesSince {roomName, after, limit?}        catch-up after reconnecting
//	    ack {ok, roomName, messages, hasMore}  (without ack: messagesSince {...})
//	markRead {roomName, lastId?}                        all, or up to lastId
//	    ack {ok, roomName, unread, total}; unreadCounts to every tab of the member
//	getUnreadCounts
//	    ack {ok, total, conversations}          (without ack: unreadCounts {...})
//	getConversations                            the latest 50 conversations with a message,
//	    ack {ok, total, conversations}          newest first, each also with lastMessage (Message)
//	                                            (without ack: conversations {...})
//
// # Server → client
//
//	ChatUser   {gender: 10|20, photos: [{imagePath, images: {small, large}, isDefault}], profileID, userName}
//	           photos hold the default photo, or nothing when it is protected and
//	           not granted (lists never carry protected photos): use the gender avatar.
//	Message    {id, roomName, message, postedBy (author's profileID), createdAt (RFC 3339 UTC),
//	            clientId?, warning?: {code: "money"|"offsite", message}}
//	           ids grow within a room: order and dedupe by id. warning is for the
//	           receiver (show it when postedBy is not me).
//	userConnected     ChatUser       someone the member may see came online (add; idempotent by profileID)
//	userDisConnected  {profileID}    went offline (last tab closed), or blocked / marked "don't show",
//	                                 hid their profile or was suspended
//	onlineUsersChanged {connected: [ChatUser], disconnected: [profileID]}
//	                  several of the above within one 200 ms window, in one packet: add the
//	                  connected, remove the disconnected (a member appears once, in their
//	                  latest state). A window with a single change sends userConnected or
//	                  userDisConnected instead. Clients must handle all three.
//	chatWarning       {roomName, messageId, clientId?, code, message}  to the author of a flagged early message
//	chatClosed        {roomName, profileID}  the member's own block or "don't show" mark ended this
//	                  chat: stop sending in it. A member who was blocked is not told (that would
//	                  announce the block): their next send is refused not_found, as for a
//	                  profile that no longer exists
//	chatError         see above
//
// # Presence
//
// A member is online from their first registerNewUser until their last
// registered socket closes, on any node. Each node keeps a mirror of who is
// online in the cluster (presence): a join or leave is one event, carrying
// the member's encoded chat user and the members who must not see them, and
// every node emits it once to its own sockets in the other gender's room,
// except those members' rooms. No join costs a per-recipient query: the
// newcomer's node runs one query for its exclusions both ways, and lists
// are served from memory. Announcements and the lists sent to newcomers
// are emitted under one lock, so a list is never contradicted by an older
// announcement.
//
// With Redis (Deps.Redis) rooms go through the Socket.IO Redis adapter and
// presence through <scope>:presence:* keys and channel: each node keeps a
// hash of its members and a heartbeat; a node silent for PresenceTTL is
// forgotten by the others (its members announced offline) and a closing
// node says goodbye. Scope (ScopeOf) keeps deployments sharing one Redis
// apart. Without Redis everything stays in process.
//
// Announcements to a whole gender room are batched per 200 ms window
// (onlineUsersChanged), so a connect storm costs each member online one
// packet per window rather than one per newcomer; an announcement with
// exclusions goes out at once, after the pending batch, so each member's
// changes keep their order. The list a newcomer gets is spliced from the
// members' encoded chat users, not encoded again.
//
// Hiding the profile takes the member off every open list at once
// (userDisConnected) while their own sockets stay open; showing it again
// announces them (account.Service.OnStateChange). A ban closes the member's
// sockets on every node, which takes them offline. Connecting and leaving
// update profiles.last_active_at, written for all members of a few seconds
// in one statement.
//
// A block, unblock, "don't show" or "show again" (relation.Store.OnChange) updates open
// lists at once; a block also waits for sends already in flight on this
// node (chat.Service.Quiesce), then sends chatClosed to the blocker (only), after which
// every send is refused. "Don't show" puts the marker's sockets (from
// their connection on) in the muted room of the other member (mutedRoom):
// that member's live messages skip them (stored, and counted once the
// marker shows the member again), their open window with the member ends,
// and getRoomName with the member is refused (dont_show). Show again lifts
// it, and the clients reopen ended windows of members who come back
// online. Deleting an account closes its sockets everywhere.
package gateway
