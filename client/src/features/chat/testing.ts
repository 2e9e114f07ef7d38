import { combineReducers, configureStore } from '@reduxjs/toolkit'
import { api } from '../../api/api'
import { accountReducer } from '../../entities/account'
import { notificationReducer } from '../../entities/notification'
import type { AccountState } from '../../entities/account'
import chatReducer from './chatSlice'
import type { ChatState } from './chatSlice'
import { createChatMiddleware } from './connection'
import type { ChatDeps, ChatSocket, ChatSocketOptions } from './connection'

/** One emit the client made: its event, payload and (for acked emits) the way to answer it. */
export interface Emitted {
  event: string
  payload: unknown
  /** Answers the ack; undefined for emits without one. */
  reply?: (res: unknown) => void
  /** Makes the ack time out. */
  fail?: () => void
  answered: boolean
}

/** A socket.io-client stand-in for unit tests: records emits and lets the test play the server. */
export class FakeSocket implements ChatSocket {
  connected = false
  active = false
  connectCalls = 0
  disconnectCalls = 0
  emitted: Emitted[] = []
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>()

  constructor(readonly opts: ChatSocketOptions) {}

  on(event: string, listener: (...args: never[]) => void) {
    const list = this.handlers.get(event) ?? []
    list.push(listener as (...args: unknown[]) => void)
    this.handlers.set(event, list)
    return this
  }
  emit(event: string, ...args: unknown[]) {
    const last = args[args.length - 1]
    if (typeof last === 'function') {
      const cb = last as (res: unknown) => void
      const e: Emitted = { event, payload: args[0], answered: false }
      e.reply = (res) => {
        e.answered = true
        cb(res)
      }
      this.emitted.push(e)
    } else {
      this.emitted.push({ event, payload: args[0], answered: false })
    }
    return this
  }
  timeout() {
    return {
      emit: (event: string, ...args: unknown[]) => {
        const cb = args.pop() as (err: unknown, res?: unknown) => void
        const e: Emitted = { event, payload: args[0], answered: false }
        e.reply = (res) => {
          e.answered = true
          cb(null, res)
        }
        e.fail = () => {
          e.answered = true
          cb(new Error('operation has timed out'))
        }
        this.emitted.push(e)
        return this
      },
    }
  }
  connect() {
    this.connectCalls++
    this.active = true
    return this
  }
  disconnect() {
    this.disconnectCalls++
    this.connected = false
    this.active = false
    return this
  }

  /** Plays a server event. */
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args)
  }
  /** The connection opens. */
  open() {
    this.connected = true
    this.active = true
    this.fire('connect')
  }
  /** The connection drops (network): the client will reconnect by itself. */
  drop() {
    this.connected = false
    this.fire('disconnect', 'transport close')
  }
  /** The server refuses the connection with a code (CONNECT_ERROR): the client stops until told to connect. */
  refuse(code: string) {
    this.connected = false
    this.active = false
    const err = Object.assign(new Error(code), { data: { code, message: code } })
    this.fire('connect_error', err)
  }
  /** Emits of an event, oldest first. */
  sent(event: string): Emitted[] {
    return this.emitted.filter((e) => e.event === event)
  }
  /** The latest unanswered acked emit of an event. */
  pending(event: string): Emitted {
    const e = [...this.emitted].reverse().find((x) => x.event === event && x.reply && !x.answered)
    if (!e) throw new Error(`no pending ${event}`)
    return e
  }
}

const testReducer = combineReducers({ account: accountReducer, chat: chatReducer, notifications: notificationReducer, [api.reducerPath]: api.reducer })

/** A store with the account and chat slices, the API (for the windows' block call) and the chat middleware on fake sockets. */
export function chatTestStore(deps: Partial<ChatDeps> = {}, preloaded?: { account?: AccountState; chat?: ChatState }) {
  const sockets: FakeSocket[] = []
  const store = configureStore({
    reducer: testReducer,
    preloadedState: preloaded as Partial<ReturnType<typeof testReducer>> | undefined,
    middleware: (getDefault) =>
      getDefault().concat(
        api.middleware,
        createChatMiddleware({
          createSocket: (opts) => {
            const s = new FakeSocket(opts)
            sockets.push(s)
            return s
          },
          notify: () => {},
          retryDelay: 10,
          storage: () => null,
          ...deps,
        }),
      ),
  })
  return { store, sockets, socket: () => sockets[sockets.length - 1] }
}

/** Lets pending promises run. */
export async function flush(rounds = 5) {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0))
}

/** A Storage kept in memory, standing in for one tab's sessionStorage. */
export function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  }
}
