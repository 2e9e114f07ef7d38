import { useCallback, useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import Header from '../../components/Header'
import Footer from '../../components/Footer'
import BackToTop from '../../components/BackToTop'
import { useAppSelector } from '../hooks'
import { selectSiteSettings } from '../../features/common/commonSlice'
import { selectIsLoggedIn } from '../../features/account/accountSlice'
import { footerPlanLinks } from '../../features/plans/anchors'
import { useScrollThresholds } from '../shell/useScrollThresholds'
import { config } from '../config'

/** The normal layout: header, slide-out menu, page, footer, back-to-top. */
export default function MainLayout() {
  const settings = useAppSelector(selectSiteSettings)
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  const brand = settings?.brandName || config.brandName
  const { headerActive, headerScrolled, showBackToTop } = useScrollThresholds()
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()

  // The slide-out menu closes on every route change.
  useEffect(() => {
    setMenuOpen(false)
  }, [location.key])

  const openMenu = useCallback(() => setMenuOpen(true), [])
  const closeMenu = useCallback(() => setMenuOpen(false), [])

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header brand={brand} settings={settings} active={headerActive} scrolled={headerScrolled} menuOpen={menuOpen} onMenuOpen={openMenu} onMenuClose={closeMenu} />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer brand={brand} settings={settings} isLoggedIn={isLoggedIn} planLinks={footerPlanLinks(brand)} />
      <BackToTop visible={showBackToTop} />
    </div>
  )
}
