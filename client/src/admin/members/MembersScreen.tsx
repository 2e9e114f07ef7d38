import { Link } from 'react-router'
import { pageArgs } from '../api'
import { fmtDate } from '../dates'
import { ADMIN, useCan } from '../permissions'
import type { MemberStatus } from '../types'
import { AdminPage, FilterBar, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, genderWord, useListParams } from '../ui'
import { useSearchMembersQuery } from './api'

/** The member statuses a search can filter on. */
export const MEMBER_STATUSES: { value: MemberStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'banned', label: 'Banned' },
  { value: 'deleted', label: 'Deleted' },
]

/** Members: search by profile id, name, e-mail or phone, filter by status, twenty a page; a row opens the member. */
export default function MembersScreen() {
  const can = useCan()
  const { page, get, apply, query } = useListParams()
  const q = get('q')
  const status = get('status') as MemberStatus | ''
  const list = useSearchMembersQuery({ q, status, ...pageArgs(page, PAGE_SIZE) })
  const items = list.data?.items ?? []

  return (
    <AdminPage title="Members" intro="E-mail addresses and phone numbers are masked here; opening a member shows them in full.">
      <FilterBar key={query} onSubmit={(v) => apply({ q: v.q, status: v.status })} label="Search members">
        <div className="field field--compact admin-filters__grow">
          <label htmlFor="member-q">Profile ID, name, e-mail or phone</label>
          <input id="member-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="field field--compact">
          <label htmlFor="member-status">Status</label>
          <select id="member-status" name="status" defaultValue={status}>
            <option value="">All</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </FilterBar>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No members match" />
      {items.length > 0 && (
        <>
          <TableCard label="Members">
            <thead>
              <tr>
                <th scope="col">Profile ID</th>
                <th scope="col">Name</th>
                <th scope="col">Gender</th>
                <th scope="col">Status</th>
                <th scope="col">Plan</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Joined</th>
                <th scope="col">Last active</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.profileId}>
                  <td>{can('members:view') ? <Link to={ADMIN.member(m.profileId)}>{m.profileId}</Link> : m.profileId}</td>
                  <td>{m.name}</td>
                  <td>{genderWord(m.gender)}</td>
                  <td>
                    <StatusPill value={m.status} /> {m.hidden && <StatusPill value="hidden" />}
                  </td>
                  <td>{m.plan ?? 'Free'}</td>
                  <td className="admin-break">{m.email}</td>
                  <td className="admin-nowrap">{m.phone}</td>
                  <td className="admin-nowrap">{fmtDate(m.joinedAt)}</td>
                  <td className="admin-nowrap">{fmtDate(m.lastActiveAt)}</td>
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
