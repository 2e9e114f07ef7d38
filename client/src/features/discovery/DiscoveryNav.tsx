import { useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'
import { ROUTES } from '../../app/routes'

/** The match screens in the order of the member menu (spec §2 "Matches"). */
export const MATCH_LINKS = [
  { to: ROUTES.newMatches, label: 'New Matches' },
  { to: ROUTES.todayMatches, label: 'Today Matches' },
  { to: ROUTES.myMatches, label: 'My Matches' },
  { to: ROUTES.nearbyMatches, label: 'Near Me' },
  { to: ROUTES.matchesRecentVisitors, label: 'Recent Visitors' },
  { to: ROUTES.discoveryMatches, label: 'More Matches' },
]

/** The search screens. */
export const SEARCH_LINKS = [
  { to: ROUTES.searchBasic, label: 'Basic Search' },
  { to: ROUTES.searchAdvance, label: 'Advance Search' },
]

/** A row of links between sibling screens (matches, or the two searches); on a phone it scrolls sideways. */
export default function DiscoveryNav({ links, label }: { links: { to: string; label: string }[]; label: string }) {
  const list = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  // On a phone the row scrolls: bring the current screen's link into view.
  useEffect(() => {
    const ul = list.current
    const active = ul?.querySelector<HTMLElement>('a.active')
    if (ul && active && ul.scrollWidth > ul.clientWidth) ul.scrollLeft = active.offsetLeft - 16
  }, [pathname])
  return (
    <nav className="discovery-nav" aria-label={label}>
      <ul ref={list}>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
