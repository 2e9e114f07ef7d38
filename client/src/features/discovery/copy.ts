import type { MatchListKind } from '../../entities/member'

/** What each match screen says: its title, the line under it, and its empty state. */
export interface MatchCopy {
  title: string
  /** The meta description. */
  description: string
  /** One line under the page title explaining the list. */
  intro: string
  emptyTitle: string
  emptyText: string
}

/** The words of the match screens; titles follow the member menu of spec §2. */
export const MATCH_COPY: Record<MatchListKind, MatchCopy> = {
  new: {
    title: 'New Matches',
    description: 'Members who joined recently and fit your partner preferences.',
    intro: 'Members who joined in the last 30 days and fit your partner preferences.',
    emptyTitle: 'No new matches yet',
    emptyText: 'New members join every day. Widen your partner preferences to see more of them.',
  },
  my: {
    title: 'My Matches',
    description: 'Members who fit your partner preferences.',
    intro: 'Members who fit your partner preferences, the closest matches first.',
    emptyTitle: 'No matches yet',
    emptyText: 'Widen your partner preferences: every "must match" you relax brings more members in.',
  },
  today: {
    title: 'Today Matches',
    description: 'Up to ten members picked for you today.',
    intro: 'Up to ten members picked for you today. A fresh set arrives tomorrow.',
    emptyTitle: 'No recommendations today',
    emptyText: 'We pick from members who fit your partner preferences. Widen them to get daily recommendations.',
  },
  nearby: {
    title: 'Near Me',
    description: 'Matches who live near you.',
    intro: 'Matches who live near the city in your profile. Distances are shown as a band, never as an exact figure.',
    emptyTitle: 'No matches near you yet',
    emptyText: 'Nobody who fits your partner preferences lives within 50 km of your city yet. Widen your preferences, or see all your matches.',
  },
  discovery: {
    title: 'More Matches',
    description: 'Members beyond your closest matches who may still interest you.',
    intro: 'A wider look: members who meet some of your preferences, not all of them.',
    emptyTitle: 'Nothing more to discover just now',
    emptyText: 'Widen your partner preferences, or try a search with fewer filters.',
  },
}
