import { useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'

/** One link of a TabNav: the path and the words on it. */
export interface TabLink {
  to: string
  label: string
}

/**
 * A row of links between sibling screens (the account pages, the match lists, the two searches), the current one
 * marked. On a phone the row scrolls sideways, so the current screen's link is brought into view.
 */
export default function TabNav({ links, label, className }: { links: readonly TabLink[]; label: string; className?: string }) {
  const list = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  useEffect(() => {
    const ul = list.current
    const active = ul?.querySelector<HTMLElement>('a.active')
    if (ul && active && ul.scrollWidth > ul.clientWidth) ul.scrollLeft = active.offsetLeft - 16
  }, [pathname])
  return (
    <nav className={'tab-nav' + (className ? ' ' + className : '')} aria-label={label}>
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
