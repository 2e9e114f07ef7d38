import TabNav from './TabNav'
import { MEMBER_MENU } from './shellTypes'

/** The inbox screens, as the header's Inbox menu lists them. */
export const INBOX_LINKS = MEMBER_MENU.find((g) => g.label === 'Inbox')?.items ?? []

/** The row of links between the inbox screens (Received, Accepted, Requests, Sent, Contacts, Notifications). */
export default function InboxNav() {
  return <TabNav links={INBOX_LINKS} label="Inbox" className="inbox-nav" />
}
