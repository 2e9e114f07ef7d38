import type { ChatUser } from '../types'
import ChatAvatar from './ChatAvatar'

/** One row of a member list: who, and how many unread messages they sent. */
export interface MemberRow {
  user: ChatUser
  unread: number
  online: boolean
  /** The conversation's last message, one line ("You: …" when mine). */
  preview?: string
}

/** A list of members; choosing one opens the chat with them. */
export default function ChatMemberList({
  rows,
  onOpen,
  busyId,
  label,
}: {
  rows: MemberRow[]
  onOpen: (user: ChatUser) => void
  busyId: string | null
  label: string
}) {
  return (
    <ul className="chat-members" aria-label={label}>
      {rows.map(({ user, unread, online, preview }) => {
        const busy = busyId === user.profileID
        const status = [online ? 'online' : 'offline', unread ? `${unread} unread` : ''].filter(Boolean).join(', ')
        return (
          <li key={user.profileID}>
            <button
              type="button"
              className="chat-member"
              onClick={() => onOpen(user)}
              disabled={busy}
              aria-busy={busy || undefined}
              aria-label={`Chat with ${user.userName} (${status})`}
            >
              <ChatAvatar user={user} online={online} size={40} />
              <span className="chat-member__text">
                <span className="chat-member__name">{user.userName}</span>
                <span className="chat-member__id">{busy ? 'Opening chat…' : (preview ?? user.profileID)}</span>
              </span>
              {unread > 0 && (
                <span className="chat-badge" aria-hidden="true">
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
