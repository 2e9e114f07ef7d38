// Package chat holds private one-to-one conversations between a bride and a
// groom (product.md "Chat"): who may write to whom, storing messages before
// anything is acknowledged, paging, unread counts, the early-chat safety
// warning and deletion with the account. It knows nothing about sockets:
// realtime/gateway calls it and delivers what it publishes (OnEvent).
//
// # Rooms
//
// A conversation is named by RoomName: "chat-<lower profile id>-<higher
// profile id>" from the two public profile ids, the same whoever asks. The
// name is not a secret; every call checks that the caller is one of the two
// (ReasonNotInRoom otherwise). A conversation row (chat_conversations) is
// created by its first message; started_by is its author, replied_at is set
// when the other member first answers.
//
// # Who may write (mayWrite)
//
//   - The partner must exist, be active and not hidden, and must not have
//     blocked or reported the caller, else "not found" (hidden, deleted and
//     suspended members and members who blocked the caller all look the
//     same, as in the REST profile view); the caller must be active; the
//     two must be of opposite genders.
//   - A block or a report by the caller refuses ("blocked"), even in an
//     ongoing chat. A report (relation.Store.FileReport) counts as a block
//     by its author for as long as it is kept, even once the author lifts
//     the block that filing it made: the reported member never reaches the
//     reporter again, and no chat runs one way only.
//   - Either member may reply in a conversation the other started; once both
//     have written, either may go on whatever their plan.
//   - Otherwise the caller is starting: the partner's chat_setting applies
//     ("nobody" refuses; "accepted" needs an accepted invitation between
//     them; "verified", the default, needs the caller's e-mail or mobile to
//     be verified), and the caller needs an active plan that includes chats
//     (subscriptions.starts_at <= now < expires_at, plans.start_chats), or
//     else an accepted invitation with the partner.
//
// Open (getRoomName) applies the same rule, so a refused member learns why
// before typing. Reading history needs only membership and no block or
// report either way (answered as above).
//
// # Messages
//
// Send trims the text, refuses an empty one and more than MaxMessageRunes
// characters (runes, so Malayalam or emoji count as people see them),
// applies the per-member rate limit (SendLimit per SendWindow, shared by
// every node through ratelimit.Redis), and stores the message in one
// transaction that first updates the conversation row (its lock orders
// concurrent senders), then inserts, then records last_message_id. Sends
// arriving together share one transaction (group commit), each in its own
// savepoint; every Send returns only after the commit holding its message.
// In an established conversation (the partner started it or replied, past
// the early messages) a send takes the fast path of fastpath.go: a cached
// route replaces the reads, and what can still change (both members active,
// the partner not hidden, no block or report) is checked inside the write
// transaction, so a change made on another node holds at once.
// Only then is EventMessage published. Ids grow within a conversation; a
// per-pair lock on each node makes publication follow id order. A
// client-supplied ClientID is unique per author (uq_chat_messages_client):
// a retry returns the stored message with Duplicate set and publishes
// nothing. Message texts are never logged.
//
// Within each member's first EarlyChatMessages messages in a conversation,
// text that asks for money or payment details (UPI, bank account, Western
// Union, gift cards, a visa or processing fee, a gift or parcel held at
// customs...) or moves the talk elsewhere (Indian mobile numbers in any
// script, optionally after +91 or 0, with spaces, dots or dashes, or spelled
// as words; WhatsApp, Telegram and other apps; links and e-mail addresses,
// also written "at ... dot com") is flagged; other digit runs (timestamps,
// order numbers) are not. The text is read as people disguise it: NFKC,
// lower case, look-alike letters, invisible characters dropped, spaced-out
// letters joined ("w h a t s a p p") and leetspeak read ("wh4tsapp"). The
// message keeps a warning code and carries the receiver's notice; the
// author gets a separate notice. It is a warning, never a block.
//
// Unread counts are counters on the conversation (low_unread, high_unread)
// with read markers; MarkRead resets them. Unread lists the conversations
// with unread messages, leaving out partners who are hidden, gone, or
// blocked or reported either way.
//
// # Deletion
//
// DeleteMemberData is the account DeleteHook: inside the deletion
// transaction it deletes every conversation of the member with all its
// messages (foreign keys cascade from profiles as well), and publishes
// EventMemberDeleted so that the member's sockets close.
//
// # Errors
//
// Refusals are *apperr.Error values (Kind for HTTP) carrying a reason code
// (ReasonOf) and a member-facing message (MessageOf): invalid,
// empty_message, too_long, not_found, not_in_room, same_gender, blocked,
// chat_off, needs_invitation, needs_verification, needs_plan, rate_limited,
// inactive; anything else is internal.
package chat
