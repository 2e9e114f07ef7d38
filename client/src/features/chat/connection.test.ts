import type { Dispatch } from '@reduxjs/toolkit'
import { refreshAccessToken } from '../../api/api'
import type { RefreshOutcome } from '../../api/api'
import { tokenStore, tokensRefreshed } from '../../api/session'
import { loggedOut, sessionStarted } from '../../entities/account'
import { minimiseChatUser } from './chatSlice'
import type { MemberProfile } from '../../entities/account'
import { describeFetch, fakeJwt, jsonResponse } from '../../test/utils'
import { REAUTH_LEAD_MS, REAUTH_RETRIES, chatCommands, windowsKey } from './connection'
import type { OpenOutcome } from './connection'
import { chatTestStore, flush, memoryStorage } from './testing'
import type { ChatUser, ServerMessage } from './types'

const ME = 'TM1000001'
const OLD = fakeJwt({ pid: ME, sub: '1', exp: 1 })
const NEW = fakeJwt({ pid: ME, sub: '1', exp: 4_102_444_800 })
const PROFILE = { profileID: ME, userName: 'Joel Mathew', gender: 10, basic: { gender: 10 }, photos: [], completedSteps: 30 } as unknown as MemberProfile
const ASHA: ChatUser = { gender: 20, photos: [], profileID: 'TM2000002', userName: 'Asha Thomas' }
const ROOM = 'chat-TM1000001-TM2000002'

function msg(id: number, postedBy = ASHA.profileID, extra: Partial<ServerMessage> = {}): ServerMessage {
  return { id, roomName: ROOM, message: `m${id}`, postedBy, createdAt: '2026-03-14T10:00:00Z', ...extra }
}

/** A signed-in member whose profile has loaded, with the socket connected. */
async function connected(deps: Parameters<typeof chatTestStore>[0] = {}) {
  tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
  let n = 0
  const t = chatTestStore({ newClientId: () => `cid-${++n}`, ...deps })
  t.store.dispatch(sessionStarted({ token: OLD, profile: PROFILE }))
  await flush()
  t.socket().open()
  return t
}

/** Opens the window with Asha: getRoomName, initialChatUserMessages, ack. */
async function openAsha(t: Awaited<ReturnType<typeof connected>>, messages: ServerMessage[] = []) {
  const outcome = t.store.dispatch(chatCommands.open({ toProfileId: ASHA.profileID })) as unknown as Promise<OpenOutcome>
  const req = t.socket().pending('getRoomName')
  expect(req.payload).toEqual({ toProfileId: ASHA.profileID })
  t.socket().fire('initialChatUserMessages', { roomName: ROOM, user: ASHA, online: true, messages, hasMore: false, unread: 0 })
  req.reply!({ ok: true, roomName: ROOM })
  return outcome
}

describe('the chat connection middleware', () => {
  afterEach(() => vi.restoreAllMocks())

  it('connects only after the profile has loaded, with the spec §9 options and a token read on every attempt', async () => {
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const t = chatTestStore()
    t.store.dispatch(sessionStarted({ token: OLD }))
    await flush()
    expect(t.sockets).toHaveLength(0)
    t.store.dispatch(sessionStarted({ token: OLD, profile: PROFILE }))
    await flush()
    expect(t.sockets).toHaveLength(1)
    const s = t.socket()
    expect(s.opts).toMatchObject({
      path: '/engine.io',
      transports: ['polling', 'websocket'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    })
    expect(s.connectCalls).toBe(1)
    expect(t.store.getState().chat).toMatchObject({ me: ME, status: 'connecting' })
    const auth = vi.fn()
    s.opts.auth(auth)
    expect(auth).toHaveBeenLastCalledWith({ token: OLD })
    tokenStore.save({ token: NEW, refreshToken: 'refresh-2' })
    s.opts.auth(auth)
    expect(auth).toHaveBeenLastCalledWith({ token: NEW })
  })

  it('registers on connect and turns presence events into online-list actions', async () => {
    const t = await connected()
    const s = t.socket()
    expect(s.sent('registerNewUser')).toHaveLength(1)
    expect(t.store.getState().chat.status).toBe('connected')
    const merin: ChatUser = { gender: 20, photos: [], profileID: 'TM3000003', userName: 'Merin' }
    s.fire('sendActiveMatchedProfiles', [ASHA])
    s.fire('userConnected', merin)
    expect(t.store.getState().chat.onlineUsers.map((u) => u.profileID)).toEqual([ASHA.profileID, merin.profileID])
    s.fire('userDisConnected', { profileID: ASHA.profileID })
    expect(t.store.getState().chat.onlineUsers.map((u) => u.profileID)).toEqual([merin.profileID])
    s.fire('onlineUsersChanged', { connected: [ASHA], disconnected: [merin.profileID] })
    expect(t.store.getState().chat.onlineUsers.map((u) => u.profileID)).toEqual([ASHA.profileID])
    s.fire('unreadCounts', { total: 2, conversations: [{ roomName: ROOM, user: ASHA, unread: 2, lastMessageId: 7 }] })
    expect(t.store.getState().chat.unread.total).toBe(2)
    s.drop()
    expect(t.store.getState().chat).toMatchObject({ status: 'reconnecting', onlineUsers: [] })
  })

  it('asks for my latest conversations on connect, and again when a message opens a new one', async () => {
    const t = await connected()
    const s = t.socket()
    await flush()
    const req = s.pending('getConversations')
    req.reply!({ ok: true, total: 0, conversations: [{ roomName: ROOM, user: ASHA, unread: 0, lastMessageId: 3, lastMessage: msg(3) }] })
    expect(t.store.getState().chat.conversations.map((c) => c.roomName)).toEqual([ROOM])
    s.fire('message', msg(4))
    expect(t.store.getState().chat.conversations[0].lastMessage?.id).toBe(4)
    expect(s.sent('getConversations')).toHaveLength(1)
    // A message in a room not listed yet: the list is fetched again, once for a burst.
    const other = 'chat-TM1000001-TM3000003'
    vi.useFakeTimers()
    try {
      s.fire('message', msg(5, 'TM3000003', { roomName: other }))
      s.fire('message', msg(6, 'TM3000003', { roomName: other }))
      vi.advanceTimersByTime(600)
    } finally {
      vi.useRealTimers()
    }
    expect(s.sent('getConversations')).toHaveLength(2)
  })

  it('opens a window when getRoomName is answered, and shows a refusal without one', async () => {
    const notify = vi.fn()
    const t = await connected({ notify })
    await expect(openAsha(t, [msg(1), msg(2, ME)])).resolves.toEqual({ ok: true })
    const u = t.store.getState().chat.chatUsers[0]
    expect(u).toMatchObject({ profileID: ASHA.profileID, isChatOpen: true, roomName: ROOM })
    expect(u.messages.map((m) => m.id)).toEqual([1, 2])

    const other = t.store.dispatch(chatCommands.open({ toProfileId: 'TM3000003' })) as unknown as Promise<OpenOutcome>
    const req = t.socket().pending('getRoomName')
    const refusal = { code: 'needs_plan', message: 'Upgrade your plan to start a chat, or send an invitation and chat once it is accepted' }
    t.socket().fire('chatError', { ...refusal, event: 'getRoomName', toProfileId: 'TM3000003' })
    req.reply!({ ok: false, ...refusal })
    await expect(other).resolves.toEqual({ ok: false, ...refusal })
    expect(notify).toHaveBeenCalledWith(refusal.message)
    expect(t.store.getState().chat.chatUsers).toHaveLength(1)
  })

  it('sends with a clientId, shows the stored message after the ack, and never sends an empty one', async () => {
    const t = await connected()
    await openAsha(t)
    expect(t.store.dispatch(chatCommands.send({ roomName: ROOM, message: '   ' }))).toBe(false)
    expect(t.socket().sent('sendMessage')).toHaveLength(0)

    expect(t.store.dispatch(chatCommands.send({ roomName: ROOM, message: ' വണക്കം 🙏 ' }))).toBe(true)
    const req = t.socket().pending('sendMessage')
    expect(req.payload).toEqual({ roomName: ROOM, message: 'വണക്കം 🙏', clientId: 'cid-1' })
    expect(t.store.getState().chat.chatUsers[0].messages[0]).toMatchObject({ status: 'sending', clientId: 'cid-1' })
    const stored = msg(5, ME, { clientId: 'cid-1', message: 'വണക്കം 🙏' })
    t.socket().fire('message', stored)
    req.reply!({ ok: true, message: stored, duplicate: false })
    expect(t.store.getState().chat.chatUsers[0].messages).toEqual([
      { id: 5, roomName: ROOM, message: 'വണക്കം 🙏', postedBy: ME, createdAt: stored.createdAt, clientId: 'cid-1' },
    ])
  })

  it('refuses a message over 2,000 characters (counted as people count them) before sending', async () => {
    const notify = vi.fn()
    const t = await connected({ notify })
    await openAsha(t)
    expect(t.store.dispatch(chatCommands.send({ roomName: ROOM, message: 'സ'.repeat(2000) }))).toBe(true)
    expect(t.store.dispatch(chatCommands.send({ roomName: ROOM, message: '😀'.repeat(2001) }))).toBe(false)
    expect(notify).toHaveBeenCalledWith('A message can be at most 2,000 characters')
    expect(t.socket().sent('sendMessage')).toHaveLength(1)
  })

  it('marks a refused send failed (chatError toasts it) and retries it with the same clientId', async () => {
    const notify = vi.fn()
    const t = await connected({ notify })
    await openAsha(t)
    t.store.dispatch(chatCommands.send({ roomName: ROOM, message: 'Hello' }))
    const first = t.socket().pending('sendMessage')
    const refusal = { code: 'rate_limited', message: 'You are sending messages too fast. Please wait a moment' }
    t.socket().fire('chatError', { ...refusal, event: 'sendMessage', roomName: ROOM, clientId: 'cid-1' })
    first.reply!({ ok: false, ...refusal })
    expect(notify).toHaveBeenCalledWith(refusal.message)
    expect(t.store.getState().chat.chatUsers[0].messages[0]).toMatchObject({ status: 'failed', error: refusal.message })

    t.store.dispatch(chatCommands.retry({ clientId: 'cid-1' }))
    const again = t.socket().pending('sendMessage')
    expect(again.payload).toEqual({ roomName: ROOM, message: 'Hello', clientId: 'cid-1' })
    expect(t.store.getState().chat.chatUsers[0].messages[0].status).toBe('sending')
    again.reply!({ ok: true, message: msg(3, ME, { clientId: 'cid-1', message: 'Hello' }), duplicate: false })
    expect(t.store.getState().chat.chatUsers[0].messages[0]).toMatchObject({ id: 3, clientId: 'cid-1' })
  })

  it('ends the window when a send is refused not_found (a vanished partner, or one who blocked me: alike)', async () => {
    const t = await connected({ notify: vi.fn() })
    await openAsha(t)
    expect(t.store.getState().chat.chatUsers[0].closed).toBeFalsy()
    t.store.dispatch(chatCommands.send({ roomName: ROOM, message: 'Are you there?' }))
    const req = t.socket().pending('sendMessage')
    const refusal = { code: 'not_found', message: 'This profile is not available' }
    t.socket().fire('chatError', { ...refusal, event: 'sendMessage', roomName: ROOM, clientId: 'cid-1' })
    req.reply!({ ok: false, ...refusal })
    expect(t.store.getState().chat.chatUsers[0]).toMatchObject({ closed: true })
  })

  it('after a reconnection catches up page by page from the last id, without gaps or duplicates, and resends what was pending', async () => {
    const t = await connected()
    await openAsha(t, [msg(1), msg(2)])
    const s = t.socket()
    s.drop()
    // Sent while offline: shown as sending, not emitted yet.
    t.store.dispatch(chatCommands.send({ roomName: ROOM, message: 'Are you there?' }))
    expect(s.sent('sendMessage')).toHaveLength(0)

    s.open()
    expect(s.sent('registerNewUser')).toHaveLength(2)
    const page1 = s.pending('loadMessagesSince')
    expect(page1.payload).toEqual({ roomName: ROOM, after: 2, limit: 100 })
    const resend = s.pending('sendMessage')
    expect(resend.payload).toEqual({ roomName: ROOM, message: 'Are you there?', clientId: 'cid-1' })

    // A live message arrives while the catch-up is under way: it is in the pages too.
    s.fire('message', msg(4))
    page1.reply!({ ok: true, roomName: ROOM, messages: [msg(3), msg(4)], hasMore: true })
    const page2 = s.pending('loadMessagesSince')
    expect(page2.payload).toEqual({ roomName: ROOM, after: 4, limit: 100 })
    page2.reply!({ ok: true, roomName: ROOM, messages: [msg(5), msg(6, ME, { clientId: 'cid-1', message: 'Are you there?' })], hasMore: false })
    resend.reply!({ ok: true, message: msg(6, ME, { clientId: 'cid-1', message: 'Are you there?' }), duplicate: true })

    expect(s.sent('loadMessagesSince')).toHaveLength(2)
    const u = t.store.getState().chat.chatUsers[0]
    expect(u.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(u.unread).toBe(3)
  })

  it('fetches the conversation, minimised, when a message arrives for a room without a window', async () => {
    const t = await connected()
    const s = t.socket()
    s.fire('message', msg(8))
    const req = s.pending('getRoomName')
    expect(req.payload).toEqual({ toProfileId: ASHA.profileID })
    s.fire('initialChatUserMessages', { roomName: ROOM, user: ASHA, online: true, messages: [msg(8)], hasMore: false, unread: 1 })
    req.reply!({ ok: true, roomName: ROOM })
    expect(t.store.getState().chat.chatUsers[0]).toMatchObject({ profileID: ASHA.profileID, isChatOpen: false, unread: 1 })
  })

  it('passes warnings and the end of a chat to the windows', async () => {
    const t = await connected()
    await openAsha(t, [msg(1, ME)])
    const s = t.socket()
    s.fire('chatWarning', { roomName: ROOM, messageId: 1, code: 'offsite', message: 'For your safety, keep early conversations on the site' })
    expect(t.store.getState().chat.chatUsers[0].messages[0].authorWarning).toBe('For your safety, keep early conversations on the site')
    s.fire('chatClosed', { roomName: ROOM, profileID: ASHA.profileID })
    expect(t.store.getState().chat.chatUsers[0].closed).toBe(true)
    expect(t.store.dispatch(chatCommands.send({ roomName: ROOM, message: 'Hello?' }))).toBe(false)
  })

  it('brings an ended chat back when its partner shows up online again (an unblock), and leaves it ended if refused', async () => {
    const t = await connected()
    await openAsha(t, [msg(1, ME)])
    const s = t.socket()
    s.fire('chatClosed', { roomName: ROOM, profileID: ASHA.profileID })
    s.fire('userConnected', { ...ASHA, profileID: 'TM2000009' }) // someone else: nothing to ask
    expect(() => s.pending('getRoomName')).toThrow()

    s.fire('userConnected', ASHA)
    const refused = s.pending('getRoomName')
    expect(refused.payload).toEqual({ toProfileId: ASHA.profileID })
    refused.reply!({ ok: false, code: 'blocked', message: 'You cannot chat with this member' })
    expect(t.store.getState().chat.chatUsers[0]).toMatchObject({ closed: true, roomName: ROOM })

    // Refused once: not asked again on every presence change, only after a new ending or the member's own open.
    s.fire('onlineUsersChanged', { connected: [ASHA], disconnected: [] })
    expect(() => s.pending('getRoomName')).toThrow()
    s.fire('chatClosed', { roomName: ROOM, profileID: ASHA.profileID })
    s.fire('onlineUsersChanged', { connected: [ASHA], disconnected: [] })
    const req = s.pending('getRoomName')
    s.fire('initialChatUserMessages', { roomName: ROOM, user: ASHA, online: true, messages: [msg(1, ME)], hasMore: false, unread: 0 })
    req.reply!({ ok: true, roomName: ROOM })
    expect(t.store.getState().chat.chatUsers[0]).toMatchObject({ closed: false, isChatOpen: true })
    expect(t.store.dispatch(chatCommands.send({ roomName: ROOM, message: 'Hello again' }))).toBe(true)

    // Opening an ended window asks for the room again (the member may have lifted the mark meanwhile).
    s.fire('chatClosed', { roomName: ROOM, profileID: ASHA.profileID })
    const opening = t.store.dispatch(chatCommands.open({ toProfileId: ASHA.profileID })) as unknown as Promise<OpenOutcome>
    const ask = s.pending('getRoomName')
    const dontShow = { code: 'dont_show', message: 'You chose not to see this member. Show them again to chat' }
    ask.reply!({ ok: false, ...dontShow })
    await expect(opening).resolves.toEqual({ ok: false, ...dontShow })
    expect(t.store.getState().chat.chatUsers[0].closed).toBe(true)
  })

  it('marks a room read up to its last message', async () => {
    const t = await connected()
    await openAsha(t, [msg(1), msg(4)])
    t.store.dispatch(chatCommands.markRead({ roomName: ROOM }))
    expect(t.socket().sent('markRead').map((e) => e.payload)).toEqual([{ roomName: ROOM, lastId: 4 }])
  })

  it('loads the page before the oldest message', async () => {
    const t = await connected()
    const outcome = t.store.dispatch(chatCommands.open({ toProfileId: ASHA.profileID })) as unknown as Promise<OpenOutcome>
    const s = t.socket()
    s.fire('initialChatUserMessages', { roomName: ROOM, user: ASHA, online: true, messages: [msg(51), msg(52)], hasMore: true, unread: 0 })
    s.pending('getRoomName').reply!({ ok: true, roomName: ROOM })
    await outcome
    t.store.dispatch(chatCommands.loadOlder({ roomName: ROOM }))
    t.store.dispatch(chatCommands.loadOlder({ roomName: ROOM })) // already loading: nothing more
    expect(s.sent('loadPreviousMessages').map((e) => e.payload)).toEqual([{ roomName: ROOM, before: 51, limit: 50 }])
    s.pending('loadPreviousMessages').reply!({ ok: true, roomName: ROOM, messages: [msg(49), msg(50)], hasMore: false })
    expect(t.store.getState().chat.chatUsers[0]).toMatchObject({ hasMore: false, loadingOlder: false })
    expect(t.store.getState().chat.chatUsers[0].messages.map((m) => m.id)).toEqual([49, 50, 51, 52])
  })

  it('on "token_expired" runs one refresh, then connects again with the new token', async () => {
    const refresh = vi.fn(async (_dispatch: unknown, _usedToken: string | null) => {
      tokenStore.save({ token: NEW, refreshToken: 'refresh-2' })
      return 'ok' as const
    })
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const t = chatTestStore({ refresh })
    t.store.dispatch(sessionStarted({ token: OLD, profile: PROFILE }))
    await flush()
    const s = t.socket()
    s.opts.auth(() => {}) // the attempt that the server refuses
    s.refuse('token_expired')
    expect(t.store.getState().chat.status).toBe('reconnecting')
    await flush()
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh.mock.calls[0][1]).toBe(OLD)
    expect(s.connectCalls).toBe(2)
    const auth = vi.fn()
    s.opts.auth(auth)
    expect(auth).toHaveBeenCalledWith({ token: NEW })
  })

  it('shares the REST layer’s refresh: the socket and two API calls expiring together exchange the token once', async () => {
    let exchanges = 0
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      if (req.url.endsWith('/auth/exchange-token')) {
        exchanges++
        await new Promise((r) => setTimeout(r, 20))
        return jsonResponse({ meta: { code: 200, message: 'OK' }, data: { token: NEW, refreshToken: 'refresh-2', expiresIn: 900 } })
      }
      return jsonResponse({ meta: { code: 404, message: 'no' }, data: null }, 404)
    })
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const t = chatTestStore({ refresh: refreshAccessToken })
    t.store.dispatch(sessionStarted({ token: OLD, profile: PROFILE }))
    await flush()
    const s = t.socket()
    s.opts.auth(() => {})
    s.refuse('token_expired')
    const others = [refreshAccessToken(t.store.dispatch, OLD), refreshAccessToken(t.store.dispatch, OLD)]
    await Promise.all(others)
    await flush(10)
    expect(exchanges).toBe(1)
    expect(tokenStore.token()).toBe(NEW)
    expect(s.connectCalls).toBe(2)
  })

  it('stops on "unauthorized"', async () => {
    const refresh = vi.fn()
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const t = chatTestStore({ refresh })
    t.store.dispatch(sessionStarted({ token: OLD, profile: PROFILE }))
    await flush()
    t.socket().refuse('unauthorized')
    await flush(5)
    expect(t.store.getState().chat.status).toBe('unauthorized')
    expect(refresh).not.toHaveBeenCalled()
    expect(t.socket().connectCalls).toBe(1)
  })

  it('says so, and tries again later, when the chat is open in too many windows', async () => {
    vi.useFakeTimers()
    try {
      const refresh = vi.fn()
      tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
      const t = chatTestStore({ refresh })
      t.store.dispatch(sessionStarted({ token: OLD, profile: PROFILE }))
      await vi.advanceTimersByTimeAsync(0)
      t.socket().refuse('too_many_connections')
      await vi.advanceTimersByTimeAsync(0)
      expect(t.store.getState().chat.status).toBe('tooManyWindows')
      expect(refresh).not.toHaveBeenCalled()
      expect(t.socket().connectCalls).toBe(1)
      await vi.advanceTimersByTimeAsync(30_000)
      expect(t.socket().connectCalls).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('disconnects and forgets the chat on logout', async () => {
    const t = await connected()
    await openAsha(t, [msg(1)])
    const s = t.socket()
    t.store.dispatch(loggedOut())
    expect(s.disconnectCalls).toBe(1)
    expect(t.store.getState().chat).toMatchObject({ status: 'idle', me: null, chatUsers: [], onlineUsers: [] })
    // Events of the old socket change nothing any more.
    s.fire('userConnected', ASHA)
    expect(t.store.getState().chat.onlineUsers).toEqual([])
  })

  it('brings this tab’s windows back after a reload, as they were, and forgets them on logout', async () => {
    const storage = memoryStorage()
    const first = await connected({ storage: () => storage })
    await openAsha(first, [msg(1)])
    first.store.dispatch(minimiseChatUser(ASHA.profileID))
    expect(JSON.parse(storage.getItem(windowsKey(ME))!)).toEqual([{ user: ASHA, isChatOpen: false }])

    // The page reloads: a new store, the same tab.
    const notify = vi.fn()
    const t = await connected({ storage: () => storage, notify })
    expect(t.store.getState().chat.chatUsers).toMatchObject([{ profileID: ASHA.profileID, isChatOpen: false, roomName: null }])
    const req = t.socket().pending('getRoomName')
    expect(req.payload).toEqual({ toProfileId: ASHA.profileID })
    t.socket().fire('initialChatUserMessages', { roomName: ROOM, user: ASHA, online: true, messages: [msg(1), msg(2)], hasMore: false, unread: 1 })
    req.reply!({ ok: true, roomName: ROOM })
    expect(t.store.getState().chat.chatUsers[0]).toMatchObject({ roomName: ROOM, isChatOpen: false, unread: 1 })

    t.store.dispatch(loggedOut())
    expect(storage.getItem(windowsKey(ME))).toBeNull()
    expect(notify).not.toHaveBeenCalled()
  })

  it('drops a restored window that may no longer open, without a toast', async () => {
    const storage = memoryStorage()
    storage.setItem(windowsKey(ME), JSON.stringify([{ user: ASHA, isChatOpen: true }]))
    const notify = vi.fn()
    const t = await connected({ storage: () => storage, notify })
    const req = t.socket().pending('getRoomName')
    const refusal = { code: 'blocked', message: 'You cannot chat with this member' }
    t.socket().fire('chatError', { ...refusal, event: 'getRoomName', toProfileId: ASHA.profileID })
    req.reply!({ ok: false, ...refusal })
    expect(t.store.getState().chat.chatUsers).toEqual([])
    expect(notify).not.toHaveBeenCalled()
  })

  it('does not connect for a profile already in a preloaded state (tests rendering pages)', async () => {
    const t = chatTestStore({}, { account: { isLoggedIn: true, token: OLD, authUser: { profileID: ME }, profile: PROFILE, reloadProfile: false, tokenAction: false, reloadMatches: false } })
    t.store.dispatch({ type: 'anything' })
    await flush()
    expect(t.sockets).toHaveLength(0)
  })
})

describe('keeping the connection’s token fresh (authenticate)', () => {
  /** A fixed "now" for the fake clock, in ms. */
  const NOW = 1_800_000_000_000
  const SEC = NOW / 1000
  /** An access token of the fake clock's time that expires after ttl seconds. */
  const tokenFor = (ttl: number, n: number) => fakeJwt({ pid: ME, sub: '1', exp: SEC + ttl, n })
  const T1 = tokenFor(900, 1)

  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  /** A refresh stub that stores the next token and tells the store, as the REST layer's refresh does. */
  function refresher(tokens: string[], outcome: RefreshOutcome = 'ok') {
    let i = 0
    return vi.fn(async (dispatch: Dispatch, _usedToken: string | null): Promise<RefreshOutcome> => {
      if (outcome !== 'ok') return outcome
      const token = tokens[i++]
      tokenStore.save({ token, refreshToken: `refresh-${i + 1}` })
      dispatch(tokensRefreshed({ token, refreshToken: `refresh-${i + 1}` }))
      return 'ok'
    })
  }

  /** Signed in with token on a fake clock, the socket connected with it (auth read it), renewal without jitter. */
  async function connectedWith(token: string, deps: Parameters<typeof chatTestStore>[0] = {}) {
    vi.useFakeTimers({ now: NOW })
    tokenStore.save({ token, refreshToken: 'refresh-1' })
    const t = chatTestStore({ reauthJitter: 0, ...deps })
    t.store.dispatch(sessionStarted({ token, profile: PROFILE }))
    await vi.advanceTimersByTimeAsync(0)
    const s = t.socket()
    s.opts.auth(() => {})
    s.open()
    return { ...t, s }
  }

  it('about a minute before the token expires, gets a fresh one through the REST layer’s refresh and sends it once; the ack’s expiresAt sets the next renewal', async () => {
    const T2 = tokenFor(1800, 2)
    const T3 = tokenFor(2700, 3)
    const refresh = refresher([T2, T3])
    const { s } = await connectedWith(T1, { refresh })
    await vi.advanceTimersByTimeAsync(900_000 - REAUTH_LEAD_MS - 1000)
    expect(refresh).not.toHaveBeenCalled()
    expect(s.sent('authenticate')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(2000)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh.mock.calls[0][1]).toBe(T1)
    // The refresh's tokensRefreshed and the renewal itself send the new token once between them.
    expect(s.sent('authenticate').map((e) => e.payload)).toEqual([{ token: T2 }])
    s.pending('authenticate').reply!({ ok: true, expiresAt: SEC + 1800 })
    // The next renewal follows the server's expiresAt.
    await vi.advanceTimersByTimeAsync(1800_000 - 900_000 - 2000)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(refresh).toHaveBeenCalledTimes(2)
    expect(refresh.mock.calls[1][1]).toBe(T2)
    expect(s.pending('authenticate').payload).toEqual({ token: T3 })
    expect(s.connected).toBe(true)
  })

  it('shares the REST layer’s single refresh: one exchange-token, then authenticate with the new token', async () => {
    const T2 = tokenFor(1800, 2)
    const exchanged: unknown[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      if (!req.url.endsWith('/auth/exchange-token')) return jsonResponse({ meta: { code: 404, message: 'no' }, data: null }, 404)
      exchanged.push(await req.body())
      return jsonResponse({ meta: { code: 200, message: 'OK' }, data: { token: T2, refreshToken: 'refresh-2', expiresIn: 900 } })
    })
    const t = await connectedWith(T1, { refresh: refreshAccessToken })
    await vi.advanceTimersByTimeAsync(900_000 - REAUTH_LEAD_MS + 1000)
    expect(exchanged).toEqual([{ refreshToken: 'refresh-1' }])
    expect(tokenStore.token()).toBe(T2)
    expect(t.store.getState().account.token).toBe(T2)
    expect(t.s.sent('authenticate').map((e) => e.payload)).toEqual([{ token: T2 }])
  })

  it('sends tokens refreshed elsewhere (tokensRefreshed) at once, and renews by the new token’s expiry', async () => {
    const T2 = tokenFor(1800, 2)
    const refresh = refresher([])
    const { store, s } = await connectedWith(T1, { refresh })
    await vi.advanceTimersByTimeAsync(60_000)
    tokenStore.save({ token: T2, refreshToken: 'refresh-2' })
    store.dispatch(tokensRefreshed({ token: T2, refreshToken: 'refresh-2' }))
    store.dispatch(tokensRefreshed({ token: T2, refreshToken: 'refresh-2' }))
    expect(s.sent('authenticate').map((e) => e.payload)).toEqual([{ token: T2 }])
    s.pending('authenticate').reply!({ ok: true, expiresAt: SEC + 1800 })
    // T1's renewal time passes quietly: the connection now holds T2.
    await vi.advanceTimersByTimeAsync(900_000)
    expect(refresh).not.toHaveBeenCalled()
    expect(s.sent('authenticate')).toHaveLength(1)
  })

  it('renews at once when the server says the token ran out (chatError token_expired), without a toast', async () => {
    const T2 = tokenFor(1800, 2)
    const refresh = refresher([T2])
    const notify = vi.fn()
    const { s } = await connectedWith(T1, { refresh, notify })
    s.fire('chatError', { code: 'token_expired', event: 'authenticate', message: 'Your session has expired' })
    await vi.advanceTimersByTimeAsync(0)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh.mock.calls[0][1]).toBe(T1)
    expect(s.pending('authenticate').payload).toEqual({ token: T2 })
    expect(notify).not.toHaveBeenCalled()
  })

  it('on a "token_expired" answer refreshes once more and sends the newer token', async () => {
    const T2 = tokenFor(1800, 2)
    const T3 = tokenFor(1800, 3)
    const refresh = refresher([T2, T3])
    const { s } = await connectedWith(T1, { refresh })
    await vi.advanceTimersByTimeAsync(900_000 - REAUTH_LEAD_MS)
    s.pending('authenticate').reply!({ ok: false, code: 'token_expired', message: 'Your session has expired' })
    await vi.advanceTimersByTimeAsync(0)
    expect(refresh).toHaveBeenCalledTimes(2)
    expect(refresh.mock.calls[1][1]).toBe(T2)
    expect(s.pending('authenticate').payload).toEqual({ token: T3 })
  })

  it('treats an "unauthorized" answer as the end of the session: the chat stops, with no more renewals or reconnections', async () => {
    const T2 = tokenFor(1800, 2)
    const refresh = refresher([T2])
    const t = await connectedWith(T1, { refresh })
    await vi.advanceTimersByTimeAsync(900_000 - REAUTH_LEAD_MS)
    t.s.pending('authenticate').reply!({ ok: false, code: 'unauthorized', message: 'Please log in again' })
    expect(t.store.getState().chat.status).toBe('unauthorized')
    expect(t.s.disconnectCalls).toBe(1)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(t.s.connectCalls).toBe(1)
    expect(t.sockets).toHaveLength(1)
  })

  it('stops the chat on chatError "unauthorized" for authenticate (the server closes such a socket), and does not connect again', async () => {
    const T2 = fakeJwt({ pid: 'TM9999999', sub: '9', exp: SEC + 900 })
    const notify = vi.fn()
    const t = await connectedWith(T1, { refresh: refresher([]), notify })
    // Another member logged in in another tab: their token reaches this tab as a refresh.
    tokenStore.save({ token: T2, refreshToken: 'refresh-9' })
    t.store.dispatch(tokensRefreshed({ token: T2, refreshToken: 'refresh-9' }))
    expect(t.s.pending('authenticate').payload).toEqual({ token: T2 })
    t.s.fire('chatError', { code: 'unauthorized', event: 'authenticate', message: 'Please log in again' })
    expect(t.store.getState().chat.status).toBe('unauthorized')
    expect(t.s.disconnectCalls).toBe(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(t.s.connectCalls).toBe(1)
    expect(notify).not.toHaveBeenCalled()
  })

  it('stops the chat when the refresh says the session is over', async () => {
    const refresh = refresher([], 'ended')
    const t = await connectedWith(T1, { refresh })
    await vi.advanceTimersByTimeAsync(900_000 - REAUTH_LEAD_MS)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(t.store.getState().chat.status).toBe('unauthorized')
    expect(t.s.disconnectCalls).toBe(1)
    expect(t.s.sent('authenticate')).toHaveLength(0)
  })

  it('tries an unanswered authenticate again a few times, then leaves it to the reconnection', async () => {
    const T2 = tokenFor(1800, 2)
    const refresh = refresher([T2])
    const { s } = await connectedWith(T1, { refresh, retryDelay: 1000 })
    await vi.advanceTimersByTimeAsync(900_000 - REAUTH_LEAD_MS)
    for (let i = 1; i <= REAUTH_RETRIES; i++) {
      s.pending('authenticate').fail!()
      await vi.advanceTimersByTimeAsync(1000 * i)
      expect(s.sent('authenticate')).toHaveLength(i + 1)
    }
    s.pending('authenticate').fail!()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(s.sent('authenticate').map((e) => e.payload)).toEqual(Array(REAUTH_RETRIES + 1).fill({ token: T2 }))
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('cancels the renewal when the connection drops, starts it again on reconnection, and cancels it on logout', async () => {
    const T2 = tokenFor(1800, 2)
    const refresh = refresher([T2])
    const t = await connectedWith(T1, { refresh })
    t.s.drop()
    await vi.advanceTimersByTimeAsync(900_000)
    expect(refresh).not.toHaveBeenCalled()
    // Back with a token of the new time (another tab refreshed meanwhile): renewed by its expiry.
    tokenStore.save({ token: T2, refreshToken: 'refresh-2' })
    t.s.opts.auth(() => {})
    t.s.open()
    await vi.advanceTimersByTimeAsync(1800_000 - 900_000 - REAUTH_LEAD_MS - 1000)
    expect(refresh).not.toHaveBeenCalled()
    t.store.dispatch(loggedOut())
    expect(t.s.disconnectCalls).toBe(1)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(refresh).not.toHaveBeenCalled()
    expect(t.s.sent('authenticate')).toHaveLength(0)
  })

  it('renews a token already close to its expiry at once on connection, but never more often than every 30 s', async () => {
    const short = (n: number) => tokenFor(20, n) // a clock far out of step: every token looks nearly expired
    const refresh = refresher([short(2), short(3), short(4)])
    const { s } = await connectedWith(short(1), { refresh })
    await vi.advanceTimersByTimeAsync(0)
    expect(refresh).toHaveBeenCalledTimes(1)
    s.pending('authenticate').reply!({ ok: true, expiresAt: SEC + 20 })
    await vi.advanceTimersByTimeAsync(29_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})

describe('notifications on the chat socket', () => {
  afterEach(() => vi.restoreAllMocks())

  it('turns the socket notification event into the unread count, and ignores one without a count', async () => {
    const t = await connected()
    const s = t.socket()
    expect(t.store.getState().notifications.unread).toBeNull()
    const n = { id: 9, type: 'invitationReceived', message: 'Asha Thomas sent you an invitation', link: '/inbox/received', read: false, createdAt: '2026-03-14T10:00:00Z' }
    const seen: unknown[] = []
    t.store.subscribe(() => seen.push(t.store.getState().notifications.unread))
    s.fire('notification', { unread: 4, notification: n })
    expect(t.store.getState().notifications.unread).toBe(4)
    s.fire('notification', { unread: 2 })
    expect(t.store.getState().notifications.unread).toBe(2)
    // Not a count: ignored.
    s.fire('notification', { unread: 'many' })
    s.fire('notification', null)
    expect(t.store.getState().notifications.unread).toBe(2)
    expect(seen).toEqual([4, 2])
  })
})
