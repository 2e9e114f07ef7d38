import { Link } from 'react-router'
import { asAdminError, useGetMeQuery } from '../api'
import { useListProofsQuery, useListReportsQuery } from '../moderation/api'
import { useListContactQuery } from '../support/api'
import { ADMIN, navFor, useCan } from '../permissions'
import { AdminPage } from '../ui'

/** One count of the dashboard: its number (from a list's total), loading, or the error with a retry. */
function CountCard({ label, to, linkLabel, query }: { label: string; to: string; linkLabel: string; query: { data?: { total: number }; isLoading: boolean; error?: unknown; refetch: () => unknown } }) {
  return (
    <div className="admin-count">
      <p className="admin-count__label">{label}</p>
      {query.isLoading ? (
        <p className="admin-count__value admin-muted" aria-busy="true">
          …
        </p>
      ) : query.error ? (
        <p className="admin-count__error" role="alert">
          {asAdminError(query.error)?.message}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <p className="admin-count__value">{(query.data?.total ?? 0).toLocaleString('en-IN')}</p>
      )}
      <Link to={to} className="admin-count__link">
        {linkLabel}
      </Link>
    </div>
  )
}

/** The dashboard: the counts this admin may see (pending proofs, open reports, new contact messages) and their screens. */
export default function Dashboard() {
  const can = useCan()
  const { data: me } = useGetMeQuery()
  const proofs = useListProofsQuery({ status: 'pending', skip: 0, limit: 1 }, { skip: !can('proofs:read') })
  const reports = useListReportsQuery({ status: 'open', skip: 0, limit: 1 }, { skip: !can('reports:read') })
  const contact = useListContactQuery({ status: 'new', skip: 0, limit: 1 }, { skip: !can('contact:read') })
  const counts = [
    can('proofs:read') && <CountCard key="p" label="Pending proofs" linkLabel="Review the proofs" to={ADMIN.proofs} query={proofs} />,
    can('reports:read') && <CountCard key="r" label="Open reports" linkLabel="Review the reports" to={ADMIN.reports} query={reports} />,
    can('contact:read') && <CountCard key="c" label="New contact messages" linkLabel="Open the inbox" to={ADMIN.contact} query={contact} />,
  ].filter(Boolean)
  const links = navFor(me)
    .flatMap((g) => g.items)
    .filter((i) => i.to !== ADMIN.home)

  return (
    <AdminPage title="Dashboard" intro={`Welcome, ${me?.name || me?.email || 'admin'}.`}>
      {counts.length > 0 && <div className="admin-counts">{counts}</div>}
      <div className="admin-card">
        <h2 className="admin-card__title">Your work</h2>
        {links.length ? (
          <ul className="admin-quick">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>Your account has no role yet. Ask a superadmin to give you one.</p>
        )}
      </div>
    </AdminPage>
  )
}
