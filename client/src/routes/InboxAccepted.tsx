import MemberListScreen from '../features/lists/MemberListScreen'

/** /inbox/accepted: invitations accepted either way. */
export default function InboxAccepted() {
  return <MemberListScreen kind="invitations-accepted" />
}
