import MemberListScreen from '../features/lists/MemberListScreen'

/** /matches/discovery/blocked-profile: the members the viewer blocked, with Unblock. */
export default function BlockedProfiles() {
  return <MemberListScreen kind="blocked" />
}
