import { Link } from 'react-router'
import { ADMIN } from '../permissions'

/** An address under /admin that is no screen. */
export default function AdminNotFound() {
  return (
    <section className="admin-page" role="alert">
      <h1 className="admin-page__title">Page not found</h1>
      <p>There is no such page in the back office.</p>
      <p>
        <Link to={ADMIN.home} className="btn btn--outline btn--sm">
          Back to the dashboard
        </Link>
      </p>
    </section>
  )
}
