import MemberListScreen from '../features/lists/MemberListScreen'

/** /recent-viewed: the profiles the viewer opened recently. */
export default function RecentlyViewed() {
  return <MemberListScreen kind="recently-viewed" />
}
