import { Link, Outlet } from 'react-router'
import Logo from '../../components/Logo'
import { config } from '../config'

/** The layout for token-action pages (links opened from e-mails): brand bar and the page only. */
export default function MinimalLayout() {
  const year = new Date().getFullYear()
  return (
    <div className="app app--minimal">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="minimal-header">
        <div className="container">
          <Logo brand={config.brandName} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main site-main--minimal">
        <Outlet />
      </main>
      <footer className="minimal-footer">
        <div className="container">
          © {year} {config.brandName} Matrimony · <Link to="/contact-us">Help</Link> · <Link to="/privacy">Privacy Policy</Link>
        </div>
      </footer>
    </div>
  )
}
