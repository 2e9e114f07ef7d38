import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { fetchWebAdminBlogs } from '../api/webAdmin'
import type { WebAdminBlog } from '../api/webAdmin'
import { blogPath } from '../lib/slugify'
import Icon from './Icon'
import Logo from './Logo'
import SocialLinks from './SocialLinks'
import { telHref } from './shellTypes'
import type { NavItem, ShellSettings } from './shellTypes'

interface FooterProps {
  brand: string
  settings: ShellSettings | null
  isLoggedIn: boolean
  planLinks: { name: string; to: string }[]
}

/** The site footer; loads the blog titles from GET /api/blogs on mount (a failure is only logged, spec §8). */
export default function Footer({ brand, settings, isLoggedIn, planLinks }: FooterProps) {
  const [blogs, setBlogs] = useState<WebAdminBlog[]>([])
  useEffect(() => {
    const ctrl = new AbortController()
    fetchWebAdminBlogs(ctrl.signal)
      .then((list) => setBlogs(list.slice(0, 9)))
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return
        console.error('Footer: could not load blog titles', err)
      })
    return () => ctrl.abort()
  }, [])

  const explore: NavItem[] = [
    ...(isLoggedIn ? [{ to: '/search/basic', label: 'Search Profile' }] : []),
    { to: '/success-stories', label: 'Success Stories' },
    { to: '/contact-us', label: 'Help' },
    { to: '/faq', label: 'FAQs' },
    { to: '/blogs', label: 'Our Blogs' },
  ]
  const company: NavItem[] = [
    { to: '/about-us', label: 'About us' },
    { to: '/terms-and-use', label: 'Terms and Use' },
    { to: '/privacy', label: 'Privacy Policy' },
    { to: '/return-and-cancellation', label: 'Return & Cancellation' },
  ]
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="footer-cta">
        <div className="container footer-cta__inner">
          {isLoggedIn ? (
            <>
              <div>
                <p className="footer-cta__title">Families answer complete profiles</p>
                <p className="footer-cta__text">Add your photos, faith and family details, and set your partner preferences for better matches.</p>
              </div>
              <Link to="/edit-profile" className="btn btn--gold">
                Improve your profile
              </Link>
            </>
          ) : (
            <>
              <div>
                <p className="footer-cta__title">Begin your journey towards a blessed marriage</p>
                <p className="footer-cta__text">Registration is free. Your photos and contact details stay private until you choose to share them.</p>
              </div>
              <Link to="/register" className="btn btn--gold">
                Join us today
              </Link>
            </>
          )}
        </div>
      </div>
      <div className="container footer-main">
        <div className="footer-col footer-about">
          <Logo brand={brand} />
          <p>A matrimony service only for Christian brides and grooms in India and their families — built on faith, privacy and respect.</p>
          <SocialLinks settings={settings} brand={brand} className="social social--footer" />
        </div>
        <nav className="footer-col" aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="footer-heading">Explore</h2>
          <ul className="footer-links">
            {explore.map((l) => (
              <li key={l.label}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">Company</h2>
          <ul className="footer-links">
            {company.map((l) => (
              <li key={l.label}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-plans">
          <h2 id="footer-plans" className="footer-heading">Membership plans</h2>
          <ul className="footer-links footer-plans">
            {planLinks.map((p) => (
              <li key={p.name}>
                <Link to={p.to}>{p.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="footer-col" aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer-heading">Support</h2>
          {settings ? (
            <ul className="footer-links footer-contacts">
              {settings.contactNo.map((n) => (
                <li key={n}>
                  <a href={telHref(n)}>
                    <Icon name="phone" size={14} /> {n}
                  </a>
                </li>
              ))}
              <li>
                <a href={`mailto:${settings.supportEmail}`}>
                  <Icon name="mail" size={14} /> {settings.supportEmail}
                </a>
              </li>
              {settings.whatsapp && (
                <li>
                  <a href={settings.whatsapp} target="_blank" rel="noopener noreferrer">
                    <Icon name="whatsapp" size={14} /> WhatsApp us
                  </a>
                </li>
              )}
            </ul>
          ) : (
            <p className="muted-light">Mon–Sat, 9:30 am – 6:30 pm IST</p>
          )}
        </section>
      </div>
      {blogs.length > 0 && (
        <nav className="container footer-blogs" aria-labelledby="footer-blogs-title">
          <h2 id="footer-blogs-title" className="footer-heading">From our blog</h2>
          <ul className="footer-blog-grid" data-testid="footer-blog-grid">
            {blogs.map((b) => (
              <li key={b.id ?? b.title}>
                <Link to={blogPath(b)}>{b.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p>
            © {year} {brand} Matrimony. All rights reserved.
          </p>
          <p>Made with care in Chennai for Christian families across India.</p>
        </div>
      </div>
    </footer>
  )
}
