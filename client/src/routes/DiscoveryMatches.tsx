import MatchListScreen from '../features/discovery/MatchListScreen'

/** /matches/discovery: a wider look beyond the closest matches. */
export default function DiscoveryMatches() {
  return <MatchListScreen kind="discovery" />
}
