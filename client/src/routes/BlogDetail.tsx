import { Link, useParams, useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Markdown from '../components/Markdown'
import { EmptyState, ErrorState, Skeleton } from '../components/States'
import { useFilterBlogsQuery } from '../features/content/api'
import { asApiError, isMissing } from '../api/api'
import { blogPath } from '../lib/slugify'
import { formatDate } from '../lib/format'

/** /blogs/:uri (by slug) and /blog-detail?blogId= (by id). */
export default function BlogDetail() {
  const { uri } = useParams()
  const [params] = useSearchParams()
  const blogId = params.get('blogId') ?? ''
  // The server wants a numeric id; query strings are text.
  const filter = uri ? { skip: 0, limit: 1, slug: uri } : { skip: 0, limit: 1, id: /^\d+$/.test(blogId) ? Number(blogId) : blogId }
  const missing = !uri && !blogId
  const { data, error, isLoading, refetch } = useFilterBlogsQuery(filter, { skip: missing })
  const blog = data?.items[0]
  return (
    <>
      <Seo
        title={blog?.title ?? 'Blog'}
        description={blog?.summary || 'An article from our Christian matrimony blog.'}
        path={blog ? blogPath(blog) : undefined}
        type="article"
      />
      <PageHeader title={blog?.title ?? (isLoading ? 'Loading article…' : 'Blog')} crumbs={[{ to: '/blogs', label: 'Blogs' }]} />
      <section className="container section">
        <article className="content-card narrow">
          {missing ? (
            <EmptyState title="Which article would you like to read?">
              <Link to="/blogs">See all articles</Link>
            </EmptyState>
          ) : isLoading ? (
            <Skeleton lines={12} />
          ) : error && !isMissing(error) ? (
            <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
          ) : !blog ? (
            <EmptyState title="This article is not available.">
              <Link to="/blogs">See all articles</Link>
            </EmptyState>
          ) : (
            <>
              <p className="article-meta">
                {blog.author && <span>By {blog.author}</span>}
                {blog.publishedAt && <span>{formatDate(blog.publishedAt)}</span>}
                {blog.readMinutes ? <span>{blog.readMinutes} min read</span> : null}
              </p>
              {blog.summary && <p className="lead">{blog.summary}</p>}
              <Markdown body={blog.body} />
              {blog.tags?.length ? (
                <ul className="tags" aria-label="Tags">
                  {blog.tags.map((t) => (
                    <li key={t}>
                      <Link to={`/blogs?q=${encodeURIComponent(t)}`}>#{t}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="btn-row">
                <Link to="/blogs" className="btn btn--outline">
                  ‹ All articles
                </Link>
              </p>
            </>
          )}
        </article>
      </section>
    </>
  )
}
