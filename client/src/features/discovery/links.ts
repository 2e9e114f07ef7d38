import { ROUTES } from '../../app/routes'
import type { TabLink } from '../../components/TabNav'

/** The match screens in the order of the member menu (spec §2 "Matches"). */
export const MATCH_LINKS: TabLink[] = [
  { to: ROUTES.newMatches, label: 'New Matches' },
  { to: ROUTES.todayMatches, label: 'Today Matches' },
  { to: ROUTES.myMatches, label: 'My Matches' },
  { to: ROUTES.nearbyMatches, label: 'Near Me' },
  { to: ROUTES.matchesRecentVisitors, label: 'Recent Visitors' },
  { to: ROUTES.discoveryMatches, label: 'More Matches' },
]

/** The search screens. */
export const SEARCH_LINKS: TabLink[] = [
  { to: ROUTES.searchBasic, label: 'Basic Search' },
  { to: ROUTES.searchAdvance, label: 'Advance Search' },
]
