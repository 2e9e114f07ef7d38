import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Pagination from '../components/Pagination'
import { EmptyState, ErrorState, SkeletonCards } from '../components/States'
import { StoryCard } from '../features/content/cards'
import StoryForm from '../features/content/StoryForm'
import { useGetStoriesQuery } from '../features/content/api'
import { asApiError } from '../api/api'
import { usePageParam } from '../lib/usePageParam'

const PAGE_SIZE = 10

/** /success-stories: 10 per page, then the share-your-story form. */
export default function SuccessStories() {
  const page = usePageParam()
  const { data, error, isLoading, isFetching, refetch } = useGetStoriesQuery({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE })
  return (
    <>
      <Seo title="Success Stories" description="Real Christian couples from across India who met on our matrimony service and married with their families' blessing." />
      <PageHeader title="Success Stories" intro="Couples who found each other here, and married with their families' blessing." />
      <section className="container section" aria-busy={isFetching}>
        {isLoading ? (
          <SkeletonCards count={6} />
        ) : error ? (
          <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
        ) : !data?.items.length ? (
          <EmptyState title="No success stories have been published yet.">
            <p>Be the first to share yours below.</p>
          </EmptyState>
        ) : (
          <>
            <div className="card-grid">
              {data.items.map((s) => (
                <StoryCard key={s.id} story={s} headingLevel={2} />
              ))}
            </div>
            <Pagination page={page} total={data.total} pageSize={PAGE_SIZE} label="Success story pages" />
          </>
        )}
      </section>
      <section className="section section--tint" id="share-your-story">
        <div className="container narrow content-card">
          <StoryForm />
        </div>
      </section>
    </>
  )
}
