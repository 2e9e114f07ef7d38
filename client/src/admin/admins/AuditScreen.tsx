import { Fragment, useState } from 'react'
import { pageArgs } from '../api'
import { fmtDateTime } from '../dates'
import { useCan } from '../permissions'
import type { AuditFilter } from '../types'
import { AdminPage, DayRangeFields, dayRangeProblem, FilterBar, KeyValues, ListPager, PAGE_SIZE, QueryStatus, TableCard, useListParams } from '../ui'
import { useListAdminsQuery, useListAuditQuery } from './api'

/** The audit filters in the address. */
const FILTERS = ['adminId', 'action', 'object', 'objectId', 'from', 'to'] as const

/** The audit log (superadmin): filters (admin, action, object, id, date range), paging, each row's detail as key/value pairs. */
export default function AuditScreen() {
  const can = useCan()
  const { page, get, apply, query } = useListParams()
  const admins = useListAdminsQuery(undefined, { skip: !can('admins:manage') })
  const filter: AuditFilter = Object.fromEntries(FILTERS.map((k) => [k, get(k)]))
  const list = useListAuditQuery({ ...filter, ...pageArgs(page, PAGE_SIZE) })
  const [open, setOpen] = useState<number | null>(null)
  const [rangeError, setRangeError] = useState<string | null>(null)
  const items = list.data?.items ?? []
  const adminChoices = admins.data?.items ?? []

  return (
    <AdminPage title="Audit log" intro="Every change an admin makes, and every opening of private member data, newest first.">
      <FilterBar
        key={query}
        label="Filter the audit log"
        onSubmit={(v) => {
          const problem = dayRangeProblem(v.from, v.to)
          setRangeError(problem)
          if (problem) return
          apply(Object.fromEntries(FILTERS.map((k) => [k, v[k] ?? ''])))
        }}
      >
        <div className="field field--compact">
          <label htmlFor="audit-admin">Admin</label>
          {adminChoices.length ? (
            <select id="audit-admin" name="adminId" defaultValue={filter.adminId}>
              <option value="">Anyone</option>
              {adminChoices.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.email}
                </option>
              ))}
            </select>
          ) : (
            <input id="audit-admin" name="adminId" inputMode="numeric" placeholder="Admin ID" defaultValue={filter.adminId} />
          )}
        </div>
        <div className="field field--compact">
          <label htmlFor="audit-action">Action</label>
          <input id="audit-action" name="action" placeholder="e.g. member.view" defaultValue={filter.action} />
        </div>
        <div className="field field--compact">
          <label htmlFor="audit-object">Object</label>
          <input id="audit-object" name="object" placeholder="e.g. member" defaultValue={filter.object} />
        </div>
        <div className="field field--compact">
          <label htmlFor="audit-object-id">Object ID</label>
          <input id="audit-object-id" name="objectId" defaultValue={filter.objectId} />
        </div>
        <DayRangeFields idPrefix="audit" from={filter.from} to={filter.to} error={rangeError} />
      </FilterBar>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No audit rows match" />
      {items.length > 0 && (
        <>
          <TableCard label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">Object</th>
                <th scope="col">Object ID</th>
                <th scope="col">IP</th>
                <th scope="col">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <Fragment key={r.id}>
                  <tr>
                    <td className="admin-nowrap">{fmtDateTime(r.at)}</td>
                    <td className="admin-break">{r.admin.email}</td>
                    <td>
                      <code>{r.action}</code>
                    </td>
                    <td>{r.object}</td>
                    <td>{r.objectId || '—'}</td>
                    <td className="admin-nowrap">{r.ip || '—'}</td>
                    <td>
                      <button type="button" className="btn btn--outline btn--sm" aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)} aria-label={`Details of ${r.action} at ${fmtDateTime(r.at)}`}>
                        {open === r.id ? 'Hide' : 'Details'}
                      </button>
                    </td>
                  </tr>
                  {open === r.id && (
                    <tr className="admin-table__form-row">
                      <td colSpan={7}>
                        <KeyValues data={r.detail} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </TableCard>
          <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />
        </>
      )}
    </AdminPage>
  )
}
