package gateway

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tfmmatrimony/tfm/server/internal/chat"
)

// Events a client emits (spec §7 "Real-time" plus the paging, read and
// unread calls the spec leaves out).
const (
	EventAuthenticate         = "authenticate" // {token}: renew the socket's session before the token expires
	EventRegisterNewUser      = "registerNewUser"
	EventGetRoomName          = "getRoomName"
	EventSendMessage          = "sendMessage"
	EventLoadPreviousMessages = "loadPreviousMessages"
	EventLoadMessagesSince    = "loadMessagesSince"
	EventMarkRead             = "markRead"
	EventGetUnreadCounts      = "getUnreadCounts"
	EventGetConversations     = "getConversations"
)

// Events the server emits.
const (
	EventActiveMatchedProfiles = "sendActiveMatchedProfiles"
	EventUserConnected         = "userConnected"
	EventUserDisconnected      = "userDisConnected" // spelled as the spec spells it
	EventOnlineUsersChanged    = "onlineUsersChanged"
	EventInitialMessages       = "initialChatUserMessages"
	EventMessage               = "message"
	EventPreviousMessages      = "previousMessages"
	EventMessagesSince         = "messagesSince"
	EventUnreadCounts          = "unreadCounts"
	EventConversations         = "conversations"
	EventChatError             = "chatError"
	EventChatWarning           = "chatWarning"
	EventChatClosed            = "chatClosed"
	// EventNotification carries {unread, notification?}: a new in-app
	// notification, or the unread count changed in another tab.
	EventNotification = "notification"
)

// offlineNotice is the userDisConnected payload.
type offlineNotice struct {
	ProfileID string `json:"profileID"`
}

// presenceBatch is the onlineUsersChanged payload: several members came
// online (chat users to add) or went offline (profile ids to remove) within
// one batch window. A member appears at most once, in their latest state.
type presenceBatch struct {
	Connected    []json.RawMessage `json:"connected"`
	Disconnected []string          `json:"disconnected"`
}

// initialMessages is the initialChatUserMessages payload.
type initialMessages struct {
	RoomName string         `json:"roomName"`
	User     chat.ChatUser  `json:"user"`
	Online   bool           `json:"online"`
	Messages []chat.Message `json:"messages"`
	HasMore  bool           `json:"hasMore"`
	Unread   int            `json:"unread"`
}

// chatErrorNotice is the chatError payload: why a request was refused.
type chatErrorNotice struct {
	Code        string `json:"code"`
	Message     string `json:"message"`
	Event       string `json:"event"`
	ToProfileID string `json:"toProfileId,omitempty"`
	RoomName    string `json:"roomName,omitempty"`
	ClientID    string `json:"clientId,omitempty"`
}

// chatWarningNotice is the chatWarning payload sent to the author of an
// early message that asks for money or moves the talk off the site.
type chatWarningNotice struct {
	RoomName  string `json:"roomName"`
	MessageID uint64 `json:"messageId"`
	ClientID  string `json:"clientId,omitempty"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

// chatClosedNotice is the chatClosed payload: the conversation with
// ProfileID ended (a block); the window should stop sending.
type chatClosedNotice struct {
	RoomName  string `json:"roomName"`
	ProfileID string `json:"profileID"`
}

// request reads the first event argument as an object; clients sending
// anything else get an "invalid" refusal.
type request map[string]any

func requestOf(args []any) (request, bool) {
	if len(args) == 0 || args[0] == nil {
		return request{}, true
	}
	m, ok := args[0].(map[string]any)
	return request(m), ok
}

// str returns a string field (numbers are accepted for ids typed as such).
func (r request) str(key string) (string, bool) {
	switch v := r[key].(type) {
	case nil:
		return "", true
	case string:
		return v, true
	case float64:
		if v >= 0 && v == float64(int64(v)) {
			return strconv.FormatInt(int64(v), 10), true
		}
	}
	return "", false
}

// id returns a non-negative integer field, also accepted as a string.
func (r request) id(key string) (uint64, bool) {
	switch v := r[key].(type) {
	case nil:
		return 0, true
	case float64:
		if v >= 0 && v <= 1<<53 && v == float64(uint64(v)) {
			return uint64(v), true
		}
	case string:
		if strings.TrimSpace(v) == "" {
			return 0, true
		}
		n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		return n, err == nil
	}
	return 0, false
}
