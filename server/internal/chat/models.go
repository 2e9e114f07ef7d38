package chat

import (
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/account"
)

// Limits of the chat (product.md "Chat").
const (
	// MaxMessageRunes is the longest message, counted in characters (runes).
	MaxMessageRunes = 2000
	// MaxClientIDLen bounds the client-supplied idempotency key.
	MaxClientIDLen = 64
	// PageSize is how many messages a conversation opens with.
	PageSize = 50
	// MaxPageSize bounds one page of history or catch-up.
	MaxPageSize = 100
	// EarlyChatMessages is how many first messages of each member in a
	// conversation the safety check reads.
	EarlyChatMessages = 50
	// SendLimit messages per SendWindow per member, unless Deps say otherwise.
	SendLimit  = 20
	SendWindow = 10 * time.Second
	// OpenLimit conversation opens and history pages per OpenWindow per member.
	OpenLimit  = 120
	OpenWindow = time.Minute
)

// Gender codes (spec §3): 10 a groom, 20 a bride.
const (
	GenderGroom = 10
	GenderBride = 20
)

// Chat settings a member chooses (profiles.chat_setting).
const (
	SettingVerified = "verified" // any member with a verified e-mail or mobile (the default)
	SettingAccepted = "accepted" // only members whose invitation is accepted
	SettingNobody   = "nobody"   // no new chats
)

// Warning codes of the early-chat safety check.
const (
	WarningMoney   = "money"   // asks for money, payments or bank details
	WarningOffsite = "offsite" // shares a number or moves the talk elsewhere
)

// ChatUser is a member as the chat list and chat windows show them (spec §3
// "Chat user"): gender, photos (the first one, when the viewer may see it),
// public profile id and name.
type ChatUser struct {
	Gender    int             `json:"gender"`
	Photos    []account.Photo `json:"photos"`
	ProfileID string          `json:"profileID"`
	UserName  string          `json:"userName"`
}

// Member is what presence needs to know about a connected member: ids,
// gender, whether the profile is hidden, and the chat user everyone may see
// (protected photos left out).
type Member struct {
	ID     uint64
	Code   string
	Gender int
	Hidden bool
	User   ChatUser
}

// Warning is the safety notice attached to an early message that asks for
// money or moves the talk off the site.
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Message is one stored chat message as clients receive it. PostedBy is the
// author's public profile id; ids grow within a room, so ordering by id is
// ordering by time. Warning, when set, is addressed to the receiver.
type Message struct {
	ID        uint64    `json:"id"`
	RoomName  string    `json:"roomName"`
	Message   string    `json:"message"`
	PostedBy  string    `json:"postedBy"`
	CreatedAt time.Time `json:"createdAt"`
	ClientID  string    `json:"clientId,omitempty"`
	Warning   *Warning  `json:"warning,omitempty"`
}

// Page is a slice of a conversation, oldest first.
type Page struct {
	RoomName string    `json:"roomName"`
	Messages []Message `json:"messages"`
	HasMore  bool      `json:"hasMore"`
}

// Opened is the answer to opening a conversation: the room, the partner as
// the viewer may see them, the latest messages and the viewer's unread count.
type Opened struct {
	RoomName  string
	Partner   ChatUser
	PartnerID uint64
	Messages  []Message
	HasMore   bool
	Unread    int
}

// SendInput is one message to send.
type SendInput struct {
	From     uint64 // the author's profiles.id, from the token
	RoomName string
	Text     string
	ClientID string // optional idempotency key, unique per author
}

// Sent is the outcome of Send.
type Sent struct {
	Message Message
	// Duplicate is true when ClientID had been used: Message is the stored one.
	Duplicate bool
	// SenderWarning, when set, is the safety notice for the author.
	SenderWarning *Warning
	PartnerID     uint64
}

// UnreadConversation is one conversation with messages the member has not read.
type UnreadConversation struct {
	RoomName      string   `json:"roomName"`
	User          ChatUser `json:"user"`
	Unread        int      `json:"unread"`
	LastMessageID uint64   `json:"lastMessageId"`
	// LastMessage is the conversation's latest message (Conversations only).
	LastMessage *Message `json:"lastMessage,omitempty"`
}

// UnreadSummary is a member's unread messages across conversations.
type UnreadSummary struct {
	Total         int                  `json:"total"`
	Conversations []UnreadConversation `json:"conversations"`
}

// Visibility says who a member must not see and who must not see them
// (product.md: blocked either way, and "don't show" marks).
type Visibility struct {
	// HiddenFromMember are the profiles the member must not see: blocked by
	// or blocking the member, or on the member's "don't show" list.
	HiddenFromMember map[uint64]struct{}
	// HiddenFromOthers are the profiles that must not see the member:
	// blocked by or blocking the member, or who marked the member "don't show".
	HiddenFromOthers []uint64
}

// EventKind names what happened in the chat area.
type EventKind string

// The events the service publishes.
const (
	// EventMessage: a message was stored (not published for duplicates).
	EventMessage EventKind = "message"
	// EventMemberDeleted: a member's chat data is being deleted with their account.
	EventMemberDeleted EventKind = "member-deleted"
)

// Event is published to listeners after the change is stored.
type Event struct {
	Kind EventKind
	// From and To are the author and the receiver (EventMessage), or the
	// deleted member in From (EventMemberDeleted).
	From, To uint64
	Message  *Message
	// SenderWarning is the author's safety notice for an early message.
	SenderWarning *Warning
}
