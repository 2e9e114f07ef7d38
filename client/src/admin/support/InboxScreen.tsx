import { Link } from 'react-router'
import { pageArgs } from '../api'
import { fmtDate } from '../dates'
import { ADMIN } from '../permissions'
import type { ContactStatus } from '../types'
import { AdminPage, AuditNote, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, useListParams } from '../ui'
import { useListContactQuery } from './api'

const TABS: { value: ContactStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'answered', label: 'Answered' },
]

/** The contact-us inbox: new / assigned / answered, and only the admin's own ("mine"). */
export default function InboxScreen() {
  const { page, get, set } = useListParams()
  const status = get('status') as ContactStatus | ''
  const mine = get('mine') === '1'
  const list = useListContactQuery({ status, mine, ...pageArgs(page, PAGE_SIZE) })
  const items = list.data?.items ?? []

  return (
    <AdminPage title="Contact inbox" intro={<AuditNote>Opening a message is recorded in the audit log.</AuditNote>}>
      <div className="admin-toolbar">
        <nav className="admin-tabs" aria-label="Message status">
          {TABS.map((t) => (
            <button key={t.label} type="button" className={'admin-tab' + (t.value === status ? ' is-current' : '')} aria-pressed={t.value === status} onClick={() => set('status', t.value)}>
              {t.label}
            </button>
          ))}
        </nav>
        <label className="admin-check">
          <input type="checkbox" checked={mine} onChange={(e) => set('mine', e.target.checked ? '1' : '')} /> Only mine
        </label>
      </div>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No messages here" />
      {items.length > 0 && (
        <>
          <TableCard label="Messages">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">From</th>
                <th scope="col">Status</th>
                <th scope="col">Assigned to</th>
                <th scope="col">Received</th>
                <th scope="col">Answered</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id} className={c.status === 'new' ? 'is-unread' : undefined}>
                  <td>
                    <Link to={ADMIN.contactMessage(c.id)}>{c.subject || '(no subject)'}</Link>
                  </td>
                  <td>{c.name}</td>
                  <td>
                    <StatusPill value={c.status} />
                  </td>
                  <td>{c.assignedTo?.name ?? '—'}</td>
                  <td className="admin-nowrap">{fmtDate(c.createdAt)}</td>
                  <td className="admin-nowrap">{fmtDate(c.answeredAt)}</td>
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
