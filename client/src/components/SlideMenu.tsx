import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { Link, NavLink } from 'react-router'
import Icon from './Icon'
import SocialLinks from './SocialLinks'
import { telHref } from './shellTypes'
import type { NavItem, ShellSettings } from './shellTypes'

interface SlideMenuProps {
  open: boolean
  onClose: () => void
  settings: ShellSettings | null
  brand: string
  nav: NavItem[]
  /** The button that opened the menu gets the focus back on close. */
  returnFocusTo?: RefObject<HTMLElement | null>
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])'

/** The slide-out panel: navigation, the Chennai office address, contacts and social links. Traps focus; Escape closes. */
export default function SlideMenu({ open, onClose, settings, brand, nav, returnFocusTo }: SlideMenuProps) {
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
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE))
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
