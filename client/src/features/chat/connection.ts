import { createAction } from '@reduxjs/toolkit'
import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit'
import { refreshAccessToken } from '../../api/api'
import type { RefreshOutcome } from '../../api/api'
import { decodeToken, tokenStore } from '../../api/session'
import { notifyError } from '../../app/notify'
import type { AccountState } from '../../entities/account'
import { notificationPushed, notificationsResync } from '../../entities/notification'
import type { NotificationPush } from '../../entities/notification'
import {
  addOnlineUser,
  chatClosed,
  chatReset,
  chatStarted,
  chatWarningReceived,
  clearOnlineUsers,
  connectionChanged,
  conversationOpened,
  firstMessageId,
  lastMessageId,
  markedRead,
  messageReceived,
  messagesCaughtUp,
  olderFailed,
  olderLoaded,
  olderRequested,
  onlineUsersChanged,
  openChatUser,
  closeChatUser,
  minimiseChatUser,
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
import type {
  Ack,
  ChatClosedNotice,
  ChatErrorNotice,
  ChatUser,
  ChatWarningNotice,
  InitialMessages,
  MessagePage,
  PresenceBatch,
  ServerMessage,
  UnreadConversation,
  UnreadSummary,
} from './types'

/** The longest message, in characters as people count them (the server counts the same way). */
export const MAX_MESSAGE_CHARS = 2000
/** The server's message for a message that is too long. */
export const TOO_LONG_MESSAGE = 'A message can be at most 2,000 characters'
/** Messages per page when loading older history. */
export const PAGE_SIZE = 50
/** Messages per page when catching up after a reconnection (the server's maximum). */
export const CATCH_UP_PAGE = 100

/** Counts characters as people see them (Malayalam, Tamil and emoji are not two UTF-16 units each). */
export function charCount(text: string): number {
  return [...text].length
}

/** The subset of a socket.io-client Socket the chat uses; tests pass a fake one. */
export interface ChatSocket {
  readonly connected: boolean
  /** True while the client keeps (re)connecting by itself; false after the server refused the connection. */
  readonly active: boolean
  on(event: string, listener: (...args: never[]) => void): unknown
  emit(event: string, ...args: unknown[]): unknown
  timeout(ms: number): { emit(event: string, ...args: unknown[]): unknown }
  connect(): unknown
  disconnect(): unknown
}

/** The options the chat connects with (spec §7 and §9). */
export interface ChatSocketOptions {
  path: string
  transports: string[]
  reconnectionDelay: number
  reconnectionDelayMax: number
  randomizationFactor: number
  timeout: number
  forceNew: boolean
  autoConnect: boolean
  /** Called on every (re)connection, so each attempt sends the current access token. */
  auth: (cb: (data: { token: string }) => void) => void
}

/** Socket endpoint and timings: long-polling first, then the websocket upgrade; 20 s connect timeout; 1–5 s reconnect delay, jitter 0.5. */
export const SOCKET_OPTIONS = {
  path: '/engine.io',
  transports: ['polling', 'websocket'],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const

/** How long before its access token expires a connected socket authenticates again with a fresh one. */
export const REAUTH_LEAD_MS = 60_000
/** Up to this much more lead, at random, so that several tabs of one browser do not renew at the same instant. */
export const REAUTH_JITTER_MS = 15_000
/** The shortest time between two renewals of a socket's token (a clock far out of step cannot make it spin). */
export const REAUTH_MIN_INTERVAL_MS = 30_000
/** How many times an authenticate that went unanswered (or was refused for a passing reason) is tried again. */
export const REAUTH_RETRIES = 3
/** setTimeout's longest delay; a token that lives longer is not renewed ahead (the connection renews it when it comes back). */
const MAX_TIMER_MS = 2_147_483_647

/** The authenticate ack: when the server now lets the connection's token run out (unix seconds). */
type AuthenticateAck = Ack<{ expiresAt?: number }>

/** What the chat middleware needs from the outside world; tests replace any of it. */
export interface ChatDeps {
  /** Makes the socket; the app's loads socket.io-client on first use, so visitors never download it. */
  createSocket: (opts: ChatSocketOptions) => ChatSocket | Promise<ChatSocket>
  /** The REST layer's single token refresh. */
  refresh: (dispatch: Dispatch, usedToken: string | null) => Promise<RefreshOutcome>
  token: () => string | null
  /** How long to wait for an ack before a send counts as failed. */
  ackTimeout: number
  /** How long to wait before connecting again after the server refused for a passing reason. */
  retryDelay: number
  /** The most extra lead, at random, of a token's renewal ahead of its expiry (REAUTH_JITTER_MS). */
  reauthJitter: number
  notify: (message: string) => void
  newClientId: () => string
  /** Where this tab keeps its windows across reloads (sessionStorage); null keeps nothing. */
  storage: () => Storage | null
}

/** A fresh idempotency key for a message (visible ASCII, at most 64 characters, as the server wants). */
export function newClientId(): string {
  const c = typeof crypto !== 'undefined' ? crypto : undefined
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = new Uint8Array(16)
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Date.now().toString(36) + '-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

const defaultDeps: ChatDeps = {
  createSocket: async (opts) => {
    const { io } = await import('socket.io-client')
    return io(opts) as unknown as ChatSocket
  },
  refresh: refreshAccessToken,
  token: () => tokenStore.token(),
  ackTimeout: 20_000,
  retryDelay: 5_000,
  reauthJitter: REAUTH_JITTER_MS,
  notify: notifyError,
  newClientId,
  storage: () => {
    try {
      return typeof sessionStorage !== 'undefined' ? sessionStorage : null
    } catch {
      return null
    }
  },
}

/** The sessionStorage key of a member's windows in this tab. */
export function windowsKey(profileID: string): string {
  return `tfm-chat-windows:${profileID}`
}

/** What is kept of a window across a reload: who, and whether it was open or minimised. */
interface SavedWindow {
  user: ChatUser
  isChatOpen: boolean
}

function readSaved(storage: Storage | null, key: string): SavedWindow[] {
  try {
    const raw = storage?.getItem(key)
    const list: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(list) ? (list as SavedWindow[]).filter((w) => typeof w?.user?.profileID === 'string') : []
  } catch {
    return []
  }
}

/** What the member asks the chat to do; the middleware that owns the socket carries it out. */
export const chatCommands = {
  /** Open the window with a member (getRoomName); resolves to the outcome. */
  open: createAction<{ toProfileId: string }>('chat/command/open'),
  /** Send a message in a room. */
  send: createAction<{ roomName: string; message: string }>('chat/command/send'),
  /** Send a failed message again, with the same clientId. */
  retry: createAction<{ clientId: string }>('chat/command/retry'),
  /** Load the page before the oldest message shown. */
  loadOlder: createAction<{ roomName: string }>('chat/command/loadOlder'),
  /** Mark a room read up to its last message. */
  markRead: createAction<{ roomName: string }>('chat/command/markRead'),
}

/** How opening a chat ended: a window, or the server's reason why not. */
export interface OpenOutcome {
  ok: boolean
  /** The server's reason code of a refusal (needs_plan, chat_off, blocked...). */
  code?: string
  message?: string
}

/** The state the chat middleware reads. */
export interface ChatRootState {
  account: AccountState
  chat: ChatState
}

/** The events whose refusal the member caused and should read about; background calls fail quietly. */
const TOASTED_EVENTS = new Set(['getRoomName', 'sendMessage', 'loadPreviousMessages'])

const NOT_CONNECTED = 'Chat is connecting. Please try again in a moment.'
const NO_ANSWER = 'Chat did not answer. Please try again.'
const NOT_SENT = 'Not sent. Check your connection and try again.'

/**
 * The chat connection as a Redux middleware (architecture example 8): it owns the Socket.IO socket, so the socket
 * never enters the state. It connects once the member's profile has loaded, disconnects on logout, turns socket
 * events into chat slice actions, and carries out the chatCommands (which resolve through dispatch's return value).
 * The server drops a connection whose access token ran out, so while connected it hands the server a fresh token
 * (authenticate) about a minute before the current one expires, and whenever the tokens were refreshed elsewhere.
 */
export function createChatMiddleware(overrides: Partial<ChatDeps> = {}): Middleware<object, ChatRootState> {
  const deps: ChatDeps = { ...defaultDeps, ...overrides }
  return (store) => {
    const dispatch = store.dispatch as Dispatch<UnknownAction>
    const chat = () => store.getState().chat
    let socket: ChatSocket | null = null
    let me: string | null = null
    let usedToken: string | null = null
    let refreshes = 0
    let retryTimer: ReturnType<typeof setTimeout> | null = null
    /** The renewal of the connection's token ahead of its expiry (or the next try of a failed authenticate). */
    let authTimer: ReturnType<typeof setTimeout> | null = null
    /** The token the server holds for the connection: the one it connected with, or the last it accepted in authenticate. */
    let liveToken: string | null = null
    /** The token of the authenticate awaiting its ack. */
    let sendingToken: string | null = null
    /** A refresh for the connection's token is under way. */
    let renewing = false
    /** When the token was last renewed ahead (Date.now()), for REAUTH_MIN_INTERVAL_MS. */
    let lastRenewal = 0
    /** Authenticates in a row that got no answer or a passing refusal; and refreshes in a row after "token_expired". */
    let authFailures = 0
    let expiredAnswers = 0
    /** Counts connections: the acks and refreshes of an earlier one change nothing. */
    let link = 0
    /** This member's socket has connected before: a new connection follows a break, in which notifications may have come. */
    let connectedBefore = false
    /** Members whose window the member asked to open (as opposed to opened by an incoming message). */
    const wanted = new Set<string>()
    /** Partners whose conversation is fetched in the background: a message came for a room without a window, or a window came back after a reload. */
    const fetching = new Set<string>()
    /** The latest attempt per clientId: acks of superseded attempts are ignored. */
    const attempts = new Map<string, number>()

    const clearRetry = () => {
      if (retryTimer) clearTimeout(retryTimer)
      retryTimer = null
    }
    const retryLater = (s: ChatSocket, delay = deps.retryDelay) => {
      clearRetry()
      retryTimer = setTimeout(() => {
        retryTimer = null
        if (socket === s && !s.connected) s.connect()
      }, delay)
    }

    const clearAuthTimer = () => {
      if (authTimer) clearTimeout(authTimer)
      authTimer = null
    }
    /** Forgets the connection's token: it dropped, or the chat stopped. */
    const resetAuth = () => {
      clearAuthTimer()
      link++
      liveToken = null
      sendingToken = null
      renewing = false
      authFailures = 0
      expiredAnswers = 0
    }
    const current = (s: ChatSocket, l: number) => socket === s && l === link && s.connected

    /** The expiry of a token in ms, or null when it carries none. */
    const expiryOf = (token: string | null): number | null => {
      const exp = decodeToken(token)?.exp
      return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
    }

    /**
     * Sets the renewal of the connection's token about a minute before it expires (expiresAt, unix seconds, as
     * the server said; else the token's exp): the server drops a connection whose token ran out.
     */
    function scheduleRenewal(s: ChatSocket, expiresAt?: number) {
      clearAuthTimer()
      const expiry = typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt * 1000 : expiryOf(liveToken)
      if (expiry === null) return
      const now = Date.now()
      const lead = REAUTH_LEAD_MS + Math.random() * deps.reauthJitter
      const delay = Math.max(expiry - lead - now, lastRenewal + REAUTH_MIN_INTERVAL_MS - now, 0)
      if (delay > MAX_TIMER_MS) return
      const l = link
      authTimer = setTimeout(() => {
        authTimer = null
        if (current(s, l)) renew(s)
      }, delay)
    }

    /** Tries an authenticate again a little later; after REAUTH_RETRIES the connection waits to be dropped and comes back with a fresh token. */
    function retryAuthLater(s: ChatSocket) {
      clearAuthTimer()
      if (++authFailures > REAUTH_RETRIES) return
      const l = link
      authTimer = setTimeout(() => {
        authTimer = null
        if (current(s, l)) renew(s)
      }, deps.retryDelay * authFailures)
    }

    /** The server no longer takes this session's tokens: the chat stops, as when it refuses a connection as "unauthorized". */
    function refusedSession(s: ChatSocket) {
      resetAuth()
      clearRetry()
      s.disconnect()
      dispatch(clearOnlineUsers())
      dispatch(connectionChanged('unauthorized'))
    }

    /** Gives the server a new access token for the open connection (authenticate). */
    function authenticate(s: ChatSocket, token: string) {
      if (!s.connected || token === sendingToken || (token === liveToken && sendingToken === null)) return
      sendingToken = token
      const l = link
      s.timeout(deps.ackTimeout).emit('authenticate', { token }, (err: unknown, ack?: AuthenticateAck) => {
        if (!current(s, l) || sendingToken !== token) return
        sendingToken = null
        if (!err && ack?.ok) {
          liveToken = token
          authFailures = 0
          expiredAnswers = 0
          scheduleRenewal(s, ack.expiresAt)
          return
        }
        const code = !err && ack && !ack.ok ? ack.code : undefined
        if (code === 'unauthorized') refusedSession(s)
        // Already expired when it arrived (a sleeping device, a clock out of step): one more refresh, then wait.
        else if (code === 'token_expired' && ++expiredAnswers <= 1) renew(s, token)
        else retryAuthLater(s)
      })
    }

    /**
     * Renews the connection's token: when the stored token is still the one the server holds (or the one it just
     * called expired), a fresh one comes from the REST layer's single refresh; then authenticate carries it.
     */
    function renew(s: ChatSocket, expired?: string) {
      if (renewing || !s.connected) return
      const stored = deps.token()
      if (!stored) return // logged out: the chat stops
      const expiry = expiryOf(stored)
      // Another refresh (this tab's API calls, another tab) already gave a token that lives on: it is sent as it is.
      if (stored !== liveToken && stored !== expired && expiry !== null && expiry - Date.now() > REAUTH_LEAD_MS) {
        authenticate(s, stored)
        return
      }
      renewing = true
      lastRenewal = Date.now()
      const l = link
      void deps.refresh(dispatch, stored).then((outcome) => {
        if (l === link) renewing = false
        if (!current(s, l)) return
        if (outcome === 'ended') refusedSession(s)
        else if (outcome === 'failed') retryAuthLater(s)
        else {
          const fresh = deps.token()
          if (fresh) authenticate(s, fresh)
        }
      })
    }

    function transmit(s: ChatSocket, roomName: string, clientId: string, message: string) {
      if (!s.connected) return // stays "sending"; it goes out when the connection is back
      const attempt = (attempts.get(clientId) ?? 0) + 1
      attempts.set(clientId, attempt)
      s.timeout(deps.ackTimeout).emit('sendMessage', { roomName, message, clientId }, (err: unknown, ack?: Ack<{ message: ServerMessage }>) => {
        if (socket !== s || attempts.get(clientId) !== attempt) return
        if (err || !ack) {
          // Lost with the connection: it is sent again on reconnection. Otherwise the server did not answer.
          if (s.connected) dispatch(sendFailed({ clientId, error: NOT_SENT }))
          return
        }
        attempts.delete(clientId)
        if (ack.ok) dispatch(sendAcked(ack.message))
        else dispatch(sendFailed({ clientId, error: ack.message }))
      })
    }

    /** After a reconnection: every open room fetches what it missed, page by page, until nothing is left. */
    function catchUp(s: ChatSocket) {
      for (const u of chat().chatUsers) {
        if (!u.roomName || u.closed) continue
        const roomName = u.roomName
        const page = (after: number) => {
          s.timeout(deps.ackTimeout).emit('loadMessagesSince', { roomName, after, limit: CATCH_UP_PAGE }, (err: unknown, ack?: Ack<MessagePage>) => {
            if (socket !== s || err || !ack?.ok) return
            dispatch(messagesCaughtUp({ roomName, messages: ack.messages, hasMore: ack.hasMore }))
            const last = ack.messages.length ? ack.messages[ack.messages.length - 1].id : after
            if (ack.hasMore && last > after) page(last)
          })
        }
        page(lastMessageId(u.messages))
      }
    }

    /** Messages that were still on their way when the connection dropped go out again (same clientId). */
    function resendPending(s: ChatSocket) {
      for (const u of chat().chatUsers) {
        for (const m of u.messages) {
          if (m.id === undefined && m.status === 'sending' && m.clientId) transmit(s, m.roomName, m.clientId, m.message)
        }
      }
    }

    /** Asks for a conversation without opening its window (a message for a room without one, a window restored after a reload). */
    function fetchConversation(s: ChatSocket, partner: string) {
      if (fetching.has(partner)) return
      fetching.add(partner)
      s.timeout(deps.ackTimeout).emit('getRoomName', { toProfileId: partner }, (err: unknown, ack?: Ack<{ roomName: string }>) => {
        fetching.delete(partner)
        // A window restored after a reload that may no longer open (a block, a hidden profile): it goes away.
        if (socket === s && !err && ack && !ack.ok && ack.code !== 'rate_limited' && ack.code !== 'internal') {
          const u = chat().chatUsers.find((c) => c.profileID === partner)
          if (u && !u.roomName) dispatch(closeChatUser(partner))
        }
      })
    }

    /** Partners whose ended window was asked for again since it last ended (or was last opened by the member). */
    const revivesTried = new Set<string>()
    /**
     * A window that a block or a "don't show" mark ended comes back to life when its partner
     * shows up online again (presence leaves such members out until the mark is lifted): the
     * room is asked for again, and initialChatUserMessages reopens it. A refusal leaves it ended.
     */
    function reviveEnded(s: ChatSocket, online: ChatUser[]) {
      for (const o of online) {
        const pid = o?.profileID
        if (!pid || revivesTried.has(pid) || !chat().chatUsers.some((u) => u.profileID === pid && u.closed)) continue
        // One try per ending: a refusal is not asked again on every presence change of the partner.
        revivesTried.add(pid)
        fetchConversation(s, pid)
      }
    }

    /** Asks for my latest conversations (getConversations); a burst of asks within 500 ms makes one request. */
    let conversationsTimer: ReturnType<typeof setTimeout> | null = null
    function requestConversations(s: ChatSocket, delay = 0) {
      if (conversationsTimer) return
      conversationsTimer = setTimeout(() => {
        conversationsTimer = null
        if (socket !== s) return
        s.timeout(deps.ackTimeout).emit('getConversations', {}, (err: unknown, ack?: Ack<{ conversations: UnreadConversation[] }>) => {
          if (socket === s && !err && ack?.ok) dispatch(conversationsReceived(ack.conversations))
        })
      }, delay)
    }

    function wire(s: ChatSocket) {
      const mine =
        <A extends unknown[]>(fn: (...args: A) => void) =>
        (...args: A) => {
          if (socket === s) fn(...args)
        }
      s.on(
        'connect',
        mine(() => {
          refreshes = 0
          clearRetry()
          resetAuth()
          liveToken = usedToken
          scheduleRenewal(s)
          dispatch(connectionChanged('connected'))
          if (connectedBefore) dispatch(notificationsResync())
          connectedBefore = true
          s.emit('registerNewUser', {})
          requestConversations(s)
          // Windows restored after a reload (or whose opening the connection cut off) fetch their conversation.
          for (const u of chat().chatUsers) if (!u.roomName) fetchConversation(s, u.profileID)
          catchUp(s)
          resendPending(s)
        }),
      )
      s.on(
        'disconnect',
        mine((reason: string) => {
          resetAuth()
          dispatch(clearOnlineUsers())
          dispatch(connectionChanged('reconnecting'))
          // The server closed the session (shutting down, or the account went): socket.io does not retry by itself.
          if (reason === 'io server disconnect') retryLater(s, 1000)
        }),
      )
      s.on(
        'connect_error',
        mine((err: Error & { data?: { code?: string } }) => {
          if (s.active) {
            // A network failure: the client retries by itself with the configured back-off.
            dispatch(connectionChanged('reconnecting'))
            return
          }
          const code = err?.data?.code
          if (code === 'unauthorized') {
            dispatch(connectionChanged('unauthorized'))
            return
          }
          if (code === 'too_many_connections') {
            // The server holds a few sockets per member; this tab tries again now and then, and connects once
            // another window closes.
            dispatch(connectionChanged('tooManyWindows'))
            retryLater(s, Math.max(deps.retryDelay, 30_000))
            return
          }
          dispatch(connectionChanged('reconnecting'))
          if (code !== 'token_expired') {
            retryLater(s)
            return
          }
          refreshes++
          void deps.refresh(dispatch, usedToken).then((outcome) => {
            if (socket !== s) return
            if (outcome === 'ended') dispatch(connectionChanged('unauthorized'))
            else if (outcome === 'failed') retryLater(s)
            // A token refused right after a refresh (a clock out of step): wait before trying again.
            else if (refreshes > 1) retryLater(s, Math.min(deps.retryDelay * refreshes, 30_000))
            else s.connect()
          })
        }),
      )
      s.on(
        'sendActiveMatchedProfiles',
        mine((list: ChatUser[]) => {
          const online = Array.isArray(list) ? list : []
          dispatch(setOnlineUsers(online))
          reviveEnded(s, online)
        }),
      )
      s.on(
        'userConnected',
        mine((u: ChatUser) => {
          dispatch(addOnlineUser(u))
          reviveEnded(s, [u])
        }),
      )
      s.on(
        'userDisConnected',
        mine((n: { profileID: string }) => {
          if (n?.profileID) dispatch(removeOnlineUser(n.profileID))
        }),
      )
      s.on(
        'onlineUsersChanged',
        mine((b: PresenceBatch) => {
          const connected = Array.isArray(b?.connected) ? b.connected : []
          dispatch(onlineUsersChanged({ connected, disconnected: Array.isArray(b?.disconnected) ? b.disconnected : [] }))
          reviveEnded(s, connected)
        }),
      )
      s.on(
        'initialChatUserMessages',
        mine((data: InitialMessages) => {
          const pid = data?.user?.profileID
          if (!pid) return
          dispatch(conversationOpened({ data, open: wanted.has(pid) }))
        }),
      )
      s.on(
        'message',
        mine((m: ServerMessage) => {
          dispatch(messageReceived(m))
          // A conversation not in the list yet (a first message either way): the list is fetched again.
          if (m?.roomName && !chat().conversations.some((c) => c.roomName === m.roomName)) requestConversations(s, 500)
          const known = chat().chatUsers.some((u) => u.roomName === m?.roomName)
          if (!known && m?.postedBy && m.postedBy !== me) fetchConversation(s, m.postedBy)
        }),
      )
      s.on(
        'unreadCounts',
        mine((sum: UnreadSummary) =>
          dispatch(unreadCountsReceived({ total: Number(sum?.total) || 0, conversations: Array.isArray(sum?.conversations) ? sum.conversations : [] })),
        ),
      )
      // Notifications share this socket (architecture: one socket module): the count, and the new one if any.
      s.on(
        'notification',
        mine((p: NotificationPush) => {
          const unread = Number(p?.unread)
          if (!Number.isFinite(unread)) return
          dispatch(notificationPushed(p?.notification ? { unread, notification: p.notification } : { unread }))
        }),
      )
      s.on(
        'chatWarning',
        mine((n: ChatWarningNotice) => dispatch(chatWarningReceived(n))),
      )
      s.on(
        'chatClosed',
        mine((n: ChatClosedNotice) => {
          if (n?.profileID) revivesTried.delete(n.profileID)
          dispatch(chatClosed(n))
        }),
      )
      s.on(
        'chatError',
        mine((n: ChatErrorNotice) => {
          if (n?.event === 'authenticate') {
            // The connection's token ran out and the server is about to drop it: renew it now, if it still can.
            if (n.code === 'token_expired') renew(s, liveToken ?? undefined)
            // The session ended, or the stored token is another member's (a login in another tab): the chat stops.
            else if (n.code === 'unauthorized') refusedSession(s)
            return
          }
          if (n?.clientId) dispatch(sendFailed({ clientId: n.clientId, error: n.message }))
          // The partner is gone for me (deleted, hidden, or they blocked me: the server answers all alike): the
          // window ends as a block ends it, only once I write, so that a block is never announced.
          if (n?.event === 'sendMessage' && n.code === 'not_found' && n.roomName) {
            const partner = chat().chatUsers.find((u) => u.roomName === n.roomName)
            if (partner) dispatch(chatClosed({ roomName: n.roomName, profileID: partner.profileID }))
          }
          if (n?.event === 'loadPreviousMessages' && n.roomName) dispatch(olderFailed(n.roomName))
          // Only what the member did is worth a toast: not the background opening of a conversation.
          const background = n?.event === 'getRoomName' && !!n.toProfileId && !wanted.has(n.toProfileId)
          if (n?.message && TOASTED_EVENTS.has(n.event) && !background) deps.notify(n.message)
        }),
      )
    }

    /** Counts connections started: a socket that finishes loading after its member left is dropped. */
    let generation = 0
    /** The windows as last written to storage. */
    let savedWindows = '[]'
    let savedFrom: ChatState['chatUsers'] | null = null

    /** Keeps this tab's windows in sessionStorage whenever they change. */
    function saveWindows() {
      const users = chat().chatUsers
      if (!me || users === savedFrom) return
      savedFrom = users
      const list: SavedWindow[] = users.map((u) => ({
        user: { gender: u.gender, photos: u.photos, profileID: u.profileID, userName: u.userName },
        isChatOpen: u.isChatOpen,
      }))
      const json = JSON.stringify(list)
      if (json === savedWindows) return
      savedWindows = json
      try {
        deps.storage()?.setItem(windowsKey(me), json)
      } catch {
        // Storage full or blocked: the windows just do not survive a reload.
      }
    }

    function start(profileID: string) {
      me = profileID
      refreshes = 0
      connectedBefore = false
      const gen = ++generation
      dispatch(chatStarted({ me: profileID }))
      // This tab's windows come back after a reload, as they were.
      for (const w of readSaved(deps.storage(), windowsKey(profileID))) {
        dispatch(openChatUser(w.user))
        if (!w.isChatOpen) dispatch(minimiseChatUser(w.user.profileID))
      }
      savedWindows = JSON.stringify(readSaved(deps.storage(), windowsKey(profileID)))
      void Promise.resolve(
        deps.createSocket({
          ...SOCKET_OPTIONS,
          transports: [...SOCKET_OPTIONS.transports],
          forceNew: true,
          autoConnect: false,
          auth: (cb) => {
            usedToken = deps.token()
            cb({ token: usedToken ?? '' })
          },
        }),
      ).then(
        (s) => {
          if (gen !== generation) return
          socket = s
          wire(s)
          s.connect()
        },
        () => {
          // The script did not load (a flaky connection): try again while the member is still here.
          if (gen === generation) setTimeout(() => gen === generation && start(profileID), deps.retryDelay)
        },
      )
    }

    function stop() {
      const s = socket
      if (me) deps.storage()?.removeItem(windowsKey(me))
      savedWindows = '[]'
      socket = null
      me = null
      generation++
      clearRetry()
      resetAuth()
      if (conversationsTimer) clearTimeout(conversationsTimer)
      conversationsTimer = null
      wanted.clear()
      fetching.clear()
      attempts.clear()
      s?.disconnect()
      dispatch(chatReset())
    }

    const signedIn = () => {
      const { account } = store.getState()
      return account.isLoggedIn ? (account.profile?.profileID ?? null) : null
    }
    /** The member as last seen: the connection follows changes (a profile already in a preloaded state connects nothing). */
    let seen = signedIn()

    /** The member's access token as last seen. */
    let seenToken = store.getState().account.token

    /** Tokens refreshed elsewhere (an API call, another tab) or renewed by a password change go to the open connection. */
    function followToken() {
      const { account } = store.getState()
      const token = account.isLoggedIn ? account.token : null
      if (token === seenToken) return
      seenToken = token
      if (token && socket?.connected && !renewing) authenticate(socket, token)
    }

    /** Connects once the profile has loaded, and disconnects on logout or when another member signs in. */
    function follow() {
      const pid = signedIn()
      if (pid === seen) return
      seen = pid
      if (me) stop()
      if (pid) start(pid)
    }

    function open(toProfileId: string): Promise<OpenOutcome> {
      const existing = chat().chatUsers.find((u) => u.profileID === toProfileId)
      revivesTried.delete(toProfileId)
      // An ended window is asked for again: the block or mark may have been lifted meanwhile.
      if (existing?.roomName && !existing.closed) {
        dispatch(openChatUser(existing))
        return Promise.resolve({ ok: true })
      }
      const s = socket
      if (!s?.connected) {
        deps.notify(NOT_CONNECTED)
        return Promise.resolve({ ok: false, message: NOT_CONNECTED })
      }
      wanted.add(toProfileId)
      return new Promise((resolve) => {
        s.timeout(deps.ackTimeout).emit('getRoomName', { toProfileId }, (err: unknown, ack?: Ack<{ roomName: string }>) => {
          wanted.delete(toProfileId)
          if (err || !ack) {
            if (socket === s) deps.notify(NO_ANSWER)
            resolve({ ok: false, message: NO_ANSWER })
            return
          }
          // A refusal also came as chatError, which showed its message.
          resolve(ack.ok ? { ok: true } : { ok: false, code: ack.code, message: ack.message })
        })
      })
    }

    function send(roomName: string, text: string): boolean {
      const message = text.trim()
      const u = chat().chatUsers.find((c) => c.roomName === roomName)
      if (!message || !u || u.closed || !me) return false
      if (charCount(message) > MAX_MESSAGE_CHARS) {
        deps.notify(TOO_LONG_MESSAGE)
        return false
      }
      const clientId = deps.newClientId()
      dispatch(sendQueued({ roomName, clientId, message, createdAt: new Date().toISOString() }))
      if (socket) transmit(socket, roomName, clientId, message)
      return true
    }

    function retry(clientId: string) {
      for (const u of chat().chatUsers) {
        const m = u.messages.find((x) => x.id === undefined && x.clientId === clientId)
        if (!m || u.closed) continue
        dispatch(sendRetried(clientId))
        if (socket) transmit(socket, m.roomName, clientId, m.message)
      }
    }

    function loadOlder(roomName: string) {
      const u = chat().chatUsers.find((c) => c.roomName === roomName)
      const s = socket
      if (!u || !u.hasMore || u.loadingOlder || !s?.connected) return
      const before = firstMessageId(u.messages)
      dispatch(olderRequested(roomName))
      s.timeout(deps.ackTimeout).emit('loadPreviousMessages', { roomName, before, limit: PAGE_SIZE }, (err: unknown, ack?: Ack<MessagePage>) => {
        if (socket !== s) return
        if (err || !ack?.ok) dispatch(olderFailed(roomName))
        else dispatch(olderLoaded({ roomName, messages: ack.messages, hasMore: ack.hasMore }))
      })
    }

    function markRead(roomName: string) {
      const u = chat().chatUsers.find((c) => c.roomName === roomName)
      const s = socket
      if (!u || !s?.connected) return
      const lastId = lastMessageId(u.messages)
      dispatch(markedRead(roomName))
      s.emit('markRead', lastId ? { roomName, lastId } : { roomName })
    }

    return (next) => (action) => {
      if (chatCommands.open.match(action)) return open(action.payload.toProfileId)
      if (chatCommands.send.match(action)) return send(action.payload.roomName, action.payload.message)
      if (chatCommands.retry.match(action)) return retry(action.payload.clientId)
      if (chatCommands.loadOlder.match(action)) return loadOlder(action.payload.roomName)
      if (chatCommands.markRead.match(action)) return markRead(action.payload.roomName)
      const result = next(action)
      follow()
      followToken()
      saveWindows()
      return result
    }
  }
}

/** The chat middleware of the app's store. */
export const chatMiddleware = createChatMiddleware()
