import '../../../styles/chat.css'
import { PHONE_QUERY, useMediaQuery } from '../hooks'
import ChatListPanel from './ChatListPanel'
import ChatWindows from './ChatWindows'

/**
 * The chat dock of the members area: the collapsible chat list and the chat windows, bottom-right on a desktop; a
 * floating button and full-screen list and window on a phone. showList hides the list where a page shows it.
 */
export default function ChatDock({ showList = true }: { showList?: boolean }) {
  const phone = useMediaQuery(PHONE_QUERY)
  return (
    <div className={phone ? 'chat-dock chat-dock--phone' : 'chat-dock'}>
      {showList && <ChatListPanel phone={phone} />}
      <ChatWindows phone={phone} />
    </div>
  )
}
