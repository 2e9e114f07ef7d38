import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import type {
  ChatClosedNotice,
  ChatMessage,
  ChatUser,
  ChatWarningNotice,
  ChatWindowUser,
  ConnectionStatus,
  InitialMessages,
  MessagePage,
  PresenceBatch,
  ServerMessage,
  UnreadConversation,
  UnreadSummary,
} from './types'

/** Chat state of spec §3 (onlineUsers, chatUsers) plus what the windows need: connection, unread counts. */
export interface ChatState {
  status: ConnectionStatus
  /** My public profile id: messages posted by anyone else are the partner's (spec §4). */
  me: string | null
  onlineUsers: ChatUser[]
  chatUsers: ChatWindowUser[]
  unread: UnreadSummary
  /** My latest conversations (getConversations), newest first, each with its last message. */
  conversations: UnreadConversation[]
}

const initialState: ChatState = {
  status: 'idle',
  me: null,
  onlineUsers: [],
  chatUsers: [],
  unread: { total: 0, conversations: [] },
  conversations: [],
}

/** Just the chat user fields of spec §3, whatever else the object carries. */
function asChatUser(u: ChatUser): ChatUser {
  return { gender: u.gender, photos: u.photos ?? [], profileID: u.profileID, userName: u.userName }
}

function newWindow(u: ChatUser, isChatOpen: boolean): ChatWindowUser {
  return { ...asChatUser(u), isChatOpen, messages: [], roomName: null, hasMore: false, loadingOlder: false, unread: 0, closed: false }
}

/** Moves the chat user to the end of the list, where the newest window goes (nearest the chat list). */
function toFront(state: ChatState, index: number): ChatWindowUser {
  const [u] = state.chatUsers.splice(index, 1)
  state.chatUsers.push(u)
  return u
}

function findByRoom(state: ChatState, roomName: string): ChatWindowUser | undefined {
  return state.chatUsers.find((u) => u.roomName === roomName)
}

/** The largest stored message id of a window (0 when none): the point catch-up continues from. */
export function lastMessageId(messages: ChatMessage[]): number {
  let max = 0
  for (const m of messages) if (m.id !== undefined && m.id > max) max = m.id
  return max
}

/** The smallest stored message id (0 when none): older pages are loaded before it. */
export function firstMessageId(messages: ChatMessage[]): number {
  let min = 0
  for (const m of messages) if (m.id !== undefined && (min === 0 || m.id < min)) min = m.id
  return min
}

function fromServer(m: ServerMessage): ChatMessage {
  const out: ChatMessage = { id: m.id, roomName: m.roomName, message: m.message, postedBy: m.postedBy, createdAt: m.createdAt }
  if (m.clientId) out.clientId = m.clientId
  if (m.warning) out.warning = m.warning
  return out
}

/**
 * Merges stored messages into a window's list: one entry per id, ordered by id, and a stored message replaces my
 * pending one with the same clientId. Messages still on their way (no id) stay at the end in the order sent.
 * Returns the merged list and the incoming messages that were not on screen before.
 */
export function mergeMessages(list: ChatMessage[], incoming: ServerMessage[]): { messages: ChatMessage[]; added: ServerMessage[] } {
  const byId = new Map<number, ChatMessage>()
  const pending: ChatMessage[] = []
  for (const m of list) {
    if (m.id === undefined) pending.push(m)
    else byId.set(m.id, m)
  }
  const added: ServerMessage[] = []
  // Client ids are unique per author: a pending message is settled by its author's stored copy.
  const key = (postedBy: string, clientId: string) => postedBy + '\n' + clientId
  const settled = new Set<string>()
  for (const m of incoming) {
    if (m.clientId) settled.add(key(m.postedBy, m.clientId))
    const had = byId.get(m.id)
    if (had) {
      // Keep what only the client knows (the author's notice).
      byId.set(m.id, { ...fromServer(m), authorWarning: had.authorWarning })
      continue
    }
    byId.set(m.id, fromServer(m))
    added.push(m)
  }
  const stored = [...byId.values()].sort((a, b) => a.id! - b.id!)
  for (const p of pending) {
    const stillPending = !p.clientId || !settled.has(key(p.postedBy, p.clientId))
    if (stillPending) stored.push(p)
    else {
      // The pending copy knew the author's notice already (chatWarning can come before the ack).
      const s = stored.find((m) => m.clientId === p.clientId && m.postedBy === p.postedBy)
      if (s && p.authorWarning && !s.authorWarning) s.authorWarning = p.authorWarning
    }
  }
  // A pending message whose stored copy arrived is not "added": it was on screen already.
  return { messages: stored, added: added.filter((m) => !(m.clientId && pending.some((p) => p.clientId === m.clientId && p.postedBy === m.postedBy))) }
}

/**
 * A stored message becomes its conversation's last message and moves it to the top. A conversation not listed yet
 * (its first message) is added when its window tells who the partner is; otherwise it waits for getConversations.
 */
function bumpConversation(state: ChatState, m: ServerMessage, partner: ChatUser | undefined) {
  const i = state.conversations.findIndex((c) => c.roomName === m.roomName)
  if (i < 0) {
    if (partner) state.conversations.unshift({ roomName: m.roomName, user: asChatUser(partner), unread: 0, lastMessageId: m.id, lastMessage: m })
    return
  }
  if ((state.conversations[i].lastMessageId ?? 0) > m.id) return
  const [c] = state.conversations.splice(i, 1)
  c.lastMessage = m
  c.lastMessageId = m.id
  state.conversations.unshift(c)
}

/** Adds a partner's new messages to the unread summary (a room without an entry gets one when the partner is known). */
function countUnread(state: ChatState, roomName: string, added: ServerMessage[], user: ChatUser | undefined, deduped: boolean) {
  const theirs = added.filter((m) => m.postedBy !== state.me)
  if (!theirs.length) return
  const last = Math.max(...theirs.map((m) => m.id))
  let conv = state.unread.conversations.find((c) => c.roomName === roomName)
  if (!conv) {
    if (!user) {
      state.unread.total += theirs.length
      return
    }
    conv = { roomName, user: asChatUser(user), unread: 0, lastMessageId: 0 }
    state.unread.conversations.unshift(conv)
  }
  // Without a window there is no list to dedupe against: only ids past the last known one are new.
  const fresh = deduped ? theirs : theirs.filter((m) => m.id > conv.lastMessageId)
  conv.unread += fresh.length
  conv.lastMessageId = Math.max(conv.lastMessageId, last)
  state.unread.total += fresh.length
}

/** New messages in a window: merged in, and the partner's counted unread there and in the summary. */
function addMessages(state: ChatState, u: ChatWindowUser, incoming: ServerMessage[]) {
  const { messages, added } = mergeMessages(u.messages, incoming)
  u.messages = messages
  u.unread += added.filter((a) => a.postedBy !== state.me).length
  if (u.roomName) countUnread(state, u.roomName, added, u, true)
}

const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    /** The connection was started for me (my public profile id). */
    chatStarted(state, action: PayloadAction<{ me: string }>) {
      state.me = action.payload.me
      state.status = 'connecting'
    },
    /** The connection changed state. */
    connectionChanged(state, action: PayloadAction<ConnectionStatus>) {
      state.status = action.payload
    },
    /** Logout: forget everything. */
    chatReset() {
      return initialState
    },

    /** Online list: set the full list (sendActiveMatchedProfiles). */
    setOnlineUsers(state, action: PayloadAction<ChatUser[]>) {
      const seen = new Set<string>()
      state.onlineUsers = []
      for (const u of action.payload) {
        if (!u?.profileID || seen.has(u.profileID) || u.profileID === state.me) continue
        seen.add(u.profileID)
        state.onlineUsers.push(asChatUser(u))
      }
    },
    /** Online list: add one member (userConnected); adding someone already listed updates them. */
    addOnlineUser(state, action: PayloadAction<ChatUser>) {
      const u = action.payload
      if (!u?.profileID || u.profileID === state.me) return
      const i = state.onlineUsers.findIndex((o) => o.profileID === u.profileID)
      if (i >= 0) state.onlineUsers[i] = asChatUser(u)
      else state.onlineUsers.push(asChatUser(u))
    },
    /** Online list: remove by profileID (userDisConnected). */
    removeOnlineUser(state, action: PayloadAction<string>) {
      state.onlineUsers = state.onlineUsers.filter((u) => u.profileID !== action.payload)
    },
    /** Online list: clear (the connection dropped; the next registration brings the full list again). */
    clearOnlineUsers(state) {
      state.onlineUsers = []
    },
    /** Online list: a batch of arrivals and departures (onlineUsersChanged). */
    onlineUsersChanged(state, action: PayloadAction<PresenceBatch>) {
      const gone = new Set(action.payload.disconnected ?? [])
      const arrived = (action.payload.connected ?? []).filter((u) => u?.profileID && u.profileID !== state.me)
      const arrivedIds = new Set(arrived.map((u) => u.profileID))
      state.onlineUsers = state.onlineUsers.filter((u) => !gone.has(u.profileID) && !arrivedIds.has(u.profileID))
      for (const u of arrived) if (!gone.has(u.profileID)) state.onlineUsers.push(asChatUser(u))
    },

    /** Chat users: open the window of a member (new, or a minimised one restored and brought to the front). */
    openChatUser(state, action: PayloadAction<ChatUser>) {
      const i = state.chatUsers.findIndex((u) => u.profileID === action.payload.profileID)
      if (i < 0) {
        state.chatUsers.push(newWindow(action.payload, true))
        return
      }
      toFront(state, i).isChatOpen = true
    },
    /** Chat users: minimise a window by profileID (isChatOpen false). */
    minimiseChatUser(state, action: PayloadAction<string>) {
      const u = state.chatUsers.find((c) => c.profileID === action.payload)
      if (u) u.isChatOpen = false
    },
    /** Chat users: close a window, which removes the chat user. */
    closeChatUser(state, action: PayloadAction<string>) {
      state.chatUsers = state.chatUsers.filter((u) => u.profileID !== action.payload)
    },

    /** getRoomName answered (initialChatUserMessages): the window gets its room, latest messages and unread count. */
    conversationOpened(state, action: PayloadAction<{ data: InitialMessages; open: boolean }>) {
      const { data, open } = action.payload
      if (!data?.user?.profileID || !data.roomName) return
      let i = state.chatUsers.findIndex((u) => u.profileID === data.user.profileID)
      if (i < 0) {
        state.chatUsers.push(newWindow(data.user, open))
        i = state.chatUsers.length - 1
      }
      const u = open ? toFront(state, i) : state.chatUsers[i]
      if (open) u.isChatOpen = true
      Object.assign(u, asChatUser(data.user))
      const hadOlder = firstMessageId(u.messages) !== 0 && (data.messages.length === 0 || firstMessageId(u.messages) < data.messages[0].id)
      u.roomName = data.roomName
      u.messages = mergeMessages(u.messages, data.messages ?? []).messages
      if (!hadOlder) u.hasMore = data.hasMore
      u.unread = data.unread ?? 0
      u.closed = false
      u.loadingOlder = false
    },
    /** A message was stored (message event): mine from any tab, or the partner's. */
    messageReceived(state, action: PayloadAction<ServerMessage>) {
      const m = action.payload
      if (!m?.roomName || typeof m.id !== 'number') return
      const u = findByRoom(state, m.roomName)
      bumpConversation(state, m, u)
      if (!u) {
        const partner = m.postedBy === state.me ? undefined : state.onlineUsers.find((o) => o.profileID === m.postedBy)
        countUnread(state, m.roomName, [m], partner, false)
        return
      }
      addMessages(state, u, [m])
    },
    /** Older messages are being loaded for a room. */
    olderRequested(state, action: PayloadAction<string>) {
      const u = findByRoom(state, action.payload)
      if (u) u.loadingOlder = true
    },
    /** An older page arrived (loadPreviousMessages). */
    olderLoaded(state, action: PayloadAction<MessagePage>) {
      const u = findByRoom(state, action.payload.roomName)
      if (!u) return
      u.messages = mergeMessages(u.messages, action.payload.messages ?? []).messages
      u.hasMore = action.payload.hasMore
      u.loadingOlder = false
    },
    /** Loading an older page failed. */
    olderFailed(state, action: PayloadAction<string>) {
      const u = findByRoom(state, action.payload)
      if (u) u.loadingOlder = false
    },
    /** Messages missed while disconnected arrived (loadMessagesSince). */
    messagesCaughtUp(state, action: PayloadAction<MessagePage>) {
      const u = findByRoom(state, action.payload.roomName)
      if (u) addMessages(state, u, action.payload.messages ?? [])
    },

    /** I sent a message: it shows at once, marked as sending. */
    sendQueued(state, action: PayloadAction<{ roomName: string; clientId: string; message: string; createdAt: string }>) {
      const { roomName, clientId, message, createdAt } = action.payload
      const u = findByRoom(state, roomName)
      if (!u || !state.me) return
      u.messages.push({ clientId, roomName, message, postedBy: state.me, createdAt, status: 'sending' })
    },
    /** The server stored my message (the ack): the pending copy becomes the stored one. */
    sendAcked(state, action: PayloadAction<ServerMessage>) {
      const u = findByRoom(state, action.payload.roomName)
      if (u) u.messages = mergeMessages(u.messages, [action.payload]).messages
    },
    /** My message was refused or lost: it stays, marked failed, with a retry. */
    sendFailed(state, action: PayloadAction<{ clientId: string; error: string }>) {
      for (const u of state.chatUsers) {
        const m = u.messages.find((x) => x.id === undefined && x.clientId === action.payload.clientId)
        if (m) {
          m.status = 'failed'
          m.error = action.payload.error
        }
      }
    },
    /** A failed message is sent again (same clientId, so it is never stored twice). */
    sendRetried(state, action: PayloadAction<string>) {
      for (const u of state.chatUsers) {
        const m = u.messages.find((x) => x.id === undefined && x.clientId === action.payload)
        if (m) {
          m.status = 'sending'
          delete m.error
        }
      }
    },
    /** The server flagged one of my early messages (chatWarning): the notice shows under it. */
    chatWarningReceived(state, action: PayloadAction<ChatWarningNotice>) {
      const n = action.payload
      const u = findByRoom(state, n.roomName)
      const m = u?.messages.find((x) => (n.messageId && x.id === n.messageId) || (n.clientId && x.clientId === n.clientId))
      if (m) m.authorWarning = n.message
    },
    /**
     * A block I made, my own "don't show" mark (chatClosed), or a partner who is no longer there (a send refused
     * not_found) ended the chat: the window shows it and takes no more messages.
     */
    chatClosed(state, action: PayloadAction<ChatClosedNotice>) {
      const { roomName, profileID } = action.payload
      for (const u of state.chatUsers) {
        if (u.roomName !== roomName && u.profileID !== profileID) continue
        u.closed = true
        for (const m of u.messages) {
          if (m.id === undefined && m.status === 'sending') {
            m.status = 'failed'
            m.error = 'This chat has ended'
          }
        }
      }
      state.onlineUsers = state.onlineUsers.filter((o) => o.profileID !== profileID)
      const conv = state.unread.conversations.find((c) => c.roomName === roomName)
      if (conv) {
        state.unread.total = Math.max(0, state.unread.total - conv.unread)
        state.unread.conversations = state.unread.conversations.filter((c) => c !== conv)
      }
    },
    /** The unread counts from the server (unreadCounts): they replace the local ones. */
    unreadCountsReceived(state, action: PayloadAction<UnreadSummary>) {
      const conversations = action.payload?.conversations ?? []
      state.unread = { total: action.payload?.total ?? 0, conversations: conversations.map((c) => ({ ...c, user: asChatUser(c.user) })) }
      for (const u of state.chatUsers) u.unread = conversations.find((c) => c.roomName === u.roomName)?.unread ?? 0
    },
    /** My latest conversations from the server (getConversations): they replace the list. */
    conversationsReceived(state, action: PayloadAction<UnreadConversation[]>) {
      state.conversations = (action.payload ?? []).filter((c) => c?.roomName && c.user?.profileID).map((c) => ({ ...c, user: asChatUser(c.user) }))
    },
    /** I read a room (markRead sent): its unread count goes to zero at once. */
    markedRead(state, action: PayloadAction<string>) {
      const u = findByRoom(state, action.payload)
      if (u) u.unread = 0
      const conv = state.unread.conversations.find((c) => c.roomName === action.payload)
      if (conv) {
        state.unread.total = Math.max(0, state.unread.total - conv.unread)
        state.unread.conversations = state.unread.conversations.filter((c) => c !== conv)
      }
    },
  },
})

export const {
  chatStarted,
  connectionChanged,
  chatReset,
  setOnlineUsers,
  addOnlineUser,
  removeOnlineUser,
  clearOnlineUsers,
  onlineUsersChanged,
  openChatUser,
  minimiseChatUser,
  closeChatUser,
  conversationOpened,
  messageReceived,
  olderRequested,
  olderLoaded,
  olderFailed,
  messagesCaughtUp,
  sendQueued,
  sendAcked,
  sendFailed,
  sendRetried,
  chatWarningReceived,
  chatClosed,
  unreadCountsReceived,
  conversationsReceived,
  markedRead,
} = chatSlice.actions
export default chatSlice.reducer

type WithChat = { chat: ChatState }
/** The connection state. */
export const selectChatStatus = (s: WithChat) => s.chat.status
/** My public profile id as the chat knows it. */
export const selectChatMe = (s: WithChat) => s.chat.me
/** Online members of the other gender. */
export const selectOnlineUsers = (s: WithChat) => s.chat.onlineUsers
/** Members with an open or minimised window, oldest first. */
export const selectChatUsers = (s: WithChat) => s.chat.chatUsers
/** Unread messages across conversations. */
export const selectUnread = (s: WithChat) => s.chat.unread
/** My latest conversations with their last message, newest first. */
export const selectConversations = (s: WithChat) => s.chat.conversations
