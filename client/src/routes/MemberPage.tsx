import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { NavLink, useLocation } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import { ROUTES } from '../app/routes'

const ACCOUNT_LINKS = [
  { to: ROUTES.myMatrimony, label: 'Dashboard' },
  { to: ROUTES.myProfile, label: 'My Profile' },
  { to: ROUTES.myPhotos, label: 'My Photos' },
  { to: ROUTES.partnerPreferences, label: 'Partner Preference' },
  { to: ROUTES.myAccount, label: 'My Account' },
  { to: ROUTES.contactDetail, label: 'Contact Details' },
  { to: ROUTES.contactFilter, label: 'Contact Filter' },
  { to: ROUTES.emailAlerts, label: 'Email/SMS Alerts' },
  { to: ROUTES.privacyOptions, label: 'Privacy Options' },
  { to: ROUTES.hideDeleteAccount, label: 'Hide or Delete Account' },
]

/** The frame of the account pages: page header, a side menu of the account pages, and the content. */
export default function MemberPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  // On a phone the menu is one scrolling row: bring the current page's entry into view.
  useEffect(() => {
    const ul = list.current
    const active = ul?.querySelector<HTMLElement>('a.active')
    if (ul && active && ul.scrollWidth > ul.clientWidth) ul.scrollLeft = active.offsetLeft - 16
  }, [pathname])
  return (
    <>
      <Seo title={title} description="Your account" />
      <PageHeader title={title} intro={intro} crumbs={title === 'My Matrimony' ? [] : [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]} />
      <div className="container section member-layout">
        <nav className="member-side" aria-label="My account">
          <ul ref={list}>
            {ACCOUNT_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="member-main">{children}</div>
      </div>
    </>
  )
}
