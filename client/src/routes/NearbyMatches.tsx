import MatchListScreen from '../features/discovery/MatchListScreen'

/** /matches/nearby-matches: matches living near the viewer, with a distance band. */
export default function NearbyMatches() {
  return <MatchListScreen kind="nearby" />
}
