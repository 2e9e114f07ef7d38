import { useRef } from 'react'
import { Link, NavLink } from 'react-router'
import Icon from './Icon'
import Logo from './Logo'
import SlideMenu from './SlideMenu'
import SocialLinks from './SocialLinks'
import { PUBLIC_NAV, telHref } from './shellTypes'
import type { ShellSettings } from './shellTypes'

interface HeaderProps {
  brand: string
  settings: ShellSettings | null
  /** Scrolled 200 px or more: sticky "active" style. */
  active: boolean
  /** Scrolled 400 px or more: the compact scroll effect. */
  scrolled: boolean
  menuOpen: boolean
  onMenuOpen: () => void
  onMenuClose: () => void
}

/** The logged-out header: contact strip, brand, navigation and the slide-out menu toggles. */
export default function Header({ brand, settings, active, scrolled, menuOpen, onMenuOpen, onMenuClose }: HeaderProps) {
  const lastToggle = useRef<HTMLButtonElement | null>(null)
  const burger = useRef<HTMLButtonElement>(null)
  const info = useRef<HTMLButtonElement>(null)
  const open = (btn: HTMLButtonElement | null) => {
    lastToggle.current = btn
    onMenuOpen()
  }
  return (
    <>
      <div className="topbar">
        <div className="container topbar__inner">
          <ul className="topbar__contacts" aria-label="Support contacts">
            {(settings?.contactNo ?? []).map((n, i) => (
              <li key={n} className={i > 0 ? 'topbar__extra' : undefined}>
                <a href={telHref(n)}>
                  <Icon name="phone" size={14} />
                  <span>{n}</span>
                </a>
              </li>
            ))}
            {settings && (
              <li>
                <a href={`mailto:${settings.supportEmail}`}>
                  <Icon name="mail" size={14} />
                  <span className="topbar__email">{settings.supportEmail}</span>
                </a>
              </li>
            )}
          </ul>
          <SocialLinks settings={settings} brand={brand} className="social social--topbar" />
        </div>
      </div>
      <header className={'site-header' + (active ? ' active' : '') + (scrolled ? ' is-scrolled' : '')}>
        <div className="container site-header__inner">
          <Logo brand={brand} compact={scrolled} />
          <nav className="main-nav" aria-label="Main">
            <ul>
              {PUBLIC_NAV.map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} end={n.to === '/'}>
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            <Link to="/login" className="btn btn--ghost btn--sm header-login">
              Login
            </Link>
            <Link to="/register" className="btn btn--primary btn--sm header-register">
              Register
            </Link>
            <button
              ref={info}
              type="button"
              className="icon-btn info-toggle"
              aria-label="Office address and contacts"
              aria-expanded={menuOpen}
              aria-controls="slide-menu"
              onClick={() => open(info.current)}
            >
              <Icon name="info" size={22} />
            </button>
            <button
              ref={burger}
              type="button"
              className="icon-btn hamburger"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="slide-menu"
              onClick={() => open(burger.current)}
            >
              <Icon name="menu" size={24} />
            </button>
          </div>
        </div>
      </header>
      <SlideMenu open={menuOpen} onClose={onMenuClose} settings={settings} brand={brand} nav={PUBLIC_NAV} returnFocusTo={lastToggle} />
    </>
  )
}
