import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createFollowScroll } from '../followScroll'
import type { FollowScroll, FollowState } from '../followScroll'
import { firstMessageId } from '../chatSlice'
import { dayKey, dayLabel, timeLabel } from '../format'
import type { ChatMessage, ChatWindowUser } from '../types'

/** A stable key for a message: its id once stored, its clientId while on its way. */
function keyOf(m: ChatMessage, i: number): string {
  return m.id !== undefined ? `id:${m.id}` : `c:${m.clientId ?? i}`
}

function Status({ m }: { m: ChatMessage }) {
  if (m.id !== undefined) return <span className="chat-msg__status">Sent</span>
  if (m.status === 'failed') return <span className="chat-msg__status chat-msg__status--failed">Not sent</span>
  return <span className="chat-msg__status chat-msg__status--sending">Sending…</span>
}

/**
 * A window's messages: day separators, mine on the right and the partner's on the left (told apart by postedBy),
 * the sending/sent/failed mark with a retry, and the safety notices. The list follows new messages while the
 * member is at the bottom, and loads older ones when scrolled to the top without moving what is on screen.
 */
export default function MessageList({
  user,
  me,
  onLoadOlder,
  onRetry,
}: {
  user: ChatWindowUser
  me: string
  onLoadOlder: () => void
  onRetry: (clientId: string) => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const ctrl = useRef<FollowScroll | null>(null)
  const restore = useRef<(() => void) | null>(null)
  const [follow, setFollow] = useState<FollowState>({ sticky: true, atTop: false })
  const [newBelow, setNewBelow] = useState(false)
  const { messages, hasMore, loadingOlder } = user
  const first = firstMessageId(messages)
  const last = messages.length ? keyOf(messages[messages.length - 1], messages.length - 1) : ''

  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    // Back at the bottom, the "new messages" button has done its job.
    ctrl.current = createFollowScroll(el, (state) => {
      setFollow(state)
      if (state.sticky) setNewBelow(false)
    })
    return () => {
      ctrl.current?.dispose()
      ctrl.current = null
    }
  }, [])

  // Scrolled to the top: load the page before, keeping the visible messages where they are.
  useEffect(() => {
    if (!follow.atTop || !hasMore || loadingOlder || !ctrl.current) return
    restore.current = ctrl.current.preserve()
    onLoadOlder()
  }, [follow.atTop, hasMore, loadingOlder, onLoadOlder])

  useLayoutEffect(() => {
    if (restore.current && !loadingOlder) {
      restore.current()
      restore.current = null
    }
  }, [first, loadingOlder])

  // A new last message: mine always scrolls into view; the partner's shows a "new messages" button when reading above.
  useEffect(() => {
    if (!last) return
    const lastMsg = messages[messages.length - 1]
    if (lastMsg.postedBy === me && lastMsg.id === undefined) ctrl.current?.scrollToBottom()
    else if (ctrl.current && !ctrl.current.isSticky()) setNewBelow(true)
    // Only a change of the last message matters here, not every edit of the list.
  }, [last]) // eslint-disable-line react-hooks/exhaustive-deps

  // A day separator goes above the first message of each day.
  const days = messages.map((m) => dayKey(new Date(m.createdAt)))
  return (
    <div className="chat-messages-wrap">
      <div className="chat-messages" ref={box} role="log" aria-live="polite" aria-relevant="additions" aria-label={`Messages with ${user.userName}`} tabIndex={0}>
        {hasMore ? (
          <div className="chat-messages__older">
            {loadingOlder ? (
              <span role="status">Loading earlier messages…</span>
            ) : (
              <button
                type="button"
                className="link-btn"
                onClick={() => {
                  restore.current = ctrl.current?.preserve() ?? null
                  onLoadOlder()
                }}
              >
                Load earlier messages
              </button>
            )}
          </div>
        ) : (
          messages.length > 0 && <p className="chat-messages__start">This is the start of your conversation.</p>
        )}
        {messages.length === 0 && (
          <p className="chat-messages__empty">
            Say hello to {user.userName}. Your messages are private between the two of you.
          </p>
        )}
        {messages.map((m, i) => {
          const own = m.postedBy === me
          const separator = i === 0 || days[i] !== days[i - 1]
          return (
            <Fragment key={keyOf(m, i)}>
              {separator && (
                <div className="chat-day" role="separator">
                  <span>{dayLabel(m.createdAt)}</span>
                </div>
              )}
              <div className={own ? 'chat-msg chat-msg--own' : 'chat-msg chat-msg--partner'} data-message-id={m.id}>
                <p className="chat-msg__bubble">
                  <span className="sr-only">{own ? 'You: ' : `${user.userName}: `}</span>
                  {m.message}
                </p>
                <span className="chat-msg__meta">
                  <time dateTime={m.createdAt}>{timeLabel(m.createdAt)}</time>
                  {own && <Status m={m} />}
                </span>
                {own && m.status === 'failed' && m.id === undefined && (
                  <span className="chat-msg__failed">
                    {m.error && <span>{m.error}</span>}
                    <button type="button" className="link-btn" onClick={() => m.clientId && onRetry(m.clientId)}>
                      Retry
                    </button>
                  </span>
                )}
                {!own && m.warning && (
                  <p className="chat-msg__warning" role="note">
                    {m.warning.message}
                  </p>
                )}
                {own && m.authorWarning && (
                  <p className="chat-msg__warning chat-msg__warning--author" role="note">
                    {m.authorWarning}
                  </p>
                )}
              </div>
            </Fragment>
          )
        })}
      </div>
      {newBelow && !follow.sticky && (
        <button type="button" className="chat-messages__jump" onClick={() => ctrl.current?.scrollToBottom()}>
          New messages ↓
        </button>
      )}
    </div>
  )
}
