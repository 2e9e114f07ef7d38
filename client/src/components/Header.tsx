import { useRef } from 'react'
import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import Dropdown from './Dropdown'
import Icon from './Icon'
import Logo from './Logo'
import MemberPhoto from './MemberPhoto'
import PlanSummary from './PlanSummary'
import SlideMenu from './SlideMenu'
import SocialLinks from './SocialLinks'
import { MEMBER_MENU, PROFILE_MENU, PUBLIC_NAV, telHref } from './shellTypes'
import type { HeaderMember, ShellSettings } from './shellTypes'

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
  /** Logged in: the member's name, photo and plan; swaps in the logged-in header (spec §2). */
  member?: HeaderMember | null
  /** True while a stored session waits for GET profile: the member header shows without details. */
  isLoggedIn?: boolean
  onLogout?: () => void
  /** The member's notification bell (the app's layout passes it: its data is the notifications' own). */
  bell?: ReactNode
}

/** The logged-out or logged-in header (swapped by login state): contact strip, brand, navigation, menus and the slide-out toggles. */
export default function Header({ brand, settings, active, scrolled, menuOpen, onMenuOpen, onMenuClose, member, isLoggedIn, onLogout, bell }: HeaderProps) {
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
          {isLoggedIn ? (
            <MemberNav member={member ?? null} />
          ) : (
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
          )}
          <div className="site-header__actions">
            {!isLoggedIn && (
              <>
                <Link to="/login" className="btn btn--ghost btn--sm header-login">
                  Login
                </Link>
                <Link to="/register" className="btn btn--primary btn--sm header-register">
                  Register
                </Link>
              </>
            )}
            {isLoggedIn && bell}
            {isLoggedIn && <ProfileMenu member={member ?? null} onLogout={onLogout} />}
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
              className={'icon-btn hamburger' + (isLoggedIn ? ' hamburger--member' : '')}
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
      <SlideMenu
        open={menuOpen}
        onClose={onMenuClose}
        settings={settings}
        brand={brand}
        nav={PUBLIC_NAV}
        returnFocusTo={lastToggle}
        memberMenu={isLoggedIn ? { member: member ?? null, groups: MEMBER_MENU, profileLinks: PROFILE_MENU, onLogout } : undefined}
      />
    </>
  )
}

/** The logged-in main menu: the spec §2 groups as dropdowns, then the plan summary (wide screens). */
function MemberNav({ member }: { member: HeaderMember | null }) {
  return (
    <>
      <nav className="member-nav" aria-label="Main">
        <ul>
          {MEMBER_MENU.map((g) => (
            <li key={g.label}>
              <Dropdown button={g.label}>
                <ul className="menu-list">
                  {g.items.map((i) => (
                    <li key={i.to + i.label}>
                      <NavLink to={i.to} end>
                        {i.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </Dropdown>
            </li>
          ))}
        </ul>
      </nav>
      {member && <PlanSummary member={member} className="plan-summary plan-summary--header" />}
    </>
  )
}

/** The profile dropdown: who is signed in, the spec §2 profile links and Logout. */
function ProfileMenu({ member, onLogout }: { member: HeaderMember | null; onLogout?: () => void }) {
  const name = member?.userName ?? 'My account'
  return (
    <Dropdown
      className="profile-menu"
      alignEnd
      buttonLabel={`Profile menu of ${name}`}
      button={<MemberPhoto src={member?.photoUrl} gender={member?.gender} alt="" size={36} className="profile-menu__avatar" />}
    >
      <div className="profile-menu__head">
        <strong>{name}</strong>
        {member && <span className="muted small">{member.profileID}</span>}
      </div>
      <ul className="menu-list">
        {PROFILE_MENU.map((i) => (
          <li key={i.to}>
            <NavLink to={i.to} end>
              {i.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="menu-list__button" onClick={onLogout}>
            Logout
          </button>
        </li>
      </ul>
    </Dropdown>
  )
}
