import type { CSSProperties } from 'react'
import { useAppSelector } from '../../../app/hooks'
import { selectChatMe, selectChatUsers } from '../chatSlice'
import { useOnlineIds, useViewportWidth, useVisualViewport } from '../hooks'
import type { ChatWindowUser } from '../types'
import ChatWindow from './ChatWindow'

/** Desktop sizes (px) the dock is laid out with; chat.css uses the same. */
export const DOCK = { right: 76, panel: 280, open: 320, minimised: 230, gap: 12, margin: 16 } as const

/** The windows that fit beside the chat list, newest first in priority; the rest stay reachable from the list. */
export function fittingWindows(users: ChatWindowUser[], viewport: number): ChatWindowUser[] {
  let room = viewport - DOCK.right - DOCK.panel - DOCK.margin
  const shown: ChatWindowUser[] = []
  for (let i = users.length - 1; i >= 0; i--) {
    const w = (users[i].isChatOpen ? DOCK.open : DOCK.minimised) + DOCK.gap
    if (w > room && shown.length > 0) break
    room -= w
    shown.unshift(users[i])
  }
  return shown
}

/**
 * The holder of the chat windows (spec §2 "Chat box area"): on a desktop, side by side from the right, as many
 * as fit; on a phone, the newest open window full-screen.
 */
export default function ChatWindows({ phone }: { phone: boolean }) {
  const users = useAppSelector(selectChatUsers)
  const me = useAppSelector(selectChatMe)
  const online = useOnlineIds()
  const width = useViewportWidth()
  const free = useVisualViewport(phone)
  if (!me || users.length === 0) return null
  const shown = phone ? users.filter((u) => u.isChatOpen).slice(-1) : fittingWindows(users, width)
  // On a phone the window fills what the keyboard leaves of the screen.
  const style = phone && free ? ({ '--chat-top': `${free.top}px`, '--chat-height': `${free.height}px` } as CSSProperties) : undefined
  return (
    <div className={phone ? 'chat-windows chat-windows--phone' : 'chat-windows'} style={style}>
      {shown.map((u) => (
        <ChatWindow key={u.profileID} user={u} me={me} online={online.has(u.profileID)} phone={phone} />
      ))}
    </div>
  )
}
