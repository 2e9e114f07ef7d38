import type { PhotoRef } from '../../lib/photos'

/** A member as the chat list and the chat windows show them (spec §3 "Chat user", gateway ChatUser). */
export interface ChatUser {
  /** 10 a groom, 20 a bride. */
  gender: number
  /** The default photo, or nothing when it is protected: then the gender avatar shows. */
  photos: PhotoRef[]
  /** The member's public profile id. */
  profileID: string
  userName: string
}

/** The safety notice of an early message that asks for money or moves the talk off the site. */
export interface ChatWarning {
  code: string
  message: string
}

/** A stored message as the server sends it; ids grow within a room. */
export interface ServerMessage {
  id: number
  roomName: string
  message: string
  /** The author's public profile id. */
  postedBy: string
  /** RFC 3339, UTC. */
  createdAt: string
  clientId?: string
  /** For the receiver: shown when postedBy is not me. */
  warning?: ChatWarning
}

/** Where one of my own messages stands: on its way, stored, or refused/lost (it can be retried). */
export type SendStatus = 'sending' | 'sent' | 'failed'

/** A message in a chat window: a stored one (id) or one of mine still on its way (no id yet). */
export interface ChatMessage {
  id?: number
  /** The idempotency key of my own sends: a retry with the same key never stores twice. */
  clientId?: string
  roomName: string
  message: string
  postedBy: string
  createdAt: string
  warning?: ChatWarning
  status?: SendStatus
  /** Why a send failed, shown next to the retry button. */
  error?: string
  /** The notice the server sent me (the author) about this message. */
  authorWarning?: string
}

/** A chat user with an open or minimised window (spec §3: isChatOpen, messages), plus the conversation's state. */
export interface ChatWindowUser extends ChatUser {
  isChatOpen: boolean
  messages: ChatMessage[]
  /** Known once the server answered getRoomName. */
  roomName: string | null
  /** Older messages remain on the server. */
  hasMore: boolean
  /** An older page is being loaded. */
  loadingOlder: boolean
  /** Messages from the partner I have not read. */
  unread: number
  /** A block (or my own "don't show" mark) ended the chat: nothing can be sent any more. */
  closed: boolean
}

/** One conversation with unread messages. */
export interface UnreadConversation {
  roomName: string
  user: ChatUser
  unread: number
  lastMessageId: number
  /** The latest message (getConversations only). */
  lastMessage?: ServerMessage
}

/** The unread messages across my conversations. */
export interface UnreadSummary {
  total: number
  conversations: UnreadConversation[]
}

/** Where the realtime connection stands. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'unauthorized' | 'tooManyWindows'

/** The initialChatUserMessages payload: a conversation as getRoomName opens it. */
export interface InitialMessages {
  roomName: string
  user: ChatUser
  online: boolean
  messages: ServerMessage[]
  hasMore: boolean
  unread: number
}

/** A page of a room: loadPreviousMessages and loadMessagesSince answers. */
export interface MessagePage {
  roomName: string
  messages: ServerMessage[]
  hasMore: boolean
}

/** The onlineUsersChanged payload: several members came online or went offline within one batch. */
export interface PresenceBatch {
  connected: ChatUser[]
  disconnected: string[]
}

/** Why the server refused a request (chatError, and the ack of a refusal). */
export interface ChatErrorNotice {
  code: string
  message: string
  event: string
  toProfileId?: string
  roomName?: string
  clientId?: string
}

/** The chatWarning payload, to the author of a flagged early message. */
export interface ChatWarningNotice {
  roomName: string
  messageId: number
  clientId?: string
  code: string
  message: string
}

/** The chatClosed payload: a block, or my own "don't show" mark, ended the chat with profileID. */
export interface ChatClosedNotice {
  roomName: string
  profileID: string
}

/** Every ack: {ok: true, ...} or a refusal {ok: false, code, message}. */
export type Ack<T = object> = ({ ok: true } & T) | { ok: false; code: string; message: string }
