import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useAppSelector } from '../../../app/hooks'
import { ROUTES } from '../../../app/routes'
import { EmptyState } from '../../../components/States'
import { selectChatMe, selectChatStatus, selectChatUsers, selectConversations, selectOnlineUsers, selectUnread } from '../chatSlice'
import { useChatActions, useOnlineIds } from '../hooks'
import type { ChatUser, ConnectionStatus, ServerMessage } from '../types'
import ChatMemberList from './ChatMemberList'
import type { MemberRow } from './ChatMemberList'

/** What the member reads about the connection, or nothing when all is well. */
export function statusText(status: ConnectionStatus): string {
  switch (status) {
    case 'idle':
    case 'connecting':
      return 'Connecting to chat…'
    case 'reconnecting':
      return 'Connection lost. Reconnecting…'
    case 'unauthorized':
      return 'Chat is unavailable. Please log in again.'
    case 'tooManyWindows':
      return 'Chat is open in too many windows. Close one and it connects here.'
    default:
      return ''
  }
}

/**
 * A refusal to open a chat, kept on screen (the toast goes after 2 s) until dismissed, until another member is
 * chosen, or until the member it names starts a chat themselves (then it no longer holds).
 */
interface Refusal {
  profileID: string
  name: string
  code?: string
  message: string
  /** Whether a chat with the member was listed when the refusal came. */
  hadChat: boolean
}

/** One line of a conversation's last message for the list, "You: …" when I wrote it. */
export function previewOf(m: ServerMessage | undefined, me: string | null): string | undefined {
  if (!m?.message) return undefined
  const line = m.message.replace(/\s+/g, ' ').trim()
  const short = [...line].length > 60 ? [...line].slice(0, 59).join('') + '…' : line
  return m.postedBy === me ? `You: ${short}` : short
}

function matches(u: ChatUser, q: string): boolean {
  return !q || u.userName.toLowerCase().includes(q) || u.profileID.toLowerCase().includes(q)
}

/**
 * The chat list (spec §2 "Chat list screen"): my conversations with their unread counts, then the online members
 * of the other gender, with a box to find someone by name. Choosing a member asks the server for the room and opens
 * the window; a refusal (needs a plan, chats off, blocked...) shows its message instead.
 */
export default function ChatDirectory({ onOpened, showPageLink = false }: { onOpened?: () => void; showPageLink?: boolean }) {
  const status = useAppSelector(selectChatStatus)
  const online = useAppSelector(selectOnlineUsers)
  const chatUsers = useAppSelector(selectChatUsers)
  const unread = useAppSelector(selectUnread)
  const recent = useAppSelector(selectConversations)
  const me = useAppSelector(selectChatMe)
  const onlineIds = useOnlineIds()
  const actions = useChatActions()
  const [query, setQuery] = useState('')
  const [busyId, setBusyId] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const searchId = useId()
  const q = query.trim().toLowerCase()

  // Unread conversations first, then the latest ones (with their last message), then this tab's windows.
  const conversations = useMemo<MemberRow[]>(() => {
    const rows = new Map<string, MemberRow>()
    const previews = new Map(recent.map((c) => [c.user.profileID, previewOf(c.lastMessage, me)]))
    for (const c of unread.conversations) rows.set(c.user.profileID, { user: c.user, unread: c.unread, online: onlineIds.has(c.user.profileID), preview: previews.get(c.user.profileID) })
    for (const c of recent) {
      if (!rows.has(c.user.profileID)) rows.set(c.user.profileID, { user: c.user, unread: c.unread, online: onlineIds.has(c.user.profileID), preview: previews.get(c.user.profileID) })
    }
    for (const u of [...chatUsers].reverse()) {
      if (!rows.has(u.profileID)) rows.set(u.profileID, { user: u, unread: u.unread, online: onlineIds.has(u.profileID) })
    }
    return [...rows.values()].filter((r) => matches(r.user, q))
  }, [unread.conversations, recent, chatUsers, onlineIds, q, me])

  // Members already in "Your chats" are listed there only (with their online dot).
  const inChats = useMemo(() => {
    const ids = new Set(unread.conversations.map((c) => c.user.profileID))
    for (const c of recent) ids.add(c.user.profileID)
    for (const u of chatUsers) ids.add(u.profileID)
    return ids
  }, [unread.conversations, recent, chatUsers])

  const onlineRows = useMemo<MemberRow[]>(
    () =>
      online
        .filter((u) => !inChats.has(u.profileID) && matches(u, q))
        .sort((a, b) => a.userName.localeCompare(b.userName))
        .map((u) => ({ user: u, unread: 0, online: true })),
    [online, inChats, q],
  )

  const open = async (user: ChatUser) => {
    setBusyId(user.profileID)
    setRefusal(null)
    const outcome = await actions.open(user.profileID)
    setBusyId(null)
    if (outcome.ok) onOpened?.()
    else
      setRefusal({
        profileID: user.profileID,
        name: user.userName,
        code: outcome.code,
        message: outcome.message ?? 'Chat could not be opened.',
        hadChat: inChats.has(user.profileID),
      })
  }
  // A refusal goes stale once the member it names, not in my chats then, has started a chat with me.
  const shownRefusal = refusal && (refusal.hadChat || !inChats.has(refusal.profileID)) ? refusal : null

  const note = statusText(status)
  return (
    <div className="chat-directory">
      {note && (
        <p className={status === 'unauthorized' ? 'chat-status chat-status--error' : 'chat-status'} role="status">
          {status !== 'unauthorized' && <span className="chat-spinner" aria-hidden="true" />}
          {note}
        </p>
      )}
      {shownRefusal && (
        <div className="chat-refusal" role="alert">
          <p>
            <strong>{shownRefusal.name}:</strong> {shownRefusal.message}
          </p>
          {shownRefusal.code === 'needs_plan' && (
            <Link to={ROUTES.plans} className="text-link">
              See plans
            </Link>
          )}
          {shownRefusal.code === 'needs_verification' && (
            <Link to={ROUTES.myAccount} className="text-link">
              Verify now
            </Link>
          )}
          <button type="button" className="link-btn" onClick={() => setRefusal(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="chat-search">
        <label htmlFor={searchId} className="sr-only">
          Find a member by name
        </label>
        <input
          id={searchId}
          type="search"
          className="chat-search__input"
          placeholder="Search by name or ID"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {conversations.length > 0 && (
        <section className="chat-directory__group" aria-labelledby={`${searchId}-conv`}>
          <h3 id={`${searchId}-conv`} className="chat-directory__title">
            Your chats
          </h3>
          <ChatMemberList rows={conversations} onOpen={(u) => void open(u)} busyId={busyId} label="Your chats" />
        </section>
      )}
      <section className="chat-directory__group" aria-labelledby={`${searchId}-online`}>
        <h3 id={`${searchId}-online`} className="chat-directory__title">
          Online now {status === 'connected' && <span className="chat-directory__count">({online.length})</span>}
        </h3>
        {onlineRows.length > 0 ? (
          <ChatMemberList rows={onlineRows} onOpen={(u) => void open(u)} busyId={busyId} label="Online members" />
        ) : status !== 'connected' ? null : online.length > 0 && !q ? (
          <p className="chat-directory__hint">Everyone online now is in your chats above.</p>
        ) : (
          <EmptyState title={q ? 'No online member matches your search' : 'Nobody is online right now'} icon="users">
            {!q && <p>Members appear here as soon as they come online. Your chats stay saved.</p>}
          </EmptyState>
        )}
      </section>
      {showPageLink && (
        <p className="chat-directory__more">
          <Link to={ROUTES.chat} className="text-link">
            Open the chat page
          </Link>
        </p>
      )}
    </div>
  )
}
