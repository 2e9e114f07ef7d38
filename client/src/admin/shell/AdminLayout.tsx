import { Suspense, useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { config } from '../../app/config'
import { adminApi, useAdminDispatch, useAdminLogoutMutation } from '../api'
import { navFor } from '../permissions'
import { endAdminSession } from '../session'
import type { Me } from '../types'
import { AdminBoot } from './AdminBoot'

/** Role names as people say them. */
export function roleWords(roles: string[]): string {
  return roles.map((r) => r.charAt(0).toUpperCase() + r.slice(1)).join(', ') || 'No role'
}

/**
 * The back office's own layout (none of the member site's header, footer or chat): a left navigation from 1024 px,
 * a top bar with a Menu button under that; the admin's name, roles and Logout; then the screen.
 */
export default function AdminLayout({ me }: { me: Me }) {
  const dispatch = useAdminDispatch()
  const location = useLocation()
  const [logout, { isLoading: leaving }] = useAdminLogoutMutation()
  // The menu (narrow screens) is open on the page it was opened on: any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null)
  const menuOpen = menuOpenAt === location.key
  const groups = navFor(me)

  const onLogout = async () => {
    // The server ends the session; whatever it answers, this tab forgets it.
    await logout().catch(() => undefined)
    endAdminSession('logout')
    dispatch(adminApi.util.resetApiState())
  }

  return (
    <div className="admin-shell">
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      <aside className="admin-side">
        <div className="admin-side__top">
          <p className="admin-brand">
            {config.brandName} <span>Admin</span>
          </p>
          <button
            type="button"
            className="admin-menu-btn btn btn--outline btn--sm"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
          >
            Menu
          </button>
        </div>
        <nav id="admin-nav" className={'admin-nav' + (menuOpen ? ' is-open' : '')} aria-label="Back office">
          {groups.map((g) => (
            <div key={g.label} className="admin-nav__group">
              <p className="admin-nav__label">{g.label}</p>
              <ul>
                {g.items.map((i) => (
                  <li key={i.to}>
                    <NavLink to={i.to} end={i.end} className={({ isActive }) => 'admin-nav__link' + (isActive ? ' is-current' : '')}>
                      {i.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="admin-body">
        <header className="admin-topbar">
          <p className="admin-topbar__who">
            <strong>{me.name || me.email}</strong>
            <span className="admin-muted"> · {roleWords(me.roles)}</span>
          </p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onLogout()} disabled={leaving}>
            Logout
          </button>
        </header>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Suspense fallback={<AdminBoot />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  )
}
