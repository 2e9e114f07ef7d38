import MatchListScreen from '../features/discovery/MatchListScreen'

/** /matches/daily-recommendations: today's ten recommendations, marked seen when shown. */
export default function TodayMatches() {
  return <MatchListScreen kind="today" />
}
