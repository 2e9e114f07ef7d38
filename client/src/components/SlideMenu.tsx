import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { Link, NavLink } from 'react-router'
import Icon from './Icon'
import PlanSummary from './PlanSummary'
import SocialLinks from './SocialLinks'
import { telHref } from './shellTypes'
import type { HeaderMember, NavGroup, NavItem, ShellSettings } from './shellTypes'

/** The logged-in content of the slide-out menu. */
export interface SlideMemberMenu {
  member: HeaderMember | null
  groups: NavGroup[]
  profileLinks: NavItem[]
  onLogout?: () => void
}

interface SlideMenuProps {
  open: boolean
  onClose: () => void
  settings: ShellSettings | null
  brand: string
  nav: NavItem[]
  /** The button that opened the menu gets the focus back on close. */
  returnFocusTo?: RefObject<HTMLElement | null>
  /** When logged in: the member menu groups, plan summary and Logout instead of the public links. */
  memberMenu?: SlideMemberMenu
}

const FOCUSABLE = 'a[href], button:not([disabled]), summary, input, select, textarea, [tabindex]:not([tabindex="-1"])'

/** The slide-out panel: navigation (public, or the member groups), the Chennai office address, contacts and social links. Traps focus; Escape closes. */
export default function SlideMenu({ open, onClose, settings, brand, nav, returnFocusTo, memberMenu }: SlideMenuProps) {
  const panel = useRef<HTMLDivElement>(null)
  const closeBtn = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const opener = returnFocusTo?.current
    closeBtn.current?.focus()
    const prevOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        onClose()
        return
      }
      if (e.key !== 'Tab' || !panel.current) return
      // Links inside a closed group are not focusable: keep only what is rendered.
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0)
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (e.shiftKey && (document.activeElement === first || !panel.current.contains(document.activeElement))) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (document.activeElement === last || !panel.current.contains(document.activeElement))) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = prevOverflow
      opener?.focus()
    }
  }, [open, onClose, returnFocusTo])

  const addr = settings?.officeAddress
  return (
    <div className={'slide-menu' + (open ? ' is-open' : '')} hidden={!open}>
      <div className="slide-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="slide-menu__panel" ref={panel} role="dialog" aria-modal="true" aria-labelledby="slide-menu-title" id="slide-menu">
        <div className="slide-menu__head">
          <h2 id="slide-menu-title" className="slide-menu__title">
            {brand} Matrimony
          </h2>
          <button ref={closeBtn} type="button" className="icon-btn" onClick={onClose} aria-label="Close menu">
            <Icon name="close" size={22} />
          </button>
        </div>
        {memberMenu ? (
          <nav aria-label="Menu" className="slide-menu__nav slide-menu__nav--member">
            {memberMenu.member && (
              <div className="slide-menu__member">
                <p className="slide-menu__member-name">
                  {memberMenu.member.userName} <span className="muted small">{memberMenu.member.profileID}</span>
                </p>
                <PlanSummary member={memberMenu.member} className="plan-summary plan-summary--menu" />
              </div>
            )}
            {[...memberMenu.groups, { label: 'My profile', items: memberMenu.profileLinks }].map((g) => (
              <details key={g.label} className="slide-menu__group">
                <summary>{g.label}</summary>
                <ul>
                  {g.items.map((n) => (
                    <li key={n.to + n.label}>
                      <NavLink to={n.to} end>
                        {n.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
            <div className="slide-menu__auth">
              <button type="button" className="btn btn--outline" onClick={memberMenu.onLogout}>
                Logout
              </button>
            </div>
          </nav>
        ) : (
          <nav aria-label="Menu" className="slide-menu__nav">
            <ul>
              {nav.map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} end={n.to === '/'}>
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="slide-menu__auth">
              <Link className="btn btn--outline" to="/login">
                Login
              </Link>
              <Link className="btn btn--primary" to="/register">
                Register free
              </Link>
            </div>
          </nav>
        )}
        <section className="slide-menu__section" aria-labelledby="slide-office">
          <h3 id="slide-office">Our office</h3>
          {addr ? (
            <address className="address">
              <Icon name="location" size={18} />
              <span>
                {addr.line1}
                {addr.line2 && (
                  <>
                    <br />
                    {addr.line2}
                  </>
                )}
                <br />
                {addr.city} {addr.pincode}, {addr.state}
                <br />
                {addr.country}
              </span>
            </address>
          ) : (
            <p className="muted">Chennai, Tamil Nadu</p>
          )}
        </section>
        {settings && (
          <section className="slide-menu__section" aria-labelledby="slide-contact">
            <h3 id="slide-contact">Talk to us</h3>
            <ul className="contact-list">
              {settings.contactNo.map((n) => (
                <li key={n}>
                  <a href={telHref(n)}>
                    <Icon name="phone" size={16} /> {n}
                  </a>
                </li>
              ))}
              <li>
                <a href={`mailto:${settings.supportEmail}`}>
                  <Icon name="mail" size={16} /> {settings.supportEmail}
                </a>
              </li>
            </ul>
            <SocialLinks settings={settings} brand={brand} className="social social--menu" />
          </section>
        )}
      </div>
    </div>
  )
}
