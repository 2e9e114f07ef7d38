import { useCallback, useEffect, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import Icon from '../../../components/Icon'
import { useDismiss } from '../../../components/useDismiss'
import { useAppSelector } from '../../../app/hooks'
import { ROUTES } from '../../../app/routes'
import { selectChatStatus } from '../chatSlice'
import { useChatActions, usePageVisible } from '../hooks'
import type { ChatWindowUser } from '../types'
import { BlockDialog, ReportDialog } from '../../../entities/member'
import ChatAvatar from './ChatAvatar'
import ChatInput, { forgetDraft } from './ChatInput'
import MessageList from './MessageList'

function MinimiseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M5 17h14v2H5z" />
    </svg>
  )
}

function RestoreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M12 8.6 5.4 15.2 6.8 16.6 12 11.4l5.2 5.2 1.4-1.4z" />
    </svg>
  )
}

/**
 * One chat window (spec §2 "Chat box area"): a header with the partner's avatar, name (their profile in a new
 * tab), online dot, a safety menu (report, block), minimise and close; the messages; the input row. Minimised, only
 * the header shows. While open and on screen it marks the partner's messages read. Blocking asks first; the server
 * then ends the chat here (chatClosed), which this window shows; the blocked member is not told, and their window
 * ends only when a message is refused. Reporting the chat blocks too, and the window closes: the member drops out
 * of the reporter's view.
 */
export default function ChatWindow({ user, me, online, phone = false }: { user: ChatWindowUser; me: string; online: boolean; phone?: boolean }) {
  const actions = useChatActions()
  const status = useAppSelector(selectChatStatus)
  const visible = usePageVisible()
  const { roomName, isChatOpen, unread, profileID, userName, closed } = user
  const [confirmBlock, setConfirmBlock] = useState(false)
  const [reporting, setReporting] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const menu = useRef<HTMLDivElement>(null)

  // The safety menu closes on Escape or a click elsewhere.
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback((e: Event) => {
    setMenuOpen(false)
    if (e.type === 'keydown') menuButton.current?.focus()
  }, [])
  useDismiss(menuOpen, menu, closeMenu)

  useEffect(() => {
    if (isChatOpen && visible && unread > 0 && roomName && status === 'connected') actions.markRead(roomName)
  }, [isChatOpen, visible, unread, roomName, status, actions])

  const loadOlder = useCallback(() => {
    if (roomName) actions.loadOlder(roomName)
  }, [actions, roomName])

  const onHeadClick = (e: MouseEvent) => {
    // A click on the bar of a minimised window opens it; links and buttons keep their own meaning.
    if (!isChatOpen && !(e.target as HTMLElement).closest('a,button')) actions.restore(user)
  }

  const cls = ['chat-window', isChatOpen ? 'chat-window--open' : 'chat-window--min', phone ? 'chat-window--phone' : ''].filter(Boolean).join(' ')
  return (
    <section className={cls} aria-label={`Chat with ${userName}`}>
      <header className="chat-window__head" onClick={onHeadClick}>
        <ChatAvatar user={user} online={online} size={isChatOpen ? 40 : 32} />
        <div className="chat-window__who">
          <a className="chat-window__name" href={`${ROUTES.profileView}?profileId=${encodeURIComponent(profileID)}`} target="_blank" rel="noopener">
            {userName}
          </a>
          <span className="chat-window__presence">
            <span className={online ? 'chat-dot chat-dot--inline chat-dot--on' : 'chat-dot chat-dot--inline'} role="img" aria-label={online ? 'Online' : 'Offline'} />
            {closed ? 'Chat ended' : online ? 'Online' : 'Offline'}
          </span>
        </div>
        {!isChatOpen && unread > 0 && (
          <span className="chat-badge" aria-label={`${unread} unread`}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
        {isChatOpen && !closed && (
          <div className="chat-window__menu" ref={menu}>
            <button
              ref={menuButton}
              type="button"
              className="chat-icon-btn"
              aria-label={`Report or block ${userName}`}
              title="Report or block"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((o) => !o)}
            >
              <Icon name="more" size={20} />
            </button>
            {menuOpen && (
              <ul className="chat-window__menu-list">
                {(
                  [
                    ['flag', 'Report', setReporting],
                    ['block', 'Block', setConfirmBlock],
                  ] as const
                ).map(([icon, verb, open]) => (
                  <li key={verb}>
                    <button
                      type="button"
                      onClick={() => {
                        setMenuOpen(false)
                        open(true)
                      }}
                    >
                      <Icon name={icon} size={16} /> {verb} {userName}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {isChatOpen ? (
          <button type="button" className="chat-icon-btn" aria-label={`Minimise chat with ${userName}`} aria-expanded="true" onClick={() => actions.minimise(profileID)}>
            <MinimiseIcon />
          </button>
        ) : (
          <button type="button" className="chat-icon-btn" aria-label={`Open chat with ${userName}`} aria-expanded="false" onClick={() => actions.restore(user)}>
            <RestoreIcon />
          </button>
        )}
        <button
          type="button"
          className="chat-icon-btn"
          aria-label={`Close chat with ${userName}`}
          onClick={() => {
            forgetDraft(profileID)
            actions.close(profileID)
          }}
        >
          <Icon name="close" size={20} />
        </button>
      </header>
      {isChatOpen && (
        <>
          {roomName ? (
            <MessageList user={user} me={me} onLoadOlder={loadOlder} onRetry={actions.retry} />
          ) : (
            <div className="chat-messages chat-messages--loading" role="status">
              <span className="chat-spinner" aria-hidden="true" /> Opening chat…
            </div>
          )}
          {status !== 'connected' && !closed && (
            <p className="chat-window__note" role="status">
              {status === 'unauthorized' ? 'Chat is unavailable. Please log in again.' : 'Reconnecting… your messages will go out when you are back online.'}
            </p>
          )}
          {closed ? (
            <p className="chat-window__ended" role="status">
              This chat has ended. You can no longer send messages to {userName}.
            </p>
          ) : (
            roomName && <ChatInput draftKey={profileID} onSend={(text) => actions.send(roomName, text)} />
          )}
        </>
      )}
      <BlockDialog
        open={confirmBlock}
        profileId={profileID}
        name={userName}
        gender={user.gender}
        onBlocked={() => setConfirmBlock(false)}
        onCancel={() => setConfirmBlock(false)}
      />
      <ReportDialog
        open={reporting}
        profileId={profileID}
        name={userName}
        gender={user.gender}
        // A chat can be reported once it has messages; before that, the profile is what there is to report.
        kind={user.messages.some((m) => (m.id ?? 0) > 0) ? 'chat' : 'profile'}
        onReported={() => {
          setReporting(false)
          forgetDraft(profileID)
          actions.close(profileID)
        }}
        onCancel={() => setReporting(false)}
      />
    </section>
  )
}
