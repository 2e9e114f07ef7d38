import { useEffect, useId, useRef, useState } from 'react'
import Icon from '../../../components/Icon'
import { useAppSelector } from '../../../app/hooks'
import { selectChatStatus, selectOnlineUsers, selectUnread } from '../chatSlice'
import ChatDirectory from './ChatDirectory'

function unreadLabel(n: number): string {
  return n ? `, ${n} unread` : ''
}

/**
 * The collapsible chat list: on a desktop a panel docked bottom-right whose bar opens and closes it; on a phone a
 * floating button that opens the list full-screen (Escape or the close button closes it).
 */
export default function ChatListPanel({ phone }: { phone: boolean }) {
  const [open, setOpen] = useState(false)
  const online = useAppSelector(selectOnlineUsers)
  const status = useAppSelector(selectChatStatus)
  const { total } = useAppSelector(selectUnread)
  const bodyId = useId()
  const titleId = useId()
  const fab = useRef<HTMLButtonElement>(null)
  const closeBtn = useRef<HTMLButtonElement>(null)

  // The phone list is a modal: focus goes in, Escape closes it, and focus comes back to the button.
  useEffect(() => {
    if (!phone || !open) return
    closeBtn.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [phone, open])

  const close = () => {
    setOpen(false)
    if (phone) fab.current?.focus()
  }

  const count = status === 'connected' ? online.length : null

  if (phone) {
    return (
      <>
        <button
          ref={fab}
          type="button"
          className="chat-fab"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={`Open chat${count !== null ? `, ${count} online` : ''}${unreadLabel(total)}`}
          onClick={() => setOpen(true)}
          hidden={open}
        >
          <Icon name="chat" size={26} />
          {total > 0 && (
            <span className="chat-badge chat-fab__badge" aria-hidden="true">
              {total > 99 ? '99+' : total}
            </span>
          )}
        </button>
        {open && (
          <div className="chat-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId}>
            <div className="chat-sheet__head">
              <h2 id={titleId} className="chat-sheet__title">
                Chat
              </h2>
              <button ref={closeBtn} type="button" className="chat-icon-btn" aria-label="Close chat list" onClick={close}>
                <Icon name="close" size={22} />
              </button>
            </div>
            <div className="chat-sheet__body">
              <ChatDirectory onOpened={() => setOpen(false)} showPageLink />
            </div>
          </div>
        )}
      </>
    )
  }

  return (
    <section className={open ? 'chat-panel chat-panel--open' : 'chat-panel'} aria-labelledby={titleId}>
      <h2 className="chat-panel__heading" id={titleId}>
        <button type="button" className="chat-panel__bar" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <Icon name="chat" size={20} />
          <span className="chat-panel__title">Chat</span>
          {count !== null && <span className="chat-panel__count">{count} online</span>}
          {total > 0 && (
            <span className="chat-badge" aria-label={`${total} unread`}>
              {total > 99 ? '99+' : total}
            </span>
          )}
          <span className={open ? 'chat-caret chat-caret--open' : 'chat-caret'} aria-hidden="true" />
        </button>
      </h2>
      <div className="chat-panel__body" id={bodyId} hidden={!open}>
        {open && <ChatDirectory showPageLink />}
      </div>
    </section>
  )
}
