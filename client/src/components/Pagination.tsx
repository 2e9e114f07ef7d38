import { Link, useLocation } from 'react-router'

/** Page links that keep the other query parameters. Pages are 1-based. */
export default function Pagination({ page, total, pageSize, label = 'Pages' }: { page: number; total: number; pageSize: number; label?: string }) {
  const location = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const href = (p: number) => {
    const q = new URLSearchParams(location.search)
    if (p <= 1) q.delete('page')
    else q.set('page', String(p))
    const s = q.toString()
    return location.pathname + (s ? `?${s}` : '')
  }
  const nums: number[] = []
  for (let p = Math.max(1, page - 2); p <= Math.min(pages, page + 2); p++) nums.push(p)
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link className="pagination__link" to={href(page - 1)} rel="prev">
          ‹ Previous
        </Link>
      ) : (
        <span className="pagination__link is-disabled" aria-disabled="true">‹ Previous</span>
      )}
      <ul>
        {nums.map((p) => (
          <li key={p}>
            <Link className={'pagination__num' + (p === page ? ' is-current' : '')} to={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
              {p}
            </Link>
          </li>
        ))}
      </ul>
      {page < pages ? (
        <Link className="pagination__link" to={href(page + 1)} rel="next">
          Next ›
        </Link>
      ) : (
        <span className="pagination__link is-disabled" aria-disabled="true">Next ›</span>
      )}
    </nav>
  )
}
