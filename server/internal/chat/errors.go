package chat

import (
	"errors"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
)

// Reason codes name why the chat service refused something; the gateway
// sends them to clients as chatError.code, next to a message for people.
const (
	ReasonInvalid           = "invalid"            // the request is malformed
	ReasonEmptyMessage      = "empty_message"      // nothing but spaces
	ReasonTooLong           = "too_long"           // more than MaxMessageRunes characters
	ReasonNotFound          = "not_found"          // no such member, or hidden, deleted or suspended, or one who blocked or reported the caller
	ReasonNotInRoom         = "not_in_room"        // the room is not one of the caller's conversations
	ReasonSameGender        = "same_gender"        // chat is between a bride and a groom
	ReasonBlocked           = "blocked"            // the caller blocked or reported the member
	ReasonChatOff           = "chat_off"           // the member accepts no chats ("nobody")
	ReasonNeedsInvitation   = "needs_invitation"   // the member chats only with accepted invitations
	ReasonNeedsVerification = "needs_verification" // the member chats only with verified members
	ReasonNeedsPlan         = "needs_plan"         // a free member starts chats only with accepted invitations
	ReasonDontShow          = "dont_show"          // the caller put the member on their "don't show" list
	ReasonRateLimited       = "rate_limited"       // too many messages or requests
	ReasonInactive          = "inactive"           // the caller's own account is suspended or gone
	ReasonInternal          = "internal"           // anything unexpected
)

// Messages shown to members for each refusal.
const (
	MsgInvalid           = "Invalid chat request"
	MsgEmptyMessage      = "Please type a message"
	MsgTooLong           = "A message can be at most 2,000 characters"
	MsgNotFound          = "This profile is not available"
	MsgNotInRoom         = "You are not part of this chat"
	MsgSameGender        = "Chat is only between brides and grooms"
	MsgBlocked           = "You cannot chat with this member"
	MsgChatOff           = "This member is not accepting chats"
	MsgNeedsInvitation   = "This member chats only with members whose invitation they accepted"
	MsgNeedsVerification = "Verify your email or mobile number to start a chat with this member"
	MsgNeedsPlan         = "Upgrade your plan to start a chat, or send an invitation and chat once it is accepted"
	MsgDontShow          = "You chose not to see this member. Show them again to chat"
	MsgRateLimited       = "You are sending messages too fast. Please wait a moment"
	MsgInactive          = "Please log in again"
	MsgInternal          = "Something went wrong, please try again"
)

// reasonError carries a reason code inside an apperr.Error.
type reasonError struct{ code string }

func (e reasonError) Error() string { return "chat: " + e.code }

// refuse builds the typed error of a refusal: kind for the HTTP table,
// reason for socket clients.
func refuse(kind apperr.Kind, reason, msg string) error {
	return &apperr.Error{Kind: kind, Message: msg, Err: reasonError{reason}}
}

// ReasonOf returns the reason code of an error from this package, or
// ReasonInternal for any other error (and "" for nil).
func ReasonOf(err error) string {
	if err == nil {
		return ""
	}
	var r reasonError
	if errors.As(err, &r) {
		return r.code
	}
	return ReasonInternal
}

// MessageOf returns the member-facing message of err: the apperr message of
// a refusal, a generic one for anything else (causes stay in logs).
func MessageOf(err error) string {
	if e, ok := apperr.As(err); ok && e.Message != "" && e.Kind != apperr.Internal {
		return e.Message
	}
	return MsgInternal
}
