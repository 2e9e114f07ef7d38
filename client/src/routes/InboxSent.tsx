import MemberListScreen from '../features/lists/MemberListScreen'

/** /inbox/sent: the viewer's invitations and their answers, with Cancel invitation while pending. */
export default function InboxSent() {
  return <MemberListScreen kind="invitations-sent" />
}
