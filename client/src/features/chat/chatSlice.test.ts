import reducer, {
  addOnlineUser,
  chatClosed,
  chatReset,
  chatStarted,
  chatWarningReceived,
  clearOnlineUsers,
  closeChatUser,
  connectionChanged,
  conversationOpened,
  markedRead,
  mergeMessages,
  messageReceived,
  messagesCaughtUp,
  minimiseChatUser,
  olderFailed,
  olderLoaded,
  olderRequested,
  onlineUsersChanged,
  openChatUser,
  removeOnlineUser,
  sendAcked,
  sendFailed,
  sendQueued,
  sendRetried,
  setOnlineUsers,
  unreadCountsReceived,
  conversationsReceived,
} from './chatSlice'
import type { ChatState } from './chatSlice'
import type { ChatUser, InitialMessages, ServerMessage } from './types'

const ME = 'TM1000001'
const ASHA: ChatUser = { gender: 20, photos: [{ imagePath: '/media/photos/ab/', images: { small: 's.jpg', large: 'l.jpg' } }], profileID: 'TM2000002', userName: 'Asha Thomas' }
const MERIN: ChatUser = { gender: 20, photos: [], profileID: 'TM3000003', userName: 'Merin Joseph' }
const ROOM = 'chat-TM1000001-TM2000002'

function msg(id: number, postedBy = ASHA.profileID, extra: Partial<ServerMessage> = {}): ServerMessage {
  return { id, roomName: ROOM, message: `m${id}`, postedBy, createdAt: `2026-03-14T10:${String(id % 60).padStart(2, '0')}:00Z`, ...extra }
}

function started(): ChatState {
  return reducer(undefined, chatStarted({ me: ME }))
}

function opened(messages: ServerMessage[] = [msg(1), msg(2, ME)], extra: Partial<InitialMessages> = {}, open = true): ChatState {
  return reducer(started(), conversationOpened({ data: { roomName: ROOM, user: ASHA, online: true, messages, hasMore: false, unread: 0, ...extra }, open }))
}

describe('chat slice: the online list (spec §4: set full list, add, remove by profileID, clear)', () => {
  it('sets the full list, without duplicates or myself', () => {
    const s = reducer(started(), setOnlineUsers([ASHA, MERIN, ASHA, { ...MERIN, profileID: ME }]))
    expect(s.onlineUsers.map((u) => u.profileID)).toEqual([ASHA.profileID, MERIN.profileID])
  })

  it('adds a member, idempotently by profileID (a second add updates)', () => {
    let s = reducer(started(), addOnlineUser(ASHA))
    s = reducer(s, addOnlineUser({ ...ASHA, userName: 'Asha T' }))
    expect(s.onlineUsers).toEqual([{ ...ASHA, userName: 'Asha T' }])
  })

  it('removes by profileID', () => {
    let s = reducer(started(), setOnlineUsers([ASHA, MERIN]))
    s = reducer(s, removeOnlineUser(ASHA.profileID))
    expect(s.onlineUsers).toEqual([MERIN])
  })

  it('clears', () => {
    let s = reducer(started(), setOnlineUsers([ASHA, MERIN]))
    s = reducer(s, clearOnlineUsers())
    expect(s.onlineUsers).toEqual([])
  })

  it('applies a batch of arrivals and departures (onlineUsersChanged)', () => {
    let s = reducer(started(), setOnlineUsers([ASHA]))
    s = reducer(s, onlineUsersChanged({ connected: [MERIN], disconnected: [ASHA.profileID] }))
    expect(s.onlineUsers).toEqual([MERIN])
  })

  it('keeps only the chat user fields of spec §3', () => {
    const s = reducer(started(), addOnlineUser({ ...ASHA, extra: 1 } as ChatUser))
    expect(Object.keys(s.onlineUsers[0]).sort()).toEqual(['gender', 'photos', 'profileID', 'userName'])
  })
})

describe('chat slice: chat users (open, minimise by profileID, close)', () => {
  it('opens a window for a member with the fields of spec §3', () => {
    const s = reducer(started(), openChatUser(ASHA))
    expect(s.chatUsers).toHaveLength(1)
    expect(s.chatUsers[0]).toMatchObject({ ...ASHA, isChatOpen: true, messages: [] })
  })

  it('minimises by profileID, and opening again restores it and brings it to the front', () => {
    let s = reducer(started(), openChatUser(ASHA))
    s = reducer(s, openChatUser(MERIN))
    s = reducer(s, minimiseChatUser(ASHA.profileID))
    expect(s.chatUsers.find((u) => u.profileID === ASHA.profileID)?.isChatOpen).toBe(false)
    s = reducer(s, openChatUser(ASHA))
    expect(s.chatUsers.map((u) => [u.profileID, u.isChatOpen])).toEqual([
      [MERIN.profileID, true],
      [ASHA.profileID, true],
    ])
  })

  it('closes, which removes the chat user', () => {
    let s = reducer(started(), openChatUser(ASHA))
    s = reducer(s, closeChatUser(ASHA.profileID))
    expect(s.chatUsers).toEqual([])
  })
})

describe('chat slice: conversations', () => {
  it('opens a conversation from initialChatUserMessages: room, messages, hasMore, unread', () => {
    const s = opened([msg(1), msg(2, ME)], { hasMore: true, unread: 1 })
    const u = s.chatUsers[0]
    expect(u).toMatchObject({ roomName: ROOM, isChatOpen: true, hasMore: true, unread: 1, closed: false })
    expect(u.messages.map((m) => m.id)).toEqual([1, 2])
  })

  it('a conversation fetched for an incoming message opens minimised', () => {
    const s = opened([msg(1)], {}, false)
    expect(s.chatUsers[0].isChatOpen).toBe(false)
  })

  it('reopening merges the latest page into older messages already loaded and keeps their hasMore', () => {
    let s = opened([msg(60), msg(61)], { hasMore: true })
    s = reducer(s, olderLoaded({ roomName: ROOM, messages: [msg(10), msg(11)], hasMore: false }))
    s = reducer(s, conversationOpened({ data: { roomName: ROOM, user: ASHA, online: true, messages: [msg(61), msg(62)], hasMore: true, unread: 0 }, open: true }))
    expect(s.chatUsers[0].messages.map((m) => m.id)).toEqual([10, 11, 60, 61, 62])
    expect(s.chatUsers[0].hasMore).toBe(false)
  })

  it('adds a received message once, ordered by id, and counts the partner’s as unread', () => {
    let s = opened([msg(1)])
    s = reducer(s, messageReceived(msg(3)))
    s = reducer(s, messageReceived(msg(2)))
    s = reducer(s, messageReceived(msg(3)))
    expect(s.chatUsers[0].messages.map((m) => m.id)).toEqual([1, 2, 3])
    expect(s.chatUsers[0].unread).toBe(2)
    expect(s.unread.total).toBe(2)
    expect(s.unread.conversations[0]).toMatchObject({ roomName: ROOM, unread: 2, lastMessageId: 3 })
  })

  it('my own message from another tab is not unread', () => {
    let s = opened([])
    s = reducer(s, messageReceived(msg(5, ME)))
    expect(s.chatUsers[0].unread).toBe(0)
    expect(s.unread.total).toBe(0)
  })

  it('a message for a room without a window counts in the unread summary (partner known from the online list)', () => {
    let s = reducer(started(), setOnlineUsers([ASHA]))
    s = reducer(s, messageReceived(msg(7)))
    expect(s.chatUsers).toEqual([])
    expect(s.unread.total).toBe(1)
    expect(s.unread.conversations[0]).toMatchObject({ roomName: ROOM, user: ASHA, unread: 1 })
  })

  it('loads older pages: loading flag, merge, hasMore; a failure clears the flag', () => {
    let s = opened([msg(51), msg(52)], { hasMore: true })
    s = reducer(s, olderRequested(ROOM))
    expect(s.chatUsers[0].loadingOlder).toBe(true)
    s = reducer(s, olderLoaded({ roomName: ROOM, messages: [msg(49), msg(50)], hasMore: true }))
    expect(s.chatUsers[0]).toMatchObject({ loadingOlder: false, hasMore: true })
    expect(s.chatUsers[0].messages.map((m) => m.id)).toEqual([49, 50, 51, 52])
    s = reducer(s, olderRequested(ROOM))
    s = reducer(s, olderFailed(ROOM))
    expect(s.chatUsers[0].loadingOlder).toBe(false)
  })

  it('catches up after a reconnection without gaps or duplicates', () => {
    let s = opened([msg(1), msg(2)])
    s = reducer(s, messageReceived(msg(3)))
    s = reducer(s, messagesCaughtUp({ roomName: ROOM, messages: [msg(3), msg(4), msg(5, ME)], hasMore: false }))
    expect(s.chatUsers[0].messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5])
    expect(s.chatUsers[0].unread).toBe(2)
  })
})

describe('chat slice: my sends', () => {
  it('shows a queued message as sending, then the acked one in its place', () => {
    let s = opened([msg(1)])
    s = reducer(s, sendQueued({ roomName: ROOM, clientId: 'c-1', message: 'Hello', createdAt: '2026-03-14T11:00:00Z' }))
    expect(s.chatUsers[0].messages[1]).toMatchObject({ clientId: 'c-1', status: 'sending', postedBy: ME, message: 'Hello' })
    s = reducer(s, sendAcked(msg(2, ME, { clientId: 'c-1', message: 'Hello' })))
    expect(s.chatUsers[0].messages.map((m) => [m.id, m.clientId])).toEqual([
      [1, undefined],
      [2, 'c-1'],
    ])
  })

  it('the message event before the ack replaces the pending copy too, and the ack then adds nothing', () => {
    let s = opened([])
    s = reducer(s, sendQueued({ roomName: ROOM, clientId: 'c-2', message: 'സുഖമാണോ', createdAt: '2026-03-14T11:00:00Z' }))
    s = reducer(s, messageReceived(msg(9, ME, { clientId: 'c-2', message: 'സുഖമാണോ' })))
    s = reducer(s, sendAcked(msg(9, ME, { clientId: 'c-2', message: 'സുഖമാണോ' })))
    expect(s.chatUsers[0].messages).toHaveLength(1)
    expect(s.chatUsers[0].messages[0]).toMatchObject({ id: 9, message: 'സുഖമാണോ' })
  })

  it('a partner message with the same clientId does not settle my pending one', () => {
    let s = opened([])
    s = reducer(s, sendQueued({ roomName: ROOM, clientId: 'same', message: 'mine', createdAt: '2026-03-14T11:00:00Z' }))
    s = reducer(s, messageReceived(msg(4, ASHA.profileID, { clientId: 'same' })))
    expect(s.chatUsers[0].messages.map((m) => m.id ?? m.clientId)).toEqual([4, 'same'])
  })

  it('marks a failed send, and a retry puts it back to sending', () => {
    let s = opened([])
    s = reducer(s, sendQueued({ roomName: ROOM, clientId: 'c-3', message: 'Hi', createdAt: '2026-03-14T11:00:00Z' }))
    s = reducer(s, sendFailed({ clientId: 'c-3', error: 'You are sending messages too fast. Please wait a moment' }))
    expect(s.chatUsers[0].messages[0]).toMatchObject({ status: 'failed', error: 'You are sending messages too fast. Please wait a moment' })
    s = reducer(s, sendRetried('c-3'))
    expect(s.chatUsers[0].messages[0].status).toBe('sending')
    expect(s.chatUsers[0].messages[0].error).toBeUndefined()
  })

  it('attaches the author’s safety notice (chatWarning) to my message, by id or clientId', () => {
    let s = opened([msg(1, ME)])
    s = reducer(s, chatWarningReceived({ roomName: ROOM, messageId: 1, code: 'money', message: 'For your safety…' }))
    expect(s.chatUsers[0].messages[0].authorWarning).toBe('For your safety…')
    s = reducer(s, sendQueued({ roomName: ROOM, clientId: 'c-4', message: 'my upi id', createdAt: '2026-03-14T11:00:00Z' }))
    s = reducer(s, chatWarningReceived({ roomName: ROOM, messageId: 0, clientId: 'c-4', code: 'money', message: 'Careful' }))
    s = reducer(s, sendAcked(msg(2, ME, { clientId: 'c-4' })))
    expect(s.chatUsers[0].messages[1]).toMatchObject({ id: 2, authorWarning: 'Careful' })
  })
})

describe('chat slice: closing, unread counts, connection', () => {
  it('a block ends the chat: closed, pending sends failed, partner off the online list and unread counts', () => {
    let s = reducer(opened([]), setOnlineUsers([ASHA]))
    s = reducer(s, unreadCountsReceived({ total: 3, conversations: [{ roomName: ROOM, user: ASHA, unread: 3, lastMessageId: 9 }] }))
    s = reducer(s, sendQueued({ roomName: ROOM, clientId: 'c-5', message: 'Hi', createdAt: '2026-03-14T11:00:00Z' }))
    s = reducer(s, chatClosed({ roomName: ROOM, profileID: ASHA.profileID }))
    expect(s.chatUsers[0].closed).toBe(true)
    expect(s.chatUsers[0].messages[0].status).toBe('failed')
    expect(s.onlineUsers).toEqual([])
    expect(s.unread).toEqual({ total: 0, conversations: [] })
  })

  it('takes the server’s unread counts and gives each window its own', () => {
    let s = opened([])
    s = reducer(s, unreadCountsReceived({ total: 4, conversations: [{ roomName: ROOM, user: ASHA, unread: 4, lastMessageId: 12 }] }))
    expect(s.unread.total).toBe(4)
    expect(s.chatUsers[0].unread).toBe(4)
    s = reducer(s, unreadCountsReceived({ total: 0, conversations: [] }))
    expect(s.chatUsers[0].unread).toBe(0)
  })

  it('keeps my latest conversations; a new message becomes the last one and moves its conversation to the top', () => {
    const MERIN_ROOM = 'chat-TM1000001-TM3000003'
    let s = reducer(
      started(),
      conversationsReceived([
        { roomName: MERIN_ROOM, user: MERIN, unread: 0, lastMessageId: 9, lastMessage: msg(9, ME, { roomName: MERIN_ROOM }) },
        { roomName: ROOM, user: { ...ASHA, extra: 1 } as ChatUser, unread: 1, lastMessageId: 5, lastMessage: msg(5) },
      ]),
    )
    expect(s.conversations.map((c) => c.roomName)).toEqual([MERIN_ROOM, ROOM])
    expect(Object.keys(s.conversations[1].user)).toEqual(['gender', 'photos', 'profileID', 'userName'])
    s = reducer(s, messageReceived(msg(11)))
    expect(s.conversations.map((c) => c.roomName)).toEqual([ROOM, MERIN_ROOM])
    expect(s.conversations[0].lastMessage?.message).toBe('m11')
    // An older message (a catch-up page) does not replace the last one.
    s = reducer(s, messageReceived(msg(7)))
    expect(s.conversations[0].lastMessageId).toBe(11)
  })

  it('the first message of a chat with an open window lists the conversation at once, with that message', () => {
    let s = opened([])
    expect(s.conversations).toEqual([])
    s = reducer(s, messageReceived(msg(3, ME)))
    expect(s.conversations).toEqual([{ roomName: ROOM, user: ASHA, unread: 0, lastMessageId: 3, lastMessage: msg(3, ME) }])
    // A room without a window waits for getConversations: the partner is not known here.
    s = reducer(s, messageReceived(msg(4, ME, { roomName: 'chat-TM1000001-TM9000009' })))
    expect(s.conversations.map((c) => c.roomName)).toEqual([ROOM])
  })

  it('marking a room read zeroes it at once', () => {
    let s = opened([])
    s = reducer(s, unreadCountsReceived({ total: 5, conversations: [{ roomName: ROOM, user: ASHA, unread: 2, lastMessageId: 12 }, { roomName: 'chat-TM1000001-TM3000003', user: MERIN, unread: 3, lastMessageId: 4 }] }))
    s = reducer(s, markedRead(ROOM))
    expect(s.chatUsers[0].unread).toBe(0)
    expect(s.unread.total).toBe(3)
    expect(s.unread.conversations.map((c) => c.user.profileID)).toEqual([MERIN.profileID])
  })

  it('follows the connection status and forgets everything on reset', () => {
    let s = reducer(opened([]), connectionChanged('connected'))
    expect(s.status).toBe('connected')
    s = reducer(s, chatReset())
    expect(s).toEqual({ status: 'idle', me: null, onlineUsers: [], chatUsers: [], unread: { total: 0, conversations: [] }, conversations: [] })
  })
})

describe('mergeMessages', () => {
  it('dedupes by id, orders by id and keeps unsent messages last', () => {
    const pending = { clientId: 'p', roomName: ROOM, message: 'x', postedBy: ME, createdAt: '', status: 'sending' as const }
    const { messages, added } = mergeMessages([{ ...msg(5) }, pending, { ...msg(2) }], [msg(3), msg(5), msg(1)])
    expect(messages.map((m) => m.id ?? m.clientId)).toEqual([1, 2, 3, 5, 'p'])
    expect(added.map((m) => m.id)).toEqual([3, 1])
  })
})
