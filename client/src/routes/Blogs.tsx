import { useState } from 'react'
import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Pagination from '../components/Pagination'
import Icon from '../components/Icon'
import { EmptyState, ErrorState, SkeletonCards } from '../components/States'
import { BlogCard } from '../features/content/cards'
import { useFilterBlogsQuery } from '../features/content/api'
import { asApiError } from '../api/api'
import { usePageParam } from '../lib/usePageParam'

const PAGE_SIZE = 10

/** /blogs: searchable, 10 per page; the search lives in ?q= so it can be shared. */
export default function Blogs() {
  const page = usePageParam()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [draft, setDraft] = useState(q)
  // The box follows the address (Back, a shared link): a new ?q= replaces what was typed.
  const [draftOf, setDraftOf] = useState(q)
  if (draftOf !== q) {
    setDraftOf(q)
    setDraft(q)
  }
  const { data, error, isLoading, isFetching, refetch } = useFilterBlogsQuery({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, search: q || undefined })

  const onSearch = (e: FormEvent) => {
    e.preventDefault()
    const next = new URLSearchParams()
    if (draft.trim()) next.set('q', draft.trim())
    setParams(next)
  }

  return (
    <>
      <Seo title="Our Blogs" description="Advice for Christian brides, grooms and parents in India: preparing for marriage, meeting families, staying safe online." />
      <PageHeader title="Our Blogs" intro="Guidance for brides, grooms and parents — from the first conversation to the wedding day." />
      <section className="container section" aria-busy={isFetching}>
        <form className="search-bar" role="search" onSubmit={onSearch}>
          <label htmlFor="blog-search" className="sr-only">
            Search blogs
          </label>
          <div className="search-field">
            <Icon name="search" size={18} />
            <input id="blog-search" type="search" placeholder="Search articles" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <button type="submit" className="btn btn--primary">
            Search
          </button>
        </form>
        {q && !isLoading && !error && (
          <p className="muted" aria-live="polite">
            {data?.total ?? 0} result{data?.total === 1 ? '' : 's'} for “{q}”
          </p>
        )}
        {isLoading ? (
          <SkeletonCards count={6} />
        ) : error ? (
          <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
        ) : !data?.items.length ? (
          <EmptyState title={q ? 'No articles match your search.' : 'No articles have been published yet.'} icon="search" />
        ) : (
          <>
            <div className="card-grid">
              {data.items.map((b) => (
                <BlogCard key={b.id} blog={b} headingLevel={2} />
              ))}
            </div>
            <Pagination page={page} total={data.total} pageSize={PAGE_SIZE} label="Blog pages" />
          </>
        )}
      </section>
    </>
  )
}
