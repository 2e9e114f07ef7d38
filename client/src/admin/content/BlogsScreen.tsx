import { useState } from 'react'
import { Link } from 'react-router'
import { notifySuccess } from '../../app/notify'
import { pageArgs } from '../api'
import { fmtDate } from '../dates'
import { ADMIN } from '../permissions'
import type { AdminBlog } from '../types'
import { ActionDialog, AdminPage, FilterBar, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, resultError, useListParams } from '../ui'
import { useDeleteBlogMutation, useListBlogsQuery } from './api'

/** Blogs: search, draft/published filter, paging; New blog, edit, delete with a confirmation. */
export default function BlogsScreen() {
  const { page, get, apply, query } = useListParams()
  const q = get('q')
  const status = get('status')
  const list = useListBlogsQuery({ q, status, ...pageArgs(page, PAGE_SIZE) })
  const [remove] = useDeleteBlogMutation()
  const [deleting, setDeleting] = useState<AdminBlog | null>(null)
  const items = list.data?.items ?? []

  const doDelete = async () => {
    if (!deleting) return
    const err = resultError(await remove(deleting.id))
    if (err) return err
    setDeleting(null)
    notifySuccess('Blog deleted')
  }

  return (
    <AdminPage
      title="Blogs"
      intro="Published blogs show on the public site, /blogs and the footer at once."
      actions={
        <Link to={ADMIN.blogNew} className="btn btn--primary btn--sm">
          New blog
        </Link>
      }
    >
      <FilterBar key={query} onSubmit={(v) => apply({ q: v.q, status: v.status })} label="Search blogs">
        <div className="field field--compact admin-filters__grow">
          <label htmlFor="blog-q">Title or tag</label>
          <input id="blog-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="field field--compact">
          <label htmlFor="blog-status">Status</label>
          <select id="blog-status" name="status" defaultValue={status}>
            <option value="">All</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </div>
      </FilterBar>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No blogs match" />
      {items.length > 0 && (
        <>
          <TableCard label="Blogs">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Author</th>
                <th scope="col">Tags</th>
                <th scope="col">Status</th>
                <th scope="col">Published</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to={ADMIN.blog(b.id)}>{b.title}</Link>
                    <br />
                    <span className="admin-muted">/blogs/{b.slug}</span>
                  </td>
                  <td>{b.author}</td>
                  <td>{b.tags.join(', ') || '—'}</td>
                  <td>
                    <StatusPill value={b.status} />
                  </td>
                  <td className="admin-nowrap">{fmtDate(b.publishedAt)}</td>
                  <td className="admin-nowrap">{fmtDate(b.updatedAt)}</td>
                  <td>
                    <div className="admin-actions">
                      <Link to={ADMIN.blog(b.id)} className="btn btn--outline btn--sm">
                        Edit
                      </Link>
                      <button type="button" className="btn btn--danger btn--sm" onClick={() => setDeleting(b)} aria-label={`Delete ${b.title}`}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableCard>
          <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />
        </>
      )}
      <ActionDialog open={deleting !== null} title={`Delete "${deleting?.title ?? ''}"?`} confirmLabel="Delete" danger reason={false} onConfirm={doDelete} onCancel={() => setDeleting(null)}>
        <p>The blog leaves the public site at once and cannot be brought back.</p>
      </ActionDialog>
    </AdminPage>
  )
}
