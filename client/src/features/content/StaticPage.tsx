import Markdown from '../../components/Markdown'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { ErrorState, Skeleton } from '../../components/States'
import { asApiError } from '../../api/api'
import { formatDate } from '../../lib/format'
import { useGetPageQuery } from './api'
import type { PageKey } from './types'

interface StaticPageProps {
  pageKey: PageKey
  /** Shown while loading and used for the document title. */
  title: string
  description: string
}

/** A content page from GET common/page/{key}. */
export default function StaticPage({ pageKey, title, description }: StaticPageProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetPageQuery(pageKey)
  const heading = data?.title || title
  return (
    <>
      <Seo title={title} description={description} />
      <PageHeader title={heading} />
      <section className="container section">
        <article className="content-card narrow">
          {isLoading ? (
            <Skeleton lines={10} />
          ) : error ? (
            <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
          ) : data ? (
            <>
              <Markdown body={data.body} />
              {data.updatedAt && <p className="muted small">Last updated: {formatDate(data.updatedAt)}</p>}
            </>
          ) : null}
          {isFetching && !isLoading && <span className="sr-only">Refreshing…</span>}
        </article>
      </section>
    </>
  )
}
