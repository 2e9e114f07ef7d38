import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The banner at the top of an inner page, with breadcrumbs. */
export default function PageHeader({ title, intro, crumbs = [] }: { title: string; intro?: ReactNode; crumbs?: { to: string; label: string }[] }) {
  return (
    <header className="page-header">
      <div className="container">
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            {crumbs.map((c) => (
              <li key={c.to}>
                <Link to={c.to}>{c.label}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className="page-header__title">{title}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
      </div>
    </header>
  )
}
