import MemberListScreen from '../features/lists/MemberListScreen'

/** /dont-show-profiles: the members the viewer marked "don't show", with Show again. */
export default function DontShowProfiles() {
  return <MemberListScreen kind="dont-show" />
}
