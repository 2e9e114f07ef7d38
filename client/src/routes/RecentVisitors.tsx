import MemberListScreen from '../features/lists/MemberListScreen'

/** /recent-visitors and /matches/recent-visitors: the members who opened the viewer's profile recently. */
export default function RecentVisitors() {
  return <MemberListScreen kind="recent-visitors" />
}
