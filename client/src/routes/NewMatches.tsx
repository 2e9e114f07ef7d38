import MatchListScreen from '../features/discovery/MatchListScreen'

/** /matches/new-matches: members who joined in the last 30 days and fit the viewer's preferences. */
export default function NewMatches() {
  return <MatchListScreen kind="new" />
}
