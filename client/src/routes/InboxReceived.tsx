import MemberListScreen from '../features/lists/MemberListScreen'

/** /inbox/received: pending invitations to the viewer, with Accept and Decline. */
export default function InboxReceived() {
  return <MemberListScreen kind="invitations-received" />
}
