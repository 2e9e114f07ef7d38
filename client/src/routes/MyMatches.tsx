import MatchListScreen from '../features/discovery/MatchListScreen'

/** /matches/my-matches: the members who fit the viewer's partner preferences. */
export default function MyMatches() {
  return <MatchListScreen kind="my" />
}
