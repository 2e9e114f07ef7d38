import { Link } from 'react-router'
import { reportReasonWords } from '../../lib/reportReasons'
import { pageArgs } from '../api'
import { fmtDate } from '../dates'
import { ADMIN, useCan } from '../permissions'
import { AdminPage, AuditNote, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, useListParams } from '../ui'
import { useListReportsQuery } from './api'

/** Reports: the open queue (closed beside it); a report opens with the profile and the chat excerpt. */
export default function ReportsScreen() {
  const can = useCan()
  const { page, get, set } = useListParams()
  const status = get('status') === 'closed' ? 'closed' : 'open'
  const list = useListReportsQuery({ status, ...pageArgs(page, PAGE_SIZE) })
  const items = list.data?.items ?? []

  return (
    <AdminPage title="Reports" intro={can('reports:view') ? <AuditNote>Opening a report is recorded in the audit log.</AuditNote> : undefined}>
      <nav className="admin-tabs" aria-label="Report status">
        {(['open', 'closed'] as const).map((s) => (
          <button key={s} type="button" className={'admin-tab' + (s === status ? ' is-current' : '')} aria-pressed={s === status} onClick={() => set('status', s === 'open' ? '' : s)}>
            {s === 'open' ? 'Open' : 'Closed'}
          </button>
        ))}
      </nav>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle={status === 'open' ? 'No open reports' : 'No closed reports'} />
      {items.length > 0 && (
        <>
          <TableCard label="Reports">
            <thead>
              <tr>
                <th scope="col">Report</th>
                <th scope="col">Kind</th>
                <th scope="col">Reason</th>
                <th scope="col">Reported member</th>
                <th scope="col">Reported by</th>
                <th scope="col">Filed</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td>{can('reports:view') ? <Link to={ADMIN.report(r.id)}>Report #{r.id}</Link> : `#${r.id}`}</td>
                  <td>{r.kind === 'chat' ? 'Chat' : 'Profile'}</td>
                  <td>{reportReasonWords(r.reason)}</td>
                  <td>
                    {r.reported.name} <span className="admin-muted">{r.reported.profileId}</span> <StatusPill value={r.reported.status} />
                  </td>
                  <td>
                    {r.reporter.name} <span className="admin-muted">{r.reporter.profileId}</span>
                  </td>
                  <td className="admin-nowrap">{fmtDate(r.createdAt)}</td>
                  <td>{r.outcome || '—'}</td>
                </tr>
              ))}
            </tbody>
          </TableCard>
          <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />
        </>
      )}
    </AdminPage>
  )
}
