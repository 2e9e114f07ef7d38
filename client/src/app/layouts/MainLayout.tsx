import { Suspense, lazy, useCallback, useMemo, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import Header from '../../components/Header'
import Footer from '../../components/Footer'
import BackToTop from '../../components/BackToTop'
import type { HeaderMember } from '../../components/shellTypes'
import { useAppDispatch, useAppSelector } from '../hooks'
import { selectSiteSettings } from '../../features/common/commonSlice'
import { selectIsLoggedIn, selectProfile } from '../../entities/account'
import type { MemberProfile } from '../../entities/account'
import { logout } from '../../features/account/session'
import NotificationBell from '../../features/notifications/NotificationBell'
import { defaultPhoto, photoUrl } from '../../lib/photos'
import { ROUTES } from '../routes'
import { footerPlanLinks } from '../../features/billing/anchors'
import { useScrollThresholds } from '../shell/useScrollThresholds'
import { config } from '../config'

/** The chat dock (list and windows) loads only for signed-in members. */
const ChatDock = lazy(() => import('../../features/chat/components/ChatDock'))

/** What the header needs from the member's profile summary. */
export function headerMember(p: MemberProfile | null): HeaderMember | null {
  if (!p) return null
  return {
    userName: p.userName,
    profileID: p.profileID,
    gender: p.gender,
    photoUrl: photoUrl(defaultPhoto(p.photos), 'small'),
    plan: p.subscription ? { name: p.subscription.planName, expiresAt: p.subscription.expiresAt } : null,
    prevContactViewPending: p.prevContactViewPending ?? 0,
  }
}

/** The normal layout: header, slide-out menu, page, footer, back-to-top. */
export default function MainLayout() {
  const settings = useAppSelector(selectSiteSettings)
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const profile = useAppSelector(selectProfile)
  const member = useMemo(() => headerMember(profile), [profile])
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const brand = settings?.brandName || config.brandName
  const { headerActive, headerScrolled, showBackToTop } = useScrollThresholds()
  const location = useLocation()
  // The slide-out menu is open on the page it was opened on: any route change closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null)
  const menuOpen = menuOpenAt === location.key

  const openMenu = useCallback(() => setMenuOpenAt(location.key), [location.key])
  const closeMenu = useCallback(() => setMenuOpenAt(null), [])
  // Logout (spec §4): end the session on the server (a request that survives what follows), clear it here, toast, go to the login route.
  const onLogout = useCallback(() => {
    setMenuOpenAt(null)
    void dispatch(logout())
    void navigate(ROUTES.login)
  }, [dispatch, navigate])

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header
        brand={brand}
        settings={settings}
        active={headerActive}
        scrolled={headerScrolled}
        menuOpen={menuOpen}
        onMenuOpen={openMenu}
        onMenuClose={closeMenu}
        isLoggedIn={isLoggedIn}
        member={member}
        onLogout={onLogout}
        bell={isLoggedIn ? <NotificationBell /> : undefined}
      />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer brand={brand} settings={settings} isLoggedIn={isLoggedIn} planLinks={footerPlanLinks(brand)} />
      <BackToTop visible={showBackToTop} />
      {isLoggedIn && profile && (
        <Suspense fallback={null}>
          <ChatDock showList={location.pathname !== ROUTES.chat} />
        </Suspense>
      )}
    </div>
  )
}
